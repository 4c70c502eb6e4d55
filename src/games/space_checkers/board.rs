//! The 25-square round board: the outer orbit A1..A12, the inner orbit
//! B1..B12 and the core C, with ray n holding An and Bn.
//!
//! Ray 1 is the leftmost ray of the top-right quadrant and rays run clockwise
//! (seed 000, "The Board"), so A12 and A1 meet at the top.

use std::fmt;
use std::str::FromStr;

pub const RAYS: u8 = 12;

/// One of the 25 squares, stored as an index: A1..A12 are 0..11,
/// B1..B12 are 12..23, the core is 24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orbit {
    Outer,
    Inner,
    Core,
}

impl Square {
    pub const CORE: Square = Square(24);
    pub const COUNT: usize = 25;

    /// The outer-orbit square on `ray`, which wraps: `outer(0)` is A12.
    pub fn outer(ray: i32) -> Square {
        Square(wrap(ray) - 1)
    }

    /// The inner-orbit square on `ray`, which wraps like [`Square::outer`].
    pub fn inner(ray: i32) -> Square {
        Square(RAYS + wrap(ray) - 1)
    }

    pub fn from_index(index: usize) -> Option<Square> {
        (index < Self::COUNT).then_some(Square(index as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn bit(self) -> u32 {
        1 << self.0
    }

    pub fn orbit(self) -> Orbit {
        match self.0 {
            0..12 => Orbit::Outer,
            12..24 => Orbit::Inner,
            _ => Orbit::Core,
        }
    }

    /// The ray number 1..=12, or `None` for the core.
    pub fn ray(self) -> Option<u8> {
        match self.orbit() {
            Orbit::Outer => Some(self.0 + 1),
            Orbit::Inner => Some(self.0 - RAYS + 1),
            Orbit::Core => None,
        }
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }
}

/// Ray numbers wrap mod 12 into 1..=12 (`A(n±k)` in the rules).
fn wrap(ray: i32) -> u8 {
    (ray - 1).rem_euclid(i32::from(RAYS)) as u8 + 1
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.orbit() {
            Orbit::Outer => write!(f, "A{}", self.0 + 1),
            Orbit::Inner => write!(f, "B{}", self.0 - RAYS + 1),
            Orbit::Core => f.write_str("C"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a square; expected A1..A12, B1..B12 or C")]
pub struct BadSquare {
    pub text: String,
}

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadSquare {
            text: text.chars().take(12).collect(),
        };
        let mut chars = text.chars();
        let orbit = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let digits = chars.as_str();
        if orbit == 'C' && digits.is_empty() {
            return Ok(Square::CORE);
        }
        // Only plain decimal digits: `u8::from_str` would also take "+5".
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let ray: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=RAYS).contains(&ray) || digits.starts_with('0') {
            return Err(bad());
        }
        match orbit {
            'A' => Ok(Square::outer(i32::from(ray))),
            'B' => Ok(Square::inner(i32::from(ray))),
            _ => Err(bad()),
        }
    }
}

/// A set of squares as a bitmask; a side's pieces are one of these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(pub u32);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet(0);

    pub fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    pub fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | square.bit())
    }

    pub fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !square.bit())
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The inner-orbit part as 12 bits, bit k for B(k+1).
    pub fn inner_mask(self) -> u16 {
        ((self.0 >> RAYS) & 0xFFF) as u16
    }

    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Square(index)
            })
        })
    }
}

/// The longest run of contiguous inner-orbit squares (B12 and B1 touch) in a
/// 12-bit mask, for every mask: the "in a row" test is a lookup.
static LONGEST_RUN: [u8; 4096] = longest_runs();

const fn longest_runs() -> [u8; 4096] {
    let mut table = [0u8; 4096];
    let mut mask = 0;
    while mask < 4096 {
        if mask == 0xFFF {
            table[mask] = 12;
        } else {
            let mut best = 0;
            let mut start = 0;
            while start < 12 {
                let mut len = 0;
                while len < 12 && mask & (1 << ((start + len) % 12)) != 0 {
                    len += 1;
                }
                if len > best {
                    best = len;
                }
                start += 1;
            }
            table[mask] = best as u8;
        }
        mask += 1;
    }
    table
}

/// The length of the longest row of pieces on the inner orbit.
pub fn longest_inner_row(pieces: SquareSet) -> u32 {
    u32::from(LONGEST_RUN[usize::from(pieces.inner_mask())])
}
