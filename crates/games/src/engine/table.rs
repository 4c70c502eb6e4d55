//! The transposition table: results of positions already searched, so a
//! position reached by several move orders is searched once per depth, and
//! the best move of the last iteration is tried first in the next.

use super::evaluate::PROVEN;

/// How a stored value relates to the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    /// The true value is at least this (a cutoff at a maximising node).
    Lower,
    /// The true value is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<M> {
    key: u64,
    pub depth: u32,
    pub bound: Bound,
    value: i32,
    pub best: Option<M>,
}

/// A fixed-size table indexed by the low bits of the key; a new entry always
/// replaces the old one, which is simple and good enough for searches of a
/// second or so (the table is per search, so results stay deterministic).
pub(super) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Self {
        Table {
            slots: vec![None; 1 << bits],
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    pub fn get(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.slot(key)].filter(|e| e.key == key)
    }

    /// Stores a value found `ply` plies below the root. Proven results are
    /// stored as distances from this node, so they stay right when the same
    /// position turns up at another ply.
    pub fn put(
        &mut self,
        key: u64,
        depth: u32,
        bound: Bound,
        value: i32,
        ply: u32,
        best: Option<M>,
    ) {
        let slot = self.slot(key);
        self.slots[slot] = Some(Entry {
            key,
            depth,
            bound,
            value: shift(value, ply as i32),
            best,
        });
    }
}

impl<M> Entry<M> {
    /// The stored value as seen from `ply` plies below the root.
    pub fn value(&self, ply: u32) -> i32 {
        shift(self.value, -(ply as i32))
    }
}

fn shift(value: i32, ply: i32) -> i32 {
    if value >= PROVEN {
        value + ply
    } else if value <= -PROVEN {
        value - ply
    } else {
        value
    }
}
