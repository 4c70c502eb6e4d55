//! What invitations between communities may refuse, each refusal worded
//! by the catalogue (`assets/locales/*/refusals.ftl`) in the reader's
//! language, as [`crate::Refusal`] says.

use crate::text::shown;
use holotable_i18n::{Lang, t};

/// A refusal of invitations between communities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersusRefusal {
    /// No invitation has this code (as typed, cut short).
    UnknownCode { code: String },
    /// `status` selects the wording: accepted, withdrawn, expired.
    CodeClosed { status: &'static str },
    /// A channel tried to accept the invitation it made.
    OwnChallenge,
    /// The channel that made the invitation has a live game now.
    ChallengerBusy,
    /// Withdrawing, with no open invitation from this channel.
    NoOpenChallenge,
    /// A challenge for more communities than the game has seats (`most`).
    TableSize { most: usize },
    /// Accepting, again, a table this channel already sits at.
    AlreadySeated,
}

impl VersusRefusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            VersusRefusal::UnknownCode { code } => {
                t!(lang, "refusal-unknown-code", code = shown(code))
            }
            VersusRefusal::CodeClosed { status } => {
                t!(lang, "refusal-code-closed", status = *status)
            }
            VersusRefusal::OwnChallenge => t!(lang, "refusal-own-challenge"),
            VersusRefusal::ChallengerBusy => t!(lang, "refusal-challenger-busy"),
            VersusRefusal::NoOpenChallenge => t!(lang, "refusal-no-open-challenge"),
            VersusRefusal::TableSize { most } => t!(lang, "refusal-table-size", most = *most),
            VersusRefusal::AlreadySeated => t!(lang, "refusal-already-seated"),
        }
    }
}
