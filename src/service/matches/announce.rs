//! What a match asks adapters to show, stored as JSON in the outbox beside
//! the community announcements (their kinds all start with `match-`).

use crate::games::{GameKind, Outcome};
use crate::service::text::counted_usize;
use crate::store::{EndReason, Millis, NewAnnouncement, PlayerRef};
use serde::{Deserialize, Serialize};

/// A seat as announcements name it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatLabel {
    pub seat: u8,
    /// The game's name for the seat ("white").
    pub seat_name: String,
    /// `None` when the engine plays the seat.
    pub player: Option<PlayerRef>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum MatchAnnouncement {
    MatchStarted {
        kind: GameKind,
        seats: Vec<SeatLabel>,
        rated: bool,
        turn_ms: Millis,
        /// The engine's level, in a match against it.
        level: Option<String>,
    },
    /// A player is to decide: show the board and their legal moves.
    TurnStarted {
        ply: u32,
        seat: SeatLabel,
        deadline: Millis,
        legal_count: usize,
        /// Decisions by the engine and the dice since the last player's.
        replies: Vec<String>,
        last_move: Option<String>,
    },
    /// Half the turn's time has passed.
    TurnReminder {
        ply: u32,
        seat: SeatLabel,
        deadline: Millis,
    },
    MatchFinished {
        reason: EndReason,
        outcome: Outcome,
        replies: Vec<String>,
        rated: bool,
    },
}

impl MatchAnnouncement {
    pub fn kind(&self) -> &'static str {
        match self {
            MatchAnnouncement::MatchStarted { .. } => "match-started",
            MatchAnnouncement::TurnStarted { .. } => "match-turn",
            MatchAnnouncement::TurnReminder { .. } => "match-reminder",
            MatchAnnouncement::MatchFinished { .. } => "match-finished",
        }
    }

    /// Whether an outbox row of this `kind` holds a match announcement.
    pub fn is_match_kind(kind: &str) -> bool {
        kind.starts_with("match-")
    }

    /// The player this announcement is addressed to (pinged on Discord).
    pub fn addressee(&self) -> Option<&PlayerRef> {
        match self {
            MatchAnnouncement::TurnStarted { seat, .. }
            | MatchAnnouncement::TurnReminder { seat, .. } => seat.player.as_ref(),
            _ => None,
        }
    }

    /// Plain sentences; `name` writes a player (a mention on Discord).
    pub fn describe(&self, name: &dyn Fn(&PlayerRef) -> String) -> String {
        let seat_text = |seat: &SeatLabel| match &seat.player {
            Some(player) => format!("{} ({})", name(player), seat.seat_name),
            None => format!("the engine ({})", seat.seat_name),
        };
        match self {
            MatchAnnouncement::MatchStarted {
                kind,
                seats,
                rated,
                turn_ms,
                level,
            } => {
                let players: Vec<String> = seats.iter().map(seat_text).collect();
                let level = level
                    .as_ref()
                    .map(|l| format!(" The engine plays at level {l}."))
                    .unwrap_or_default();
                format!(
                    "A {} match of {} begins: {}.{level} Each decision has {}.",
                    if *rated { "rated" } else { "friendly" },
                    kind.title(),
                    players.join(" vs "),
                    super::super::human_duration(*turn_ms)
                )
            }
            MatchAnnouncement::TurnStarted {
                ply,
                seat,
                legal_count,
                replies,
                ..
            } => {
                let replies = if replies.is_empty() {
                    String::new()
                } else {
                    format!("Since then: {}. ", replies.join(", then "))
                };
                format!(
                    "{replies}Move {}: {} to decide ({}).",
                    ply + 1,
                    seat_text(seat),
                    counted_usize(*legal_count, "legal move", "legal moves")
                )
            }
            MatchAnnouncement::TurnReminder { seat, .. } => format!(
                "Reminder: {} still has to decide; half the time is gone.",
                seat_text(seat)
            ),
            MatchAnnouncement::MatchFinished {
                outcome, replies, ..
            } => {
                let replies = if replies.is_empty() {
                    String::new()
                } else {
                    format!("{}. ", replies.join(", then "))
                };
                let scores = outcome
                    .scores
                    .as_ref()
                    .map(|s| {
                        let points: Vec<String> = s.iter().map(|(_, p)| p.to_string()).collect();
                        format!(" Final score {}.", points.join("-"))
                    })
                    .unwrap_or_default();
                format!(
                    "{replies}Match over: {}.{scores}",
                    outcome.reason_text(crate::i18n::Lang::En)
                )
            }
        }
    }

    pub fn to_outbox(&self) -> NewAnnouncement {
        NewAnnouncement {
            kind: self.kind(),
            payload: serde_json::to_string(self).expect("announcements serialise"),
        }
    }
}
