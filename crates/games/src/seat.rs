//! Players as small indices, and containers indexed by them.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// A player in a game: 0 moves first by default. Games give seats names
/// ("white", "black"; Djambi's armies map onto seats by the game's own rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    pub const MAX: usize = 4;

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// All seats of a game with `count` players.
    pub fn all(count: usize) -> impl Iterator<Item = Seat> {
        (0..count as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// One value per seat, for 2 to 4 seats, without `[T; 2]` arithmetic.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySeat<T>(ArrayVec<T, { Seat::MAX }>);

impl<T> BySeat<T> {
    /// # Panics
    /// When `count` exceeds [`Seat::MAX`]; seat counts come from game code.
    pub fn from_fn(count: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        assert!(count <= Seat::MAX, "at most {} seats", Seat::MAX);
        BySeat(Seat::all(count).map(&mut f).collect())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
