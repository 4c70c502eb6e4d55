//! The per-request side: a reused palette-indexed [`Frame`] and the
//! pre-quantised [`Sprite`]s copied into it.
//!
//! A sprite keeps its opaque pixels as ready palette indices in row runs
//! (copied with `copy_from_slice`) and only its anti-aliased edge pixels as
//! RGB + alpha, blended over whatever lies below through the palette's
//! nearest-colour table. So any sprite can go on any ground, and the cost is
//! a few hundred lookups per sprite.

use super::palette::{Palette, Quantiser};
use super::raster::{RgbaImage, segment_distance};
use super::theme::Rgb;

/// One palette-indexed image, reused from request to request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) pixels: Vec<u8>,
}

impl Frame {
    pub fn width(&self) -> u32 {
        self.width as u32
    }

    pub fn height(&self) -> u32 {
        self.height as u32
    }

    /// Palette indices, row by row.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// Overwrites the frame with `background` (same dimensions).
    pub(super) fn reset(&mut self, width: usize, height: usize, background: &[u8]) {
        self.width = width;
        self.height = height;
        self.pixels.clear();
        self.pixels.extend_from_slice(background);
    }

    /// Draws `sprite` with its anchor at (x, y), clipped to the frame.
    pub(super) fn draw(&mut self, sprite: &Sprite, palette: &Palette, x: i32, y: i32) {
        let left = x - sprite.anchor;
        let top = y - sprite.anchor;
        for run in &sprite.runs {
            let py = top + i32::from(run.y);
            let px = left + i32::from(run.x);
            let len = usize::from(run.len);
            if py < 0 || py as usize >= self.height || px < 0 || px as usize + len > self.width {
                continue;
            }
            let at = py as usize * self.width + px as usize;
            let src = run.start as usize;
            self.pixels[at..at + len].copy_from_slice(&sprite.indices[src..src + len]);
        }
        for edge in &sprite.edges {
            let (px, py) = (left + i32::from(edge.x), top + i32::from(edge.y));
            if px < 0 || py < 0 || px as usize >= self.width || py as usize >= self.height {
                continue;
            }
            let at = py as usize * self.width + px as usize;
            self.pixels[at] = palette.blend(self.pixels[at], edge.rgb, edge.alpha);
        }
    }

    /// A round-capped line of `width` from `a` to `b` in colour `index`.
    /// Drawn per request (paths differ every time), and per row only over
    /// the band the line crosses, so a long diagonal costs its area and not
    /// its bounding box's.
    pub(super) fn stroke(
        &mut self,
        palette: &Palette,
        a: (f32, f32),
        b: (f32, f32),
        width: f32,
        index: u8,
    ) {
        let half = width / 2.0;
        let reach = half + 1.0;
        let x0 = (a.0.min(b.0) - reach).floor().max(0.0);
        let y0 = (a.1.min(b.1) - reach).floor().max(0.0) as usize;
        let x1 = ((a.0.max(b.0) + reach).ceil()).min(self.width as f32);
        let y1 = ((a.1.max(b.1) + reach).ceil() as usize).min(self.height);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = dx.hypot(dy);
        // The line's unit normal: a pixel within `reach` of the segment is
        // within `reach` of its line, which bounds each row's run.
        let (nx, ny) = if length > 0.0 {
            (-dy / length, dx / length)
        } else {
            (0.0, 0.0)
        };
        let ink = palette.rgb(index);
        for y in y0..y1 {
            let cy = y as f32 + 0.5;
            let (mut left, mut right) = (x0, x1);
            if nx.abs() > 1e-3 {
                let offset = ny * (cy - a.1);
                let (e0, e1) = ((-reach - offset) / nx, (reach - offset) / nx);
                left = left.max(a.0 + e0.min(e1) - 0.5).floor().max(x0);
                right = right.min((a.0 + e0.max(e1) + 0.5).ceil());
            }
            for x in left as usize..(right.max(left)) as usize {
                let d = segment_distance(x as f32 + 0.5, cy, a, b);
                let coverage = (half - d + 0.5).clamp(0.0, 1.0);
                let at = y * self.width + x;
                if coverage >= 1.0 {
                    self.pixels[at] = index;
                } else if coverage > 0.0 {
                    self.pixels[at] = palette.blend(self.pixels[at], ink, (coverage * 255.0) as u8);
                }
            }
        }
    }

    /// The triangle `corners`, grown by `grow` pixels on every side (for an
    /// outline under it), anti-aliased in colour `index`.
    pub(super) fn fill_triangle(
        &mut self,
        palette: &Palette,
        corners: [(f32, f32); 3],
        grow: f32,
        index: u8,
    ) {
        // Outward edge normals need the corners in one turning direction.
        let [p, q, r] = corners;
        let turn = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
        let corners = if turn < 0.0 { [p, r, q] } else { [p, q, r] };
        let edges: [(f32, f32, f32); 3] = std::array::from_fn(|i| {
            let (a, b) = (corners[i], corners[(i + 1) % 3]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let length = dx.hypot(dy).max(1e-6);
            let (nx, ny) = (dy / length, -dx / length);
            (nx, ny, nx * a.0 + ny * a.1)
        });
        let reach = grow + 1.0;
        let xs = corners.map(|c| c.0);
        let ys = corners.map(|c| c.1);
        let min = |v: [f32; 3]| v.iter().copied().fold(f32::INFINITY, f32::min);
        let max = |v: [f32; 3]| v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let x0 = (min(xs) - reach).floor().max(0.0) as usize;
        let y0 = (min(ys) - reach).floor().max(0.0) as usize;
        let x1 = ((max(xs) + reach).ceil().max(0.0) as usize).min(self.width);
        let y1 = ((max(ys) + reach).ceil().max(0.0) as usize).min(self.height);
        let ink = palette.rgb(index);
        for y in y0..y1 {
            for x in x0..x1 {
                let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                let outside = edges
                    .iter()
                    .map(|&(nx, ny, c)| nx * cx + ny * cy - c)
                    .fold(f32::NEG_INFINITY, f32::max);
                let coverage = (grow + 0.5 - outside).clamp(0.0, 1.0);
                let at = y * self.width + x;
                if coverage >= 1.0 {
                    self.pixels[at] = index;
                } else if coverage > 0.0 {
                    self.pixels[at] = palette.blend(self.pixels[at], ink, (coverage * 255.0) as u8);
                }
            }
        }
    }
}

struct Run {
    y: u16,
    x: u16,
    len: u16,
    start: u32,
}

struct Edge {
    x: u16,
    y: u16,
    rgb: Rgb,
    alpha: u8,
}

/// A pre-drawn image placed by its anchor point.
pub struct Sprite {
    anchor: i32,
    runs: Vec<Run>,
    indices: Vec<u8>,
    edges: Vec<Edge>,
}

/// A sprite drawn before the palette exists: its opaque pixels still in
/// RGB, a few bytes each where the drawing holds sixteen for every pixel
/// of its square (a Djambi renderer's figures took 6 MB that way).
pub struct SpriteDraft {
    anchor: i32,
    runs: Vec<Run>,
    colours: Vec<Rgb>,
    edges: Vec<Edge>,
}

impl SpriteDraft {
    /// Near-opaque pixels in runs, near-transparent ones dropped, the rest
    /// kept for blending.
    pub fn new(image: &RgbaImage) -> SpriteDraft {
        let mut draft = SpriteDraft {
            anchor: image.anchor,
            runs: Vec::new(),
            colours: Vec::new(),
            edges: Vec::new(),
        };
        for y in 0..image.size {
            let mut run: Option<Run> = None;
            for x in 0..=image.size {
                let pixel = (x < image.size).then(|| image.pixels[y * image.size + x]);
                let alpha = pixel.map_or(0, |p| (p[3] * 255.0).round() as u8);
                let [r, g, b, _] = pixel.map_or([0; 4], |p| p.map(|c| (c * 255.0).round() as u8));
                let rgb = [r, g, b];
                if alpha == 255 {
                    let run = run.get_or_insert(Run {
                        y: y as u16,
                        x: x as u16,
                        len: 0,
                        start: draft.colours.len() as u32,
                    });
                    run.len += 1;
                    draft.colours.push(rgb);
                    continue;
                }
                if let Some(done) = run.take() {
                    draft.runs.push(done);
                }
                if alpha > 0 {
                    draft.edges.push(Edge {
                        x: x as u16,
                        y: y as u16,
                        rgb,
                        alpha,
                    });
                }
            }
        }
        draft
    }

    /// The sprite, its opaque pixels as palette indices.
    pub fn finish(self, quantiser: &mut Quantiser) -> Sprite {
        Sprite {
            anchor: self.anchor,
            runs: self.runs,
            indices: self
                .colours
                .iter()
                .map(|&rgb| quantiser.index(rgb))
                .collect(),
            edges: self.edges,
        }
    }
}

impl Sprite {
    /// Quantises a drawn sprite (see [`SpriteDraft::new`]).
    pub fn new(image: &RgbaImage, quantiser: &mut Quantiser) -> Sprite {
        SpriteDraft::new(image).finish(quantiser)
    }

    /// The colours of the opaque pixels, for building the palette.
    pub fn opaque_colours(image: &RgbaImage) -> impl Iterator<Item = Rgb> + '_ {
        image
            .pixels
            .iter()
            .filter(|p| p[3] >= 254.5 / 255.0)
            .map(|p| {
                let [r, g, b, _] = p.map(|c| (c * 255.0).round() as u8);
                [r, g, b]
            })
    }
}
