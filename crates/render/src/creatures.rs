//! The holochess creature sprites, drawn once per renderer like every
//! other sprite (see `art.rs`).
//!
//! Types differ by silhouette, so they read at a glance and without
//! colour: Brute a block, Predator a triangle, Guardian a shield, Scout a
//! four-pointed star. Sides differ by lightness (ice white against
//! charcoal, the theme's piece colours) and by the mark inside: light
//! pieces carry a hollow inner outline, dark pieces a filled core. Only the
//! theme's piece colours are used, so adding holochess leaves the other
//! games' palettes alone.

use super::raster::RgbaImage;
use super::theme::Theme;
use holotable_games::holochess::Creature;

/// Signed distance (negative inside) from (x, y) to the silhouette of
/// `creature` at scale `s` (about the radius of the piece).
fn distance(creature: Creature, x: f32, y: f32, s: f32) -> f32 {
    match creature {
        Creature::Brute => rounded_box(x, y, 0.74 * s, 0.16 * s),
        Creature::Predator => convex(x, y, &[(0.0, -1.0), (0.98, 0.74), (-0.98, 0.74)], s),
        Creature::Guardian => convex(
            x,
            y,
            &[
                (-0.8, -0.82),
                (0.8, -0.82),
                (0.8, 0.12),
                (0.0, 0.98),
                (-0.8, 0.12),
            ],
            s,
        ),
        Creature::Scout => diamond(x, y, 1.02 * s, 0.4 * s).min(diamond(x, y, 0.4 * s, 1.02 * s)),
    }
}

fn rounded_box(x: f32, y: f32, half: f32, corner: f32) -> f32 {
    let qx = x.abs() - (half - corner);
    let qy = y.abs() - (half - corner);
    let outside = qx.max(0.0).hypot(qy.max(0.0));
    outside + qx.max(qy).min(0.0) - corner
}

/// A convex polygon given clockwise (in image coordinates) in units of `s`:
/// the largest signed distance to an edge line, exact near the edges,
/// which is all anti-aliasing needs.
fn convex(x: f32, y: f32, corners: &[(f32, f32)], s: f32) -> f32 {
    let mut worst = f32::MIN;
    for (i, &(ax, ay)) in corners.iter().enumerate() {
        let (bx, by) = corners[(i + 1) % corners.len()];
        let (ex, ey) = ((bx - ax) * s, (by - ay) * s);
        let length = ex.hypot(ey);
        // The outward normal of a clockwise edge in y-down coordinates.
        let (nx, ny) = (ey / length, -ex / length);
        worst = worst.max((x - ax * s) * nx + (y - ay * s) * ny);
    }
    worst
}

/// A rhombus with half-width `a` and half-height `b`.
fn diamond(x: f32, y: f32, a: f32, b: f32) -> f32 {
    (x.abs() / a + y.abs() / b - 1.0) * (a * b / a.hypot(b))
}

/// The sprite of one creature, piece radius `r`.
pub fn draw(theme: &Theme, light: bool, creature: Creature, r: f32) -> RgbaImage {
    let mut image = RgbaImage::around(r * 1.4);
    let shape = |x: f32, y: f32, s: f32| distance(creature, x, y, s);
    let drop = r * 0.08;
    let soft = r * 0.22;
    image.paint(theme.shadow, |x, y| {
        ((soft * 0.5 - shape(x, y - drop, r)) / soft).clamp(0.0, 1.0) * 0.55
    });
    let (fill, mark) = if light {
        (theme.white_piece, theme.white_mark)
    } else {
        (theme.black_piece, theme.black_mark)
    };
    image.paint(fill, |x, y| 0.5 - shape(x, y, r));
    let line = r * 0.12;
    image.paint(mark, |x, y| line / 2.0 - shape(x, y, r).abs() + 0.5);
    if light {
        // A hollow inner outline of the same shape.
        image.paint(mark, |x, y| line / 2.0 - shape(x, y, r * 0.5).abs() + 0.5);
    } else {
        image.paint(mark, |x, y| 0.5 - shape(x, y, r * 0.36));
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::HOLO;

    /// Which pixels a sprite covers (alpha above one half).
    fn silhouette(light: bool, creature: Creature) -> Vec<bool> {
        draw(&HOLO, light, creature, 30.0)
            .pixels
            .iter()
            .map(|p| p[3] > 0.5)
            .collect()
    }

    #[test]
    fn every_type_has_its_own_silhouette() {
        for (i, &a) in Creature::ALL.iter().enumerate() {
            for &b in &Creature::ALL[i + 1..] {
                let (sa, sb) = (silhouette(true, a), silhouette(true, b));
                let differ = sa.iter().zip(&sb).filter(|(x, y)| x != y).count();
                let covered = sa.iter().filter(|x| **x).count();
                assert!(
                    differ * 6 > covered,
                    "{a} and {b} differ in only {differ} of {covered} pixels"
                );
            }
        }
    }

    #[test]
    fn sides_share_the_silhouette_and_differ_in_lightness() {
        // Pixels in the light and in the dark piece colour: the body of a
        // light piece is ice white, of a dark one charcoal.
        let body = |light: bool, creature: Creature| {
            let image = draw(&HOLO, light, creature, 30.0);
            let near = |colour: [u8; 3]| {
                image
                    .pixels
                    .iter()
                    .filter(|p| {
                        p[3] > 0.99
                            && (0..3).all(|i| (p[i] * 255.0 - f32::from(colour[i])).abs() < 12.0)
                    })
                    .count()
            };
            (near(HOLO.white_piece), near(HOLO.black_piece))
        };
        for creature in Creature::ALL {
            assert_eq!(silhouette(true, creature), silhouette(false, creature));
            let (white, black) = body(true, creature);
            assert!(
                white > 4 * black.max(1),
                "light {creature}: {white} vs {black}"
            );
            let (white, black) = body(false, creature);
            assert!(
                black > 4 * white.max(1),
                "dark {creature}: {black} vs {white}"
            );
        }
    }
}
