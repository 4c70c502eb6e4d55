//! Dejarik's board is the shared 25-square round board, as Space Checkers
//! names it (seed 001: two rings of twelve round one centre). Monsters step
//! "orthogonally", to a square's [`Square::neighbours`]: along a ring, or
//! along a ray between rings and the centre, never diagonally. This file
//! walks those steps: where a move can end, by which paths, and how far.

use crate::round_board::{self, OneCentre};

/// One of the 25 squares: A1..A12 outside, B1..B12 inside, the core C.
pub type Square = round_board::Square<OneCentre>;

/// A set of squares: where monsters stand, or what a walk crossed.
pub type SquareSet = round_board::SquareSet<OneCentre>;

/// The squares a monster can reach with exactly `steps` steps through empty
/// squares without entering a square twice (nor any square in `passed`),
/// and for each destination the distinct sets of squares its paths cross
/// (start and destination included), in the order they are first found.
pub fn reachable(
    from: Square,
    steps: u8,
    occupied: SquareSet,
    passed: SquareSet,
) -> Vec<(Square, Vec<SquareSet>)> {
    let mut found: Vec<(Square, Vec<SquareSet>)> = Vec::new();
    let mut path = vec![from];
    walk(&mut path, steps, occupied, passed, &mut found);
    found
}

fn walk(
    path: &mut Vec<Square>,
    steps: u8,
    occupied: SquareSet,
    passed: SquareSet,
    found: &mut Vec<(Square, Vec<SquareSet>)>,
) {
    let here = *path.last().expect("a path starts somewhere");
    if steps == 0 {
        let crossed = path.iter().copied().fold(SquareSet::EMPTY, SquareSet::with);
        match found.iter_mut().find(|(to, _)| *to == here) {
            Some((_, sets)) if !sets.contains(&crossed) => sets.push(crossed),
            Some(_) => {}
            None => found.push((here, vec![crossed])),
        }
        return;
    }
    for next in here.neighbours().iter() {
        if occupied.contains(next) || passed.contains(next) || path.contains(&next) {
            continue;
        }
        path.push(next);
        walk(path, steps - 1, occupied, passed, found);
        path.pop();
    }
}

/// The squares of `via` in walking order from `from` to `to`, stepping
/// only on `via`'s squares: the path a move names by its crossed squares.
pub fn path_through(from: Square, to: Square, via: SquareSet) -> Vec<Square> {
    fn extend(path: &mut Vec<Square>, to: Square, via: SquareSet) -> bool {
        let here = *path.last().expect("a path starts somewhere");
        if path.len() == via.len() as usize + 1 {
            return here.neighbours().contains(to);
        }
        for next in here.neighbours().iter() {
            if via.contains(next) && !path.contains(&next) {
                path.push(next);
                if extend(path, to, via) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![from];
    if extend(&mut path, to, via) {
        path.remove(0);
        path
    } else {
        via.iter().collect()
    }
}

/// Shortest-path distance between squares through empty squares (for the
/// shortest-distance rule option); `None` when unreachable.
pub fn distance(from: Square, to: Square, occupied: SquareSet) -> Option<u8> {
    let mut frontier = SquareSet::EMPTY.with(from);
    let mut seen = frontier;
    for d in 0..=25u8 {
        if frontier.contains(to) {
            return Some(d);
        }
        let mut next = SquareSet::EMPTY;
        for sq in frontier.iter() {
            for n in sq.neighbours().iter() {
                if !seen.contains(n) && (!occupied.contains(n) || n == to) {
                    next = next.with(n);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        seen = seen | next;
        frontier = next;
    }
    None
}
