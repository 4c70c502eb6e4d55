//! Move generation for holochess: placements, then each creature type's
//! moves and attacks from the geometry tables in `board.rs`.
//!
//! Common rules (seed 003): a creature never enters a square of its own
//! side; it enters an enemy square only by attacking, which removes the
//! enemy, and stays there; any creature on the path blocks a move, and only
//! the Predator jumps.

use super::board::{GEOMETRY, HOME, Square, SquareSet, Steps};
use super::{Creature, Holochess, other};
use crate::Seat;
use arrayvec::ArrayVec;

/// One decision.
///
/// A move is named by what it changes, not by the route: two Scout routes
/// that leave the same position (move to O3 then attack M3, or move to C1
/// then attack M3) are one move, as two boost paths are in Space Checkers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Put a creature from hand on an empty square of the home half.
    Place { creature: Creature, to: Square },
    /// The creature on `from` ends on `to`, removing the enemy on `capture`.
    /// `capture` is `to` for an attack; only a Scout that attacks and then
    /// moves captures elsewhere.
    Act {
        from: Square,
        to: Square,
        capture: Option<Square>,
    },
}

/// What a move does, square by square, for drawing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTrace {
    /// Every square the creature visits, from origin to destination (only
    /// the destination for a placement).
    pub path: ArrayVec<Square, 6>,
    pub capture: Option<Square>,
}

/// Fills `out` (appending) with `seat`'s legal moves, creature by
/// creature in the order Brute, Predator, Guardian, Scout.
pub(super) fn generate(game: &Holochess, seat: Seat, out: &mut Vec<Move>) {
    if game.placing() {
        let free = HOME[seat.index()] - game.occupied();
        for creature in game.in_hand(seat) {
            out.extend(free.iter().map(|to| Move::Place { creature, to }));
        }
        return;
    }
    actions(game, seat, out);
}

/// Appends the moves and attacks of `seat`'s creatures on the board.
pub(super) fn actions(game: &Holochess, seat: Seat, out: &mut Vec<Move>) {
    let board = Board::of(game, seat);
    for creature in Creature::ALL {
        let Some(from) = game.square_of(seat, creature) else {
            continue;
        };
        let first = out.len();
        let mut push = |to: Square, capture: Option<Square>| {
            let mv = Move::Act { from, to, capture };
            if !out[first..].contains(&mv) {
                out.push(mv);
            }
        };
        match creature {
            Creature::Brute => board.single_steps(GEOMETRY.brute[from.index()], &mut push),
            Creature::Predator => board.single_steps(GEOMETRY.predator[from.index()], &mut push),
            Creature::Guardian => {
                for (to, path) in GEOMETRY.guardian_moves[from.index()].iter() {
                    if board.clear(path) {
                        push(to, None);
                    }
                }
                for (to, between) in GEOMETRY.guardian_attacks[from.index()].iter() {
                    if board.enemy.contains(to) && board.clear(between) {
                        push(to, Some(to));
                    }
                }
            }
            Creature::Scout => scout(&board, from, &mut push),
        }
    }
}

/// The occupation as the generator sees it, from one side's view.
#[derive(Clone, Copy)]
struct Board {
    own: SquareSet,
    enemy: SquareSet,
}

impl Board {
    fn of(game: &Holochess, seat: Seat) -> Board {
        Board {
            own: game.occupied_by(seat),
            enemy: game.occupied_by(other(seat)),
        }
    }

    /// Whether every square of `path` is empty.
    fn clear(self, path: SquareSet) -> bool {
        ((self.own | self.enemy) & path).is_empty()
    }

    /// Brute and Predator: one target square each way, a move if empty and
    /// an attack if an enemy stands there.
    fn single_steps(self, targets: u32, push: &mut impl FnMut(Square, Option<Square>)) {
        for to in (SquareSet::from_bits(targets) - self.own).iter() {
            push(to, self.enemy.contains(to).then_some(to));
        }
    }
}

/// The Scout: move only, attack only, move then attack, attack then move
/// (seed: "in either order, or do just one").
fn scout(board: &Board, from: Square, push: &mut impl FnMut(Square, Option<Square>)) {
    for (to, path) in GEOMETRY.scout_moves[from.index()].iter() {
        if !board.clear(path) {
            continue;
        }
        push(to, None);
        for target in (to.neighbours() & board.enemy).iter() {
            push(target, Some(target));
        }
    }
    for target in (from.neighbours() & board.enemy).iter() {
        push(target, Some(target));
        // After the attack the Scout stands on `target` and `from` is empty.
        let after = Board {
            own: board.own.without(from).with(target),
            enemy: board.enemy.without(target),
        };
        // Seed: the game "ends as soon as all the opponent's creatures have
        // been removed", so taking the last one leaves no move to make.
        if after.enemy.is_empty() {
            continue;
        }
        for (to, path) in GEOMETRY.scout_moves[target.index()].iter() {
            if after.clear(path) {
                push(to, Some(target));
            }
        }
    }
}

/// Whether `seat` has any legal move, without building the list: the end
/// test runs after every move, in the middle of searches.
pub(super) fn has_any(game: &Holochess, seat: Seat) -> bool {
    if game.placing() {
        return game.in_hand(seat).next().is_some();
    }
    let board = Board::of(game, seat);
    Creature::ALL.into_iter().any(|creature| {
        let Some(from) = game.square_of(seat, creature) else {
            return false;
        };
        let i = from.index();
        match creature {
            Creature::Brute => GEOMETRY.brute[i] & !board.own.0 != 0,
            Creature::Predator => GEOMETRY.predator[i] & !board.own.0 != 0,
            Creature::Guardian => {
                GEOMETRY.guardian_moves[i]
                    .iter()
                    .any(|(_, path)| board.clear(path))
                    || GEOMETRY.guardian_attacks[i]
                        .iter()
                        .any(|(to, between)| board.enemy.contains(to) && board.clear(between))
            }
            Creature::Scout => {
                !(from.neighbours() & board.enemy).is_empty()
                    || GEOMETRY.scout_moves[i]
                        .iter()
                        .any(|(_, path)| board.clear(path))
            }
        }
    })
}

/// The squares a path of `steps` passes between `from` and its end `to`
/// (the middle square of a two-square move), if any.
fn between(steps: &Steps, to: Square, clear: impl Fn(SquareSet) -> bool) -> Option<Option<Square>> {
    steps
        .iter()
        .find(|&(t, path)| t == to && clear(path))
        .map(|(_, path)| path.without(to).iter().next())
}

/// For a Scout that moves and then attacks `target`: the squares where it
/// can stop before the attack, in table order. Empty when the attack needs
/// no move first (or cannot be made).
pub(super) fn scout_stops(game: &Holochess, from: Square, target: Square) -> ArrayVec<Square, 6> {
    let seat = game.side_to_move();
    let board = Board::of(game, seat);
    GEOMETRY.scout_moves[from.index()]
        .iter()
        .filter(|&(to, path)| board.clear(path) && to.neighbours().contains(target))
        .map(|(to, _)| to)
        .fold(ArrayVec::new(), |mut stops, to| {
            if !stops.contains(&to) {
                stops.push(to);
            }
            stops
        })
}

/// The squares a legal move passes and what it captures.
///
/// # Panics
/// When `mv` is not legal in `game`.
pub fn trace(game: &Holochess, mv: Move) -> MoveTrace {
    let mut path = ArrayVec::new();
    let (from, to, capture) = match mv {
        Move::Place { to, .. } => {
            path.push(to);
            return MoveTrace {
                path,
                capture: None,
            };
        }
        Move::Act { from, to, capture } => (from, to, capture),
    };
    let (_, creature) = game
        .creature_at(from)
        .expect("a legal move starts on a creature");
    let board = Board::of(game, game.side_to_move());
    path.push(from);
    let adjacent = |a: Square, b: Square| a.neighbours().contains(b);
    match (creature, capture) {
        (Creature::Guardian, None) => {
            let middle = between(&GEOMETRY.guardian_moves[from.index()], to, |p| {
                board.clear(p)
            })
            .expect("a legal Guardian move has a path");
            path.extend(middle);
        }
        (Creature::Guardian, Some(_)) => {
            // The attack table's mask is the square between, not the target.
            let middle = between(&GEOMETRY.guardian_attacks[from.index()], to, |p| {
                board.clear(p)
            })
            .expect("a legal Guardian attack has a clear square between");
            path.extend(middle);
        }
        (Creature::Scout, None) => {
            let middle = between(&GEOMETRY.scout_moves[from.index()], to, |p| board.clear(p))
                .expect("a legal Scout move has a path");
            path.extend(middle);
        }
        (Creature::Scout, Some(target)) if target == to && !adjacent(from, to) => {
            let stop = scout_stops(game, from, to)[0];
            let middle = between(&GEOMETRY.scout_moves[from.index()], stop, |p| {
                board.clear(p)
            })
            .expect("a Scout stop has a path");
            path.extend(middle);
            path.push(stop);
        }
        (Creature::Scout, Some(target)) if target != to => {
            path.push(target);
            let after = Board {
                own: board.own.without(from).with(target),
                enemy: board.enemy.without(target),
            };
            let middle = between(&GEOMETRY.scout_moves[target.index()], to, |p| {
                after.clear(p)
            })
            .expect("a legal Scout move after its attack has a path");
            path.extend(middle);
        }
        _ => {}
    }
    path.push(to);
    MoveTrace { path, capture }
}
