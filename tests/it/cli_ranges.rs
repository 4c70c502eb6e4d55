//! Every numeric argument of every command, given a value outside its
//! range: the binary refuses it while reading its arguments, in one line
//! that says what it accepts, with exit code 2 and never a panic (101) or
//! an abort on an allocation.
//!
//! The binary's own unit test (`cli::ranges`) finds the numeric arguments
//! by walking clap's command tree; this table is the user's side of the
//! same promise, run through the real binary.

use crate::support::terminal::holotable;

/// An argument line, its words apart by spaces, with `{}` where the value
/// goes; and the range the argument accepts.
type Case = (&'static str, i128, i128);

const U64_MAX: i128 = u64::MAX as i128;
const I64_MAX: i128 = i64::MAX as i128;

const CASES: &[Case] = &[
    ("legal space-checkers --seed {}", 0, U64_MAX),
    ("perft space-checkers 1 --seed {}", 0, U64_MAX),
    ("perft space-checkers {}", 0, 30),
    ("render space-checkers --out x.png --seed {}", 0, U64_MAX),
    ("render space-checkers --out x.png --size {}", 256, 2_048),
    ("replay x.json --out x.gif --size {}", 256, 2_048),
    ("export {} --out x", 1, I64_MAX),
    ("export 1 --out x --size {}", 256, 2_048),
    ("review {}", 1, I64_MAX),
    ("think space-checkers --seed {}", 0, U64_MAX),
    ("think space-checkers --ms {}", 0, 3_600_000),
    ("think space-checkers --top {}", 1, 10_000),
    (
        "arena space-checkers --a random --b random --seed {}",
        0,
        U64_MAX,
    ),
    (
        "arena space-checkers --a random --b random --games {}",
        1,
        100_000,
    ),
    (
        "arena space-checkers --a random --b random --threads {}",
        1,
        256,
    ),
    (
        "arena space-checkers --a random --b random --ms {}",
        0,
        3_600_000,
    ),
    (
        "arena space-checkers --a random --b random --a-ms {}",
        0,
        3_600_000,
    ),
    (
        "arena space-checkers --a random --b random --b-ms {}",
        0,
        3_600_000,
    ),
    (
        "arena space-checkers --a random --b random --opening-plies {}",
        0,
        100,
    ),
    ("simulate-adaptive space-checkers --seed {}", 0, U64_MAX),
    ("simulate-adaptive space-checkers --games {}", 1, 10_000),
    ("simulate-adaptive space-checkers --ms {}", 0, 3_600_000),
    ("simulate-adaptive space-checkers --max-ms {}", 0, 3_600_000),
    (
        "simulate-adaptive space-checkers --opening-plies {}",
        0,
        100,
    ),
    ("solve space-checkers --out x --pieces {}", 3, 6),
    ("solve space-checkers --out x --threads {}", 1, 256),
    ("bot --dev-guild {}", 1, U64_MAX),
    ("bot --vote-secs {}", 1, 604_800),
    ("bot --min-vote-secs {}", 1, 604_800),
    ("bot --poll-min-secs {}", 0, 604_800),
    ("bot --tally-secs {}", 1, 3_600),
    ("bot --lease-secs {}", 3, 3_600),
    ("bot --board-size {}", 16, 2_048),
    ("play space-checkers --vote-secs {}", 10, 604_800),
    ("play space-checkers --voters {}", 0, 10_000),
    ("play space-checkers --seed {}", 0, U64_MAX),
    ("play --resume {}", 1, I64_MAX),
    ("play space-checkers --size {}", 256, 2_048),
    ("play djambi --communities {}", 2, 4),
    ("match --resume {}", 1, I64_MAX),
    ("match space-checkers --seed {}", 0, U64_MAX),
    ("match space-checkers --size {}", 256, 2_048),
    ("bench closes --channels {}", 1, 100_000),
    ("bench votes --votes {}", 1, 10_000_000),
    ("bench votes --ballots {}", 1, 100_000),
    ("bench votes --voters {}", 1, 1_000_000),
    ("bench votes --tasks {}", 1, 1_000),
    ("bench restart --games {}", 1, 1_000_000),
];

/// `n` as the refusal writes it: thousands grouped by commas.
fn grouped(n: i128) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// The binary's answer to `argv`, with `value` put in place of `{}`: its
/// exit code and stderr. It runs in an empty folder with no settings from
/// the environment, so a refusal can only come from the value.
fn refusal(argv: &[&str], value: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let output = holotable()
        .args(
            argv.iter()
                .map(|arg| if *arg == "{}" { value } else { arg }),
        )
        .current_dir(dir.path())
        .output()
        .expect("the binary runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Refused in one line with exit code 2, the line naming the value and
/// what would have been accepted.
fn assert_refused(argv: &[&str], value: &str, accepted: &str) {
    let (code, said) = refusal(argv, value);
    assert_eq!(code, Some(2), "{argv:?} {value}: {said}");
    assert_eq!(said.lines().count(), 1, "{argv:?} {value}: {said}");
    assert!(
        said.starts_with(&format!("error: invalid value '{value}'")),
        "{argv:?} {value}: {said}"
    );
    assert!(said.contains(accepted), "{argv:?} {value}: {said}");
}

#[test]
fn every_numeric_argument_refuses_a_value_outside_its_range_in_one_line() {
    for &(line, low, high) in CASES {
        let argv: Vec<&str> = line.split_whitespace().collect();
        let accepted = format!(
            "expected a whole number from {} to {}",
            grouped(low),
            grouped(high)
        );
        let mut values = vec![low - 1, high + 1, -1];
        if high < U64_MAX {
            values.push(U64_MAX);
        }
        values.sort();
        values.dedup();
        for value in values {
            assert_refused(&argv, &value.to_string(), &accepted);
        }
    }
}

#[test]
fn a_blunder_rate_is_a_probability_from_0_to_1() {
    let argv = ["simulate-adaptive", "space-checkers", "--blunder", "{}"];
    for value in ["1.5", "-0.1", "NaN", "18446744073709551615"] {
        assert_refused(&argv, value, "expected a probability from 0 to 1");
    }
}

/// A series of u64::MAX games panicked on a capacity overflow (exit code
/// 101), and one of 2^32 games, or an arena of as many, aborted on a 240 GB
/// allocation.
#[test]
fn huge_counts_and_times_are_refused_instead_of_panicking_or_aborting() {
    for (line, value) in [
        (
            "simulate-adaptive space-checkers --games {}",
            "18446744073709551615",
        ),
        ("simulate-adaptive space-checkers --games {}", "4294967296"),
        (
            "arena space-checkers --a random --b random --games {}",
            "4294967296",
        ),
    ] {
        let argv: Vec<&str> = line.split_whitespace().collect();
        let (code, said) = refusal(&argv, value);
        assert_eq!(code, Some(2), "{argv:?} {value}: {said}");
        assert_eq!(said.lines().count(), 1, "{argv:?} {value}: {said}");
    }
}
