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
//! cannot, and a current schema needs neither.

use super::votes::VoteQueue;
use super::{Pool, Store, StoreError};
use sqlx::Connection;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

/// Connections a process may open to PostgreSQL. Each committed vote
/// waits for the server's WAL flush, and one flush carries every commit
/// waiting at that moment, so the votes a process can commit per second
/// are about its connections times the flushes per second. With 8 the
/// vote bench was bound by the flushes, not the CPU (`docs/operations.md`
/// has the measurements). The pool opens connections only as they are
/// needed; PostgreSQL's `max_connections` must cover this many per process.
const POSTGRES_CONNECTIONS: u32 = 32;

/// What a command needs of the database it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The bot, a new `play` or `match`: a SQLite file is created if
    /// missing.
    Create,
    /// A command that reads what is there: the database must exist.
    Existing,
    /// `bench`: created if missing, and refused unless it holds no data,
    /// which is checked before anything is written to it.
    Empty,
}

impl Store {
    /// Opens the database at `url` for [`Access::Create`]: a SQLite file
    /// (`sqlite://holotable.db`, created if missing) or a PostgreSQL
    /// database (`postgres://user:password@host/database`, which must
    /// exist; `postgresql://` works too), its schema brought up to date.
    ///
    /// # Errors
    /// When the database cannot be opened or a migration fails.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_for(url, Access::Create).await
    }

    /// Opens the database at `url` as `access` says.
    ///
    /// # Errors
    /// As [`Store::open`]; [`StoreError::Missing`] for [`Access::Existing`]
    /// on a SQLite file that is not there; [`StoreError::NotEmpty`] for
    /// [`Access::Empty`] on a database that holds data.
    pub async fn open_for(url: &str, access: Access) -> Result<Store, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Store::open_postgres(url, access).await
        } else {
            Store::open_sqlite(url, access).await
        }
    }

    async fn open_sqlite(url: &str, access: Access) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(access != Access::Existing)
            .journal_mode(SqliteJournalMode::Wal)
            // NORMAL is durable across process crashes in WAL mode; only a
            // power cut can lose the last transactions.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let lock_path = migration_lock_path(options.get_filename());
        // Checked before the lock file beside it is made: reading a game
        // leaves nothing behind on a mistyped path.
        if access == Access::Existing && lock_path.is_some() && !options.get_filename().exists() {
            return Err(StoreError::Missing {
                path: options.get_filename().to_path_buf(),
            });
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
            Some(path) => lock_exclusively(path).await?,
            None => None,
        };
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        let store = Store {
            pool: Pool::Sqlite(pool),
            votes: VoteQueue::new(),
        };
        store.prepare(access, &SQLITE_MIGRATIONS).await?;
        Ok(store)
    }

    async fn open_postgres(url: &str, access: Access) -> Result<Store, StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        // One connection made directly first: the pool retries a refused
        // or unreachable server until its acquire timeout (30 s) and then
        // says only that it timed out, where a direct try fails at once
        // with the cause ("Connection refused", a bad password).
        sqlx::PgConnection::connect_with(&options)
            .await?
            .close()
            .await?;
        let pool = PgPoolOptions::new()
            .max_connections(POSTGRES_CONNECTIONS)
            .connect_with(options)
            .await?;
        let store = Store {
            pool: Pool::Postgres(pool),
            votes: VoteQueue::new(),
        };
        // sqlx's PostgreSQL migrator holds `pg_advisory_lock` (keyed by the
        // database name) from before it reads `_sqlx_migrations` until it
        // has applied the last one (sqlx-postgres 0.9, migrate.rs `lock`),
        // so processes opening one database at once apply each migration
        // once, and the later ones find them applied.
        store.prepare(access, &POSTGRES_MIGRATIONS).await?;
        Ok(store)
    }

    /// Refuses a database with data when `access` wants an empty one, then
    /// migrates a schema that is behind.
    async fn prepare(&self, access: Access, migrator: &Migrator) -> Result<(), StoreError> {
        if access == Access::Empty && self.holds_data().await? {
            return Err(StoreError::NotEmpty);
        }
        if !self.schema_is_current(migrator).await {
            match &self.pool {
                Pool::Sqlite(pool) => migrator.run(pool).await?,
                Pool::Postgres(pool) => migrator.run(pool).await?,
            }
        }
        Ok(())
    }

    /// Whether every migration this build knows of is applied. Any failure
    /// to tell (a fresh database has no `_sqlx_migrations`) reads as
    /// "behind", and the migrator, which runs next, reports real errors.
    async fn schema_is_current(&self, migrator: &Migrator) -> bool {
        const APPLIED: &str = "SELECT version FROM _sqlx_migrations WHERE success";
        let applied: Result<Vec<i64>, sqlx::Error> = match &self.pool {
            Pool::Sqlite(pool) => sqlx::query_scalar(APPLIED).fetch_all(pool).await,
            Pool::Postgres(pool) => sqlx::query_scalar(APPLIED).fetch_all(pool).await,
        };
        let Ok(applied) = applied else {
            return false;
        };
        migrator
            .iter()
            .filter(|m| !m.migration_type.is_down_migration())
            .all(|m| applied.contains(&m.version))
    }

    /// Whether any table of the schema, other than the migrator's own
    /// bookkeeping, has a row: every table, so data no query of today
    /// writes still counts.
    async fn holds_data(&self) -> Result<bool, StoreError> {
        let tables: Vec<String> = match &self.pool {
            Pool::Sqlite(pool) => sqlx::query_scalar(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            )
            .fetch_all(pool)
            .await?,
            Pool::Postgres(pool) => {
                sqlx::query_scalar(
                    "SELECT table_name::text FROM information_schema.tables
                     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
                )
                .fetch_all(pool)
                .await?
            }
        };
        for table in tables.iter().filter(|t| *t != "_sqlx_migrations") {
            // The name comes from the catalogue, not from a person; quoted
            // all the same.
            let query = format!(
                "SELECT EXISTS (SELECT 1 FROM \"{}\")",
                table.replace('"', "\"\"")
            );
            let has_rows: bool = match &self.pool {
                Pool::Sqlite(pool) => {
                    sqlx::query_scalar(sqlx::AssertSqlSafe(query))
                        .fetch_one(pool)
                        .await?
                }
                Pool::Postgres(pool) => {
                    sqlx::query_scalar(sqlx::AssertSqlSafe(query))
                        .fetch_one(pool)
                        .await?
                }
            };
            if has_rows {
                return Ok(true);
            }
        }
        Ok(false)
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
