//! A whole game as data: rules, starting position and every decision,
//! chance results included, so replaying it gives back every position.

use super::{AnyGame, GameKind, LeaveError, PlayError, PositionError, RulesJson, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: GameKind,
    #[serde(default)]
    pub rules: RulesJson,
    /// The starting position string (random setups are drawn before this).
    pub start: String,
    /// Every decision in notation, in order; dice results are decisions too,
    /// and so is a seat leaving the game ([`leave_step`]).
    pub moves: Vec<String>,
}

/// Each variant embeds its cause in its message and exposes no `source()`,
/// so a chain printed with `{:#}` says it once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the record's start: {0}")]
    Start(PositionError),
    #[error("move {number} ({notation}): {error}")]
    Move {
        number: usize,
        notation: String,
        error: PlayError,
    },
    #[error("move {number} ({notation}): {error}")]
    Leave {
        number: usize,
        notation: String,
        error: LeaveError,
    },
}

impl From<PositionError> for ReplayError {
    fn from(error: PositionError) -> Self {
        ReplayError::Start(error)
    }
}

impl GameRecord {
    /// A record of a game that has not moved yet.
    pub fn starting_at(game: &AnyGame) -> GameRecord {
        GameRecord {
            game: game.kind(),
            rules: game.rules_json(),
            start: game.position(),
            moves: Vec::new(),
        }
    }

    /// Every position of the game, from the start to after the last move.
    ///
    /// # Errors
    /// When the start does not parse or a move is not legal where it stands;
    /// the error names the move by its 1-based number.
    pub fn positions(&self) -> Result<Vec<AnyGame>, ReplayError> {
        let mut game = AnyGame::from_position(self.game, &self.rules, &self.start)?;
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(game.clone());
        for (index, notation) in self.moves.iter().enumerate() {
            let shown = || notation.chars().take(40).collect();
            match leaving_seat(&game, notation) {
                Some(seat) => {
                    game.seat_leaves(seat).map_err(|error| ReplayError::Leave {
                        number: index + 1,
                        notation: shown(),
                        error,
                    })?;
                }
                None => {
                    game.play_notation(notation)
                        .map_err(|error| ReplayError::Move {
                            number: index + 1,
                            notation: shown(),
                            error,
                        })?;
                }
            }
            positions.push(game.clone());
        }
        Ok(positions)
    }
}

/// The record's step for `seat` leaving `game` (its side ran out of time
/// or resigned and the game went on without it): "Red leaves". No game's
/// move notation has a space followed by a word, so a step never reads as
/// a move, and a person reading the record understands it.
pub fn leave_step(game: &AnyGame, seat: Seat) -> String {
    format!("{} {LEAVES}", game.seat_name(seat))
}

const LEAVES: &str = "leaves";

/// The seat a record step takes out of `game`, if the step is a leave.
pub fn leaving_seat(game: &AnyGame, step: &str) -> Option<Seat> {
    let name = step.strip_suffix(LEAVES)?.strip_suffix(' ')?;
    (0..game.seat_count())
        .map(|index| Seat(index as u8))
        .find(|&seat| game.seat_name(seat) == name)
}
