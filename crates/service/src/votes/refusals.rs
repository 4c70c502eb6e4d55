//! What votes and suggestions, calls to vote and reminders may refuse,
//! each refusal worded by the catalogue (`assets/locales/*/refusals.ftl`)
//! in the reader's language, as [`crate::Refusal`] says.

use crate::text::{self, shown};
use holotable_games::GameKind;
use holotable_i18n::{Lang, t};
use holotable_model::Millis;

/// A refusal of votes and suggestions, calls to vote and reminders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VoteRefusal {
    BallotClosed,
    /// The vote came in after one the member sent later on the same
    /// ballot (both waited, and were worked on out of order): the later,
    /// `standing`, stays.
    VoteSuperseded {
        standing: String,
    },
    /// The vote was meant for a ballot that closed before it arrived; an
    /// option number or move on the new board would mean something else.
    BallotMovedOn {
        open_move: u32,
    },
    /// `status` is the game's stored status ("paused").
    NotVoting {
        status: &'static str,
    },
    /// Text that is not `game`'s notation; the refusal shows how its
    /// moves are written.
    UnreadableVote {
        text: String,
        game: GameKind,
    },
    NoSuchOption {
        text: String,
        count: usize,
    },
    /// Voting in a shared game's channel while another side's ballot is
    /// open; `side` names the seats voting ("black").
    OtherSideVoting {
        side: Vec<String>,
    },
    /// A member who voted for one side of a game voted in another side's
    /// channel; `side` names the seats they voted for.
    VotedForOtherSide {
        side: Vec<String>,
    },
    /// Quiet hours that are not `22-7`, `22:00-07:00` or `off`.
    BadQuietHours {
        text: String,
    },
    /// A reminder asked for in a channel whose ballots call no role.
    NoCallRole,
    /// A suggestion without a reason.
    NoReason,
    /// A suggestion's reason of `length` characters, over `most`.
    ReasonTooLong {
        length: usize,
        most: usize,
    },
    /// `mv` is suggested on this ballot already: it is to be backed.
    SuggestedAlready {
        mv: String,
    },
    /// A member's suggestions on one ballot past `most`.
    TooManySuggestions {
        most: usize,
    },
    NoSuggestion,
    /// Suggesting again a move one suggested on this ballot.
    YouSuggested {
        mv: String,
    },
    /// Backing one's own suggestion.
    OwnSuggestion,
    BackedAlready,
    /// A vote while the ballot's discussion runs, `opens_in` before its
    /// votes open.
    DiscussionRuns {
        opens_in: Millis,
    },
    /// A reminder's threshold over `most` voters.
    RemindBelow {
        most: u32,
    },
    /// A reminder's time outside `min`..=`max` percent of the ballot.
    RemindAt {
        min: u8,
        max: u8,
    },
    /// A member the server's voter rules (or its league's) refuse; which
    /// rule is the managers' to see, in the counts.
    NotAVoterYet,
    /// A voter threshold that is not a length of time.
    BadThreshold {
        text: String,
    },
    /// A voter threshold over `most`, or below zero.
    ThresholdTooLong {
        most: Millis,
    },
}

impl VoteRefusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            VoteRefusal::BallotClosed => t!(lang, "refusal-ballot-closed"),
            VoteRefusal::VoteSuperseded { standing } => {
                t!(
                    lang,
                    "refusal-vote-superseded",
                    standing = standing.as_str()
                )
            }
            VoteRefusal::BallotMovedOn { open_move } => {
                t!(lang, "refusal-ballot-moved-on", move = *open_move)
            }
            VoteRefusal::NotVoting { status } => t!(lang, "refusal-not-voting", status = *status),
            VoteRefusal::UnreadableVote { text, game } => t!(
                lang,
                "refusal-unreadable-vote",
                text = text.as_str(),
                game = game.as_str(),
                title = text::game_title(lang, *game)
            ),
            VoteRefusal::NoSuchOption { text, count } => t!(
                lang,
                "refusal-no-such-option",
                text = text.as_str(),
                count = *count
            ),
            VoteRefusal::OtherSideVoting { side } => {
                t!(
                    lang,
                    "refusal-other-side-voting",
                    side = text::seats(lang, side)
                )
            }
            VoteRefusal::VotedForOtherSide { side } => {
                t!(
                    lang,
                    "refusal-voted-other-side",
                    side = text::seats_as_nouns(lang, side)
                )
            }
            VoteRefusal::BadQuietHours { text } => {
                t!(lang, "refusal-bad-quiet-hours", text = shown(text))
            }
            VoteRefusal::NoCallRole => t!(lang, "refusal-no-call-role"),
            VoteRefusal::NoReason => t!(lang, "refusal-no-reason"),
            VoteRefusal::ReasonTooLong { length, most } => t!(
                lang,
                "refusal-reason-too-long",
                length = *length,
                most = *most
            ),
            VoteRefusal::SuggestedAlready { mv } => {
                t!(lang, "refusal-suggested-already", move = mv.as_str())
            }
            VoteRefusal::TooManySuggestions { most } => {
                t!(lang, "refusal-too-many-suggestions", most = *most)
            }
            VoteRefusal::NoSuggestion => t!(lang, "refusal-no-suggestion"),
            VoteRefusal::YouSuggested { mv } => {
                t!(lang, "refusal-you-suggested", move = mv.as_str())
            }
            VoteRefusal::OwnSuggestion => t!(lang, "refusal-own-suggestion"),
            VoteRefusal::BackedAlready => t!(lang, "refusal-backed-already"),
            VoteRefusal::RemindBelow { most } => t!(lang, "refusal-remind-below", most = *most),
            VoteRefusal::RemindAt { min, max } => {
                t!(lang, "refusal-remind-at", earliest = *min, latest = *max)
            }
            VoteRefusal::NotAVoterYet => t!(lang, "voters-refusal-not-yet"),
            VoteRefusal::BadThreshold { text } => {
                t!(lang, "voters-refusal-bad-threshold", text = shown(text))
            }
            VoteRefusal::ThresholdTooLong { most } => t!(
                lang,
                "voters-refusal-threshold-too-long",
                longest = text::duration(lang, *most)
            ),
            VoteRefusal::DiscussionRuns { opens_in } => t!(
                lang,
                "refusal-discussion-runs",
                // Whole minutes read better than "437 seconds"; rounded
                // up, so a member never comes back too early.
                wait = text::duration(
                    lang,
                    if *opens_in > 60_000 {
                        (opens_in + 59_999) / 60_000 * 60_000
                    } else {
                        (opens_in + 999) / 1_000 * 1_000
                    }
                )
            ),
        }
    }
}
