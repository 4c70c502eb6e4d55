//! What a match asks adapters to show, queued in the outbox beside the
//! community announcements (`deliveries/news.rs` reads both back).

use crate::text;
use holotable_games::{GameKind, Outcome};
use holotable_i18n::Lang;
use holotable_i18n::t;
use holotable_store::{EndReason, Millis, PlayerRef};
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

impl SeatLabel {
    /// "<@1> (white)", or "the engine (black)", in `lang`.
    pub fn text(&self, lang: Lang, name: &dyn Fn(&PlayerRef) -> String) -> String {
        let seat = self.seat_name.as_str();
        match &self.player {
            Some(player) => t!(
                lang,
                "match-seat-player",
                player = name(player),
                seat = seat
            ),
            None => t!(lang, "match-seat-engine", seat = seat),
        }
    }
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
    /// The player this announcement is addressed to (pinged on Discord).
    pub fn addressee(&self) -> Option<&PlayerRef> {
        match self {
            MatchAnnouncement::TurnStarted { seat, .. }
            | MatchAnnouncement::TurnReminder { seat, .. } => seat.player.as_ref(),
            _ => None,
        }
    }

    /// Plain sentences in `lang`; `name` writes a player (a mention on
    /// Discord).
    pub fn describe(&self, lang: Lang, name: &dyn Fn(&PlayerRef) -> String) -> String {
        match self {
            MatchAnnouncement::MatchStarted {
                kind,
                seats,
                rated,
                turn_ms,
                level,
            } => {
                let players: Vec<String> = seats.iter().map(|s| s.text(lang, name)).collect();
                let begins = t!(
                    lang,
                    "match-started",
                    rated = rated_key(*rated),
                    game = crate::text::game_title(lang, *kind),
                    players = versus_line(lang, &players)
                );
                let level = level
                    .as_deref()
                    .map(|level| {
                        t!(
                            lang,
                            "match-started-level",
                            level = text::level(lang, level)
                        )
                    })
                    .unwrap_or_default();
                let turn = t!(
                    lang,
                    "match-started-turn",
                    turn = text::duration(lang, *turn_ms)
                );
                text::sentences(lang, &[begins, level, turn])
            }
            MatchAnnouncement::TurnStarted {
                ply,
                seat,
                legal_count,
                replies,
                ..
            } => {
                let turn = t!(
                    lang,
                    "match-turn",
                    move = ply + 1,
                    seat = seat.text(lang, name),
                    legal = *legal_count
                );
                text::sentences(lang, &[replies_text(lang, replies), turn])
            }
            MatchAnnouncement::TurnReminder { seat, .. } => {
                t!(lang, "match-reminder", seat = seat.text(lang, name))
            }
            MatchAnnouncement::MatchFinished {
                outcome, replies, ..
            } => {
                let reason = outcome.reason_text(lang);
                let over = match outcome.score_line() {
                    Some(score) => t!(lang, "match-over-score", reason = reason, score = score),
                    None => t!(lang, "match-over", reason = reason),
                };
                text::sentences(lang, &[replies_text(lang, replies), over])
            }
        }
    }
}

/// The catalogue's key for whether a match counts for ratings.
pub fn rated_key(rated: bool) -> &'static str {
    if rated { "rated" } else { "friendly" }
}

/// The sides of a match in `lang`: "A vs B", "A vs B vs C".
pub fn versus_line(lang: Lang, sides: &[String]) -> String {
    match sides {
        [] => String::new(),
        [only] => only.clone(),
        [first, rest @ ..] => t!(
            lang,
            "match-versus",
            first = first.as_str(),
            rest = versus_line(lang, rest)
        ),
    }
}

/// How the service records a reply in a match: "the engine: A7-B7" or
/// "the dice: 9v4". Rows already in the outbox keep these words, so they
/// stay the stored form and are worded only here.
pub(super) const ENGINE_PREFIX: &str = "the engine: ";
pub(super) const DICE_PREFIX: &str = "the dice: ";

/// "Since then: the engine: A7-B7, then the dice: 9v4."; empty without
/// replies.
fn replies_text(lang: Lang, replies: &[String]) -> String {
    if replies.is_empty() {
        return String::new();
    }
    let steps: Vec<String> = replies
        .iter()
        .map(|reply| {
            if let Some(roll) = reply.strip_prefix(DICE_PREFIX) {
                t!(lang, "match-reply-dice", roll = roll)
            } else {
                let mv = reply.strip_prefix(ENGINE_PREFIX).unwrap_or(reply);
                t!(lang, "match-reply-engine", move = mv)
            }
        })
        .collect();
    t!(lang, "match-since", list = text::then_list(lang, &steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mention(player: &PlayerRef) -> String {
        format!("<@{}>", player.id)
    }

    fn seat(seat: u8, seat_name: &str, player: Option<&str>) -> SeatLabel {
        SeatLabel {
            seat,
            seat_name: seat_name.into(),
            player: player.map(|id| PlayerRef {
                id: id.into(),
                name: format!("player {id}"),
            }),
        }
    }

    fn started() -> MatchAnnouncement {
        MatchAnnouncement::MatchStarted {
            kind: GameKind::Holochess,
            seats: vec![seat(0, "white", Some("11")), seat(1, "black", None)],
            rated: false,
            turn_ms: 600_000,
            level: Some("normal".into()),
        }
    }

    fn turn(legal_count: usize) -> MatchAnnouncement {
        MatchAnnouncement::TurnStarted {
            ply: 4,
            seat: seat(0, "white", Some("11")),
            deadline: 1_700_000_000_000,
            legal_count,
            replies: vec!["the engine: A7-B7".into(), "the dice: 9v4".into()],
            last_move: Some("9v4".into()),
        }
    }

    fn reminder() -> MatchAnnouncement {
        MatchAnnouncement::TurnReminder {
            ply: 4,
            seat: seat(1, "black", Some("22")),
            deadline: 1_700_000_000_000,
        }
    }

    #[test]
    fn each_language_words_the_match_itself() {
        assert_eq!(
            started().describe(Lang::En, &mention),
            "A friendly match of Holochess begins: <@11> (white) vs the engine (black). \
             The engine plays at level normal. Each decision has 10 minutes."
        );
        assert_eq!(
            reminder().describe(Lang::Es, &mention),
            "Recordatorio: <@22> (negras) todavía tiene que decidir; ya pasó la mitad del tiempo."
        );
        assert_eq!(
            turn(1).describe(Lang::Ja, &mention),
            "その後の手：エンジンのA7-B7、続いてダイスの目9v4。5手目：<@11>（白）の手番です（合法手1通り）。"
        );
    }

    #[test]
    fn legal_move_counts_agree_with_their_number() {
        let one = turn(1).describe(Lang::En, &mention);
        assert!(one.ends_with("(1 legal move)."), "{one}");
        let many = turn(21).describe(Lang::Es, &mention);
        assert!(
            many.ends_with("que tiene 21 movimientos legales."),
            "{many}"
        );
        let one = turn(1).describe(Lang::Es, &mention);
        assert!(one.ends_with("que tiene 1 movimiento legal."), "{one}");
    }

    #[test]
    fn a_turn_without_replies_starts_with_the_turn() {
        let quiet = MatchAnnouncement::TurnStarted {
            ply: 0,
            seat: seat(0, "white", Some("11")),
            deadline: 0,
            legal_count: 7,
            replies: Vec::new(),
            last_move: None,
        };
        assert_eq!(
            quiet.describe(Lang::En, &mention),
            "Move 1: <@11> (white) to decide (7 legal moves)."
        );
    }

    #[test]
    fn snapshots_of_match_posts_in_every_language() {
        for lang in Lang::ALL {
            insta::assert_snapshot!(
                format!("started-{lang}"),
                started().describe(lang, &mention)
            );
            insta::assert_snapshot!(format!("turn-{lang}"), turn(21).describe(lang, &mention));
            insta::assert_snapshot!(
                format!("reminder-{lang}"),
                reminder().describe(lang, &mention)
            );
        }
    }
}
