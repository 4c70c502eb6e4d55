//! Text: the DejaVu Sans fonts built into the binary (licence in
//! `assets/fonts/LICENSE`), drawn onto the start-up images or, through a
//! per-renderer glyph cache, onto frames.

use super::frame::{Frame, Sprite};
use super::palette::{Palette, Quantiser};
use super::raster::{RgbImage, RgbaImage};
use super::theme::Rgb;
use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
}

impl Face {
    fn font(self) -> FontRef<'static> {
        let bytes = match self {
            Face::Regular => REGULAR,
            Face::Bold => BOLD,
        };
        FontRef::try_from_slice(bytes).expect("the built-in fonts parse")
    }
}

/// The width of `text` set in `face` at `px` pixels.
pub fn text_width(face: Face, px: f32, text: &str) -> f32 {
    let font = face.font();
    let scaled = font.as_scaled(PxScale::from(px));
    text.chars()
        .map(|c| scaled.h_advance(font.glyph_id(c)))
        .sum()
}

/// Draws `text` with its baseline starting at (x, y) onto a start-up image.
pub fn draw_text(
    image: &mut RgbImage,
    face: Face,
    px: f32,
    (x, y): (f32, f32),
    text: &str,
    colour: Rgb,
) {
    let font = face.font();
    let scaled = font.as_scaled(PxScale::from(px));
    let mut pen = x;
    for c in text.chars() {
        let id = font.glyph_id(c);
        let glyph = id.with_scale_and_position(px, point(pen, y));
        pen += scaled.h_advance(id);
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let px = bounds.min.x as i32 + gx as i32;
                let py = bounds.min.y as i32 + gy as i32;
                image.blend(px, py, colour, coverage);
            });
        }
    }
}

/// Writes `text` centred on `image`'s anchor (source-over), for labels
/// baked into sprites.
pub fn stamp_text(image: &mut RgbaImage, face: Face, px: f32, text: &str, colour: Rgb) {
    let font = face.font();
    let scaled = font.as_scaled(PxScale::from(px));
    let width = text_width(face, px, text);
    let cap = font
        .outline_glyph(
            font.glyph_id('H')
                .with_scale_and_position(px, point(0.0, 0.0)),
        )
        .map_or(px * 0.73, |o| -o.px_bounds().min.y);
    let anchor = image.anchor as f32;
    let mut pen = anchor - width / 2.0;
    let baseline = anchor + cap / 2.0;
    let rgb = colour.map(|c| f32::from(c) / 255.0);
    let size = image.size;
    for c in text.chars() {
        let id = font.glyph_id(c);
        let glyph = id.with_scale_and_position(px, point(pen, baseline));
        pen += scaled.h_advance(id);
        let Some(outline) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outline.px_bounds();
        outline.draw(|gx, gy, coverage| {
            let x = bounds.min.x as i32 + gx as i32;
            let y = bounds.min.y as i32 + gy as i32;
            if x < 0 || y < 0 || x as usize >= size || y as usize >= size {
                return;
            }
            let p = &mut image.pixels[y as usize * size + x as usize];
            let a = coverage.clamp(0.0, 1.0);
            let out = a + p[3] * (1.0 - a);
            if out > 0.0 {
                for i in 0..3 {
                    p[i] = (rgb[i] * a + p[i] * p[3] * (1.0 - a)) / out;
                }
            }
            p[3] = out;
        });
    }
}

/// The characters captions and badges use; anything else is skipped.
const CHARSET: &str = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~·–—→";

struct Glyph {
    c: char,
    advance: f32,
    sprite: Option<Sprite>,
}

/// One face, size and ink, rasterised once per renderer: text at request
/// time is sprite copies like everything else.
pub struct GlyphSet {
    glyphs: Vec<Glyph>,
    /// Height of capitals above the baseline, for centring numbers.
    pub cap_height: f32,
}

/// A glyph set's images before the palette exists.
pub struct GlyphDrafts {
    drafts: Vec<(char, f32, Option<RgbaImage>)>,
    cap_height: f32,
}

impl GlyphDrafts {
    pub fn new(face: Face, px: f32, ink: Rgb) -> GlyphDrafts {
        let font = face.font();
        let scaled = font.as_scaled(PxScale::from(px));
        let drafts = CHARSET
            .chars()
            .map(|c| {
                let id = font.glyph_id(c);
                let image = font
                    .outline_glyph(id.with_scale_and_position(px, point(0.0, 0.0)))
                    .map(|outline| {
                        let bounds = outline.px_bounds();
                        let reach = bounds
                            .min
                            .x
                            .abs()
                            .max(bounds.max.x)
                            .max(bounds.min.y.abs())
                            .max(bounds.max.y);
                        let mut image = RgbaImage::around(reach);
                        let anchor = image.anchor;
                        let size = image.size;
                        let rgb = ink.map(|c| f32::from(c) / 255.0);
                        outline.draw(|gx, gy, coverage| {
                            let x = anchor + bounds.min.x as i32 + gx as i32;
                            let y = anchor + bounds.min.y as i32 + gy as i32;
                            if x >= 0 && y >= 0 && (x as usize) < size && (y as usize) < size {
                                image.pixels[y as usize * size + x as usize] =
                                    [rgb[0], rgb[1], rgb[2], coverage.min(1.0)];
                            }
                        });
                        image
                    });
                (c, scaled.h_advance(id), image)
            })
            .collect();
        let cap_height = font
            .outline_glyph(
                font.glyph_id('H')
                    .with_scale_and_position(px, point(0.0, 0.0)),
            )
            .map_or(px * 0.73, |o| -o.px_bounds().min.y);
        GlyphDrafts { drafts, cap_height }
    }

    pub fn finish(self, quantiser: &mut Quantiser) -> GlyphSet {
        GlyphSet {
            glyphs: self
                .drafts
                .into_iter()
                .map(|(c, advance, image)| Glyph {
                    c,
                    advance,
                    sprite: image.map(|image| Sprite::new(&image, quantiser)),
                })
                .collect(),
            cap_height: self.cap_height,
        }
    }
}

impl GlyphSet {
    fn glyph(&self, c: char) -> Option<&Glyph> {
        self.glyphs.iter().find(|g| g.c == c)
    }

    pub fn width(&self, text: &str) -> f32 {
        text.chars()
            .filter_map(|c| self.glyph(c))
            .map(|g| g.advance)
            .sum()
    }

    /// Draws `text` with its baseline starting at (x, y).
    pub fn draw(&self, frame: &mut Frame, palette: &Palette, (x, y): (f32, f32), text: &str) {
        let mut pen = x;
        for glyph in text.chars().filter_map(|c| self.glyph(c)) {
            if let Some(sprite) = &glyph.sprite {
                frame.draw(sprite, palette, pen.round() as i32, y.round() as i32);
            }
            pen += glyph.advance;
        }
    }
}
