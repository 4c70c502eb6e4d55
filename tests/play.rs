//! `holotable play` as a person uses it: a simulated crowd to the end, the
//! prompt with junk and good votes, and quitting then resuming.

mod backends;
mod terminal;

use backends::TestDatabase;
use std::process::Output;
use terminal::text;

fn play(dir: &std::path::Path, args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    terminal::run("play", dir, args, stdin)
}

fn play_on(
    db: &TestDatabase,
    dir: &std::path::Path,
    args: &[&str],
    stdin: impl AsRef<[u8]>,
) -> Output {
    terminal::run_on(&db.url, "play", dir, args, stdin)
}

on_each_backend! {
#[test]
fn a_simulated_crowd_plays_a_whole_game(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let output = play_on(
        &db,
        dir.path(),
        &[
            "space-checkers",
            "--voters",
            "25",
            "--seed",
            "5",
            "--level",
            "random",
        ],
        "",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("The community played"), "{said}");
    assert!(said.contains("Game over:"), "{said}");
    let first = image::open(dir.path().join("out/ply-000.png")).expect("the first board decodes");
    assert_eq!((first.width(), first.height()), (256, 256));
    let gif = std::fs::read(dir.path().join("out/game.gif")).unwrap();
    assert_eq!(&gif[..6], b"GIF89a");
}
}

#[test]
fn side_black_lets_the_engine_open() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(
        dir.path(),
        &[
            "space-checkers",
            "--side",
            "black",
            "--voters",
            "5",
            "--seed",
            "5",
            "--level",
            "random",
        ],
        "",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("The community plays black;"), "{said}");
    assert!(!said.contains("Ballot for move 1:"), "{said}");
    assert!(said.contains("Ballot for move 2:"), "{said}");
}

on_each_backend! {
#[test]
fn the_prompt_refuses_junk_then_quits_and_resume_continues(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    // Lines typed ahead are kept for the next ballot: two votes, then quit.
    let output = play_on(
        &db,
        dir.path(),
        &["space-checkers", "--seed", "9", "--level", "random"],
        "A1-B7\nfoo\n1\n2\nquit\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("A1-B7 is not a legal move now; did you mean"),
        "{said}"
    );
    assert!(said.contains("I cannot read “foo”"), "{said}");
    assert!(said.contains("You voted A1-B1."), "{said}");
    assert_eq!(said.matches("You voted").count(), 2, "{said}");
    assert!(
        said.contains("Stopped; continue with: holotable play --resume 1"),
        "{said}"
    );
    assert!(
        said.contains("continue with: holotable play --resume 1"),
        "{said}"
    );

    let resumed = play_on(
        &db,
        dir.path(),
        &["--resume", "1", "--voters", "5", "--seed", "2"],
        "",
    );
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(said.contains("Game over:"), "{said}");
    assert!(
        !said.contains("The community played A1-B1 (1 of 1 vote)"),
        "the first session's result is not shown twice: {said}"
    );

    let again = play_on(&db, dir.path(), &["--resume", "1"], "");
    assert!(again.status.success(), "{}", text(&again));
    assert!(
        text(&again).contains("Game 1 is finished; nothing is left to vote on."),
        "{}",
        text(&again)
    );
}
}

#[test]
fn an_invalid_utf8_line_no_longer_ends_the_session() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(
        dir.path(),
        &["space-checkers", "--seed", "9", "--level", "random"],
        b"\xff\xfe\n1\nquit\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("That line is not readable text; please type it again."),
        "{said}"
    );
    assert!(said.contains("You voted A1-B1."), "{said}");
    assert!(
        said.contains("Stopped; continue with: holotable play --resume 1"),
        "{said}"
    );
}

#[test]
fn a_rejected_vote_length_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(dir.path(), &["space-checkers", "--vote-secs", "1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: The vote must last from 10 seconds to 7 days.\n"
    );
}

on_each_backend! {
/// A session killed after the final commit and before the GIF: the game
/// is finished in the database and `game.gif` is missing.
#[test]
fn a_finished_game_whose_replay_was_lost_gets_it_back(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let crowd = [
        "space-checkers",
        "--voters",
        "5",
        "--seed",
        "5",
        "--level",
        "random",
    ];
    let finished = play_on(&db, dir.path(), &crowd, "");
    assert!(finished.status.success(), "{}", text(&finished));
    let gif = dir.path().join("out/game.gif");
    std::fs::remove_file(&gif).unwrap();

    let resumed = play_on(&db, dir.path(), &["--resume", "1"], "");
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(said.contains("Replay written to"), "{said}");
    assert_eq!(&std::fs::read(&gif).unwrap()[..6], b"GIF89a");

    let exported = dir.path().join("exported");
    let export = std::process::Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["export", "1", "--size", "256", "--out"])
        .arg(&exported)
        .arg("--db")
        .arg(&db.url)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(export.status.success(), "{}", text(&export));
    assert!(
        text(&export).contains("Game 1 (space-checkers, finished) exported"),
        "{}",
        text(&export)
    );
    let record: holotable::games::GameRecord =
        serde_json::from_slice(&std::fs::read(exported.join("game-1.json")).unwrap())
            .expect("the record is JSON");
    let positions = record.positions().expect("the exported record replays");
    assert!(
        positions.last().unwrap().outcome().is_some(),
        "it replays to the end"
    );
    let listed = std::fs::read_to_string(exported.join("game-1-moves.txt")).unwrap();
    let notations: Vec<&str> = listed
        .lines()
        .map(|line| line.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(notations, record.moves);
    assert!(listed.starts_with("  1. "), "{listed}");
    assert_eq!(
        &std::fs::read(exported.join("game-1.gif")).unwrap()[..6],
        b"GIF89a"
    );
}
}

/// Makes the database refuse every write of a move, as a full disk does,
/// until the row in `injected_faults` is deleted. SQLite only: this test is
/// about what the binary says and how it exits, which the backend does not
/// change; `tests/promises.rs` fails the same close on both backends.
fn fill_the_disk(database: &std::path::Path, full: bool) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let url = format!("sqlite://{}", database.display());
        let store = holotable::store::Store::open(&url).await.unwrap();
        let sql = if full {
            "CREATE TABLE IF NOT EXISTS injected_faults (what TEXT);
             INSERT INTO injected_faults VALUES ('disk full');
             CREATE TRIGGER IF NOT EXISTS disk_full BEFORE INSERT ON moves
             WHEN EXISTS (SELECT 1 FROM injected_faults)
             BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;"
        } else {
            "DELETE FROM injected_faults"
        };
        let holotable::store::Pool::Sqlite(pool) = store.pool() else {
            unreachable!("a sqlite:// URL opens SQLite")
        };
        sqlx::raw_sql(sql).execute(pool).await.unwrap();
        store.close().await;
    });
}

#[test]
fn a_close_that_kept_failing_left_the_ballot_open_and_exited_zero() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("play.db");
    fill_the_disk(&database, true);
    let output = play(
        dir.path(),
        &["space-checkers", "--seed", "9", "--level", "random"],
        "1\n",
    );
    let said = text(&output);
    assert!(!output.status.success(), "{said}");
    assert!(said.contains("You voted A1-B1."), "{said}");
    assert_eq!(
        said.matches("closing a ballot failed; it will be tried again")
            .count(),
        6,
        "each try is logged: {said}"
    );
    assert!(
        said.contains("closing the ballot for move 1 failed 6 times in a row"),
        "{said}"
    );
    assert!(said.contains("database or disk is full"), "{said}");
    assert!(
        said.contains("continue with: holotable play --resume 1"),
        "{said}"
    );
    assert!(
        !said.contains("voting on that ballot has closed"),
        "the prompt did not carry on with a ballot past its deadline: {said}"
    );

    // With room on the disk again, the saved vote alone decides the first
    // move (a crowd of nobody adds none).
    fill_the_disk(&database, false);
    let resumed = play(dir.path(), &["--resume", "1", "--voters", "0"], "");
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(
        said.contains("The community played A1-B1 (1 of 1 vote)"),
        "{said}"
    );
}
