//! A dense numbering of the Space Checkers positions a solved table covers:
//! both sides' piece sets and the side to move, for every piece count at
//! which the game is not yet over by losses.
//!
//! White's set is ranked among all `C(25, w)` sets (combinatorial number
//! system, colex order); black's among the `C(25 - w, b)` sets of the squares
//! white leaves free. So the numbering has no holes and 4 pieces a side needs
//! 226 million entries instead of 2^50.

const SQUARES: u32 = 25;

pub(super) struct Indexer {
    binom: [[u64; 26]; 26],
    /// The first index of each (white count, black count) block.
    base: [[u64; 7]; 7],
    /// Piece counts covered: more than half the starting pieces.
    counts: std::ops::RangeInclusive<u32>,
    total: u64,
}

/// One position in the table's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub white: u32,
    pub black: u32,
    /// 0: white to move, 1: black.
    pub side: u8,
}

impl Indexer {
    pub fn new(pieces: u8) -> Indexer {
        let mut binom = [[0u64; 26]; 26];
        for n in 0..26 {
            binom[n][0] = 1;
            for k in 1..=n {
                binom[n][k] = binom[n - 1][k - 1] + binom[n - 1][k];
            }
        }
        let pieces = u32::from(pieces);
        // A side that has lost half its pieces has ended the game, so no
        // position with fewer is ever reached and none needs an index.
        let counts = pieces / 2 + 1..=pieces;
        let mut base = [[0u64; 7]; 7];
        let mut total = 0;
        for w in counts.clone() {
            for b in counts.clone() {
                base[w as usize][b as usize] = total;
                total += 2 * binom[25][w as usize] * binom[25 - w as usize][b as usize];
            }
        }
        Indexer {
            binom,
            base,
            counts,
            total,
        }
    }

    pub fn len(&self) -> u64 {
        self.total
    }

    fn choose(&self, n: u32, k: u32) -> u64 {
        if k > n {
            0
        } else {
            self.binom[n as usize][k as usize]
        }
    }

    /// The index of a state, or `None` when a piece count is out of range.
    pub fn index(&self, state: State) -> Option<u64> {
        let (w, b) = (state.white.count_ones(), state.black.count_ones());
        if !self.counts.contains(&w) || !self.counts.contains(&b) {
            return None;
        }
        let rank_w = self.rank(state.white);
        let rank_b = self.rank(squeeze(state.black, state.white));
        let local = rank_w * self.choose(SQUARES - w, b) + rank_b;
        Some(self.base[w as usize][b as usize] + 2 * local + u64::from(state.side))
    }

    pub fn state(&self, index: u64) -> State {
        let (w, b) = self
            .blocks()
            .filter(|&(w, b)| self.base[w as usize][b as usize] <= index)
            .last()
            .expect("index within the table");
        let local = index - self.base[w as usize][b as usize];
        let side = (local & 1) as u8;
        let per_white = self.choose(SQUARES - w, b);
        let white = self.unrank(local / 2 / per_white, w);
        let black = spread(self.unrank(local / 2 % per_white, b), white);
        State { white, black, side }
    }

    fn blocks(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.counts
            .clone()
            .flat_map(|w| self.counts.clone().map(move |b| (w, b)))
    }

    /// Colex rank: the i-th set bit (from 0) at position p adds C(p, i + 1).
    fn rank(&self, mut mask: u32) -> u64 {
        let mut rank = 0;
        let mut i = 1;
        while mask != 0 {
            rank += self.choose(mask.trailing_zeros(), i);
            mask &= mask - 1;
            i += 1;
        }
        rank
    }

    fn unrank(&self, mut rank: u64, count: u32) -> u32 {
        let mut mask = 0;
        let mut p = SQUARES;
        for k in (1..=count).rev() {
            p -= 1;
            while self.choose(p, k) > rank {
                p -= 1;
            }
            rank -= self.choose(p, k);
            mask |= 1 << p;
        }
        mask
    }
}

/// Renumbers the squares of `set` as positions among the squares not in
/// `taken` (a software PEXT).
fn squeeze(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut bits = set;
    while bits != 0 {
        let square = bits.trailing_zeros();
        out |= 1 << (square - (taken & ((1 << square) - 1)).count_ones());
        bits &= bits - 1;
    }
    out
}

/// The inverse of [`squeeze`] (a software PDEP onto the free squares).
fn spread(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut free = !taken & ((1 << SQUARES) - 1);
    let mut position = 0;
    while free != 0 {
        let square = free.trailing_zeros();
        if set & (1 << position) != 0 {
            out |= 1 << square;
        }
        free &= free - 1;
        position += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_piece_index_round_trips_and_is_dense() {
        let indexer = Indexer::new(3);
        // C(25,3)·C(22,3) + 2·C(25,3)·C(22,2) + C(25,2)·C(23,2), both sides to move.
        assert_eq!(
            indexer.len(),
            2 * (2300 * 1540 + 2 * 2300 * 231 + 300 * 253)
        );
        for index in (0..indexer.len()).step_by(997) {
            let state = indexer.state(index);
            assert_eq!(state.white & state.black, 0);
            assert_eq!(indexer.index(state), Some(index));
        }
    }

    #[test]
    fn four_pieces_need_226_million_entries() {
        assert_eq!(Indexer::new(4).len(), 225_802_500);
    }
}
