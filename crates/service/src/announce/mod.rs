//! What the service asks adapters to show people. Queued in the outbox and
//! read back by the deliveries (`deliveries/news.rs`); adapters (Discord,
//! the offline CLI) choose the presentation.

mod rating;
mod review;
mod side;

pub(crate) use rating::whole;
pub use rating::{RatingChange, RatingNews};
pub use review::{AGREED_SHOWN, AgreedSuggestion, CloseVoter, ReviewedDecision, SideReview};
pub use side::SideLabel;

use super::DailyPost;
use super::text;
use holotable_games::{Decision, GameKind, Outcome};
use holotable_i18n::Lang;
use holotable_i18n::t;
use holotable_store::{BallotFormat, Millis};
use serde::{Deserialize, Serialize};

/// How the adaptive level chose a game's level: from the channel's record
/// against the engine in that game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdaptiveStart {
    /// The channel's finished games against the engine in this game
    /// before this one; 0: the level is only a first guess.
    pub games: i64,
}

/// "level hard", or with the adaptive level "about as strong as you:
/// level hard" (a first guess says it will adjust).
fn strength(lang: Lang, level: &str, adaptive: Option<AdaptiveStart>) -> String {
    let level = text::level(lang, level);
    match adaptive {
        None => t!(lang, "game-strength", level = level),
        Some(AdaptiveStart { games: 0 }) => t!(lang, "game-strength-adaptive-first", level = level),
        Some(_) => t!(lang, "game-strength-adaptive", level = level),
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Announcement {
    GameStarted {
        kind: GameKind,
        level: String,
        /// The seats the community plays, by name ("white").
        community: Vec<String>,
        /// The seats the engine plays, by name; empty in rows written
        /// before it was kept, which say "the rest".
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        engine: Vec<String>,
        #[serde(default)]
        ballot_format: BallotFormat,
        /// Set when the adaptive level chose `level` from the channel's
        /// rating against the engine.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        adaptive: Option<AdaptiveStart>,
    },
    /// A new ballot: show the board (position after `replies`) and the options.
    BallotOpened {
        ply: u32,
        position: String,
        deadline: Millis,
        featured: Vec<String>,
        legal_count: usize,
        /// Which part of the turn the ballot decides, in games whose turn
        /// holds several decisions (see `Game::decision`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deciding: Option<Decision>,
        /// Decisions made by the engine (and dice) since the last ballot,
        /// in order: "I reply A7-B7."
        replies: Vec<String>,
        /// The last move played before this ballot, for the board's marker.
        last_move: Option<String>,
        /// The role the ballot calls (its channel's, when it opened).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        call: Option<String>,
        /// After a discussion, when votes open: until then this post only
        /// opens the discussion, and [`Announcement::VotingOpened`] follows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        votes_open_at: Option<Millis>,
    },
    /// A ballot's discussion ended: its votes open, until `deadline`.
    VotingOpened {
        ply: u32,
        deadline: Millis,
    },
    /// Few have voted on the open ballot of `ply`: its one reminder, to
    /// the role its channel calls, with the turnout so far.
    BallotReminder {
        ply: u32,
        deadline: Millis,
        voters: u32,
        role: String,
    },
    /// A game between communities begins; each side's channel is told
    /// its own seats and who it plays against.
    SharedGameStarted {
        kind: GameKind,
        /// This channel's seats, by name.
        yours: Vec<String>,
        opponents: Vec<SideLabel>,
        /// The engine's level, when it plays seats nobody took.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        engine: Option<String>,
        ballot_format: BallotFormat,
        /// The side plays in a thread of its own (a league game's), which
        /// is its place to talk: no discussion thread opens on this post
        /// (Discord has no thread in a thread).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        in_thread: bool,
    },
    /// In a shared game, another side's ballot opened: the board after the
    /// last move, who votes, and until when. No options, no tally.
    OtherSideVoting {
        ply: u32,
        position: String,
        deadline: Millis,
        side: SideLabel,
        replies: Vec<String>,
        last_move: Option<String>,
    },
    /// In a shared game, another side's ballot drew no vote and was
    /// extended.
    OtherSideExtended {
        ply: u32,
        deadline: Millis,
        side: SideLabel,
    },
    /// A side of a shared game left it (out of time or resigned) and the
    /// game goes on without it; `vote_again`: the open ballot of another
    /// side was asked on the board before, so it is opened again.
    SideLeft {
        side: SideLabel,
        resigned: bool,
        vote_again: bool,
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
        /// In a shared game, the side that voted, for the other sides'
        /// channels; `None` in the voting side's own channel.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<SideLabel>,
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
        /// Between communities: their new ratings, or why the game is not
        /// rated; `None` against the engine and in rows written before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ratings: Option<RatingNews>,
    },
    GameStopped {
        by: String,
        /// Stopped because its league was cancelled (`by` is then empty):
        /// the creator's name is not kept, and a cancel cut short is
        /// finished by the scheduler, which has none.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        league_cancelled: bool,
    },
    /// After a finished game, the engine's review of one side's decisions,
    /// in that side's channel.
    GameReviewed {
        review: SideReview,
    },
    /// The daily post of a server (no game).
    GamerOfTheDay {
        post: DailyPost,
    },
    /// A server's daily puzzle, to vote on (no game).
    DailyPuzzle {
        post: crate::PuzzlePost,
    },
    /// The end of a daily puzzle's vote: the answer and who found it.
    PuzzleRevealed {
        reveal: crate::PuzzleReveal,
    },
}

impl Announcement {
    /// The announcement as plain sentences in the blog's voice ("The
    /// community played A3-B6. I reply A7-B7."), in `lang`, for any
    /// platform.
    pub fn describe(&self, lang: Lang) -> String {
        match self {
            Announcement::GameStarted {
                kind,
                level,
                community,
                engine,
                ballot_format,
                adaptive,
            } => game_started(
                lang,
                *kind,
                level,
                community,
                engine,
                *ballot_format,
                *adaptive,
            ),
            Announcement::BallotOpened {
                ply,
                replies,
                legal_count,
                deciding,
                votes_open_at,
                ..
            } => {
                let ballot = match deciding {
                    Some(part) => t!(
                        lang,
                        "ballot-opened-deciding",
                        move = ply + 1,
                        deciding = part.text(lang),
                        legal = *legal_count
                    ),
                    None => t!(lang, "ballot-opened", move = ply + 1, legal = *legal_count),
                };
                let discussion = votes_open_at.map(|_| t!(lang, "discussion-opened"));
                let mut said = vec![replies_text(lang, replies), ballot];
                said.extend(discussion);
                text::sentences(lang, &said)
            }
            Announcement::VotingOpened { ply, .. } => t!(lang, "voting-opened", move = ply + 1),
            Announcement::SharedGameStarted {
                kind,
                yours,
                opponents,
                engine,
                ballot_format,
                ..
            } => shared_game_started(lang, *kind, yours, opponents, engine, *ballot_format),
            Announcement::OtherSideVoting {
                ply, side, replies, ..
            } => {
                let voting = t!(
                    lang,
                    "other-side-voting",
                    move = ply + 1,
                    side = side.text(lang)
                );
                text::sentences(lang, &[replies_text(lang, replies), voting])
            }
            Announcement::OtherSideExtended { side, .. } => {
                t!(lang, "other-side-extended", side = side.text(lang))
            }
            Announcement::SideLeft {
                side,
                resigned,
                vote_again,
            } => side_left(lang, side, *resigned, *vote_again),
            Announcement::BallotReminder {
                ply, voters, role, ..
            } => reminder(lang, *ply, *voters, &format!("@{role}")),
            Announcement::BallotExtended { .. } => t!(lang, "ballot-extended"),
            Announcement::BallotClosed {
                winner,
                votes,
                total,
                tie_broken,
                by,
                ..
            } => ballot_closed(lang, winner, *votes, *total, *tie_broken, by.as_ref()),
            Announcement::GamePaused { reason, .. } => {
                let reason = if reason == NOBODY_VOTED {
                    "nobody-voted"
                } else {
                    reason.as_str()
                };
                t!(lang, "game-paused", reason = reason)
            }
            Announcement::GameResumed { .. } => t!(lang, "game-resumed"),
            Announcement::GameFinished {
                replies,
                outcome,
                ratings,
                ..
            } => game_finished(lang, replies, outcome, ratings.as_ref()),
            Announcement::GameStopped {
                league_cancelled: true,
                ..
            } => t!(lang, "league-game-stopped"),
            Announcement::GameStopped { by, .. } => t!(lang, "game-stopped", by = by.as_str()),
            Announcement::GameReviewed { review } => {
                review.text(lang, |id| format!("member {id}"), None)
            }
            Announcement::GamerOfTheDay { post } => post.text(lang, |id| format!("member {id}")),
            Announcement::DailyPuzzle { post } => post.text(lang, text::relative_time),
            Announcement::PuzzleRevealed { reveal } => reveal.text(lang),
        }
    }

    /// What a closed ballot's own message says once voting ends: the move
    /// played with its votes and what followed ("The community played
    /// A1-B1 (3 of 4 votes). I reply A7-B7."); `None` for other
    /// announcements.
    pub fn ballot_result(&self, lang: Lang) -> Option<String> {
        match self {
            Announcement::BallotClosed { replies, .. } => Some(text::sentences(
                lang,
                &[self.describe(lang), replies_text(lang, replies)],
            )),
            _ => None,
        }
    }
}

/// Why a game pauses when its ballot drew no vote at all; the words are
/// the catalogue's.
pub const NOBODY_VOTED: &str = "nobody voted";

/// The dice's part of a reply, as the service records it ("the dice:
/// 9v4"); anything else is the engine's move.
pub const DICE_PREFIX: &str = "the dice: ";

/// "I reply A7-B7, then B1-C1." or, when the dice speak first, "The dice:
/// 9v4, then Kl:A3-B4."; empty without replies.
fn replies_text(lang: Lang, replies: &[String]) -> String {
    let steps: Vec<String> = replies
        .iter()
        .map(|reply| match reply.strip_prefix(DICE_PREFIX) {
            Some(roll) => t!(lang, "reply-dice", roll = roll),
            None => reply.clone(),
        })
        .collect();
    match replies.first() {
        None => String::new(),
        Some(first) => match first.strip_prefix(DICE_PREFIX) {
            Some(roll) if steps.len() == 1 => t!(lang, "replies-dice", roll = roll),
            Some(roll) => {
                let list = text::then_list(lang, &steps[1..]);
                t!(lang, "replies-dice-then", roll = roll, list = list)
            }
            None => t!(lang, "replies-engine", list = text::then_list(lang, &steps)),
        },
    }
}

/// A ballot's reminder to `role`, as a platform names it: the move and
/// how many have voted.
pub(crate) fn reminder(lang: Lang, ply: u32, voters: u32, role: &str) -> String {
    t!(
        lang,
        "ballot-reminder",
        role = role,
        move = ply + 1,
        voters = voters
    )
}

fn game_started(
    lang: Lang,
    kind: GameKind,
    level: &str,
    community: &[String],
    engine: &[String],
    ballot_format: BallotFormat,
    adaptive: Option<AdaptiveStart>,
) -> String {
    let named = |seats: &[String]| -> Vec<String> {
        seats
            .iter()
            .map(|seat| t!(lang, "seat", seat = seat.as_str()))
            .collect()
    };
    let engine = if engine.is_empty() {
        t!(lang, "game-started-engine-rest")
    } else {
        text::and_list(lang, &named(engine))
    };
    t!(
        lang,
        "game-started",
        game = text::game_title(lang, kind),
        seats = text::and_list(lang, &named(community)),
        engine = engine,
        strength = strength(lang, level, adaptive),
        format = ballot_format.as_str()
    )
}

fn shared_game_started(
    lang: Lang,
    kind: GameKind,
    yours: &[String],
    opponents: &[SideLabel],
    engine: &Option<String>,
    ballot_format: BallotFormat,
) -> String {
    let opponents: Vec<String> = opponents.iter().map(|side| side.text(lang)).collect();
    let started = t!(
        lang,
        "shared-game-started",
        game = text::game_title(lang, kind),
        seats = text::seats(lang, yours),
        others = opponents.len(),
        opponents = text::and_list(lang, &opponents),
        format = ballot_format.as_str()
    );
    match engine {
        Some(level) => text::sentences(
            lang,
            &[
                started,
                t!(lang, "shared-game-engine", level = text::level(lang, level)),
            ],
        ),
        None => started,
    }
}

fn side_left(lang: Lang, side: &SideLabel, resigned: bool, vote_again: bool) -> String {
    let left = text::capitalised(&t!(
        lang,
        "side-left",
        side = side.text(lang),
        why = if resigned { "resigned" } else { "out-of-time" }
    ));
    let again = vote_again.then(|| t!(lang, "side-left-vote-again"));
    let mut parts = vec![left, t!(lang, "side-left-game-goes-on")];
    parts.extend(again);
    text::sentences(lang, &parts)
}

fn ballot_closed(
    lang: Lang,
    winner: &str,
    votes: u32,
    total: u32,
    tie_broken: bool,
    by: Option<&SideLabel>,
) -> String {
    let id = match (tie_broken, by) {
        (true, None) => "ballot-closed-tie",
        (false, None) => "ballot-closed",
        (true, Some(_)) => "side-played-tie",
        (false, Some(_)) => "side-played",
    };
    let side = by.map(|side| side.text(lang)).unwrap_or_default();
    // A side's name may open the sentence.
    text::capitalised(&t!(
        lang,
        id,
        winner = winner,
        votes = votes,
        total = total,
        side = side
    ))
}

fn game_finished(
    lang: Lang,
    replies: &[String],
    outcome: &Outcome,
    ratings: Option<&RatingNews>,
) -> String {
    let over = game_over(lang, outcome);
    let ratings = ratings.map(|r| r.text(lang)).unwrap_or_default();
    text::sentences(lang, &[replies_text(lang, replies), over, ratings])
}

/// "Game over: …", with the final score where the game keeps one.
pub(crate) fn game_over(lang: Lang, outcome: &Outcome) -> String {
    match outcome.score_line() {
        Some(score) => t!(
            lang,
            "game-over-score",
            reason = outcome.reason_text(lang),
            score = score
        ),
        None => t!(lang, "game-over", reason = outcome.reason_text(lang)),
    }
}
