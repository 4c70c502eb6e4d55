//! Dense numberings of the Space Checkers positions a solved table covers:
//! both sides' piece sets and the side to move, for every piece count at
//! which the game is not yet over by losses.
//!
//! [`Symmetric`], the one tables use, numbers one position of each family
//! the board's symmetries relate (see `symmetry.rs`): the side to move's set
//! is one of its family's representatives, the waiting side's set is ranked
//! among the squares left (combinatorial number system, colex order). For 4
//! pieces a side that is 5.3 million entries where numbering every position
//! takes 226 million ([`Dense`], kept for the tests that compare the two).

use super::symmetry::{self, Symmetry};

const SQUARES: u32 = 25;

/// One position in a table's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub white: u32,
    pub black: u32,
    /// 0: white to move, 1: black.
    pub side: u8,
}

impl State {
    fn mover_and_waiting(self) -> (u32, u32) {
        if self.side == 0 {
            (self.white, self.black)
        } else {
            (self.black, self.white)
        }
    }
}

/// A way of giving each covered position a number below `len()`.
pub(super) trait Numbering: Sync {
    fn len(&self) -> u64;
    /// The number of a state, or `None` when a piece count is out of range.
    fn index(&self, state: State) -> Option<u64>;
    /// A state with that number (for [`Symmetric`], white to move).
    fn state(&self, index: u64) -> State;
}

/// The numbering solved tables use: one position per family of symmetric
/// ones, always with white to move.
pub(super) struct Symmetric {
    counts: std::ops::RangeInclusive<u32>,
    /// By piece count, the representatives of the mover's set families,
    /// sorted.
    families: [Vec<u32>; 7],
    /// By piece count and colex rank of a set: its family's number and the
    /// symmetry that takes it to the family's representative.
    family_of: [Vec<(u32, Symmetry)>; 7],
    base: [[u64; 7]; 7],
    total: u64,
}

impl Symmetric {
    pub fn new(pieces: u8) -> Symmetric {
        let counts = covered_counts(pieces);
        let mut families: [Vec<u32>; 7] = Default::default();
        let mut family_of: [Vec<(u32, Symmetry)>; 7] = Default::default();
        for count in counts.clone() {
            let sets = choose(SQUARES, count);
            // The representative is the family's smallest set as a number.
            let lowest = |set: u32| {
                symmetry::ALL
                    .iter()
                    .map(|&s| (s.apply(set), s))
                    .min_by_key(|&(image, _)| image)
                    .expect("24 symmetries")
            };
            let images: Vec<(u32, Symmetry)> =
                (0..sets).map(|rank| lowest(unrank(rank, count))).collect();
            let mut representatives: Vec<u32> = images.iter().map(|&(image, _)| image).collect();
            representatives.sort_unstable();
            representatives.dedup();
            family_of[count as usize] = images
                .into_iter()
                .map(|(image, symmetry)| {
                    let family = representatives
                        .binary_search(&image)
                        .expect("every representative is listed");
                    (family as u32, symmetry)
                })
                .collect();
            families[count as usize] = representatives;
        }
        let mut base = [[0u64; 7]; 7];
        let mut total = 0;
        for mover in counts.clone() {
            for waiting in counts.clone() {
                base[mover as usize][waiting as usize] = total;
                total += families[mover as usize].len() as u64 * choose(SQUARES - mover, waiting);
            }
        }
        Symmetric {
            counts,
            families,
            family_of,
            base,
            total,
        }
    }
}

impl Numbering for Symmetric {
    fn len(&self) -> u64 {
        self.total
    }

    fn index(&self, state: State) -> Option<u64> {
        let (mover, waiting) = state.mover_and_waiting();
        let (m, w) = (mover.count_ones(), waiting.count_ones());
        if !self.counts.contains(&m) || !self.counts.contains(&w) {
            return None;
        }
        let (family, symmetry) = self.family_of[m as usize][rank(mover) as usize];
        let representative = self.families[m as usize][family as usize];
        let waiting = squeeze(symmetry.apply(waiting), representative);
        let local = u64::from(family) * choose(SQUARES - m, w) + rank(waiting);
        Some(self.base[m as usize][w as usize] + local)
    }

    fn state(&self, index: u64) -> State {
        let (m, w, local) = block_of(&self.counts, &self.base, index);
        let per_family = choose(SQUARES - m, w);
        let white = self.families[m as usize][(local / per_family) as usize];
        let black = spread(unrank(local % per_family, w), white);
        State {
            white,
            black,
            side: 0,
        }
    }
}

/// Every position, both sides to move: 226 million entries for 4 pieces, so
/// only the tests that check [`Symmetric`] against it use it.
#[cfg(test)]
pub(super) struct Dense {
    counts: std::ops::RangeInclusive<u32>,
    base: [[u64; 7]; 7],
    total: u64,
}

#[cfg(test)]
impl Dense {
    pub fn new(pieces: u8) -> Dense {
        let counts = covered_counts(pieces);
        let mut base = [[0u64; 7]; 7];
        let mut total = 0;
        for w in counts.clone() {
            for b in counts.clone() {
                base[w as usize][b as usize] = total;
                total += 2 * choose(SQUARES, w) * choose(SQUARES - w, b);
            }
        }
        Dense {
            counts,
            base,
            total,
        }
    }
}

#[cfg(test)]
impl Numbering for Dense {
    fn len(&self) -> u64 {
        self.total
    }

    fn index(&self, state: State) -> Option<u64> {
        let (w, b) = (state.white.count_ones(), state.black.count_ones());
        if !self.counts.contains(&w) || !self.counts.contains(&b) {
            return None;
        }
        let local =
            rank(state.white) * choose(SQUARES - w, b) + rank(squeeze(state.black, state.white));
        Some(self.base[w as usize][b as usize] + 2 * local + u64::from(state.side))
    }

    fn state(&self, index: u64) -> State {
        let (w, b, local) = block_of(&self.counts, &self.base, index);
        let per_white = choose(SQUARES - w, b);
        let white = unrank(local / 2 / per_white, w);
        let black = spread(unrank(local / 2 % per_white, b), white);
        State {
            white,
            black,
            side: (local & 1) as u8,
        }
    }
}

/// A side that has lost half its pieces has ended the game, so no position
/// with fewer is ever reached and none needs a number.
fn covered_counts(pieces: u8) -> std::ops::RangeInclusive<u32> {
    let pieces = u32::from(pieces);
    pieces / 2 + 1..=pieces
}

/// The pair of piece counts whose block holds `index` (blocks start at
/// `base`, in the order the counts run), and the index within the block.
fn block_of(
    counts: &std::ops::RangeInclusive<u32>,
    base: &[[u64; 7]; 7],
    index: u64,
) -> (u32, u32, u64) {
    let (a, b) = counts
        .clone()
        .flat_map(|a| counts.clone().map(move |b| (a, b)))
        .rev()
        .find(|&(a, b)| base[a as usize][b as usize] <= index)
        .expect("index within the table");
    (a, b, index - base[a as usize][b as usize])
}

static BINOMIALS: [[u64; 26]; 26] = binomials();

const fn binomials() -> [[u64; 26]; 26] {
    let mut table = [[0u64; 26]; 26];
    let mut n = 0;
    while n < 26 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

fn choose(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOMIALS[n as usize][k as usize]
    }
}

/// Colex rank: the i-th set bit (from 0) at position p adds C(p, i + 1).
fn rank(mut mask: u32) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while mask != 0 {
        rank += choose(mask.trailing_zeros(), i);
        mask &= mask - 1;
        i += 1;
    }
    rank
}

fn unrank(mut rank: u64, count: u32) -> u32 {
    let mut mask = 0;
    let mut p = SQUARES;
    for k in (1..=count).rev() {
        p -= 1;
        while choose(p, k) > rank {
            p -= 1;
        }
        rank -= choose(p, k);
        mask |= 1 << p;
    }
    mask
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
    fn dense_three_piece_numbering_round_trips_without_holes() {
        let dense = Dense::new(3);
        // C(25,3)·C(22,3) + 2·C(25,3)·C(22,2) + C(25,2)·C(23,2), both sides to move.
        assert_eq!(dense.len(), 2 * (2300 * 1540 + 2 * 2300 * 231 + 300 * 253));
        for index in (0..dense.len()).step_by(997) {
            let state = dense.state(index);
            assert_eq!(state.white & state.black, 0);
            assert_eq!(dense.index(state), Some(index));
        }
    }

    #[test]
    fn symmetric_numbering_round_trips_and_folds_each_family_onto_one_number() {
        let symmetric = Symmetric::new(4);
        // About 1/48 of the 225,802,500 positions, a little more because
        // symmetric sets of the mover keep some equal positions apart.
        assert!(symmetric.len() > 225_802_500 / 48 && symmetric.len() < 225_802_500 / 40);
        for index in (0..symmetric.len()).step_by(101) {
            let state = symmetric.state(index);
            assert_eq!(state.white & state.black, 0);
            assert_eq!(symmetric.index(state), Some(index));
            for s in symmetry::ALL.iter().step_by(5) {
                let (white, black) = (s.apply(state.white), s.apply(state.black));
                let turned = State {
                    white,
                    black,
                    side: 0,
                };
                let found = symmetric.index(turned).unwrap();
                let other = symmetric.state(found);
                assert!(symmetry::ALL.iter().any(|s| {
                    (s.apply(state.white), s.apply(state.black)) == (other.white, other.black)
                }));
                // Only a mover's set that some symmetry keeps in place can
                // leave one family under two numbers.
                let kept = symmetry::ALL[1..]
                    .iter()
                    .any(|s| s.apply(state.white) == state.white);
                assert!(found == index || kept);
            }
        }
    }
}
