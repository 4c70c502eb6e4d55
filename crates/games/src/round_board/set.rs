//! [`SquareSet`]: a set of squares of one round board as a bitmask, bit
//! n for the square of index n, so a side's pieces, a path or a
//! neighbourhood costs one word and set algebra one instruction.

use super::{Layout, RAYS, Square};
use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitOr, Sub};

/// A set of squares of the board `L`: bit n of `.0` for the square of
/// index n. Built by [`SquareSet::from_bits`], which names the layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareSet<L>(pub u32, PhantomData<L>);

// Here rather than in `square.rs`: a square knows nothing of sets, and
// sets are built on squares, so the two modules depend one way.
impl<L: Layout> Square<L> {
    /// Side by side on a ring, or in and out along a ray; a centre square
    /// touches the middle squares of the rays it joins.
    pub fn neighbours(self) -> SquareSet<L> {
        SquareSet::from_bits(L::NEIGHBOURS[self.index()])
    }
}

impl<L: Layout> SquareSet<L> {
    pub const EMPTY: SquareSet<L> = SquareSet::from_bits(0);

    /// The set whose bit n stands for the square of index n; for tables
    /// and keys that store sets as numbers.
    pub const fn from_bits(bits: u32) -> SquareSet<L> {
        SquareSet(bits, PhantomData)
    }

    pub const fn contains(self, square: Square<L>) -> bool {
        self.0 & square.bit() != 0
    }

    pub const fn with(self, square: Square<L>) -> SquareSet<L> {
        SquareSet::from_bits(self.0 | square.bit())
    }

    pub const fn without(self, square: Square<L>) -> SquareSet<L> {
        SquareSet::from_bits(self.0 & !square.bit())
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The middle-ring part as 12 bits, bit k for the square on ray k + 1.
    pub const fn middle_mask(self) -> u16 {
        ((self.0 >> RAYS) & 0xFFF) as u16
    }

    /// The squares in index order.
    pub fn iter(self) -> impl Iterator<Item = Square<L>> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Square::new(index)
            })
        })
    }
}

impl<L> Default for SquareSet<L> {
    fn default() -> Self {
        SquareSet(0, PhantomData)
    }
}

/// As a tuple of its bits, without the layout, which the type says.
impl<L> fmt::Debug for SquareSet<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SquareSet").field(&self.0).finish()
    }
}

/// The union.
impl<L: Layout> BitOr for SquareSet<L> {
    type Output = SquareSet<L>;

    fn bitor(self, other: SquareSet<L>) -> SquareSet<L> {
        SquareSet::from_bits(self.0 | other.0)
    }
}

/// The intersection.
impl<L: Layout> BitAnd for SquareSet<L> {
    type Output = SquareSet<L>;

    fn bitand(self, other: SquareSet<L>) -> SquareSet<L> {
        SquareSet::from_bits(self.0 & other.0)
    }
}

/// The squares of `self` that are not in `other`.
impl<L: Layout> Sub for SquareSet<L> {
    type Output = SquareSet<L>;

    fn sub(self, other: SquareSet<L>) -> SquareSet<L> {
        SquareSet::from_bits(self.0 & !other.0)
    }
}
