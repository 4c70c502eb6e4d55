//! A whole game as data: rules, starting position and every decision,
//! chance results included, so replaying it gives back every position.

use super::{AnyGame, GameKind, PlayError, PositionError, RulesJson};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: GameKind,
    #[serde(default)]
    pub rules: RulesJson,
    /// The starting position string (random setups are drawn before this).
    pub start: String,
    /// Every decision in notation, in order; dice results are decisions too.
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
            game.play_notation(notation)
                .map_err(|error| ReplayError::Move {
                    number: index + 1,
                    notation: notation.chars().take(40).collect(),
                    error,
                })?;
            positions.push(game.clone());
        }
        Ok(positions)
    }
}
