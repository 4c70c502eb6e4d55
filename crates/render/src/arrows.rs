//! The shape of a numbered option's arrow, in pixels: a shaft from its
//! piece along the squares it passes, and a head that stops short of the
//! destination, as lichess draws them. Whether an option is drawn as an
//! arrow, and where its number goes, is `badges`'s choice.

use super::geometry::distance;
use arrayvec::ArrayVec;

/// The most numbered options an image shows (a ballot shows up to 25).
pub const MAX_ARROWS: usize = 32;
/// The most points one route has (a move's path, see `MoveMarks`).
pub const MAX_POINTS: usize = 16;

pub use super::geometry::Point;
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
    /// How far from the origin's centre the shaft starts, so the moving
    /// piece's letter or figure shows under it.
    pub start_gap: f32,
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
            start_gap: piece * 0.7,
            badge_radius,
        }
    }
}

/// The shaft and head of a route of two or more distinct points.
pub fn shape(route: &Route, style: &ArrowStyle) -> Option<(Route, [Point; 3])> {
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

/// `route` starting `gap` along its first step (at most a third of that
/// step, so a short step keeps a shaft): an arrow leaves its piece's rim.
pub fn from_rim(route: &Route, gap: f32) -> Route {
    let mut trimmed = route.clone();
    if let [first, second, ..] = trimmed.as_mut_slice() {
        let length = distance(*first, *second);
        if length > 0.0 {
            let f = gap.min(length / 3.0) / length;
            *first = (
                first.0 + (second.0 - first.0) * f,
                first.1 + (second.1 - first.1) * f,
            );
        }
    }
    trimmed
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

#[cfg(test)]
mod tests {
    use super::*;

    const STYLE: ArrowStyle = ArrowStyle {
        shaft: 14.0,
        outline: 3.0,
        head_length: 38.0,
        head_half_width: 22.0,
        tip_gap: 11.0,
        start_gap: 0.0,
        badge_radius: 20.0,
    };

    fn route(points: &[Point]) -> Route {
        points.iter().copied().collect()
    }

    #[test]
    fn the_head_points_at_the_destination_and_stops_short_of_it() {
        let (shaft, head) = shape(&route(&[(0.0, 0.0), (200.0, 0.0)]), &STYLE)
            .expect("a move with an origin has a head");
        assert_eq!(head[0], (200.0 - STYLE.tip_gap, 0.0));
        assert!(head[1].0 < head[0].0 && head[2].0 < head[0].0);
        let shaft_end = *shaft.last().expect("a shaft");
        assert!(shaft_end.0 < head[0].0 && shaft_end.0 > head[1].0);
    }

    #[test]
    fn a_path_with_a_turn_is_followed() {
        let path = route(&[(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)]);
        assert_eq!(point_along(&path, 0.5), (100.0, 0.0));
        assert_eq!(point_along(&path, 0.75), (100.0, 50.0));
        let (shaft, _) = shape(&path, &STYLE).expect("a shape");
        assert_eq!(shaft[1], (100.0, 0.0), "the turn is on the shaft");
    }

    #[test]
    fn an_arrow_leaves_its_piece_at_the_rim_but_keeps_a_short_step() {
        let long = from_rim(&route(&[(0.0, 0.0), (64.0, 0.0), (64.0, 90.0)]), 16.0);
        assert_eq!(long.as_slice(), [(16.0, 0.0), (64.0, 0.0), (64.0, 90.0)]);
        let short = from_rim(&route(&[(0.0, 0.0), (0.0, 24.0)]), 16.0);
        assert_eq!(short.as_slice(), [(0.0, 8.0), (0.0, 24.0)]);
        let lone = route(&[(5.0, 5.0)]);
        assert_eq!(from_rim(&lone, 12.0), lone);
    }

    #[test]
    fn a_move_without_an_origin_has_no_shape() {
        assert!(shape(&route(&[(300.0, 300.0)]), &STYLE).is_none());
    }
}
