//! The board under the pieces, once per square [`Tint`]: the squares with
//! their names, any decoration, the caption strip.
//!
//! An image tints a few squares at most, so only the plain background is
//! kept whole; a tinted square's pixels are painted when a scene first
//! tints it, once. The palette still serves every tint as it did when all
//! six backgrounds were kept: they are painted band by band, counted and
//! let go, the geometry of each pixel found once for all six.

use super::board::Board;
use super::palette::{Histogram, Palette, Quantiser};
use super::raster::{Area, RgbImage};
use super::round::Span;
use super::scene::Tint;
use super::theme::{Rgb, Theme, mix};
use std::num::NonZero;
use std::panic;
use std::sync::OnceLock;
use std::thread;

/// Rows painted at a time: six bands of a 2048 px image fit in 1.2 MB.
const BAND: usize = 32;
/// The most threads that paint one renderer's bands.
const MAX_WORKERS: usize = 4;

/// What a background is painted with besides the board.
#[derive(Clone, Copy)]
pub struct Look {
    pub theme: &'static Theme,
    /// The game's decoration (see `Drawing::decorate`).
    pub decorate: fn(&mut [RgbImage], &Theme, &Board),
    /// Where the caption strip starts, in pixels from the top.
    pub caption_top: f32,
    pub size: usize,
}

impl Look {
    /// Paints `layers` (one part of the image) each in one of `tints`.
    fn paint(&self, board: &Board, tints: &[Tint], layers: &mut [RgbImage]) {
        let theme = self.theme;
        board.paint(layers, theme, |layer, tone| {
            tinted(theme, tone, tints[layer])
        });
        (self.decorate)(layers, theme, board);
        let top = self.caption_top as usize;
        for layer in layers {
            let area = layer.area;
            for y in area.rows(top..self.size) {
                // A hairline of the grid colour fading into the strip.
                let glow = (-((y - top) as f32) / 2.5).exp();
                let colour = mix(theme.caption_background, theme.grid, glow * 0.6);
                for x in area.left..area.right {
                    *layer.at(x, y) = colour;
                }
            }
        }
    }
}

/// The plain background in full colour, before the palette exists.
pub struct Draft {
    look: Look,
    plain: RgbImage,
}

impl Draft {
    /// Paints every tint's background and counts its colours into
    /// `histogram`; keeps the plain one. The bands are shared out among
    /// the cores, each counting its own: this is most of what building a
    /// renderer costs, and a sum of counts is the same in any order.
    pub fn paint(look: Look, board: &Board, histogram: &mut Histogram) -> Draft {
        let size = look.size;
        let mut plain = RgbImage::new(Area::whole(size, size), look.theme.backdrop);
        let bands = plain.pixels.chunks_mut(BAND * size).enumerate();
        // Each thread past the first costs a histogram (1 MB) and six
        // bands, so a many-core host spends no tens of megabytes on a build.
        let workers = thread::available_parallelism()
            .map_or(1, NonZero::get)
            .min(MAX_WORKERS);
        let mut shares: Vec<Vec<(usize, &mut [Rgb])>> = (0..workers).map(|_| Vec::new()).collect();
        // Dealt in turn, so every share holds rows of the board, which
        // cost the most, and of the margins alike.
        for (index, band) in bands {
            shares[index % workers].push((index * BAND, band));
        }
        let mut shares = shares.into_iter().filter(|share| !share.is_empty());
        let own = shares.next().unwrap_or_default();
        thread::scope(|scope| {
            let others: Vec<_> = shares
                .map(|share| {
                    scope.spawn(move || {
                        let mut counts = Histogram::default();
                        paint_bands(look, board, share, &mut counts);
                        counts
                    })
                })
                .collect();
            paint_bands(look, board, own, histogram);
            for other in others {
                let counts = other
                    .join()
                    .unwrap_or_else(|panic| panic::resume_unwind(panic));
                histogram.merge(&counts);
            }
        });
        Draft { look, plain }
    }

    pub fn finish(self, board: &Board, q: &mut Quantiser) -> Backgrounds {
        Backgrounds {
            look: self.look,
            plain: quantise(&self.plain.pixels, q),
            tinted: (0..board.cell_count() * Tint::ALL.len())
                .map(|_| OnceLock::new())
                .collect(),
        }
    }
}

pub struct Backgrounds {
    look: Look,
    /// The whole plain background, in palette indices.
    plain: Vec<u8>,
    /// Per cell and tint (in `Tint::ALL` order), the tinted background's
    /// pixels of the cell's spans, one after another.
    tinted: Box<[OnceLock<Box<[u8]>>]>,
}

impl Backgrounds {
    pub fn plain(&self) -> &[u8] {
        &self.plain
    }

    /// The background's pixels in `tint` under `cell`'s spans, one span
    /// after another, painted on first use.
    pub fn cell(&self, board: &Board, palette: &Palette, cell: usize, tint: Tint) -> &[u8] {
        self.tinted[cell * Tint::ALL.len() + tint.index()].get_or_init(|| {
            let spans = board.spans(cell);
            let Some(area) = around(spans, self.look.size) else {
                return Box::default();
            };
            let mut layer = [RgbImage::new(area, self.look.theme.backdrop)];
            self.look.paint(board, &[tint], &mut layer);
            let [layer] = layer;
            let mut q = Quantiser::new(palette);
            spans
                .iter()
                .flat_map(|span| span.start..span.start + span.len)
                .map(|at| q.index(layer.get(at % self.look.size, at / self.look.size)))
                .collect()
        })
    }
}

/// Paints the six tints of each of `bands` (the first row of each, and the
/// plain background's pixels there to fill) and counts them.
fn paint_bands(look: Look, board: &Board, bands: Vec<(usize, &mut [Rgb])>, counts: &mut Histogram) {
    let size = look.size;
    let backdrop = look.theme.backdrop;
    let mut layers = Tint::ALL.map(|_| RgbImage::new(Area::whole(size, 0), backdrop));
    for (top, plain) in bands {
        let area = Area {
            top,
            bottom: top + plain.len() / size,
            ..Area::whole(size, size)
        };
        for layer in &mut layers {
            layer.reset(area, backdrop);
        }
        look.paint(board, &Tint::ALL, &mut layers);
        for layer in &layers {
            counts.add_all(&layer.pixels);
        }
        plain.copy_from_slice(&layers[Tint::Plain.index()].pixels);
    }
}

/// The smallest area holding `spans` of an image `width` pixels wide.
fn around(spans: &[Span], width: usize) -> Option<Area> {
    let mut area: Option<Area> = None;
    for span in spans.iter().filter(|span| span.len > 0) {
        let (x, y) = (span.start % width, span.start / width);
        let run = Area {
            left: x,
            top: y,
            right: x + span.len,
            bottom: y + 1,
        };
        area = Some(area.map_or(run, |a| Area {
            left: a.left.min(run.left),
            top: a.top.min(run.top),
            right: a.right.max(run.right),
            bottom: a.bottom.max(run.bottom),
        }));
    }
    area
}

/// A square's colour under a tint: the plain tone pulled towards the marker
/// colour, so labels and lines stay readable through it.
fn tinted(theme: &Theme, base: Rgb, tint: Tint) -> Rgb {
    match tint {
        Tint::Plain => base,
        Tint::Trail => mix(base, theme.last_move, 0.2),
        Tint::Arrival => mix(base, theme.last_move, 0.36),
        Tint::Captured => mix(base, theme.capture, 0.3),
        Tint::Selected => mix(base, theme.option, 0.3),
        Tint::Option => mix(base, theme.option, 0.16),
    }
}

/// Converts a drawn image to palette indices; long flat runs make the
/// one-colour cache hit almost always.
fn quantise(pixels: &[Rgb], q: &mut Quantiser) -> Vec<u8> {
    let mut last: Option<(Rgb, u8)> = None;
    pixels
        .iter()
        .map(|&rgb| match last {
            Some((colour, index)) if colour == rgb => index,
            _ => {
                let index = q.index(rgb);
                last = Some((rgb, index));
                index
            }
        })
        .collect()
}
