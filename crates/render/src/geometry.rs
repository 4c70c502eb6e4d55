//! Plane geometry in image pixels for laying out what a request draws on
//! top of the board: points, boxes, and distances to and crossings of
//! polylines. Pure arithmetic, so layouts are tested without pixels.

pub type Point = (f32, f32);

pub fn distance(a: Point, b: Point) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// An axis-aligned box: a square's name as painted, or the drawable area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

impl Rect {
    /// Whether a disc at `centre` of radius `r` touches the box.
    pub fn meets_disc(&self, centre: Point, r: f32) -> bool {
        let dx = (self.left - centre.0).max(centre.0 - self.right).max(0.0);
        let dy = (self.top - centre.1).max(centre.1 - self.bottom).max(0.0);
        dx.hypot(dy) < r
    }

    /// Whether a disc at `centre` of radius `r` lies wholly inside the box.
    pub fn holds_disc(&self, centre: Point, r: f32) -> bool {
        centre.0 - r >= self.left
            && centre.0 + r <= self.right
            && centre.1 - r >= self.top
            && centre.1 + r <= self.bottom
    }
}

/// Distance from `p` to the segment `a`-`b`.
pub fn segment_distance(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length2 = dx * dx + dy * dy;
    if length2 == 0.0 {
        return distance(p, a);
    }
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length2).clamp(0.0, 1.0);
    distance(p, (a.0 + dx * t, a.1 + dy * t))
}

/// Distance from `p` to a polyline (a single point counts as one).
pub fn polyline_distance(p: Point, line: &[Point]) -> f32 {
    match line {
        [] => f32::INFINITY,
        [only] => distance(p, *only),
        _ => line
            .windows(2)
            .map(|w| segment_distance(p, w[0], w[1]))
            .fold(f32::INFINITY, f32::min),
    }
}

/// Whether two polylines cross or run along each other. Touching only at
/// an end both share (two moves of one piece, two moves to one square) is
/// not a crossing: their arrows meet there without hiding each other.
/// `near` is how close two lines may pass before they count as touching.
pub fn tangled(a: &[Point], b: &[Point], near: f32) -> bool {
    let shared = |p: Point| {
        [a.first(), a.last()]
            .into_iter()
            .flatten()
            .any(|&e| distance(e, p) < near)
            && [b.first(), b.last()]
                .into_iter()
                .flatten()
                .any(|&e| distance(e, p) < near)
    };
    for sa in a.windows(2) {
        for sb in b.windows(2) {
            if crossing(sa[0], sa[1], sb[0], sb[1]).is_some_and(|at| !shared(at)) {
                return true;
            }
            // Lines running along each other: a point of one, away from
            // the ends they share, lies on the other.
            for (p, other) in [(sa[0], sb), (sa[1], sb), (sb[0], sa), (sb[1], sa)] {
                let on = segment_distance(p, other[0], other[1]) < near;
                if on && !shared(p) {
                    return true;
                }
            }
            let (ma, mb) = (midpoint(sa[0], sa[1]), midpoint(sb[0], sb[1]));
            if segment_distance(ma, sb[0], sb[1]) < near
                || segment_distance(mb, sa[0], sa[1]) < near
            {
                return true;
            }
        }
    }
    false
}

fn midpoint(a: Point, b: Point) -> Point {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// Where segments `a`-`b` and `c`-`d` cross, if they do.
fn crossing(a: Point, b: Point, c: Point, d: Point) -> Option<Point> {
    let (rx, ry) = (b.0 - a.0, b.1 - a.1);
    let (sx, sy) = (d.0 - c.0, d.1 - c.1);
    let denominator = rx * sy - ry * sx;
    if denominator.abs() < f32::EPSILON {
        return None;
    }
    let (qx, qy) = (c.0 - a.0, c.1 - a.1);
    let t = (qx * sy - qy * sx) / denominator;
    let u = (qx * ry - qy * rx) / denominator;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some((a.0 + rx * t, a.1 + ry * t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagonals_of_a_square_are_tangled_and_its_sides_are_not() {
        let near = 2.0;
        let diagonal = [(0.0, 0.0), (100.0, 100.0)];
        let other = [(100.0, 0.0), (0.0, 100.0)];
        assert!(tangled(&diagonal, &other, near));
        // Two sides from one corner share only that corner.
        let top = [(0.0, 0.0), (100.0, 0.0)];
        let left = [(0.0, 0.0), (0.0, 100.0)];
        assert!(!tangled(&top, &left, near));
        // Two moves ending on one square meet only there.
        assert!(!tangled(
            &[(0.0, 0.0), (50.0, 50.0)],
            &[(100.0, 0.0), (50.0, 50.0)],
            near
        ));
    }

    #[test]
    fn a_step_and_a_longer_step_in_one_line_run_along_each_other() {
        let short = [(0.0, 0.0), (50.0, 0.0)];
        let long = [(0.0, 0.0), (100.0, 0.0)];
        assert!(tangled(&short, &long, 2.0));
        // A line passing through the end of another.
        let through = [(50.0, -50.0), (50.0, 50.0)];
        assert!(tangled(&short, &through, 2.0));
    }

    #[test]
    fn distances_to_a_polyline_and_a_box() {
        let line = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0)];
        assert_eq!(polyline_distance((50.0, 10.0), &line), 10.0);
        assert_eq!(polyline_distance((120.0, 50.0), &line), 20.0);
        assert_eq!(polyline_distance((3.0, 4.0), &[(0.0, 0.0)]), 5.0);
        let label = Rect {
            left: 0.0,
            top: 0.0,
            right: 10.0,
            bottom: 10.0,
        };
        assert!(label.meets_disc((15.0, 5.0), 6.0));
        assert!(!label.meets_disc((15.0, 5.0), 4.0));
        assert!(label.holds_disc((5.0, 5.0), 5.0));
        assert!(!label.holds_disc((5.0, 5.0), 6.0));
    }
}
