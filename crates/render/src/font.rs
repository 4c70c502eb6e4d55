//! Text: DejaVu Sans (licence in `assets/fonts/LICENSE`) with a subset of
//! Noto Sans CJK JP (`assets/fonts/LICENSE-NotoSansCJK`) for the characters
//! DejaVu lacks, both built into the binary; drawn onto the backgrounds
//! or, through a per-renderer glyph cache, onto frames.
//!
//! The Japanese font holds only the glyphs of the Japanese catalogue's
//! image texts (`scripts/subset-japanese-font.sh` makes it), which keeps
//! it near 22 KB instead of 16 MB; a test fails when a catalogue
//! character has no glyph in either font.

use super::frame::{Frame, Sprite};
use super::geometry::Rect;
use super::palette::{Palette, Quantiser};
use super::raster::{RgbImage, RgbaImage};
use super::theme::Rgb;
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use holotable_i18n::Lang;
use std::sync::{LazyLock, OnceLock};

static REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");
/// One weight only: a bold Japanese subset would double the size for
/// the panel headings alone, which read well enough in regular.
static JAPANESE: &[u8] = include_bytes!("../../../assets/fonts/NotoSansJP-subset.otf");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Regular,
    Bold,
}

struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    japanese: FontRef<'static>,
    /// The fallback's scale for one pixel of the primary's: both fonts
    /// then share an em, so kana and kanji stand as tall beside Latin
    /// letters as in any mixed Japanese text.
    japanese_scale: f32,
}

static FONTS: LazyLock<Fonts> = LazyLock::new(|| {
    let parse = |bytes| FontRef::try_from_slice(bytes).expect("the built-in fonts parse");
    let (regular, bold, japanese) = (parse(REGULAR), parse(BOLD), parse(JAPANESE));
    let em_height = |font: &FontRef| {
        font.height_unscaled() / font.units_per_em().expect("the built-in fonts have an em")
    };
    let japanese_scale = em_height(&japanese) / em_height(&regular);
    Fonts {
        regular,
        bold,
        japanese,
        japanese_scale,
    }
});

/// The font, glyph and scale that draw `c` in `face` at `px`: the face
/// itself, else the Japanese fallback, else the face's missing-glyph box.
fn resolve(face: Face, px: f32, c: char) -> (&'static FontRef<'static>, GlyphId, PxScale) {
    let fonts = &*FONTS;
    let primary = match face {
        Face::Regular => &fonts.regular,
        Face::Bold => &fonts.bold,
    };
    let id = primary.glyph_id(c);
    if id.0 == 0 {
        let fallback = fonts.japanese.glyph_id(c);
        if fallback.0 != 0 {
            let scale = PxScale::from(px * fonts.japanese_scale);
            return (&fonts.japanese, fallback, scale);
        }
    }
    (primary, id, PxScale::from(px))
}

/// Whether either built-in font has a glyph for `c`.
pub fn drawable(c: char) -> bool {
    let fonts = &*FONTS;
    c.is_whitespace()
        || [&fonts.regular, &fonts.bold, &fonts.japanese]
            .iter()
            .any(|font| font.glyph_id(c).0 != 0)
}

fn advance(face: Face, px: f32, c: char) -> f32 {
    let (font, id, scale) = resolve(face, px, c);
    font.as_scaled(scale).h_advance(id)
}

/// The height of capitals above the baseline, for centring text.
fn cap_height(face: Face, px: f32) -> f32 {
    let (font, id, scale) = resolve(face, px, 'H');
    font.outline_glyph(id.with_scale_and_position(scale, point(0.0, 0.0)))
        .map_or(px * 0.73, |o| -o.px_bounds().min.y)
}

/// The width of `text` set in `face` at `px` pixels.
pub fn text_width(face: Face, px: f32, text: &str) -> f32 {
    text.chars().map(|c| advance(face, px, c)).sum()
}

/// The box `text` covers when [`draw_text`] sets it with its baseline
/// starting at (x, y): capitals' height over the baseline (names hold no
/// descenders), a pixel of anti-aliasing round it.
pub fn text_box(face: Face, px: f32, (x, y): (f32, f32), text: &str) -> Rect {
    Rect {
        left: x - 1.0,
        top: y - cap_height(face, px) - 1.0,
        right: x + text_width(face, px, text) + 1.0,
        bottom: y + 1.0,
    }
}

/// Draws `text` with its baseline starting at (x, y) onto each of
/// `layers` (parts of backgrounds, see [`RgbImage`]), rasterising it once.
/// Text that cannot reach the layers' area is not rasterised at all.
pub fn draw_text(
    layers: &mut [RgbImage],
    face: Face,
    px: f32,
    (x, y): (f32, f32),
    text: &str,
    colour: Rgb,
) {
    let Some(area) = layers.first().map(|layer| layer.area) else {
        return;
    };
    // The em square round the text's box holds every outline, descenders
    // and overhangs included.
    let reach = text_box(face, px, (x, y), text);
    let clear = reach.right + px < area.left as f32
        || reach.left - px > area.right as f32
        || reach.bottom + px < area.top as f32
        || reach.top - px > area.bottom as f32;
    if clear {
        return;
    }
    let mut pen = x;
    for c in text.chars() {
        let (font, id, scale) = resolve(face, px, c);
        let glyph = id.with_scale_and_position(scale, point(pen, y));
        pen += font.as_scaled(scale).h_advance(id);
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let px = bounds.min.x as i32 + gx as i32;
                let py = bounds.min.y as i32 + gy as i32;
                for layer in layers.iter_mut() {
                    layer.blend(px, py, colour, coverage);
                }
            });
        }
    }
}

/// Writes `text` centred on `image`'s anchor (source-over), for labels
/// baked into sprites.
pub fn stamp_text(image: &mut RgbaImage, face: Face, px: f32, text: &str, colour: Rgb) {
    let width = text_width(face, px, text);
    let anchor = image.anchor as f32;
    let mut pen = anchor - width / 2.0;
    let baseline = anchor + cap_height(face, px) / 2.0;
    let rgb = colour.map(|c| f32::from(c) / 255.0);
    let size = image.size;
    for c in text.chars() {
        let (font, id, scale) = resolve(face, px, c);
        let glyph = id.with_scale_and_position(scale, point(pen, baseline));
        pen += font.as_scaled(scale).h_advance(id);
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

/// The characters every label may use besides the catalogues' own: ASCII
/// (notation, numbers, names from the rules) and the separators.
const BASE_CHARSET: &str = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~·–—→";

/// The image texts of every language, whose characters the glyph caches
/// hold (comments and Fluent's syntax come along; a few spare glyphs cost
/// less than parsing).
pub(super) const CATALOGUES: [(Lang, &str); 3] = [
    (
        Lang::En,
        include_str!("../../../assets/locales/en/render.ftl"),
    ),
    (
        Lang::Es,
        include_str!("../../../assets/locales/es/render.ftl"),
    ),
    (
        Lang::Ja,
        include_str!("../../../assets/locales/ja/render.ftl"),
    ),
];

/// The characters a caption, key or panel may show, sorted; anything else
/// is skipped when drawn.
pub fn label_chars() -> &'static [char] {
    static CHARS: LazyLock<Vec<char>> = LazyLock::new(|| {
        let messages = CATALOGUES
            .iter()
            .flat_map(|(_, source)| source.lines())
            .filter(|line| !line.trim_start().starts_with('#'))
            .flat_map(str::chars);
        let mut chars: Vec<char> = BASE_CHARSET
            .chars()
            .chain(messages)
            .filter(|&c| !c.is_control() && drawable(c))
            .collect();
        chars.sort_unstable();
        chars.dedup();
        chars
    });
    &CHARS
}

/// The characters of option numbers.
pub const DIGITS: [char; 10] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/// One face, size and ink. Each character is rasterised and quantised
/// when first drawn, once, so a renderer pays only for the languages and
/// characters its images show; at request time text is sprite copies
/// like everything else.
pub struct GlyphSet {
    face: Face,
    px: f32,
    ink: Rgb,
    /// Sorted, as [`label_chars`] and [`DIGITS`] are.
    chars: &'static [char],
    advances: Box<[f32]>,
    sprites: Box<[OnceLock<Option<Sprite>>]>,
    /// Height of capitals above the baseline, for centring numbers.
    pub cap_height: f32,
}

impl GlyphSet {
    pub fn new(face: Face, px: f32, ink: Rgb, chars: &'static [char]) -> GlyphSet {
        GlyphSet {
            face,
            px,
            ink,
            chars,
            advances: chars.iter().map(|&c| advance(face, px, c)).collect(),
            sprites: chars.iter().map(|_| OnceLock::new()).collect(),
            cap_height: cap_height(face, px),
        }
    }

    /// The sprite of `chars[index]`, rasterised on first use (none for a
    /// blank).
    fn sprite(&self, index: usize, palette: &Palette) -> Option<&Sprite> {
        self.sprites[index]
            .get_or_init(|| {
                let image = rasterise(self.face, self.px, self.ink, self.chars[index])?;
                Some(Sprite::new(&image, &mut Quantiser::new(palette)))
            })
            .as_ref()
    }

    fn index(&self, c: char) -> Option<usize> {
        self.chars.binary_search(&c).ok()
    }

    pub fn width(&self, text: &str) -> f32 {
        text.chars()
            .filter_map(|c| self.index(c))
            .map(|i| self.advances[i])
            .sum()
    }

    /// Draws `text` with its baseline starting at (x, y).
    pub fn draw(&self, frame: &mut Frame, palette: &Palette, (x, y): (f32, f32), text: &str) {
        let mut pen = x;
        for index in text.chars().filter_map(|c| self.index(c)) {
            if let Some(sprite) = self.sprite(index, palette) {
                frame.draw(sprite, palette, pen.round() as i32, y.round() as i32);
            }
            pen += self.advances[index];
        }
    }
}

/// `c` in `ink` on a transparent square round the pen position, if it
/// has an outline.
fn rasterise(face: Face, px: f32, ink: Rgb, c: char) -> Option<RgbaImage> {
    let (font, id, scale) = resolve(face, px, c);
    let outline = font.outline_glyph(id.with_scale_and_position(scale, point(0.0, 0.0)))?;
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
    Some(image)
}
