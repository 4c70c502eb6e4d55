//! What community games may refuse, each refusal worded by the catalogue
//! (`assets/locales/*/refusals.ftl`) in the reader's language, as
//! [`crate::Refusal`] says.

use crate::text;
use holotable_i18n::{Lang, t};
use holotable_model::Millis;

/// A refusal of community games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameRefusal {
    /// A review was asked for a game still being played.
    GameNotOver,
    /// A review was asked in a channel none of whose games has ended.
    NoFinishedGame,
    /// A review was asked for a game this channel had no side in.
    NotPlayedHere {
        game: i64,
    },
    NotPaused,
    /// The vote length asked for is outside the bot's range (milliseconds).
    VoteLength {
        min: i64,
        max: i64,
    },
    /// `/community stop` in a game another community plays too.
    SharedGameStop,
    /// Resigning a game that no other community plays.
    NotShared,
    /// Resigning for a side already out of a game that goes on without it.
    SideOut,
    /// A discussion time over `max`.
    DiscussLength {
        max: Millis,
    },
    /// A hidden tally asked of a game whose ballots are polls, which show
    /// their counts to everyone.
    HiddenTallyPoll,
}

impl GameRefusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            GameRefusal::GameNotOver => t!(lang, "refusal-game-not-over"),
            GameRefusal::NoFinishedGame => t!(lang, "refusal-no-finished-game"),
            GameRefusal::NotPlayedHere { game } => {
                t!(lang, "refusal-not-played-here", game = *game)
            }
            GameRefusal::NotPaused => t!(lang, "refusal-not-paused"),
            GameRefusal::VoteLength { min, max } => t!(
                lang,
                "refusal-vote-length",
                min = text::duration(lang, *min),
                max = text::duration(lang, *max)
            ),
            GameRefusal::SharedGameStop => t!(lang, "refusal-shared-game-stop"),
            GameRefusal::NotShared => t!(lang, "refusal-not-shared"),
            GameRefusal::SideOut => t!(lang, "refusal-side-out"),
            GameRefusal::DiscussLength { max } => {
                t!(
                    lang,
                    "refusal-discuss-length",
                    max = text::duration(lang, *max)
                )
            }
            GameRefusal::HiddenTallyPoll => t!(lang, "refusal-hidden-tally-poll"),
        }
    }
}
