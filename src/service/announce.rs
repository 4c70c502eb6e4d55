//! What the service asks adapters to show people. Stored as JSON in the
//! outbox; adapters (Discord, the offline CLI) choose the presentation.

use crate::games::{GameKind, Outcome};
use crate::store::{Millis, NewAnnouncement};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Announcement {
    GameStarted {
        kind: GameKind,
        level: String,
        /// The seats the community plays, by name ("white").
        community: Vec<String>,
    },
    /// A new ballot: show the board (position after `replies`) and the options.
    BallotOpened {
        ply: u32,
        position: String,
        deadline: Millis,
        featured: Vec<String>,
        legal_count: usize,
        /// Decisions made by the engine (and dice) since the last ballot,
        /// in order: "I reply A7-B7."
        replies: Vec<String>,
        /// The last move played before this ballot, for the board's marker.
        last_move: Option<String>,
    },
    BallotExtended {
        ply: u32,
        deadline: Millis,
    },
    BallotClosed {
        ply: u32,
        winner: String,
        votes: u32,
        total: u32,
        /// The winner shared the top count and the engine's ranking chose it.
        tie_broken: bool,
    },
    GamePaused {
        ply: u32,
        reason: String,
    },
    GameResumed {
        ply: u32,
        deadline: Millis,
    },
    GameFinished {
        /// Engine replies that ended the game, if it ended on the engine's move.
        replies: Vec<String>,
        position: String,
        outcome: Outcome,
    },
    GameStopped {
        by: String,
    },
}

impl Announcement {
    pub fn kind(&self) -> &'static str {
        match self {
            Announcement::GameStarted { .. } => "game-started",
            Announcement::BallotOpened { .. } => "ballot-opened",
            Announcement::BallotExtended { .. } => "ballot-extended",
            Announcement::BallotClosed { .. } => "ballot-closed",
            Announcement::GamePaused { .. } => "game-paused",
            Announcement::GameResumed { .. } => "game-resumed",
            Announcement::GameFinished { .. } => "game-finished",
            Announcement::GameStopped { .. } => "game-stopped",
        }
    }

    pub fn to_outbox(&self) -> NewAnnouncement {
        NewAnnouncement {
            kind: self.kind(),
            payload: serde_json::to_string(self).expect("announcements serialise"),
        }
    }
}
