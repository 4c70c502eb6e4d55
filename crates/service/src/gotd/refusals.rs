//! What the Gamer of the Day may refuse, each refusal worded by the catalogue
//! (`assets/locales/*/refusals.ftl`) in the reader's language, as
//! [`crate::Refusal`] says.

use crate::text::shown;
use holotable_i18n::{Lang, t};

/// A refusal of the Gamer of the Day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DailyRefusal {
    /// Not a time of day as HH:MM.
    BadPostTime {
        text: String,
    },
    NoDailyPost,
}

impl DailyRefusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            DailyRefusal::BadPostTime { text } => {
                t!(lang, "refusal-bad-post-time", text = shown(text))
            }
            DailyRefusal::NoDailyPost => t!(lang, "refusal-no-daily-post"),
        }
    }
}
