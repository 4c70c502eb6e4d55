//! Several `holotable` processes on one database at once, as a bot and
//! `holotable web`, two shards, or two terminals start and run together:
//! none fails for another's lock, and a game one of them plays is left
//! to it, with the others told so.

use crate::support::backends::{TestDatabase, on_each_backend};
use crate::support::terminal::{run_on, spawn_on, text};
use std::io::{BufRead, BufReader, Write};
use std::process::Output;

/// A whole game with a simulated crowd, fast: a random engine and small
/// boards, so the processes spend their time in the database.
const CROWD_GAME: [&str; 5] = ["space-checkers", "--voters", "3", "--level", "random"];

on_each_backend! {
/// Two terminal games started at the same moment on a database neither
/// has made yet: one of them died in 2 to 6 of 10 tries with "database is
/// locked" (SQLite codes 5 and 517), when a transaction that had read
/// first could not take the write lock the other process held.
#[test]
fn twenty_pairs_of_processes_starting_on_a_fresh_database_all_play_their_game(backend) {
    for pair in 0..20 {
        let db = TestDatabase::fresh(backend);
        let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
        let children: Vec<_> = dirs
            .iter()
            .map(|dir| spawn_on(&db.url, "play", dir.path(), &CROWD_GAME))
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(output.status.success(), "pair {pair}: {}", text(&output));
            assert!(
                text(&output).contains("Replay written to"),
                "pair {pair}: the game was played out: {}",
                text(&output)
            );
        }
    }
}
}

on_each_backend! {
/// `play --resume` of a game another process was playing: on SQLite one
/// of the two died with a raw "(code: 517) database is locked", on
/// PostgreSQL both went on, each voting and closing ballots in turn.
#[test]
fn a_game_being_played_is_not_resumed_by_a_second_process(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let started = run_on(&db.url, "play", dir.path(), &["space-checkers"], "quit\n");
    assert!(started.status.success(), "{}", text(&started));

    // A person at the prompt of game 1, holding it while they think.
    let mut first = spawn_on(&db.url, "play", dir.path(), &["--resume", "1"]);
    let mut said = BufReader::new(first.stdout.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("Your vote") {
        line.clear();
        assert_ne!(said.read_line(&mut line).unwrap(), 0, "the prompt came");
    }

    let second_dir = tempfile::tempdir().unwrap();
    for (lang, words) in [
        (
            "en",
            "Game 1 is being played by another holotable process, so this command did nothing. \
             When that process ends",
        ),
        (
            "es",
            "Otro proceso de holotable está jugando la partida 1, así que este comando no hizo \
             nada.",
        ),
        ("ja", "対局1は別のholotableプロセスで進行中のため、このコマンドでは何も行っていません。"),
    ] {
        let args = [&["--resume", "1", "--lang", lang][..], &CROWD_GAME[1..]].concat();
        let second = run_on(&db.url, "play", second_dir.path(), &args, "");
        assert_eq!(second.status.code(), Some(3), "{}", text(&second));
        assert!(second.stdout.is_empty(), "{}", text(&second));
        let error = String::from_utf8(second.stderr.clone()).unwrap();
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(error.starts_with(words), "{error}");
    }

    first.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    assert!(first.wait().unwrap().success());
    // Once it is let go, the next process to resume the game plays it.
    let args = [&["--resume", "1"][..], &CROWD_GAME[1..]].concat();
    let resumed: Output = run_on(&db.url, "play", second_dir.path(), &args, "");
    assert!(resumed.status.success(), "{}", text(&resumed));
    assert!(text(&resumed).contains("Replay written to"), "{}", text(&resumed));
}
}
