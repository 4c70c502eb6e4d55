//! Move generation for Space Checkers: exits, diagonal exits with boosts,
//! returns to the outer orbit, and the captures a diagonal exit makes.

use super::SpaceCheckers;
use super::board::{Square, SquareSet};
use crate::round_board::Ring;
use arrayvec::ArrayVec;

/// A move names where the piece starts and where it finally stops, after any
/// boosts; two paths that end on the same square are the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

/// What a move does, square by square, for drawing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTrace {
    /// Every square the piece visits, from origin to destination.
    pub path: ArrayVec<Square, 12>,
    pub captures: ArrayVec<Square, 2>,
}

/// Clockwise (+1) or counterclockwise (-1) along the orbits.
const DIRECTIONS: [i32; 2] = [1, -1];

/// The seed allows "up to three" boosts in one move.
const MAX_BOOSTS: usize = 3;

pub(super) fn generate(game: &SpaceCheckers, out: &mut Vec<Move>) {
    let mover = game.side_to_move();
    let own = game.pieces(mover);
    let empty = |sq: Square| !game.occupied().contains(sq);
    for from in own.iter() {
        let first = out.len();
        let mut push = |to: Square| {
            let mv = Move { from, to };
            if !out[first..].contains(&mv) {
                out.push(mv);
            }
        };
        match from.ring() {
            Ring::Outer => {
                let ray = i32::from(from.ray().expect("outer squares have rays"));
                if !empty(Square::middle(ray)) {
                    continue;
                }
                push(Square::middle(ray));
                if empty(Square::CORE) {
                    push(Square::CORE);
                }
                if game.first_turn() {
                    continue;
                }
                let own_rest = own.without(from);
                // One call per direction, not a loop over DIRECTIONS: with
                // one codegen unit (the dist profile) LLVM left that loop
                // rolled, `dir` a runtime value, and perft 15% slower.
                diagonal_exits(game, ray, DIRECTIONS[0], own_rest, &mut push);
                diagonal_exits(game, ray, DIRECTIONS[1], own_rest, &mut push);
            }
            Ring::Middle => {
                let ray = i32::from(from.ray().expect("inner squares have rays"));
                if empty(Square::outer(ray)) {
                    push(Square::outer(ray));
                }
            }
            Ring::Centre => {
                for ray in 1..=12 {
                    if empty(Square::middle(ray)) && empty(Square::outer(ray)) {
                        push(Square::outer(ray));
                    }
                }
            }
        }
    }
}

/// The diagonal exits from outer ray `ray` in direction `dir`: one step
/// along the inner orbit, and two when both squares are clear.
#[inline(always)]
fn diagonal_exits(
    game: &SpaceCheckers,
    ray: i32,
    dir: i32,
    own_rest: SquareSet,
    push: &mut impl FnMut(Square),
) {
    let empty = |sq: Square| !game.occupied().contains(sq);
    if !empty(Square::middle(ray + dir)) {
        return;
    }
    let path = DiagonalPath::new(ray, dir, 1);
    push(path.boosted(game, own_rest).to());
    let double_clear = empty(Square::middle(ray + 2 * dir)) && empty(Square::outer(ray + dir));
    if double_clear {
        let path = DiagonalPath::new(ray, dir, 2);
        push(path.boosted(game, own_rest).to());
    }
}

/// A diagonal exit from outer ray `ray`: one step in, then `steps` along the
/// inner orbit in direction `dir`, then any boosts, each two more steps.
#[derive(Clone, Copy)]
struct DiagonalPath {
    ray: i32,
    dir: i32,
    steps: i32,
    boosts: usize,
}

impl DiagonalPath {
    fn new(ray: i32, dir: i32, steps: i32) -> Self {
        DiagonalPath {
            ray,
            dir,
            steps,
            boosts: 0,
        }
    }

    fn landing_ray(self) -> i32 {
        self.ray + self.dir * (self.steps + 2 * self.boosts as i32)
    }

    fn to(self) -> Square {
        Square::middle(self.landing_ray())
    }

    /// Applies the boost rule: landing beside an own piece on the outer orbit
    /// (same ray) pushes the piece two further along, if both squares are
    /// empty; an opponent piece there, or a blocked path, stops it.
    fn boosted(mut self, game: &SpaceCheckers, own_rest: SquareSet) -> Self {
        let occupied = game.occupied();
        while self.boosts < MAX_BOOSTS {
            let at = self.landing_ray();
            let clear = !occupied.contains(Square::middle(at + self.dir))
                && !occupied.contains(Square::middle(at + 2 * self.dir));
            if !own_rest.contains(Square::outer(at)) || !clear {
                break;
            }
            self.boosts += 1;
        }
        self
    }

    fn squares(self) -> impl Iterator<Item = Square> {
        let total = self.steps + 2 * self.boosts as i32;
        std::iter::once(Square::middle(self.ray))
            .chain((1..=total).map(move |k| Square::middle(self.ray + self.dir * k)))
    }
}

/// Whether `mv` is a diagonal exit: only those capture.
fn is_diagonal(mv: Move) -> bool {
    mv.from.ring() == Ring::Outer && mv.to.ring() == Ring::Middle && mv.from.ray() != mv.to.ray()
}

/// The opponent pieces a move captures: those on the inner squares on either
/// side of where a diagonal exit stops.
pub(super) fn captures(game: &SpaceCheckers, mv: Move) -> SquareSet {
    if !is_diagonal(mv) {
        return SquareSet::EMPTY;
    }
    let ray = i32::from(mv.to.ray().expect("inner squares have rays"));
    let beside = SquareSet::EMPTY
        .with(Square::middle(ray - 1))
        .with(Square::middle(ray + 1));
    let opponent = game.pieces(super::Seat(1 - game.side_to_move().0));
    opponent & beside
}

/// The squares a legal move passes through and what it captures.
///
/// # Panics
/// When `mv` is not legal in `game`.
pub fn trace(game: &SpaceCheckers, mv: Move) -> MoveTrace {
    let mut path = ArrayVec::new();
    path.push(mv.from);
    if is_diagonal(mv) {
        let ray = i32::from(mv.from.ray().expect("outer squares have rays"));
        let own_rest = game.pieces(game.side_to_move()).without(mv.from);
        let found = DIRECTIONS
            .into_iter()
            .flat_map(|dir| [1, 2].map(|steps| DiagonalPath::new(ray, dir, steps)))
            .map(|p| p.boosted(game, own_rest))
            .find(|p| p.to() == mv.to)
            .expect("a legal diagonal exit has a path");
        path.extend(found.squares());
    } else {
        if mv.from == Square::CORE {
            let ray = i32::from(mv.to.ray().expect("the core leads to a ray"));
            path.push(Square::middle(ray));
        } else if mv.to == Square::CORE {
            let ray = i32::from(mv.from.ray().expect("outer squares have rays"));
            path.push(Square::middle(ray));
        }
        path.push(mv.to);
    }
    MoveTrace {
        path,
        captures: captures(game, mv).iter().collect(),
    }
}
