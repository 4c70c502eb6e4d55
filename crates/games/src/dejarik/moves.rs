//! Dejarik's decisions: actions (move, attack, pass), dice, and pushes.

use super::board::{Square, SquareSet};
use super::dice::{self, Combat};
use super::walks::walks;
use super::{Dejarik, End, Phase, Piece, dice_for_duel, other};
use crate::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A move action: the monster on `from` walks to `to`, through the
    /// squares `via` where the path matters later in the turn (empty where
    /// it cannot; see `walks.rs`).
    Step {
        from: Square,
        to: Square,
        via: SquareSet,
    },
    /// An attack action on the adjacent enemy on `target`.
    Attack { from: Square, target: Square },
    /// No action is possible: the action is passed rather than the game
    /// stalling (docs/rules/dejarik.md, Turn).
    Pass,
    /// The dice of an attack: the attacker's and the defender's sums.
    Roll { attack: u8, defence: u8 },
    /// The combat's winner puts the losing monster on `to`.
    Push { to: Square },
    /// The decisive round of the duel: white's and black's sums.
    Duel { white: u8, black: u8 },
}

pub(super) fn generate(game: &Dejarik, out: &mut Vec<Move>) {
    match game.phase {
        Phase::Action => actions(game, out),
        Phase::Roll { attacker, defender } => {
            let (a, d) = roll_dice(game, attacker, defender);
            for result in Combat::ALL {
                if let (p, Some((attack, defence))) = dice::combat(a, d, result)
                    && p > 0.0
                {
                    out.push(Move::Roll { attack, defence });
                }
            }
        }
        Phase::Duel => {
            let (w, b) = dice_for_duel(game).expect("a duel phase has dice");
            let odds = dice::duel(w, b);
            for (white, black) in [odds.first_wins, odds.second_wins].into_iter().flatten() {
                out.push(Move::Duel { white, black });
            }
        }
        Phase::Push { target } => {
            for to in free_neighbours(game, target).iter() {
                out.push(Move::Push { to });
            }
        }
        Phase::Over => {}
    }
}

fn actions(game: &Dejarik, out: &mut Vec<Move>) {
    let mover = game.to_move;
    for (from, _) in game.pieces().filter(|(_, p)| p.owner == mover) {
        for walk in walks(game, from) {
            out.push(Move::Step {
                from,
                to: walk.to,
                via: walk.via,
            });
        }
        for target in from.neighbours().iter() {
            if game.piece(target).is_some_and(|p| p.owner != mover) {
                out.push(Move::Attack { from, target });
            }
        }
    }
    if out.is_empty() {
        out.push(Move::Pass);
    }
}

fn free_neighbours(game: &Dejarik, square: Square) -> SquareSet {
    square.neighbours() - game.occupied()
}

fn roll_dice(game: &Dejarik, attacker: Square, defender: Square) -> (u8, u8) {
    let monster = |sq: Square| game.monster(game.piece(sq).expect("combatants are on the board"));
    (monster(attacker).attack, monster(defender).defence)
}

pub(super) fn is_legal(game: &Dejarik, mv: Move) -> bool {
    match (game.phase, mv) {
        // Any roll the dice can produce is legal, not only the
        // representatives the engine searches.
        (Phase::Roll { attacker, defender }, Move::Roll { attack, defence }) => {
            let (a, d) = roll_dice(game, attacker, defender);
            dice::possible(a, attack) && dice::possible(d, defence)
        }
        (Phase::Duel, Move::Duel { white, black }) => {
            let (w, b) = dice_for_duel(game).expect("a duel phase has dice");
            dice::possible(w, white)
                && dice::possible(b, black)
                && (i32::from(white) - i32::from(black)).abs() >= 7
        }
        _ => {
            let mut moves = Vec::new();
            generate(game, &mut moves);
            moves.contains(&mv)
        }
    }
}

pub(super) fn chance_probability(game: &Dejarik, mv: Move) -> f64 {
    match (game.phase, mv) {
        (Phase::Roll { attacker, defender }, Move::Roll { attack, defence }) => {
            let (a, d) = roll_dice(game, attacker, defender);
            dice::combat(a, d, Combat::of(attack, defence)).0
        }
        (Phase::Duel, Move::Duel { white, black }) => {
            let (w, b) = dice_for_duel(game).expect("a duel phase has dice");
            let white_share = dice::duel(w, b).first_share;
            if white > black {
                white_share
            } else {
                1.0 - white_share
            }
        }
        _ => 0.0,
    }
}

/// The square whose monster `mv` kills, if any.
pub(super) fn kills(game: &Dejarik, mv: Move) -> Option<Square> {
    match (game.phase, mv) {
        (Phase::Roll { attacker, defender }, Move::Roll { attack, defence }) => {
            match Combat::of(attack, defence) {
                Combat::AttackerKills => Some(defender),
                Combat::DefenderKills => Some(attacker),
                _ => None,
            }
        }
        (Phase::Duel, Move::Duel { white, black }) => {
            let loser = if white > black {
                super::BLACK
            } else {
                super::WHITE
            };
            game.pieces()
                .find(|(_, p)| p.owner == loser)
                .map(|(sq, _)| sq)
        }
        _ => None,
    }
}

pub(super) fn apply(game: &mut Dejarik, mv: Move) {
    game.ply += 1;
    match mv {
        Move::Step { from, to, via } => {
            let piece = game.piece(from).expect("a step starts on a monster");
            let crossed = walks(game, from)
                .into_iter()
                .find(|walk| walk.to == to && walk.via == via)
                .map_or(SquareSet::EMPTY.with(from).with(to), |walk| walk.crossed);
            let kind = usize::from(piece.kind);
            game.passed[kind] = game.passed[kind] | crossed;
            game.place(from, None);
            game.place(to, Some(piece));
            game.finish_action();
        }
        Move::Attack { from, target } => {
            game.phase = Phase::Roll {
                attacker: from,
                defender: target,
            };
        }
        Move::Pass => game.finish_action(),
        Move::Roll { attack, defence } => {
            let Phase::Roll { attacker, defender } = game.phase else {
                unreachable!("a roll follows an attack")
            };
            // A capture does not move the attacker (seed: "el atacante no
            // ocupa la casilla de la víctima").
            let push_target = match Combat::of(attack, defence) {
                Combat::AttackerKills => {
                    game.place(defender, None);
                    None
                }
                Combat::DefenderKills => {
                    game.place(attacker, None);
                    None
                }
                Combat::AttackerPushes => Some(defender),
                Combat::DefenderPushes => Some(attacker),
            };
            match push_target {
                Some(target) if !free_neighbours(game, target).is_empty() => {
                    game.phase = Phase::Push { target };
                }
                // No empty square beside the loser: no push; it stays put.
                _ => game.finish_action(),
            }
        }
        Move::Push { to } => {
            let Phase::Push { target } = game.phase else {
                unreachable!("a push follows a roll")
            };
            let piece: Option<Piece> = game.piece(target);
            game.place(target, None);
            game.place(to, piece);
            game.finish_action();
        }
        Move::Duel { white, black } => {
            let winner: Seat = if white > black {
                super::WHITE
            } else {
                super::BLACK
            };
            let loser = game
                .pieces()
                .find(|(_, p)| p.owner == other(winner))
                .map(|(sq, _)| sq);
            if let Some(square) = loser {
                game.place(square, None);
            }
            game.end = Some(End::Duel { winner });
            game.phase = Phase::Over;
        }
    }
}
