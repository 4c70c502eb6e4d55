//! Error types shared by every game's parsers and move application.
//!
//! Messages are short, lowercase and say what would have been accepted,
//! because they are shown to people as they are.

use super::Seat;
use thiserror::Error;

/// A position string that cannot be read or describes an impossible position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad position: {message}")]
pub struct PositionError {
    pub message: String,
}

impl PositionError {
    pub fn new(message: impl Into<String>) -> Self {
        PositionError {
            message: message.into(),
        }
    }
}

/// Text that is not a move in the game's notation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read move {text:?}: {expected}")]
pub struct MoveParseError {
    pub text: String,
    /// What the notation would have accepted, e.g. "expected FROM-TO like A1-B1".
    pub expected: String,
}

impl MoveParseError {
    pub fn new(text: &str, expected: impl Into<String>) -> Self {
        MoveParseError {
            text: text.chars().take(40).collect(),
            expected: expected.into(),
        }
    }
}

/// A well-formed move that the position does not allow.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{notation} is not a legal move here")]
pub struct IllegalMove {
    pub notation: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error(transparent)]
    Parse(#[from] MoveParseError),
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    #[error("the game is over")]
    GameOver,
}

/// A seat that cannot leave the game (see [`Game::seat_leaves`](super::Game::seat_leaves)).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LeaveError {
    #[error("this game has no {seat}: it has {seats} seats, numbered from 0")]
    NoSuchSeat { seat: Seat, seats: usize },
    #[error("{side} ({seat}) is already out of the game")]
    AlreadyOut { seat: Seat, side: &'static str },
    #[error("the game is over")]
    GameOver,
}
