//! Challenges and matches between players, as kept.

use crate::{GameId, Millis, Unknown};
use holotable_games::{GameKind, RulesJson};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ChallengeId(pub i64);

impl std::fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Expired,
}

impl ChallengeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "open" => ChallengeStatus::Open,
            "accepted" => ChallengeStatus::Accepted,
            "declined" => ChallengeStatus::Declined,
            "expired" => ChallengeStatus::Expired,
            other => return Err(Unknown::new("challenge status", other)),
        })
    }
}

/// A player as stored: the platform's id and a display name.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlayerRef {
    pub id: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeState {
    pub id: ChallengeId,
    pub channel: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub challenger: PlayerRef,
    pub invited: Vec<PlayerRef>,
    pub accepted: Vec<String>,
    pub turn_ms: Millis,
    pub seed: u64,
    pub created_at: Millis,
    pub expires_at: Millis,
    pub status: ChallengeStatus,
    pub game: Option<GameId>,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndReason {
    /// The game's own rules ended it.
    Played,
    Resigned,
    /// A player ran out of time.
    Forfeit,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Played => "played",
            EndReason::Resigned => "resigned",
            EndReason::Forfeit => "forfeit",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "played" => EndReason::Played,
            "resigned" => EndReason::Resigned,
            "forfeit" => EndReason::Forfeit,
            other => return Err(Unknown::new("end reason", other)),
        })
    }
}

/// One seat of a match: a player, or the engine when `player` is `None`.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSeat {
    pub seat: u8,
    pub player: Option<String>,
    pub name: String,
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatchState {
    pub game: GameId,
    pub challenge: Option<ChallengeId>,
    pub turn_ms: Millis,
    pub rated: bool,
    pub deadline: Option<Millis>,
    pub reminded: bool,
    pub next_at: Option<Millis>,
    pub end_reason: Option<EndReason>,
    pub seats: Vec<MatchSeat>,
}

/// A player's rating and record in one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerRating {
    pub player: String,
    pub kind: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// Wins in a row when positive, losses in a row when negative.
    pub streak: i64,
    pub best_streak: i64,
}
