//! The service's view of the engine: a reply for the seat to move, and a
//! ranking of moves for featuring ballot options and breaking ties.
//!
//! A trait, so service tests can script the opponent and so the engine's
//! internals stay out of the use cases. Both calls block (the engine
//! thinks); the service runs them on tokio's blocking pool.

use crate::games::AnyGame;

pub trait Opponent: Send + Sync + 'static {
    /// Checks a level name, answering with the accepted names on error.
    ///
    /// # Errors
    /// A short message listing the levels.
    fn check_level(&self, level: &str) -> Result<(), String>;

    /// The decision (in notation) for whoever is to decide in `game`.
    /// Deterministic for a given `seed`.
    fn choose(&self, game: &AnyGame, level: &str, seed: u64) -> String;

    /// Up to `k` legal moves, best first, for the side to decide.
    fn rank(&self, game: &AnyGame, k: usize, seed: u64) -> Vec<String>;
}
