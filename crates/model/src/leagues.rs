//! A league as kept: its id, code, format and status, and the key of the
//! communities that play in it, as a type beside `ChannelKey`, so a server
//! key passed where a channel key belongs is a compile error rather than
//! an entry in the wrong place.

use crate::Unknown;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LeagueId(pub i64);

impl std::fmt::Display for LeagueId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A platform's server, as the service keys it (`discord-server:1`): the
/// community a league counts as one entrant.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ServerKey(pub String);

impl ServerKey {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How a league pairs its entrants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeagueFormat {
    RoundRobin,
    DoubleRoundRobin,
    Knockout,
    /// Four-army tables (Djambi), scored by placing.
    Tables,
}

impl LeagueFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            LeagueFormat::RoundRobin => "round-robin",
            LeagueFormat::DoubleRoundRobin => "double-round-robin",
            LeagueFormat::Knockout => "knockout",
            LeagueFormat::Tables => "tables",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "round-robin" => LeagueFormat::RoundRobin,
            "double-round-robin" => LeagueFormat::DoubleRoundRobin,
            "knockout" => LeagueFormat::Knockout,
            "tables" => LeagueFormat::Tables,
            other => return Err(Unknown::new("league format", other)),
        })
    }
}

/// Where a league is in its season.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeagueStatus {
    /// Taking entries until its start.
    Entering,
    /// The creator closed entries; it starts at its start time.
    Closed,
    Running,
    Finished,
    Cancelled,
}

impl LeagueStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            LeagueStatus::Entering => "entering",
            LeagueStatus::Closed => "closed",
            LeagueStatus::Running => "running",
            LeagueStatus::Finished => "finished",
            LeagueStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "entering" => LeagueStatus::Entering,
            "closed" => LeagueStatus::Closed,
            "running" => LeagueStatus::Running,
            "finished" => LeagueStatus::Finished,
            "cancelled" => LeagueStatus::Cancelled,
            other => return Err(Unknown::new("league status", other)),
        })
    }

    /// Before the start: entrants may still change.
    pub fn before_start(self) -> bool {
        matches!(self, LeagueStatus::Entering | LeagueStatus::Closed)
    }

    pub fn is_over(self) -> bool {
        matches!(self, LeagueStatus::Finished | LeagueStatus::Cancelled)
    }
}
