//! The look of pieces and markers, drawn once per renderer at final size.
//! Sizes are given by the caller from the board radius, so every sprite
//! scales with the image.

use super::creatures;
use super::djambi::art as djambi;
use super::font::{Face, stamp_text};
use super::raster::{RgbaImage, disc, ring, segment_distance};
use super::scene::Figure;
use super::theme::{Rgb, Theme};
use holotable_games::dejarik::default_monsters;
use holotable_games::holochess::Creature;

/// A soft round shadow, a little below the shape, so pieces and badges
/// lift off the tinted squares.
pub(super) fn shadow(image: &mut RgbaImage, theme: &Theme, r: f32) {
    let drop = r * 0.08;
    let soft = r * 0.22;
    image.paint(theme.shadow, |x, y| {
        let d = x.hypot(y - drop);
        ((r * 1.06 - d) / soft).clamp(0.0, 1.0) * 0.55
    });
}

/// A piece of radius `r`. Sides differ in lightness and in shape: the light
/// disc carries a ring, the dark one a diamond.
pub fn figure(theme: &Theme, figure: Figure, r: f32) -> RgbaImage {
    let mut image = RgbaImage::around(r * 1.4);
    shadow(&mut image, theme, r);
    match figure {
        Figure::LightDisc => {
            image.paint(theme.white_piece, |x, y| disc(x.hypot(y), r));
            image.paint(theme.white_mark, |x, y| {
                ring(x.hypot(y), r * 0.55, r * 0.14) * 0.9
            });
            image.paint(theme.white_mark, |x, y| {
                ring(x.hypot(y), r - r * 0.04, r * 0.08) * 0.5
            });
        }
        Figure::DarkDisc => {
            image.paint(theme.black_piece, |x, y| disc(x.hypot(y), r));
            image.paint(theme.black_mark, |x, y| {
                ring(x.hypot(y), r - r * 0.08, r * 0.14)
            });
            let half = r * 0.4;
            image.paint(theme.black_mark, |x, y| {
                (half - x.abs() - y.abs()) * std::f32::consts::FRAC_1_SQRT_2 + 0.5
            });
        }
        Figure::LightBrute => return creatures::draw(theme, true, Creature::Brute, r),
        Figure::LightPredator => return creatures::draw(theme, true, Creature::Predator, r),
        Figure::LightGuardian => return creatures::draw(theme, true, Creature::Guardian, r),
        Figure::LightScout => return creatures::draw(theme, true, Creature::Scout, r),
        Figure::DarkBrute => return creatures::draw(theme, false, Creature::Brute, r),
        Figure::DarkPredator => return creatures::draw(theme, false, Creature::Predator, r),
        Figure::DarkGuardian => return creatures::draw(theme, false, Creature::Guardian, r),
        Figure::DarkScout => return creatures::draw(theme, false, Creature::Scout, r),
        Figure::LightMonster(kind) => monster(&mut image, theme, true, kind, r),
        Figure::DarkMonster(kind) => monster(&mut image, theme, false, kind, r),
        Figure::Djambi(colour, kind) => djambi::piece(&mut image, theme, colour, kind, r),
        Figure::Corpse => djambi::corpse(&mut image, theme, r),
    }
    image
}

/// A Dejarik monster: the side's disc with the monster's two-letter code.
/// Sides differ in lightness and rim (a thin ring on light, a thick one on
/// dark), so colour-blind players tell them apart too.
fn monster(image: &mut RgbaImage, theme: &Theme, light: bool, kind: u8, r: f32) {
    let (body, mark) = if light {
        (theme.white_piece, theme.white_mark)
    } else {
        (theme.black_piece, theme.black_mark)
    };
    image.paint(body, |x, y| disc(x.hypot(y), r));
    let rim = if light { r * 0.07 } else { r * 0.16 };
    image.paint(mark, |x, y| ring(x.hypot(y), r - rim, rim));
    let code = default_monsters()
        .get(usize::from(kind))
        .map_or("?", |m| m.code.as_str());
    stamp_text(image, Face::Bold, r * 0.95, code, mark);
}

/// Marks the square the last move left: a hollow ring in the move colour.
pub fn origin(theme: &Theme, r: f32) -> RgbaImage {
    let mut image = RgbaImage::around(r * 0.6);
    image.paint(theme.last_move, |x, y| ring(x.hypot(y), r * 0.42, r * 0.12));
    image
}

/// Rings a piece the last move sent somewhere (a corpse carried off in
/// the capture colour, a relocated piece in the move colour), just inside
/// its square.
pub fn placed(colour: Rgb, r: f32) -> RgbaImage {
    let mut image = RgbaImage::around(r * 1.3);
    image.paint(colour, |x, y| ring(x.hypot(y), r * 1.16, r * 0.13));
    image
}

/// Marks a captured piece: a ring with a cross, readable without colour.
/// The ring is piece-sized so a candidate badge on the same square leaves
/// it visible.
pub fn capture(theme: &Theme, r: f32) -> RgbaImage {
    let mut image = RgbaImage::around(r * 1.1);
    let width = r * 0.13;
    image.paint(theme.capture, |x, y| ring(x.hypot(y), r * 0.9, width));
    let arm = r * 0.5;
    image.paint(theme.capture, |x, y| {
        let d = segment_distance(x, y, (-arm, -arm), (arm, arm)).min(segment_distance(
            x,
            y,
            (-arm, arm),
            (arm, -arm),
        ));
        width / 2.0 - d + 0.5
    });
    image
}

/// A legal destination of the selected piece: a dot with a faint halo.
pub fn option(theme: &Theme, r: f32) -> RgbaImage {
    let mut image = RgbaImage::around(r * 0.5);
    image.paint(theme.option, |x, y| disc(x.hypot(y), r * 0.45) * 0.35);
    image.paint(theme.option, |x, y| disc(x.hypot(y), r * 0.26));
    image
}

/// The disc under a candidate number, radius `r`.
pub fn badge(theme: &Theme, r: f32) -> RgbaImage {
    let mut image = RgbaImage::around(r * 1.3);
    shadow(&mut image, theme, r);
    image.paint(theme.badge, |x, y| disc(x.hypot(y), r));
    image.paint(theme.badge_text, |x, y| {
        ring(x.hypot(y), r - r * 0.07, r * 0.11)
    });
    image
}
