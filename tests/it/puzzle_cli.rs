//! `holotable puzzle` at the terminal, with stdin piped: the right line
//! (by move or by a candidate's number) solves it and each step's board is
//! written; a wrong move is called wrong and the line is shown; text that
//! is no move is refused and asked again; the words are the bot's, in the
//! language asked for.

use crate::support::terminal::holotable;
use holotable::games::GameKind;
use holotable::games::puzzle::{Puzzle, shipped};
use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};

fn solve(puzzle: &Puzzle, dir: &Path, lang: &str, typed: &str) -> Output {
    let mut child = holotable()
        .args([
            "puzzle",
            puzzle.game.as_str(),
            "--id",
            &puzzle.id,
            "--lang",
            lang,
        ])
        .arg("--out")
        .arg(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(typed.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn two_step() -> &'static Puzzle {
    shipped()
        .iter()
        .find(|p| p.game == GameKind::SpaceCheckers && p.steps.len() == 2)
        .expect("a two-step Space Checkers puzzle ships")
}

#[test]
fn the_right_answers_solve_a_two_step_puzzle_by_move_or_number() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = two_step();
    let second = &puzzle.steps[1];
    let number = 1 + second
        .candidates
        .iter()
        .position(|c| *c == second.answer)
        .unwrap();
    let output = solve(
        puzzle,
        dir.path(),
        "en",
        &format!("{}\n{number}\n", puzzle.steps[0].answer),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("to move and win."), "{stdout}");
    assert!(
        !stdout.contains("**"),
        "no markdown at a terminal: {stdout}"
    );
    assert!(stdout.contains("Move 1 of 2"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "The reply: {}.",
            puzzle.steps[0].reply.join(", then ")
        )),
        "{stdout}"
    );
    assert!(stdout.contains("Right! You solved the puzzle."), "{stdout}");
    assert!(
        stdout.contains(&format!("The line: {}.", puzzle.line().join(", then "))),
        "{stdout}"
    );
    for step in ["step-1.png", "step-2.png"] {
        let png = std::fs::read(dir.path().join(step)).unwrap();
        assert!(png.starts_with(b"\x89PNG"), "{step}");
    }
}

#[test]
fn a_wrong_move_is_called_wrong_and_the_line_is_shown_in_the_language_asked() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = two_step();
    let step = &puzzle.steps[0];
    let wrong = step.candidates.iter().find(|c| **c != step.answer).unwrap();
    let output = solve(puzzle, dir.path(), "es", &format!("nonsense\n{wrong}\n"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("Eso no es un movimiento en esta posición."),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("{wrong} no es la solución.")),
        "{stdout}"
    );
    assert!(stdout.contains("La línea:"), "{stdout}");
    assert!(!stdout.contains("Resolviste"), "{stdout}");
}

#[test]
fn stdin_ending_before_the_answer_fails_saying_so() {
    let dir = tempfile::tempdir().unwrap();
    let output = solve(two_step(), dir.path(), "en", "");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("stdin ended"), "{stderr}");
}
