//! `holotable puzzles`: make daily puzzles from self-play (`generate`), and
//! prove the shipped ones again (`check`). The judgement itself lives in
//! `holotable_games::puzzle`; this only drives it and reports.

use super::ranges;
use crate::cli::output::outln;
use anyhow::{Context, bail};
use holotable::games::GameKind;
use holotable::games::puzzle::{self, Difficulty, Puzzle, Theme};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Self-play games and write the puzzles found, one JSON line each.
    Generate(Generate),
    /// Check the shipped puzzles again and count them by difficulty and theme.
    Check(Check),
}

#[derive(clap::Args)]
struct Generate {
    /// The game: space-checkers, dejarik, holochess or djambi.
    game: GameKind,
    /// Puzzles to make (1 to 100,000).
    #[arg(long, default_value_t = 370, value_parser = ranges::whole::<usize>(1, 100_000))]
    count: usize,
    /// Seed of the self-play games (any 64-bit number).
    #[arg(long, default_value_t = 0, value_parser = ranges::seed())]
    seed: u64,
    /// Worker threads, each playing whole games (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = ranges::THREADS)]
    threads: usize,
    /// The file to write (replaced).
    #[arg(long)]
    out: PathBuf,
}

#[derive(clap::Args)]
struct Check {
    /// Only this game's puzzles (default: every game's).
    game: Option<GameKind>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    match &args.command {
        Command::Generate(args) => generate(args),
        Command::Check(args) => check(args),
    }
}

fn generate(args: &Generate) -> anyhow::Result<()> {
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(args.count as u64).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} (eta {eta})")
                .expect("a valid template"),
        )
    } else {
        ProgressBar::hidden()
    };
    let started = Instant::now();
    let puzzles = puzzle::generate(args.game, args.count, args.seed, args.threads, |found| {
        bar.set_position(found as u64);
    });
    bar.finish_and_clear();
    let mut text = String::new();
    for puzzle in &puzzles {
        text.push_str(&serde_json::to_string(puzzle).expect("a puzzle serialises"));
        text.push('\n');
    }
    let mut file = std::fs::File::create(&args.out)
        .with_context(|| format!("writing {}", args.out.display()))?;
    file.write_all(text.as_bytes())
        .with_context(|| format!("writing {}", args.out.display()))?;
    eprintln!(
        "{} puzzles in {:.1} s",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    report(&puzzles)?;
    if puzzles.len() < args.count {
        bail!("found only {} of {} puzzles", puzzles.len(), args.count);
    }
    Ok(())
}

fn check(args: &Check) -> anyhow::Result<()> {
    let puzzles: Vec<Puzzle> = puzzle::shipped()
        .iter()
        .filter(|p| args.game.is_none_or(|g| g == p.game))
        .cloned()
        .collect();
    let started = Instant::now();
    // Interleaved, so every thread gets its share of the slow games.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|scope| {
        let puzzles = &puzzles;
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    puzzles
                        .iter()
                        .skip(first)
                        .step_by(threads)
                        .filter_map(|p| puzzle::check(p).err().map(|e| e.to_string()))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a checker does not panic"))
            .collect()
    });
    report(&puzzles)?;
    eprintln!(
        "{} puzzles checked in {:.1} s",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    for failure in &failures {
        eprintln!("{failure}");
    }
    if !failures.is_empty() {
        bail!("{} of {} puzzles fail", failures.len(), puzzles.len());
    }
    Ok(())
}

/// Counts per game by difficulty, theme and number of steps.
fn report(puzzles: &[Puzzle]) -> anyhow::Result<()> {
    for kind in GameKind::ALL {
        let of: Vec<&Puzzle> = puzzles.iter().filter(|p| p.game == kind).collect();
        if of.is_empty() {
            continue;
        }
        let count = |f: &dyn Fn(&Puzzle) -> bool| of.iter().filter(|p| f(p)).count();
        let difficulties: Vec<String> = Difficulty::ALL
            .iter()
            .map(|&d| format!("{d} {}", count(&|p| p.difficulty == d)))
            .collect();
        let themes: Vec<String> = Theme::ALL
            .iter()
            .map(|&t| format!("{t} {}", count(&|p| p.theme == t)))
            .collect();
        let steps: Vec<String> = (1..=3)
            .map(|n| format!("{n}: {}", count(&|p| p.steps.len() == n)))
            .collect();
        outln!(
            "{kind}: {} puzzles; {}; {}; steps {}",
            of.len(),
            difficulties.join(", "),
            themes.join(", "),
            steps.join(", ")
        );
    }
    Ok(())
}
