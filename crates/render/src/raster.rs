//! Full-colour drawing, before quantising: the board backgrounds and the
//! sprites are drawn here with anti-aliasing, then quantised once.
//!
//! Shapes are signed-distance coverage functions evaluated per pixel centre;
//! slow next to a real rasteriser, but it runs once per size and keeps every
//! shape a one-liner.

use super::theme::{Rgb, mix};
use std::ops::Range;

/// A rectangle of an image's pixels: columns `left..right`, rows
/// `top..bottom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub left: usize,
    pub top: usize,
    pub right: usize,
    pub bottom: usize,
}

impl Area {
    /// A whole `width` x `height` image.
    pub fn whole(width: usize, height: usize) -> Area {
        Area {
            left: 0,
            top: 0,
            right: width,
            bottom: height,
        }
    }

    pub fn width(&self) -> usize {
        self.right - self.left
    }

    /// The columns of `range` inside the area.
    pub fn columns(&self, range: Range<usize>) -> Range<usize> {
        range.start.max(self.left)..range.end.min(self.right)
    }

    /// The rows of `range` inside the area.
    pub fn rows(&self, range: Range<usize>) -> Range<usize> {
        range.start.max(self.top)..range.end.min(self.bottom)
    }
}

/// An opaque RGB image, or the part of one in `area` (a background is
/// painted in bands, or only round the squares a scene tints). Drawing
/// takes the whole image's coordinates and leaves out what lies outside
/// the area, so a part comes out as the same pixels of the whole.
pub struct RgbImage {
    pub area: Area,
    pub pixels: Vec<Rgb>,
}

impl RgbImage {
    pub fn new(area: Area, fill: Rgb) -> RgbImage {
        RgbImage {
            area,
            pixels: vec![fill; area.width() * (area.bottom - area.top)],
        }
    }

    /// Makes this the part `area` of an image, all `fill`, keeping the
    /// allocation.
    pub fn reset(&mut self, area: Area, fill: Rgb) {
        self.area = area;
        self.pixels.clear();
        self.pixels
            .resize(area.width() * (area.bottom - area.top), fill);
    }

    /// The colour at (x, y), which must lie in the area.
    pub fn get(&self, x: usize, y: usize) -> Rgb {
        let area = &self.area;
        debug_assert!(x >= area.left && x < area.right && y >= area.top && y < area.bottom);
        self.pixels[(y - area.top) * area.width() + x - area.left]
    }

    /// The pixel at (x, y), which must lie in the area.
    pub fn at(&mut self, x: usize, y: usize) -> &mut Rgb {
        let area = &self.area;
        debug_assert!(x >= area.left && x < area.right && y >= area.top && y < area.bottom);
        &mut self.pixels[(y - area.top) * area.width() + x - area.left]
    }

    /// Paints `colour` at opacity `alpha` over pixel (x, y), if inside.
    pub fn blend(&mut self, x: i32, y: i32, colour: Rgb, alpha: f32) {
        let area = self.area;
        let inside = x >= area.left as i32
            && y >= area.top as i32
            && (x as usize) < area.right
            && (y as usize) < area.bottom;
        if !inside || alpha <= 0.0 {
            return;
        }
        let pixel = self.at(x as usize, y as usize);
        *pixel = mix(*pixel, colour, alpha);
    }
}

/// Paints pixel (x, y) of each of `layers` (parts of one image in other
/// tints) as `ink` at opacity `t` over `ground(layer, pixel)`. Off the
/// squares every layer has the same ground, which is mixed once.
pub fn mix_layers(
    layers: &mut [RgbImage],
    (x, y): (usize, usize),
    ground: impl Fn(usize, Rgb) -> Rgb,
    ink: Rgb,
    t: f32,
) {
    let mut last: Option<(Rgb, Rgb)> = None;
    for (index, layer) in layers.iter_mut().enumerate() {
        let pixel = layer.at(x, y);
        let base = ground(index, *pixel);
        *pixel = match last {
            Some((before, mixed)) if before == base => mixed,
            _ => faint_mix(base, ink, t),
        };
        last = Some((base, *pixel));
    }
}

/// [`mix`], quicker where `t` is too small to move `a`: a move of under
/// half a step in every channel rounds back to `a` (0.48 leaves room for
/// the rounding of the sums). Most of a board's pixels are faint glow.
pub fn faint_mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    let reach = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
    if t.clamp(0.0, 1.0) * f32::from(reach) <= 0.48 {
        return a;
    }
    mix(a, b, t)
}

/// A sprite being drawn: straight (not premultiplied) alpha, with its anchor
/// (the point it is placed by) at pixel corner (`anchor`, `anchor`).
pub struct RgbaImage {
    pub size: usize,
    pub anchor: i32,
    pub pixels: Vec<[f32; 4]>,
}

impl RgbaImage {
    /// A transparent square image reaching `radius` pixels round its anchor.
    pub fn around(radius: f32) -> RgbaImage {
        let anchor = radius.ceil() as i32 + 2;
        let size = 2 * anchor as usize;
        RgbaImage {
            size,
            anchor,
            pixels: vec![[0.0; 4]; size * size],
        }
    }

    /// Paints `colour` source-over wherever `coverage(dx, dy)` is positive,
    /// with (dx, dy) the pixel centre relative to the anchor.
    pub fn paint(&mut self, colour: Rgb, coverage: impl Fn(f32, f32) -> f32) {
        let rgb = colour.map(|c| f32::from(c) / 255.0);
        for y in 0..self.size {
            for x in 0..self.size {
                let dx = x as f32 + 0.5 - self.anchor as f32;
                let dy = y as f32 + 0.5 - self.anchor as f32;
                let a = coverage(dx, dy).clamp(0.0, 1.0);
                if a <= 0.0 {
                    continue;
                }
                let p = &mut self.pixels[y * self.size + x];
                let out_a = a + p[3] * (1.0 - a);
                for i in 0..3 {
                    p[i] = (rgb[i] * a + p[i] * p[3] * (1.0 - a)) / out_a;
                }
                p[3] = out_a;
            }
        }
    }
}

/// Coverage of a disc of radius `r` at distance `d` from its centre.
pub fn disc(d: f32, r: f32) -> f32 {
    (r - d + 0.5).clamp(0.0, 1.0)
}

/// Coverage of a circle line of radius `r` and `width` at distance `d`.
pub fn ring(d: f32, r: f32, width: f32) -> f32 {
    (width / 2.0 - (d - r).abs() + 0.5).clamp(0.0, 1.0)
}

/// Distance from point (x, y) to the segment (a, b).
pub fn segment_distance(x: f32, y: f32, a: (f32, f32), b: (f32, f32)) -> f32 {
    let (vx, vy) = (b.0 - a.0, b.1 - a.1);
    let (wx, wy) = (x - a.0, y - a.1);
    let length = vx * vx + vy * vy;
    let t = if length > 0.0 {
        ((wx * vx + wy * vy) / length).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (px, py) = (a.0 + t * vx - x, a.1 + t * vy - y);
    (px * px + py * py).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_faint_mix_is_the_full_one() {
        let colours: [Rgb; 5] = [
            [0, 0, 0],
            [255, 255, 255],
            [12, 200, 97],
            [255, 0, 128],
            [7, 7, 8],
        ];
        for a in colours {
            for b in colours {
                let reach = (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0);
                // Round the threshold, and a spread of others.
                let edge = 0.5 / f32::from(reach.max(1));
                let ts = (0..2000)
                    .map(|i| edge * (0.9 + i as f32 * 0.0001))
                    .chain((0..1000).map(|i| i as f32 / 999.0))
                    .chain([f32::NAN, -1.0, 2.0]);
                for t in ts {
                    assert_eq!(faint_mix(a, b, t), mix(a, b, t), "{a:?} {b:?} {t:e}");
                }
            }
        }
    }
}
