//! Dejarik's board is Space Checkers' 25 squares (seed 001: two rings of
//! twelve round one centre). Monsters step "orthogonally": along a ring,
//! or along a ray between rings and the centre, never diagonally.

use crate::games::space_checkers::{Orbit, Square, SquareSet};
use std::sync::OnceLock;

/// The orthogonal neighbours of every square: An touches A(n±1) and Bn; Bn
/// touches B(n±1), An and the centre; the centre touches every Bn.
pub fn neighbours(square: Square) -> SquareSet {
    static TABLE: OnceLock<[SquareSet; Square::COUNT]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [SquareSet::EMPTY; Square::COUNT];
        for sq in Square::all() {
            let set = match (sq.orbit(), sq.ray().map(i32::from)) {
                (Orbit::Outer, Some(r)) => {
                    [Square::outer(r - 1), Square::outer(r + 1), Square::inner(r)]
                        .into_iter()
                        .fold(SquareSet::EMPTY, SquareSet::with)
                }
                (Orbit::Inner, Some(r)) => [
                    Square::inner(r - 1),
                    Square::inner(r + 1),
                    Square::outer(r),
                    Square::CORE,
                ]
                .into_iter()
                .fold(SquareSet::EMPTY, SquareSet::with),
                _ => (1..=12)
                    .map(Square::inner)
                    .fold(SquareSet::EMPTY, SquareSet::with),
            };
            table[sq.index()] = set;
        }
        table
    })[square.index()]
}

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
    for next in neighbours(here).iter() {
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
            return neighbours(here).contains(to);
        }
        for next in neighbours(here).iter() {
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
            for n in neighbours(sq).iter() {
                if !seen.contains(n) && (!occupied.contains(n) || n == to) {
                    next = next.with(n);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        seen = SquareSet(seen.0 | next.0);
        frontier = next;
    }
    None
}
