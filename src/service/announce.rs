//! What the service asks adapters to show people. Stored as JSON in the
//! outbox; adapters (Discord, the offline CLI) choose the presentation.

use super::DailyPost;
use super::text::{counted, counted_usize};
use crate::games::{GameKind, Outcome};
use crate::store::{BallotFormat, Millis, NewAnnouncement};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Announcement {
    GameStarted {
        kind: GameKind,
        level: String,
        /// The seats the community plays, by name ("white").
        community: Vec<String>,
        #[serde(default)]
        ballot_format: BallotFormat,
    },
    /// A new ballot: show the board (position after `replies`) and the options.
    BallotOpened {
        ply: u32,
        position: String,
        deadline: Millis,
        featured: Vec<String>,
        legal_count: usize,
        /// Which part of the turn the ballot decides, in games whose turn
        /// holds several decisions (see `Game::decision_name`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deciding: Option<String>,
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
        /// The engine's (and dice's) decisions that followed, for the
        /// closed ballot's own message; empty in rows written before it.
        #[serde(default)]
        replies: Vec<String>,
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
    /// The daily post of a server (no game).
    GamerOfTheDay {
        post: DailyPost,
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
            Announcement::GamerOfTheDay { .. } => "gamer-of-the-day",
        }
    }

    /// The announcement as plain sentences in the blog's voice ("The
    /// community played A3-B6. I reply A7-B7."), for any platform.
    pub fn describe(&self) -> String {
        match self {
            Announcement::GameStarted {
                kind,
                level,
                community,
                ballot_format,
            } => {
                let ballots = match ballot_format {
                    BallotFormat::Auto => {
                        "Each move gets a ballot: a poll when every legal move fits in one, otherwise menus to pick from; `/vote` works for any legal move."
                    }
                    BallotFormat::Poll => {
                        "Each move gets a poll of the numbered options; `/vote` works for any legal move, in the poll or not."
                    }
                    BallotFormat::Menus => {
                        "Each move gets menus to pick from; `/vote` works for any legal move."
                    }
                };
                format!(
                    "A new game of {} begins! The community plays {}; I play the rest (level {level}). {ballots}",
                    kind.title(),
                    community.join(" and ")
                )
            }
            Announcement::BallotOpened {
                ply,
                replies,
                legal_count,
                deciding,
                ..
            } => {
                let reply = replies_text(replies);
                let deciding = deciding
                    .as_ref()
                    .map(|part| format!(" ({part})"))
                    .unwrap_or_default();
                format!(
                    "{reply}Ballot for move {}{deciding}: {}.",
                    ply + 1,
                    counted_usize(*legal_count, "legal move", "legal moves")
                )
            }
            Announcement::BallotExtended { .. } => {
                "Nobody voted yet, so the vote is extended.".to_string()
            }
            Announcement::BallotClosed {
                winner,
                votes,
                total,
                tie_broken,
                ..
            } => {
                let tie = if *tie_broken {
                    " It was a tie; I broke it in favour of the move I rank higher."
                } else {
                    ""
                };
                let of_total = counted(*total, "vote", "votes");
                format!("The community played {winner} ({votes} of {of_total}).{tie}")
            }
            Announcement::GamePaused { reason, .. } => {
                format!("The game is paused: {reason}. A server manager can resume it.")
            }
            Announcement::GameResumed { .. } => "The game resumes!".to_string(),
            Announcement::GameFinished {
                replies, outcome, ..
            } => {
                let reply = replies_text(replies);
                let scores = outcome
                    .scores
                    .as_ref()
                    .map(|s| {
                        let points: Vec<String> = s.iter().map(|(_, p)| p.to_string()).collect();
                        format!(" Final score {}.", points.join("-"))
                    })
                    .unwrap_or_default();
                format!("{reply}Game over: {}.{scores}", outcome.reason)
            }
            Announcement::GameStopped { by } => format!("The game was stopped by {by}."),
            // coordinator: pass the server's language
            Announcement::GamerOfTheDay { post } => {
                post.text(crate::i18n::Lang::En, |id| format!("member {id}"))
            }
        }
    }

    /// What a closed ballot's own message says once voting ends: the move
    /// played with its votes and what followed ("The community played
    /// A1-B1 (3 of 4 votes). I reply A7-B7."); `None` for other
    /// announcements.
    pub fn ballot_result(&self) -> Option<String> {
        match self {
            Announcement::BallotClosed { replies, .. } => {
                let reply = replies_text(replies);
                Some(
                    format!("{} {}", self.describe(), reply.trim_end())
                        .trim_end()
                        .to_string(),
                )
            }
            _ => None,
        }
    }

    pub fn to_outbox(&self) -> NewAnnouncement {
        NewAnnouncement {
            kind: self.kind(),
            payload: serde_json::to_string(self).expect("announcements serialise"),
        }
    }
}

/// "I reply A7-B7. " or, when the dice speak first, "The dice: roll 9v4,
/// then Kl:A3-B4. "; empty without replies.
fn replies_text(replies: &[String]) -> String {
    match replies.first() {
        None => String::new(),
        Some(first) if first.starts_with("the dice") => {
            let text = replies.join(", then ");
            format!("T{}. ", &text[1..])
        }
        Some(_) => format!("I reply {}. ", replies.join(", then ")),
    }
}
