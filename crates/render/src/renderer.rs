//! [`Renderer`]: everything one game's board needs at one size, drawn once
//! (backgrounds for each tint, sprites, glyphs, the palette), and the
//! per-request drawing of a [`Scene`] into a [`Frame`], which only copies.
//! What only some images need (a tinted square, a glyph) is drawn when an
//! image first needs it, once.
//!
//! Renderers are cached per (game, size) because building one paints the
//! board in every tint to choose the palette.

use super::arrows::{ArrowStyle, MAX_ARROWS, Route};
use super::art;
use super::backgrounds::{self, Backgrounds, Look};
use super::badges::{self, Numbered, Pieces, Room};
use super::board::{Board, BoardSpec};
use super::drawing::{board_art, drawing};
use super::font::{DIGITS, Face, GlyphSet, label_chars};
use super::frame::{Frame, Sprite, SpriteDraft};
use super::geometry::Rect;
use super::grid::GridBoard;
use super::overlay::Overlay;
use super::palette::{Histogram, Palette, Quantiser};
use super::raster::RgbaImage;
use super::round::RoundBoard;
use super::scene::{Figure, PanelLine, Scene, Tint};
use super::theme::{HOLO, Rgb, Theme};
use super::{SIZES, encode};
use arrayvec::ArrayVec;
use holotable_games::{AnyGame, GameKind};
use std::sync::{Arc, Mutex, OnceLock};

/// How many renderers stay cached; a bot uses one or two sizes, and each
/// renderer holds a full-size background and the tinted squares drawn.
const CACHED: usize = 8;

/// Piece radius as a fraction of the board radius: a piece fills about two
/// thirds of the narrowest square it stands on.
const PIECE: f32 = 0.085;
/// Number badges as a fraction of a piece, so they keep to the pieces'
/// scale on a grid too, and their digits stay readable at Discord's
/// preview size (a 1024 px image shown near 384 px).
const BADGE: f32 = 0.72;

pub struct Renderer {
    kind: GameKind,
    size: usize,
    theme: &'static Theme,
    palette: Palette,
    board: Board,
    backgrounds: Backgrounds,
    sprites: Sprites,
    caption_top: f32,
    path_colour: u8,
    capture_colour: u8,
    arrow_style: ArrowStyle,
    /// Candidate arrows: the badges' colour, with a backdrop-dark edge.
    arrow_colour: u8,
    arrow_edge_colour: u8,
    /// What numbered options keep clear of: the square names, and the
    /// image above the caption.
    label_boxes: Vec<Rect>,
    bounds: Rect,
    panel_left: f32,
}

/// Where things go in a `size` x `size` image: the caption strip at the
/// bottom; a round board centred above it; a square board to the left
/// with its file names under it and rank names beside it, and the panel
/// of its key to its right.
struct Layout {
    caption_height: f32,
    /// The length piece sprites scale with (see [`Board::radius`]).
    radius: f32,
    /// The radius of the legend's and caption's figures.
    small: f32,
    /// Where a square board's panel starts, in pixels from the left.
    panel_left: f32,
}

impl Layout {
    fn new(size: usize, spec: BoardSpec) -> (Layout, Board) {
        let s = size as f32;
        let caption_height = (s * 0.075).round();
        let board_height = s - caption_height;
        match spec {
            BoardSpec::Round { rings, names } => {
                let centre = (s / 2.0, board_height / 2.0);
                let radius = board_height / 2.0 - s * 0.028;
                let board = RoundBoard::new(rings, size, size, centre, radius);
                let layout = Layout {
                    caption_height,
                    radius,
                    small: caption_height * 0.2,
                    panel_left: s,
                };
                (layout, Board::Round(board, names))
            }
            BoardSpec::Grid {
                files,
                ranks,
                special,
            } => {
                // Three quarters of the width for the board leaves the panel
                // room for "Necromobile" beside a figure.
                let square = (s * 0.70 / files.len() as f32).floor();
                let side = square * files.len() as f32;
                let label = square * 0.55;
                let top = ((board_height - square * ranks.len() as f32 - label) / 2.0).round();
                let left = (label + s * 0.012).round();
                let board = GridBoard::new(
                    (files.len(), ranks.len()),
                    (size, size),
                    (left, top),
                    square,
                    special,
                );
                let layout = Layout {
                    caption_height,
                    radius: side / 2.0,
                    small: square * 0.27,
                    panel_left: board.right() + square * 0.3,
                };
                (layout, Board::Grid(board, files, ranks))
            }
        }
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
        let art = board_art(kind);
        let figures = art.figures;
        let (layout, board) = Layout::new(size, art.board);
        let caption_top = size as f32 - layout.caption_height;

        let mut histogram = Histogram::default();
        let look = Look {
            theme,
            decorate: art.decorate,
            caption_top,
            size,
        };
        // The sprites beside the backgrounds: the bands do not always
        // share out evenly, and the counts add up the same in any order.
        let (draft, drafts) = std::thread::scope(|scope| {
            let sprites = scope.spawn(|| {
                let mut counts = Histogram::default();
                let drafts = Drafts::new(theme, &layout, figures, &mut counts);
                (drafts, counts)
            });
            let draft = backgrounds::Draft::paint(look, &board, &mut histogram);
            let (drafts, counts) = sprites
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            histogram.merge(&counts);
            (draft, drafts)
        });
        let palette = Palette::build(&reserved(theme, figures), histogram);
        let mut q = Quantiser::new(&palette);
        let backgrounds = draft.finish(&board, &mut q);
        let sprites = drafts.finish(&mut q);
        let path_colour = q.index(theme.last_move);
        let capture_colour = q.index(theme.capture);
        let arrow_style = ArrowStyle::for_piece(layout.radius * PIECE, sprites.badge_radius);
        let arrow_colour = q.index(theme.badge);
        let arrow_edge_colour = q.index(theme.backdrop);
        let label_boxes = board.label_boxes();
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
            capture_colour,
            arrow_style,
            arrow_colour,
            arrow_edge_colour,
            label_boxes,
            bounds: Rect {
                left: 0.0,
                top: 0.0,
                right: size as f32,
                bottom: caption_top,
            },
            panel_left: layout.panel_left,
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
        let mut scene = drawing(game).scene(&overlay.marks, overlay.lang);
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

    pub(super) fn draw(&self, scene: &Scene, frame: &mut Frame) {
        let cells = self.board.cell_count();
        let on_board = |cell: u8| usize::from(cell) < cells;
        let spot = |cell: u8| self.spot(cell);
        frame.reset(self.size, self.size, self.backgrounds.plain());
        for &(cell, tint) in scene.tints.iter().filter(|(c, _)| on_board(*c)) {
            let cell = usize::from(cell);
            let spans = self.board.spans(cell);
            if tint == Tint::Plain {
                for span in spans {
                    let run = span.start..span.start + span.len;
                    frame.pixels[run.clone()].copy_from_slice(&self.backgrounds.plain()[run]);
                }
                continue;
            }
            let mut source = self
                .backgrounds
                .cell(&self.board, &self.palette, cell, tint);
            for span in spans {
                let (pixels, rest) = source.split_at(span.len);
                frame.pixels[span.start..span.start + span.len].copy_from_slice(pixels);
                source = rest;
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
        // On a grid the move's direction is not given by a ring's order, so
        // the path ends in an arrowhead.
        let grid = matches!(self.board, Board::Grid(..));
        if let (true, [.., from, to]) = (grid, path.as_slice()) {
            self.arrowhead(frame, *from, *to, width, self.path_colour);
        }
        if let Some(&first) = scene.path.first().filter(|c| on_board(**c)) {
            let (x, y) = spot(first);
            frame.draw(&self.sprites.origin, &self.palette, x, y);
        }
        for follow_up in scene
            .follow_ups
            .iter()
            .filter(|f| on_board(f.from) && on_board(f.to))
        {
            let colour = if follow_up.kill {
                self.capture_colour
            } else {
                self.path_colour
            };
            let from = self.board.spot(usize::from(follow_up.from));
            let to = self.board.spot(usize::from(follow_up.to));
            self.dashes(frame, from, to, width * 0.8, colour);
            self.arrowhead(frame, from, to, width * 0.8, colour);
        }
        for &(cell, figure) in scene.pieces.iter().filter(|(c, _)| on_board(*c)) {
            let (x, y) = spot(cell);
            frame.draw(&self.sprites.figures[figure.index()], &self.palette, x, y);
        }
        for follow_up in scene.follow_ups.iter().filter(|f| on_board(f.to)) {
            let (x, y) = spot(follow_up.to);
            let marker = if follow_up.kill {
                &self.sprites.placed_corpse
            } else {
                &self.sprites.placed_piece
            };
            frame.draw(marker, &self.palette, x, y);
        }
        for &cell in scene.captures.iter().filter(|c| on_board(**c)) {
            let (x, y) = spot(cell);
            frame.draw(&self.sprites.capture, &self.palette, x, y);
        }
        for &cell in scene.options.iter().filter(|c| on_board(**c)) {
            let (x, y) = spot(cell);
            frame.draw(&self.sprites.option, &self.palette, x, y);
        }
        self.draw_candidates(scene, frame);
        self.draw_caption(scene, frame);
        self.draw_legend(scene, frame);
        self.draw_panel(scene, frame);
    }

    /// A chevron whose tip touches the rim of the piece standing at `to`,
    /// pointing away from `from`.
    fn arrowhead(&self, frame: &mut Frame, from: (f32, f32), to: (f32, f32), width: f32, ink: u8) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = dx.hypot(dy);
        if length < 1.0 {
            return;
        }
        let (ux, uy) = (dx / length, dy / length);
        let r = self.board.radius() * PIECE;
        let tip = (to.0 - ux * r * 1.08, to.1 - uy * r * 1.08);
        let arm = r * 0.62;
        // 35 degrees either side of the line, back from the tip.
        let (cos, sin) = (0.819_f32, 0.574_f32);
        for side in [-1.0_f32, 1.0] {
            let bx = -(ux * cos - uy * sin * side);
            let by = -(uy * cos + ux * sin * side);
            let end = (tip.0 + bx * arm, tip.1 + by * arm);
            frame.stroke(&self.palette, tip, end, width, ink);
        }
    }

    /// A dashed line, so a piece carried off by a move reads apart from the
    /// move itself.
    fn dashes(&self, frame: &mut Frame, from: (f32, f32), to: (f32, f32), width: f32, ink: u8) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = dx.hypot(dy);
        let (dash, period) = (width * 2.2, width * 3.8);
        let mut t = 0.0;
        while t < length {
            let end = (t + dash).min(length);
            let at = |d: f32| (from.0 + dx * d / length, from.1 + dy * d / length);
            frame.stroke(&self.palette, at(t), at(end), width, ink);
            t += period;
        }
    }

    /// The key beside a square board: headings, and figures with their
    /// text (and a second figure after it, an army's commander).
    fn draw_panel(&self, scene: &Scene, frame: &mut Frame) {
        let r = self.sprites.small_radius;
        let line = r * 2.6;
        let left = self.panel_left;
        let mut y = self.size as f32 * 0.045;
        for entry in &scene.panel {
            match entry {
                PanelLine::Heading(text) => {
                    let baseline = y + self.sprites.caption_title.cap_height / 2.0;
                    self.sprites
                        .caption_title
                        .draw(frame, &self.palette, (left, baseline), text);
                }
                PanelLine::Entry { figure, text, then } => {
                    let sprite = &self.sprites.small_figures[figure.index()];
                    let icon = ((left + r).round() as i32, y.round() as i32);
                    frame.draw(sprite, &self.palette, icon.0, icon.1);
                    let baseline = y + self.sprites.legend_text.cap_height / 2.0;
                    let text_x = left + r * 2.6;
                    self.sprites
                        .legend_text
                        .draw(frame, &self.palette, (text_x, baseline), text);
                    if let Some(then) = then {
                        let x = text_x + self.sprites.legend_text.width(text) + r * 1.3;
                        let sprite = &self.sprites.small_figures[then.index()];
                        frame.draw(sprite, &self.palette, x.round() as i32, icon.1);
                    }
                }
            }
            y += line;
        }
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

    /// Numbered options: arrows from piece to destination, or numbers on
    /// destinations where arrows would tangle (see `badges`). Later
    /// arrows go under earlier ones, so the featured first options stay
    /// whole; numbers go over every arrow.
    fn draw_candidates(&self, scene: &Scene, frame: &mut Frame) {
        let style = &self.arrow_style;
        let numbered = self.candidate_arrows(scene);
        let (ink, edge) = (self.arrow_colour, self.arrow_edge_colour);
        for option in numbered.iter().rev() {
            let Some(head) = option.head else {
                // A number beside its destination points at the dot
                // there; one on it hides the dot.
                let (x, y) = option.to;
                let (x, y) = (x.round() as i32, y.round() as i32);
                frame.draw(&self.sprites.option, &self.palette, x, y);
                continue;
            };
            let outlined = style.shaft + 2.0 * style.outline;
            for pair in option.shaft.windows(2) {
                frame.stroke(&self.palette, pair[0], pair[1], outlined, edge);
            }
            frame.fill_triangle(&self.palette, head, style.outline, edge);
            for pair in option.shaft.windows(2) {
                frame.stroke(&self.palette, pair[0], pair[1], style.shaft, ink);
            }
            frame.fill_triangle(&self.palette, head, 0.0, ink);
        }
        for option in numbered.iter().rev() {
            let (x, y) = option.badge;
            frame.draw(
                &self.sprites.badge,
                &self.palette,
                x.round() as i32,
                y.round() as i32,
            );
            let text = option.number.to_string();
            let width = self.sprites.digits.width(&text);
            let baseline = y + self.sprites.digits.cap_height / 2.0;
            self.sprites
                .digits
                .draw(frame, &self.palette, (x - width / 2.0, baseline), &text);
        }
    }

    /// The scene's numbered options laid out in pixels.
    pub(super) fn candidate_arrows(&self, scene: &Scene) -> ArrayVec<Numbered, MAX_ARROWS> {
        let cells = self.board.cell_count();
        let options: ArrayVec<(u8, Route), MAX_ARROWS> = scene
            .candidates
            .iter()
            .filter(|c| !c.path.is_empty() && c.path.iter().all(|&c| usize::from(c) < cells))
            .map(|c| {
                let route = c.path.iter().map(|&c| self.board.spot(usize::from(c)));
                (c.number, route.collect())
            })
            .collect();
        badges::layout(&options, &self.arrow_style, &self.room(scene))
    }

    /// What numbered options keep clear of in `scene`.
    pub(super) fn room(&self, scene: &Scene) -> Room<'_> {
        let cells = self.board.cell_count();
        let on_board = scene
            .pieces
            .iter()
            .filter(|&&(c, _)| usize::from(c) < cells);
        Room {
            labels: &self.label_boxes,
            bounds: self.bounds,
            pieces: Pieces {
                centres: on_board
                    .map(|&(c, _)| self.board.spot(usize::from(c)))
                    .collect(),
                radius: self.board.radius() * PIECE,
            },
        }
    }

    /// The title on the left, the note after it and the status on the
    /// right. When a language's longer words would make them meet, the
    /// note goes first (whose turn it is matters more than the last
    /// dice), then the status drops to the key's smaller type.
    fn draw_caption(&self, scene: &Scene, frame: &mut Frame) {
        let s = self.size as f32;
        let height = s - self.caption_top;
        let margin = s * 0.03;
        let baseline = self.caption_top + height / 2.0 + self.sprites.caption_text.cap_height / 2.0;
        let caption = &scene.caption;
        let status = caption.status_line();
        let marker = if caption.turn.is_some() {
            height * 0.2 * 3.4
        } else {
            0.0
        };
        let title = self.sprites.caption_title.width(&caption.title);
        let room = |note: f32, status: f32| 3.0 * margin + title + note + marker + status <= s;
        let note = self.sprites.caption_text.width(&caption.note) + margin;
        let show_note =
            !caption.note.is_empty() && room(note, self.sprites.caption_text.width(&status));
        let status_glyphs = if room(0.0, self.sprites.caption_text.width(&status)) {
            &self.sprites.caption_text
        } else {
            &self.sprites.legend_text
        };
        self.sprites
            .caption_title
            .draw(frame, &self.palette, (margin, baseline), &caption.title);
        if show_note {
            let after_title = margin + title + margin;
            self.sprites.caption_text.draw(
                frame,
                &self.palette,
                (after_title, baseline),
                &caption.note,
            );
        }
        let width = status_glyphs.width(&status);
        let x = s - margin - width;
        status_glyphs.draw(frame, &self.palette, (x, baseline), &status);
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
    small_radius: f32,
    origin: Sprite,
    placed_corpse: Sprite,
    placed_piece: Sprite,
    capture: Sprite,
    option: Sprite,
    badge: Sprite,
    badge_radius: f32,
    caption_text: GlyphSet,
    caption_title: GlyphSet,
    digits: GlyphSet,
    legend_text: GlyphSet,
}

/// The sprites before the palette exists, and the glyph sets, which draw
/// each character when first asked.
struct Drafts {
    figures: Vec<SpriteDraft>,
    small_figures: Vec<SpriteDraft>,
    small_radius: f32,
    origin: SpriteDraft,
    placed_corpse: SpriteDraft,
    placed_piece: SpriteDraft,
    capture: SpriteDraft,
    option: SpriteDraft,
    badge: SpriteDraft,
    badge_radius: f32,
    caption_text: GlyphSet,
    caption_title: GlyphSet,
    digits: GlyphSet,
    legend_text: GlyphSet,
}

impl Drafts {
    /// Draws the sprites, of the figures only those in `shown` (the others
    /// stay empty, keeping every figure's index), and counts their opaque
    /// colours into `histogram` (glyphs are one ink each, which the theme
    /// reserves).
    fn new(theme: &Theme, layout: &Layout, shown: &[Figure], histogram: &mut Histogram) -> Drafts {
        let r = layout.radius;
        let piece = r * PIECE;
        let badge_radius = piece * BADGE;
        let small = layout.small;
        let text_px = (layout.caption_height * 0.38).round();
        // Sprites are small but drawn often, and their shading is what the
        // eye looks at: weigh them up.
        let mut draft = |image: RgbaImage| {
            for pixel in Sprite::opaque_colours(&image) {
                histogram.add(pixel, 64);
            }
            SpriteDraft::new(&image)
        };
        let mut figures = |r: f32| -> Vec<SpriteDraft> {
            Figure::ALL
                .iter()
                .map(|f| match shown.contains(f) {
                    true => draft(art::figure(theme, *f, r)),
                    false => draft(RgbaImage::around(0.0)),
                })
                .collect()
        };
        let (figures, small_figures) = (figures(piece), figures(small));
        Drafts {
            figures,
            small_figures,
            small_radius: small,
            origin: draft(art::origin(theme, piece)),
            capture: draft(art::capture(theme, piece)),
            option: draft(art::option(theme, piece)),
            badge: draft(art::badge(theme, badge_radius)),
            placed_corpse: draft(art::placed(theme.capture, piece)),
            placed_piece: draft(art::placed(theme.last_move, piece)),
            badge_radius,
            caption_text: GlyphSet::new(Face::Regular, text_px, theme.caption_text, label_chars()),
            caption_title: GlyphSet::new(Face::Bold, text_px, theme.caption_title, label_chars()),
            digits: GlyphSet::new(
                Face::Bold,
                (badge_radius * 1.3).round(),
                theme.badge_text,
                &DIGITS,
            ),
            legend_text: GlyphSet::new(
                Face::Regular,
                (text_px * 0.78).round(),
                theme.caption_text,
                label_chars(),
            ),
        }
    }

    fn finish(self, q: &mut Quantiser) -> Sprites {
        let sprites = |drafts: Vec<SpriteDraft>, q: &mut Quantiser| -> Vec<Sprite> {
            drafts.into_iter().map(|d| d.finish(q)).collect()
        };
        Sprites {
            figures: sprites(self.figures, q),
            small_figures: sprites(self.small_figures, q),
            small_radius: self.small_radius,
            origin: self.origin.finish(q),
            placed_corpse: self.placed_corpse.finish(q),
            placed_piece: self.placed_piece.finish(q),
            capture: self.capture.finish(q),
            option: self.option.finish(q),
            badge: self.badge.finish(q),
            badge_radius: self.badge_radius,
            caption_text: self.caption_text,
            caption_title: self.caption_title,
            digits: self.digits,
            legend_text: self.legend_text,
        }
    }
}

/// The theme's own colours, kept exact in every palette; Djambi's only
/// where its figures are shown, so they take no room from other games.
fn reserved(theme: &Theme, shown: &[Figure]) -> Vec<Rgb> {
    let mut colours = vec![
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
    ];
    if shown.contains(&Figure::Corpse) {
        colours.extend(theme.armies);
        colours.extend(theme.army_ink);
        colours.extend([
            theme.corpse,
            theme.corpse_mark,
            theme.labyrinth,
            theme.labyrinth_wall,
        ]);
    }
    colours
}
