//! What leagues may refuse, each refusal worded by the catalogue
//! (`assets/locales/*/refusals.ftl`) in the reader's language, as
//! [`crate::Refusal`] says.

use crate::text::shown;
use holotable_i18n::{Lang, t};

/// A refusal of a league's door.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeagueRefusal {
    /// A name that is empty or longer than `most` characters.
    Name { most: usize },
    /// A time per move outside an hour to three days.
    MoveTime,
    /// A start in the past or more than `days` ahead.
    StartTime { days: u32 },
    /// A two-sided format (a round robin or a knockout) for a game of
    /// more sides.
    FormatForGame,
    /// Four-army tables for a game other than four-army Djambi.
    TablesForGame,
    /// Two games a pairing asked of four-army tables, which have no
    /// pairings.
    TablesOneGame,
    /// No league has this code (as typed, cut short).
    UnknownCode { code: String },
    /// No league has this id.
    UnknownLeague,
    /// The league takes no more entries: closed, started or over.
    EntriesClosed,
    /// The league has its `most` communities.
    Full { most: usize },
    /// This community is in the league already.
    AlreadyEntered,
    /// This community is not in the league.
    NotEntered,
    /// The channel cannot hold the league's games: it is not a channel a
    /// thread opens in, or the bot cannot post boards and polls or open
    /// threads there (the adapter checks and says so).
    ChannelUnusable,
    /// Only the league's creator may do this.
    NotCreator,
    /// The community the creator named is not in the league.
    OtherNotEntered,
    /// The league has started, so its entrants are fixed.
    Started,
    /// The league has started already: asked to start it now.
    AlreadyStarted,
    /// The league has finished or was cancelled.
    Over,
    /// Fewer communities than the format needs: `needed`, with `got`.
    TooFew { needed: usize, got: usize },
    /// A community asked to leave a league that has started without
    /// agreeing to forfeit its unfinished games: what it would cost.
    LeavingForfeits { name: String },
    /// No code typed, and the community has no league still to play.
    NoLeagueHere,
    /// No code typed, and the community plays in several leagues: their
    /// codes, as people read them.
    WhichLeague { codes: Vec<String> },
}

impl LeagueRefusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            LeagueRefusal::Name { most } => t!(lang, "refusal-league-name", most = *most),
            LeagueRefusal::MoveTime => t!(lang, "refusal-league-move-time"),
            LeagueRefusal::StartTime { days } => {
                t!(lang, "refusal-league-start-time", days = *days)
            }
            LeagueRefusal::FormatForGame => t!(lang, "refusal-league-format-for-game"),
            LeagueRefusal::TablesForGame => t!(lang, "refusal-league-tables-for-game"),
            LeagueRefusal::TablesOneGame => t!(lang, "refusal-league-tables-one-game"),
            LeagueRefusal::UnknownCode { code } => {
                t!(lang, "refusal-league-unknown-code", code = shown(code))
            }
            LeagueRefusal::UnknownLeague => t!(lang, "refusal-league-unknown"),
            LeagueRefusal::EntriesClosed => t!(lang, "refusal-league-entries-closed"),
            LeagueRefusal::Full { most } => t!(lang, "refusal-league-full", most = *most),
            LeagueRefusal::AlreadyEntered => t!(lang, "refusal-league-already-entered"),
            LeagueRefusal::NotEntered => t!(lang, "refusal-league-not-entered"),
            LeagueRefusal::ChannelUnusable => t!(lang, "refusal-league-channel-unusable"),
            LeagueRefusal::NotCreator => t!(lang, "refusal-league-not-creator"),
            LeagueRefusal::OtherNotEntered => t!(lang, "refusal-league-other-not-entered"),
            LeagueRefusal::Started => t!(lang, "refusal-league-started"),
            LeagueRefusal::AlreadyStarted => t!(lang, "refusal-league-already-started"),
            LeagueRefusal::Over => t!(lang, "refusal-league-over"),
            LeagueRefusal::TooFew { needed, got } => {
                t!(lang, "refusal-league-too-few", needed = *needed, got = *got)
            }
            LeagueRefusal::LeavingForfeits { name } => {
                t!(lang, "league-leave-confirm", name = name.as_str())
            }
            LeagueRefusal::NoLeagueHere => t!(lang, "refusal-league-none-here"),
            LeagueRefusal::WhichLeague { codes } => {
                t!(lang, "refusal-league-which", codes = codes.join(", "))
            }
        }
    }
}
