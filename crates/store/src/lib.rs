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
//! Those macros also bound each statement's time ([`bounded`]): a server
//! that accepts a connection and then says nothing must end in an error the
//! callers already know how to wait out, not hold them for ever.
//!
//! A new query is written once, inside `on_pool!`/`on_tx!`, in the SQL
//! above. A new migration is two files of the same name:
//! `migrations/NNNN_what.sql` (SQLite) and `migrations/postgres/NNNN_what.sql`
//! (BIGINT for integers, BOOLEAN for flags, `TEXT COLLATE "C"` for text that
//! is compared or sorted, identity columns for ids).

mod backlogs;
mod ballots;
mod calls;
mod challenges;
mod claims;
mod codes;
mod communities;
mod community_ratings;
mod discussions;
mod engine_ratings;
mod games;
mod gotd;
mod invitations;
mod languages;
mod leagues;
mod matches;
mod open;
mod outbox;
mod pages;
mod posts;
mod puzzles;
mod ratings;
mod reviews;
mod sides;
mod suggestions;
mod tables;
mod tokens;
mod vote_stats;
mod voter_rules;
mod votes;

pub use backlogs::{Backlog, BacklogQuery, OtherBacklog};
pub use ballots::{BallotChange, NewBallot, VoteError, VoteVia};
pub use calls::Settlement;
pub use challenges::NewChallenge;
pub use claims::Claimed;
pub use communities::CommunityName;
pub use community_ratings::{
    CommunityRater, CommunityRatingRow, CommunityStandingRow, RateCommunities,
};
pub use engine_ratings::{EngineRater, EngineRatingRow, RateEngine};
pub use games::{NewGame, NewMove, Transition};
pub use gotd::{CuratedList, Drawn, FinishedCommunityGame, FinishedMatchSeat, NewDailyPost};
pub use invitations::{InvitationRow, InvitationStatus, NewInvitation};
pub use leagues::{
    EntrantRow, Joined, LeagueFinish, LeagueGameKey, LeagueGameRow, LeagueRow, LeagueSeats, Left,
    NewLeague, NewLeagueGame, NewRound, RoundRow, TableFinish, ToChannel,
};
pub use matches::{MatchEnd, MatchTimers, NewMatch, Rater, RatingRow};
pub use outbox::{NewAnnouncement, Outbox};
pub use pages::ListedGame;
pub use posts::Reconciled;
pub use puzzles::{
    AttemptRow, AttemptStatus, EndAttempt, NewPuzzleRound, PuzzlePlayerRow, PuzzleRound,
    PuzzleSettings, PuzzleVote, RatedTry, StoredRating,
};
pub use reviews::EngineChoice;
pub use suggestions::{SUGGESTIONS_PER_MEMBER, SuggestError};
pub use tables::TableGuest;
pub use votes::NewVote;
// The records this crate reads and writes are the model's, so that the
// service can hand them on without handing on the store.
pub use holotable_model::{
    Access, BallotFormat, BallotId, BallotPost, BallotState, BallotStatus, CallSettings,
    ChallengeId, ChallengeState, ChallengeStatus, ChannelKey, ClaimKind, DailySettings, DecidedBy,
    Deliberation, EndReason, GameId, GameSide, GameState, GameStatus, LeagueFormat, LeagueId,
    LeagueStatus, MatchSeat, MatchState, MemberVotes, Millis, PageMark, PageVisibility, Permanent,
    PlayedMove, PlayerRating, PlayerRef, PostStyle, QueuedAnnouncement, ServerKey, Suggestion,
    Unknown, VoteFigures, VoterFigures, passwords_in, without_password,
};

use codes::Code;
use serde::Serialize;
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};
use std::path::PathBuf;
use std::time::Duration;

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
    /// Another process held the lock that start-ups of a SQLite file take
    /// turns on for longer than the store's timeout.
    #[error(
        "another holotable process held {} for {} while opening the database (it may be \
         migrating a large database, or be stopped); try again, with a longer \
         HOLOTABLE_DB_TIMEOUT if it is migrating",
        path.display(),
        seconds(*within)
    )]
    LockHeld { path: PathBuf, within: Duration },
    /// A command that reads a database found no SQLite file at its path.
    #[error("there is no database at {}", path.display())]
    Missing { path: PathBuf },
    /// `bench` found data in the database it was to fill.
    #[error("the database is not empty; give an empty one, or none for a fresh file")]
    NotEmpty,
    #[error("stored data is not readable: {0}")]
    Corrupt(String),
    /// One failure that ended a whole group of votes (see `votes.rs`),
    /// given to each of them.
    #[error(transparent)]
    Shared(std::sync::Arc<StoreError>),
    /// The task writing a group of votes ended before it answered this
    /// one (a panic, or the runtime shutting down): the vote may or may
    /// not be stored.
    #[error("the vote was not answered: its writer stopped")]
    VoteWriterStopped,
    /// The channel already has a live game (the unique index said so).
    #[error("the channel already has a game")]
    ChannelBusy,
    /// The game changed since it was read: someone else applied this step.
    #[error("the game changed while this step ran")]
    Conflict,
    /// A player already has a live match in the channel (the unique index said so).
    #[error("{player} already has a match in this channel")]
    PlayerBusy { player: String },
    /// A connection or a statement got no answer within the store's
    /// timeout: the server is down, stuck, or cut off by the network
    /// without either end hearing of it.
    #[error("the database did not answer within {}", seconds(*within))]
    NoAnswer { within: Duration },
    /// The migrations a start applies took longer than the store's
    /// timeout, and were stopped.
    #[error(
        "applying the database's migrations took longer than {} and was stopped; each \
         migration is applied whole or not at all, so start again with a longer \
         HOLOTABLE_DB_TIMEOUT",
        seconds(*within)
    )]
    MigrationsTooSlow { within: Duration },
    /// The database records a migration this build does not have.
    #[error(
        "the database has migration {version} ({description}), which this holotable does \
         not know: it was made by a newer holotable; run that version, or restore a backup"
    )]
    UnknownMigration { version: i64, description: String },
    /// A migration this build has was applied with other SQL than its own.
    #[error(
        "migration {version} ({description}) was changed after it was applied: the \
         database's schema is not the one this holotable expects; run the holotable that \
         applied it, or restore a backup"
    )]
    ChangedMigration { version: i64, description: String },
    /// The database refused the role a statement of the start: it may not
    /// read the schema, or not migrate it.
    #[error(
        "the database refused this role ({detail}): grant it the rights it needs (reading \
         alone is enough for a current schema), or connect as the role that owns the database"
    )]
    Denied { detail: String },
    /// SQLite's own check of the file (`PRAGMA quick_check`) found it
    /// damaged, or the file is not a database at all.
    #[error(
        "the database file {} is damaged ({detail}), so holotable did not use it; restore it \
         from a backup (docs/operations.md, \"Backups\"), or move it aside to start afresh",
        path.display()
    )]
    Damaged { path: PathBuf, detail: String },
    /// A migration stopped part way and is recorded as failed.
    #[error(
        "migration {version} ({description}) failed part way when it was applied, so the \
         schema may be half changed; restore a backup, or finish the migration by hand and \
         mark it done in _sqlx_migrations"
    )]
    FailedMigration { version: i64, description: String },
}

/// "10 s", or "500 ms" for a timeout under a whole second (tests use those).
fn seconds(duration: Duration) -> String {
    if duration.subsec_nanos() == 0 {
        format!("{} s", duration.as_secs())
    } else {
        format!("{} ms", duration.as_millis())
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        if let sqlx::Error::Io(io) = &error
            && let Some(NoAnswer(within)) = io.get_ref().and_then(|e| e.downcast_ref())
        {
            return StoreError::NoAnswer { within: *within };
        }
        StoreError::Sqlx(error)
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(error: sqlx::migrate::MigrateError) -> Self {
        StoreError::Migrate(error)
    }
}

impl From<Unknown> for StoreError {
    fn from(unknown: Unknown) -> Self {
        StoreError::corrupt(unknown)
    }
}

impl StoreError {
    fn corrupt(what: impl std::fmt::Display) -> Self {
        StoreError::Corrupt(what.to_string())
    }

    /// What keeps the database from being written to until a person acts,
    /// if that is what this is: waiting does not help, so nothing retries
    /// it.
    pub fn permanent(&self) -> Option<Permanent> {
        match self {
            StoreError::Shared(error) => error.permanent(),
            StoreError::Damaged { .. } => Some(Permanent::Damaged),
            StoreError::Denied { .. } => Some(Permanent::Denied),
            StoreError::Sqlx(error) => Code::of(error)?.permanent(),
            // A migration meets a full disk or a damaged file as any
            // statement does, and a person must act alike.
            StoreError::Migrate(
                sqlx::migrate::MigrateError::Execute(error)
                | sqlx::migrate::MigrateError::ExecuteMigration(error, _),
            ) => Code::of(error)?.permanent(),
            _ => None,
        }
    }

    /// What was found, without the advice this error's message gives, for
    /// the errors that give any: a caller that says what to do in the
    /// person's language adds these words alone, so nothing is advised
    /// twice.
    pub fn without_advice(&self) -> Option<String> {
        match self {
            StoreError::Shared(error) => error.without_advice(),
            StoreError::Damaged { path, detail } => Some(format!("{}: {detail}", path.display())),
            StoreError::Denied { detail } => Some(detail.clone()),
            _ => None,
        }
    }

    /// Why the database cannot be written to once a failure that usually
    /// passes by itself has lasted as long as a person is made to wait
    /// (a standby that stays one is read-only); else as [`permanent`].
    ///
    /// [`permanent`]: StoreError::permanent
    pub fn permanent_once_waited(&self) -> Option<Permanent> {
        match self {
            StoreError::Shared(error) => error.permanent_once_waited(),
            StoreError::Sqlx(error) => Code::of(error)?.permanent_once_waited(),
            _ => self.permanent(),
        }
    }

    /// Whether the database itself went away (shut down, restarted, the
    /// network between dropped), or cannot take writes for a moment (a
    /// standby during a failover), rather than refusing this one statement:
    /// what was committed is safe, and the same work can be resumed once
    /// it is back.
    pub fn is_unreachable(&self) -> bool {
        let error = match self {
            StoreError::Shared(error) => return error.is_unreachable(),
            StoreError::NoAnswer { .. } => return true,
            StoreError::Sqlx(error) => error,
            _ => return false,
        };
        match error {
            sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Protocol(_) => true,
            _ => Code::of(error).is_some_and(|code| code.passes()),
        }
    }
}

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(StoreError::corrupt)
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data serialises to JSON")
}

/// How long the store waits for a connection or a statement when its
/// opener names no other time.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// What a statement that ran out of time fails with: sqlx's own I/O error,
/// so a body of [`on_pool!`] or [`on_tx!`] keeps its `sqlx::Error` type
/// (callers match a unique violation on it), and `?` turns it into
/// [`StoreError::NoAnswer`].
#[derive(Debug, thiserror::Error)]
#[error("the database did not answer within {}", seconds(*.0))]
struct NoAnswer(Duration);

/// Runs `work`, one statement or step of a transaction, giving up after
/// `limit` with [`StoreError::NoAnswer`]: a server that accepts and then
/// stays silent would otherwise hold the caller for ever, as neither sqlx
/// nor the operating system bounds a read.
///
/// Giving up drops the statement's future mid-way, which leaves nothing
/// half applied: inside a transaction, the caller's `?` drops the [`Tx`],
/// which rolls it back (sqlx queues the ROLLBACK on the connection, and a
/// server whose connection is closed instead aborts the transaction); a
/// statement on its own is atomic on both backends. Such a statement, or a
/// COMMIT, may still take effect after the caller gave up, as when the
/// connection drops just after sending it: this is why a timeout counts
/// as [`StoreError::is_unreachable`], whose callers resume from what the
/// database holds (each game step is guarded by the game's version).
pub(crate) async fn bounded<T, E: From<sqlx::Error>>(
    limit: Duration,
    work: impl Future<Output = Result<T, E>>,
) -> Result<T, E> {
    tokio::time::timeout(limit, work).await.unwrap_or_else(|_| {
        let silent = std::io::Error::new(std::io::ErrorKind::TimedOut, NoAnswer(limit));
        Err(E::from(sqlx::Error::Io(silent)))
    })
}

/// Runs `$body` with `$db` bound to the store's pool, once per backend: the
/// body is compiled for SQLite and for PostgreSQL, and the arm that matches
/// the open store runs, within the store's timeout ([`bounded`]).
macro_rules! on_pool {
    ($store:expr, |$db:ident| $body:expr) => {
        $crate::bounded($store.timeout(), async {
            match $store.pool() {
                $crate::Pool::Sqlite($db) => $body,
                $crate::Pool::Postgres($db) => $body,
            }
        })
        .await
    };
}

/// [`on_pool!`] for a statement inside a transaction ([`Tx`]).
macro_rules! on_tx {
    ($tx:expr, |$db:ident| $body:expr) => {{
        let tx: &mut $crate::Tx = &mut *$tx;
        $crate::bounded(tx.timeout, async {
            match &mut tx.open {
                $crate::OpenTx::Sqlite(tx) => {
                    let $db = &mut **tx;
                    $body
                }
                $crate::OpenTx::Postgres(tx) => {
                    let $db = &mut **tx;
                    $body
                }
            }
        })
        .await
    }};
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

    /// The database's clock in milliseconds since the Unix epoch: for times
    /// that processes on several hosts compare, which their own clocks
    /// would skew.
    pub(crate) fn now_ms(self) -> &'static str {
        match self {
            Backend::Sqlite => "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)",
            Backend::Postgres => "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)",
        }
    }

    /// True when ballot `b`'s seat is one of side `s`'s seats (a JSON
    /// array in `game_sides.seats`): each backend reads JSON its own way.
    pub(crate) fn seat_in_side(self) -> &'static str {
        match self {
            Backend::Sqlite => "EXISTS (SELECT 1 FROM json_each(s.seats) j WHERE j.value = b.seat)",
            Backend::Postgres => "s.seats::jsonb @> to_jsonb(b.seat)",
        }
    }
}

/// One transaction on either backend; rolled back when dropped uncommitted.
pub(crate) struct Tx {
    open: OpenTx,
    /// The store's bound on each statement ([`bounded`]).
    timeout: Duration,
}

pub(crate) enum OpenTx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

impl Tx {
    pub(crate) fn backend(&self) -> Backend {
        match self.open {
            OpenTx::Sqlite(_) => Backend::Sqlite,
            OpenTx::Postgres(_) => Backend::Postgres,
        }
    }

    /// Holds `key` until this transaction ends, so transactions that read
    /// and then write rows that need not exist yet (a player's first
    /// rating, a server's curated items) take turns. On PostgreSQL an
    /// advisory lock (a hash collision only makes two keys take turns too);
    /// on SQLite nothing, as each such transaction writes first and so holds
    /// the database's write lock already.
    pub(crate) async fn serialise_on(&mut self, key: &str) -> Result<(), StoreError> {
        if let OpenTx::Postgres(tx) = &mut self.open {
            let lock = sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
                .bind(key)
                .execute(&mut **tx);
            bounded(self.timeout, lock).await?;
        }
        Ok(())
    }

    pub(crate) async fn commit(self) -> Result<(), StoreError> {
        let Tx { open, timeout } = self;
        let committed = async move {
            match open {
                OpenTx::Sqlite(tx) => tx.commit().await,
                OpenTx::Postgres(tx) => tx.commit().await,
            }
        };
        Ok(bounded(timeout, committed).await?)
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

#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
    /// Votes waiting to be written, shared by every clone of this store.
    votes: std::sync::Arc<votes::VoteQueue>,
    /// How long a connection or a statement may take ([`bounded`]).
    timeout: Duration,
}

impl Store {
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

    pub(crate) fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Begins a transaction. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`): a transaction that reads first and writes later
    /// must upgrade its read lock, and SQLite neither waits for that (its
    /// busy handler runs only for a connection holding no transaction:
    /// "database is locked", code 5, at once) nor can do it once another
    /// process has committed since the read (code 517). Taken at the
    /// start, the lock is waited for within the busy timeout like any
    /// other, so two processes on one file take turns instead of one
    /// failing.
    pub(crate) async fn begin(&self) -> Result<Tx, StoreError> {
        let open = bounded(self.timeout, async {
            Ok::<_, sqlx::Error>(match &self.pool {
                Pool::Sqlite(pool) => OpenTx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
                Pool::Postgres(pool) => OpenTx::Postgres(pool.begin().await?),
            })
        })
        .await?;
        Ok(Tx {
            open,
            timeout: self.timeout,
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
