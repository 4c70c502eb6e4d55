//! Runs a store or service test once per database backend, each run on a
//! fresh database of its own.
//!
//! [`on_each_backend!`] turns one test body into a module with two tests,
//! `<name>::sqlite` and `<name>::postgres`, so a failure names its backend.
//! SQLite gets a file in a temporary folder. PostgreSQL gets a new schema
//! in the database named by `HOLOTABLE_TEST_POSTGRES` (a URL whose role may
//! create schemas), reached through `search_path` in the URL, and dropped
//! afterwards. Without that variable, or with PostgreSQL unreachable, the
//! PostgreSQL half passes after saying once that it was skipped; under
//! `CI=true` it fails instead, so CI never mistakes a skip for a pass.

use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

pub const POSTGRES_VARIABLE: &str = "HOLOTABLE_TEST_POSTGRES";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh, empty database; removed when dropped.
pub struct TestDatabase {
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Folder(#[allow(dead_code)] tempfile::TempDir),
    Schema { admin_url: String, schema: String },
}

impl TestDatabase {
    /// # Panics
    /// For PostgreSQL, when [`postgres_or_skip`] did not say it is there.
    pub fn fresh(backend: Backend) -> TestDatabase {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let url = format!("sqlite://{}", dir.path().join("test.db").display());
                TestDatabase {
                    url,
                    cleanup: Cleanup::Folder(dir),
                }
            }
            Backend::Postgres => {
                let admin_url = postgres_url()
                    .clone()
                    .expect("postgres_or_skip() was checked first");
                let schema = fresh_schema_name();
                block_on_own_thread({
                    let (admin_url, schema) = (admin_url.clone(), schema.clone());
                    move || async move {
                        run_admin(&admin_url, &format!("CREATE SCHEMA {schema}")).await
                    }
                })
                .unwrap_or_else(|e| panic!("creating schema {schema}: {e}"));
                let separator = if admin_url.contains('?') { '&' } else { '?' };
                let url = format!("{admin_url}{separator}options=-csearch_path%3D{schema}");
                TestDatabase {
                    url,
                    cleanup: Cleanup::Schema { admin_url, schema },
                }
            }
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Cleanup::Schema { admin_url, schema } = &self.cleanup {
            let (admin_url, schema) = (admin_url.clone(), schema.clone());
            // Best effort: a schema left behind is only clutter. A test's
            // pool may still hold a transaction whose rollback sqlx sends
            // only when the connection is next used (a guarded write that
            // lost its race, dropped as the test ended); its table lock
            // would hold the DROP forever, so the DROP gives up instead.
            let _ = block_on_own_thread(move || async move {
                run_admin(
                    &admin_url,
                    &format!("SET lock_timeout = '5s'; DROP SCHEMA IF EXISTS {schema} CASCADE"),
                )
                .await
            });
        }
    }
}

fn fresh_schema_name() -> String {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!(
        "holotable_test_{}_{}_{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

async fn run_admin(url: &str, sql: &str) -> Result<(), sqlx::Error> {
    use sqlx::Connection;
    let mut connection = sqlx::PgConnection::connect(url).await?;
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
        .execute(&mut connection)
        .await?;
    connection.close().await
}

/// Runs a future to completion on a thread and runtime of its own, so it
/// can be called from `Drop` and from inside a test's runtime alike.
fn block_on_own_thread<F, Fut, T>(make: F) -> T
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = T>,
    T: Send + 'static,
{
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(make())
    })
    .join()
    .expect("the admin thread does not panic")
}

/// The PostgreSQL URL for tests, once checked to answer; `None` when unset
/// or unreachable.
fn postgres_url() -> &'static Option<String> {
    static URL: OnceLock<Option<String>> = OnceLock::new();
    URL.get_or_init(|| {
        let url = std::env::var(POSTGRES_VARIABLE).ok()?;
        let reached = block_on_own_thread({
            let url = url.clone();
            move || async move { run_admin(&url, "SELECT 1").await }
        });
        match reached {
            Ok(()) => Some(url),
            Err(e) => {
                UNREACHABLE.get_or_init(|| e.to_string());
                None
            }
        }
    })
}

static UNREACHABLE: OnceLock<String> = OnceLock::new();

pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Whether a PostgreSQL test should run. When PostgreSQL is missing: under
/// `CI=true` a panic; otherwise `false`, after telling the person running
/// the tests once (on stderr itself, which libtest does not capture).
///
/// # Panics
/// Under `CI=true` without a reachable PostgreSQL.
pub fn postgres_or_skip() -> bool {
    if postgres_url().is_some() {
        return true;
    }
    let why = match UNREACHABLE.get() {
        Some(error) => format!("{POSTGRES_VARIABLE} is set but PostgreSQL did not answer: {error}"),
        None => format!("{POSTGRES_VARIABLE} is not set"),
    };
    if under_ci() {
        panic!("CI=true needs PostgreSQL for the store tests, but {why}");
    }
    static TOLD: OnceLock<()> = OnceLock::new();
    TOLD.get_or_init(|| {
        let _ = writeln!(
            std::io::stderr(),
            "\n*** SKIPPED: the PostgreSQL half of the store tests ({why}). \
             To run it: {POSTGRES_VARIABLE}=postgres://user:password@localhost/database cargo test \
             (the role must be able to create schemas; see README). ***\n"
        );
    });
    false
}

/// Stamps out `mod $name { sqlite, postgres }` from one test body that
/// takes the backend as `$backend` (an `async fn` for `#[tokio::test]`, or
/// a plain `fn` for `#[test]`).
macro_rules! on_each_backend {
    ($(#[$attr:meta])* fn $name:ident($backend:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn run($backend: $crate::support::backends::Backend) $body

            $(#[$attr])*
            fn sqlite() {
                run($crate::support::backends::Backend::Sqlite)
            }

            $(#[$attr])*
            fn postgres() {
                if $crate::support::backends::postgres_or_skip() {
                    run($crate::support::backends::Backend::Postgres)
                }
            }
        }
    };
    ($(#[$attr:meta])* async fn $name:ident($backend:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($backend: $crate::support::backends::Backend) $body

            $(#[$attr])*
            async fn sqlite() {
                run($crate::support::backends::Backend::Sqlite).await
            }

            $(#[$attr])*
            async fn postgres() {
                if $crate::support::backends::postgres_or_skip() {
                    run($crate::support::backends::Backend::Postgres).await
                }
            }
        }
    };
}
pub(crate) use on_each_backend;

/// Grants the role of `reader` (a PostgreSQL URL, `HOLOTABLE_TEST_POSTGRES_READER`)
/// reading, and nothing else, on the schema of the test database `db`;
/// returns the URL that reads that schema as that role.
pub async fn grant_reading(db: &TestDatabase, reader: &str) -> String {
    let (_, schema) = db
        .url
        .split_once("search_path%3D")
        .expect("the test URL names its schema");
    let role = reader
        .split_once("://")
        .expect("a URL")
        .1
        .split([':', '@'])
        .next()
        .expect("a role");
    let store = holotable_store::Store::open(&db.url).await.unwrap();
    let holotable_store::Pool::Postgres(pool) = store.pool() else {
        panic!("reading is granted on PostgreSQL only")
    };
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "GRANT USAGE ON SCHEMA {schema} TO {role};
         GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO {role};"
    )))
    .execute(pool)
    .await
    .unwrap();
    store.close().await;
    let separator = if reader.contains('?') { '&' } else { '?' };
    format!("{reader}{separator}options=-csearch_path%3D{schema}")
}

/// The read-only role's URL (`HOLOTABLE_TEST_POSTGRES_READER`), or `None`
/// off CI where it is not set; CI sets it, so there a missing one fails.
pub fn reader_or_skip() -> Option<String> {
    match std::env::var("HOLOTABLE_TEST_POSTGRES_READER") {
        Ok(reader) => Some(reader),
        Err(_) => {
            assert!(
                std::env::var("CI").is_err(),
                "CI sets HOLOTABLE_TEST_POSTGRES_READER"
            );
            None
        }
    }
}
