//! The puzzles that ship with holotable: `assets/puzzles/<game>.jsonl`, one
//! JSON puzzle per line, written by `holotable puzzles generate` and
//! compiled in, parsed on first use.

use super::Puzzle;
use crate::GameKind;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Each game's file, in [`GameKind::ALL`] order.
const FILES: [(GameKind, &str); 4] = [
    (
        GameKind::SpaceCheckers,
        include_str!("../../../../assets/puzzles/space-checkers.jsonl"),
    ),
    (
        GameKind::Holochess,
        include_str!("../../../../assets/puzzles/holochess.jsonl"),
    ),
    (
        GameKind::Dejarik,
        include_str!("../../../../assets/puzzles/dejarik.jsonl"),
    ),
    (
        GameKind::Djambi,
        include_str!("../../../../assets/puzzles/djambi.jsonl"),
    ),
];

struct Shipped {
    puzzles: Vec<Puzzle>,
    by_id: HashMap<String, usize>,
}

fn load() -> &'static Shipped {
    static SHIPPED: OnceLock<Shipped> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        let mut puzzles = Vec::new();
        for (kind, text) in FILES {
            for (number, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                let puzzle: Puzzle = serde_json::from_str(line).unwrap_or_else(|error| {
                    panic!("assets/puzzles/{kind}.jsonl line {}: {error}", number + 1)
                });
                puzzles.push(puzzle);
            }
        }
        let by_id = puzzles
            .iter()
            .enumerate()
            .map(|(index, p)| (p.id.clone(), index))
            .collect();
        Shipped { puzzles, by_id }
    })
}

/// Every shipped puzzle of every game, in file order.
///
/// # Panics
/// When a shipped file does not parse, which the tests rule out.
pub fn shipped() -> &'static [Puzzle] {
    &load().puzzles
}

/// The shipped puzzle with this id.
pub fn by_id(id: &str) -> Option<&'static Puzzle> {
    let shipped = load();
    shipped.by_id.get(id).map(|&index| &shipped.puzzles[index])
}
