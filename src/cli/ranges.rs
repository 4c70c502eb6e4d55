//! The parsers of the numeric arguments. Each has a range: a value outside
//! it is refused while the arguments are read, in one line that says what
//! would be accepted, and the argument's help shows the same range (the
//! tests below hold every numeric argument of every command to both).
//!
//! Without a range a count went straight to an allocation:
//! `simulate-adaptive --games 4294967296` asked for 240 GB and aborted, and
//! u64::MAX games panicked on the capacity overflow.

use clap::builder::TypedValueParser;
use std::any::TypeId;
use std::ffi::OsStr;
use std::marker::PhantomData;

/// A whole number from `min` to `max`, both included, read as a `T`.
#[derive(Clone, Copy)]
pub struct Whole<T> {
    min: i128,
    max: i128,
    kind: PhantomData<fn() -> T>,
}

/// The parser of a whole number from `min` to `max` that the argument's
/// field holds as a `T`. Callers name `T` (`whole::<u32>(1, 64)`): clap
/// only learns the field's type when it reads the value, so a `T` left
/// to inference would compile and then fail on every run.
pub const fn whole<T>(min: i128, max: i128) -> Whole<T> {
    Whole {
        min,
        max,
        kind: PhantomData,
    }
}

/// A seed: every 64-bit number is a different game and none costs more
/// than another, so the full range is the range.
pub const fn seed() -> Whole<u64> {
    whole(0, u64::MAX as i128)
}

/// A stored game's id: the database numbers them from 1.
pub const fn game_id() -> Whole<i64> {
    whole(1, i64::MAX as i128)
}

/// Time per move in milliseconds, as `--ms` and its kin take it (0 answers
/// when the search first looks at the clock). `max`'s own budget is 5 s;
/// an hour a move is past any use at a terminal or in a series of games.
pub const MOVE_MS: Whole<u64> = whole(0, 3_600_000);

/// Random plies before the engines take over. Longer random openings are
/// most of a random game: the levels would be compared on positions
/// already decided by chance.
pub const OPENING_PLIES: Whole<u32> = whole(0, 100);

/// Worker threads. Past the machine's cores a worker only waits for one,
/// and a very large number fails to start (`std::thread::scope` panics
/// when the system refuses a thread).
pub const THREADS: Whole<usize> = whole(1, 256);

/// A board image's width and height in pixels: the renderer's own sizes
/// ([`holotable::render::SIZES`] says why), which it would clamp anything
/// else into.
pub const IMAGE_SIZE: Whole<u32> = whole(
    *holotable::render::SIZES.start() as i128,
    *holotable::render::SIZES.end() as i128,
);

impl<T> TypedValueParser for Whole<T>
where
    T: TryFrom<i128> + Clone + Send + Sync + 'static,
{
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        let (min, max) = (self.min, self.max);
        let expected = expected(
            format!("a whole number from {} to {}", grouped(min), grouped(max)),
            arg,
        );
        // A closure parser gets clap's own "invalid value 'X' for '--flag'"
        // in front of the reason, as every other refused value does.
        let parse = move |text: &str| {
            text.parse::<i128>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .and_then(|n| T::try_from(n).ok())
                .ok_or_else(|| expected.clone())
        };
        parse.parse_ref(cmd, arg, value)
    }
}

/// A probability, from 0 to 1 (NaN is not in the range).
pub fn probability() -> impl TypedValueParser<Value = f64> {
    |text: &str| {
        text.parse::<f64>()
            .ok()
            .filter(|p| (0.0..=1.0).contains(p))
            .ok_or("expected a probability from 0 to 1, like 0.1")
    }
}

/// "expected `what`", naming the environment variable too where the
/// argument has one: the bad value may have come from `.env`, which the
/// flag clap names does not bring to mind.
fn expected(what: String, arg: Option<&clap::Arg>) -> String {
    let flag = arg.and_then(clap::Arg::get_long);
    match (flag, arg.and_then(clap::Arg::get_env)) {
        (Some(flag), Some(env)) => {
            format!("expected {what} (--{flag} or {})", env.to_string_lossy())
        }
        _ => format!("expected {what}"),
    }
}

/// `n` with its thousands grouped by commas (10,000), as the help writes it.
pub fn grouped(n: i128) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut text = String::from(if n < 0 { "-" } else { "" });
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// The whole-number types an argument may be read as, each with its
/// largest value.
fn whole_types() -> [(TypeId, i128); 10] {
    [
        (TypeId::of::<u8>(), u8::MAX.into()),
        (TypeId::of::<u16>(), u16::MAX.into()),
        (TypeId::of::<u32>(), u32::MAX.into()),
        (TypeId::of::<u64>(), u64::MAX.into()),
        (TypeId::of::<usize>(), usize::MAX as i128),
        (TypeId::of::<i8>(), i8::MAX.into()),
        (TypeId::of::<i16>(), i16::MAX.into()),
        (TypeId::of::<i32>(), i32::MAX.into()),
        (TypeId::of::<i64>(), i64::MAX.into()),
        (TypeId::of::<isize>(), isize::MAX as i128),
    ]
}

fn is_fraction(arg: &clap::Arg) -> bool {
    let id = arg.get_value_parser().type_id();
    id == TypeId::of::<f64>() || id == TypeId::of::<f32>()
}

/// Whether `arg` is read as a number (its parser's value is one of Rust's
/// numeric types), whichever parser it was given.
pub fn is_numeric(arg: &clap::Arg) -> bool {
    let id = arg.get_value_parser().type_id();
    is_fraction(arg) || whole_types().iter().any(|(t, _)| id == *t)
}

/// Lets every numeric argument of `cmd` and its subcommands take `-1` as
/// its value, so that the range answers it in one line instead of clap's
/// "unexpected argument '-1'" with a usage block.
pub fn negatives_reach_the_range(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|arg| {
        if is_numeric(&arg) {
            arg.allow_negative_numbers(true)
        } else {
            arg
        }
    })
    .mut_subcommands(negatives_reach_the_range)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use clap::{Arg, Command};

    /// A range as an argument's help shows it.
    #[derive(Debug)]
    enum Shown {
        Whole(i128, i128),
        Fraction(f64, f64),
    }

    impl Shown {
        /// The range in `arg`'s help: "A to B", "A or more" (up to the
        /// type's largest value), or "any 64-bit number".
        fn of(arg: &Arg) -> Option<Shown> {
            let help = arg.get_help()?.to_string();
            let largest = whole_types()
                .into_iter()
                .find(|(t, _)| arg.get_value_parser().type_id() == *t)
                .map(|(_, max)| max);
            let words: Vec<&str> = help
                .split(|c: char| c.is_whitespace() || "();:".contains(c))
                .map(|w| w.trim_end_matches(['.', ',']))
                .filter(|w| !w.is_empty())
                .collect();
            if help.contains("any 64-bit number") {
                return Some(Shown::Whole(0, u64::MAX.into()));
            }
            words.windows(3).find_map(|w| {
                let number = |text: &str| text.replace(',', "");
                let (low, high) = match w {
                    [low, "to", high] => (number(low), number(high)),
                    [low, "or", "more"] => (number(low), largest?.to_string()),
                    _ => return None,
                };
                if is_fraction(arg) {
                    Some(Shown::Fraction(low.parse().ok()?, high.parse().ok()?))
                } else {
                    Some(Shown::Whole(low.parse().ok()?, high.parse().ok()?))
                }
            })
        }

        fn ends(&self) -> Vec<String> {
            match *self {
                Shown::Whole(low, high) => vec![low.to_string(), high.to_string()],
                Shown::Fraction(low, high) => vec![low.to_string(), high.to_string()],
            }
        }

        /// Values just outside, a negative and u64::MAX (unless inside).
        fn outside(&self) -> Vec<String> {
            let mut values = match *self {
                Shown::Whole(low, high) => vec![(low - 1).to_string(), (high + 1).to_string()],
                Shown::Fraction(low, high) => {
                    vec![
                        (low - 0.5).to_string(),
                        (high + 0.5).to_string(),
                        "NaN".into(),
                    ]
                }
            };
            values.push("-1".into());
            if !matches!(*self, Shown::Whole(_, high) if high >= u64::MAX.into()) {
                values.push(u64::MAX.to_string());
            }
            values.sort();
            values.dedup();
            values
        }

        /// How the refusal says the range.
        fn said(&self) -> String {
            match *self {
                Shown::Whole(low, high) => format!("from {} to {}", grouped(low), grouped(high)),
                Shown::Fraction(low, high) => format!("from {low} to {high}"),
            }
        }
    }

    /// Every numeric argument of every command, named by its command.
    fn numeric_args() -> Vec<(String, Arg)> {
        fn walk(cmd: &Command, path: &str, found: &mut Vec<(String, Arg)>) {
            for arg in cmd.get_arguments().filter(|arg| is_numeric(arg)) {
                found.push((format!("{path} {}", arg.get_id()), arg.clone()));
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), found);
            }
        }
        let mut found = Vec::new();
        walk(&crate::cli::command(), "holotable", &mut found);
        found
    }

    /// `value` through `arg`'s parser: nothing, or the refusal's kind and
    /// first line (the one `cli::run` prints).
    fn parse(arg: &Arg, value: &str) -> Result<(), (ErrorKind, String)> {
        let probe = Arg::new("probe")
            .long("probe")
            .allow_negative_numbers(true)
            .value_parser(arg.get_value_parser().clone());
        Command::new("probe")
            .arg(probe)
            .try_get_matches_from(["probe", "--probe", value])
            .map(drop)
            .map_err(|error| {
                let text = error.render().to_string();
                (error.kind(), text.lines().next().unwrap_or("").to_string())
            })
    }

    #[test]
    fn every_numeric_argument_shows_the_range_its_parser_enforces() {
        let args = numeric_args();
        // The walk reaches the flattened and positional arguments too.
        for expected in [
            "holotable perft depth",
            "holotable think seed",
            "holotable export id",
        ] {
            assert!(
                args.iter().any(|(name, _)| name == expected),
                "{expected} not found"
            );
        }
        for (name, arg) in &args {
            let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
            let shown = Shown::of(arg)
                .unwrap_or_else(|| panic!("{name}: the help shows no range: {help:?}"));
            for inside in shown.ends() {
                assert_eq!(parse(arg, &inside), Ok(()), "{name} {inside} ({help})");
            }
            for outside in shown.outside() {
                let (kind, line) = parse(arg, &outside)
                    .expect_err(&format!("{name} {outside} is outside {shown:?}"));
                assert_eq!(kind, ErrorKind::ValueValidation, "{name} {outside}: {line}");
                assert!(line.contains(&shown.said()), "{name} {outside}: {line}");
            }
        }
    }

    /// The shortest line each command reads.
    const MINIMAL: [&[&str]; 17] = [
        &["bot"],
        &["legal", "space-checkers"],
        &["play", "space-checkers"],
        &["match", "space-checkers"],
        &["bench", "votes"],
        &["export", "1", "--out", "x"],
        &["perft", "space-checkers", "1"],
        &["render", "space-checkers", "--out", "x"],
        &["replay", "x", "--out", "x"],
        &["review", "1"],
        &["think", "space-checkers"],
        &["arena", "space-checkers", "--a", "random", "--b", "random"],
        &["simulate-adaptive", "space-checkers"],
        &["solve", "space-checkers", "--out", "x"],
        &["web"],
        &["puzzles", "check"],
        &["puzzle", "space-checkers"],
    ];

    /// Clap learns a field's type only when it hands the value over: a
    /// parser of another type compiles, and panics whenever the argument
    /// is given. Each numeric argument given once finds that.
    #[test]
    fn every_numeric_argument_reaches_a_field_of_its_type() {
        for sub in crate::cli::command().get_subcommands() {
            let name = sub.get_name();
            let line = MINIMAL
                .iter()
                .find(|line| line[0] == name)
                .unwrap_or_else(|| panic!("no line reads {name}"));
            // Positional numbers are in the line already.
            for arg in sub.get_arguments().filter(|arg| is_numeric(arg)) {
                let Some(long) = arg.get_long() else { continue };
                let low = Shown::of(arg).expect("a range").ends().remove(0);
                let mut argv = vec!["holotable"];
                argv.extend_from_slice(line);
                let flag = format!("--{long}");
                argv.extend([flag.as_str(), low.as_str()]);
                if let Err(error) = crate::cli::parse(argv.iter().copied()) {
                    panic!("{argv:?}: {error}");
                }
            }
        }
    }

    #[test]
    fn a_refusal_names_the_environment_variable_that_may_have_set_it() {
        let arg = Arg::new("tally")
            .long("tally-secs")
            .env("HOLOTABLE_RANGES_TEST_UNSET")
            .value_parser(whole::<u64>(1, 3_600));
        let error = Command::new("bot")
            .arg(arg)
            .try_get_matches_from(["bot", "--tally-secs", "0"])
            .unwrap_err();
        assert_eq!(
            error.render().to_string().lines().next(),
            Some(
                "error: invalid value '0' for '--tally-secs <tally>': expected a whole number \
                 from 1 to 3,600 (--tally-secs or HOLOTABLE_RANGES_TEST_UNSET)"
            )
        );
    }

    #[test]
    fn numbers_are_grouped_in_thousands() {
        for (n, text) in [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (604_800, "604,800"),
            (u64::MAX.into(), "18,446,744,073,709,551,615"),
            (-1_000, "-1,000"),
        ] {
            assert_eq!(grouped(n), text);
        }
    }
}
