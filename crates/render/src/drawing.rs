//! [`Drawing`]: everything rendering needs to know about one game, as one
//! trait that each game's render module implements, as [`Game`] is for
//! the rules. The renderer, the overlay and the alt text reach a game only
//! through it, and this file is the one place that names the games.
//!
//! The trait sits above the shared types (scene, marks, board geometry)
//! and below its users, so no game's module imports the renderer, the
//! overlay or the alt text. A renderer is built per game kind before any
//! position exists, so the board, figures and decoration are asked of the
//! type ([`board_art`]); the rest is asked of a position ([`drawing`]),
//! through `dyn`, once per image or per mark.
//!
//! [`Game`]: holotable_games::Game

use super::board::{Board, BoardSpec};
use super::marks::{Highlight, Marks, MoveMarks, OverlayError};
use super::raster::RgbImage;
use super::scene::{Figure, Scene};
use super::theme::Theme;
use arrayvec::ArrayVec;
use holotable_games::dejarik::Dejarik;
use holotable_games::djambi::Djambi;
use holotable_games::holochess::Holochess;
use holotable_games::space_checkers::SpaceCheckers;
use holotable_games::with_game;
use holotable_games::{AnyGame, GameKind, PlayError};
use holotable_i18n::Lang;

/// How one game looks: its board, its figures, what a position shows, and
/// how notation maps to board cells.
pub(super) trait Drawing {
    /// The board and its square names, laid out once per image size.
    fn board() -> BoardSpec
    where
        Self: Sized;

    /// Every figure the game's images show: only these get sprites and
    /// palette room, so adding a game leaves the others' images unchanged.
    fn figures() -> &'static [Figure]
    where
        Self: Sized;

    /// Paints what the board shows besides its squares on every
    /// background (holochess's home bands): on each of `layers`, the same
    /// part of a background in another tint.
    fn decorate(_layers: &mut [RgbImage], _theme: &Theme, _board: &Board)
    where
        Self: Sized,
    {
    }

    /// What this position shows with `marks` on it, its words in `lang`.
    fn scene(&self, marks: &Marks, lang: Lang) -> Scene;

    /// The cells the move `notation` passes from here, and what it
    /// captures or sends elsewhere.
    ///
    /// # Errors
    /// When `notation` is not a legal move here.
    fn move_marks(&self, notation: &str) -> Result<MoveMarks, PlayError>;

    /// The cells a numbered option's arrow follows: the move's path,
    /// unless the game draws it otherwise.
    ///
    /// # Errors
    /// When `notation` is not a legal move here.
    fn option_path(&self, notation: &str) -> Result<ArrayVec<u8, 16>, PlayError> {
        Ok(self.move_marks(notation)?.path)
    }

    /// The cell where a move acts, for an option with no path to draw (a
    /// placement, a roll, a pass).
    ///
    /// # Errors
    /// When `notation` is not a legal move here.
    fn destination(&self, notation: &str) -> Result<u8, PlayError>;

    /// The piece on `square` and the cells it can move to.
    ///
    /// # Errors
    /// When `square` is not a square, or holds no piece of the side to move.
    fn highlight(&self, square: &str) -> Result<Highlight, OverlayError>;

    /// `count` pieces that look like `figure` stand on `squares`, as a
    /// player names them ("White discs on A2 and A11."), for the alt text.
    fn pieces_sentence(&self, figure: Figure, count: usize, squares: &str, lang: Lang) -> String;
}

/// What a renderer needs of a game before it has a position.
pub(super) struct BoardArt {
    pub board: BoardSpec,
    pub figures: &'static [Figure],
    pub decorate: fn(&mut [RgbImage], &Theme, &Board),
}

impl BoardArt {
    fn of<G: Drawing>() -> BoardArt {
        BoardArt {
            board: G::board(),
            figures: G::figures(),
            decorate: G::decorate,
        }
    }
}

/// The board, figures and decoration of `kind`.
pub(super) fn board_art(kind: GameKind) -> BoardArt {
    match kind {
        GameKind::SpaceCheckers => BoardArt::of::<SpaceCheckers>(),
        GameKind::Holochess => BoardArt::of::<Holochess>(),
        GameKind::Dejarik => BoardArt::of::<Dejarik>(),
        GameKind::Djambi => BoardArt::of::<Djambi>(),
    }
}

/// The drawing of the position inside `game`.
pub(super) fn drawing(game: &AnyGame) -> &dyn Drawing {
    with_game!(game, position => position as &dyn Drawing)
}
