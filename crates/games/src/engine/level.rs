//! Playing strengths, from the calibration opponents to the strongest search.

use crate::GameKind;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strongly the engine plays. `random` and `greedy` exist to calibrate
/// the others in `holotable arena`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// The best move by the evaluation one ply ahead; ties broken at random.
    /// In Dejarik, a softmax over those scores (see [`Level::temperature`]).
    Greedy,
    /// A shallow search whose move is drawn from a softmax over the scores:
    /// it takes free pieces and avoids losing at once, but misses plans.
    Easy,
    Normal,
    Hard,
    /// The deepest search in the budget, reading a solved table where one
    /// exists (built in for Space Checkers with 3 or 4 pieces).
    Max,
}

/// What a level may spend on one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time; the search returns its last finished iteration when
    /// it runs out. `None`: no clock (tests, reproducible runs).
    pub time: Option<Duration>,
    /// Nodes searched; deterministic, unlike time.
    pub nodes: Option<u64>,
    /// Plies of search (full width but for [`super::Evaluate::prune_below_root`]).
    pub depth: u32,
}

/// The deepest iteration any level starts; far beyond what a second buys.
pub const MAX_DEPTH: u32 = 64;

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Max,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }

    /// The default budget per move in `game`. Depth caps separate the levels
    /// (and keep them reproducible: a capped search ends the same way on any
    /// machine); the clock only cuts a search that would run long. `normal`
    /// answers within one second on one core, so a vote's reply never keeps
    /// a channel waiting.
    pub fn budget(self, game: GameKind) -> Budget {
        let millis = match self {
            Level::Random => 0,
            Level::Greedy | Level::Normal => 1_000,
            Level::Easy => 250,
            Level::Hard => 2_000,
            Level::Max => 5_000,
        };
        Budget {
            time: Some(Duration::from_millis(millis)),
            nodes: None,
            depth: self.depth(game),
        }
    }

    /// Djambi's levels search a ply less than the other games': with
    /// thousands of compound moves a position, `hard` seldom finished depth 5
    /// within its two seconds and so played like `normal`, and `max` was
    /// hardly deeper than either (docs/engine.md). One ply less makes each
    /// level's depth one that it finishes, a ply short of the next level's.
    fn depth(self, game: GameKind) -> u32 {
        let shallower = u32::from(game == GameKind::Djambi);
        match self {
            Level::Random => 0,
            Level::Greedy => 1,
            Level::Easy => 3 - shallower,
            Level::Normal => 4 - shallower,
            Level::Hard => 5 - shallower,
            Level::Max => MAX_DEPTH,
        }
    }

    /// The softmax temperature a level plays `game` with, in evaluation
    /// units, or `None` to play the best move found.
    ///
    /// Everywhere, `easy` draws from a softmax (temperature 20; a piece is
    /// worth about 200): moves within a few dozen points of the best are
    /// played often, a lost piece almost never. In Dejarik depth buys almost
    /// nothing past one turn (the dice decide most combats; docs/engine.md),
    /// so every level is told apart by how often it plays a weaker move,
    /// `greedy` too: one ply already weighs the exact kill odds, and played
    /// best it measured above `easy` and `normal`.
    pub(super) fn temperature(self, game: GameKind) -> Option<f64> {
        match (game, self) {
            (GameKind::Dejarik, Level::Greedy) => Some(400.0),
            (GameKind::Dejarik, Level::Easy) => Some(200.0),
            (GameKind::Dejarik, Level::Normal) => Some(100.0),
            (GameKind::Dejarik, Level::Hard) => Some(50.0),
            (_, Level::Easy) => Some(20.0),
            _ => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {name:?}; expected random, greedy, easy, normal, hard or max")]
pub struct UnknownLevel {
    pub name: String,
}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.as_str() == wanted)
            .ok_or_else(|| UnknownLevel {
                name: text.chars().take(40).collect(),
            })
    }
}
