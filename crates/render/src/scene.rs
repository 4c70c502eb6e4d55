//! What one image shows, in board terms and without pixels: which cells are
//! tinted, where pieces stand, the last move's path, the markers and the
//! caption. Each game fills a [`Scene`] from its position and the
//! [`Overlay`](super::Overlay); the renderer draws any scene the same way.

use super::arrows::MAX_ARROWS;
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
    /// A Djambi piece: army (or the key's neutral colour, index 4) and
    /// piece type, each below [`DJAMBI_COLOURS`] and [`DJAMBI_PIECES`].
    Djambi(u8, u8),
    /// A dead Djambi piece, whatever it was.
    Corpse,
}

/// Djambi's armies (Red, Blue, Yellow, Green) and one neutral colour for
/// the key of piece types.
pub const DJAMBI_COLOURS: u8 = 5;
/// Djambi's piece types (Leader, Assassin, Reporter, Diplomat, Necromobile,
/// Militant).
pub const DJAMBI_PIECES: u8 = 6;

impl Figure {
    pub const ALL: [Figure; 57] = {
        let first = [
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
        ];
        let mut all = [Figure::LightDisc; 57];
        let mut i = 0;
        while i < first.len() {
            all[i] = first[i];
            i += 1;
        }
        let mut kind = 0;
        while kind < 8 {
            all[i] = Figure::LightMonster(kind);
            all[i + 8] = Figure::DarkMonster(kind);
            kind += 1;
            i += 1;
        }
        i += 8;
        let mut colour = 0;
        while colour < DJAMBI_COLOURS {
            let mut piece = 0;
            while piece < DJAMBI_PIECES {
                all[i] = Figure::Djambi(colour, piece);
                piece += 1;
                i += 1;
            }
            colour += 1;
        }
        all[i] = Figure::Corpse;
        all
    };

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
    /// The game's name in the image's language.
    pub title: String,
    /// Move number and whose turn, or the result, as labels from the
    /// catalogue: the image joins them with " · ", the alt text makes
    /// each a sentence.
    pub status: Vec<String>,
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
    /// Numbered candidate moves, drawn as arrows.
    pub candidates: ArrayVec<Candidate, MAX_ARROWS>,
    pub caption: Caption,
    /// Key lines drawn in the top corners: white's on the left, black's on
    /// the right (Dejarik's monsters with their figures).
    pub legend: Vec<LegendLine>,
    /// Where the last move put a piece it did not move itself: a corpse
    /// carried off or a piece relocated (Djambi), drawn as a second arrow.
    pub follow_ups: ArrayVec<FollowUp, 4>,
    /// The key beside a square board, top to bottom (Djambi's armies with
    /// their owners, and the piece types).
    pub panel: Vec<PanelLine>,
}

/// A numbered option: the cells its piece passes, origin first and
/// destination last; one cell for a move without an origin (a placement,
/// a pass).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidate {
    pub number: u8,
    pub path: ArrayVec<u8, 16>,
}

/// A piece sent from one cell to another as part of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowUp {
    pub from: u8,
    pub to: u8,
    /// A killed piece's corpse (drawn in the capture colour), or a living
    /// piece relocated (in the last-move colour).
    pub kill: bool,
}

impl Caption {
    /// The status as the image shows it.
    pub fn status_line(&self) -> String {
        self.status.join(" · ")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PanelLine {
    Heading(String),
    /// A figure and its text, and optionally a second figure after the
    /// text (the army's owner).
    Entry {
        figure: Figure,
        text: String,
        then: Option<Figure>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendLine {
    pub figure: Figure,
    pub text: String,
    pub left: bool,
}
