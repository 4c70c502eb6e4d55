//! Board images: PNG boards and animated GIF replays.
//!
//! The design follows lichess's lila-gif: everything that does not depend on
//! the position (the board with its square names, once per square tint; the
//! pieces; the markers; the glyphs of the caption font) is drawn once per
//! game and size with anti-aliasing, quantised to one palette, and cached in
//! a [`Renderer`]. A request then only copies: a background, the tinted
//! squares' pixel runs, sprites, glyphs; and encodes the indexed buffer.
//!
//! Layers, from the rules to the pixels:
//! - each game implements [`Drawing`](drawing::Drawing) in its own module
//!   (`space_checkers`, `djambi`, ..): its board, its figures, and a
//!   position with its [`Marks`](marks::Marks) as a
//!   [`Scene`](scene::Scene) of cells, figures, tints and a caption; the
//!   overlay, the renderer and the alt text reach a game only through
//!   that trait, and `drawing.rs` is the one place that names the games;
//! - the board geometry (`round`, rings of sectors; `grid`, Djambi's
//!   squares; `board` over both) maps cells to pixels, computed once per
//!   size;
//! - the renderer draws any scene; `encode` and `replay` write PNG and GIF.
//!
//! Adding a game: implement `Drawing` for it in a new module (a `Ring`
//! table or a grid for its board), add its figures to [`scene::Figure`]
//! and `art`, and one arm to `drawing::board_art`.

mod arrows;
mod art;
mod backgrounds;
mod badges;
mod board;
mod creatures;
mod dejarik;
mod describe;
mod djambi;
mod drawing;
mod encode;
mod fastmath;
mod font;
mod frame;
mod geometry;
mod grid;
mod holochess;
#[cfg(test)]
mod lang_tests;
mod marks;
#[cfg(test)]
mod option_tests;
mod overlay;
mod palette;
mod raster;
mod renderer;
mod replay;
mod round;
mod scene;
#[cfg(test)]
mod snapshot_tests;
mod space_checkers;
#[cfg(test)]
mod tests;
pub mod theme;

pub use describe::{MAX_ALT_TEXT, alt_text};
pub use frame::Frame;
pub use marks::OverlayError;
pub use overlay::Overlay;
pub use renderer::Renderer;
pub use replay::replay_gif;

use holotable_games::AnyGame;
use std::cell::RefCell;
use std::ops::RangeInclusive;

/// Image sizes in pixels; other sizes are clamped into this range. Below
/// 256 the square names stop being readable; above 2048 a renderer's
/// background alone passes 4 MB, and building one takes time with its area.
pub const SIZES: RangeInclusive<u32> = 256..=2048;

/// The size of board images unless asked otherwise.
pub const DEFAULT_SIZE: u32 = 1024;

thread_local! {
    /// Each thread reuses one frame, so a request allocates only its PNG.
    static FRAME: RefCell<Frame> = RefCell::new(Frame::default());
}

/// The board of `game` with `overlay`, as PNG bytes.
///
/// The first call for a game and size builds its [`Renderer`] (tens of
/// milliseconds); later calls take a few milliseconds. Call it from
/// `spawn_blocking` in async code.
pub fn board_png(game: &AnyGame, overlay: &Overlay) -> Vec<u8> {
    let renderer = Renderer::get(game.kind(), overlay.size);
    FRAME.with_borrow_mut(|frame| {
        renderer.render(game, overlay, frame);
        let mut png = Vec::with_capacity(128 * 1024);
        renderer.encode_png(frame, &mut png);
        png
    })
}
