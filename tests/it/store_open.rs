//! Opening and using the database when it does not behave: a server that
//! accepts and then says nothing, a statement it holds unanswered, and a
//! database whose migrations this build cannot vouch for (a newer
//! holotable's, one changed or failed since it was applied). On the store,
//! on both backends, and through the binary, where each ends the command
//! with one line and exit code 2.

use crate::support::backends::{self, Backend, TestDatabase, on_each_backend};
use crate::support::pg_proxy::PgProxy;
use crate::support::store_games::new_game;
use crate::support::terminal::{self, stderr};
use holotable_store::{Access, Pool, Store, StoreError, Transition};
use sqlx::Connection;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The timeout the tests give the store and the binary.
const SHORT: Duration = Duration::from_secs(1);

/// Far longer than anything here takes when it gives up by itself: only
/// a hang reaches it, and then the test fails instead of hanging too.
const HANG: Duration = Duration::from_secs(60);

/// What a store with the [`SHORT`] timeout says when it gives up.
const NO_ANSWER: &str = "the database did not answer within 1 s";

fn assert_gave_up(error: &StoreError) {
    assert!(
        matches!(error, StoreError::NoAnswer { within } if *within == SHORT),
        "{error:?}"
    );
    assert_eq!(error.to_string(), NO_ANSWER);
    assert!(
        error.is_unreachable(),
        "retried like a database that went away"
    );
}

/// A server that accepts every connection and never says a word.
fn silent_server() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming() {
            held.push(stream);
        }
    });
    port
}

/// Runs the binary with the [`SHORT`] timeout, killing it (and failing)
/// if it is still running after [`HANG`].
fn run_watched(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut child = terminal::holotable()
        .args(args)
        .envs(env.iter().copied())
        .env("HOLOTABLE_DB_TIMEOUT", SHORT.as_secs().to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > HANG {
            let _ = child.kill();
            panic!("{args:?} still ran after {HANG:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

/// An environment variable a command runs with.
type Env<'a> = (&'a str, &'a str);

/// Each command that opens the database ran until killed, printing
/// nothing, on a PostgreSQL address that accepted and stayed silent.
#[test]
fn every_command_on_a_silent_database_gives_up_in_one_line() {
    let db = format!(
        "postgres://holotable:secret@127.0.0.1:{}/holotable",
        silent_server()
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().display().to_string();
    let bot_env = [
        ("DISCORD_TOKEN", "not-a-real-token"),
        ("DISCORD_API_URL", "http://127.0.0.1:1"),
    ];
    let commands: [(&[&str], &[Env]); 9] = [
        (&["play", "space-checkers", "--out", &out], &[]),
        (&["match", "space-checkers", "--out", &out], &[]),
        (&["export", "1", "--out", &out], &[]),
        (&["review", "1"], &[]),
        (&["bench", "votes"], &[]),
        (&["bench", "closes"], &[]),
        (&["bench", "restart", "--games", "1"], &[]),
        (&["bot"], &bot_env),
        (&["play", "--resume", "1", "--out", &out], &[]),
    ];
    for (args, env) in commands {
        let output = run_watched(&[args, &["--db", &db]].concat(), env);
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
        assert!(said.contains(NO_ANSWER), "{args:?}: {said}");
        assert_eq!(said.lines().count(), 1, "{args:?}: {said}");
    }
}

#[test]
fn a_malformed_database_timeout_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    for value in ["soon", "0", "3601", "1.5"] {
        for args in [
            &["export", "1", "--out", "out", "--db", &db][..],
            &["bench", "votes", "--db", &db][..],
            &["bot", "--db", &db][..],
        ] {
            let output = terminal::holotable()
                .args(args)
                .env("HOLOTABLE_DB_TIMEOUT", value)
                .env("DISCORD_TOKEN", "not-a-real-token")
                .output()
                .unwrap();
            let said = stderr(&output);
            assert_eq!(output.status.code(), Some(2), "{value} {args:?}: {said}");
            assert!(
                said.contains(
                    "expected a whole number from 1 to 3,600 (--db-timeout or HOLOTABLE_DB_TIMEOUT)"
                ),
                "{value} {args:?}: {said}"
            );
            assert_eq!(said.lines().count(), 1, "{value} {args:?}: {said}");
        }
    }
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "nothing was opened: {left:?}");
}

/// A read and a write on a PostgreSQL whose network went silent mid-run
/// waited for ever for the answer (the pool's check of its idle connection
/// included, which gave up only after sqlx's own 30 s with "pool timed
/// out"). Run under CI=true, never skipped there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_statement_on_a_database_gone_silent_gives_up() {
    if !backends::postgres_or_skip() {
        return;
    }
    let db = TestDatabase::fresh(Backend::Postgres);
    // Migrated first with time to spare: the timeout under test is the
    // statements', and a loaded machine may take longer than it to
    // migrate.
    Store::open(&db.url).await.unwrap().close().await;
    let proxy = PgProxy::start(&db.url);
    let store = Store::open_for(&proxy.url, Access::Create, SHORT)
        .await
        .unwrap();
    assert_eq!(store.server_language("s").await.unwrap(), None);

    proxy.go_silent();
    let read = tokio::time::timeout(HANG, store.server_language("s"))
        .await
        .expect("the read gives up by itself");
    assert_gave_up(&read.unwrap_err());
    let write = tokio::time::timeout(
        HANG,
        store.insert_game(&new_game("c"), &Transition::default()),
    )
    .await
    .expect("the write gives up by itself");
    assert_gave_up(&write.unwrap_err());
}

/// A connection of its own to the test's database, holding a lock a
/// store's write has to wait for: on PostgreSQL the table `game_sides`,
/// which a new game writes after its `games` row; on SQLite the write lock.
enum Blocker {
    Sqlite(sqlx::SqliteConnection),
    Postgres(sqlx::PgConnection),
}

impl Blocker {
    async fn hold(backend: Backend, url: &str) -> Blocker {
        match backend {
            Backend::Sqlite => {
                let mut connection = sqlx::SqliteConnection::connect(url).await.unwrap();
                sqlx::raw_sql("BEGIN IMMEDIATE")
                    .execute(&mut connection)
                    .await
                    .unwrap();
                Blocker::Sqlite(connection)
            }
            Backend::Postgres => {
                let mut connection = sqlx::PgConnection::connect(url).await.unwrap();
                sqlx::raw_sql("BEGIN; LOCK TABLE game_sides IN ACCESS EXCLUSIVE MODE")
                    .execute(&mut connection)
                    .await
                    .unwrap();
                Blocker::Postgres(connection)
            }
        }
    }

    async fn release(self) {
        match self {
            Blocker::Sqlite(mut connection) => {
                sqlx::raw_sql("ROLLBACK")
                    .execute(&mut connection)
                    .await
                    .unwrap();
            }
            Blocker::Postgres(mut connection) => {
                sqlx::raw_sql("ROLLBACK")
                    .execute(&mut connection)
                    .await
                    .unwrap();
            }
        }
    }
}

on_each_backend! {
/// A statement the database holds unanswered (here behind another
/// connection's lock) waited for as long as the lock stood; on
/// PostgreSQL the new game's `games` row is written by then, and is rolled
/// back with the rest of its transaction.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_write_held_unanswered_gives_up_and_leaves_nothing_half_written(backend) {
    let db = TestDatabase::fresh(backend);
    // Migrated first with time to spare, as above.
    Store::open(&db.url).await.unwrap().close().await;
    let store = Store::open_for(&db.url, Access::Create, SHORT).await.unwrap();
    let blocker = Blocker::hold(backend, &db.url).await;
    let written = tokio::time::timeout(
        HANG,
        store.insert_game(&new_game("c"), &Transition::default()),
    )
    .await
    .expect("the write gives up by itself");
    assert_gave_up(&written.unwrap_err());

    blocker.release().await;
    // Waits for every connection to come back: the one that gave up
    // finishes its statement and its rollback first.
    store.close().await;
    let raw = raw_pool(backend, &db.url).await;
    assert_eq!(count_games(&raw).await, 0, "nothing of the game was kept");
}
}

/// A database whose migrations held SQLite's write lock past the timeout
/// (another connection's transaction) waited out SQLite's own busy timeout
/// and then said only "database is locked".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migrations_that_outlast_the_timeout_are_stopped_and_the_next_start_applies_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("slow.db");
    let url = format!("sqlite://{}", path.display());
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true)
        .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
    let mut blocker = sqlx::SqliteConnection::connect_with(&options)
        .await
        .unwrap();
    sqlx::raw_sql("BEGIN IMMEDIATE")
        .execute(&mut blocker)
        .await
        .unwrap();

    let opened = tokio::time::timeout(HANG, Store::open_for(&url, Access::Create, SHORT))
        .await
        .expect("the start gives up by itself");
    let error = opened.unwrap_err();
    assert!(
        matches!(error, StoreError::MigrationsTooSlow { within } if within == SHORT),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("applying the database's migrations took longer than 1 s"),
        "{error}"
    );

    sqlx::raw_sql("ROLLBACK")
        .execute(&mut blocker)
        .await
        .unwrap();
    let store = Store::open(&url).await.expect("the next start migrates");
    assert_eq!(store.server_language("s").await.unwrap(), None);
}

/// A pool on the test's database that is not a store, so it can look at a
/// database the store refuses to open.
async fn raw_pool(backend: Backend, url: &str) -> Pool {
    match backend {
        Backend::Sqlite => Pool::Sqlite(sqlx::SqlitePool::connect(url).await.unwrap()),
        Backend::Postgres => Pool::Postgres(sqlx::PgPool::connect(url).await.unwrap()),
    }
}

async fn count_games(pool: &Pool) -> i64 {
    const COUNT: &str = "SELECT COUNT(*) FROM games";
    match pool {
        Pool::Sqlite(pool) => sqlx::query_scalar(COUNT).fetch_one(pool).await,
        Pool::Postgres(pool) => sqlx::query_scalar(COUNT).fetch_one(pool).await,
    }
    .unwrap()
}

async fn execute(pool: &Pool, sql: &'static str) {
    match pool {
        Pool::Sqlite(pool) => sqlx::raw_sql(sql).execute(pool).await.map(drop),
        Pool::Postgres(pool) => sqlx::raw_sql(sql).execute(pool).await.map(drop),
    }
    .unwrap();
}

/// The migrator's bookkeeping, the schema's tables and the games: what
/// opening a database it refuses must leave as it was.
type Snapshot = (Vec<(i64, String, Vec<u8>, bool)>, Vec<String>, i64);

async fn snapshot(pool: &Pool) -> Snapshot {
    const APPLIED: &str =
        "SELECT version, description, checksum, success FROM _sqlx_migrations ORDER BY version";
    let (applied, tables) = match pool {
        Pool::Sqlite(pool) => (
            sqlx::query_as(APPLIED).fetch_all(pool).await,
            sqlx::query_scalar("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                .fetch_all(pool)
                .await,
        ),
        Pool::Postgres(pool) => (
            sqlx::query_as(APPLIED).fetch_all(pool).await,
            sqlx::query_scalar(
                "SELECT table_name::text FROM information_schema.tables
                 WHERE table_schema = current_schema() ORDER BY 1",
            )
            .fetch_all(pool)
            .await,
        ),
    };
    (applied.unwrap(), tables.unwrap(), count_games(pool).await)
}

/// A fresh database, migrated, then changed by `tamper`; the raw pool on it
/// and what it holds.
async fn tampered(backend: Backend, tamper: &'static str) -> (TestDatabase, Pool, Snapshot) {
    let db = TestDatabase::fresh(backend);
    Store::open(&db.url).await.unwrap().close().await;
    let raw = raw_pool(backend, &db.url).await;
    execute(&raw, tamper).await;
    let before = snapshot(&raw).await;
    (db, raw, before)
}

/// A migration row as a newer holotable would leave it: a version this
/// build does not have, with a checksum of the right type.
const NEWER: &str =
    "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
     SELECT 99990101, 'from a newer holotable', success, checksum, 0 FROM _sqlx_migrations
     WHERE version = 1";

on_each_backend! {
/// A database a newer holotable had migrated opened without a word, and
/// this build went on to write to a schema it does not know.
#[tokio::test]
async fn a_database_with_a_migration_from_a_newer_holotable_is_refused_untouched(backend) {
    let (db, raw, before) = tampered(backend, NEWER).await;
    for access in [Access::Create, Access::Existing, Access::Empty] {
        let error = Store::open_for(&db.url, access, SHORT).await.unwrap_err();
        assert!(
            matches!(&error, StoreError::UnknownMigration { version: 99990101, description }
                if description == "from a newer holotable"),
            "{access:?}: {error:?}"
        );
        assert_eq!(
            error.to_string(),
            "the database has migration 99990101 (from a newer holotable), which this \
             holotable does not know: it was made by a newer holotable; run that version, \
             or restore a backup"
        );
        assert_eq!(snapshot(&raw).await, before, "{access:?} touched nothing");
    }
}
}

on_each_backend! {
/// A migration whose SQL differs from what was applied (another build's
/// edit of it) opened without a word.
#[tokio::test]
async fn a_migration_changed_after_it_was_applied_is_refused_untouched(backend) {
    let (db, raw, before) = tampered(
        backend,
        "UPDATE _sqlx_migrations
         SET checksum = (SELECT checksum FROM _sqlx_migrations WHERE version = 2)
         WHERE version = 1",
    )
    .await;
    let error = Store::open(&db.url).await.unwrap_err();
    assert!(
        matches!(&error, StoreError::ChangedMigration { version: 1, description }
            if description == "community games"),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("migration 1 (community games) was changed after it was applied"),
        "{error}"
    );
    assert_eq!(snapshot(&raw).await, before);
}
}

on_each_backend! {
/// A migration recorded as failed part way went to the migrator, which
/// took its lock and answered in its own words ("partially applied; fix
/// and remove row").
#[tokio::test]
async fn a_migration_that_failed_part_way_is_refused_untouched(backend) {
    let (db, raw, before) = tampered(
        backend,
        "UPDATE _sqlx_migrations SET success = FALSE WHERE version = 1",
    )
    .await;
    let error = Store::open(&db.url).await.unwrap_err();
    assert!(
        matches!(&error, StoreError::FailedMigration { version: 1, description }
            if description == "community games"),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("migration 1 (community games) failed part way when it was applied"),
        "{error}"
    );
    assert_eq!(snapshot(&raw).await, before);
}
}

/// The commands ended with exit code 0 on a database a newer holotable
/// had migrated, and `play` started a game in it.
#[test]
fn every_command_refuses_a_database_from_a_newer_holotable_in_one_line() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let (db, raw, before) = runtime.block_on(tampered(Backend::Sqlite, NEWER));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().display().to_string();
    for args in [
        &["play", "space-checkers", "--voters", "0", "--out", &out][..],
        &["export", "1", "--out", &out][..],
        &["review", "1"][..],
        &["bench", "votes"][..],
    ] {
        let output = run_watched(&[args, &["--db", &db.url]].concat(), &[]);
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
        assert!(
            said.contains(
                "the database has migration 99990101 (from a newer holotable), which this holotable does not know"
            ),
            "{args:?}: {said}"
        );
        assert_eq!(said.lines().count(), 1, "{args:?}: {said}");
    }
    assert_eq!(
        runtime.block_on(snapshot(&raw)),
        before,
        "nothing was written"
    );
}

/// A PostgreSQL connection reset for a moment ended a `play` with exit
/// code 2 ("the database went away"), where waiting would have carried
/// on: here every connection is closed, and new ones refused, just as a
/// vote is typed, until the vote has met the cut.
#[test]
fn a_game_at_the_terminal_rides_out_a_database_cut_off_for_a_moment() {
    use crate::support::terminal::{spawn_on, text};
    use std::io::{BufRead, BufReader, Write};
    if !backends::postgres_or_skip() {
        return;
    }
    let db = TestDatabase::fresh(Backend::Postgres);
    let proxy = PgProxy::start(&db.url);
    let dir = tempfile::tempdir().unwrap();
    let mut play = spawn_on(&proxy.url, "play", dir.path(), &["space-checkers"]);
    let mut typing = play.stdin.take().unwrap();
    let mut said = BufReader::new(play.stdout.take().unwrap());
    let mut prompt = || {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert_ne!(said.read_line(&mut line).unwrap(), 0, "{lines:?}");
            let done = line.starts_with("Your vote");
            lines.push(line);
            if done {
                return lines.concat();
            }
        }
    };
    prompt();
    // Cut until the vote typed meanwhile has been refused a connection at
    // least once, however long the command takes to send it.
    proxy.cut();
    typing.write_all(b"1\n").unwrap();
    let refused_by = Instant::now();
    while proxy.refused() == 0 {
        assert!(
            refused_by.elapsed() < HANG,
            "the vote tried to reach the database"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    proxy.mend();
    // The vote typed while the database was away was not taken: the
    // same ballot is asked again once it is back.
    let asked_again = prompt();
    assert!(!asked_again.contains("You voted"), "{asked_again}");
    typing.write_all(b"1\n").unwrap();
    let after_the_vote = prompt();
    assert!(after_the_vote.contains("You voted"), "{after_the_vote}");
    assert!(
        after_the_vote.contains("Ballot for move 3"),
        "{after_the_vote}"
    );
    typing.write_all(b"quit\n").unwrap();
    let output = play.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", text(&output));
    proxy.stop();
}

/// A SQLite file with a page overwritten in its middle (by a failing
/// disk, or a copy taken while it was written) reads without an error
/// until a query meets that page, so most commands would succeed on it
/// and a new game would be played into it (docs/operations.md): the check
/// comes before any command uses the file.
#[test]
fn every_command_refuses_a_damaged_database_file_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.db");
    let db = format!("sqlite://{}", path.display());
    let out = dir.path().join("out").display().to_string();
    // Made with the default timeout: a loaded machine may take longer than
    // the short one to migrate.
    let crowd = [
        "space-checkers",
        "--voters",
        "3",
        "--level",
        "random",
        "--seed",
        "5",
    ];
    let played = crate::support::terminal::run_on(&db, "play", dir.path(), &crowd, "");
    assert!(played.status.success(), "{}", stderr(&played));
    // The game is in the write-ahead log until a checkpoint moves it into
    // the file, as one does in time.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // The page overwritten is the root of the moves' table, which SQLite's
    // check reads (a free page, say, it would never read).
    let root: i64 = runtime.block_on(async {
        let raw = raw_pool(Backend::Sqlite, &db).await;
        execute(&raw, "PRAGMA wal_checkpoint(TRUNCATE)").await;
        let Pool::Sqlite(pool) = raw else {
            unreachable!()
        };
        let root = sqlx::query_scalar("SELECT rootpage FROM sqlite_master WHERE name = 'moves'")
            .fetch_one(&pool)
            .await
            .unwrap();
        pool.close().await;
        root
    });

    const PAGE: usize = 4096;
    let mut bytes = std::fs::read(&path).unwrap();
    let at = usize::try_from(root - 1).unwrap() * PAGE;
    bytes[at..at + PAGE].fill(0xA5);
    std::fs::write(&path, &bytes).unwrap();

    let bot_env = [
        ("DISCORD_TOKEN", "not-a-real-token"),
        ("DISCORD_API_URL", "http://127.0.0.1:1"),
    ];
    let commands: [(&[&str], &[Env]); 9] = [
        (
            &["play", "space-checkers", "--voters", "3", "--out", &out],
            &[],
        ),
        (
            &["play", "--resume", "1", "--voters", "3", "--out", &out],
            &[],
        ),
        (&["match", "space-checkers", "--out", &out], &[]),
        (&["match", "--resume", "1", "--out", &out], &[]),
        (&["export", "1", "--out", &out], &[]),
        (&["review", "1"], &[]),
        (&["bench", "votes"], &[]),
        (&["web", "--addr", "127.0.0.1:0"], &[]),
        (&["bot"], &bot_env),
    ];
    let damaged = format!("the database file {} is damaged (", path.display());
    // What SQLite's check found, as the commands without a line of their
    // own print it.
    let found = {
        let said = stderr(&run_watched(&["review", "1", "--db", &db], &[]));
        let from = said.find(&damaged).expect("the file is named") + damaged.len();
        let to = said
            .find("), so holotable did not use it")
            .expect("the check's words end");
        format!("{}: {}", path.display(), &said[from..to])
    };
    let advice = "restore it from a backup (docs/operations.md, \"Backups\"), then try again";
    for (args, env) in commands {
        let output = run_watched(&[args, &["--db", &db]].concat(), env);
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
        assert_eq!(said.lines().count(), 1, "{args:?}: {said}");
        // `play` and `match` say what to do in the terminal's language,
        // once: the store's own advice (move the file aside) would
        // contradict a `--resume`, and a game that never ran did not stop.
        let (command, resumed) = (args[0], args.get(1) == Some(&"--resume"));
        let told = match (command, resumed) {
            ("play", false) => "no game was started".to_string(),
            ("match", false) => "no match was started".to_string(),
            (command, true) => {
                let what = if command == "play" { "game" } else { "match" };
                format!("{what} 1 could not be resumed")
            }
            _ => {
                assert!(said.contains(&damaged), "{args:?}: {said}");
                assert!(
                    said.contains("restore it from a backup"),
                    "{args:?}: {said}"
                );
                continue;
            }
        };
        assert_eq!(
            said,
            format!("error: The database file is damaged, so {told}; {advice} — {found}\n"),
            "{args:?}"
        );
    }
    assert!(
        std::fs::read(&path).unwrap() == bytes,
        "nothing was written to the file"
    );
}

/// A small disk of its own, mounted for one test (tmpfs, as root) and
/// unmounted when dropped.
struct SmallDisk(std::path::PathBuf);

impl SmallDisk {
    /// `None`, after saying so, where this machine does not let the tests
    /// mount one; under `CI=true` that fails the test instead.
    fn mount(at: std::path::PathBuf, size: &str) -> Option<SmallDisk> {
        std::fs::create_dir_all(&at).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&at)
            .output();
        match mounted {
            Ok(output) if output.status.success() => Some(SmallDisk(at)),
            other => {
                assert!(
                    !backends::under_ci(),
                    "CI=true needs a small disk for this test, but mount said {other:?}"
                );
                eprintln!("*** SKIPPED: mounting a small disk failed: {other:?} ***");
                None
            }
        }
    }

    fn grow(&self, size: &str) {
        let grown = Command::new("mount")
            .args(["-o", &format!("remount,size={size}")])
            .arg(&self.0)
            .status()
            .unwrap();
        assert!(grown.success());
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// A full disk does not pass by itself: retrying only repeats warnings, and
/// `--resume` cannot help until room is made, so the game stops at once and
/// says so.
#[test]
fn a_full_disk_stops_a_game_at_once_and_it_resumes_once_there_is_room() {
    use crate::support::terminal::{run_on, text};
    let dir = tempfile::tempdir().unwrap();
    let Some(disk) = SmallDisk::mount(dir.path().join("disk"), "1200k") else {
        return;
    };
    let db = format!("sqlite://{}", disk.0.join("t.db").display());
    let crowd = ["space-checkers", "--voters", "3", "--level", "random"];
    // Each game's log takes more than the disk has left once the schema is
    // in; a short game may still fit, and the next one will not.
    let (game, said) = (1..=5)
        .find_map(|game| {
            let output = run_on(&db, "play", dir.path(), &crowd, "");
            (!output.status.success()).then(|| (game, String::from_utf8(output.stderr).unwrap()))
        })
        .expect("the disk filled up");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.starts_with(&format!(
            "error: The disk or the database is full, so game {game} stopped at its last saved \
             step; free up space, then continue with: holotable play --resume {game}"
        )),
        "{said}"
    );

    disk.grow("16m");
    // The command could not write that it let go of the game either; it
    // has ended, on this machine, so the next one takes the game over.
    let game = game.to_string();
    let args = [&["--resume", &game][..], &crowd[1..]].concat();
    let resumed = run_on(&db, "play", dir.path(), &args, "");
    assert!(resumed.status.success(), "{}", text(&resumed));
    assert!(
        text(&resumed).contains("Replay written to"),
        "{}",
        text(&resumed)
    );
}

/// A disk too small for the schema failed the migrations with the
/// driver's words alone ("while executing migrations: ... database or
/// disk is full"), not as the full disk it is.
#[test]
fn a_disk_too_full_for_the_migrations_is_told_as_a_full_disk() {
    use crate::support::terminal::run_on;
    let dir = tempfile::tempdir().unwrap();
    for (command, words) in [
        (
            "play",
            "error: The disk or the database is full, so no game was started; free up space, \
             then try again — opening",
        ),
        (
            "match",
            "error: The disk or the database is full, so no match was started; free up space, \
             then try again — opening",
        ),
    ] {
        // A disk of its own for each command, each with room for the file
        // and its log's first pages, not for every table.
        let Some(disk) = SmallDisk::mount(dir.path().join(command), "128k") else {
            return;
        };
        let db = format!("sqlite://{}", disk.0.join("t.db").display());
        let output = run_on(&db, command, dir.path(), &["space-checkers"], "");
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{command}: {said}");
        assert_eq!(said.lines().count(), 1, "{command}: {said}");
        assert!(said.starts_with(words), "{command}: {said}");
        // Met in the migrations, not at the connection or the file's check
        // before them.
        assert!(said.contains("migration"), "{command}: {said}");
    }
}

/// A role with no rights on an already-migrated database was told that
/// the error came "while executing migrations": the schema check found
/// nothing it could read and left the rest to the migrator.
#[tokio::test]
async fn a_role_the_database_refuses_is_told_so_and_not_about_migrations() {
    if !backends::postgres_or_skip() {
        return;
    }
    let Some(reader) = backends::reader_or_skip() else {
        return;
    };
    let db = TestDatabase::fresh(Backend::Postgres);
    Store::open(&db.url).await.unwrap().close().await;
    let (_, schema) = db.url.split_once("search_path%3D").unwrap();
    let separator = if reader.contains('?') { '&' } else { '?' };
    let stranger = format!("{reader}{separator}options=-csearch_path%3D{schema}");
    for access in [Access::Existing, Access::Create] {
        let error = Store::open_for(&stranger, access, Duration::from_secs(10))
            .await
            .unwrap_err();
        let said = error.to_string();
        assert!(matches!(error, StoreError::Denied { .. }), "{error:?}");
        assert!(
            said.starts_with("the database refused this role ("),
            "{said}"
        );
        assert!(!said.contains("migration"), "{said}");
    }
}
