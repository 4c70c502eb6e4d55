//! [`Square`]: one square of a round board, its names and its neighbours.
//!
//! Squares are numbered ring by ring from the outside in, and within a
//! ring clockwise from 12 o'clock, which is also how the renderer numbers
//! its cells, so a game maps squares to cells without arithmetic.

use super::{Layout, MAX_SQUARES, OneCentre, RAYS, Ring};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// One square of the board `L`, stored as its index.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square<L>(u8, PhantomData<L>);

impl<L: Layout> Square<L> {
    pub const COUNT: usize = 2 * RAYS as usize + L::CENTRE as usize;

    pub(super) const fn new(index: u8) -> Square<L> {
        Square(index, PhantomData)
    }

    /// The outer square on `ray`; rays wrap, so `outer(0)` is the last.
    pub const fn outer(ray: i32) -> Square<L> {
        Square::new(wrap(ray))
    }

    /// The middle square on `ray`, wrapping like [`Square::outer`].
    pub const fn middle(ray: i32) -> Square<L> {
        Square::new(RAYS + wrap(ray))
    }

    /// Centre square `n`, wrapping round the centre ring.
    pub const fn centre(n: i32) -> Square<L> {
        Square::new(2 * RAYS + (n - 1).rem_euclid(L::CENTRE as i32) as u8)
    }

    /// The centre square that the middle square on `ray` is joined to.
    pub const fn centre_of_ray(ray: i32) -> Square<L> {
        Square::centre(wrap(ray) as i32 / rays_per_centre::<L>() + 1)
    }

    /// The first of the rays joined to centre square `n`; the others
    /// follow clockwise.
    pub const fn first_ray_of_centre(n: i32) -> i32 {
        rays_per_centre::<L>() * (n - 1).rem_euclid(L::CENTRE as i32) + 1
    }

    pub fn from_index(index: usize) -> Option<Square<L>> {
        (index < Self::COUNT).then_some(Square::new(index as u8))
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    pub const fn ring(self) -> Ring {
        match self.0 {
            0..RAYS => Ring::Outer,
            RAYS..24 => Ring::Middle,
            _ => Ring::Centre,
        }
    }

    /// The number in the square's name: the ray on the outer and middle
    /// rings, the place round the centre ring (1 for a lone centre).
    pub const fn number(self) -> u8 {
        self.0 - first_of(self.ring()) + 1
    }

    /// The ray number 1..=12, or `None` in the centre.
    pub const fn ray(self) -> Option<u8> {
        match self.ring() {
            Ring::Outer | Ring::Middle => Some(self.number()),
            Ring::Centre => None,
        }
    }

    pub fn all() -> impl Iterator<Item = Square<L>> {
        (0..Self::COUNT as u8).map(Square::new)
    }
}

impl Square<OneCentre> {
    /// The one centre square, which the seeds call the core.
    pub const CORE: Square<OneCentre> = Square::centre(1);
}

/// Ray numbers wrap mod 12 into 1..=12; the result is the 0-based index.
const fn wrap(ray: i32) -> u8 {
    (ray - 1).rem_euclid(RAYS as i32) as u8
}

const fn rays_per_centre<L: Layout>() -> i32 {
    (RAYS / L::CENTRE) as i32
}

/// The index of a ring's first square.
const fn first_of(ring: Ring) -> u8 {
    match ring {
        Ring::Outer => 0,
        Ring::Middle => RAYS,
        Ring::Centre => 2 * RAYS,
    }
}

const fn sectors<L: Layout>(ring: Ring) -> u8 {
    match ring {
        Ring::Outer | Ring::Middle => RAYS,
        Ring::Centre => L::CENTRE,
    }
}

/// [`Layout::NEIGHBOURS`]: on a ring the two squares beside, along a ray
/// the squares in and out, and round a centre of several squares its two
/// neighbours there too.
pub(super) const fn neighbour_table<L: Layout>() -> [u32; MAX_SQUARES] {
    let mut table = [0; MAX_SQUARES];
    let mut ray = 1;
    while ray <= RAYS as i32 {
        let outer = Square::<L>::outer(ray);
        let middle = Square::<L>::middle(ray);
        table[outer.index()] =
            Square::<L>::outer(ray - 1).bit() | Square::<L>::outer(ray + 1).bit() | middle.bit();
        table[middle.index()] = Square::<L>::middle(ray - 1).bit()
            | Square::<L>::middle(ray + 1).bit()
            | outer.bit()
            | Square::<L>::centre_of_ray(ray).bit();
        ray += 1;
    }
    let mut n = 1;
    while n <= L::CENTRE as i32 {
        let here = Square::<L>::centre(n);
        let beside = Square::<L>::centre(n - 1).bit() | Square::<L>::centre(n + 1).bit();
        // A lone centre square is its own neighbour round the ring.
        let mut bits = beside & !here.bit();
        let first = Square::<L>::first_ray_of_centre(n);
        let mut k = 0;
        while k < rays_per_centre::<L>() {
            bits |= Square::<L>::middle(first + k).bit();
            k += 1;
        }
        table[here.index()] = bits;
        n += 1;
    }
    table
}

impl<L: Layout> fmt::Display for Square<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ring = self.ring();
        let letter = L::LETTERS[ring as usize];
        if sectors::<L>(ring) == 1 {
            write!(f, "{letter}")
        } else {
            write!(f, "{letter}{}", self.number())
        }
    }
}

/// As a tuple of its index, without the layout, which the type says.
impl<L> fmt::Debug for Square<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Square").field(&self.0).finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a square; expected {expected}")]
pub struct BadSquare {
    pub text: String,
    /// The layout's square names in short ("A1..A12, B1..B12 or C").
    pub expected: &'static str,
}

impl<L: Layout> FromStr for Square<L> {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadSquare {
            text: text.chars().take(12).collect(),
            expected: L::NAMES,
        };
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let ring = match L::LETTERS.iter().position(|&l| l == letter) {
            Some(0) => Ring::Outer,
            Some(1) => Ring::Middle,
            Some(_) => Ring::Centre,
            None => return Err(bad()),
        };
        let digits = chars.as_str();
        let sectors = sectors::<L>(ring);
        if sectors == 1 {
            // A ring of one square is named by its letter alone.
            return match digits.is_empty() {
                true => Ok(Square::new(first_of(ring))),
                false => Err(bad()),
            };
        }
        // Only plain decimal digits without a leading zero: `u8::from_str`
        // would also take "+5" and "05".
        let plain = !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !plain {
            return Err(bad());
        }
        let number: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=sectors).contains(&number) {
            return Err(bad());
        }
        Ok(Square::new(first_of(ring) + number - 1))
    }
}
