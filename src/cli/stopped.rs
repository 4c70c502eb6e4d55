//! What a terminal game (`play`, `match`) says when the database stops
//! it: one line in the terminal's language saying what happened and what
//! to do before trying again, whichever step met the failure (opening the
//! database, starting or resuming the game, taking its hold, playing it).
//! The driver's own words follow, for whoever the line is passed on to.

use holotable::i18n::Lang;
use holotable::model::{GameId, Permanent};
use holotable::service::ServiceError;
use holotable::t;

/// The command that was stopped, and so how to continue.
#[derive(Clone, Copy)]
pub enum Terminal<'a> {
    Play,
    /// `db` is the database as the person may be shown it (no password).
    Match {
        db: &'a str,
    },
}

/// How far the command had got.
#[derive(Clone, Copy)]
pub enum At {
    /// No game yet: it was being started.
    Starting,
    /// This game, which may be continued.
    Game(GameId),
}

/// `error`, headed by what the person is to do when the database stopped
/// the command; any other error as it is.
pub fn explain(error: anyhow::Error, lang: Lang, command: Terminal<'_>, at: At) -> anyhow::Error {
    let said = match (permanent(&error), at) {
        (Some(why), At::Starting) => {
            let command = match command {
                Terminal::Play => "play",
                Terminal::Match { .. } => "match",
            };
            t!(lang, start_key(why), command = command)
        }
        (Some(why), At::Game(game)) => match command {
            Terminal::Play => t!(lang, play_key(why), game = game.0),
            Terminal::Match { db } => t!(lang, match_key(why), game = game.0, db = db),
        },
        // Only `play` waits for a database that went away, so only it
        // says so once it has waited long enough.
        (None, At::Game(game)) if matches!(command, Terminal::Play) && went_away(&error) => {
            t!(lang, "play-database-gone", game = game.0)
        }
        (None, _) => return error,
    };
    error.context(said)
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
/// steps added to it.
fn service_error(error: &anyhow::Error) -> Option<&ServiceError> {
    error
        .chain()
        .find_map(|cause| cause.downcast_ref::<ServiceError>())
        .or_else(|| error.downcast_ref::<ServiceError>())
}

/// What stopped a `play` game, and what to do before resuming it.
pub fn play_key(why: Permanent) -> &'static str {
    match why {
        Permanent::Full => "play-database-full",
        Permanent::ReadOnly => "play-database-read-only",
        Permanent::Damaged => "play-database-damaged",
        Permanent::Denied => "play-database-denied",
    }
}

fn match_key(why: Permanent) -> &'static str {
    match why {
        Permanent::Full => "match-cli-database-full",
        Permanent::ReadOnly => "match-cli-database-read-only",
        Permanent::Damaged => "match-cli-database-damaged",
        Permanent::Denied => "match-cli-database-denied",
    }
}

fn start_key(why: Permanent) -> &'static str {
    match why {
        Permanent::Full => "terminal-start-database-full",
        Permanent::ReadOnly => "terminal-start-database-read-only",
        Permanent::Damaged => "terminal-start-database-damaged",
        Permanent::Denied => "terminal-start-database-denied",
    }
}
