//! `holotable play` as a person uses it: a simulated crowd to the end, the
//! prompt with junk and good votes, and quitting then resuming.

mod terminal;

use std::process::Output;
use terminal::text;

fn play(dir: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    terminal::run("play", dir, args, stdin)
}

#[test]
fn a_simulated_crowd_plays_a_whole_game() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(
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

#[test]
fn the_prompt_refuses_junk_then_quits_and_resume_continues() {
    let dir = tempfile::tempdir().unwrap();
    // Lines typed ahead are kept for the next ballot: two votes, then quit.
    let output = play(
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
    assert!(said.contains("cannot read \"foo\""), "{said}");
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

    let resumed = play(
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

    let again = play(dir.path(), &["--resume", "1"], "");
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again).contains("game 1 is finished; only an active or paused game can be resumed")
    );
}

/// Makes the database refuse every write of a move, as a full disk does,
/// until the row in `injected_faults` is deleted.
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
        sqlx::raw_sql(sql).execute(store.pool()).await.unwrap();
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
