//! Geometry of the round boards (Space Checkers and Dejarik: 12 + 12 + 1;
//! holochess: 12 + 12 + 4): rings of equal sectors around a centre,
//! computed once per image size as tables of cell → pixel spot, label
//! position and pixel runs, and painted once as backgrounds.
//!
//! Cells are numbered ring by ring from the outside in, and within a ring by
//! sector clockwise, sector 0 starting at 12 o'clock. That is exactly how the
//! rules number the squares (ray n is centred (n - 0.5) * 30° clockwise from
//! the top), so a game maps its squares to cells without arithmetic. A ring
//! of 4 sectors spans 3 sectors of a ring of 12 each, as holochess's centre
//! squares do.

use super::font::{self, Face};
use super::geometry::Rect;
use super::raster::RgbImage;
use super::theme::{Rgb, Theme, mix};
use std::f32::consts::TAU;

/// One ring; radii and positions are fractions of the board radius.
#[derive(Clone, Copy, Debug)]
pub struct Ring {
    pub sectors: u8,
    pub inner: f32,
    pub outer: f32,
    /// Where pieces stand, from the centre.
    pub piece_at: f32,
    /// Where the square names are written, from the centre.
    pub label_at: f32,
}

/// The rings of the board Space Checkers and Dejarik share (12 + 12 + 1).
/// The outer orbit is the widest ring because it holds the most traffic
/// and a label beside every piece; the core is just big enough for one
/// piece and its name. Inner-orbit names sit on the core side of their
/// pieces, so the path of a move between the orbits never crosses a name
/// (only moves into or out of the core do).
pub const ONE_CENTRE: [Ring; 3] = [
    Ring {
        sectors: 12,
        inner: 0.6,
        outer: 1.0,
        piece_at: 0.765,
        label_at: 0.925,
    },
    Ring {
        sectors: 12,
        inner: 0.27,
        outer: 0.6,
        piece_at: 0.475,
        label_at: 0.325,
    },
    Ring {
        sectors: 1,
        inner: 0.0,
        outer: 0.27,
        piece_at: 0.0,
        label_at: 0.165,
    },
];

/// A horizontal run of pixels of one cell.
#[derive(Clone, Copy, Debug)]
pub struct Span {
    pub start: usize,
    pub len: usize,
}

struct Cell {
    spot: (f32, f32),
    spans: Vec<Span>,
}

/// A round board laid out in an image.
pub struct RoundBoard {
    rings: &'static [Ring],
    centre: (f32, f32),
    radius: f32,
    cells: Vec<Cell>,
}

impl RoundBoard {
    /// Lays `rings` out in a `width` x `height` image with the board centred
    /// at `centre`; finds every cell's pixels once.
    pub fn new(
        rings: &'static [Ring],
        width: usize,
        height: usize,
        centre: (f32, f32),
        radius: f32,
    ) -> RoundBoard {
        let mut board = RoundBoard {
            rings,
            centre,
            radius,
            cells: Vec::new(),
        };
        for (index, ring) in rings.iter().enumerate() {
            for sector in 0..ring.sectors {
                let spot = if ring.sectors == 1 {
                    centre
                } else {
                    board.polar(ring.piece_at, board.sector_angle(index, sector))
                };
                board.cells.push(Cell {
                    spot,
                    spans: Vec::new(),
                });
            }
        }
        let y0 = (centre.1 - radius).floor().max(0.0) as usize;
        let y1 = ((centre.1 + radius).ceil() as usize + 1).min(height);
        let x0 = (centre.0 - radius).floor().max(0.0) as usize;
        let x1 = ((centre.0 + radius).ceil() as usize + 1).min(width);
        for y in y0..y1 {
            let mut current: Option<(usize, usize)> = None;
            for x in x0..=x1 {
                let cell = (x < x1)
                    .then(|| board.locate(x as f32 + 0.5, y as f32 + 0.5))
                    .flatten();
                match (current, cell) {
                    (Some((c, _)), Some(n)) if c == n => continue,
                    _ => {}
                }
                if let Some((c, start)) = current.take() {
                    board.cells[c].spans.push(Span {
                        start: y * width + start,
                        len: x - start,
                    });
                }
                current = cell.map(|c| (c, x));
            }
        }
        board
    }

    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    pub fn radius(&self) -> f32 {
        self.radius
    }

    pub fn centre(&self) -> (f32, f32) {
        self.centre
    }

    /// Where a piece on `cell` stands.
    pub fn spot(&self, cell: usize) -> (f32, f32) {
        self.cells[cell].spot
    }

    /// The cell's pixels as runs of indices into the image.
    pub fn spans(&self, cell: usize) -> &[Span] {
        &self.cells[cell].spans
    }

    fn first_cell(&self, ring: usize) -> usize {
        self.rings[..ring]
            .iter()
            .map(|r| usize::from(r.sectors))
            .sum()
    }

    /// The ring, sector and cell under an image point, if on the board.
    fn locate_full(&self, x: f32, y: f32) -> Option<(usize, usize, usize)> {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        let r = (dx * dx + dy * dy).sqrt() / self.radius;
        let ring = self
            .rings
            .iter()
            .position(|ring| r >= ring.inner && r < ring.outer)?;
        let sectors = usize::from(self.rings[ring].sectors);
        // Clockwise from 12 o'clock, in turns.
        let turn = (dx.atan2(-dy) / TAU).rem_euclid(1.0);
        let sector = ((turn * sectors as f32) as usize).min(sectors - 1);
        Some((ring, sector, self.first_cell(ring) + sector))
    }

    pub fn locate(&self, x: f32, y: f32) -> Option<usize> {
        self.locate_full(x, y).map(|(_, _, cell)| cell)
    }

    fn sector_angle(&self, ring: usize, sector: u8) -> f32 {
        (f32::from(sector) + 0.5) / f32::from(self.rings[ring].sectors) * TAU
    }

    /// The image point at `fraction` of the radius, `angle` clockwise from top.
    fn polar(&self, fraction: f32, angle: f32) -> (f32, f32) {
        let r = fraction * self.radius;
        (
            self.centre.0 + r * angle.sin(),
            self.centre.1 - r * angle.cos(),
        )
    }

    /// Distance in pixels from (x, y) to the nearest line between cells.
    fn line_distance(&self, x: f32, y: f32, ring: usize) -> f32 {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        let r_px = (dx * dx + dy * dy).sqrt();
        let spec = self.rings[ring];
        let mut best = (r_px - spec.outer * self.radius).abs();
        if spec.inner > 0.0 {
            best = best.min((r_px - spec.inner * self.radius).abs());
        }
        if spec.sectors > 1 {
            let turn = (dx.atan2(-dy) / TAU).rem_euclid(1.0) * f32::from(spec.sectors);
            let off = (turn - turn.round()).abs() / f32::from(spec.sectors) * TAU;
            best = best.min(r_px * off.min(TAU / 4.0).sin());
        }
        best
    }

    /// Paints the board: cells in alternating tones (the centre disc in its
    /// own) passed through `tint`, glowing lines between cells and round the
    /// rim, and the cell names.
    pub fn paint(
        &self,
        image: &mut RgbImage,
        theme: &Theme,
        names: &[String],
        tint: impl Fn(Rgb) -> Rgb,
    ) {
        let line = (self.radius * 0.006).max(1.2);
        // A tight halo inside the board: gradients are what the PNG spends
        // its bytes on, and a wide one doubled the file. Round the rim,
        // where there is only one line, the glow may spread.
        let halo = self.radius * 0.0075;
        let rim_halo = self.radius * 0.02;
        let reach = (self.radius + rim_halo * 6.0).ceil();
        let y0 = (self.centre.1 - reach).max(0.0) as usize;
        let y1 = ((self.centre.1 + reach) as usize).min(image.height);
        let x0 = (self.centre.0 - reach).max(0.0) as usize;
        let x1 = ((self.centre.0 + reach) as usize).min(image.width);
        for y in y0..y1 {
            for x in x0..x1 {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let pixel = &mut image.pixels[y * image.width + x];
                let (base, d, spread) = match self.locate_full(px, py) {
                    Some((ring, sector, _)) => {
                        let base = if self.rings[ring].sectors == 1 {
                            theme.core
                        } else if (ring + sector) % 2 == 0 {
                            theme.light_square
                        } else {
                            theme.dark_square
                        };
                        (tint(base), self.line_distance(px, py, ring), halo)
                    }
                    None => {
                        let r = (px - self.centre.0).hypot(py - self.centre.1);
                        (*pixel, (r - self.radius).abs(), rim_halo)
                    }
                };
                let core = (line / 2.0 - d + 0.5).clamp(0.0, 1.0);
                let glow = 0.4 * (-d / spread).exp();
                *pixel = mix(base, theme.grid, (core * 0.85 + glow).min(1.0));
            }
        }
        let px = self.label_px();
        for (cell, name) in names.iter().enumerate() {
            let at = self.label_baseline(cell, name);
            font::draw_text(image, Face::Bold, px, at, name, theme.label);
        }
    }

    /// The box each cell's name covers, in cell order, for what must not
    /// hide it.
    pub fn label_boxes(&self, names: &[String]) -> Vec<Rect> {
        let px = self.label_px();
        names
            .iter()
            .enumerate()
            .map(|(cell, name)| {
                font::text_box(Face::Bold, px, self.label_baseline(cell, name), name)
            })
            .collect()
    }

    fn label_px(&self) -> f32 {
        (self.radius * 0.056).round()
    }

    /// Where the baseline of `cell`'s name starts: the name centred on
    /// its ring's label circle, the core's below the centre.
    fn label_baseline(&self, cell: usize, name: &str) -> (f32, f32) {
        let px = self.label_px();
        let index = self
            .rings
            .iter()
            .enumerate()
            .rposition(|(i, _)| self.first_cell(i) <= cell)
            .expect("cell 0 is in the first ring");
        let ring = self.rings[index];
        let at = if ring.sectors == 1 {
            (self.centre.0, self.centre.1 + ring.label_at * self.radius)
        } else {
            let sector = (cell - self.first_cell(index)) as u8;
            self.polar(ring.label_at, self.sector_angle(index, sector))
        };
        let width = font::text_width(Face::Bold, px, name);
        (at.0 - width / 2.0, at.1 + px * 0.36)
    }
}
