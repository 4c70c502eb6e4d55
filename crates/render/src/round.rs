//! Geometry of the round boards (Space Checkers and Dejarik: 12 + 12 + 1;
//! holochess: 12 + 12 + 4): rings of equal sectors around a centre,
//! computed once per image size as tables of cell → pixel spot and label
//! position, each cell's pixel runs found when first needed, and painted
//! as backgrounds.
//!
//! Cells are numbered ring by ring from the outside in, and within a ring by
//! sector clockwise, sector 0 starting at 12 o'clock. That is exactly how the
//! rules number the squares (ray n is centred (n - 0.5) * 30° clockwise from
//! the top), so a game maps its squares to cells without arithmetic. A ring
//! of 4 sectors spans 3 sectors of a ring of 12 each, as holochess's centre
//! squares do.

use super::fastmath::{round, turn_fraction};
use super::font::{self, Face};
use super::geometry::Rect;
use super::raster::{Area, RgbImage, mix_layers};
use super::theme::{Rgb, Theme};
use std::f32::consts::{FRAC_2_PI, TAU};
use std::sync::OnceLock;

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
    /// Found when a scene first tints the cell.
    spans: OnceLock<Vec<Span>>,
}

/// A round board laid out in an image.
pub struct RoundBoard {
    rings: &'static [Ring],
    /// The image's size.
    width: usize,
    height: usize,
    centre: (f32, f32),
    radius: f32,
    cells: Vec<Cell>,
}

impl RoundBoard {
    /// Lays `rings` out in a `width` x `height` image with the board centred
    /// at `centre`.
    pub fn new(
        rings: &'static [Ring],
        width: usize,
        height: usize,
        centre: (f32, f32),
        radius: f32,
    ) -> RoundBoard {
        let mut board = RoundBoard {
            rings,
            width,
            height,
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
                    spans: OnceLock::new(),
                });
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

    /// The cell's pixels as runs of indices into the image, row by row:
    /// the pixels whose centres [`locate`](Self::locate) puts in it,
    /// looked for only round the cell.
    pub fn spans(&self, cell: usize) -> &[Span] {
        self.cells[cell].spans.get_or_init(|| {
            let around = self.cell_area(cell);
            let mut spans = Vec::new();
            for y in around.top..around.bottom {
                let mut start = None;
                for x in around.left..=around.right {
                    let inside = x < around.right
                        && self.locate(x as f32 + 0.5, y as f32 + 0.5) == Some(cell);
                    match (start, inside) {
                        (None, true) => start = Some(x),
                        (Some(from), false) => {
                            spans.push(Span {
                                start: y * self.width + from,
                                len: x - from,
                            });
                            start = None;
                        }
                        _ => {}
                    }
                }
            }
            spans
        })
    }

    /// A rectangle holding every pixel of `cell`: its corners and the
    /// points of its arcs furthest up, down, left and right, two pixels
    /// round them.
    fn cell_area(&self, cell: usize) -> Area {
        let ring = self.ring_of(cell);
        let spec = self.rings[ring];
        let sectors = f32::from(spec.sectors);
        let sector = (cell - self.first_cell(ring)) as f32;
        let (from, to) = if spec.sectors == 1 {
            (0.0, TAU)
        } else {
            (sector / sectors * TAU, (sector + 1.0) / sectors * TAU)
        };
        let quarters = (0..=4)
            .map(|q| q as f32 * TAU / 4.0)
            .filter(|&a| a > from && a < to);
        let (mut left, mut top, mut right, mut bottom) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for angle in [from, to].into_iter().chain(quarters) {
            for fraction in [spec.inner, spec.outer] {
                let (x, y) = self.polar(fraction, angle);
                (left, top) = (left.min(x), top.min(y));
                (right, bottom) = (right.max(x), bottom.max(y));
            }
        }
        let near = |v: f32, limit: usize| (v.max(0.0) as usize).min(limit);
        Area {
            left: near(left.floor() - 2.0, self.width),
            top: near(top.floor() - 2.0, self.height),
            right: near(right.ceil() + 3.0, self.width),
            bottom: near(bottom.ceil() + 3.0, self.height),
        }
    }

    /// The ring `cell` is in.
    fn ring_of(&self, cell: usize) -> usize {
        self.rings
            .iter()
            .enumerate()
            .rposition(|(i, _)| self.first_cell(i) <= cell)
            .expect("cell 0 is in the first ring")
    }

    fn first_cell(&self, ring: usize) -> usize {
        self.rings[..ring]
            .iter()
            .map(|r| usize::from(r.sectors))
            .sum()
    }

    /// The ring, sector and cell under an image point, if on the board.
    fn locate_full(&self, x: f32, y: f32) -> Option<(usize, usize, usize)> {
        let (ring, sector, _) = self.locate_with_turn(x, y)?;
        Some((ring, sector, self.first_cell(ring) + sector))
    }

    pub fn locate(&self, x: f32, y: f32) -> Option<usize> {
        self.locate_full(x, y).map(|(_, _, cell)| cell)
    }

    /// The ring and sector under an image point, and how far round its
    /// ring the point is in sectors (a one-sector ring needs no angle).
    fn locate_with_turn(&self, x: f32, y: f32) -> Option<(usize, usize, f32)> {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        let r = (dx * dx + dy * dy).sqrt() / self.radius;
        let ring = self
            .rings
            .iter()
            .position(|ring| r >= ring.inner && r < ring.outer)?;
        let sectors = usize::from(self.rings[ring].sectors);
        if sectors == 1 {
            return Some((ring, 0, 0.0));
        }
        // Clockwise from 12 o'clock, in turns.
        let turn = turn_fraction(dx.atan2(-dy) / TAU) * sectors as f32;
        let sector = (turn as usize).min(sectors - 1);
        Some((ring, sector, turn))
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

    /// Distance in pixels from (x, y) to the nearest line between cells,
    /// for a point `turn` sectors round `ring`.
    fn line_distance(&self, x: f32, y: f32, ring: usize, turn: f32) -> f32 {
        let (r_px, circles, off) = self.line_offsets(x, y, ring, turn);
        off.map_or(circles, |off| circles.min(r_px * off.sin()))
    }

    /// At most [`line_distance`](Self::line_distance), without its sine:
    /// a sine is at least its angle times 2/π up to a quarter turn.
    fn line_distance_at_least(&self, x: f32, y: f32, ring: usize, turn: f32) -> f32 {
        let (r_px, circles, off) = self.line_offsets(x, y, ring, turn);
        off.map_or(circles, |off| circles.min(r_px * off * FRAC_2_PI))
    }

    /// The point's distance from the centre, from its ring's circles, and
    /// its angle from the nearest line between sectors (up to a quarter
    /// turn), if the ring has sectors.
    fn line_offsets(&self, x: f32, y: f32, ring: usize, turn: f32) -> (f32, f32, Option<f32>) {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        let r_px = (dx * dx + dy * dy).sqrt();
        let spec = self.rings[ring];
        let mut best = (r_px - spec.outer * self.radius).abs();
        if spec.inner > 0.0 {
            best = best.min((r_px - spec.inner * self.radius).abs());
        }
        let off = (spec.sectors > 1).then(|| {
            let off = (turn - round(turn)).abs() / f32::from(spec.sectors) * TAU;
            off.min(TAU / 4.0)
        });
        (r_px, best, off)
    }

    /// Paints the board onto `layers`, one part of the image with a tint
    /// each: cells in alternating tones (the centre disc in its own)
    /// passed through `tint(layer, tone)`, glowing lines between cells and
    /// round the rim, and the cell names. The geometry of a pixel is found
    /// once for every layer.
    pub fn paint(
        &self,
        layers: &mut [RgbImage],
        theme: &Theme,
        names: &[String],
        tint: impl Fn(usize, Rgb) -> Rgb,
    ) {
        let Some(area) = layers.first().map(|layer| layer.area) else {
            return;
        };
        let line = (self.radius * 0.006).max(1.2);
        // A tight halo inside the board: gradients are what the PNG spends
        // its bytes on, and a wide one doubled the file. Round the rim,
        // where there is only one line, the glow may spread.
        let halo = self.radius * 0.0075;
        let rim_halo = self.radius * 0.02;
        let reach = (self.radius + rim_halo * 6.0).ceil();
        let y0 = (self.centre.1 - reach).max(0.0) as usize;
        let y1 = ((self.centre.1 + reach) as usize).min(self.height);
        let x0 = (self.centre.0 - reach).max(0.0) as usize;
        let x1 = ((self.centre.0 + reach) as usize).min(self.width);
        // Each layer's core, light and dark tones.
        let tones: Vec<[Rgb; 3]> = (0..layers.len())
            .map(|layer| {
                [theme.core, theme.light_square, theme.dark_square].map(|tone| tint(layer, tone))
            })
            .collect();
        // How far from the lines a tone is left as it is in every layer:
        // where its glow moves no channel of any layer's tone by half a
        // step (see `faint_mix`; 0.45 and the extra 1% leave room for rounding).
        let quiet: [f32; 3] = std::array::from_fn(|tone| {
            let reach = tones
                .iter()
                .flat_map(|t| (0..3).map(move |c| t[tone][c].abs_diff(theme.grid[c])))
                .max()
                .unwrap_or(0);
            let faint = halo * (0.4 * f32::from(reach) / 0.45).ln().max(0.0);
            (faint * 1.01 + 0.01).max(line / 2.0 + 0.5)
        });
        for y in area.rows(y0..y1) {
            for x in area.columns(x0..x1) {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let (tone, d, spread) = match self.locate_with_turn(px, py) {
                    Some((ring, sector, turn)) => {
                        let tone = if self.rings[ring].sectors == 1 {
                            0
                        } else if (ring + sector) % 2 == 0 {
                            1
                        } else {
                            2
                        };
                        if self.line_distance_at_least(px, py, ring, turn) >= quiet[tone] {
                            for (layer, tones) in layers.iter_mut().zip(&tones) {
                                *layer.at(x, y) = tones[tone];
                            }
                            continue;
                        }
                        (Some(tone), self.line_distance(px, py, ring, turn), halo)
                    }
                    None => {
                        let r = (px - self.centre.0).hypot(py - self.centre.1);
                        (None, (r - self.radius).abs(), rim_halo)
                    }
                };
                let core = (line / 2.0 - d + 0.5).clamp(0.0, 1.0);
                let glow = 0.4 * (-d / spread).exp();
                let grid = (core * 0.85 + glow).min(1.0);
                let ground = |layer: usize, pixel| tone.map_or(pixel, |tone| tones[layer][tone]);
                mix_layers(layers, (x, y), ground, theme.grid, grid);
            }
        }
        let px = self.label_px();
        for (cell, name) in names.iter().enumerate() {
            let at = self.label_baseline(cell, name);
            font::draw_text(layers, Face::Bold, px, at, name, theme.label);
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
        let index = self.ring_of(cell);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell's runs as a scan of the whole board finds them.
    fn scanned(board: &RoundBoard) -> Vec<Vec<(usize, usize)>> {
        let mut cells = vec![Vec::new(); board.cell_count()];
        for y in 0..board.height {
            let mut current: Option<(usize, usize)> = None;
            for x in 0..=board.width {
                let cell = (x < board.width)
                    .then(|| board.locate(x as f32 + 0.5, y as f32 + 0.5))
                    .flatten();
                if current.is_some_and(|(c, _)| Some(c) == cell) {
                    continue;
                }
                if let Some((c, start)) = current.take() {
                    cells[c].push((y * board.width + start, x - start));
                }
                current = cell.map(|c| (c, x));
            }
        }
        cells
    }

    /// Holochess's shape: a centre of four quarter discs.
    const FOUR_CENTRES: [Ring; 3] = [
        Ring {
            inner: 0.63,
            ..ONE_CENTRE[0]
        },
        Ring {
            inner: 0.31,
            outer: 0.63,
            ..ONE_CENTRE[1]
        },
        Ring {
            sectors: 4,
            outer: 0.31,
            ..ONE_CENTRE[2]
        },
    ];

    #[test]
    fn a_cells_runs_found_round_it_are_the_whole_boards() {
        for rings in [&ONE_CENTRE, &FOUR_CENTRES] {
            for size in [256, 333, 640, 1001] {
                let s = size as f32;
                let board = RoundBoard::new(rings, size, size, (s / 2.0, s * 0.46), s * 0.43);
                for (cell, runs) in scanned(&board).iter().enumerate() {
                    let found: Vec<(usize, usize)> =
                        board.spans(cell).iter().map(|s| (s.start, s.len)).collect();
                    assert_eq!(&found, runs, "cell {cell} at {size} px");
                    assert!(!runs.is_empty());
                }
            }
        }
    }
}
