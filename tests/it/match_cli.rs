//! `holotable match` as people use it: two players at one keyboard with a
//! junk move and a resignation, and a match against the engine.

use crate::support::backends::{self, on_each_backend};
use crate::support::terminal;

use backends::TestDatabase;
use std::process::Output;
use terminal::text;

fn run_match(dir: &std::path::Path, args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    terminal::run("match", dir, args, stdin)
}

#[test]
fn two_people_take_turns_and_one_resigns() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_match(
        dir.path(),
        &["space-checkers", "--players", "Ann,Bob", "--seed", "3"],
        "Z9-Q1\nlist\nresign\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("A rated match of Space Checkers begins"),
        "{said}"
    );
    assert!(said.contains("Z9-Q1"), "the junk move is refused: {said}");
    assert!(said.contains("resigned"), "{said}");
    assert!(said.contains("Match over"), "{said}");
    image::open(dir.path().join("out/ply-000.png")).expect("the first board decodes");
    assert!(dir.path().join("out/game.gif").exists());
}

#[test]
fn a_match_against_the_engine_replies_to_moves() {
    let dir = tempfile::tempdir().unwrap();
    // Enough moves that the engine replies at least once, then resign.
    let output = run_match(
        dir.path(),
        &["space-checkers", "--vs-engine", "random", "--seed", "4"],
        &("A1-B1\nA2-B2\nA3-B3\nA4-B4\n".repeat(2) + "resign\n"),
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains("friendly match"), "{said}");
    assert!(
        said.contains("the engine:") || said.contains("the engine ("),
        "{said}"
    );
    assert!(said.contains("Match over"), "{said}");
}

#[test]
fn a_wrong_number_of_players_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_match(dir.path(), &["space-checkers", "--players", "Ann"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output).contains("needs 2"), "{}", text(&output));
}

#[test]
fn an_invalid_utf8_line_no_longer_ends_a_match_session() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_match(
        dir.path(),
        &["space-checkers", "--players", "Ann,Bob", "--seed", "3"],
        b"\xc3\x28\nresign\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("That line is not readable text; please type it again."),
        "{said}"
    );
    assert!(said.contains("Match over"), "{said}");
}

#[test]
fn the_match_speaks_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let output = run_match(
        dir.path(),
        &[
            "space-checkers",
            "--players",
            "Ann,Bob",
            "--seed",
            "3",
            "--lang",
            "ja",
        ],
        "resign\n",
    );
    let said = text(&output);
    assert!(output.status.success(), "{said}");
    assert!(
        said.contains("スペースチェッカーのレーティング対戦を始めます：Ann（"),
        "{said}"
    );
    assert!(said.contains("の手番です："), "{said}");
    assert!(said.contains("対戦終了："), "{said}");
    assert!(said.contains("リプレイを"), "{said}");

    let output = run_match(
        dir.path(),
        &["space-checkers", "--players", "Ann", "--lang", "es"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output).contains("--players nombra 1 jugador; este duelo necesita 2."),
        "{}",
        text(&output)
    );
}

on_each_backend! {
/// Quitting printed "match 1 stays unfinished in postgres://user:PASSWORD@…".
/// And a stopped match could not be continued at all: `--resume` goes on
/// from where it stopped.
#[test]
fn a_stopped_match_hides_the_database_password_and_resumes(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let args = ["space-checkers", "--players", "Ann,Bob", "--seed", "3"];
    let stopped = terminal::run_on(&db.url, "match", dir.path(), &args, "list\nquit\n");
    let said = text(&stopped);
    assert!(stopped.status.success(), "{said}");
    assert!(said.contains("continue with: holotable match --resume 1"), "{said}");
    for password in holotable_store::passwords_in(&db.url) {
        assert!(!said.contains(&password), "the password is shown: {said}");
    }

    let resumed = terminal::run_on(&db.url, "match", dir.path(), &["--resume", "1"], "resign\n");
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(said.contains("Match 1."), "{said}");
    assert!(said.contains("resigned"), "{said}");
    assert!(said.contains("Match over"), "{said}");

    let community = terminal::run_on(&db.url, "play", dir.path(), &["--resume", "1"], "");
    assert_eq!(community.status.code(), Some(2));
    assert!(
        text(&community).contains("Game 1 is a match, not a community game; continue it with: holotable match --resume 1"),
        "{}",
        text(&community)
    );
}
}

/// `match … | head -1` leaves the match waiting on a move; an exit 0 would
/// tell a script it was played out.
#[test]
fn a_match_into_a_closed_pipe_says_it_is_unfinished() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("match.db").display());
    let mut child = terminal::spawn_on(
        &database,
        "match",
        dir.path(),
        &["space-checkers", "--vs-engine", "random"],
    );
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is gone; the next thing the match says meets a closed pipe.
    drop(child.stdin.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.starts_with("error: The output was closed, so match 1 stays unfinished in sqlite://"),
        "{error}"
    );
    assert!(
        error.ends_with("continue with: holotable match --resume 1\n"),
        "{error}"
    );
    assert_eq!(error.lines().count(), 1, "{error}");
}
