//! The two ways a use case can fail: refused (the user's request is not
//! allowed; shown to them as it is) or failed (our fault; logged).

use crate::store::StoreError;
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
}

/// Something a user asked for that is not allowed. Each message is short,
/// says what is wrong and what would be accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("there is no game in this channel")]
    NoGame,
    #[error("this channel already has a game (game {game}); stop it first")]
    ChannelBusy { game: i64 },
    #[error("only server managers can {action}")]
    NotAllowed { action: &'static str },
    #[error("voting on that ballot has closed")]
    BallotClosed,
    /// The vote was meant for a ballot that closed before it arrived; an
    /// option number or move on the new board would mean something else.
    #[error(
        "voting on the ballot you saw closed before your vote arrived; the ballot for move {open_move} is open now, so look at its board and vote again"
    )]
    BallotMovedOn { open_move: u32 },
    #[error("the game is {status}, so there is nothing to vote on")]
    NotVoting { status: &'static str },
    #[error("cannot read {text:?}: {expected}, or an option number")]
    UnreadableVote { text: String, expected: String },
    #[error("{}", illegal_vote(text, suggestions))]
    IllegalVote {
        text: String,
        suggestions: Vec<String>,
    },
    #[error("there is no option {text}; options are numbered 1 to {count}")]
    NoSuchOption { text: String, count: usize },
    #[error("the game is not paused")]
    NotPaused,
    #[error("{0}")]
    BadOption(String),
    #[error("the Gamer of the Day is not set up in this server; a server manager can set it up")]
    NoDailyPost,
    #[error("you have no match in this channel")]
    NoMatch,
    #[error("there is no challenge {id}")]
    NoChallenge { id: i64 },
    #[error("only the challenged players can answer this challenge")]
    NotInvited,
    #[error("this challenge has {status}")]
    ChallengeClosed { status: &'static str },
    #[error("you are not playing in this match")]
    NotAPlayer,
    #[error("it is not your decision: {waiting} is to decide")]
    NotYourTurn { waiting: String },
    #[error("the match is over")]
    MatchOver,
    #[error("the match moved on while you chose; look at the board and choose again")]
    MatchMoved,
    #[error("{player} already has a match in this channel; finish it first")]
    PlayerBusy { player: String },
    #[error("cannot read {text:?}: {expected}")]
    UnreadableMove { text: String, expected: String },
}

fn illegal_vote(text: &str, suggestions: &[String]) -> String {
    let shown: String = text.chars().take(40).collect();
    if suggestions.is_empty() {
        format!("{shown} is not a legal move now")
    } else {
        format!(
            "{shown} is not a legal move now; did you mean {}?",
            Or(suggestions)
        )
    }
}

/// "A, B or C".
struct Or<'a>(&'a [String]);

impl fmt::Display for Or<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, item) in self.0.iter().enumerate() {
            match i {
                0 => {}
                i if i + 1 == self.0.len() => f.write_str(" or ")?,
                _ => f.write_str(", ")?,
            }
            f.write_str(item)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver::TableError;
    use crate::games::{IllegalMove, MoveParseError, PlayError, PositionError, ReplayError};
    use crate::render::OverlayError;
    use crate::store::VoteError;
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
            Box::new(ServiceError::from(Refusal::BadOption(
                "the vote must last from 10 seconds to 7 days".into(),
            ))),
            Box::new(ServiceError::from(StoreError::from(disk_full()))),
            Box::new(ServiceError::from(Failure::Engine("it panicked".into()))),
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
}
