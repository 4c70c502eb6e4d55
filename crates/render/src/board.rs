//! The two kinds of board geometry the renderer draws (round boards of
//! rings, square grids) behind one type, and what a game tells the
//! renderer about its board.

use super::geometry::Rect;
use super::grid::GridBoard;
use super::raster::RgbImage;
use super::round::{Ring, RoundBoard, Span};
use super::theme::{Rgb, Theme};
use holotable_games::round_board::{Layout, Square};

/// A game's board, before it is laid out at a size.
pub enum BoardSpec {
    Round {
        rings: &'static [Ring],
        names: Vec<String>,
    },
    Grid {
        files: &'static [&'static str],
        ranks: &'static [&'static str],
        /// The cell painted apart (Djambi's Labyrinth).
        special: Option<usize>,
    },
}

impl BoardSpec {
    /// The round board of layout `L`, drawn with `rings`, its squares
    /// named as the rules name them.
    pub fn round<L: Layout>(rings: &'static [Ring; 3]) -> BoardSpec {
        let cells: usize = rings.iter().map(|ring| usize::from(ring.sectors)).sum();
        debug_assert_eq!(cells, Square::<L>::COUNT, "one cell per square");
        BoardSpec::Round {
            rings,
            names: Square::<L>::all().map(|sq| sq.to_string()).collect(),
        }
    }

    /// Every cell's name, in cell order: "A1", ... on a round board; column
    /// and row on a grid, row by row.
    pub fn cell_names(self) -> Vec<String> {
        match self {
            BoardSpec::Round { names, .. } => names,
            BoardSpec::Grid { files, ranks, .. } => ranks
                .iter()
                .flat_map(|rank| files.iter().map(move |file| format!("{file}{rank}")))
                .collect(),
        }
    }
}

/// A board laid out in an image.
pub enum Board {
    Round(RoundBoard, Vec<String>),
    Grid(GridBoard, &'static [&'static str], &'static [&'static str]),
}

impl Board {
    pub fn cell_count(&self) -> usize {
        match self {
            Board::Round(b, _) => b.cell_count(),
            Board::Grid(b, ..) => b.cell_count(),
        }
    }

    /// The length sprites scale with: a round board's radius, half a
    /// grid's width.
    pub fn radius(&self) -> f32 {
        match self {
            Board::Round(b, _) => b.radius(),
            Board::Grid(b, ..) => b.radius(),
        }
    }

    pub fn spot(&self, cell: usize) -> (f32, f32) {
        match self {
            Board::Round(b, _) => b.spot(cell),
            Board::Grid(b, ..) => b.spot(cell),
        }
    }

    pub fn spans(&self, cell: usize) -> &[Span] {
        match self {
            Board::Round(b, _) => b.spans(cell),
            Board::Grid(b, ..) => b.spans(cell),
        }
    }

    /// The boxes the square names cover.
    pub fn label_boxes(&self) -> Vec<Rect> {
        match self {
            Board::Round(b, names) => b.label_boxes(names),
            Board::Grid(b, files, ranks) => b.label_boxes(files, ranks),
        }
    }

    /// Paints the squares and their names onto `layers`, one part of the
    /// image each, every square's tone passed through `tint(layer, tone)`.
    pub fn paint(&self, layers: &mut [RgbImage], theme: &Theme, tint: impl Fn(usize, Rgb) -> Rgb) {
        match self {
            Board::Round(b, names) => b.paint(layers, theme, names, tint),
            Board::Grid(b, files, ranks) => b.paint(layers, theme, (files, ranks), tint),
        }
    }
}
