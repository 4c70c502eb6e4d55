//! The holochess board's geometry, as tables built at compile time: what
//! each creature type reaches from each square. The squares, their names
//! and their orthogonal neighbours (the seed's "adjacency", where a Scout
//! attacks) are the shared round board's ([`round_board`], the
//! four-centre layout).
//!
//! Squares: the outer ring O1..O12, the middle ring M1..M12 and the centre
//! C1..C4. Ray n holds On and Mn; ray 1 lies just right of 12 o'clock and
//! rays run clockwise, so O12 and O1 meet at the top (as in Space Checkers).
//! Each centre square joins three consecutive middle squares: C1 joins
//! M1-M3, C2 M4-M6, C3 M7-M9, C4 M10-M12, so the centre square is the
//! quarter of the board its three rays point into (seed 003: "each centre
//! square is joined to three consecutive middle squares"; the seed does not
//! say which, see `docs/rules/holochess.md`).
//!
//! This file knows geometry only; which squares are empty, own or enemy is
//! the move generator's business (`moves.rs`).

use crate::round_board::{self, FourCentres, RAYS};

/// One of the 28 squares: O1..O12 are the outer ring, M1..M12 the middle
/// ring, C1..C4 the centre.
pub type Square = round_board::Square<FourCentres>;

/// A set of squares.
pub type SquareSet = round_board::SquareSet<FourCentres>;

/// A short list of (square, squares that must be empty) pairs: the ways a
/// Guardian or Scout moves, or a Guardian attacks, from one square.
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    len: u8,
    items: [(Square, u32); 6],
}

impl Steps {
    const EMPTY: Steps = Steps {
        len: 0,
        items: [(Square::outer(1), 0); 6],
    };

    const fn push(mut self, to: Square, clear: u32) -> Steps {
        self.items[self.len as usize] = (to, clear);
        self.len += 1;
        self
    }

    /// Each way as (target square, mask of squares that must be empty).
    pub fn iter(&self) -> impl Iterator<Item = (Square, SquareSet)> + '_ {
        self.items[..usize::from(self.len)]
            .iter()
            .map(|&(to, clear)| (to, SquareSet::from_bits(clear)))
    }
}

/// Everything a creature can reach from one square, ignoring occupation.
pub struct Geometry {
    /// The Brute's targets: orthogonal and diagonal steps and the warps.
    pub brute: [u32; Square::COUNT],
    /// The Predator's L-jump landings.
    pub predator: [u32; Square::COUNT],
    /// Guardian moves: (destination, path including the destination).
    pub guardian_moves: [Steps; Square::COUNT],
    /// Guardian attacks: (target two squares sideways, the square between).
    pub guardian_attacks: [Steps; Square::COUNT],
    /// Scout moves: (destination two squares straight on, path including it).
    pub scout_moves: [Steps; Square::COUNT],
}

/// The board's geometry, computed at compile time.
pub static GEOMETRY: Geometry = build();

/// The outer squares of each player's home half: seat 0 (light) has the
/// upper half O10..O3, seat 1 (dark) the lower half O4..O9 (seed: "the six
/// in the upper half of the screen are player 1's home"). The horizontal
/// line through the centre falls between rays 3/4 and 9/10.
pub const HOME: [SquareSet; 2] = [home(10), home(4)];

const fn home(first_ray: i32) -> SquareSet {
    let mut bits = 0;
    let mut k = 0;
    while k < 6 {
        bits |= Square::outer(first_ray + k).bit();
        k += 1;
    }
    SquareSet::from_bits(bits)
}

const fn bits(squares: &[Square]) -> u32 {
    let mut mask = 0;
    let mut i = 0;
    while i < squares.len() {
        mask |= squares[i].bit();
        i += 1;
    }
    mask
}

const fn build() -> Geometry {
    let mut g = Geometry {
        brute: [0; Square::COUNT],
        predator: [0; Square::COUNT],
        guardian_moves: [Steps::EMPTY; Square::COUNT],
        guardian_attacks: [Steps::EMPTY; Square::COUNT],
        scout_moves: [Steps::EMPTY; Square::COUNT],
    };
    let mut k = 1;
    while k <= RAYS as i32 {
        outer_square(&mut g, k);
        middle_square(&mut g, k);
        k += 1;
    }
    let mut n = 1;
    while n <= 4 {
        centre_square(&mut g, n);
        n += 1;
    }
    g
}

/// Outer square Ok: forward is Mk; back would leave the board.
const fn outer_square(g: &mut Geometry, k: i32) {
    let here = Square::outer(k).index();
    let (o, m) = (Square::outer, Square::middle);
    // Side, forward, diagonal-forward, and the warps: back (Ok+6) and
    // diagonal-back (the squares opposite Ok-1 and Ok+1).
    g.brute[here] = bits(&[
        o(k - 1),
        o(k + 1),
        m(k),
        m(k - 1),
        m(k + 1),
        o(k + 5),
        o(k + 6),
        o(k + 7),
    ]);
    // Forward 1 + side 2 only: "Outer ring: no back, so the forward L only".
    g.predator[here] = bits(&[m(k - 2), m(k + 2)]);
    g.guardian_moves[here] = Steps::EMPTY
        .push(m(k), m(k).bit())
        .push(o(k - 2), bits(&[o(k - 1), o(k - 2)]))
        .push(o(k + 2), bits(&[o(k + 1), o(k + 2)]));
    g.guardian_attacks[here] = Steps::EMPTY
        .push(o(k - 2), o(k - 1).bit())
        .push(o(k + 2), o(k + 1).bit());
    // "two along the outer ring, or inward through the middle ring to the centre".
    let centre = Square::centre_of_ray(k);
    g.scout_moves[here] = Steps::EMPTY
        .push(o(k - 2), bits(&[o(k - 1), o(k - 2)]))
        .push(o(k + 2), bits(&[o(k + 1), o(k + 2)]))
        .push(centre, bits(&[m(k), centre]));
}

/// Middle square Mk: forward is its centre square, back is Ok.
const fn middle_square(g: &mut Geometry, k: i32) {
    let here = Square::middle(k).index();
    let (o, m) = (Square::outer, Square::middle);
    let centre = Square::centre_of_ray(k);
    // "On the middle ring, diagonals go outward only"; no warp from here.
    g.brute[here] = bits(&[m(k - 1), m(k + 1), o(k), centre, o(k - 1), o(k + 1)]);
    // Forward L: into the centre, two round it = the opposite centre square.
    let opposite = Square::centre(centre.number() as i32 + 2);
    g.predator[here] = bits(&[opposite, o(k - 2), o(k + 2)]);
    g.guardian_moves[here] = Steps::EMPTY
        .push(centre, centre.bit())
        .push(o(k), o(k).bit())
        .push(m(k - 2), bits(&[m(k - 1), m(k - 2)]))
        .push(m(k + 2), bits(&[m(k + 1), m(k + 2)]));
    g.guardian_attacks[here] = Steps::EMPTY
        .push(m(k - 2), m(k - 1).bit())
        .push(m(k + 2), m(k + 1).bit());
    // "Middle ring: two along the middle ring only".
    g.scout_moves[here] = Steps::EMPTY
        .push(m(k - 2), bits(&[m(k - 1), m(k - 2)]))
        .push(m(k + 2), bits(&[m(k + 1), m(k + 2)]));
}

/// Centre square Cn: no forward; back is any of its three middle squares;
/// side is the neighbouring centre squares.
const fn centre_square(g: &mut Geometry, n: i32) {
    let here = Square::centre(n).index();
    let (o, m, c) = (Square::outer, Square::middle, Square::centre);
    let r = Square::first_ray_of_centre(n);
    // Back: the three joined squares; diagonal-back: one further round
    // the middle ring on either side.
    g.brute[here] = bits(&[
        c(n - 1),
        c(n + 1),
        m(r - 1),
        m(r),
        m(r + 1),
        m(r + 2),
        m(r + 3),
    ]);
    // Back 1 to each joined square, then two along the middle ring.
    g.predator[here] = bits(&[m(r - 2), m(r - 1), m(r), m(r + 2), m(r + 3), m(r + 4)]);
    // Side 2 reaches the opposite centre square either way round; both
    // paths are listed, and a move needs one of them clear.
    g.guardian_moves[here] = Steps::EMPTY
        .push(m(r), m(r).bit())
        .push(m(r + 1), m(r + 1).bit())
        .push(m(r + 2), m(r + 2).bit())
        .push(c(n + 2), bits(&[c(n + 1), c(n + 2)]))
        .push(c(n + 2), bits(&[c(n - 1), c(n + 2)]));
    g.guardian_attacks[here] = Steps::EMPTY
        .push(c(n + 2), c(n + 1).bit())
        .push(c(n + 2), c(n - 1).bit());
    // "two around the centre ring, or out through one of the three joined
    // middle squares to the outer square of that bearing".
    g.scout_moves[here] = Steps::EMPTY
        .push(c(n + 2), bits(&[c(n + 1), c(n + 2)]))
        .push(c(n + 2), bits(&[c(n - 1), c(n + 2)]))
        .push(o(r), bits(&[m(r), o(r)]))
        .push(o(r + 1), bits(&[m(r + 1), o(r + 1)]))
        .push(o(r + 2), bits(&[m(r + 2), o(r + 2)]));
}
