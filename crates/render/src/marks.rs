//! [`Marks`]: what a request adds on top of the position (the last move,
//! numbered candidates, one piece's legal destinations), as board cells,
//! and how every game's scene shows them.
//!
//! The marks are checked and turned into cells when the overlay is built
//! from notation, through each game's `Drawing`; this module sits below
//! both, so a game's drawing reads marks without knowing the overlay.

use super::scene::{Candidate, FollowUp, Scene, Tint};
use arrayvec::ArrayVec;
use holotable_games::PlayError;
use holotable_games::round_board::BadSquare;

/// The marks of one image, in board cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub last_move: Option<MoveMarks>,
    /// In the order given.
    pub candidates: Vec<Candidate>,
    pub highlight: Option<Highlight>,
}

/// A move as cells: every square it visits, and what it captured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveMarks {
    pub path: ArrayVec<u8, 16>,
    pub captures: ArrayVec<u8, 8>,
    /// Pieces the move sent elsewhere (Djambi's corpses and relocations).
    pub follow_ups: ArrayVec<FollowUp, 4>,
}

/// A selected piece and the cells it can move to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub from: u8,
    pub to: Vec<u8>,
}

/// Why an overlay could not be built from the given notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OverlayError {
    #[error(transparent)]
    Move(#[from] PlayError),
    #[error("{text:?} is not a square; expected {expected}")]
    NotASquare {
        text: String,
        expected: &'static str,
    },
    #[error("no {side} piece on {square} to show the moves of")]
    NoPieceToMove { side: &'static str, square: String },
}

/// A round board's square name that is none.
impl From<BadSquare> for OverlayError {
    fn from(bad: BadSquare) -> OverlayError {
        OverlayError::NotASquare {
            text: bad.text,
            expected: bad.expected,
        }
    }
}

impl Marks {
    /// Adds what every game's scene shows the same way: the last move's
    /// trail, arrival and captures, the selected piece with its options
    /// (those where `attacked` holds get the capture tint instead of a dot),
    /// and the numbered candidates.
    pub fn apply(&self, scene: &mut Scene, attacked: impl Fn(u8) -> bool) {
        if let Some(marks) = &self.last_move {
            let last = marks.path.len().saturating_sub(1);
            for (i, &c) in marks.path.iter().enumerate() {
                let tint = if i == last {
                    Tint::Arrival
                } else {
                    Tint::Trail
                };
                scene.tints.push((c, tint));
            }
            for &c in &marks.captures {
                scene.tints.push((c, Tint::Captured));
            }
            for follow_up in &marks.follow_ups {
                let tint = if follow_up.kill {
                    Tint::Captured
                } else {
                    Tint::Trail
                };
                scene.tints.push((follow_up.to, tint));
            }
            scene.path = marks.path.clone();
            scene.captures = marks.captures.clone();
            scene.follow_ups = marks.follow_ups.clone();
        }
        if let Some(highlight) = &self.highlight {
            scene.tints.push((highlight.from, Tint::Selected));
            for &c in &highlight.to {
                if attacked(c) {
                    scene.tints.push((c, Tint::Captured));
                } else {
                    scene.tints.push((c, Tint::Option));
                    scene.options.push(c);
                }
            }
        }
        let room = scene.candidates.capacity();
        scene
            .candidates
            .extend(self.candidates.iter().take(room).cloned());
    }
}
