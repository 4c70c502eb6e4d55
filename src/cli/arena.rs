//! `holotable arena`: two levels play a match, and the result is reported as
//! a score and an Elo difference with a 95% interval.
//!
//! Engines without noise play the same game every time from the same
//! position, so each game starts from a few random plies (seeded), and each
//! such opening is played once from every seat by A: the set cancels out
//! whatever advantage the opening hands one side. In games with more than
//! two seats (four-player Djambi) A plays one seat and B all the others, so
//! a win for A is a win against the whole table. Games with a random setup
//! (Dejarik's deal) get a fresh deal per opening unless `--position` fixes
//! one: a single deal would measure the levels on one matchup of monsters.

use super::game_args::GameArgs;
use super::ranges;
use crate::cli::output::outln;
use holotable::engine::{Budget, Engine, Evaluate, Level, mix_key};
use holotable::games::{AnyGame, Decider, GameKind, Seat};
use holotable::with_game;
use indicatif::{ProgressBar, ProgressStyle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The level whose result is reported.
    #[arg(long)]
    a: Level,
    /// Its opponent.
    #[arg(long)]
    b: Level,
    /// Games to play (1 to 100,000); A plays seat `game % seats` of opening
    /// `game / seats`.
    // Every move's time is kept to the end, about 1 KB a game; at 100,000
    // games the 95% interval is about ±2 Elo, finer than any difference
    // between levels worth measuring.
    #[arg(long, default_value_t = 100, value_parser = ranges::whole::<usize>(1, 100_000))]
    games: usize,
    /// Worker threads, each playing whole games (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = ranges::THREADS)]
    threads: usize,
    /// Time per move in milliseconds for both sides (0 to 3,600,000),
    /// instead of the levels'.
    #[arg(long, value_parser = ranges::MOVE_MS)]
    ms: Option<u64>,
    /// Time per move for A alone in milliseconds (0 to 3,600,000; overrides
    /// --ms): to compare levels at their budgets' ratio when their own
    /// budgets would take hours.
    #[arg(long, value_name = "MS", value_parser = ranges::MOVE_MS)]
    a_ms: Option<u64>,
    /// Time per move for B alone in milliseconds (0 to 3,600,000; overrides
    /// --ms).
    #[arg(long, value_name = "MS", value_parser = ranges::MOVE_MS)]
    b_ms: Option<u64>,
    /// Random plies played before the engines take over (0 to 100).
    #[arg(long, default_value_t = 4, value_parser = ranges::OPENING_PLIES)]
    opening_plies: u32,
    /// A solved table (from `holotable solve`) for `max` to read in place of
    /// the built-in one (3 and 4 pieces have one); overrides
    /// HOLOTABLE_SOLVED_TABLE.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
}

impl Args {
    /// `--table`, which the command line loads before `run`.
    pub fn table(&self) -> Option<&Path> {
        self.table.as_deref()
    }
}

/// One finished game from A's side.
struct Played {
    points: f64,
    a_times: Vec<Duration>,
    b_times: Vec<Duration>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    // Fails early on bad rules or a bad position, before any thread starts.
    let seats = deal(args, 0)?.seat_count();
    let budgets = [
        budget(args.a, args.a_ms.or(args.ms), args.game.game),
        budget(args.b, args.b_ms.or(args.ms), args.game.game),
    ];
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::new(args.games as u64).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
                .expect("a valid template"),
        )
    } else {
        ProgressBar::hidden()
    };
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(args.games));
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    let start =
                        deal(args, index / seats).expect("the first deal had the same rules");
                    let played = with_game!(&start, g => play(g, args, budgets, index));
                    tracing::debug!(index, points = played.points, "game over");
                    results
                        .lock()
                        .expect("no worker panics holding it")
                        .push(played);
                    progress.inc(1);
                }
            });
        }
    });
    progress.finish_and_clear();
    let results = results.into_inner().expect("no worker panicked");
    report(args, budgets, &results)
}

/// The start of opening `opening`: the given position, or a deal drawn
/// from the seed and the opening number.
fn deal(args: &Args, opening: usize) -> anyhow::Result<AnyGame> {
    if args.game.position.is_some() || opening == 0 {
        return args.game.load();
    }
    let rules = args.game.rules_json()?;
    let mut rng = ChaCha8Rng::seed_from_u64(mix_key(&[args.game.seed, opening as u64, 0xdea1]));
    Ok(AnyGame::new_game(args.game.game, &rules, &mut rng)?)
}

fn budget(level: Level, ms: Option<u64>, game: GameKind) -> Budget {
    let budget = level.budget(game);
    match ms {
        Some(ms) => Budget {
            time: Some(Duration::from_millis(ms)),
            ..budget
        },
        None => budget,
    }
}

/// Plays game `index`: opening `index / seats`, with A as seat `index % seats`.
fn play<G: Evaluate>(start: &G, args: &Args, budgets: [Budget; 2], index: usize) -> Played {
    let seed = args.game.seed;
    let seats = start.seat_count();
    let mut rng = ChaCha8Rng::seed_from_u64(mix_key(&[seed, (index / seats) as u64]));
    let mut game = start.clone();
    let mut moves = Vec::new();
    for _ in 0..args.opening_plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.play_unchecked(mv);
    }
    let a_seat = Seat((index % seats) as u8);
    let engine = |side: u64, level: Level, budget| {
        Engine::new(level, mix_key(&[seed, index as u64, side])).with_budget(budget)
    };
    let mut a = engine(0, args.a, budgets[0]);
    let mut b = engine(1, args.b, budgets[1]);
    let (mut a_times, mut b_times) = (Vec::new(), Vec::new());
    while let Some(decider) = game.to_decide() {
        let mv = match decider {
            Decider::Chance => game.sample_chance(&mut rng),
            Decider::Seat(seat) => {
                let (engine, times) = if seat == a_seat {
                    (&mut a, &mut a_times)
                } else {
                    (&mut b, &mut b_times)
                };
                let started = Instant::now();
                let choice = engine
                    .choose(&game)
                    .expect("a seat decides, so the game goes on");
                times.push(started.elapsed());
                tracing::trace!(
                    index,
                    level = %engine.level(),
                    position = game.position(),
                    mv = game.move_notation(choice.mv),
                    score = choice.score,
                    depth = choice.depth,
                    "move"
                );
                choice.mv
            }
        };
        game.play_unchecked(mv);
    }
    let outcome = game.outcome().expect("the loop ends when the game does");
    Played {
        points: outcome.results[a_seat].points(),
        a_times,
        b_times,
    }
}

fn report(args: &Args, budgets: [Budget; 2], results: &[Played]) -> anyhow::Result<()> {
    let n = results.len() as f64;
    let count = |p: f64| results.iter().filter(|r| r.points == p).count();
    let (wins, draws, losses) = (count(1.0), count(0.5), count(0.0));
    let score: f64 = results.iter().map(|r| r.points).sum();
    let p = score / n;
    outln!(
        "{} vs {}, {} games from {}-ply random openings (seed {}{}):",
        args.a,
        args.b,
        results.len(),
        args.opening_plies,
        args.game.seed,
        if args.game.position.is_none() {
            ", a fresh setup per opening where the setup is random"
        } else {
            ""
        }
    );
    outln!(
        "{}: {wins} wins, {draws} draws, {losses} losses; score {score}/{n} = {:.1}%",
        args.a,
        100.0 * p
    );
    let (low, high) = wilson(p, n);
    outln!(
        "Elo difference {} (95% interval {} .. {})",
        elo_text(p),
        elo_text(low),
        elo_text(high)
    );
    for (level, budget, times) in [
        (
            args.a,
            budgets[0],
            results
                .iter()
                .flat_map(|r| &r.a_times)
                .copied()
                .collect::<Vec<_>>(),
        ),
        (
            args.b,
            budgets[1],
            results.iter().flat_map(|r| &r.b_times).copied().collect(),
        ),
    ] {
        print_times(level, budget, times)?;
    }
    Ok(())
}

fn print_times(level: Level, budget: Budget, mut times: Vec<Duration>) -> anyhow::Result<()> {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let max = times.last().copied().unwrap_or_default();
    let late = budget.time.map_or(0, |limit| {
        let slack = limit + Duration::from_millis(50);
        times.iter().filter(|&&t| t > slack).count()
    });
    outln!(
        "{level}: {} moves, time per move median {:.2} ms, max {:.2} ms (budget {}, over budget + 50 ms: {late})",
        times.len(),
        ms(median),
        ms(max),
        budget
            .time
            .map_or("none".to_string(), |t| format!("{} ms", t.as_millis())),
    );
    Ok(())
}

/// The Wilson score interval at 95% for a score fraction `p` over `n`
/// games. It treats a draw as half a win and so overstates the spread a
/// little when there are many draws; unlike the normal approximation it
/// stays sensible at 0% and 100%.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z: f64 = 1.96;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    // At a perfect score the bound on that side is the score itself; the
    // formula reaches it only up to rounding, which printed +6261 for +inf.
    let low = if p <= 0.0 { 0.0 } else { centre - half };
    let high = if p >= 1.0 { 1.0 } else { centre + half };
    (low, high)
}

/// The Elo difference that predicts a score fraction `p`.
fn elo_text(p: f64) -> String {
    if p >= 1.0 {
        "+inf".to_string()
    } else if p <= 0.0 {
        "-inf".to_string()
    } else {
        format!("{:+.0}", -400.0 * (1.0 / p - 1.0).log10())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perfect_score_has_an_open_interval_on_its_side() {
        for n in [10.0, 100.0, 200.0] {
            let (low, high) = wilson(1.0, n);
            assert!(low > 0.5 && low < 1.0, "{low}");
            assert_eq!(elo_text(high), "+inf");
            let (low, high) = wilson(0.0, n);
            assert_eq!(elo_text(low), "-inf");
            assert!(high < 0.5 && high > 0.0, "{high}");
        }
    }

    #[test]
    fn an_even_score_is_centred_on_zero() {
        let (low, high) = wilson(0.5, 100.0);
        assert!((low + high - 1.0).abs() < 1e-12);
        assert!(low > 0.39 && low < 0.41, "{low}");
    }
}
