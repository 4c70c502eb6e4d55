//! The small words a puzzle is described in: what it is about ([`Theme`]),
//! how hard it is ([`Difficulty`]), why its answer is the only one
//! ([`Proof`]), and what a try gets ([`Verdict`]).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What the answer achieves, which is also how the task is worded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// A forced win.
    Win,
    /// Wins a piece or more.
    Material,
    /// The only move that does not lose (in Djambi: save your Leader).
    Defence,
    /// The dice decide: the best move by expectation, and the task says so.
    BestOdds,
}

impl Theme {
    pub const ALL: [Theme; 4] = [Theme::Win, Theme::Material, Theme::Defence, Theme::BestOdds];

    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Win => "win",
            Theme::Material => "material",
            Theme::Defence => "defence",
            Theme::BestOdds => "best-odds",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How hard a puzzle is, from the weakest engine level that finds it (see
/// `calibrate.rs`). Ordered from easy to expert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// The puzzle's starting Glicko-2 rating: 300 points a step, so a
    /// solver rated like the step above wins about 85% against it.
    pub fn rating(self) -> f64 {
        match self {
            Difficulty::Easy => 1200.0,
            Difficulty::Medium => 1500.0,
            Difficulty::Hard => 1800.0,
            Difficulty::Expert => 2100.0,
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty {name:?}; expected easy, medium, hard or expert")]
pub struct UnknownDifficulty {
    pub name: String,
}

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.as_str() == wanted)
            .ok_or_else(|| UnknownDifficulty {
                name: text.chars().take(40).collect(),
            })
    }
}

/// Why the answer is the only right move, in terms [`super::check`] can
/// recompute from the puzzle alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Proof {
    /// Space Checkers: the solved table says the side to move wins in
    /// `distance` plies, and only the answer keeps the win.
    Solved { distance: u32 },
    /// A deterministic search `depth` plies deep (no clock, a fixed node
    /// budget) scores the answer `best` and the next move `second`, at
    /// least `margin` less.
    Search {
        depth: u32,
        best: i32,
        second: i32,
        margin: i32,
    },
    /// As [`Proof::Search`], with dice in the tree: the values are
    /// expectations over the rolls.
    Expectation {
        depth: u32,
        best: i32,
        second: i32,
        margin: i32,
    },
}

/// A legal try judged against the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Right,
    /// Legal, but not the answer.
    Wrong,
}
