//! Opening a database: which backend a URL names, who may create it, and
//! when its schema is brought up to date.
//!
//! Every command opens the database the same way, but they mean different
//! things by it: the bot and a new terminal game create a SQLite file that
//! is not there yet; a command that reads a game (`export`, `play
//! --resume`) must not, since a mistyped path would leave an empty
//! database behind and then say the game is missing; and `bench`, which
//! writes thousands of games, must find the database empty before it
//! writes anything, schema included.
//!
//! The migrator runs only when the schema is behind: it takes locks and
//! creates its bookkeeping table, which a role with read rights alone
//! cannot, and a current schema needs neither. So the checks the migrator
//! would make are made here first, by reading its bookkeeping: a database
//! that records a migration this build does not know (a newer holotable
//! made it), one whose SQL changed since it was applied, or one that
//! failed part way, is refused before anything is written to it.
//!
//! Connecting, each statement and the migrations are bounded by the
//! timeout the opener gives (`HOLOTABLE_DB_TIMEOUT` for the commands).

use super::codes::Code;
use super::votes::VoteQueue;
use super::{Pool, Store, StoreError, bounded, on_pool};
use crate::Access;
use sqlx::Connection;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/postgres");

/// The least time `PRAGMA quick_check` is given at open, whatever the
/// store's timeout: it reads every page of the file once.
const QUICK_CHECK_TIME: Duration = Duration::from_secs(60);

/// Connections a process may open to PostgreSQL. Each committed vote
/// waits for the server's WAL flush, and one flush carries every commit
/// waiting at that moment, so the votes a process can commit per second
/// are about its connections times the flushes per second. With 8 the
/// vote bench was bound by the flushes, not the CPU (`docs/operations.md`
/// has the measurements). The pool opens connections only as they are
/// needed; PostgreSQL's `max_connections` must cover this many per process.
const POSTGRES_CONNECTIONS: u32 = 32;

impl Store {
    /// Opens the database at `url` for [`Access::Create`]: a SQLite file
    /// (`sqlite://holotable.db`, created if missing) or a PostgreSQL
    /// database (`postgres://user:password@host/database`, which must
    /// exist; `postgresql://` works too), its schema brought up to date,
    /// waiting [`DEFAULT_TIMEOUT`](super::DEFAULT_TIMEOUT) at most for
    /// each connection and statement.
    ///
    /// # Errors
    /// When the database cannot be opened, does not answer, holds a
    /// migration this build does not know or has changed, or a migration
    /// fails.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_for(url, Access::Create, super::DEFAULT_TIMEOUT).await
    }

    /// Opens the database at `url` as `access` says, waiting `timeout` at
    /// most for the connection, for each statement from then on, and for
    /// the migrations a start applies.
    ///
    /// # Errors
    /// As [`Store::open`]; [`StoreError::Missing`] for [`Access::Existing`]
    /// on a SQLite file that is not there; [`StoreError::NotEmpty`] for
    /// [`Access::Empty`] on a database that holds data;
    /// [`StoreError::NoAnswer`] when it is not reached within `timeout`.
    pub async fn open_for(
        url: &str,
        access: Access,
        timeout: Duration,
    ) -> Result<Store, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Store::open_postgres(url, access, timeout).await
        } else {
            Store::open_sqlite(url, access, timeout).await
        }
    }

    /// SQLite waits up to its busy timeout for another process's write lock
    /// and then answers "database is locked"; that stays 10 s whatever the
    /// store's timeout, which bounds everything else (a disk or network
    /// file system that stops answering). At the default the two are
    /// equal; a shorter timeout cuts a lock wait short as a timeout.
    async fn open_sqlite(
        url: &str,
        access: Access,
        timeout: Duration,
    ) -> Result<Store, StoreError> {
        let mut options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(access != Access::Existing)
            // NORMAL is durable across process crashes in WAL mode; only a
            // power cut can lose the last transactions.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let mut lock_path = migration_lock_path(options.get_filename());
        // Checked before the lock file beside it is made: reading a game
        // leaves nothing behind on a mistyped path.
        if access == Access::Existing && lock_path.is_some() && !options.get_filename().exists() {
            return Err(StoreError::Missing {
                path: options.get_filename().to_path_buf(),
            });
        }
        // A file this process may only read (another user's, a read-only
        // disk, a backup kept read-only) is opened for reading alone, so
        // that exporting or reviewing a game from it works: no lock file
        // beside it and no switch to WAL, which are writes. Migrating it
        // is impossible, so a schema that is behind is refused below; a
        // write is refused by SQLite as read-only, which is said as such.
        if access == Access::Existing && !may_write(options.get_filename()) {
            // Reading a WAL file takes a shared-memory file beside it,
            // which a folder that cannot be written to cannot hold: such a
            // file, with no writer's files beside it, is read as the
            // unchanging file it is. Otherwise SQLite reads it as usual,
            // or says why it cannot.
            let immutable = unchanging(options.get_filename());
            options = options.read_only(true).immutable(immutable);
            lock_path = None;
        } else {
            options = options.journal_mode(SqliteJournalMode::Wal);
        }
        // sqlx's SQLite migrator takes no lock (its `lock` is a no-op), so
        // two processes opening a fresh file both apply migration 1 and one
        // fails ("table games already exists"); creating the file and
        // switching it to WAL races too ("database is locked", which the
        // busy timeout does not cover). An OS lock on a file beside the
        // database, held from before the first connection until the
        // migrations are applied, serialises them; the second process then
        // finds every migration applied. Not the database file itself:
        // closing another descriptor of it would drop SQLite's own locks.
        let _migrating = match lock_path {
            Some(path) => lock_exclusively(path, timeout).await?,
            None => None,
        };
        let path = options.get_filename().to_path_buf();
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .acquire_timeout(past(timeout))
            .connect_with(options);
        let pool = bounded(timeout, pool)
            .await
            .map_err(|error| damaged_at(&path, error.into()))?;
        let store = Store {
            pool: Pool::Sqlite(pool),
            votes: VoteQueue::new(),
            timeout,
        };
        store.check_pages(&path).await?;
        store.prepare(access, &SQLITE_MIGRATIONS).await?;
        Ok(store)
    }

    /// Refuses a SQLite file whose pages do not hold together, before
    /// anything reads or writes it: SQLite notices damage only on the page
    /// a statement happens to touch, so a damaged file used unchecked
    /// answers most commands and fails, or misreads, on others.
    /// `quick_check` reads every page once (its cost grows with the file:
    /// docs/operations.md gives it) but, unlike `integrity_check`, does not
    /// compare indexes with their tables.
    async fn check_pages(&self, path: &Path) -> Result<(), StoreError> {
        // Its own bound: reading a large file from a cold disk may take
        // longer than a statement is given.
        let limit = self.timeout.max(QUICK_CHECK_TIME);
        let Pool::Sqlite(pool) = &self.pool else {
            return Ok(());
        };
        let found: Vec<String> = bounded(limit, async {
            sqlx::query_scalar("PRAGMA quick_check(1)")
                .fetch_all(pool)
                .await
        })
        .await
        .map_err(|error| damaged_at(path, StoreError::from(error)))?;
        match found.first().map(String::as_str) {
            Some("ok") => Ok(()),
            // SQLite heads its report with the schema's name on a line of
            // its own; the rest, on one line, is what a person can pass on.
            _ => Err(StoreError::Damaged {
                path: path.to_path_buf(),
                detail: found
                    .join(" ")
                    .replace("*** in database main ***", "")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
            }),
        }
    }

    async fn open_postgres(
        url: &str,
        access: Access,
        timeout: Duration,
    ) -> Result<Store, StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        // One connection made directly first: the pool retries a refused
        // or unreachable server until its acquire timeout and then says
        // only that it timed out, where a direct try fails at once with the
        // cause ("Connection refused", a bad password). sqlx bounds neither
        // this connect nor any read after it: a server that accepts and
        // then stays silent is given `timeout` here, as is every statement
        // after, acquiring its connection included.
        bounded(timeout, async {
            sqlx::PgConnection::connect_with(&options)
                .await?
                .close()
                .await
        })
        .await?;
        let pool = PgPoolOptions::new()
            .max_connections(POSTGRES_CONNECTIONS)
            .acquire_timeout(past(timeout))
            .connect_with(options);
        let pool = bounded(timeout, pool).await?;
        let store = Store {
            pool: Pool::Postgres(pool),
            votes: VoteQueue::new(),
            timeout,
        };
        // sqlx's PostgreSQL migrator holds `pg_advisory_lock` (keyed by the
        // database name) from before it reads `_sqlx_migrations` until it
        // has applied the last one (sqlx-postgres 0.9, migrate.rs `lock`),
        // so processes opening one database at once apply each migration
        // once, and the later ones find them applied.
        store.prepare(access, &POSTGRES_MIGRATIONS).await?;
        Ok(store)
    }

    /// Refuses a database with data when `access` wants an empty one, or
    /// one whose migrations this build cannot vouch for, then migrates a
    /// schema that is behind.
    async fn prepare(&self, access: Access, migrator: &Migrator) -> Result<(), StoreError> {
        if access == Access::Empty && self.holds_data().await? {
            return Err(StoreError::NotEmpty);
        }
        if !self.schema_is_current(migrator).await? {
            self.migrate(migrator).await?;
        }
        Ok(())
    }

    /// Whether every migration this build knows of is applied, after
    /// refusing any applied migration it cannot vouch for (see
    /// [`vouch_for`]). A database with no `_sqlx_migrations` (a fresh one)
    /// is behind; any other failure to read it is said as it is, not
    /// left to the migrator, which would report a role that may not read
    /// the table as a failure "while executing migrations".
    async fn schema_is_current(&self, migrator: &Migrator) -> Result<bool, StoreError> {
        const APPLIED: &str =
            "SELECT version, description, checksum, success FROM _sqlx_migrations ORDER BY version";
        let applied = match on_pool!(self, |db| sqlx::query_as(APPLIED).fetch_all(db).await) {
            Ok(applied) => applied,
            Err(error) if is_missing_table(&error) => return Ok(false),
            Err(error) => return Err(denied(error)),
        };
        for row in &applied {
            vouch_for(row, migrator)?;
        }
        Ok(migrator
            .iter()
            .filter(|m| !m.migration_type.is_down_migration())
            .all(|m| applied.iter().any(|row| row.version == m.version)))
    }

    /// Applies the migrations the schema lacks, within the store's timeout.
    /// A migration that runs past it is stopped whole: sqlx applies each one
    /// in a transaction of its own, with its row in `_sqlx_migrations`.
    async fn migrate(&self, migrator: &Migrator) -> Result<(), StoreError> {
        let run = async {
            match &self.pool {
                Pool::Sqlite(pool) => migrator.run(pool).await,
                Pool::Postgres(pool) => migrator.run(pool).await,
            }
        };
        match tokio::time::timeout(self.timeout, run).await {
            Ok(Err(
                sqlx::migrate::MigrateError::Execute(error)
                | sqlx::migrate::MigrateError::ExecuteMigration(error, _),
            )) if is_denied(&error) => Err(denied(error)),
            Ok(ran) => Ok(ran?),
            Err(_) => Err(StoreError::MigrationsTooSlow {
                within: self.timeout,
            }),
        }
    }

    /// Whether any table of the schema, other than the migrator's own
    /// bookkeeping, has a row: every table, so data no query of today
    /// writes still counts.
    async fn holds_data(&self) -> Result<bool, StoreError> {
        let listed = match self.backend() {
            super::Backend::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            }
            super::Backend::Postgres => {
                "SELECT table_name::text FROM information_schema.tables
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            }
        };
        let tables: Vec<String> =
            on_pool!(self, |db| sqlx::query_scalar(listed).fetch_all(db).await)?;
        for table in tables.iter().filter(|t| *t != "_sqlx_migrations") {
            // The name comes from the catalogue, not from a person; quoted
            // all the same.
            let query = format!(
                "SELECT EXISTS (SELECT 1 FROM \"{}\")",
                table.replace('"', "\"\"")
            );
            let has_rows: bool =
                on_pool!(self, |db| sqlx::query_scalar(sqlx::AssertSqlSafe(query))
                    .fetch_one(db)
                    .await)?;
            if has_rows {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Whether this process may write the file at `path`, which exists. A
/// failure to open it for writing that is not about rights (a folder, a
/// file that went away) is left for SQLite to report.
fn may_write(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    // Asked, not tried: opening a second descriptor of the file and
    // closing it would drop the locks SQLite holds on it in this process.
    let Ok(path) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return true;
    };
    // SAFETY: `path` is a NUL-terminated string that outlives the call.
    if unsafe { libc::access(path.as_ptr(), libc::W_OK) } == 0 {
        return true;
    }
    !matches!(
        std::io::Error::last_os_error().raw_os_error(),
        Some(libc::EACCES | libc::EROFS | libc::EPERM)
    )
}

/// Whether the SQLite file at `path` can only be read as an unchanging
/// file: its folder cannot hold the shared-memory file a reader of a WAL
/// file needs, none is there, and no write-ahead log with content is
/// either (a writer would have made both).
fn unchanging(path: &Path) -> bool {
    let beside = |suffix: &str| {
        let mut file = path.as_os_str().to_owned();
        file.push(suffix);
        std::fs::metadata(file).ok()
    };
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    !may_write(folder.unwrap_or(Path::new(".")))
        && beside("-shm").is_none()
        && beside("-wal").is_none_or(|log| log.len() == 0)
}

/// `error`, or [`StoreError::Damaged`] when it says the file at `path` is
/// not a database or is malformed: that is said with the file's name and
/// what to do, not as an error of whatever statement met it first.
fn damaged_at(path: &Path, error: StoreError) -> StoreError {
    match (error.permanent(), &error) {
        (
            Some(holotable_model::Permanent::Damaged),
            StoreError::Sqlx(sqlx::Error::Database(db)),
        ) => StoreError::Damaged {
            path: path.to_path_buf(),
            detail: db.message().to_string(),
        },
        _ => error,
    }
}

/// `error`, or [`StoreError::Denied`] when the database refused the role
/// ([`is_denied`]): said as what it is, not as a failure of the
/// migrations that met it.
fn denied(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(db) if is_denied(&error) => StoreError::Denied {
            detail: db.message().to_string(),
        },
        _ => error.into(),
    }
}

/// Whether the database refused the role ([`Code::denied`]).
fn is_denied(error: &sqlx::Error) -> bool {
    Code::of(error).is_some_and(|code| code.denied())
}

/// Whether `error` says the table a statement named does not exist.
fn is_missing_table(error: &sqlx::Error) -> bool {
    let sqlx::Error::Database(db) = error else {
        return false;
    };
    match db.try_downcast_ref::<sqlx::sqlite::SqliteError>() {
        // SQLite reports it as a plain SQLITE_ERROR (1), named only in
        // its message.
        Some(_) => db.message().starts_with("no such table"),
        None => Code::of(error).is_some_and(|code| code.undefined_table()),
    }
}

/// One row of the migrator's bookkeeping, as [`Store::schema_is_current`]
/// reads it.
#[derive(sqlx::FromRow)]
struct Applied {
    version: i64,
    description: String,
    checksum: Vec<u8>,
    success: bool,
}

/// Refuses an applied migration this build cannot vouch for: one it does
/// not have (a newer holotable made it, and this one would run on a
/// schema it does not know), one whose SQL differs from its own (the
/// schema is not the one it expects), or one that stopped part way. The
/// migrator refuses the same, but only once it has taken its lock and
/// created its table, and it runs only on a schema that is behind: a
/// current schema with a newer migration on top opened without a word.
fn vouch_for(row: &Applied, migrator: &Migrator) -> Result<(), StoreError> {
    let known = migrator
        .iter()
        .find(|m| m.version == row.version && !m.migration_type.is_down_migration());
    let (version, description) = (row.version, row.description.clone());
    match known {
        None => Err(StoreError::UnknownMigration {
            version,
            description,
        }),
        Some(_) if !row.success => Err(StoreError::FailedMigration {
            version,
            description,
        }),
        Some(migration) if *migration.checksum != *row.checksum => {
            Err(StoreError::ChangedMigration {
                version,
                description,
            })
        }
        Some(_) => Ok(()),
    }
}

/// The pool's own acquire timeout. Every acquire is made within a bound
/// of `timeout` already ([`bounded`]: the statement it is for, or opening
/// the pool); set past it, the pool's never fires first, so a connection
/// that cannot be had (a silent server fails the pool's check of an idle
/// one) ends as the same `NoAnswer`, not as sqlx's bare "pool timed out".
fn past(timeout: Duration) -> Duration {
    timeout.saturating_mul(2)
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

/// Waits until this process alone holds `path`'s lock, for `timeout` at
/// most; released when the file is dropped, or by the OS if we die.
/// `None` when the folder does not exist: then the database cannot be
/// opened either, and SQLite's own error says so more plainly than ours
/// would.
async fn lock_exclusively(
    path: PathBuf,
    timeout: Duration,
) -> Result<Option<std::fs::File>, StoreError> {
    let opened = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path);
    let file = match opened {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(StoreError::Lock { path, source: e }),
    };
    // Tried rather than waited on, so that a process stopped while holding
    // it (a debugger, SIGSTOP) costs the others `timeout`, not for ever.
    let give_up = tokio::time::Instant::now() + timeout;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(Some(file)),
            Err(std::fs::TryLockError::WouldBlock) if tokio::time::Instant::now() < give_up => {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(StoreError::LockHeld {
                    path,
                    within: timeout,
                });
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(StoreError::Lock { path, source: e });
            }
        }
    }
}
