//! What the search needs to know about a game beyond its rules: a static
//! value for positions it cannot search to the end, hints for the order in
//! which to try moves, a key for the transposition table, and (optionally)
//! exact values from a solved table.
//!
//! Values are integers from one seat's point of view. Finished games score
//! [`WIN`] minus the distance in plies, so the search prefers quick wins and
//! slow losses; heuristic values stay well inside `±WIN / 2`.

use crate::{Game, Outcome, Seat, SeatResult};

/// The value of a won game at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// Values at or beyond this (in absolute value) are proven results, not
/// heuristics. Room for 10 000 plies of distance.
pub const PROVEN: i32 = WIN - 10_000;

/// An exact result read from a solved table, from the side to decide's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// The side to decide wins in at most this many plies with best play.
    Win(u32),
    /// The side to decide loses in this many plies against best play.
    Loss(u32),
}

/// Per-game knowledge for the search. Implemented once per game in
/// `engine::eval`.
pub trait Evaluate: Game {
    /// How good the position looks for `seat`, without searching. Keep it
    /// within `±WIN / 2` and roughly symmetric: in a two-seat game the value
    /// for one seat should be about minus the value for the other.
    fn evaluate(&self, seat: Seat) -> i32;

    /// A hint for move ordering: moves with larger hints are searched first
    /// (captures, promotions). Ordering only changes speed, never the result.
    fn order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A hash of everything that decides the rest of the game (pieces, side to
    /// decide, counters), for the transposition table. Collisions cost
    /// accuracy, not safety: moves from the table are checked before use.
    fn key(&self) -> u64;

    /// What a won game is worth where the dice decide whether it is reached:
    /// dice nodes average their results, and a win at [`WIN`] beside
    /// heuristic values of a few hundred makes a one-in-a-thousand chance of
    /// winning outweigh a sure piece, so reckless attacks look best. Games
    /// with chance set this on their evaluation's scale (more than all the
    /// material on the board); games without dice never average and keep
    /// [`WIN`].
    const CHANCE_WIN: i32 = WIN;

    /// What one ordinary piece is worth on this evaluation's scale: the
    /// unit a post-game review measures a decision's loss in, so a verdict
    /// means the same in every game although their scales differ.
    const PIECE: i32;

    /// Below the root, drops moves not worth a full search. Games whose
    /// compound moves come in large families differing only in a minor
    /// follow-up (Djambi's corpse squares) keep a few of each family, which
    /// buys depth; the root always searches every move. Unlike
    /// [`Evaluate::order_hint`] this changes results, so it must only drop
    /// moves that are rarely better than the ones kept.
    fn prune_below_root(&self, _moves: &mut Vec<Self::Move>) {}

    /// An exact result from a solved table (built in or loaded), if one
    /// covers this position.
    fn probe(&self) -> Option<Probe> {
        None
    }
}

/// The value of a finished game for `seat`, `ply` plies below the root.
pub fn outcome_value(outcome: &Outcome, seat: Seat, ply: u32) -> i32 {
    let distance = ply.min(9_999) as i32;
    match outcome.results[seat] {
        SeatResult::Win => WIN - distance,
        SeatResult::Loss => -(WIN - distance),
        SeatResult::Draw => 0,
    }
}

/// Mixes a few words into a 64-bit key (splitmix64 finaliser), for
/// [`Evaluate::key`] implementations.
pub fn mix_key(words: &[u64]) -> u64 {
    words.iter().fold(0x9E37_79B9_7F4A_7C15, |acc, &word| {
        let mut z = (acc ^ word).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}
