//! What a terminal game (`play`, `match`) says when the database stops
//! it: one line in the terminal's language saying what happened and what
//! to do before trying again, whichever step met the failure (opening the
//! database, starting or resuming the game, taking its hold, playing it).
//! The driver's own words follow, for whoever the line is passed on to;
//! where the store's words carry advice of their own, only what it found
//! follows, so nothing is advised twice.

use holotable::i18n::Lang;
use holotable::model::{GameId, Permanent};
use holotable::service::ServiceError;
use holotable::t;

/// The command that was stopped, and so how to continue.
#[derive(Clone, Copy)]
pub enum Terminal<'a> {
    /// `db` is the database as the person may be shown it (no password).
    Play {
        db: &'a str,
    },
    Match {
        db: &'a str,
    },
}

impl Terminal<'_> {
    fn name(self) -> &'static str {
        match self {
            Terminal::Play { .. } => "play",
            Terminal::Match { .. } => "match",
        }
    }

    /// How the texts name what is damaged: PostgreSQL's data, or a SQLite
    /// file.
    fn data(self) -> &'static str {
        let (Terminal::Play { db } | Terminal::Match { db }) = self;
        if db.starts_with("postgres") {
            "postgres"
        } else {
            "sqlite"
        }
    }
}

/// How far the command had got.
#[derive(Clone, Copy)]
pub enum At {
    /// No game yet: it was being started.
    Starting,
    /// This game was being resumed, and is not held yet: nothing of it
    /// was played.
    Resuming(GameId),
    /// This game, held and being played, which may be continued.
    Game(GameId),
}

/// `error`, headed by what the person is to do when the database stopped
/// the command; any other error as it is.
///
/// A database that went away is said as such: `play` says so once it has
/// waited long enough, the others at once. A failure that usually passes
/// and has not (a standby that stays one) is said as what it then is.
pub fn explain(error: anyhow::Error, lang: Lang, command: Terminal<'_>, at: At) -> anyhow::Error {
    let gone = went_away(&error);
    let why = match permanent(&error) {
        Some(why) => Some(why),
        None if gone => service_error(&error).and_then(ServiceError::permanent_once_waited),
        None => return error,
    };
    let said = say(lang, command, at, why);
    // The store's advice is the English one; the line above gives it.
    let found = service_error(&error)
        .and_then(ServiceError::without_advice)
        .unwrap_or_else(|| format!("{error:#}"));
    Stopped::new(lang, said, found).into()
}

/// A command stopped by its database: the person's line, then the driver's
/// words set apart as the language sets them apart (a dash, brackets),
/// not with a colon, so a command given to copy ends where the line's own
/// words end.
#[derive(Debug, thiserror::Error)]
#[error("{said}")]
pub struct Stopped {
    said: String,
}

impl Stopped {
    pub fn new(lang: Lang, said: String, cause: impl std::fmt::Display) -> Stopped {
        let cause = cause.to_string();
        Stopped {
            said: t!(lang, "terminal-stopped-cause", said = said, cause = cause),
        }
    }
}

/// The line for the database stopping `command` at `at`: for `why`, or,
/// without one, because it went away.
pub fn say(lang: Lang, command: Terminal<'_>, at: At, why: Option<Permanent>) -> String {
    let data = command.data();
    let name = command.name();
    match (at, command) {
        (At::Starting, _) => t!(lang, start_key(why), command = name, data = data),
        (At::Resuming(game), _) => t!(
            lang,
            resume_key(why),
            command = name,
            game = game.0,
            data = data
        ),
        (At::Game(game), Terminal::Play { .. }) => {
            t!(lang, play_key(why), game = game.0, data = data)
        }
        (At::Game(game), Terminal::Match { db }) => {
            t!(lang, match_key(why), game = game.0, db = db, data = data)
        }
    }
}

/// Whether `error` is the database having gone away: every step is
/// committed before the next, so the game can be resumed when it is back.
pub fn went_away(error: &anyhow::Error) -> bool {
    error.is::<DatabaseAway>()
        || service_error(error).is_some_and(ServiceError::is_database_unreachable)
}

/// A ballot's close kept failing because the database went away, for
/// longer than the game waits for it; the last failure's words.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct DatabaseAway(pub String);

/// Why the database cannot be written to, when that is what `error` is:
/// waiting does not help, but a person can.
pub fn permanent(error: &anyhow::Error) -> Option<Permanent> {
    service_error(error).and_then(ServiceError::permanent)
}

/// The service's error in `error`'s chain, under whatever context the
/// steps added to it (the chain begins with `error` itself).
fn service_error(error: &anyhow::Error) -> Option<&ServiceError> {
    error
        .chain()
        .find_map(|cause| cause.downcast_ref::<ServiceError>())
}

/// What stopped a `play` game, and what to do before resuming it.
fn play_key(why: Option<Permanent>) -> &'static str {
    match why {
        Some(Permanent::Full) => "play-database-full",
        Some(Permanent::ReadOnly) => "play-database-read-only",
        Some(Permanent::Damaged) => "play-database-damaged",
        Some(Permanent::Denied) => "play-database-denied",
        None => "play-database-gone",
    }
}

fn match_key(why: Option<Permanent>) -> &'static str {
    match why {
        Some(Permanent::Full) => "match-cli-database-full",
        Some(Permanent::ReadOnly) => "match-cli-database-read-only",
        Some(Permanent::Damaged) => "match-cli-database-damaged",
        Some(Permanent::Denied) => "match-cli-database-denied",
        None => "match-cli-database-gone",
    }
}

fn start_key(why: Option<Permanent>) -> &'static str {
    match why {
        Some(Permanent::Full) => "terminal-start-database-full",
        Some(Permanent::ReadOnly) => "terminal-start-database-read-only",
        Some(Permanent::Damaged) => "terminal-start-database-damaged",
        Some(Permanent::Denied) => "terminal-start-database-denied",
        None => "terminal-start-database-gone",
    }
}

fn resume_key(why: Option<Permanent>) -> &'static str {
    match why {
        Some(Permanent::Full) => "terminal-resume-database-full",
        Some(Permanent::ReadOnly) => "terminal-resume-database-read-only",
        Some(Permanent::Damaged) => "terminal-resume-database-damaged",
        Some(Permanent::Denied) => "terminal-resume-database-denied",
        None => "terminal-resume-database-gone",
    }
}
