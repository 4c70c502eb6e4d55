//! What `play` and `match` tell a person when the database fails them:
//! one line in their language, whichever step met the failure, with
//! nothing left behind by a command that did nothing; and what `play`
//! keeps, and checks again, while it waits for a database that went away.
//!
//! Faults are injected on PostgreSQL by triggers that raise the SQLSTATE a
//! full disk, a damaged file or a standby raises, in the test's own schema.

use crate::support::backends::{self, Backend, TestDatabase};
use crate::support::pg_proxy::PgProxy;
use crate::support::terminal::{run_on, spawn_on, text};
use holotable_store::{ClaimKind, Store};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Output};
use std::time::{Duration, Instant};

/// Far longer than anything here takes: only a hang reaches it.
const HANG: Duration = Duration::from_secs(60);

/// Runs `sql` on the database at `url`, as an operator, or a fault, would.
fn run_sql(url: &str, sql: &str) {
    let (url, sql) = (url.to_string(), sql.to_string());
    // A thread of its own: some callers hold no runtime, none may block one.
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            use sqlx::{Connection, Executor};
            let mut db = sqlx::PgConnection::connect(&url).await.unwrap();
            db.execute(sqlx::raw_sql(sqlx::AssertSqlSafe(sql)))
                .await
                .unwrap();
            db.close().await.unwrap();
        });
    })
    .join()
    .unwrap();
}

/// From now on, until [`mend_faults`], every row written to `table` fails
/// with SQLSTATE `code`.
fn inject(url: &str, table: &str, code: &str) {
    run_sql(
        url,
        &format!(
            "CREATE TABLE IF NOT EXISTS injected_faults (what TEXT);
             INSERT INTO injected_faults VALUES ('{code}');
             CREATE OR REPLACE FUNCTION injected_fault() RETURNS trigger
             LANGUAGE plpgsql AS $$
             BEGIN
                 IF EXISTS (SELECT 1 FROM injected_faults) THEN
                     RAISE EXCEPTION 'injected fault %', TG_ARGV[0]
                         USING ERRCODE = TG_ARGV[0];
                 END IF;
                 RETURN NEW;
             END $$;
             CREATE TRIGGER injected_{table} BEFORE INSERT OR UPDATE ON {table}
             FOR EACH ROW EXECUTE FUNCTION injected_fault('{code}');"
        ),
    );
}

fn mend_faults(url: &str) {
    run_sql(url, "DELETE FROM injected_faults");
}

/// A database with its schema in place, or `None` where PostgreSQL is not
/// here (said once by the backends' support).
fn postgres() -> Option<TestDatabase> {
    if !backends::postgres_or_skip() {
        return None;
    }
    let db = TestDatabase::fresh(Backend::Postgres);
    block_on(async { Store::open(&db.url).await.unwrap().close().await });
    Some(db)
}

fn block_on<T>(work: impl Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(work)
}

/// The one line on stderr of a command that failed with exit code 2.
fn failed(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{}", text(output));
    let said = String::from_utf8(output.stderr.clone()).unwrap();
    assert_eq!(said.lines().count(), 1, "{said}");
    said
}

/// A person at `play`'s prompt.
struct AtPrompt {
    child: Child,
    typing: Option<ChildStdin>,
    said: BufReader<ChildStdout>,
}

impl AtPrompt {
    fn start(url: &str, dir: &std::path::Path, args: &[&str]) -> AtPrompt {
        let mut child = spawn_on(url, "play", dir, args);
        let typing = child.stdin.take();
        let said = BufReader::new(child.stdout.take().unwrap());
        AtPrompt {
            child,
            typing,
            said,
        }
    }

    /// What was printed up to the next prompt, or `None` when the command
    /// ended before asking again.
    fn until_prompt(&mut self) -> Option<String> {
        let mut lines = String::new();
        loop {
            let mut line = String::new();
            if self.said.read_line(&mut line).unwrap() == 0 {
                return None;
            }
            lines.push_str(&line);
            if line.starts_with("Your vote") {
                return Some(lines);
            }
        }
    }

    fn type_text(&mut self, text: &str) {
        let typing = self.typing.as_mut().expect("standard input is open");
        typing.write_all(text.as_bytes()).unwrap();
    }

    /// Ends standard input, as a person's Ctrl-D.
    fn stop_typing(&mut self) {
        self.typing = None;
    }

    /// The rest of the output, and how the command ended.
    fn end(mut self) -> (String, Output) {
        self.stop_typing();
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.said, &mut rest).unwrap();
        (rest, self.child.wait_with_output().unwrap())
    }
}

/// Waits until `proxy` has refused a connection: the command met the cut.
fn until_refused(proxy: &PgProxy) {
    let since = Instant::now();
    while proxy.refused() == 0 {
        assert!(since.elapsed() < HANG, "the command tried the database");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Lines piped ahead of the prompt were lost when `play` waited out a
/// database that went away: it began again with a new reader of standard
/// input, whose predecessor had already read them.
#[test]
fn lines_typed_ahead_of_a_cut_are_kept_for_the_ballot_after_it() {
    let Some(db) = postgres() else {
        return;
    };
    let proxy = PgProxy::start(&db.url);
    let dir = tempfile::tempdir().unwrap();
    let mut play = AtPrompt::start(&proxy.url, dir.path(), &["space-checkers"]);
    let first = play.until_prompt().expect("the first ballot is asked");
    assert!(!first.contains("You voted"), "{first}");
    proxy.cut();
    // One write, so the reader takes all three lines at once: the first
    // vote meets the cut, the second is for after it.
    play.type_text("1\n1\nquit\n");
    until_refused(&proxy);
    proxy.mend();
    let (rest, output) = play.end();
    assert!(output.status.success(), "{rest}{}", text(&output));
    assert!(rest.contains("You voted"), "{rest}");
    assert!(rest.contains("Stopped; continue with"), "{rest}");
    proxy.stop();
}

/// A standby reached during a failover (SQLSTATE 25006) stopped `play`
/// at once as a read-only database, where it passes by itself. A standby
/// refuses every write, the hold's confirmation after the wait included.
#[test]
fn a_standby_met_during_a_failover_is_waited_out() {
    let Some(db) = postgres() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut play = AtPrompt::start(&db.url, dir.path(), &["space-checkers"]);
    play.until_prompt().expect("the first ballot is asked");
    inject(&db.url, "votes", "25006");
    inject(&db.url, "claims", "25006");
    play.type_text("1\n");
    // Long enough for the vote and a confirmation to meet the standby,
    // well within the 10 s the command waits.
    std::thread::sleep(Duration::from_secs(2));
    mend_faults(&db.url);
    let Some(again) = play.until_prompt() else {
        let (rest, output) = play.end();
        panic!(
            "not asked again after the failover: {rest}{}",
            text(&output)
        );
    };
    assert!(!again.contains("You voted"), "{again}");
    play.type_text("1\n");
    let voted = play.until_prompt().expect("the next ballot is asked");
    assert!(voted.contains("You voted"), "{voted}");
    play.type_text("quit\n");
    let (rest, output) = play.end();
    assert!(output.status.success(), "{rest}{}", text(&output));
}

/// After waiting out a database that went away, `play` went on with a
/// game that another process had taken over meanwhile (its hold had run
/// out while the database was away): both would play it.
#[test]
fn a_game_taken_over_while_the_database_was_away_is_left_to_its_new_holder() {
    let Some(db) = postgres() else {
        return;
    };
    let proxy = PgProxy::start(&db.url);
    let dir = tempfile::tempdir().unwrap();
    // Patience well beyond the steps below on a loaded machine: the
    // command must still be waiting when the database is back.
    let args = ["space-checkers", "--db-timeout", "60"];
    let mut play = AtPrompt::start(&proxy.url, dir.path(), &args);
    play.until_prompt().expect("the first ballot is asked");
    proxy.cut();
    play.type_text("1\n");
    until_refused(&proxy);
    // What another process's take-over of a run-out hold leaves.
    run_sql(
        &db.url,
        "UPDATE claims SET owner = 'terminal elsewhere', expires_at = expires_at + 600000
         WHERE kind = 'terminal' AND claim_key = '1'",
    );
    proxy.mend();
    // Without the check, the game would ask for a vote: none comes.
    play.stop_typing();
    let (rest, output) = play.end();
    assert_eq!(output.status.code(), Some(3), "{rest}{}", text(&output));
    let said = String::from_utf8(output.stderr).unwrap();
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.starts_with(
            "While the database was away, another holotable process took over game 1, so this \
             command stopped here; when that process ends, continue with: holotable play \
             --resume 1"
        ),
        "{said}"
    );
    assert!(!rest.contains("You voted"), "{rest}");
    proxy.stop();
}

/// Starting a game, taking its hold and reading its sides reached the
/// database before the steps that said what a full disk, a damaged file
/// or a missing right means: those printed the driver's words alone.
#[test]
fn the_database_stopping_a_game_before_it_is_played_is_told_what_to_do() {
    let Some(db) = postgres() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let quit = run_on(&db.url, "play", dir.path(), &["space-checkers"], "quit\n");
    assert!(quit.status.success(), "{}", text(&quit));

    inject(&db.url, "games", "53100");
    for (lang, words) in [
        (
            "en",
            "error: The disk or the database is full, so no game was started; free up space, \
             then try again — ",
        ),
        (
            "es",
            "error: No queda espacio en el disco o en la base de datos, así que no se empezó \
             ninguna partida; libera espacio y vuelve a intentarlo — ",
        ),
    ] {
        let args = ["space-checkers", "--lang", lang];
        let said = failed(&run_on(&db.url, "play", dir.path(), &args, ""));
        assert!(said.starts_with(words), "{said}");
    }
    run_sql(&db.url, "DROP TRIGGER injected_games ON games");

    // The hold is taken before anything else is written: the game was
    // not resumed at all, and PostgreSQL's damage is in no file.
    inject(&db.url, "claims", "XX001");
    let said = failed(&run_on(&db.url, "play", dir.path(), &["--resume", "1"], ""));
    // The driver's words follow, with where PostgreSQL raised the fault.
    assert!(
        said.starts_with(
            "error: The database's data is damaged, so game 1 could not be resumed; restore \
             it from a backup (docs/operations.md, \"Backups\"), then try again — database: \
             error returned from database: injected fault XX001"
        ),
        "{said}"
    );
    run_sql(&db.url, "DROP TRIGGER injected_claims ON claims");

    run_sql(&db.url, "REVOKE SELECT ON game_sides FROM CURRENT_USER");
    let args = ["--resume", "1", "--lang", "ja"];
    let said = failed(&run_on(&db.url, "play", dir.path(), &args, ""));
    assert!(
        said.starts_with(
            "error: holotableが接続に使うロールには、データベースに対する権限が不足しているため、\
             対局1は最後に保存された時点で中断しました。"
        ),
        "{said}"
    );
}

/// `match` printed the driver's words alone where `play` says what a
/// full disk or a damaged file means and what to do.
#[test]
fn a_match_is_told_what_a_full_disk_or_a_damaged_file_means() {
    let Some(db) = postgres() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let quit = run_on(&db.url, "match", dir.path(), &["space-checkers"], "quit\n");
    assert!(quit.status.success(), "{}", text(&quit));

    inject(&db.url, "moves", "53100");
    let resumed = run_on(&db.url, "match", dir.path(), &["--resume", "1"], "A1-B1\n");
    let said = failed(&resumed);
    // The database's address is named, with what may be secret in it
    // redacted.
    assert!(
        said.starts_with(
            "error: The disk or the database is full, so match 1 stays unfinished in postgres://"
        ),
        "{said}"
    );
    assert!(
        said.contains("; free up space, then continue with: holotable match --resume 1 — "),
        "{said}"
    );
    run_sql(&db.url, "DROP TRIGGER injected_moves ON moves");

    inject(&db.url, "games", "XX001");
    let said = failed(&run_on(
        &db.url,
        "match",
        dir.path(),
        &["space-checkers"],
        "",
    ));
    assert!(
        said.starts_with(
            "error: The database's data is damaged, so no match was started; restore it from a \
             backup (docs/operations.md, \"Backups\"), then try again — "
        ),
        "{said}"
    );
}

/// A `play --resume` or `match --resume` told that another process plays
/// the game had already made its output folder: it left an empty one.
#[test]
fn a_game_played_elsewhere_leaves_no_output_folder_behind() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let played = run_on(&db, "play", dir.path(), &["space-checkers"], "quit\n");
    assert!(played.status.success(), "{}", text(&played));
    let matched = run_on(&db, "match", dir.path(), &["space-checkers"], "quit\n");
    assert!(matched.status.success(), "{}", text(&matched));
    block_on(async {
        let store = Store::open(&db).await.unwrap();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        for game in ["1", "2"] {
            store
                .take_claim(
                    ClaimKind::Terminal,
                    game,
                    "terminal elsewhere",
                    now,
                    600_000,
                )
                .await
                .unwrap();
        }
        store.close().await;
    });
    for (command, game) in [("play", "1"), ("match", "2")] {
        let elsewhere = tempfile::tempdir().unwrap();
        let output = run_on(&db, command, elsewhere.path(), &["--resume", game], "");
        assert_eq!(output.status.code(), Some(3), "{}", text(&output));
        assert!(
            !elsewhere.path().join("out").exists(),
            "{command}: the output folder was made"
        );
    }
}

/// The hold's renewer found the game taken over while the person sat at
/// the prompt, and told no one: the vote typed next was counted, and two
/// processes played the game.
#[test]
fn a_game_taken_over_while_its_player_sat_at_the_prompt_is_left_to_its_new_holder() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let mut play = AtPrompt::start(&db, dir.path(), &["space-checkers"]);
    play.until_prompt().expect("the first ballot is asked");
    // What another process's take-over of a run-out hold leaves.
    block_on(async {
        use sqlx::{Connection, Executor};
        let mut raw = sqlx::SqliteConnection::connect(&db).await.unwrap();
        raw.execute(
            "UPDATE claims SET owner = 'terminal elsewhere', expires_at = expires_at + 600000
             WHERE kind = 'terminal' AND claim_key = '1'",
        )
        .await
        .unwrap();
        raw.close().await.unwrap();
    });
    // The renewer runs every third of the 30 s lease.
    std::thread::sleep(Duration::from_secs(11));
    play.type_text("1\n");
    let (rest, output) = play.end();
    assert_eq!(output.status.code(), Some(3), "{rest}{}", text(&output));
    assert!(!rest.contains("You voted"), "{rest}");
    let said = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        said,
        "While the database was away, another holotable process took over game 1, so this \
         command stopped here; when that process ends, continue with: holotable play --resume \
         1\n"
    );
}

/// A standby (SQLSTATE 25006) that stays one is a replica or a database
/// set read-only: `play` waited for it, then said the database went away.
#[test]
fn a_standby_that_stays_one_is_told_as_a_read_only_database() {
    let Some(db) = postgres() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let args = ["space-checkers", "--db-timeout", "2"];
    let mut play = AtPrompt::start(&db.url, dir.path(), &args);
    play.until_prompt().expect("the first ballot is asked");
    for table in ["votes", "claims", "games", "ballots"] {
        inject(&db.url, table, "25006");
    }
    play.type_text("1\n");
    let (rest, output) = play.end();
    assert!(!rest.contains("You voted"), "{rest}");
    let said = failed(&output);
    assert!(
        said.starts_with(
            "error: The database is read-only, so game 1 stopped at its last saved step; once \
             it can be written to, continue with: holotable play --resume 1 — "
        ),
        "{said}"
    );
}

/// A database that could not be reached when `play` or `match` began
/// printed the driver's words alone, in English, with nothing to do.
#[test]
fn a_database_out_of_reach_at_the_start_is_told_in_the_terminals_language() {
    let Some(db) = postgres() else {
        return;
    };
    let proxy = PgProxy::start(&db.url);
    let dir = tempfile::tempdir().unwrap();
    proxy.cut();
    for (command, args, words) in [
        (
            "play",
            &["space-checkers"][..],
            "error: The database could not be reached, so no game was started; once it is \
             back, try again — ",
        ),
        (
            "match",
            &["--resume", "1"][..],
            "error: The database could not be reached, so match 1 could not be resumed; once \
             it is back, try again — ",
        ),
        (
            "play",
            &["--resume", "1", "--lang", "es"][..],
            "error: No se pudo conectar con la base de datos, así que no se pudo reanudar la \
             partida 1; cuando la base de datos esté disponible de nuevo, vuelve a intentarlo — ",
        ),
    ] {
        let args = [args, &["--db-timeout", "1"]].concat();
        let said = failed(&run_on(&proxy.url, command, dir.path(), &args, ""));
        assert!(said.starts_with(words), "{command}: {said}");
    }
    proxy.stop();
}
