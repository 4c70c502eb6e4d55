//! The real engine behind the service's [`Opponent`] trait.

use super::Opponent;
use holotable_games::AnyGame;
use holotable_games::engine::{self, Level};

/// The ranking for ballots is a quick one: it only orders candidates for
/// featuring and tie-breaks, and runs once per ballot.
const RANKING_LEVEL: Level = Level::Easy;

#[derive(Clone, Copy, Debug, Default)]
pub struct EngineOpponent;

impl Opponent for EngineOpponent {
    fn knows_level(&self, level: &str) -> bool {
        level.parse::<Level>().is_ok()
    }

    fn choose(&self, game: &AnyGame, level: &str, seed: u64) -> String {
        let level = level.parse().unwrap_or(Level::Normal);
        engine::choose_notation(game, level, seed)
            .expect("the service asks only when the engine is to decide")
    }

    fn rank(&self, game: &AnyGame, k: usize, _seed: u64) -> Vec<String> {
        engine::top_k_notation(game, RANKING_LEVEL, k)
            .map(|ranked| ranked.into_iter().map(|(mv, _)| mv).collect())
            .unwrap_or_default()
    }
}
