//! Persistence on SQLite or PostgreSQL through sqlx. The schema lives only
//! in `migrations/` (SQLite) and `migrations/postgres/` (PostgreSQL),
//! applied at start.
//!
//! Every method here is one transaction that either happens whole or not at
//! all; the service decides *what* to write and this module makes it atomic.
//! Game changes are guarded by the game's `version`, so a step that is
//! retried after a crash, or raced by another task, applies at most once.
//! Nothing outside this module names a table.
//!
//! # Two backends, one set of queries
//!
//! [`Store`] holds a [`Pool`] that is either a native `SqlitePool` or a
//! native `PgPool`, and every query is written once, inside [`on_pool!`]
//! or [`on_tx!`], which stamp the same body out for each backend. sqlx's
//! `Any` driver was the other choice, and was turned down: it opens SQLite
//! from a URL alone, so WAL, `synchronous = NORMAL`, foreign keys and the
//! busy timeout could only come back as per-connection pragmas; its rows
//! turn every SQLite integer into a BigInt that `bool` refuses to decode,
//! so booleans would need a wrapper type on every read; and it cannot
//! carry NUMERIC at all. With native pools each backend keeps its own
//! options and types, and the cost is compiling each query twice.
//!
//! The SQL is portable: `$1`-style placeholders (sqlx-sqlite binds them by
//! number), `RETURNING` instead of `last_insert_rowid`, `TRUE`/`FALSE` for
//! flags (BOOLEAN on PostgreSQL, 0/1 on SQLite, both decode to `bool`),
//! BIGINT for every integer PostgreSQL stores, so `i64` decodes on both.
//! Where the backends must differ, the difference is one named piece of
//! SQL chosen by [`Backend`]: the row locks PostgreSQL needs because, at
//! READ COMMITTED, it does not serialise writers the way SQLite's single
//! write lock does (see `ballots.rs`, `matches.rs` and `gotd.rs`).
//!
//! A new query is written once, inside `on_pool!`/`on_tx!`, in the SQL
//! above. A new migration is two files of the same name:
//! `migrations/NNNN_what.sql` (SQLite) and `migrations/postgres/NNNN_what.sql`
//! (BIGINT for integers, BOOLEAN for flags, `TEXT COLLATE "C"` for text that
//! is compared or sorted, identity columns for ids).

mod ballots;
mod challenges;
mod claims;
mod games;
mod gotd;
mod languages;
mod matches;
mod outbox;
mod posts;

pub use ballots::{BallotChange, BallotRow, BallotStatus, NewBallot, VoteError, VoteVia};
pub use challenges::{ChallengeId, ChallengeRow, ChallengeStatus, NewChallenge, PlayerRef};
pub use claims::{ClaimKind, Claimed};
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
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};
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

/// Runs `$body` with `$db` bound to the store's pool, once per backend: the
/// body is compiled for SQLite and for PostgreSQL, and the arm that matches
/// the open store runs.
macro_rules! on_pool {
    ($store:expr, |$db:ident| $body:expr) => {
        match $store.pool() {
            $crate::store::Pool::Sqlite($db) => $body,
            $crate::store::Pool::Postgres($db) => $body,
        }
    };
}

/// [`on_pool!`] for a statement inside a transaction ([`Tx`]).
macro_rules! on_tx {
    ($tx:expr, |$db:ident| $body:expr) => {
        match $tx {
            $crate::store::Tx::Sqlite(tx) => {
                let $db = &mut **tx;
                $body
            }
            $crate::store::Tx::Postgres(tx) => {
                let $db = &mut **tx;
                $body
            }
        }
    };
}

pub(crate) use {on_pool, on_tx};

/// The open database: SQLite (embedded, the default) or PostgreSQL
/// (shared by several processes).
#[derive(Clone, Debug)]
pub enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Which backend a [`Pool`] or [`Tx`] talks to, for the few statements
/// whose SQL differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// Appended to a `SELECT` of the ballot row a vote depends on. On
    /// PostgreSQL the vote then waits for a close that has already updated
    /// the row (and sees it closed), and a close waits for a vote that read
    /// the row first (and counts it when it re-reads the tally). SQLite
    /// needs nothing: its one write lock already orders the two.
    pub(crate) fn share_row(self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres => "FOR SHARE",
        }
    }

    /// Like [`Backend::share_row`], but also excluding the votes that only
    /// share the row: for a step that reads the votes and then rewrites
    /// them.
    pub(crate) fn lock_row(self) -> &'static str {
        match self {
            Backend::Sqlite => "",
            Backend::Postgres => "FOR UPDATE",
        }
    }
}

/// One transaction on either backend; rolled back when dropped uncommitted.
pub(crate) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Tx::Sqlite(_) => Backend::Sqlite,
            Tx::Postgres(_) => Backend::Postgres,
        }
    }

    /// Holds `key` until this transaction ends, so transactions that read
    /// and then write rows that need not exist yet (a player's first
    /// rating, a server's curated items) take turns. On PostgreSQL an
    /// advisory lock (a hash collision only makes two keys take turns too);
    /// on SQLite nothing, as each such transaction writes first and so holds
    /// the database's write lock already.
    pub(crate) async fn serialise_on(&mut self, key: &str) -> Result<(), StoreError> {
        if let Tx::Postgres(tx) = self {
            sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
                .bind(key)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    pub(crate) async fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await?,
            Tx::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }
}

/// What a write did, the same on both backends.
pub(crate) struct Written(u64);

impl Written {
    pub(crate) fn rows_affected(&self) -> u64 {
        self.0
    }
}

impl From<sqlx::sqlite::SqliteQueryResult> for Written {
    fn from(done: sqlx::sqlite::SqliteQueryResult) -> Self {
        Written(done.rows_affected())
    }
}

impl From<sqlx::postgres::PgQueryResult> for Written {
    fn from(done: sqlx::postgres::PgQueryResult) -> Self {
        Written(done.rows_affected())
    }
}

/// Connections a process may open to PostgreSQL. Each committed vote
/// waits for the server's WAL flush, and one flush carries every commit
/// waiting at that moment, so the votes a process can commit per second
/// are about its connections times the flushes per second. With 8 the
/// vote bench was bound by the flushes, not the CPU (`docs/operations.md`
/// has the measurements). The pool opens connections only as they are
/// needed; PostgreSQL's `max_connections` must cover this many per process.
const POSTGRES_CONNECTIONS: u32 = 32;

#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
}

impl Store {
    /// Opens the database at `url` and applies the migrations: a SQLite
    /// file (`sqlite://holotable.db`, created if missing) or a PostgreSQL
    /// database (`postgres://user:password@host/database`, which must
    /// exist; `postgresql://` works too).
    ///
    /// # Errors
    /// When the database cannot be opened or a migration fails.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Store::open_postgres(url).await
        } else {
            Store::open_sqlite(url).await
        }
    }

    async fn open_sqlite(url: &str) -> Result<Store, StoreError> {
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
        Ok(Store {
            pool: Pool::Sqlite(pool),
        })
    }

    async fn open_postgres(url: &str) -> Result<Store, StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            .max_connections(POSTGRES_CONNECTIONS)
            .connect_with(options)
            .await?;
        // sqlx's PostgreSQL migrator holds `pg_advisory_lock` (keyed by the
        // database name) from before it reads `_sqlx_migrations` until it
        // has applied the last one (sqlx-postgres 0.9, migrate.rs `lock`),
        // so processes opening one database at once apply each migration
        // once, and the later ones find them applied.
        sqlx::migrate!("./migrations/postgres").run(&pool).await?;
        Ok(Store {
            pool: Pool::Postgres(pool),
        })
    }

    /// The pool, for tests that inject faults with raw SQL.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    pub(crate) async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(match &self.pool {
            Pool::Sqlite(pool) => Tx::Sqlite(pool.begin().await?),
            Pool::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }

    /// Closes the pool, so a test can reopen the same database as a restart.
    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }
}

/// `url` with any password replaced by `***`, for messages: a PostgreSQL
/// URL may carry one, and secrets are never printed.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((credentials, host)) => match credentials.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{path}"),
            None => url.to_string(),
        },
        None => url.to_string(),
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

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn a_password_in_a_database_url_is_never_shown() {
        assert_eq!(
            without_password("postgres://bot:s3cret@db.example:5432/holotable?sslmode=require"),
            "postgres://bot:***@db.example:5432/holotable?sslmode=require"
        );
        assert_eq!(
            without_password("postgresql://bot@db.example/holotable"),
            "postgresql://bot@db.example/holotable"
        );
        assert_eq!(
            without_password("sqlite://holotable.db"),
            "sqlite://holotable.db"
        );
    }
}
