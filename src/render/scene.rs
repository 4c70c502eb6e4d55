//! What one image shows, in board terms and without pixels: which cells are
//! tinted, where pieces stand, the last move's path, the markers and the
//! caption. Each game fills a [`Scene`] from its position and the
//! [`Overlay`](super::Overlay); the renderer draws any scene the same way.

use arrayvec::ArrayVec;

/// The most cells a board has (Djambi's 9 x 9).
pub const MAX_CELLS: usize = 81;

/// A piece's look; sprites are looked up by its index. Later games add
/// their figures (Dejarik's monsters, Djambi's armies) here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A light disc with a ring: Space Checkers' white.
    LightDisc,
    /// A dark disc with a diamond: Space Checkers' black.
    DarkDisc,
    /// Holochess creatures, one silhouette per type (see `creatures.rs`).
    LightBrute,
    LightPredator,
    LightGuardian,
    LightScout,
    DarkBrute,
    DarkPredator,
    DarkGuardian,
    DarkScout,
    /// Dejarik monsters by kind (index into the monster table), the code
    /// written on the disc.
    LightMonster(u8),
    DarkMonster(u8),
}

impl Figure {
    pub const ALL: [Figure; 26] = [
        Figure::LightDisc,
        Figure::DarkDisc,
        Figure::LightBrute,
        Figure::LightPredator,
        Figure::LightGuardian,
        Figure::LightScout,
        Figure::DarkBrute,
        Figure::DarkPredator,
        Figure::DarkGuardian,
        Figure::DarkScout,
        Figure::LightMonster(0),
        Figure::LightMonster(1),
        Figure::LightMonster(2),
        Figure::LightMonster(3),
        Figure::LightMonster(4),
        Figure::LightMonster(5),
        Figure::LightMonster(6),
        Figure::LightMonster(7),
        Figure::DarkMonster(0),
        Figure::DarkMonster(1),
        Figure::DarkMonster(2),
        Figure::DarkMonster(3),
        Figure::DarkMonster(4),
        Figure::DarkMonster(5),
        Figure::DarkMonster(6),
        Figure::DarkMonster(7),
    ];

    /// The figure's place in [`Figure::ALL`], which indexes its sprites.
    pub fn index(self) -> usize {
        Figure::ALL
            .iter()
            .position(|&f| f == self)
            .expect("every figure is listed in Figure::ALL")
    }
}

/// How a cell's background is drawn; each is a pre-drawn background.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    Plain,
    /// The last move's origin and the squares it passed.
    Trail,
    /// The last move's destination.
    Arrival,
    Captured,
    /// The piece whose legal destinations are shown.
    Selected,
    /// A legal destination of the selected piece.
    Option,
}

impl Tint {
    pub const ALL: [Tint; 6] = [
        Tint::Plain,
        Tint::Trail,
        Tint::Arrival,
        Tint::Captured,
        Tint::Selected,
        Tint::Option,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The strip under the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    pub title: &'static str,
    /// Move number and whose turn, or the result.
    pub status: String,
    /// The figure of the side to move, drawn before the status.
    pub turn: Option<Figure>,
    /// A line after the title (from the overlay), empty for none.
    pub note: String,
}

#[derive(Clone, Debug, Default)]
pub struct Scene {
    pub tints: ArrayVec<(u8, Tint), MAX_CELLS>,
    pub pieces: ArrayVec<(u8, Figure), MAX_CELLS>,
    /// The last move, cell by cell, for the path line.
    pub path: ArrayVec<u8, 16>,
    pub captures: ArrayVec<u8, 8>,
    /// Dots on the legal destinations of the selected piece.
    pub options: ArrayVec<u8, MAX_CELLS>,
    /// Numbered candidate moves: (destination cell, number).
    pub badges: ArrayVec<(u8, u8), 32>,
    pub caption: Caption,
    /// Key lines drawn in the top corners: white's on the left, black's on
    /// the right (Dejarik's monsters with their figures).
    pub legend: Vec<LegendLine>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendLine {
    pub figure: Figure,
    pub text: String,
    pub left: bool,
}
