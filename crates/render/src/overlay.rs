//! [`Overlay`]: what a request adds on top of the position (last move,
//! numbered candidates, one piece's legal destinations), the image size
//! and the language of its words.
//!
//! Moves and squares arrive as notation, so they are parsed and checked
//! here, when the overlay is built, by the game's
//! [`Drawing`](super::drawing::Drawing); a finished overlay holds only
//! board cells ([`Marks`]), and rendering it cannot fail.

use super::DEFAULT_SIZE;
use super::drawing::drawing;
use super::marks::{Marks, OverlayError};
use super::scene::Candidate;
use arrayvec::ArrayVec;
use holotable_games::{AnyGame, leaving_seat};
use holotable_i18n::Lang;

/// Extra marks on a board image, and its size.
///
/// # Examples
/// ```
/// use holotable_games::{AnyGame, GameKind};
/// use holotable_render::{Overlay, board_png};
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
    pub(super) marks: Marks,
    /// A short line shown after the caption's title (the last dice roll).
    pub(super) note: Option<String>,
    /// The language of the caption and the keys.
    pub(super) lang: Lang,
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
            marks: Marks::default(),
            note: None,
            lang: Lang::En,
        }
    }

    /// Writes the caption and the keys in `lang`.
    pub fn with_lang(mut self, lang: Lang) -> Overlay {
        self.lang = lang;
        self
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
    /// A record step where a seat left the game ("red leaves") moved no
    /// piece, so it marks nothing: the board shows the position as it is.
    ///
    /// # Errors
    /// When `notation` is neither a legal move in `before` nor a leave.
    pub fn with_last_move(
        mut self,
        before: &AnyGame,
        notation: &str,
    ) -> Result<Overlay, OverlayError> {
        if leaving_seat(before, notation).is_some() {
            return Ok(self);
        }
        self.marks.last_move = Some(drawing(before).move_marks(notation)?);
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
        let drawing = drawing(game);
        // A square named twice in a row would make a zero-length segment,
        // which has no direction for the arrowhead.
        let mut path: ArrayVec<u8, 16> = ArrayVec::new();
        for cell in drawing.option_path(notation)? {
            if path.last() != Some(&cell) {
                path.push(cell);
            }
        }
        if path.len() < 2 {
            path.clear();
            path.push(drawing.destination(notation)?);
        }
        self.marks.candidates.push(Candidate { number, path });
        Ok(self)
    }

    /// Shows the legal destinations of the piece on `square`.
    ///
    /// # Errors
    /// When `square` is not a square, or holds no piece of the side to move.
    pub fn with_highlight(mut self, game: &AnyGame, square: &str) -> Result<Overlay, OverlayError> {
        self.marks.highlight = Some(drawing(game).highlight(square)?);
        Ok(self)
    }
}
