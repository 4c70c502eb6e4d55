//! The `holotable` binary as a user meets it: output, exit codes, messages.

use crate::support::backends::{self, on_each_backend};
use crate::support::terminal::{holotable, output_of, stderr, stdout};

use backends::TestDatabase;
use std::io::Read;
use std::process::{Output, Stdio};

#[test]
fn legal_lists_the_start_moves_in_natural_order() {
    let output = output_of(&["legal", "space-checkers"]);
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
    let output = output_of(&[
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
    let output = output_of(&["perft", "space-checkers", "3", "--divide"]);
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
    let output = output_of(&["legal", "space-checkers", "--rule", "pieces=6"]);
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
        let output = output_of(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.contains(message), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn arena_reports_the_score_and_each_sides_own_budget() {
    let output = output_of(&[
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
    // Just past the cap (31) is in `cli_ranges`: before the cap it did not
    // abort, it counted for ever.
    for depth in ["4294967295", "99999999999"] {
        let output = output_of(&["perft", "space-checkers", depth]);
        assert_eq!(output.status.code(), Some(2), "{depth}");
        let err = stderr(&output);
        assert!(
            err.contains("expected a whole number from 0 to 30"),
            "{depth}: {err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{depth}: {err}");
    }
}

#[test]
fn think_at_a_dice_node_answers_what_legal_lists_not_game_over() {
    // Two positions where chance decides next: a duel of one monster each,
    // and an attack waiting for its roll.
    for position in [
        "GhB6/KlA10 b 2 - - 400",
        "GhA11,KlA12/HoA1,NgA6 w 1 roll:A12xA1 - 5",
    ] {
        let legal = output_of(&["legal", "dejarik", "--position", position]);
        assert!(legal.status.success(), "{}", stderr(&legal));
        let listed: Vec<String> = stdout(&legal).lines().map(str::to_string).collect();
        assert!(!listed.is_empty(), "{position}");

        for seed in ["0", "1", "2", "3"] {
            let think = output_of(&["think", "dejarik", "--position", position, "--seed", seed]);
            assert!(think.status.success(), "{position}: {}", stderr(&think));
            let answer = stdout(&think).trim().to_string();
            assert!(
                listed.contains(&answer),
                "{position}: {answer} not in {listed:?}"
            );
        }

        let top = output_of(&["think", "dejarik", "--position", position, "--top", "3"]);
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
    let output = output_of(&["play", "space-checkers", "--db", &db, "--out", &out]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!(
            "error: opening {db}: database: error returned from database: (code: 14) unable to open database file\n"
        )
    );
}

/// Reads the first line `args` print, then closes the pipe, as `| head -1`
/// does; returns how the command ended and what it said on stderr.
fn first_line_then_close(args: &[&str]) -> (Output, String) {
    let mut child = holotable()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut first = Vec::new();
    let mut byte = [0u8];
    while stdout.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    (output, String::from_utf8_lossy(&first).into_owned())
}

#[test]
fn a_closed_pipe_ends_legal_and_perft_quietly_instead_of_panicking() {
    for args in [
        &["legal", "djambi", "--json"][..],
        &["legal", "djambi"][..],
        &["perft", "djambi", "2", "--divide"][..],
    ] {
        let (output, first) = first_line_then_close(args);
        assert!(!first.is_empty(), "{args:?} printed a first line");
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output), "", "{args:?} ends quietly");
    }
}

#[test]
fn a_full_disk_under_stdout_is_one_line_and_exit_2_not_a_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = holotable()
        .args(["legal", "djambi"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert!(
        said.starts_with("error: writing to stdout: No space left on device"),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
}

#[test]
fn bench_counts_of_zero_are_refused_in_one_line() {
    for args in [
        &["bench", "closes", "--channels", "0"][..],
        &["bench", "votes", "--voters", "0"][..],
        &["bench", "restart", "--games", "0"][..],
    ] {
        let output = output_of(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
        assert!(
            stderr(&output).contains("expected a whole number from 1 to"),
            "{}",
            stderr(&output)
        );
    }
}

on_each_backend! {
#[test]
fn bench_refuses_a_database_with_games_before_writing_to_it(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    let played = holotable()
        .args(["play", "space-checkers", "--voters", "0", "--level", "random", "--size", "256", "--db", &db.url])
        .arg("--out")
        .arg(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(played.status.success(), "{}", stderr(&played));
    let before = row_counts(&db.url);
    for what in [
        &["bench", "votes", "--votes", "10", "--ballots", "2", "--voters", "2", "--tasks", "1"][..],
        &["bench", "closes", "--channels", "5"][..],
        &["bench", "restart", "--games", "5"][..],
    ] {
        let output = output_of(&[what, &["--db", &db.url][..]].concat());
        assert_eq!(output.status.code(), Some(2), "{what:?}: {}", stderr(&output));
        assert!(stderr(&output).contains("the database is not empty"), "{}", stderr(&output));
        assert_eq!(row_counts(&db.url), before, "{what:?} wrote nothing");
    }
}
}

/// Games, ballots and votes in the database at `url`.
fn row_counts(url: &str) -> (i64, i64, i64) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = holotable_store::Store::open(url).await.unwrap();
        let sql = "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM ballots), (SELECT COUNT(*) FROM votes)";
        let counts = match store.pool() {
            holotable_store::Pool::Sqlite(pool) => sqlx::query_as(sql).fetch_one(pool).await.unwrap(),
            holotable_store::Pool::Postgres(pool) => sqlx::query_as(sql).fetch_one(pool).await.unwrap(),
        };
        store.close().await;
        counts
    })
}

/// More votes than voters on one ballot: each voter votes ten times, and
/// only their last vote counts. The check assumed one vote per voter and
/// ballot, and called the right tally wrong in most runs.
#[test]
fn bench_votes_with_more_votes_than_voters_checks_the_right_tally() {
    for _ in 0..3 {
        let output = output_of(&[
            "bench",
            "votes",
            "--voters",
            "100",
            "--ballots",
            "1",
            "--votes",
            "1000",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(
            stdout(&output).contains("every tally exact"),
            "{}",
            stdout(&output)
        );
    }
}

#[test]
fn a_database_password_is_printed_by_no_command() {
    let url = "postgres://holotable:S3cretPassw0rd@127.0.0.1:1/holotable";
    let param = "postgres://holotable@127.0.0.1:1/holotable?password=S3cretPassw0rd";
    for db in [url, param] {
        for args in [
            &["bench", "votes", "--db", db][..],
            &["bench", "restart", "--games", "1", "--db", db][..],
            &["export", "1", "--out", "/tmp", "--db", db][..],
            &["match", "space-checkers", "--db", db][..],
        ] {
            let output = output_of(args);
            let said = stdout(&output) + &stderr(&output);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {said}");
            assert!(!said.contains("S3cretPassw0rd"), "{args:?}: {said}");
            assert!(
                said.contains("***") || said.contains("[redacted]"),
                "{args:?}: {said}"
            );
        }
    }
}

#[test]
fn the_bot_refuses_each_bad_setting_in_one_line_before_connecting() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--level", "bogus"],
            "HOLOTABLE_LEVEL (--level): unknown level \"bogus\"",
        ),
        (
            &["--vote-secs", "0"],
            "invalid value '0' for '--vote-secs <VOTE_SECS>': expected a whole number from 1 to 604,800",
        ),
        (
            &["--vote-secs", "99999999"],
            "invalid value '99999999' for '--vote-secs <VOTE_SECS>': expected a whole number from 1 to 604,800",
        ),
        (
            &["--tally-secs", "0"],
            "invalid value '0' for '--tally-secs <TALLY_SECS>': expected a whole number from 1 to 3,600",
        ),
        (
            &["--min-vote-secs", "7200", "--vote-secs", "60"],
            "HOLOTABLE_VOTE_SECS (--vote-secs) must be from HOLOTABLE_MIN_VOTE_SECS (7200)",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (flags, expected) in cases {
        let output = holotable()
            .arg("bot")
            .args(flags)
            // Nothing listens here: a bot that went on to connect would
            // fail with another message.
            .env("DISCORD_TOKEN", "not-a-real-token")
            .env("DISCORD_API_URL", "http://127.0.0.1:1")
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("bot.db").display()),
            )
            .output()
            .unwrap();
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{flags:?}: {said}");
        assert!(
            said.starts_with(&format!("error: {expected}")),
            "{flags:?}: {said}"
        );
        assert_eq!(said.lines().count(), 1, "{flags:?}: {said}");
    }
    assert!(
        !dir.path().join("bot.db").exists(),
        "no database was opened"
    );
}

/// The bot and its pages start from the binary, the pages' port first: a
/// taken port stops the start with an error that names it, before a
/// database is opened or Discord called.
#[test]
fn a_taken_pages_port_stops_the_bot_before_it_opens_anything() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = taken.local_addr().unwrap().to_string();
    let dir = tempfile::tempdir().unwrap();
    let output = holotable()
        .arg("bot")
        .env("DISCORD_TOKEN", "not-a-real-token")
        // Nothing listens here: a bot that went on to call Discord would
        // fail with another message.
        .env("DISCORD_API_URL", "http://127.0.0.1:1")
        .env("HOLOTABLE_WEB_ADDR", &address)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("bot.db").display()),
        )
        .output()
        .unwrap();
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!("error: serving the web pages on {address}: ")),
        "{said}"
    );
    assert!(
        !dir.path().join("bot.db").exists(),
        "no database was opened"
    );
}

#[test]
fn export_of_a_mistyped_sqlite_path_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("holotabel.db");
    let url = format!("sqlite://{}", typo.display());
    for args in [
        &[
            "export",
            "1",
            "--out",
            &dir.path().join("out").display().to_string(),
            "--db",
            &url,
        ][..],
        &["play", "--resume", "1", "--db", &url][..],
        &["match", "--resume", "1", "--db", &url][..],
    ] {
        let output = output_of(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(&format!("there is no database at {}", typo.display())),
            "{args:?}: {}",
            stderr(&output)
        );
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "{args:?} left {left:?}");
    }
}

/// sqlx was built without TLS: `sslmode=verify-full` failed with "SQLx was
/// built without TLS support", so a server on another machine could only
/// be reached in plaintext. The local server (Debian's default, `ssl =
/// on` with a self-signed certificate) answers TLS: `require` connects,
/// and `verify-full` refuses the certificate no trusted root signed.
#[test]
fn postgres_is_reached_over_tls_and_its_certificate_checked() {
    if !backends::postgres_or_skip() {
        return;
    }
    let db = TestDatabase::fresh(backends::Backend::Postgres);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().display().to_string();
    let required = format!("{}&sslmode=require", db.url);
    let output = output_of(&["export", "1", "--out", &out, "--db", &required]);
    assert_eq!(stderr(&output), "error: there is no game 1\n");

    let verified = format!("{}&sslmode=verify-full", db.url);
    let output = output_of(&["export", "1", "--out", &out, "--db", &verified]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("invalid peer certificate"),
        "{}",
        stderr(&output)
    );
}

/// `export` ran the migrator even on a current schema, and the migrator
/// creates its bookkeeping table: a role with read rights alone could not
/// export. CI makes such a role (`.ci/run`, `HOLOTABLE_TEST_POSTGRES_READER`).
#[test]
fn a_read_only_postgres_role_can_export_a_current_database() {
    if !backends::postgres_or_skip() {
        return;
    }
    let Some(reader) = backends::reader_or_skip() else {
        return;
    };
    let db = TestDatabase::fresh(backends::Backend::Postgres);
    let dir = tempfile::tempdir().unwrap();
    let played = holotable()
        .args([
            "play",
            "space-checkers",
            "--voters",
            "3",
            "--level",
            "random",
            "--size",
            "256",
        ])
        .args(["--db", &db.url, "--out"])
        .arg(dir.path().join("play"))
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(played.status.success(), "{}", stderr(&played));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let read_only = runtime.block_on(backends::grant_reading(&db, &reader));
    let out = dir.path().join("export").display().to_string();
    let output = output_of(&[
        "export", "1", "--size", "256", "--out", &out, "--db", &read_only,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("Game 1 (space-checkers, finished) exported"),
        "{}",
        stdout(&output)
    );
}

/// `review` prints the review of a finished game, one line per community
/// decision, the same decisions `export` writes into the record's JSON.
#[test]
fn review_prints_a_verdict_for_each_community_decision_that_export_also_keeps() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("r.db").display());
    let out = dir.path().display().to_string();
    let played = output_of(&[
        "play",
        "space-checkers",
        "--voters",
        "5",
        "--seed",
        "3",
        "--level",
        "easy",
        "--size",
        "256",
        "--db",
        &db,
        "--out",
        &out,
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    let review = output_of(&["review", "1", "--db", &db, "--lang", "en"]);
    assert!(review.status.success(), "{}", stderr(&review));
    let text = stdout(&review);
    assert!(
        text.starts_with("My review of the community's decisions as white"),
        "{text}"
    );
    let verdict_lines: Vec<&str> = text
        .lines()
        .filter(|line| {
            line.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .collect();
    let exported = output_of(&["export", "1", "--size", "256", "--db", &db, "--out", &out]);
    assert!(exported.status.success(), "{}", stderr(&exported));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("game-1.json")).unwrap())
            .unwrap();
    let decisions = json["review"][0]["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    assert_eq!(verdict_lines.len(), decisions.len(), "{text}");
    for (line, decision) in verdict_lines.iter().zip(decisions) {
        let played = decision["played"].as_str().unwrap();
        assert!(line.contains(played), "{line} names {played}");
    }
    let missing = output_of(&["review", "2", "--db", &db]);
    assert!(!missing.status.success());
    assert!(
        stderr(&missing).contains("there is no game 2"),
        "{}",
        stderr(&missing)
    );
}

/// A solved table that cannot be used, three ways: not a table, a folder,
/// no file at all. The caller keeps the folder.
fn unusable_tables() -> (tempfile::TempDir, Vec<std::path::PathBuf>) {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.htsc");
    std::fs::write(&junk, "not a table").unwrap();
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let missing = dir.path().join("missing.htsc");
    (dir, vec![junk, folder, missing])
}

/// `holotable args` in `dir` with `HOLOTABLE_SOLVED_TABLE=table`, no
/// token, and a Discord that is not there.
fn with_solved_table(dir: &std::path::Path, table: &std::path::Path, args: &[&str]) -> Output {
    holotable()
        .args(args)
        .current_dir(dir)
        .env("HOLOTABLE_SOLVED_TABLE", table)
        .env_remove("DATABASE_URL")
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env("DISCORD_API_URL", "http://127.0.0.1:1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// `think` played on without the table that `play` refused; every command
/// that can play `max` now reads it first and refuses it in `play`'s line,
/// before opening a database.
#[test]
fn every_engine_command_refuses_an_unusable_solved_table_as_play_does() {
    let engine_commands: [&[&str]; 8] = [
        &["think", "space-checkers", "--level", "max"],
        &[
            "arena",
            "space-checkers",
            "--a",
            "max",
            "--b",
            "random",
            "--games",
            "1",
        ],
        &["simulate-adaptive", "space-checkers", "--games", "1"],
        &[
            "match",
            "space-checkers",
            "--vs-engine",
            "max",
            "--db",
            "sqlite://match.db",
        ],
        &["bot", "--db", "sqlite://bot.db"],
        &["review", "1", "--db", "sqlite://review.db"],
        &[
            "export",
            "1",
            "--out",
            "export",
            "--db",
            "sqlite://export.db",
        ],
        &[
            "play",
            "space-checkers",
            "--level",
            "max",
            "--voters",
            "0",
            "--db",
            "sqlite://play.db",
        ],
    ];
    let (dir, tables) = unusable_tables();
    for table in &tables {
        let play = with_solved_table(dir.path(), table, engine_commands[7]);
        let line = stderr(&play);
        assert_eq!(play.status.code(), Some(2), "{table:?}: {line}");
        assert!(
            line.starts_with(&format!("error: loading {}", table.display())),
            "{table:?}: {line}"
        );
        assert_eq!(line.lines().count(), 1, "{table:?}: {line}");
        for args in engine_commands {
            let output = with_solved_table(dir.path(), table, args);
            assert_eq!(output.status.code(), Some(2), "{args:?} {table:?}");
            assert_eq!(stderr(&output), line, "{args:?} {table:?}");
        }
    }
    let created: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(created.len(), 2, "no database or folder made: {created:?}");
}

/// The commands that never play `max` do not read the table, so a bad one
/// does not stop them.
#[test]
fn commands_without_the_engine_ignore_the_solved_table() {
    let (dir, tables) = unusable_tables();
    for table in &tables {
        for args in [
            &["legal", "space-checkers"][..],
            &["perft", "space-checkers", "1"][..],
        ] {
            let output = with_solved_table(dir.path(), table, args);
            assert!(
                output.status.success(),
                "{args:?} {table:?}: {}",
                stderr(&output)
            );
        }
    }
}

/// `--table` names the file for `think` and `arena` as a flag does
/// everywhere: over the environment.
#[test]
fn the_table_flag_wins_over_the_environment() {
    let (dir, tables) = unusable_tables();
    let (junk, missing) = (&tables[0], &tables[2]);
    for args in [
        &["think", "space-checkers", "--table"][..],
        &[
            "arena",
            "space-checkers",
            "--a",
            "max",
            "--b",
            "random",
            "--table",
        ][..],
    ] {
        let args = [args, &[junk.to_str().unwrap()][..]].concat();
        let output = with_solved_table(dir.path(), missing, &args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).starts_with(&format!("error: loading {}", junk.display())),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}
