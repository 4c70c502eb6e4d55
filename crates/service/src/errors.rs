//! The two ways a use case can fail: refused (the user's request is not
//! allowed; shown to them as it is) or failed (our fault; logged).

use super::text;
use crate::{
    DailyRefusal, GameRefusal, LeagueRefusal, MatchRefusal, PuzzleRefusal, VersusRefusal,
    VoteRefusal,
};
use holotable_games::engine::Level;
use holotable_i18n::Lang;
use holotable_i18n::t;
use holotable_model::Permanent;
use holotable_store::StoreError;
use std::fmt;

/// Both variants are transparent: the message is the inner error's, and so
/// is `source()`, so a printed chain never says the same thing twice.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Failed(#[from] Failure),
}

impl ServiceError {
    /// Whether another process took over the delivery this one was making
    /// ([`Failure::LeaseLost`]): nothing is left for this one to record.
    pub fn is_lease_lost(&self) -> bool {
        matches!(self, ServiceError::Failed(Failure::LeaseLost { .. }))
    }

    /// Whether this failed because the database went away (see
    /// [`StoreError::is_unreachable`]).
    pub fn is_database_unreachable(&self) -> bool {
        matches!(self, ServiceError::Failed(Failure::Store(store)) if store.is_unreachable())
    }

    /// Why the database cannot be written to until a person acts, when
    /// that is why this failed (see [`StoreError::permanent`]).
    pub fn permanent(&self) -> Option<Permanent> {
        match self {
            ServiceError::Failed(Failure::Store(store)) => store.permanent(),
            _ => None,
        }
    }

    /// What the store found, without the advice its message gives (see
    /// [`StoreError::without_advice`]).
    pub fn without_advice(&self) -> Option<String> {
        match self {
            ServiceError::Failed(Failure::Store(store)) => store.without_advice(),
            _ => None,
        }
    }

    /// Why the database still cannot be written to when this failure,
    /// which usually passes, lasted as long as a person waits (see
    /// [`StoreError::permanent_once_waited`]).
    pub fn permanent_once_waited(&self) -> Option<Permanent> {
        match self {
            ServiceError::Failed(Failure::Store(store)) => store.permanent_once_waited(),
            _ => None,
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> Self {
        ServiceError::Failed(Failure::Store(error))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the engine task failed: {0}")]
    Engine(String),
    #[error("stored game is inconsistent: {0}")]
    Inconsistent(String),
    /// An announcement, or the progress of its delivery, as stored cannot
    /// be read (written by another version, or damaged): it is not posted
    /// as if nothing were, and its failure is recorded like a post's.
    #[error("announcement {id} cannot be read: {detail}")]
    Unreadable { id: i64, detail: String },
    /// The announcement was delivered, given up or tried again by another
    /// process since this one read it (its delivery lease ran out while it
    /// posted): this process records nothing more of it.
    #[error("announcement {id} was taken over by another process")]
    LeaseLost { id: i64 },
}

/// Something a user asked for that is not allowed. Each message is short,
/// says what is wrong and what would be accepted; its words are the
/// catalogue's (`assets/locales/*/refusals.ftl`), in the language of
/// whoever is told, and `Display` is the English one, for logs and the
/// terminal.
///
/// Each feature's own refusals are its variant (`Vote`, `Match`, …); the
/// variants named here are those more than one feature refuses, so no
/// feature hands out another's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NoGame,
    ChannelBusy {
        game: i64,
    },
    /// `action` selects the catalogue's wording ("start-game").
    NotAllowed {
        action: &'static str,
    },
    /// The engine has no level of this name.
    UnknownLevel {
        level: String,
    },
    /// The game's rules (the `rules` JSON) cannot set up a game; `detail`
    /// is the rules parser's own English words, which name the field.
    BadRules {
        detail: String,
    },
    /// A move that is not legal now, voted for or played in a match;
    /// `suggestions` are the legal moves closest to `text`.
    IllegalMove {
        text: String,
        suggestions: Vec<String>,
    },
    /// A time zone that is not an IANA name (a daily post's, a reminder's
    /// quiet hours').
    UnknownTimeZone {
        name: String,
    },
    /// One role chosen both to start games and to be called: members join
    /// the called role themselves, so they would all start games too.
    /// Refused from either side: choosing the starters or the called role.
    CallRoleStarts,
    /// Refused by community games (`games/refusals.rs`).
    Game(GameRefusal),
    /// Refused by votes and suggestions, calls to vote and reminders (`votes/refusals.rs`).
    Vote(VoteRefusal),
    /// Refused by invitations between communities (`versus/refusals.rs`).
    Versus(VersusRefusal),
    /// Refused by challenges and matches (`matches/refusals.rs`).
    Match(MatchRefusal),
    /// Refused by the daily puzzle (`puzzles/refusals.rs`).
    Puzzle(PuzzleRefusal),
    /// Refused by the Gamer of the Day (`gotd/refusals.rs`).
    Daily(DailyRefusal),
    /// Refused by leagues (`leagues/refusals.rs`).
    League(LeagueRefusal),
}

impl Refusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Refusal::NoGame => t!(lang, "refusal-no-game"),
            Refusal::ChannelBusy { game } => t!(lang, "refusal-channel-busy", game = *game),
            Refusal::NotAllowed { action } => t!(lang, "refusal-not-allowed", action = *action),
            Refusal::UnknownLevel { level } => {
                // Named as the level menu names them in this language.
                let levels: Vec<String> = Level::ALL
                    .iter()
                    .map(|known| text::level(lang, known.as_str()))
                    .collect();
                t!(
                    lang,
                    "refusal-unknown-level",
                    level = text::shown(level),
                    levels = text::or_list(lang, &levels)
                )
            }
            Refusal::BadRules { detail } => t!(lang, "refusal-bad-rules", detail = detail.as_str()),
            Refusal::IllegalMove { text, suggestions } => {
                let text: String = text.chars().take(40).collect();
                if suggestions.is_empty() {
                    t!(lang, "refusal-illegal-vote", text = text)
                } else {
                    let suggestions = text::or_list(lang, suggestions);
                    t!(
                        lang,
                        "refusal-illegal-vote-suggest",
                        text = text,
                        suggestions = suggestions
                    )
                }
            }
            Refusal::UnknownTimeZone { name } => {
                t!(lang, "refusal-unknown-time-zone", zone = text::shown(name))
            }
            Refusal::CallRoleStarts => t!(lang, "refusal-call-role-starts"),
            Refusal::Game(refusal) => refusal.text(lang),
            Refusal::Vote(refusal) => refusal.text(lang),
            Refusal::Versus(refusal) => refusal.text(lang),
            Refusal::Match(refusal) => refusal.text(lang),
            Refusal::Puzzle(refusal) => refusal.text(lang),
            Refusal::Daily(refusal) => refusal.text(lang),
            Refusal::League(refusal) => refusal.text(lang),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for Refusal {}

impl From<GameRefusal> for Refusal {
    fn from(refusal: GameRefusal) -> Self {
        Refusal::Game(refusal)
    }
}

impl From<GameRefusal> for ServiceError {
    fn from(refusal: GameRefusal) -> Self {
        ServiceError::Refused(Refusal::Game(refusal))
    }
}

impl From<VoteRefusal> for Refusal {
    fn from(refusal: VoteRefusal) -> Self {
        Refusal::Vote(refusal)
    }
}

impl From<VoteRefusal> for ServiceError {
    fn from(refusal: VoteRefusal) -> Self {
        ServiceError::Refused(Refusal::Vote(refusal))
    }
}

impl From<VersusRefusal> for Refusal {
    fn from(refusal: VersusRefusal) -> Self {
        Refusal::Versus(refusal)
    }
}

impl From<VersusRefusal> for ServiceError {
    fn from(refusal: VersusRefusal) -> Self {
        ServiceError::Refused(Refusal::Versus(refusal))
    }
}

impl From<MatchRefusal> for Refusal {
    fn from(refusal: MatchRefusal) -> Self {
        Refusal::Match(refusal)
    }
}

impl From<MatchRefusal> for ServiceError {
    fn from(refusal: MatchRefusal) -> Self {
        ServiceError::Refused(Refusal::Match(refusal))
    }
}

impl From<PuzzleRefusal> for Refusal {
    fn from(refusal: PuzzleRefusal) -> Self {
        Refusal::Puzzle(refusal)
    }
}

impl From<PuzzleRefusal> for ServiceError {
    fn from(refusal: PuzzleRefusal) -> Self {
        ServiceError::Refused(Refusal::Puzzle(refusal))
    }
}

impl From<DailyRefusal> for Refusal {
    fn from(refusal: DailyRefusal) -> Self {
        Refusal::Daily(refusal)
    }
}

impl From<DailyRefusal> for ServiceError {
    fn from(refusal: DailyRefusal) -> Self {
        ServiceError::Refused(Refusal::Daily(refusal))
    }
}

impl From<LeagueRefusal> for Refusal {
    fn from(refusal: LeagueRefusal) -> Self {
        Refusal::League(refusal)
    }
}

impl From<LeagueRefusal> for ServiceError {
    fn from(refusal: LeagueRefusal) -> Self {
        ServiceError::Refused(Refusal::League(refusal))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holotable_games::engine::solver::TableError;
    use holotable_games::{IllegalMove, MoveParseError, PlayError, PositionError, ReplayError};
    use holotable_render::OverlayError;
    use holotable_store::VoteError;
    use std::error::Error;

    /// The first link of `error`'s chain whose message already contains its
    /// source's message: what `{:#}` would then print twice.
    fn repeated_cause(error: &dyn Error) -> Option<String> {
        let mut link = error;
        while let Some(source) = link.source() {
            let (outer, inner) = (link.to_string(), source.to_string());
            if outer.contains(&inner) {
                return Some(format!("{outer:?} embeds its source {inner:?}"));
            }
            link = source;
        }
        None
    }

    fn disk_full() -> sqlx::Error {
        sqlx::Error::Io(std::io::Error::other("database or disk is full"))
    }

    #[test]
    fn error_lines_do_not_repeat_their_source() {
        let position = || PositionError::new("expected 3 fields");
        let errors: Vec<Box<dyn Error>> = vec![
            Box::new(ServiceError::from(Refusal::Game(GameRefusal::VoteLength {
                min: 10_000,
                max: 7 * 86_400_000,
            }))),
            Box::new(ServiceError::from(StoreError::from(disk_full()))),
            Box::new(ServiceError::from(Failure::Engine("it panicked".into()))),
            Box::new(ServiceError::from(Failure::Unreadable {
                id: 7,
                detail: "unknown kind \"x\"".into(),
            })),
            Box::new(ServiceError::from(Failure::LeaseLost { id: 7 })),
            Box::new(StoreError::from(sqlx::migrate::MigrateError::Execute(
                disk_full(),
            ))),
            Box::new(VoteError::from(StoreError::from(disk_full()))),
            Box::new(ReplayError::from(position())),
            Box::new(PlayError::from(MoveParseError::new(
                "foo",
                "expected A1-B1",
            ))),
            Box::new(PlayError::from(IllegalMove {
                notation: "A1-B7".into(),
            })),
            Box::new(OverlayError::from(PlayError::GameOver)),
            Box::new(TableError::from(std::io::Error::other("no such file"))),
        ];
        let repeated: Vec<String> = errors
            .iter()
            .filter_map(|error| repeated_cause(error.as_ref()))
            .collect();
        assert!(repeated.is_empty(), "{repeated:#?}");
    }

    #[test]
    fn refusals_name_levels_and_sides_as_each_reader_reads_them() {
        let level = Refusal::UnknownLevel {
            level: "brutal".into(),
        };
        let voted = Refusal::Vote(VoteRefusal::VotedForOtherSide {
            side: vec!["white".into()],
        });
        let cases = [
            (
                Lang::En,
                &level,
                "choose random, greedy, easy, normal, hard or max.",
            ),
            (
                Lang::Es,
                &level,
                "elige aleatorio, impulsivo, fácil, normal, difícil o máximo.",
            ),
            (
                Lang::Ja,
                &level,
                "ランダム、一手読み、やさしい、ふつう、むずかしいか最強のいずれか",
            ),
            (
                Lang::Es,
                &voted,
                "Ya votaste por las blancas en esta partida",
            ),
            (Lang::Ja, &voted, "すでに別のチャンネルで白に投票しています"),
        ];
        for (lang, refusal, wanted) in cases {
            let text = refusal.text(lang);
            assert!(text.contains(wanted), "{lang}: {text}");
        }
    }
}
