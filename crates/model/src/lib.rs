//! The records holotable keeps, as plain data: the ids of games, ballots
//! and challenges, times, and the state of a game, a ballot, a match, a
//! queued announcement, as the store reads them and the service hands
//! them on.
//!
//! They live below both the store and the service so that the adapters
//! can hold them without the store: the store fills them from its tables
//! (and alone knows those tables' columns), the service decides with
//! them, and an adapter shows them. Nothing here does I/O.

mod ballots;
mod calls;
mod channels;
mod daily;
mod database;
mod delivery;
mod games;
mod leagues;
mod matches;
mod pages;
mod stats;
mod suggestions;
mod url;

pub use ballots::{BallotPost, BallotState, BallotStatus, PostStyle};
pub use calls::CallSettings;
pub use channels::ChannelKey;
pub use daily::DailySettings;
pub use database::{Access, ClaimKind, Permanent};
pub use delivery::QueuedAnnouncement;
pub use games::{
    BallotFormat, DecidedBy, Deliberation, GameSide, GameState, GameStatus, PlayedMove,
};
pub use leagues::{LeagueFormat, LeagueId, LeagueStatus, ServerKey};
pub use matches::{
    ChallengeId, ChallengeState, ChallengeStatus, EndReason, MatchSeat, MatchState, PlayerRating,
    PlayerRef,
};
pub use pages::{PageMark, PageVisibility, page_url};
pub use stats::{MemberVotes, VoteFigures, VoterFigures};
pub use suggestions::Suggestion;
pub use url::{passwords_in, without_password};

use serde::{Deserialize, Serialize};

/// Milliseconds since the Unix epoch, UTC.
pub type Millis = i64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameId(pub i64);

/// A ballot is the decision at one ply of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BallotId {
    pub game: GameId,
    pub ply: u32,
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A stored word that names none of its type's values: the store reports
/// it as unreadable data.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} {text:?}")]
pub struct Unknown {
    what: &'static str,
    text: String,
}

impl Unknown {
    fn new(what: &'static str, text: &str) -> Self {
        Unknown {
            what,
            text: text.to_string(),
        }
    }
}
