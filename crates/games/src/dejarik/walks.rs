//! The ways a move action can go: for each destination one move, or one
//! move per path where the path changes what the monster may do later in
//! the turn.
//!
//! Seed: "Tampoco está permitido pasar por casillas ya recorridas por la
//! pieza en ese mismo turno." The squares a move crossed bind the same
//! monster's second move of the turn, and which path it took is the
//! player's choice. Where the paths to one square cross different squares
//! and that changes where the monster may move next, the move says which
//! way it went (`Gh:B1-B3 via C`); everywhere else (every second action,
//! every destination whose paths leave the same choices) it names its
//! destination alone, so the list stays as short as the rules allow.

use super::Dejarik;
use super::board::{Square, SquareSet, distance, reachable};

/// One listed move action of a monster.
pub(super) struct Walk {
    pub to: Square,
    /// The squares between start and destination that the move names:
    /// empty when its path cannot matter.
    pub via: SquareSet,
    /// What the move crosses, start and destination included: the first
    /// path found among those it stands for, so the position records a
    /// path the monster could really have taken.
    pub crossed: SquareSet,
    /// The crossed squares of every path this move stands for.
    pub covers: Vec<SquareSet>,
}

/// Every move action of the monster on `from`, in generation order.
pub(super) fn walks(game: &Dejarik, from: Square) -> Vec<Walk> {
    let Some(piece) = game.piece(from) else {
        return Vec::new();
    };
    let movement = game.monster(piece).movement;
    let occupied = game.occupied();
    let passed = game.passed(piece.kind);
    let mut out = Vec::new();
    for (to, sets) in reachable(from, movement, occupied, passed) {
        if !exact(game, from, to, movement, occupied) {
            continue;
        }
        // Only a first action leaves a second one for the same monster.
        if game.actions_left() < 2 || sets.len() == 1 {
            let crossed = sets[0];
            out.push(Walk {
                to,
                via: SquareSet::EMPTY,
                crossed,
                covers: sets,
            });
            continue;
        }
        let after = occupied.without(from).with(to);
        let mut classes: Vec<(SquareSet, Vec<SquareSet>)> = Vec::new();
        for crossed in sets {
            let next = next_moves(game, to, movement, after, passed | crossed);
            match classes.iter_mut().find(|(n, _)| *n == next) {
                Some((_, members)) => members.push(crossed),
                None => classes.push((next, vec![crossed])),
            }
        }
        let named = classes.len() > 1;
        for (_, covers) in classes {
            let crossed = covers[0];
            let via = if named {
                crossed.without(from).without(to)
            } else {
                SquareSet::EMPTY
            };
            out.push(Walk {
                to,
                via,
                crossed,
                covers,
            });
        }
    }
    out
}

/// The shortest-path rule option: the destination must be exactly the
/// movement away by the shortest path.
fn exact(game: &Dejarik, from: Square, to: Square, movement: u8, occupied: SquareSet) -> bool {
    !game.rules.shortest_paths || distance(from, to, occupied.without(from)) == Some(movement)
}

/// Where the monster on `from` could move next with `passed` closed.
fn next_moves(
    game: &Dejarik,
    from: Square,
    movement: u8,
    occupied: SquareSet,
    passed: SquareSet,
) -> SquareSet {
    reachable(from, movement, occupied, passed)
        .into_iter()
        .filter(|(to, _)| exact(game, from, *to, movement, occupied))
        .fold(SquareSet::EMPTY, |set, (to, _)| set.with(to))
}
