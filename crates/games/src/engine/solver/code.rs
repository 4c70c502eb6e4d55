//! One byte per position: unknown, a drawn end, or won/lost in n plies for
//! the side to move.

use crate::engine::evaluate::Probe;

/// Neither side can force a win (a draw by cycling in the uncapped game),
/// or not resolved yet while building.
pub(super) const UNKNOWN: u8 = 0;
/// The game is over and drawn.
pub(super) const DRAW: u8 = 1;
const WIN0: u8 = 2;
const LOSS0: u8 = 128;
/// The longest distance a byte can hold; the solver reports deeper results
/// as unresolved rather than store them wrong.
pub(super) const MAX_DISTANCE: u32 = 125;

pub(super) fn win(distance: u32) -> u8 {
    debug_assert!(distance <= MAX_DISTANCE);
    WIN0 + distance as u8
}

pub(super) fn loss(distance: u32) -> u8 {
    debug_assert!(distance <= MAX_DISTANCE);
    LOSS0 + distance as u8
}

pub(super) fn decode(code: u8) -> Option<Probe> {
    match code {
        UNKNOWN | DRAW => None,
        WIN0..LOSS0 => Some(Probe::Win(u32::from(code - WIN0))),
        _ => Some(Probe::Loss(u32::from(code - LOSS0))),
    }
}
