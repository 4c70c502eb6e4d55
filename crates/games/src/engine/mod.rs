//! The engine: black's replies to the community and the opponent in
//! single-player matches, for every game behind the [`Game`] trait.
//!
//! - [`search`](self::search) is one search for all games: iterative
//!   deepening alpha-beta from a fixed seat's view, with expectation at dice
//!   nodes and paranoid minimisation by every other seat, asking
//!   [`Game::to_decide`] at each node instead of assuming turns alternate.
//! - [`Evaluate`] is what the search needs per game (a static value, move
//!   ordering hints, a hash key); the implementations live in `eval/`.
//! - [`Engine`] turns a [`Level`] and a seed into moves: `random` and
//!   `greedy` for calibration, `easy` (a softmax over a shallow search),
//!   `normal`, `hard` and `max` (deeper searches; `max` also reads a solved
//!   table when one is installed, see [`solver`]).
//!
//! - [`ladder`] places each game's levels on one Elo scale, measured in
//!   the arena: what the adaptive level picks from.
//!
//! The engine is synchronous and CPU-bound: the service calls it from
//! `spawn_blocking`. `docs/engine.md` has the reasoning and measurements.

mod eval;
mod evaluate;
pub mod ladder;
mod level;
mod player;
pub mod review;
mod search;
pub mod solver;
mod table;

pub use evaluate::{Evaluate, PROVEN, Probe, WIN, mix_key, outcome_value};
pub use level::{Budget, Level, MAX_DEPTH, UnknownLevel};
pub use player::{Choice, Engine, EngineError, Judged, Ranking, Scored};

use crate::with_game;
use crate::{AnyGame, Game};

/// The engine's move for a game of any kind, in notation: what the service
/// asks for black's reply.
///
/// # Errors
/// [`EngineError::GameOver`] when the game has ended.
pub fn choose_notation(game: &AnyGame, level: Level, seed: u64) -> Result<String, EngineError> {
    with_game!(game, g => {
        let choice = Engine::new(level, seed).choose(g)?;
        Ok(g.move_notation(choice.mv))
    })
}

/// The `k` best moves in notation with their scores (for the side to move),
/// best first, searched at `level`'s budget: what the vote features when a
/// position has more moves than a poll can show.
///
/// # Errors
/// [`EngineError::GameOver`] when the game has ended,
/// [`EngineError::DiceDecide`] when the dice decide next.
pub fn top_k_notation(
    game: &AnyGame,
    level: Level,
    k: usize,
) -> Result<Vec<(String, i32)>, EngineError> {
    with_game!(game, g => {
        let ranked = Engine::new(level, 0).top_k(g, k)?;
        Ok(ranked.into_iter().map(|s| (g.move_notation(s.mv), s.score)).collect())
    })
}

#[cfg(test)]
mod tests;
