//! Space Checkers' words for the shared 25-square round board
//! ([`round_board`], its shape and names): the outer orbit A1..A12, the
//! inner orbit B1..B12 and the core C, with ray n holding An and Bn; and
//! the one board question the rules ask often, the longest row on the
//! inner orbit.
//!
//! Ray 1 is the leftmost ray of the top-right quadrant and rays run clockwise
//! (seed 000, "The Board"), so A12 and A1 meet at the top.

use crate::round_board::{self, OneCentre};

/// One of the 25 squares: A1..A12 (the outer orbit) are the outer ring,
/// B1..B12 (the inner orbit) the middle ring, the core C the centre.
pub type Square = round_board::Square<OneCentre>;

/// A set of squares; a side's pieces are one of these.
pub type SquareSet = round_board::SquareSet<OneCentre>;

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
    u32::from(LONGEST_RUN[usize::from(pieces.middle_mask())])
}
