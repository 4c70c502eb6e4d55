//! Geometry of square boards (Djambi's 9 x 9): a grid of equal squares in
//! a rectangle of the image, computed once per image size as tables of
//! cell → pixel spot and pixel runs, and painted once as backgrounds with
//! the file and rank names in the margins.
//!
//! Cells are numbered row by row from the top, and within a row by column
//! from the left (`row * columns + column`), as Djambi's seed numbers its
//! squares (row 1 at the top of its diagrams), so the game's square index
//! is the cell.

use super::fastmath::round;
use super::font::{self, Face};
use super::geometry::Rect;
use super::raster::{RgbImage, mix_layers};
use super::round::Span;
use super::theme::{Rgb, Theme, mix};

struct Cell {
    spot: (f32, f32),
    spans: Vec<Span>,
}

/// A square board laid out in an image.
pub struct GridBoard {
    /// The image's size.
    width: usize,
    height: usize,
    files: usize,
    ranks: usize,
    /// The board's top-left corner in pixels.
    origin: (f32, f32),
    square: f32,
    /// A cell painted apart (Djambi's Labyrinth), if any.
    special: Option<usize>,
    cells: Vec<Cell>,
}

impl GridBoard {
    /// Lays a `files` x `ranks` grid of `square`-pixel squares out in a
    /// `width` x `height` image, its top-left corner at `origin`; finds
    /// every cell's pixels once.
    pub fn new(
        (files, ranks): (usize, usize),
        (width, height): (usize, usize),
        origin: (f32, f32),
        square: f32,
        special: Option<usize>,
    ) -> GridBoard {
        let mut board = GridBoard {
            width,
            height,
            files,
            ranks,
            origin,
            square,
            special,
            cells: Vec::with_capacity(files * ranks),
        };
        // Square edges on whole pixels, so neighbouring cells share no pixel
        // and a tint never bleeds over the line into the next square.
        let edge_x = |file: usize| (origin.0 + file as f32 * square).round() as usize;
        let edge_y = |row: usize| (origin.1 + row as f32 * square).round() as usize;
        for row in 0..ranks {
            for file in 0..files {
                let (x0, x1) = (edge_x(file), edge_x(file + 1).min(width));
                let spans = (edge_y(row)..edge_y(row + 1))
                    .map(|y| Span {
                        start: y * width + x0,
                        len: x1.saturating_sub(x0),
                    })
                    .collect();
                board.cells.push(Cell {
                    spot: (
                        origin.0 + (file as f32 + 0.5) * square,
                        origin.1 + (row as f32 + 0.5) * square,
                    ),
                    spans,
                });
            }
        }
        board
    }

    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// Half the board's width: the length every sprite scales with, as a
    /// round board's radius.
    pub fn radius(&self) -> f32 {
        self.square * self.files as f32 / 2.0
    }

    /// The board's right edge in pixels.
    pub fn right(&self) -> f32 {
        self.origin.0 + self.square * self.files as f32
    }

    pub fn spot(&self, cell: usize) -> (f32, f32) {
        self.cells[cell].spot
    }

    pub fn spans(&self, cell: usize) -> &[Span] {
        &self.cells[cell].spans
    }

    /// The cell under an image point, if on the board.
    fn locate(&self, x: f32, y: f32) -> Option<usize> {
        let fx = (x - self.origin.0) / self.square;
        let fy = (y - self.origin.1) / self.square;
        if fx < 0.0 || fy < 0.0 || fx >= self.files as f32 || fy >= self.ranks as f32 {
            return None;
        }
        Some(fy as usize * self.files + fx as usize)
    }

    /// A plain cell's tone: 0 dark, 1 light, in a checker.
    fn tone(&self, cell: usize) -> usize {
        (cell % self.files + cell / self.files) % 2
    }

    /// Distance in pixels from (x, y) to the nearest grid line.
    fn line_distance(&self, x: f32, y: f32) -> f32 {
        let fx = (x - self.origin.0) / self.square;
        let fy = (y - self.origin.1) / self.square;
        let nearest = |f: f32, count: usize| (f - round(f).clamp(0.0, count as f32)).abs();
        nearest(fx, self.files).min(nearest(fy, self.ranks)) * self.square
    }

    /// Paints the board onto `layers` (one part of the image with a tint
    /// each, as [`RoundBoard::paint`](super::round::RoundBoard::paint)):
    /// squares in alternating tones (the special cell in the theme's
    /// Labyrinth colour, with nested walls) passed through
    /// `tint(layer, tone)`, glowing grid lines, and the names of the columns (`files`,
    /// left to right) under the board and of the rows (`ranks`, top to
    /// bottom) to its left.
    pub fn paint(
        &self,
        layers: &mut [RgbImage],
        theme: &Theme,
        (files, ranks): (&[&str], &[&str]),
        tint: impl Fn(usize, Rgb) -> Rgb,
    ) {
        let Some(area) = layers.first().map(|layer| layer.area) else {
            return;
        };
        let line = (self.radius() * 0.006).max(1.2);
        let halo = self.radius() * 0.0075;
        let rim_halo = self.radius() * 0.02;
        let reach = rim_halo * 6.0;
        let width = self.square * self.files as f32;
        let height = self.square * self.ranks as f32;
        let x0 = (self.origin.0 - reach).max(0.0) as usize;
        let y0 = (self.origin.1 - reach).max(0.0) as usize;
        let x1 = ((self.origin.0 + width + reach) as usize).min(self.width);
        let y1 = ((self.origin.1 + height + reach) as usize).min(self.height);
        // Each layer's light and dark tones; the Labyrinth's vary by pixel.
        let tones: Vec<[Rgb; 2]> = (0..layers.len())
            .map(|layer| [theme.dark_square, theme.light_square].map(|tone| tint(layer, tone)))
            .collect();
        for y in area.rows(y0..y1) {
            for x in area.columns(x0..x1) {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let (cell, d, spread) = match self.locate(px, py) {
                    Some(cell) => (Some(cell), self.line_distance(px, py), halo),
                    None => {
                        let dx = (self.origin.0 - px)
                            .max(px - self.origin.0 - width)
                            .max(0.0);
                        let dy = (self.origin.1 - py)
                            .max(py - self.origin.1 - height)
                            .max(0.0);
                        (None, dx.hypot(dy), rim_halo)
                    }
                };
                let special = cell.filter(|&c| self.special == Some(c));
                let own = special.map(|c| self.labyrinth_colour(theme, c, px, py));
                let core = (line / 2.0 - d + 0.5).clamp(0.0, 1.0);
                let glow = 0.4 * (-d / spread).exp();
                let grid = (core * 0.85 + glow).min(1.0);
                let ground = |layer: usize, pixel| match (cell, own) {
                    (_, Some(own)) => tint(layer, own),
                    (Some(cell), None) => tones[layer][self.tone(cell)],
                    (None, None) => pixel,
                };
                mix_layers(layers, (x, y), ground, theme.grid, grid);
            }
        }
        for (at, name) in self.label_baselines(files, ranks) {
            font::draw_text(layers, Face::Bold, self.label_px(), at, name, theme.label);
        }
    }

    /// The boxes the file and rank names cover, for what must not hide
    /// them.
    pub fn label_boxes(&self, files: &[&str], ranks: &[&str]) -> Vec<Rect> {
        let px = self.label_px();
        self.label_baselines(files, ranks)
            .map(|(at, name)| font::text_box(Face::Bold, px, at, name))
            .collect()
    }

    fn label_px(&self) -> f32 {
        (self.square * 0.3).round()
    }

    /// Where each name's baseline starts: files centred under their
    /// columns, ranks right-aligned left of their rows.
    fn label_baselines<'a>(
        &self,
        files: &'a [&'a str],
        ranks: &'a [&'a str],
    ) -> impl Iterator<Item = ((f32, f32), &'a str)> {
        let px = self.label_px();
        let gap = self.square * 0.22;
        let (origin, square) = (self.origin, self.square);
        let bottom = origin.1 + square * self.ranks as f32;
        let under = files
            .iter()
            .take(self.files)
            .enumerate()
            .map(move |(file, name)| {
                let x = origin.0 + (file as f32 + 0.5) * square;
                let w = font::text_width(Face::Bold, px, name);
                ((x - w / 2.0, bottom + gap + px * 0.75), *name)
            });
        let beside = ranks
            .iter()
            .take(self.ranks)
            .enumerate()
            .map(move |(row, name)| {
                let y = origin.1 + (row as f32 + 0.5) * square;
                let w = font::text_width(Face::Bold, px, name);
                ((origin.0 - gap - w, y + px * 0.36), *name)
            });
        under.chain(beside)
    }

    /// The Labyrinth's colour at (x, y): its fill with three nested walls, each open on another side, so the centre
    /// reads as a maze round a piece standing on it.
    fn labyrinth_colour(&self, theme: &Theme, cell: usize, x: f32, y: f32) -> Rgb {
        let (cx, cy) = self.cells[cell].spot;
        let (dx, dy) = ((x - cx) / self.square, (y - cy) / self.square);
        let ring = dx.abs().max(dy.abs());
        let wall = self.square * 0.035;
        let mut cover: f32 = 0.0;
        for (i, r) in [0.43_f32, 0.33, 0.23].into_iter().enumerate() {
            // The gap of wall i: top, right, bottom in turn.
            let (gx, gy) = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0)][i];
            let in_gap = (dx * gx + dy * gy) > r * 0.5 && (dx * gy - dy * gx).abs() < 0.07;
            if !in_gap {
                let d = (ring - r).abs() * self.square;
                cover = cover.max((wall / 2.0 - d + 0.5).clamp(0.0, 1.0));
            }
        }
        mix(theme.labyrinth, theme.labyrinth_wall, cover)
    }
}
