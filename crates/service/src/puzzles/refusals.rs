//! What the daily puzzle may refuse, each refusal worded by the catalogue
//! (`assets/locales/*/refusals.ftl`) in the reader's language, as
//! [`crate::Refusal`] says.

use holotable_i18n::{Lang, t};

/// A refusal of the daily puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleRefusal {
    /// The daily puzzle goes out with the daily post, which the server
    /// has not set up.
    PuzzleNeedsDaily,
    /// The puzzle vote's length in hours is outside 1 to `max`.
    PuzzleHours { hours: i64, max: i64 },
    /// A puzzle vote's option number is not one of its `count`.
    PuzzleChoice { count: i64 },
    /// No puzzle vote is open in this server.
    NoOpenPuzzle,
    /// The member has tried the puzzle alone, so may not vote on it.
    PuzzleTriedAlone,
    /// The member has tried every puzzle asked for.
    NoPuzzleLeft,
    /// The member has no puzzle to answer.
    NoPuzzleTry,
}

impl PuzzleRefusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            PuzzleRefusal::PuzzleNeedsDaily => t!(lang, "refusal-puzzle-needs-daily"),
            PuzzleRefusal::PuzzleHours { hours, max } => {
                t!(lang, "refusal-puzzle-hours", hours = *hours, max = *max)
            }
            PuzzleRefusal::PuzzleChoice { count } => {
                t!(lang, "refusal-puzzle-choice", count = *count)
            }
            PuzzleRefusal::NoOpenPuzzle => t!(lang, "refusal-no-open-puzzle"),
            PuzzleRefusal::PuzzleTriedAlone => t!(lang, "refusal-puzzle-tried-alone"),
            PuzzleRefusal::NoPuzzleLeft => t!(lang, "refusal-no-puzzle-left"),
            PuzzleRefusal::NoPuzzleTry => t!(lang, "refusal-no-puzzle-try"),
        }
    }
}
