//! Persistence on SQLite through sqlx. The schema lives only in
//! `migrations/`, applied at start.
//!
//! Every method here is one transaction that either happens whole or not at
//! all; the service decides *what* to write and this module makes it atomic.
//! Game changes are guarded by the game's `version`, so a step that is
//! retried after a crash, or raced by another task, applies at most once.
//! Nothing outside this module names a table, so a PostgreSQL backend would
//! replace this module alone.

mod ballots;
mod challenges;
mod games;
mod gotd;
mod matches;
mod outbox;
mod posts;

pub use ballots::{BallotChange, BallotRow, BallotStatus, NewBallot, VoteError, VoteVia};
pub use challenges::{ChallengeId, ChallengeRow, ChallengeStatus, NewChallenge, PlayerRef};
pub use games::{DecidedBy, GameRow, GameStatus, MoveRow, NewGame, NewMove, Transition};
pub use gotd::{
    CuratedList, DailySettings, Drawn, FinishedCommunityGame, FinishedMatchSeat, NewDailyPost,
};
pub use matches::{
    EndReason, MatchEnd, MatchRow, MatchTimers, NewMatch, Rater, RatingRow, SeatRow,
};
pub use outbox::{NewAnnouncement, OutboxRow};
pub use posts::{BallotPost, PostStyle, Reconciled};

use serde::{Deserialize, Serialize};
use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::str::FromStr;
use std::time::Duration;

/// Milliseconds since the Unix epoch, UTC.
pub type Millis = i64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GameId(pub i64);

/// A ballot is the decision at one ply of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BallotId {
    pub game: GameId,
    pub ply: u32,
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// sqlx's errors already print their causes in their own message (and
/// expose them as `source()` too), so these variants embed that message and
/// expose no source: a chain printed with `{:#}` then says each cause once.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sqlx(sqlx::Error),
    #[error("database migration: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    #[error("stored data is not readable: {0}")]
    Corrupt(String),
    /// The channel already has a live game (the unique index said so).
    #[error("the channel already has a game")]
    ChannelBusy,
    /// The game changed since it was read: someone else applied this step.
    #[error("the game changed while this step ran")]
    Conflict,
    /// A player already has a live match in the channel (the unique index said so).
    #[error("{player} already has a match in this channel")]
    PlayerBusy { player: String },
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        StoreError::Sqlx(error)
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> Self {
        StoreError::Migrate(error)
    }
}

impl StoreError {
    fn corrupt(what: impl std::fmt::Display) -> Self {
        StoreError::Corrupt(what.to_string())
    }
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(StoreError::corrupt)
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data serialises to JSON")
}

#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if missing) the database at `url`, e.g.
    /// `sqlite://holotable.db`, and applies the migrations.
    ///
    /// # Errors
    /// When the file cannot be opened or a migration fails.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // NORMAL is durable across process crashes in WAL mode; only a
            // power cut can lose the last transactions.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    /// Closes the pool, so a test can reopen the same file as a restart.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
