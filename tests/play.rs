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
