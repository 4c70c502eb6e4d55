//! The `holotable` binary as a user meets it: output, exit codes, messages.

use std::process::{Command, Output};

fn holotable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(args)
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn legal_lists_the_start_moves_in_natural_order() {
    let output = holotable(&["legal", "space-checkers"]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r"
    A1-B1
    A1-C
    A2-B2
    A2-C
    A11-B11
    A11-C
    A12-B12
    A12-C
    ");
}

#[test]
fn legal_json_gives_each_move_its_position_and_captures() {
    let output = holotable(&[
        "legal",
        "space-checkers",
        "--position",
        "A3,A9,A10/A7,A8,B5 w 2",
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let moves: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    let capture = moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == "A3-B4xB5")
        .expect("the capturing move is listed");
    assert_eq!(capture["position"], "A9,A10,B4/A7,A8 b 3");
    assert_eq!(capture["captures"], serde_json::json!(["B5"]));
}

#[test]
fn perft_divide_sums_to_the_total() {
    let output = holotable(&["perft", "space-checkers", "3", "--divide"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let (total, divided) = lines.split_last().unwrap();
    let sum: u64 = divided
        .iter()
        .map(|line| line.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(divided.len(), 8);
    assert_eq!(total.parse::<u64>().unwrap(), sum);
    assert_eq!(sum, 640);
}

#[test]
fn rule_options_change_the_game() {
    let output = holotable(&["legal", "space-checkers", "--rule", "pieces=6"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 12);
}

#[test]
fn bad_input_exits_2_with_one_clear_line() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["legal", "chess"],
            "unknown game \"chess\"; expected one of: space-checkers",
        ),
        (
            &["legal", "space-checkers", "--position", "A1/A1 w 0"],
            "A1 holds both",
        ),
        (
            &["legal", "space-checkers", "--rule", "pieces=9"],
            "pieces must be 3 to 6",
        ),
        (
            &["legal", "space-checkers", "--rule", "colour=red"],
            "unknown field",
        ),
        (
            &["perft", "space-checkers", "2", "--position", "nonsense"],
            "expected 3 fields",
        ),
    ];
    for (args, message) in cases {
        let output = holotable(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn arena_reports_the_score_and_each_sides_own_budget() {
    let output = holotable(&[
        "arena",
        "space-checkers",
        "--a",
        "normal",
        "--b",
        "greedy",
        "--games",
        "4",
        "--ms",
        "30",
        "--b-ms",
        "7",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let score = text
        .lines()
        .find(|l| l.starts_with("normal: ") && l.contains("score"))
        .expect("a score line for A");
    let wins_draws_losses: Vec<u32> = score
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .take(3)
        .collect();
    assert_eq!(wins_draws_losses.iter().sum::<u32>(), 4, "{score}");
    assert!(text.contains("Elo difference"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("normal: ") && l.contains("(budget 30 ms")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("greedy: ") && l.contains("(budget 7 ms")),
        "{text}"
    );
}

#[test]
fn perft_past_the_depth_cap_is_refused_instead_of_aborting() {
    // Just past the cap (31) is in `perft.rs`'s own test: before the cap it
    // did not abort, it counted for ever.
    for depth in ["4294967295", "99999999999"] {
        let output = holotable(&["perft", "space-checkers", depth]);
        assert_eq!(output.status.code(), Some(2), "{depth}");
        let err = stderr(&output);
        assert!(
            err.contains("the depth must be a whole number from 0 to 30"),
            "{depth}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{depth}: {err}");
    }
}

#[test]
fn think_at_a_dice_node_answers_what_legal_lists_not_game_over() {
    // The issue's duel (one monster each, the dice decide), and an attack's roll.
    for position in [
        "GhB6/KlA10 b 2 - - 400",
        "GhA11,KlA12/HoA1,NgA6 w 1 roll:A12xA1 - 5",
    ] {
        let legal = holotable(&["legal", "dejarik", "--position", position]);
        assert!(legal.status.success(), "{}", stderr(&legal));
        let listed: Vec<String> = stdout(&legal).lines().map(str::to_string).collect();
        assert!(!listed.is_empty(), "{position}");

        for seed in ["0", "1", "2", "3"] {
            let think = holotable(&["think", "dejarik", "--position", position, "--seed", seed]);
            assert!(think.status.success(), "{position}: {}", stderr(&think));
            let answer = stdout(&think).trim().to_string();
            assert!(
                listed.contains(&answer),
                "{position}: {answer} not in {listed:?}"
            );
        }

        let top = holotable(&["think", "dejarik", "--position", position, "--top", "3"]);
        assert!(top.status.success(), "{position}: {}", stderr(&top));
        let ranked: Vec<String> = stdout(&top)
            .lines()
            .map(|line| {
                line.split_whitespace()
                    .skip(1)
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(ranked.len(), listed.len().min(3), "{position}");
        assert!(
            ranked.iter().all(|mv| listed.contains(mv)),
            "{position}: {ranked:?} not all in {listed:?}"
        );
    }
}

#[test]
fn a_missing_database_directory_is_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/missing/holotable.db", dir.path().display());
    let out = dir.path().join("out").display().to_string();
    let output = holotable(&["play", "space-checkers", "--db", &db, "--out", &out]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!(
            "error: opening {db}: database: error returned from database: (code: 14) unable to open database file\n"
        )
    );
}
