//! Where numbered candidate moves go, in pixels: each option is an arrow
//! from its piece along the squares it passes to its destination, as
//! lichess draws them, with its number on the shaft.
//!
//! Numbers ride on the shaft rather than on the destination because two
//! options ending on one square (different pieces to B10) are then told
//! apart by which arrow carries which number. Each number slides along its
//! own shaft until it clears the numbers placed before it, so options from
//! one piece in one direction (a one- and a two-square step) and arrows
//! that cross still show every number. Pure geometry: the renderer strokes
//! the shafts and stamps the pre-drawn badge sprite where this says.

use arrayvec::ArrayVec;

/// The most numbered options an image shows (a ballot shows up to 25).
pub const MAX_ARROWS: usize = 32;
/// The most points one route has (a move's path, see `MoveMarks`).
pub const MAX_POINTS: usize = 16;

pub type Point = (f32, f32);
pub type Route = ArrayVec<Point, MAX_POINTS>;

/// Arrow proportions in pixels, fixed per renderer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArrowStyle {
    /// The shaft's width, without its outline.
    pub shaft: f32,
    /// The dark edge round shaft and head, so an arrow reads over any
    /// square and over the arrows under it.
    pub outline: f32,
    pub head_length: f32,
    pub head_half_width: f32,
    /// How far short of the destination's centre the tip stops, so a
    /// captured piece there stays visible.
    pub tip_gap: f32,
    pub badge_radius: f32,
}

impl ArrowStyle {
    /// Proportions from a piece's radius: shafts over two fifths of a piece
    /// wide, so at Discord's preview size (a 1024 px board shown near
    /// 384 px) a shaft is still four to six pixels wide.
    pub fn for_piece(piece: f32, badge_radius: f32) -> ArrowStyle {
        ArrowStyle {
            shaft: piece * 0.42,
            outline: (piece * 0.09).max(1.0),
            head_length: piece * 1.1,
            head_half_width: piece * 0.68,
            tip_gap: piece * 0.3,
            badge_radius,
        }
    }
}

/// One option as drawn: the shaft's points (origin to the head's base) and
/// the head's three corners, or neither for a move with no origin (a
/// placement, a pass), and where its number goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub number: u8,
    pub shaft: Route,
    pub head: Option<[Point; 3]>,
    pub badge: Point,
}

/// Where along a shaft a number may sit, as fractions of its length, best
/// first: a little before the middle (clear of the origin piece and of the
/// head), then nearer the origin, then on towards the head.
const ALONG: [f32; 7] = [0.42, 0.28, 0.58, 0.7, 0.18, 0.82, 0.5];

/// Lays out `options`: (number, the pixel route from origin to
/// destination). A route of one point is a move with no origin; its
/// number goes on that point, or beside it when another number is there.
pub fn layout(options: &[(u8, Route)], style: &ArrowStyle) -> ArrayVec<Arrow, MAX_ARROWS> {
    let mut arrows: ArrayVec<Arrow, MAX_ARROWS> = ArrayVec::new();
    for (number, route) in options.iter().take(MAX_ARROWS) {
        let Some(&end) = route.last() else {
            continue;
        };
        let (shaft, head) = match shape(route, style) {
            Some((shaft, head)) => (shaft, Some(head)),
            None => (Route::new(), None),
        };
        let spots: ArrayVec<Point, 8> = if head.is_some() {
            ALONG.iter().map(|&t| point_along(route, t)).collect()
        } else {
            around(end, style.badge_radius * 1.9)
        };
        let placed: ArrayVec<Point, MAX_ARROWS> = arrows.iter().map(|a| a.badge).collect();
        let badge = clearest(&spots, &placed, style.badge_radius * 2.0);
        arrows.push(Arrow {
            number: *number,
            shaft,
            head,
            badge,
        });
    }
    arrows
}

/// The shaft and head of a route of two or more distinct points.
fn shape(route: &Route, style: &ArrowStyle) -> Option<(Route, [Point; 3])> {
    let [.., before, end] = route.as_slice() else {
        return None;
    };
    let (dx, dy) = (end.0 - before.0, end.1 - before.1);
    let length = dx.hypot(dy);
    if length < 1.0 {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    let gap = style.tip_gap.min(length * 0.25);
    let tip = (end.0 - ux * gap, end.1 - uy * gap);
    let head_length = style.head_length.min((length - gap) * 0.6);
    let base = (tip.0 - ux * head_length, tip.1 - uy * head_length);
    let (nx, ny) = (-uy * style.head_half_width, ux * style.head_half_width);
    let head = [tip, (base.0 + nx, base.1 + ny), (base.0 - nx, base.1 - ny)];
    let mut shaft: Route = route.iter().copied().take(route.len() - 1).collect();
    // The shaft stops inside the head, so its round cap never pokes past
    // the head's edges.
    shaft.push((
        base.0 + ux * head_length * 0.3,
        base.1 + uy * head_length * 0.3,
    ));
    Some((shaft, head))
}

/// The point `t` (0 to 1) of the way along a route's length.
pub fn point_along(route: &[Point], t: f32) -> Point {
    let total: f32 = route.windows(2).map(|w| distance(w[0], w[1])).sum();
    let mut left = total * t;
    for pair in route.windows(2) {
        let step = distance(pair[0], pair[1]);
        if left <= step && step > 0.0 {
            let f = left / step;
            return (
                pair[0].0 + (pair[1].0 - pair[0].0) * f,
                pair[0].1 + (pair[1].1 - pair[0].1) * f,
            );
        }
        left -= step;
    }
    route.last().copied().unwrap_or_default()
}

/// A point and six places round it.
fn around(centre: Point, step: f32) -> ArrayVec<Point, 8> {
    let mut spots = ArrayVec::new();
    spots.push(centre);
    for k in 0..6 {
        let angle = std::f32::consts::FRAC_PI_3 * k as f32;
        spots.push((centre.0 + angle.cos() * step, centre.1 + angle.sin() * step));
    }
    spots
}

/// The first spot at least `clear` from every placed number, or else the
/// spot farthest from its nearest one.
fn clearest(spots: &[Point], placed: &[Point], clear: f32) -> Point {
    let nearest = |spot: Point| {
        placed
            .iter()
            .map(|&p| distance(p, spot))
            .fold(f32::INFINITY, f32::min)
    };
    spots
        .iter()
        .copied()
        .find(|&spot| nearest(spot) >= clear)
        .or_else(|| {
            spots
                .iter()
                .copied()
                .max_by(|&a, &b| nearest(a).total_cmp(&nearest(b)))
        })
        .unwrap_or_default()
}

pub fn distance(a: Point, b: Point) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLE: ArrowStyle = ArrowStyle {
        shaft: 14.0,
        outline: 3.0,
        head_length: 38.0,
        head_half_width: 22.0,
        tip_gap: 11.0,
        badge_radius: 20.0,
    };

    fn route(points: &[Point]) -> Route {
        points.iter().copied().collect()
    }

    #[test]
    fn numbers_sharing_a_destination_sit_on_their_own_shafts() {
        let to = (500.0, 500.0);
        let arrows = layout(
            &[
                (2, route(&[(300.0, 500.0), to])),
                (3, route(&[(500.0, 260.0), to])),
            ],
            &STYLE,
        );
        assert_eq!(arrows.len(), 2);
        // Option 2 lies on the horizontal shaft, option 3 on the vertical.
        assert!((arrows[0].badge.1 - 500.0).abs() < 0.01, "{arrows:?}");
        assert!((arrows[1].badge.0 - 500.0).abs() < 0.01, "{arrows:?}");
        assert!(distance(arrows[0].badge, arrows[1].badge) >= 2.0 * STYLE.badge_radius);
    }

    #[test]
    fn steps_from_one_piece_in_one_direction_get_apart_numbers() {
        let from = (100.0, 100.0);
        let options = [
            (1, route(&[from, (180.0, 100.0)])),
            (2, route(&[from, (260.0, 100.0)])),
            (3, route(&[from, (340.0, 100.0)])),
        ];
        let arrows = layout(&options, &STYLE);
        for (i, a) in arrows.iter().enumerate() {
            for b in &arrows[i + 1..] {
                assert!(
                    distance(a.badge, b.badge) >= 2.0 * STYLE.badge_radius - 0.01,
                    "{a:?} and {b:?} overlap"
                );
            }
        }
    }

    #[test]
    fn crossing_arrows_do_not_stack_their_numbers() {
        // The two diagonals of a square cross in the middle, where a number
        // placed at the same fraction of each would land twice.
        let options = [
            (1, route(&[(100.0, 100.0), (200.0, 200.0)])),
            (2, route(&[(200.0, 100.0), (100.0, 200.0)])),
            (3, route(&[(100.0, 200.0), (200.0, 100.0)])),
        ];
        let arrows = layout(&options, &STYLE);
        assert!(distance(arrows[1].badge, arrows[2].badge) >= 2.0 * STYLE.badge_radius);
    }

    #[test]
    fn the_head_points_at_the_destination_and_stops_short_of_it() {
        let arrows = layout(&[(1, route(&[(0.0, 0.0), (200.0, 0.0)]))], &STYLE);
        let head = arrows[0].head.expect("a move with an origin has a head");
        assert_eq!(head[0], (200.0 - STYLE.tip_gap, 0.0));
        assert!(head[1].0 < head[0].0 && head[2].0 < head[0].0);
        let shaft_end = *arrows[0].shaft.last().expect("a shaft");
        assert!(shaft_end.0 < head[0].0 && shaft_end.0 > head[1].0);
    }

    #[test]
    fn a_move_without_an_origin_is_a_number_on_its_square() {
        let at = (300.0, 300.0);
        let arrows = layout(&[(1, route(&[at])), (2, route(&[at]))], &STYLE);
        assert!(
            arrows
                .iter()
                .all(|a| a.head.is_none() && a.shaft.is_empty())
        );
        assert_eq!(arrows[0].badge, at);
        assert!(distance(arrows[1].badge, at) > STYLE.badge_radius);
    }

    #[test]
    fn a_path_with_a_turn_is_followed() {
        let path = route(&[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)]);
        assert_eq!(point_along(&path, 0.5), (100.0, 0.0));
        assert_eq!(point_along(&path, 0.75), (100.0, 50.0));
        let arrows = layout(&[(1, path)], &STYLE);
        assert_eq!(arrows[0].shaft[1], (100.0, 0.0), "the turn is on the shaft");
    }
}
