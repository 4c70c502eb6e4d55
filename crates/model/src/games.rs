//! A game as kept: its state, its status, how its ballots are shown, and
//! the moves played.

use crate::{GameId, Millis, Unknown};
use holotable_games::{GameKind, Outcome, RulesJson};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameStatus {
    Active,
    /// Waiting for an admin to resume (a ballot drew no votes).
    Paused,
    Finished,
    /// Ended by an admin before the game's own end.
    Stopped,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Paused => "paused",
            GameStatus::Finished => "finished",
            GameStatus::Stopped => "stopped",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "active" => GameStatus::Active,
            "paused" => GameStatus::Paused,
            "finished" => GameStatus::Finished,
            "stopped" => GameStatus::Stopped,
            other => return Err(Unknown::new("game status", other)),
        })
    }

    pub fn is_live(self) -> bool {
        matches!(self, GameStatus::Active | GameStatus::Paused)
    }
}

/// How a community game's ballots are shown: a poll, menus, or `auto`
/// (a poll when the options fit in one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BallotFormat {
    /// A native poll when every legal move fits in one, otherwise menus.
    #[default]
    Auto,
    /// A native poll of the featured options every move; any other legal
    /// move by `/vote`.
    Poll,
    /// Select menus every move.
    Menus,
}

impl BallotFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            BallotFormat::Auto => "auto",
            BallotFormat::Poll => "poll",
            BallotFormat::Menus => "menus",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "auto" => BallotFormat::Auto,
            "poll" => BallotFormat::Poll,
            "menus" => BallotFormat::Menus,
            other => return Err(Unknown::new("ballot format", other)),
        })
    }
}

/// How a community game's members decide each move together, beyond the
/// ballot's own time: a discussion before votes open, and whether the
/// tally stays hidden until the close (so a first few votes cannot start
/// a bandwagon).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deliberation {
    /// Before each ballot takes votes: suggestions and backings only.
    pub discuss_ms: Millis,
    /// Members see who voted, not for what, until the ballot closes.
    pub hidden_tally: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GameState {
    pub id: GameId,
    pub channel: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub start_position: String,
    pub position: String,
    pub ply: u32,
    pub version: i64,
    pub status: GameStatus,
    pub seed: u64,
    pub level: String,
    pub vote_ms: Millis,
    pub max_extensions: u32,
    pub community_seats: Vec<u8>,
    pub ballot_format: BallotFormat,
    pub deliberation: Deliberation,
    pub started_by: String,
    pub created_at: Millis,
    pub finished_at: Option<Millis>,
    pub outcome: Option<Outcome>,
}

/// Who made a recorded decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DecidedBy {
    Community,
    Engine,
    Chance,
    /// A match player, in the move's seat.
    Player,
}

impl DecidedBy {
    pub fn as_str(self) -> &'static str {
        match self {
            DecidedBy::Community => "community",
            DecidedBy::Engine => "engine",
            DecidedBy::Chance => "chance",
            DecidedBy::Player => "player",
        }
    }

    /// The stored word back; `None` for a word this build does not know.
    pub fn parse(text: &str) -> Option<Self> {
        [
            DecidedBy::Community,
            DecidedBy::Engine,
            DecidedBy::Chance,
            DecidedBy::Player,
        ]
        .into_iter()
        .find(|d| d.as_str() == text)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove {
    pub ply: i64,
    pub notation: String,
    pub decided_by: String,
    pub seat: Option<i64>,
    pub votes: Option<i64>,
    pub played_at: i64,
}

/// One side of a community game: a channel and the seats it votes for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSide {
    pub channel: String,
    /// The platform's server the channel belongs to, when the platform has
    /// servers: the community, for ratings and names.
    pub server: Option<String>,
    pub seats: Vec<u8>,
}

impl GameSide {
    pub fn plays(&self, seat: u8) -> bool {
        self.seats.contains(&seat)
    }
}
