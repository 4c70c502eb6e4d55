//! [`Renderer`]: everything one game's board needs at one size, drawn once
//! (backgrounds for each tint, sprites, glyphs, the palette), and the
//! per-request drawing of a [`Scene`] into a [`Frame`], which only copies.
//!
//! Renderers are cached per (game, size) because building one draws a few
//! full-size images (tens of milliseconds at 1024 px).

use super::art;
use super::font::{Face, GlyphDrafts, GlyphSet};
use super::frame::{Frame, Sprite};
use super::overlay::Overlay;
use super::palette::{Histogram, Palette, Quantiser};
use super::raster::{RgbImage, RgbaImage};
use super::round::{Ring, RoundBoard};
use super::scene::{Figure, Scene, Tint};
use super::theme::{HOLO, Rgb, Theme, mix};
use super::{SIZES, dejarik, encode, holochess, space_checkers};
use crate::games::{AnyGame, GameKind};
use std::sync::{Arc, Mutex, OnceLock};

/// How many renderers stay cached; a bot uses one or two sizes, and each
/// renderer holds six full-size backgrounds.
const CACHED: usize = 8;

/// Piece and badge radii, as fractions of the board radius: a piece fills
/// about two thirds of the narrowest square it stands on.
const PIECE: f32 = 0.085;
const BADGE: f32 = 0.052;

pub struct Renderer {
    kind: GameKind,
    size: usize,
    theme: &'static Theme,
    palette: Palette,
    board: RoundBoard,
    /// One full image per [`Tint`], in `Tint::ALL` order.
    backgrounds: Vec<Vec<u8>>,
    sprites: Sprites,
    caption_top: f32,
    path_colour: u8,
}

/// Where things go in a `size` x `size` image: the caption strip at the
/// bottom, the board centred above it.
struct Layout {
    caption_height: f32,
    centre: (f32, f32),
    radius: f32,
}

impl Layout {
    fn new(size: usize) -> Layout {
        let s = size as f32;
        let caption_height = (s * 0.075).round();
        let board_height = s - caption_height;
        Layout {
            caption_height,
            centre: (s / 2.0, board_height / 2.0),
            radius: board_height / 2.0 - s * 0.028,
        }
    }
}

fn board_of(kind: GameKind) -> (&'static [Ring], Vec<String>) {
    match kind {
        // Dejarik plays on Space Checkers' board (seed 001: two rings of
        // twelve round one centre).
        GameKind::SpaceCheckers | GameKind::Dejarik => {
            (&space_checkers::RINGS, space_checkers::names())
        }
        GameKind::Holochess => (&holochess::RINGS, holochess::names()),
    }
}

/// The figures a game's boards show: only their colours go into the
/// game's palette, so adding a game's pieces leaves the others' images
/// unchanged.
fn figures_of(kind: GameKind) -> &'static [Figure] {
    match kind {
        GameKind::SpaceCheckers => &[Figure::LightDisc, Figure::DarkDisc],
        GameKind::Dejarik => &dejarik::FIGURES,
        GameKind::Holochess => &holochess::FIGURES,
    }
}

impl Renderer {
    /// The cached renderer for `kind` at `size` (clamped to [`SIZES`]),
    /// built on first use.
    pub fn get(kind: GameKind, size: u32) -> Arc<Renderer> {
        static CACHE: OnceLock<Mutex<Vec<Arc<Renderer>>>> = OnceLock::new();
        let size = size.clamp(*SIZES.start(), *SIZES.end()) as usize;
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        // A panic while building leaves no half-built entry, so a poisoned
        // lock still guards a consistent list.
        let mut cache = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(found) = cache.iter().find(|r| r.kind == kind && r.size == size) {
            return Arc::clone(found);
        }
        let renderer = Arc::new(Renderer::new(kind, size, &HOLO));
        if cache.len() == CACHED {
            cache.remove(0);
        }
        cache.push(Arc::clone(&renderer));
        renderer
    }

    /// Draws every background, sprite and glyph for `kind` at `size` px.
    pub fn new(kind: GameKind, size: usize, theme: &'static Theme) -> Renderer {
        let layout = Layout::new(size);
        let (rings, names) = board_of(kind);
        let board = RoundBoard::new(rings, size, size, layout.centre, layout.radius);
        let caption_top = size as f32 - layout.caption_height;

        let images: Vec<RgbImage> = Tint::ALL
            .iter()
            .map(|&tint| {
                let mut image = RgbImage::new(size, size, theme.backdrop);
                board.paint(&mut image, theme, &names, |base| tinted(theme, base, tint));
                if kind == GameKind::Holochess {
                    holochess::paint_homes(&mut image, theme, layout.centre, layout.radius);
                }
                paint_caption_strip(&mut image, theme, caption_top);
                image
            })
            .collect();

        let drafts = Drafts::new(theme, &layout);
        let mut histogram = Histogram::default();
        for image in &images {
            for &pixel in &image.pixels {
                histogram.add(pixel, 1);
            }
        }
        // Sprites are small but drawn often, and their shading is what the
        // eye looks at: weigh them up.
        for image in drafts.images(figures_of(kind)) {
            for pixel in Sprite::opaque_colours(image) {
                histogram.add(pixel, 64);
            }
        }
        let palette = Palette::build(&reserved(theme), &histogram);
        let mut q = Quantiser::new(&palette);
        let backgrounds = images
            .iter()
            .map(|image| quantise(&image.pixels, &mut q))
            .collect();
        let sprites = drafts.finish(&mut q);
        let path_colour = q.index(theme.last_move);
        Renderer {
            kind,
            size,
            theme,
            palette,
            board,
            backgrounds,
            sprites,
            caption_top,
            path_colour,
        }
    }

    pub fn size(&self) -> u32 {
        self.size as u32
    }

    pub fn theme(&self) -> &'static Theme {
        self.theme
    }

    /// Draws `game` with `overlay` into `frame` (resized as needed). The
    /// overlay's size is ignored: this renderer has one size.
    pub fn render(&self, game: &AnyGame, overlay: &Overlay, frame: &mut Frame) {
        let mut scene = match game {
            AnyGame::SpaceCheckers(g) => space_checkers::scene(g, overlay),
            AnyGame::Dejarik(g) => dejarik::scene(g, overlay),
            AnyGame::Holochess(g) => holochess::scene(g, overlay),
        };
        scene.caption.note = overlay.note.clone().unwrap_or_default();
        self.draw(&scene, frame);
    }

    /// Encodes a frame this renderer drew as a PNG, appended to `out`.
    pub fn encode_png(&self, frame: &Frame, out: &mut Vec<u8>) {
        encode::png(frame, &self.palette, out);
    }

    pub(super) fn palette(&self) -> &Palette {
        &self.palette
    }

    /// The pixel a piece on `cell` is centred on.
    pub(super) fn spot(&self, cell: u8) -> (i32, i32) {
        let (x, y) = self.board.spot(usize::from(cell));
        (x.round() as i32, y.round() as i32)
    }

    #[cfg(test)]
    pub(super) fn piece_radius(&self) -> f32 {
        self.board.radius() * PIECE
    }

    #[cfg(test)]
    pub(super) fn badge_radius(&self) -> f32 {
        self.sprites.badge_radius
    }

    fn draw(&self, scene: &Scene, frame: &mut Frame) {
        let cells = self.board.cell_count();
        let on_board = |cell: u8| usize::from(cell) < cells;
        let spot = |cell: u8| self.spot(cell);
        frame.reset(self.size, self.size, &self.backgrounds[Tint::Plain.index()]);
        for &(cell, tint) in scene.tints.iter().filter(|(c, _)| on_board(*c)) {
            let source = &self.backgrounds[tint.index()];
            for span in self.board.spans(usize::from(cell)) {
                let run = span.start..span.start + span.len;
                frame.pixels[run.clone()].copy_from_slice(&source[run]);
            }
        }
        let path: Vec<(f32, f32)> = scene
            .path
            .iter()
            .filter(|c| on_board(**c))
            .map(|&c| self.board.spot(usize::from(c)))
            .collect();
        let width = self.board.radius() * 0.022;
        for pair in path.windows(2) {
            frame.stroke(&self.palette, pair[0], pair[1], width, self.path_colour);
        }
        if let Some(&first) = scene.path.first().filter(|c| on_board(**c)) {
            let (x, y) = spot(first);
            frame.draw(&self.sprites.origin, &self.palette, x, y);
        }
        for &(cell, figure) in scene.pieces.iter().filter(|(c, _)| on_board(*c)) {
            let (x, y) = spot(cell);
            frame.draw(&self.sprites.figures[figure.index()], &self.palette, x, y);
        }
        for &cell in scene.captures.iter().filter(|c| on_board(**c)) {
            let (x, y) = spot(cell);
            frame.draw(&self.sprites.capture, &self.palette, x, y);
        }
        for &cell in scene.options.iter().filter(|c| on_board(**c)) {
            let (x, y) = spot(cell);
            frame.draw(&self.sprites.option, &self.palette, x, y);
        }
        self.draw_badges(scene, frame);
        self.draw_caption(scene, frame);
        self.draw_legend(scene, frame);
    }

    /// Key lines in the top corners, outside the round board: each a small
    /// figure and its text, white's down the left, black's down the right.
    fn draw_legend(&self, scene: &Scene, frame: &mut Frame) {
        let s = self.size as f32;
        let margin = s * 0.012;
        let line = self.sprites.legend_text.cap_height * 2.3;
        let r = self.caption_top * 0.014;
        let (mut left, mut right) = (0, 0);
        for entry in &scene.legend {
            let row = if entry.left { &mut left } else { &mut right };
            let y = margin + line * (*row as f32 + 0.6);
            *row += 1;
            let width = self.sprites.legend_text.width(&entry.text);
            let (icon_x, text_x) = if entry.left {
                (margin + r, margin + r * 2.6)
            } else {
                (s - margin - r, s - margin - r * 2.6 - width)
            };
            frame.draw(
                &self.sprites.small_figures[entry.figure.index()],
                &self.palette,
                icon_x.round() as i32,
                y.round() as i32,
            );
            let baseline = y + self.sprites.legend_text.cap_height / 2.0;
            self.sprites
                .legend_text
                .draw(frame, &self.palette, (text_x, baseline), &entry.text);
        }
    }

    /// Candidate numbers; several on one cell share it in a small grid so
    /// each stays readable.
    fn draw_badges(&self, scene: &Scene, frame: &mut Frame) {
        let cells = self.board.cell_count();
        let step = self.sprites.badge_radius * 1.9;
        for (index, &(cell, _)) in scene.badges.iter().enumerate() {
            if usize::from(cell) >= cells {
                continue;
            }
            // Only the first badge of each cell lays out the group.
            if scene.badges[..index].iter().any(|&(c, _)| c == cell) {
                continue;
            }
            let group: Vec<u8> = scene
                .badges
                .iter()
                .filter(|(c, _)| *c == cell)
                .map(|&(_, n)| n)
                .collect();
            let columns = (group.len() as f32).sqrt().ceil() as usize;
            let rows = group.len().div_ceil(columns);
            let (cx, cy) = self.board.spot(usize::from(cell));
            for (i, number) in group.iter().enumerate() {
                let (row, column) = (i / columns, i % columns);
                let in_row = if row + 1 == rows {
                    group.len() - row * columns
                } else {
                    columns
                };
                let x = cx + (column as f32 - (in_row as f32 - 1.0) / 2.0) * step;
                let y = cy + (row as f32 - (rows as f32 - 1.0) / 2.0) * step;
                frame.draw(
                    &self.sprites.badge,
                    &self.palette,
                    x.round() as i32,
                    y.round() as i32,
                );
                let text = number.to_string();
                let width = self.sprites.digits.width(&text);
                let baseline = y + self.sprites.digits.cap_height / 2.0;
                self.sprites
                    .digits
                    .draw(frame, &self.palette, (x - width / 2.0, baseline), &text);
            }
        }
    }

    fn draw_caption(&self, scene: &Scene, frame: &mut Frame) {
        let s = self.size as f32;
        let height = s - self.caption_top;
        let margin = s * 0.03;
        let baseline = self.caption_top + height / 2.0 + self.sprites.caption_text.cap_height / 2.0;
        let caption = &scene.caption;
        self.sprites
            .caption_title
            .draw(frame, &self.palette, (margin, baseline), caption.title);
        if !caption.note.is_empty() {
            let after_title = margin + self.sprites.caption_title.width(caption.title) + margin;
            self.sprites.caption_text.draw(
                frame,
                &self.palette,
                (after_title, baseline),
                &caption.note,
            );
        }
        let width = self.sprites.caption_text.width(&caption.status);
        let x = s - margin - width;
        self.sprites
            .caption_text
            .draw(frame, &self.palette, (x, baseline), &caption.status);
        if let Some(figure) = caption.turn {
            let r = height * 0.2;
            let cx = x - r * 2.2;
            let cy = self.caption_top + height / 2.0;
            frame.draw(
                &self.sprites.small_figures[figure.index()],
                &self.palette,
                cx.round() as i32,
                cy.round() as i32,
            );
        }
    }
}

/// Pieces, markers and glyphs, quantised.
struct Sprites {
    figures: Vec<Sprite>,
    small_figures: Vec<Sprite>,
    origin: Sprite,
    capture: Sprite,
    option: Sprite,
    badge: Sprite,
    badge_radius: f32,
    caption_text: GlyphSet,
    caption_title: GlyphSet,
    digits: GlyphSet,
    legend_text: GlyphSet,
}

/// The sprites in full colour, before the palette exists.
struct Drafts {
    figures: Vec<RgbaImage>,
    small_figures: Vec<RgbaImage>,
    origin: RgbaImage,
    capture: RgbaImage,
    option: RgbaImage,
    badge: RgbaImage,
    badge_radius: f32,
    caption_text: GlyphDrafts,
    caption_title: GlyphDrafts,
    digits: GlyphDrafts,
    legend_text: GlyphDrafts,
}

impl Drafts {
    fn new(theme: &Theme, layout: &Layout) -> Drafts {
        let r = layout.radius;
        let piece = r * PIECE;
        let badge_radius = r * BADGE;
        let small = layout.caption_height * 0.2;
        let text_px = (layout.caption_height * 0.38).round();
        Drafts {
            figures: Figure::ALL
                .iter()
                .map(|&f| art::figure(theme, f, piece))
                .collect(),
            small_figures: Figure::ALL
                .iter()
                .map(|&f| art::figure(theme, f, small))
                .collect(),
            origin: art::origin(theme, piece),
            capture: art::capture(theme, piece),
            option: art::option(theme, piece),
            badge: art::badge(theme, badge_radius),
            badge_radius,
            caption_text: GlyphDrafts::new(Face::Regular, text_px, theme.caption_text),
            caption_title: GlyphDrafts::new(Face::Bold, text_px, theme.caption_title),
            digits: GlyphDrafts::new(Face::Bold, (badge_radius * 1.2).round(), theme.badge_text),
            legend_text: GlyphDrafts::new(
                Face::Regular,
                (text_px * 0.78).round(),
                theme.caption_text,
            ),
        }
    }

    /// The shaded images whose colours the palette must serve well (glyphs
    /// are one ink each, which the theme reserves).
    fn images<'a>(&'a self, shown: &'a [Figure]) -> impl Iterator<Item = &'a RgbaImage> {
        let shown_only = move |(index, image): (usize, &'a RgbaImage)| {
            shown.iter().any(|f| f.index() == index).then_some(image)
        };
        let figures = self.figures.iter().enumerate().filter_map(shown_only);
        let small = self.small_figures.iter().enumerate().filter_map(shown_only);
        figures
            .chain(small)
            .chain([&self.origin, &self.capture, &self.option, &self.badge])
    }

    fn finish(self, q: &mut Quantiser) -> Sprites {
        let sprites = |images: &[RgbaImage], q: &mut Quantiser| -> Vec<Sprite> {
            images.iter().map(|i| Sprite::new(i, q)).collect()
        };
        Sprites {
            figures: sprites(&self.figures, q),
            small_figures: sprites(&self.small_figures, q),
            origin: Sprite::new(&self.origin, q),
            capture: Sprite::new(&self.capture, q),
            option: Sprite::new(&self.option, q),
            badge: Sprite::new(&self.badge, q),
            badge_radius: self.badge_radius,
            caption_text: self.caption_text.finish(q),
            caption_title: self.caption_title.finish(q),
            digits: self.digits.finish(q),
            legend_text: self.legend_text.finish(q),
        }
    }
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

fn paint_caption_strip(image: &mut RgbImage, theme: &Theme, top: f32) {
    let top = top as usize;
    for y in top..image.height {
        // A hairline of the grid colour fading into the strip.
        let glow = (-((y - top) as f32) / 2.5).exp();
        let colour = mix(theme.caption_background, theme.grid, glow * 0.6);
        image.pixels[y * image.width..(y + 1) * image.width].fill(colour);
    }
}

/// The theme's own colours, kept exact in every palette.
fn reserved(theme: &Theme) -> Vec<Rgb> {
    vec![
        theme.backdrop,
        theme.light_square,
        theme.dark_square,
        theme.core,
        theme.grid,
        theme.label,
        theme.white_piece,
        theme.white_mark,
        theme.black_piece,
        theme.black_mark,
        theme.last_move,
        theme.capture,
        theme.option,
        theme.badge,
        theme.badge_text,
        theme.caption_background,
        theme.caption_title,
        theme.caption_text,
    ]
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
