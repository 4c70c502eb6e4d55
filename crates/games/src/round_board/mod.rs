//! The round boards that Space Checkers, Dejarik and holochess play on: an
//! outer ring of 12 squares, a middle ring of 12 and a centre ring, with
//! ray n (1..=12, clockwise, ray 1 just right of 12 o'clock) holding the
//! outer and the middle square n. The boards differ only in their centre
//! (one square, or holochess's four) and in the letters of the square
//! names, which a [`Layout`] gives; [`Square`], [`SquareSet`] and the
//! orthogonal neighbours are written once for both.
//!
//! Space Checkers' seed calls the outer and middle rings the outer and
//! inner orbits and the one centre square the core ([`Square::CORE`]).
//! What a piece may do on these squares is each game's business.

mod set;
mod square;

pub use set::SquareSet;
pub use square::{BadSquare, Square};

use std::fmt::Debug;
use std::hash::Hash;

/// Squares on the outer ring, and on the middle ring: one per ray.
pub const RAYS: u8 = 12;

/// The most squares a layout may have: a [`SquareSet`] is 32 bits.
pub const MAX_SQUARES: usize = 32;

/// The three rings, from the outside in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ring {
    Outer,
    Middle,
    Centre,
}

/// One round board's shape and names. Implemented by marker types only;
/// squares of different layouts are different types, so a holochess square
/// can never land in a Space Checkers set.
pub trait Layout: Copy + Ord + Hash + Debug + Send + Sync + 'static {
    /// Squares on the centre ring. It divides 12, so every centre square
    /// joins the same number of consecutive middle squares.
    const CENTRE: u8;
    /// The letter of each ring's square names, outer ring first.
    const LETTERS: [char; 3];
    /// Every square name in short, for "not a square" messages.
    const NAMES: &'static str;
    /// Each square's orthogonal neighbours as bits, by index; computed
    /// from the shape at compile time.
    const NEIGHBOURS: [u32; MAX_SQUARES] = square::neighbour_table::<Self>();
}

/// The board of Space Checkers and Dejarik (seed 001: "two rings of twelve
/// round one centre"): A1..A12 outside, B1..B12 inside, the core C.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OneCentre {}

impl Layout for OneCentre {
    const CENTRE: u8 = 1;
    const LETTERS: [char; 3] = ['A', 'B', 'C'];
    const NAMES: &'static str = "A1..A12, B1..B12 or C";
}

/// The holochess board (seed 003): O1..O12 outside, M1..M12 in the
/// middle, and C1..C4, each centre square the quarter of the board its
/// three rays point into (C1 joins M1-M3, C2 M4-M6, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FourCentres {}

impl Layout for FourCentres {
    const CENTRE: u8 = 4;
    const LETTERS: [char; 3] = ['O', 'M', 'C'];
    const NAMES: &'static str = "O1..O12, M1..M12 or C1..C4";
}

#[cfg(test)]
mod tests;
