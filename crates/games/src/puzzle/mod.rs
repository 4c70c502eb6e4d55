//! Daily puzzles: positions from self-play where exactly one move reaches a
//! goal, made offline by the engine and shipped as data.
//!
//! A [`Puzzle`] is pure data (a position, the answers and the replies in
//! between); this module knows how to replay it, judge a try
//! ([`Puzzle::judge`]), prove it again from nothing but its data and the
//! engine ([`check`]), and make new ones ([`generate`]). Which puzzle is
//! shown on which day, ratings and storage are left to the service.
//!
//! - `vocabulary.rs`: themes, difficulties, proofs, verdicts.
//! - `settings.rs`: each game's stated depths, node budgets and margins.
//! - `analyse.rs`: whether a position is a step, and how hard it is.
//! - `check.rs`: the re-derivation of a puzzle's claims.
//! - `generate.rs`: self-play, and puzzles from its positions.
//! - `shipped.rs`: the puzzles under `assets/puzzles`, parsed once.

mod analyse;
mod check;
mod generate;
mod settings;
mod shipped;
mod vocabulary;

#[cfg(test)]
mod tests;

pub use analyse::NotAPuzzle;
pub use check::{CheckError, check};
pub use generate::generate;
pub use shipped::{by_id, shipped};
pub use vocabulary::{Difficulty, Proof, Theme, UnknownDifficulty, Verdict};

use crate::{AnyGame, Decider, GameKind, PlayError, PositionError, RulesJson, Seat};
use serde::{Deserialize, Serialize};

/// One puzzle: a position, and the line of answers and replies from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// Stable and unique across every game, such as
    /// `space-checkers-5f3a09c2e1`: made from the position
    /// ([`Puzzle::stable_id`]), so the same puzzle keeps its id when the
    /// set is made again, and a stored try, rating or round never comes to
    /// name another position.
    pub id: String,
    pub game: GameKind,
    /// `{}` for the game's defaults.
    pub rules: RulesJson,
    /// The position before the first answer.
    pub position: String,
    /// One to three steps.
    pub steps: Vec<Step>,
    pub theme: Theme,
    pub difficulty: Difficulty,
    pub proof: Proof,
}

/// One decision of the solver's, and what the others do after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The one right move, in canonical notation.
    pub answer: String,
    /// Two to five moves including the answer, in display order: the
    /// others are the wrong moves a shallow look likes best.
    pub candidates: Vec<String>,
    /// Every decision after the answer until the solver decides again
    /// (opponents' moves, dice); empty on the last step.
    pub reply: Vec<String>,
}

impl Puzzle {
    /// The starting position.
    ///
    /// # Errors
    /// When the rules or the position do not parse.
    pub fn start(&self) -> Result<AnyGame, PositionError> {
        AnyGame::from_position(self.game, &self.rules, &self.position)
    }

    /// The id a puzzle of this game, rules and position has: the game's
    /// name and 40 bits of FNV-1a over the three (stable across Rust
    /// versions and platforms, unlike `std`'s hasher).
    pub fn stable_id(&self) -> String {
        let rules = serde_json::to_string(&self.rules).expect("rules serialise to JSON");
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        for part in [self.game.as_str(), rules.as_str(), self.position.as_str()] {
            for byte in part.bytes().chain([0]) {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        format!("{}-{:010x}", self.game.as_str(), hash >> 24)
    }

    /// The seat to move at the start: the one solving.
    ///
    /// # Panics
    /// When the position does not parse or nobody is to move in it, which
    /// [`check`] rules out for every shipped puzzle.
    pub fn solver(&self) -> Seat {
        match self.start().map(|g| g.to_decide()) {
            Ok(Some(Decider::Seat(seat))) => seat,
            other => panic!("puzzle {} has no seat to move: {other:?}", self.id),
        }
    }

    /// The position before `step`'s answer: the start with the earlier
    /// answers and replies played. A step past the end gives the position
    /// after the whole line.
    ///
    /// # Panics
    /// When the puzzle's own line does not play, which [`check`] rules out
    /// for every shipped puzzle.
    pub fn game_at(&self, step: usize) -> AnyGame {
        self.try_game_at(step)
            .unwrap_or_else(|error| panic!("puzzle {} does not replay: {error}", self.id))
    }

    fn try_game_at(&self, step: usize) -> Result<AnyGame, String> {
        let mut game = self.start().map_err(|e| e.to_string())?;
        for earlier in self.steps.iter().take(step) {
            for text in std::iter::once(&earlier.answer).chain(&earlier.reply) {
                game.play_notation(text)
                    .map_err(|e| format!("{text}: {e}"))?;
            }
        }
        Ok(game)
    }

    /// Judges a try at `step`, in any notation the game reads there.
    ///
    /// # Errors
    /// [`PlayError::Parse`] for text that is not a move,
    /// [`PlayError::Illegal`] for a move not legal here, and
    /// [`PlayError::GameOver`] for a step past the end (or a puzzle whose
    /// line does not play).
    pub fn judge(&self, step: usize, text: &str) -> Result<Verdict, PlayError> {
        let Some(expected) = self.steps.get(step) else {
            return Err(PlayError::GameOver);
        };
        let mut game = self.try_game_at(step).map_err(|_| PlayError::GameOver)?;
        // Canonical notation names one move, whatever form the text took.
        let played = game.play_notation(text)?;
        Ok(if played == expected.answer {
            Verdict::Right
        } else {
            Verdict::Wrong
        })
    }

    /// The whole line: the first answer, its replies, the next answer, and
    /// so on.
    pub fn line(&self) -> Vec<String> {
        self.steps
            .iter()
            .flat_map(|step| std::iter::once(step.answer.clone()).chain(step.reply.clone()))
            .collect()
    }
}
