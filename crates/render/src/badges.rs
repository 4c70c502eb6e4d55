//! Where numbered options go, in pixels: which options are arrows and
//! which are numbers on their destinations, and where each number sits.
//!
//! An arrow tells which piece moves, so every option starts as one. Ten
//! arrows on a small board cross and run along each other, and a number
//! on a tangle of shafts reads as anyone's; so an arrow that tangles with
//! others gives way to a number on its destination (the most tangled
//! first, later options before earlier ones), unless another option ends
//! on the same square, where only the arrows tell the pieces apart.
//! Options from one piece to one square by different paths draw only
//! steps that are their own ([`own_parts`]).
//!
//! Each number then takes the first of its candidate spots (along its
//! shaft, or on and around its destination) that keeps three promises,
//! checked in the layout's own terms so a test can check them too
//! ([`Numbered::mark`], [`Room`]): it overlaps no other number, covers no
//! square's name, and is nearer its own mark than any other option's.
//! When no spot keeps them, an option in the way (or this one) changes
//! and the layout starts over: an arrow becomes a number, or, when
//! it shares its destination, a stub (the arrow's end, still pointing
//! from its piece's side, clear of the squares its first part passes);
//! a number becomes a stub; a stub becomes a clear one, starting past the
//! other options' destinations its line runs over. An option with no
//! change left takes its least bad spot, and the options after it still
//! get theirs. Pure geometry: the renderer strokes the shafts and stamps
//! the pre-drawn badge sprite where this says.

use super::arrows::{ArrowStyle, MAX_ARROWS, MAX_POINTS, Route, from_rim, point_along, shape};
use super::geometry::{Point, Rect, distance, polyline_distance, segment_distance, tangled};
use super::scene::MAX_CELLS;
use arrayvec::ArrayVec;

/// One option as drawn: an arrow (shaft points from its piece to the
/// head's base, and the head's three corners) or, with neither, a number
/// on its destination; and where its number goes.
#[derive(Clone, Debug, PartialEq)]
pub struct Numbered {
    pub number: u8,
    pub shaft: Route,
    pub head: Option<[Point; 3]>,
    /// The destination's centre.
    pub to: Point,
    pub badge: Point,
}

impl Numbered {
    /// What the number belongs to, as a reader sees it: the arrow from
    /// its piece to its tip, or the destination.
    pub fn mark(&self) -> Route {
        match self.head {
            Some([tip, ..]) => self.shaft.iter().copied().chain([tip]).collect(),
            None => [self.to].into_iter().collect(),
        }
    }
}

/// What numbers must keep clear of: the square names as painted, and the
/// area they must stay inside (the board, above the caption); and, where
/// a spot keeping the promises allows, the pieces.
pub struct Room<'a> {
    pub labels: &'a [Rect],
    pub bounds: Rect,
    pub pieces: Pieces,
}

/// The centres of the pieces on the board and their radius.
#[derive(Clone, Debug, Default)]
pub struct Pieces {
    pub centres: ArrayVec<Point, MAX_CELLS>,
    pub radius: f32,
}

impl Pieces {
    /// Whether a number's disc at `spot` hides a piece: it reaches past
    /// half the piece's radius, where its letter or its figure is.
    pub fn hidden_by(&self, spot: Point, r: f32) -> bool {
        let reach = r + 0.5 * self.radius;
        self.centres.iter().any(|&c| distance(spot, c) < reach)
    }
}

/// How much nearer its own mark than any other a number must be, in badge
/// radii: on a tie the eye cannot tell which of two arrows carries it.
const NEARER: f32 = 0.3;

/// Where along a shaft a number may sit, as fractions of its length, best
/// first: a little before the middle (clear of the origin piece and of the
/// head), then nearer the origin, then on towards the head, then the ends.
const ALONG: [f32; 11] = [0.42, 0.28, 0.58, 0.7, 0.18, 0.82, 0.35, 0.5, 0.64, 0.1, 0.9];

/// How far along its route a stub starts.
const STUB: f32 = 0.5;

/// The shortest clear stub, in badge radii: room for its head and, beside
/// it, its number.
const MIN_CLEAR: f32 = 3.0;

/// How an option is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Arrow,
    /// The arrow's end only: still from its piece's side, but clear of
    /// the squares its first part passes.
    Stub,
    /// A shorter stub, clear of the other options' destinations too.
    Clear,
    Number,
}

type Modes = ArrayVec<Mode, MAX_ARROWS>;
type Flags = ArrayVec<bool, MAX_ARROWS>;

/// Lays out `options`: (number, the pixel route from origin to
/// destination). A route of one point is a move with no origin, which is
/// always a number on that point.
pub fn layout(
    options: &[(u8, Route)],
    style: &ArrowStyle,
    room: &Room,
) -> ArrayVec<Numbered, MAX_ARROWS> {
    let options: ArrayVec<&(u8, Route), MAX_ARROWS> = options
        .iter()
        .filter(|(_, route)| !route.is_empty())
        .take(MAX_ARROWS)
        .collect();
    let n = options.len();
    let whole: ArrayVec<&Route, MAX_ARROWS> = options.iter().map(|(_, r)| r).collect();
    let routes = own_parts(&whole);
    // Only a part that starts on the piece leaves it at the rim; a walk's
    // own part that starts on a waypoint joins the steps drawn before it.
    let arrows: ArrayVec<Route, MAX_ARROWS> = (0..n)
        .map(|i| match same(routes[i][0], whole[i][0]) {
            true => from_rim(&routes[i], style.start_gap),
            false => routes[i].clone(),
        })
        .collect();
    let end = |i: usize| *routes[i].last().expect("routes are not empty");
    let destination = |i: usize| *whole[i].last().expect("routes are not empty");
    let stubs: ArrayVec<Route, MAX_ARROWS> = routes.iter().map(|r| stub(r, [], 0.0)).collect();
    let clears: ArrayVec<Route, MAX_ARROWS> = routes
        .iter()
        .map(|route| stub(route, (0..n).map(destination), style.badge_radius))
        .collect();
    let drawn = |i: usize, mode: Mode| match mode {
        Mode::Arrow => shape(&arrows[i], style),
        Mode::Stub => shape(&stubs[i], style),
        Mode::Clear => shape(&clears[i], style),
        Mode::Number => None,
    };
    // Options sharing a destination are told apart only by their arrows
    // (an option drawn by its own part of a path shares its destination
    // with its siblings, so it stays an arrow too).
    let shared: Flags = (0..n)
        .map(|i| (0..n).any(|j| j != i && distance(destination(i), destination(j)) < 1.0))
        .collect();
    let mut modes: Modes = (0..n)
        .map(|i| match drawn(i, Mode::Arrow) {
            Some(_) => Mode::Arrow,
            None => Mode::Number,
        })
        .collect();
    untangle(&routes, &mut modes, &shared, style.shaft);
    // The repairs each option may take (at most three: an arrow to a
    // number to a stub to a clear one), so the loop ends.
    let next = |i: usize, mode: Mode| match mode {
        Mode::Arrow if !shared[i] => Some(Mode::Number),
        Mode::Arrow | Mode::Number if drawn(i, Mode::Stub).is_some() => Some(Mode::Stub),
        Mode::Stub if clears[i] != stubs[i] && drawn(i, Mode::Clear).is_some() => Some(Mode::Clear),
        _ => None,
    };
    let build = |modes: &Modes| -> ArrayVec<Numbered, MAX_ARROWS> {
        (0..n)
            .map(|i| {
                let (shaft, head) = match drawn(i, modes[i]) {
                    Some((shaft, head)) => (shaft, Some(head)),
                    None => (Route::new(), None),
                };
                Numbered {
                    number: options[i].0,
                    shaft,
                    head,
                    to: end(i),
                    badge: end(i),
                }
            })
            .collect()
    };
    let mut changed: ArrayVec<u8, MAX_ARROWS> = (0..n).map(|_| 0).collect();
    // Options left with no change to try take their least bad spot, and
    // the layout goes on repairing for the options after them.
    let mut settled = 0;
    loop {
        let mut numbered = build(&modes);
        let Err(stuck) = place(
            &mut numbered,
            modes_routes(&modes, &arrows, [&stubs, &clears]),
            style.badge_radius,
            room,
            settled,
        ) else {
            return numbered;
        };
        let repair = (0..n)
            .filter(|&j| stuck.in_the_way & 1 << j != 0)
            .chain([stuck.option])
            .filter(|&j| changed[j] < 3)
            .find_map(|j| next(j, modes[j]).map(|mode| (j, mode)));
        match repair {
            Some((j, mode)) => {
                modes[j] = mode;
                changed[j] += 1;
            }
            None => settled |= 1 << stuck.option,
        }
    }
}

/// The route each option's number follows: its drawn route, or a stub's.
fn modes_routes<'a>(
    modes: &Modes,
    routes: &'a [Route],
    [stubs, clears]: [&'a [Route]; 2],
) -> ArrayVec<&'a Route, MAX_ARROWS> {
    modes
        .iter()
        .enumerate()
        .map(|(i, mode)| match mode {
            Mode::Stub => &stubs[i],
            Mode::Clear => &clears[i],
            _ => &routes[i],
        })
        .collect()
}

/// What each option draws of its route. Options from one piece to one
/// square by different paths (Dejarik's walks, where the path is the
/// choice) share their first and last steps, and whole arrows along them
/// would run along each other; so such an option draws only a run of its
/// steps that none of those siblings takes and no earlier option draws:
/// of those runs, the one the fewest other options draw or may yet draw
/// (earlier options' parts, later options' routes), then the longest,
/// then the first. A walk whose every step another option takes thus
/// keeps the run fewest of them share (round one square of Dejarik's
/// web, a single step) and leaves the rest to them. Other options draw
/// their whole routes, but for a line over an earlier walk's part, which
/// draws only what follows it (its end, as a stub would). Steps compare
/// square by square: a straight line over a square another option visits
/// is split there.
fn own_parts(whole: &[&Route]) -> ArrayVec<Route, MAX_ARROWS> {
    let n = whole.len();
    let sibling = |i: usize, j: usize| {
        let (a, b) = (whole[i], whole[j]);
        i != j
            && a.first().zip(b.first()).is_some_and(|(&p, &q)| same(p, q))
            && a.last().zip(b.last()).is_some_and(|(&p, &q)| same(p, q))
            && a != b
    };
    let walks: Flags = (0..n).map(|i| (0..n).any(|j| sibling(i, j))).collect();
    if !walks.contains(&true) {
        return whole.iter().map(|&route| route.clone()).collect();
    }
    let split = split_at_visits(whole);
    let mut parts: ArrayVec<Route, MAX_ARROWS> = ArrayVec::new();
    for i in 0..n {
        let route = &split[i];
        let part = if walks[i] {
            let barred: ArrayVec<&Route, MAX_ARROWS> = (0..n)
                .filter(|&j| sibling(i, j))
                .map(|j| &split[j])
                .chain(&parts)
                .collect();
            let others: ArrayVec<&Route, MAX_ARROWS> = (0..n)
                .filter(|&j| j != i)
                .map(|j| parts.get(j).unwrap_or(&split[j]))
                .collect();
            least_shared_run(route, &barred, &others)
        } else {
            let walked = |a: Point, b: Point| (0..i).any(|j| walks[j] && takes(&parts[j], a, b));
            route
                .windows(2)
                .rposition(|step| walked(step[0], step[1]))
                .filter(|&k| k + 2 < route.len())
                .map(|k| route[k + 1..].iter().copied().collect())
        };
        parts.push(part.unwrap_or_else(|| route.clone()));
    }
    // A whole route is drawn as given, without the points it was split at.
    for (i, part) in parts.iter_mut().enumerate() {
        if *part == split[i] {
            *part = whole[i].clone();
        }
    }
    parts
}

/// Each route with a point added wherever a step passes over a point of
/// any route (a square some option visits), in order along the step; a
/// route with no room for them stays as it is.
fn split_at_visits(routes: &[&Route]) -> ArrayVec<Route, MAX_ARROWS> {
    let points = || routes.iter().flat_map(|r| r.iter().copied());
    routes
        .iter()
        .map(|&route| {
            let mut split = Route::new();
            for step in route.windows(2) {
                let (a, b) = (step[0], step[1]);
                let mut over: ArrayVec<Point, MAX_POINTS> = ArrayVec::new();
                for p in points() {
                    let inside = !same(p, a) && !same(p, b) && segment_distance(p, a, b) < 1.0;
                    if inside && !over.iter().any(|&q| same(p, q)) && over.try_push(p).is_err() {
                        return route.clone();
                    }
                }
                over.sort_by(|p, q| distance(a, *p).total_cmp(&distance(a, *q)));
                for p in [a].into_iter().chain(over) {
                    if split.try_push(p).is_err() {
                        return route.clone();
                    }
                }
            }
            match route.last() {
                Some(&end) if split.try_push(end).is_ok() => split,
                _ => route.clone(),
            }
        })
        .collect()
}

/// The run of a route's steps that `barred` leave free and the fewest of
/// `others` take, then the longest, then the first; `None` when every
/// step is barred.
fn least_shared_run(route: &Route, barred: &[&Route], others: &[&Route]) -> Option<Route> {
    let steps = route.len().saturating_sub(1);
    let free = |k: usize| barred.iter().all(|r| !takes(r, route[k], route[k + 1]));
    let mut best: Option<((usize, usize), usize, usize)> = None;
    for from in 0..steps {
        for to in (from..steps).take_while(|&k| free(k)) {
            let sharing = others
                .iter()
                .filter(|r| (from..=to).any(|k| takes(r, route[k], route[k + 1])))
                .count();
            let key = (sharing, steps - (to - from));
            if best.is_none_or(|(best_key, _, _)| key < best_key) {
                best = Some((key, from, to));
            }
        }
    }
    best.map(|(_, from, to)| route[from..=to + 1].iter().copied().collect())
}

fn same(a: Point, b: Point) -> bool {
    distance(a, b) < 1.0
}

/// Whether a route steps between `a` and `b`, either way.
fn takes(route: &Route, a: Point, b: Point) -> bool {
    route
        .windows(2)
        .any(|w| (same(w[0], a) && same(w[1], b)) || (same(w[0], b) && same(w[1], a)))
}

/// The end of a route: from [`STUB`] of its length, or from a fifth into
/// its last step when that is later, so a stub passes no square of the
/// route but its destination; and past where the route leaves the disc of
/// radius `clear` round every other option's destination (a straight line
/// over squares it does not name), so a number there stays nearer its own
/// square.
fn stub(route: &Route, others: impl IntoIterator<Item = Point>, clear: f32) -> Route {
    let steps: ArrayVec<f32, MAX_POINTS> = route.windows(2).map(|w| distance(w[0], w[1])).collect();
    let total: f32 = steps.iter().sum();
    let last = steps.last().copied().unwrap_or_default();
    let mut from = (total * STUB).max(total - last * 0.8);
    let end = route.last().copied().unwrap_or_default();
    for p in others.into_iter().filter(|&p| distance(p, end) >= clear) {
        let mut walked = 0.0;
        for (pair, step) in route.windows(2).zip(&steps) {
            if segment_distance(p, pair[0], pair[1]) < clear {
                let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                // Where the line leaves the disc of `clear` round `p`.
                let along = ((p.0 - pair[0].0) * dx + (p.1 - pair[0].1) * dy) / step;
                let off = ((p.0 - pair[0].0) * dy - (p.1 - pair[0].1) * dx) / step;
                from = from.max(walked + along + (clear * clear - off * off).max(0.0).sqrt());
            }
            walked += step;
        }
    }
    let mut stub = Route::new();
    // Too short to carry a head and its number beside it: none.
    if total - from < MIN_CLEAR * clear {
        from = total;
    }
    if total > 0.0 {
        stub.push(point_along(route, (from / total).min(1.0)));
    }
    let mut walked = 0.0;
    for (pair, step) in route.windows(2).zip(&steps) {
        walked += step;
        if walked > from {
            stub.push(pair[1]);
        }
    }
    stub
}

/// Turns arrows that cross or run along others into numbers, the most
/// tangled first, until none tangle or only those sharing a destination
/// do.
fn untangle(routes: &[Route], modes: &mut Modes, shared: &Flags, near: f32) {
    let n = routes.len();
    let mut tangles = [[false; MAX_ARROWS]; MAX_ARROWS];
    for i in 0..n {
        for j in i + 1..n {
            let t = tangled(&routes[i], &routes[j], near);
            tangles[i][j] = t;
            tangles[j][i] = t;
        }
    }
    let arrow = |modes: &Modes, i: usize| modes[i] == Mode::Arrow;
    loop {
        let count = |i: usize| (0..n).filter(|&j| arrow(modes, j) && tangles[i][j]).count();
        // Ties go to the later option, so the featured first ones keep
        // their arrows.
        let worst = (0..n)
            .filter(|&i| arrow(modes, i) && !shared[i] && count(i) > 0)
            .max_by_key(|&i| (count(i), i));
        match worst {
            Some(i) => modes[i] = Mode::Number,
            None => return,
        }
    }
}

/// The option no spot suited, and the options whose marks were nearer
/// than its own at some spot (a bit per option; `MAX_ARROWS` is 32).
struct Stuck {
    option: usize,
    in_the_way: u32,
}

/// Places every number in order; stops at the first option with no spot
/// keeping every promise, but for those in `settled` (a bit per option),
/// which take their least bad spot.
fn place(
    numbered: &mut [Numbered],
    routes: ArrayVec<&Route, MAX_ARROWS>,
    r: f32,
    room: &Room,
    settled: u32,
) -> Result<(), Stuck> {
    let marks: ArrayVec<Route, MAX_ARROWS> = numbered.iter().map(Numbered::mark).collect();
    for i in 0..numbered.len() {
        let spots = match numbered[i].head {
            Some(_) => along(routes[i], r),
            None => around(numbered[i].to, r),
        };
        let placed: ArrayVec<Point, MAX_ARROWS> = numbered[..i].iter().map(|n| n.badge).collect();
        let strict = settled & 1 << i == 0;
        let mut in_the_way = 0;
        // A number over a piece hides which piece stands there (often the
        // one that moves), so among the spots keeping the promises the
        // first clear of every piece wins; a promise still comes first.
        let mut best = ((f32::INFINITY, true), numbered[i].to);
        for &spot in &spots {
            let drawn = (marks.as_slice(), placed.as_slice());
            let cost = faults(spot, i, drawn, r, room, strict, &mut in_the_way);
            let hides = room.pieces.hidden_by(spot, r);
            if (cost, hides) < best.0 {
                best = ((cost, hides), spot);
            }
            if best.0 == (0.0, false) {
                break;
            }
        }
        let best = (best.0.0, best.1);
        if strict && best.0 > 0.0 {
            return Err(Stuck {
                option: i,
                in_the_way,
            });
        }
        numbered[i].badge = best.1;
    }
    Ok(())
}

/// How badly a number of option `i` at `spot` breaks the promises (0 when
/// it keeps them all), noting the options whose marks are too near.
fn faults(
    spot: Point,
    i: usize,
    (marks, placed): (&[Route], &[Point]),
    r: f32,
    room: &Room,
    strict: bool,
    in_the_way: &mut u32,
) -> f32 {
    let mut cost = 0.0;
    if !room.bounds.holds_disc(spot, r) {
        cost += 16.0;
    }
    for &other in placed {
        let overlap = 2.0 * r + 1.0 - distance(spot, other);
        if overlap > 0.0 {
            cost += 8.0 + overlap / r;
        }
    }
    let covered = room.labels.iter().filter(|l| l.meets_disc(spot, r + 1.0));
    cost += 2.0 * covered.count() as f32;
    // The cheap checks first: a strict layout only wants to know that a
    // spot fails, and which marks are in the way where nothing else is.
    if strict && cost > 0.0 {
        return cost;
    }
    let own = polyline_distance(spot, &marks[i]);
    for (j, mark) in marks.iter().enumerate().filter(|&(j, _)| j != i) {
        let short = own + NEARER * r - polyline_distance(spot, mark);
        if short > 0.0 {
            cost += 4.0 + short / r;
            *in_the_way |= 1 << j;
        }
    }
    cost
}

/// Spots on a route's shaft, then beside it, so the badge still touches
/// its shaft but clears a name or a number in the way.
fn along(route: &Route, r: f32) -> ArrayVec<Point, 64> {
    let mut spots = ArrayVec::new();
    for side in [0.0, 0.75, -0.75, 1.3, -1.3] {
        for t in ALONG {
            let p = point_along(route, t);
            let q = point_along(route, (t + 0.01).min(1.0));
            let length = distance(p, q).max(f32::EPSILON);
            let normal = (-(q.1 - p.1) / length, (q.0 - p.0) / length);
            spots.push((p.0 + normal.0 * side * r, p.1 + normal.1 * side * r));
        }
    }
    spots
}

/// A destination, then twelve spots round it, close and then farther.
fn around(centre: Point, r: f32) -> ArrayVec<Point, 64> {
    let mut spots = ArrayVec::new();
    spots.push(centre);
    for reach in [1.25, 2.1] {
        for k in 0..12 {
            let angle = std::f32::consts::FRAC_PI_6 * k as f32;
            spots.push((
                centre.0 + angle.cos() * reach * r,
                centre.1 + angle.sin() * reach * r,
            ));
        }
    }
    spots
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

    const OPEN: Room = Room {
        labels: &[],
        bounds: Rect {
            left: 0.0,
            top: 0.0,
            right: 1000.0,
            bottom: 1000.0,
        },
        pieces: Pieces {
            centres: ArrayVec::new_const(),
            radius: 0.0,
        },
    };

    fn route(points: &[Point]) -> Route {
        points.iter().copied().collect()
    }

    /// The three promises, as the module doc gives them.
    fn assert_readable(numbered: &[Numbered], room: &Room) {
        let r = STYLE.badge_radius;
        let marks: Vec<Route> = numbered.iter().map(Numbered::mark).collect();
        for (i, a) in numbered.iter().enumerate() {
            for b in &numbered[i + 1..] {
                assert!(
                    distance(a.badge, b.badge) >= 2.0 * r,
                    "{a:?} and {b:?} overlap"
                );
            }
            assert!(
                !room.labels.iter().any(|l| l.meets_disc(a.badge, r)),
                "{a:?}"
            );
            let own = polyline_distance(a.badge, &marks[i]);
            for (j, mark) in marks.iter().enumerate().filter(|&(j, _)| j != i) {
                assert!(
                    own < polyline_distance(a.badge, mark),
                    "{a:?} is nearer {j}"
                );
            }
        }
    }

    #[test]
    fn numbers_sharing_a_destination_sit_on_their_own_shafts() {
        let to = (500.0, 500.0);
        let numbered = layout(
            &[
                (2, route(&[(300.0, 500.0), to])),
                (3, route(&[(500.0, 260.0), to])),
            ],
            &STYLE,
            &OPEN,
        );
        assert_eq!(numbered.len(), 2);
        assert!(
            numbered.iter().all(|n| n.head.is_some()),
            "both stay arrows"
        );
        // Option 2 lies on the horizontal shaft, option 3 on the vertical.
        assert!((numbered[0].badge.1 - 500.0).abs() < 0.01, "{numbered:?}");
        assert!((numbered[1].badge.0 - 500.0).abs() < 0.01, "{numbered:?}");
        assert_readable(&numbered, &OPEN);
    }

    #[test]
    fn steps_from_one_piece_in_one_direction_number_their_destinations() {
        let from = (100.0, 100.0);
        let options = [
            (1, route(&[from, (180.0, 100.0)])),
            (2, route(&[from, (260.0, 100.0)])),
            (3, route(&[from, (340.0, 100.0)])),
        ];
        let numbered = layout(&options, &STYLE, &OPEN);
        // Arrows along one line would hide each other; at most the
        // first one stays.
        assert!(
            numbered[1..].iter().all(|n| n.head.is_none()),
            "{numbered:?}"
        );
        assert_readable(&numbered, &OPEN);
    }

    #[test]
    fn crossing_arrows_give_way_to_numbered_destinations() {
        // The two diagonals of a square cross in the middle.
        let options = [
            (1, route(&[(100.0, 100.0), (300.0, 300.0)])),
            (2, route(&[(300.0, 100.0), (100.0, 300.0)])),
        ];
        let numbered = layout(&options, &STYLE, &OPEN);
        assert!(
            numbered[0].head.is_some(),
            "the first option keeps its arrow"
        );
        assert!(numbered[1].head.is_none());
        assert_readable(&numbered, &OPEN);
    }

    #[test]
    fn a_number_moves_off_a_square_name() {
        let label = Rect {
            left: 160.0,
            top: 90.0,
            right: 200.0,
            bottom: 110.0,
        };
        let room = Room {
            labels: &[label],
            ..OPEN
        };
        let options = [(1, route(&[(100.0, 100.0), (300.0, 100.0)]))];
        let numbered = layout(&options, &STYLE, &room);
        assert!(numbered[0].head.is_some());
        assert_readable(&numbered, &room);
    }

    #[test]
    fn walks_from_one_piece_to_one_square_draw_only_their_own_steps() {
        let (a, b, c) = ((100.0, 100.0), (300.0, 100.0), (100.0, 300.0));
        let (d, e, to) = ((300.0, 300.0), (500.0, 100.0), (500.0, 300.0));
        let options = [
            (1, route(&[a, b, e, to])),
            (2, route(&[a, b, d, to])),
            (3, route(&[a, c, d, to])),
        ];
        let numbered = layout(&options, &STYLE, &OPEN);
        assert!(numbered.iter().all(|n| n.head.is_some()), "{numbered:?}");
        // The first step is shared by 1 and 2, the last by 2 and 3: each
        // keeps only the steps no other walk takes.
        let starts: Vec<Point> = numbered.iter().map(|n| n.shaft[0]).collect();
        assert_eq!(starts, [b, b, a]);
        assert!(distance(numbered[1].mark()[1], d) < STYLE.head_length);
        assert_readable(&numbered, &OPEN);
        // With a gap at the rim, only the walk starting on the piece moves
        // its start; the others still start on the waypoint they share.
        let rim = ArrowStyle {
            start_gap: 16.0,
            ..STYLE
        };
        let starts: Vec<Point> = layout(&options, &rim, &OPEN)
            .iter()
            .map(|n| n.shaft[0])
            .collect();
        assert_eq!(starts, [b, b, (a.0, a.1 + 16.0)]);
    }

    #[test]
    fn walks_sharing_every_step_round_a_square_keep_one_step_each() {
        // As Dejarik's core: a piece on `a` steps to `d` through `b` or
        // `x`, and to `c` in a straight line over `b`; one on `g` walks
        // to `d` through `b` or `c`, and to `c` through `b` or `h`. Each
        // step round `b` belongs to two options.
        let (a, b, c, d) = (
            (400.0, 400.0),
            (300.0, 300.0),
            (200.0, 200.0),
            (400.0, 200.0),
        );
        let (e, g, h, x) = (
            (200.0, 400.0),
            (200.0, 500.0),
            (100.0, 300.0),
            (500.0, 300.0),
        );
        let routes = [
            route(&[a, x, d]),
            route(&[a, b, d]),
            route(&[a, c]),
            route(&[g, e, b, d]),
            route(&[g, e, c, d]),
            route(&[g, e, b, c]),
            route(&[g, e, h, c]),
        ];
        let whole: Vec<&Route> = routes.iter().collect();
        let parts = own_parts(&whole);
        let expected = [
            route(&[a, x, d]),
            route(&[a, b]),
            route(&[b, c]),
            route(&[b, d]),
            route(&[e, c, d]),
            route(&[e, b]),
            route(&[e, h, c]),
        ];
        assert_eq!(parts.as_slice(), expected.as_slice());
        let options: Vec<(u8, Route)> = (1..).zip(routes).collect();
        let numbered = layout(&options, &STYLE, &OPEN);
        assert_readable(&numbered, &OPEN);
    }

    #[test]
    fn a_clear_stub_starts_where_its_line_leaves_the_disc_round_another_destination() {
        let line = route(&[(0.0, 0.0), (200.0, 0.0)]);
        let clear = stub(&line, [(100.0, 12.0)], 20.0);
        // 16 px past the square's foot, where a line 12 px off meets a
        // circle of 20 px.
        assert!((clear[0].0 - 116.0).abs() < 0.01, "{clear:?}");
        assert_eq!(clear.last(), line.last());
    }

    #[test]
    fn a_move_without_an_origin_is_a_number_on_its_square() {
        let at = (300.0, 300.0);
        let numbered = layout(&[(1, route(&[at])), (2, route(&[at]))], &STYLE, &OPEN);
        assert!(
            numbered
                .iter()
                .all(|n| n.head.is_none() && n.shaft.is_empty())
        );
        assert_eq!(numbered[0].badge, at);
        assert!(distance(numbered[1].badge, at) > STYLE.badge_radius);
    }
}
