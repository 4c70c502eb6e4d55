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
pub use games::{
    BallotFormat, DecidedBy, GameRow, GameStatus, MoveRow, NewGame, NewMove, Transition,
};
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
use std::path::{Path, PathBuf};
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
    #[error("cannot lock {} for migrations", path.display())]
    Lock {
        path: PathBuf,
        source: std::io::Error,
    },
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
        // sqlx's SQLite migrator takes no lock (its `lock` is a no-op), so
        // two processes opening a fresh file both apply migration 1 and one
        // fails ("table games already exists"); creating the file and
        // switching it to WAL races too ("database is locked", which the
        // busy timeout does not cover). An OS lock on a file beside the
        // database, held from before the first connection until the
        // migrations are applied, serialises them; the second process then
        // finds every migration applied. Not the database file itself:
        // closing another descriptor of it would drop SQLite's own locks.
        let _migrating = match migration_lock_path(options.get_filename()) {
            Some(path) => lock_exclusively(path).await?,
            None => None,
        };
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

fn migration_lock_path(database: &Path) -> Option<PathBuf> {
    let name = database.to_string_lossy();
    // sqlx names an in-memory database `file:sqlx-in-memory-N`: no file,
    // and no other process can share it.
    if name == ":memory:" || name.starts_with("file:sqlx-in-memory") {
        return None;
    }
    let mut lock = database.as_os_str().to_owned();
    lock.push(".migrate-lock");
    Some(PathBuf::from(lock))
}

/// Blocks (off the async threads) until this process alone holds `path`'s
/// lock; released when the file is dropped, or by the OS if we die. `None`
/// when the folder does not exist: then the database cannot be opened
/// either, and SQLite's own error says so more plainly than ours would.
async fn lock_exclusively(path: PathBuf) -> Result<Option<std::fs::File>, StoreError> {
    tokio::task::spawn_blocking(move || {
        let opened = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path);
        let file = match opened {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(StoreError::Lock {
                    path: path.clone(),
                    source: e,
                });
            }
        };
        file.lock()
            .map_err(|e| StoreError::Lock { path, source: e })?;
        Ok(Some(file))
    })
    .await
    .expect("the lock task does not panic")
}
