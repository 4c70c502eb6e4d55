//! [`Overlay`]: what a request adds on top of the position (last move,
//! numbered candidates, one piece's legal destinations), the image size
//! and the language of its words.
//!
//! Moves and squares arrive as notation, so they are parsed and checked
//! here, when the overlay is built; a finished overlay holds only board
//! cells, and rendering it cannot fail.

use super::scene::{Candidate, FollowUp, Scene, Tint};
use super::{DEFAULT_SIZE, dejarik, djambi, holochess, space_checkers};
use crate::games::{AnyGame, PlayError};
use crate::i18n::Lang;
use arrayvec::ArrayVec;

/// Extra marks on a board image, and its size.
///
/// # Examples
/// ```
/// use holotable::games::{AnyGame, GameKind};
/// use holotable::render::{Overlay, board_png};
///
/// let start = AnyGame::from_position(GameKind::SpaceCheckers, &Default::default(),
///     "A11,A12,A1,A2/A5,A6,A7,A8 w 0").unwrap();
/// let mut after = start.clone();
/// after.play_notation("A1-B1").unwrap();
/// let overlay = Overlay::new(256)
///     .with_last_move(&start, "A1-B1").unwrap()
///     .with_candidate(&after, 1, "A5-B5").unwrap();
/// let png = board_png(&after, &overlay);
/// assert_eq!(&png[1..4], b"PNG");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overlay {
    /// Width and height in pixels; clamped to [`SIZES`](super::SIZES) when
    /// drawn.
    pub size: u32,
    pub(super) last_move: Option<MoveMarks>,
    /// In the order given.
    pub(super) candidates: Vec<Candidate>,
    pub(super) highlight: Option<Highlight>,
    /// A short line shown after the caption's title (the last dice roll).
    pub(super) note: Option<String>,
    /// The language of the caption and the keys.
    pub(super) lang: Lang,
}

/// A move as cells: every square it visits, and what it captured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct MoveMarks {
    pub path: ArrayVec<u8, 16>,
    pub captures: ArrayVec<u8, 8>,
    /// Pieces the move sent elsewhere (Djambi's corpses and relocations).
    pub follow_ups: ArrayVec<FollowUp, 4>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Highlight {
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

impl Default for Overlay {
    fn default() -> Self {
        Overlay::new(DEFAULT_SIZE)
    }
}

impl Overlay {
    /// No marks, `size` pixels square, words in English.
    pub fn new(size: u32) -> Overlay {
        Overlay {
            size,
            last_move: None,
            candidates: Vec::new(),
            highlight: None,
            note: None,
            lang: Lang::En,
        }
    }

    /// Writes the caption and the keys in `lang`.
    pub fn with_lang(mut self, lang: Lang) -> Overlay {
        self.lang = lang;
        self
    }

    /// Adds what every game's scene shows the same way: the last move's
    /// trail, arrival and captures, the selected piece with its options
    /// (those where `attacked` holds get the capture tint instead of a dot),
    /// and the numbered candidates.
    pub(super) fn mark(&self, scene: &mut Scene, attacked: impl Fn(u8) -> bool) {
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

    /// Adds a short line after the caption's title, such as the last dice
    /// roll; cut to 40 characters so it never reaches the status.
    pub fn with_note(mut self, note: &str) -> Overlay {
        self.note = Some(note.chars().take(40).collect());
        self
    }

    /// Marks the move `notation` played from `before`: its origin, every
    /// square it passed (boosts included), where it stopped and what it
    /// captured. Render it on the position after that move.
    ///
    /// # Errors
    /// When `notation` is not a legal move in `before`.
    pub fn with_last_move(
        mut self,
        before: &AnyGame,
        notation: &str,
    ) -> Result<Overlay, OverlayError> {
        self.last_move = Some(match before {
            AnyGame::SpaceCheckers(g) => space_checkers::move_marks(g, notation)?,
            AnyGame::Dejarik(g) => dejarik::move_marks(g, notation)?,
            AnyGame::Holochess(g) => holochess::move_marks(g, notation)?,
            AnyGame::Djambi(g) => djambi::move_marks(g, notation)?,
        });
        Ok(self)
    }

    /// Marks candidate move `number` (as in a poll): an arrow from its
    /// piece along its path to its destination, with the number on it, so
    /// candidates sharing a destination are told apart by their pieces. A
    /// move with no piece to start from (a placement, a pass) shows the
    /// number alone where it acts.
    ///
    /// # Errors
    /// When `notation` is not a legal move in `game`.
    pub fn with_candidate(
        mut self,
        game: &AnyGame,
        number: u8,
        notation: &str,
    ) -> Result<Overlay, OverlayError> {
        let marks = match game {
            AnyGame::SpaceCheckers(g) => space_checkers::move_marks(g, notation)?,
            AnyGame::Dejarik(g) => dejarik::move_marks(g, notation)?,
            AnyGame::Holochess(g) => holochess::move_marks(g, notation)?,
            AnyGame::Djambi(g) => djambi::move_marks(g, notation)?,
        };
        // A square named twice in a row would make a zero-length segment,
        // which has no direction for the arrowhead.
        let mut path: ArrayVec<u8, 16> = ArrayVec::new();
        let mut cells = marks.path;
        // A Space Checkers boost zigzags through the squares it bounces
        // off, which reads as several arrows; its one straight line from
        // piece to destination reads as one.
        if let (AnyGame::SpaceCheckers(_), [from, .., to]) = (game, cells.as_slice()) {
            cells = [*from, *to].into_iter().collect();
        }
        for cell in cells {
            if path.last() != Some(&cell) {
                path.push(cell);
            }
        }
        if path.len() < 2 {
            let cell = match game {
                AnyGame::SpaceCheckers(g) => space_checkers::destination(g, notation)?,
                AnyGame::Dejarik(g) => dejarik::destination(g, notation)?,
                AnyGame::Holochess(g) => holochess::destination(g, notation)?,
                AnyGame::Djambi(g) => djambi::destination(g, notation)?,
            };
            path.clear();
            path.push(cell);
        }
        self.candidates.push(Candidate { number, path });
        Ok(self)
    }

    /// Shows the legal destinations of the piece on `square`.
    ///
    /// # Errors
    /// When `square` is not a square, or holds no piece of the side to move.
    pub fn with_highlight(mut self, game: &AnyGame, square: &str) -> Result<Overlay, OverlayError> {
        self.highlight = Some(match game {
            AnyGame::SpaceCheckers(g) => space_checkers::highlight(g, square)?,
            AnyGame::Dejarik(g) => dejarik::highlight(g, square)?,
            AnyGame::Holochess(g) => holochess::highlight(g, square)?,
            AnyGame::Djambi(g) => djambi::highlight(g, square)?,
        });
        Ok(self)
    }
}
