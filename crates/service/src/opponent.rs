//! The service's view of the engine: a reply for the seat to move, and a
//! ranking of moves for featuring ballot options and breaking ties.
//!
//! A trait, so service tests can script the opponent and so the engine's
//! internals stay out of the use cases. Both calls block (the engine
//! thinks); the service runs them on tokio's blocking pool, at most one per
//! core at once, so searches never hold the async threads and a burst of
//! closes queues for the cores instead of thrashing them.

use super::{Failure, Service, ServiceError};
use holotable_games::AnyGame;
use std::sync::Arc;
use tokio::sync::Semaphore;

pub trait Opponent: Send + Sync + 'static {
    /// Whether `level` names one of this opponent's levels (the refusal
    /// of an unknown one lists the engine's levels from the catalogue).
    fn knows_level(&self, level: &str) -> bool;

    /// The decision (in notation) for whoever is to decide in `game`.
    /// Deterministic for a given `seed`.
    fn choose(&self, game: &AnyGame, level: &str, seed: u64) -> String;

    /// Up to `k` legal moves, best first, for the side to decide.
    fn rank(&self, game: &AnyGame, k: usize, seed: u64) -> Vec<String>;
}

/// How many moves a ballot's ranking asks for: enough to feature options
/// and break ties among the moves people actually vote for.
pub(super) const RANKED_MOVES: usize = 24;

/// One search slot per core.
pub(super) fn engine_slots() -> Arc<Semaphore> {
    Arc::new(Semaphore::new(
        std::thread::available_parallelism().map_or(2, usize::from),
    ))
}

impl Service {
    pub(super) async fn choose(
        &self,
        game: &AnyGame,
        level: &str,
        seed: u64,
    ) -> Result<String, ServiceError> {
        let (game, level) = (game.clone(), level.to_string());
        self.think(move |opponent| {
            let started = std::time::Instant::now();
            let choice = opponent.choose(&game, &level, seed);
            super::metrics::metrics().engine_searched(&level, started.elapsed());
            choice
        })
        .await
    }

    pub(super) async fn rank(
        &self,
        game: &AnyGame,
        seed: u64,
    ) -> Result<Vec<String>, ServiceError> {
        let game = game.clone();
        self.think(move |opponent| opponent.rank(&game, RANKED_MOVES, seed))
            .await
    }

    async fn think<T, F>(&self, work: F) -> Result<T, ServiceError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn Opponent) -> T + Send + 'static,
    {
        let slot = self
            .engine_slots
            .clone()
            .acquire_owned()
            .await
            .expect("the engine's slots are never closed");
        let opponent = self.opponent.clone();
        // The slot goes with the search: a caller that stops waiting does
        // not free it while the search still runs.
        tokio::task::spawn_blocking(move || {
            let _slot = slot;
            work(opponent.as_ref())
        })
        .await
        .map_err(|e| Failure::Engine(e.to_string()).into())
    }
}
