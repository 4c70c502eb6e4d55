//! Djambi's piece sprites: a disc in the army's colour with the piece
//! type's initial, and the corpse.
//!
//! Letters rather than drawn icons because they survive a Discord thumbnail
//! (a 40 px square at 512 px) where a dagger or a quill turns to mush, and
//! the panel beside the board keys them. The Leader, the piece every plan
//! turns on, also wears a second ring. Corpses lose their colour: grey with
//! a dark cross, readable without colour vision.

use crate::font::{Face, stamp_text};
use crate::raster::{RgbaImage, disc, ring, segment_distance};
use crate::scene::DJAMBI_COLOURS;
use crate::theme::{Rgb, Theme};

/// The initials, in the order of the piece types.
pub const LETTERS: [&str; 6] = ["L", "A", "R", "D", "N", "M"];

/// The neutral key colour (index 4) is the light pieces' white.
fn colours(theme: &Theme, colour: u8) -> (Rgb, Rgb) {
    match usize::from(colour) {
        c if c < theme.armies.len() => (theme.armies[c], theme.army_ink[c]),
        _ => (theme.white_piece, theme.black_piece),
    }
}

/// Army `colour`'s piece of type `piece`, radius `r`, drawn on `image`.
pub fn piece(image: &mut RgbaImage, theme: &Theme, colour: u8, piece: u8, r: f32) {
    debug_assert!(colour < DJAMBI_COLOURS);
    let (body, ink) = colours(theme, colour);
    image.paint(body, |x, y| disc(x.hypot(y), r));
    // A dark outline keeps every colour apart from the squares, the light
    // Yellow included.
    let rim = (r * 0.09).max(1.0);
    image.paint(theme.black_piece, |x, y| {
        ring(x.hypot(y), r - rim / 2.0, rim) * 0.8
    });
    if piece == 0 {
        image.paint(ink, |x, y| ring(x.hypot(y), r * 0.76, r * 0.08));
    }
    let letter = LETTERS.get(usize::from(piece)).copied().unwrap_or("?");
    let px = if piece == 0 { r * 1.0 } else { r * 1.2 };
    stamp_text(image, Face::Bold, px, letter, ink);
}

/// A dead piece of radius `r`: a grey disc with a dark cross.
pub fn corpse(image: &mut RgbaImage, theme: &Theme, r: f32) {
    image.paint(theme.corpse, |x, y| disc(x.hypot(y), r));
    let rim = (r * 0.09).max(1.0);
    image.paint(theme.corpse_mark, |x, y| {
        ring(x.hypot(y), r - rim / 2.0, rim)
    });
    let arm = r * 0.48;
    let width = r * 0.26;
    image.paint(theme.corpse_mark, |x, y| {
        let d = segment_distance(x, y, (-arm, -arm), (arm, arm)).min(segment_distance(
            x,
            y,
            (-arm, arm),
            (arm, -arm),
        ));
        width / 2.0 - d + 0.5
    });
}
