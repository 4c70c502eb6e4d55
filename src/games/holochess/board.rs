//! The 28-square holochess board and its geometry, as tables built at
//! compile time: what each creature type reaches from each square.
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

use std::fmt;
use std::str::FromStr;

pub const RAYS: u8 = 12;

/// One of the 28 squares, stored as an index: O1..O12 are 0..11, M1..M12
/// are 12..23, C1..C4 are 24..27.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// The three rings, from the outside in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ring {
    Outer,
    Middle,
    Centre,
}

impl Square {
    pub const COUNT: usize = 28;

    /// The outer square on `ray`; rays wrap, so `outer(0)` is O12.
    pub const fn outer(ray: i32) -> Square {
        Square(wrap12(ray))
    }

    /// The middle square on `ray`, wrapping like [`Square::outer`].
    pub const fn middle(ray: i32) -> Square {
        Square(RAYS + wrap12(ray))
    }

    /// Centre square `n`, wrapping round the ring of four: `centre(5)` is C1.
    pub const fn centre(n: i32) -> Square {
        Square(2 * RAYS + (n - 1).rem_euclid(4) as u8)
    }

    pub fn from_index(index: usize) -> Option<Square> {
        (index < Self::COUNT).then_some(Square(index as u8))
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    pub const fn ring(self) -> Ring {
        match self.0 {
            0..12 => Ring::Outer,
            12..24 => Ring::Middle,
            _ => Ring::Centre,
        }
    }

    /// The number in the square's name: the ray (1..=12) on the outer and
    /// middle rings, 1..=4 in the centre.
    pub const fn number(self) -> u8 {
        match self.ring() {
            Ring::Outer => self.0 + 1,
            Ring::Middle => self.0 - RAYS + 1,
            Ring::Centre => self.0 - 2 * RAYS + 1,
        }
    }

    /// The centre square that the middle square on `ray` is joined to.
    pub const fn centre_of_ray(ray: i32) -> Square {
        Square::centre(wrap12(ray) as i32 / 3 + 1)
    }

    /// The first of the three rays joined to centre square `n` (the others
    /// follow clockwise).
    const fn first_ray_of_centre(n: i32) -> i32 {
        3 * (n - 1).rem_euclid(4) + 1
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

/// Ray numbers wrap mod 12 into 1..=12; the result is the 0-based index.
const fn wrap12(ray: i32) -> u8 {
    (ray - 1).rem_euclid(RAYS as i32) as u8
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.ring() {
            Ring::Outer => 'O',
            Ring::Middle => 'M',
            Ring::Centre => 'C',
        };
        write!(f, "{letter}{}", self.number())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a square; expected O1..O12, M1..M12 or C1..C4")]
pub struct BadSquare {
    pub text: String,
}

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadSquare {
            text: text.chars().take(12).collect(),
        };
        let mut chars = text.chars();
        let ring = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let digits = chars.as_str();
        // Only plain decimal digits without a leading zero: `u8::from_str`
        // would also take "+5" and "05".
        let plain = !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !plain {
            return Err(bad());
        }
        let number: i32 = digits.parse().map_err(|_| bad())?;
        match (ring, number) {
            ('O', 1..=12) => Ok(Square::outer(number)),
            ('M', 1..=12) => Ok(Square::middle(number)),
            ('C', 1..=4) => Ok(Square::centre(number)),
            _ => Err(bad()),
        }
    }
}

/// A set of squares as a bitmask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u32);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet(0);

    pub fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    pub fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | square.bit())
    }

    pub fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !square.bit())
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Square(index)
            })
        })
    }
}

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
        items: [(Square(0), 0); 6],
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
            .map(|&(to, clear)| (to, SquareSet(clear)))
    }
}

/// Everything a creature can reach from one square, ignoring occupation.
pub struct Geometry {
    /// Orthogonal neighbours: side on the ring, forward, back (seed:
    /// "adjacency"). The Scout's attacks.
    pub orthogonal: [u32; Square::COUNT],
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
    SquareSet(bits)
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
        orthogonal: [0; Square::COUNT],
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
    g.orthogonal[here] = bits(&[o(k - 1), o(k + 1), m(k)]);
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
    g.orthogonal[here] = bits(&[m(k - 1), m(k + 1), o(k), centre]);
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
    g.orthogonal[here] = bits(&[c(n - 1), c(n + 1), m(r), m(r + 1), m(r + 2)]);
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
