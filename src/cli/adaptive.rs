//! `holotable simulate-adaptive`: a scripted crowd of fixed strength plays
//! a series of games against the adaptive level, and the command prints,
//! game by game, the level the crowd's rating chose and the rating after
//! the result: whether the adaptive level settles, where, and how fast.
//!
//! The crowd is an engine level that, with probability `--blunder`, plays
//! a uniformly random legal move instead (a crowd that mostly sees the
//! obvious move and sometimes votes for nonsense). The arithmetic is the
//! service's own ([`holotable::service::adaptive`]); only the store is left
//! out: the rating is carried from game to game in memory. The crowd's
//! seat alternates from game to game, as with `side:alternate`, because
//! the ladder was measured with both seats played.

use super::game_args::GameArgs;
use super::ranges;
use crate::cli::output::outln;
use holotable::engine::{Budget, Engine, Evaluate, Level, ladder, mix_key};
use holotable::games::{AnyGame, Decider, Seat, SeatResult};
use holotable::service::adaptive;
use holotable::service::ratings::Rating;
use holotable::with_game;
use indicatif::{ProgressBar, ProgressStyle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::IsTerminal;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The crowd's level.
    #[arg(long, default_value = "greedy")]
    crowd: Level,
    /// How often the crowd plays a uniformly random legal move instead of
    /// its level's (0 to 1).
    #[arg(long, default_value_t = 0.1, value_parser = ranges::probability())]
    blunder: f64,
    /// Games in the series (1 to 10,000).
    // The level settles within a few dozen games (docs/engine.md); 10,000
    // is hours even at the fastest levels, a line of output each.
    #[arg(long, default_value_t = 30, value_parser = ranges::whole::<usize>(1, 10_000))]
    games: usize,
    /// Time per move in milliseconds for the crowd and every engine level
    /// (0 to 3,600,000), instead of the levels' own (as `arena --ms`; the
    /// depth caps stay).
    #[arg(long, value_name = "MS", value_parser = ranges::MOVE_MS)]
    ms: Option<u64>,
    /// Time per move in milliseconds for the engine's `max` level alone (0
    /// to 3,600,000; overrides --ms): its own 5 s would make a series take
    /// hours.
    #[arg(long, value_name = "MS", value_parser = ranges::MOVE_MS)]
    max_ms: Option<u64>,
    /// Random plies played before the crowd and the engine take over (0 to
    /// 100).
    #[arg(long, default_value_t = 0, value_parser = ranges::OPENING_PLIES)]
    opening_plies: u32,
}

/// One game of the series, as the table reports it.
struct Step {
    level: Level,
    before: Rating,
    seat: Seat,
    result: SeatResult,
    after: Rating,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let kind = args.game.game;
    // Fails early on bad rules or a bad position.
    deal(args, 0)?;
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::new(args.games as u64).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
                .expect("a valid template"),
        )
    } else {
        ProgressBar::hidden()
    };
    outln!(
        "{kind}: crowd {} with {:.0}% random moves against the adaptive level, {} games (seed {})",
        args.crowd,
        100.0 * args.blunder,
        args.games,
        args.game.seed
    );
    outln!("game  level   rating before  crowd seat  result  rating after");
    let mut rating = adaptive::first_rating(kind);
    let mut steps = Vec::with_capacity(args.games);
    for index in 0..args.games {
        let level = adaptive::level_for(kind, rating);
        let start = deal(args, index)?;
        let seat = Seat((index % start.seat_count()) as u8);
        let result = with_game!(&start, g => play(g, args, level, seat, index));
        let after = adaptive::after_game(rating, kind, level, result);
        let step = Step {
            level,
            before: rating,
            seat,
            result,
            after,
        };
        progress.suspend(|| print_step(index, &step, &start))?;
        progress.inc(1);
        steps.push(step);
        rating = after;
    }
    progress.finish_and_clear();
    summary(args, &steps)
}

/// The start of game `index`: the given position, or a deal drawn from the
/// seed and the game's number (Dejarik's monsters).
fn deal(args: &Args, index: usize) -> anyhow::Result<AnyGame> {
    if args.game.position.is_some() || index == 0 {
        return args.game.load();
    }
    let rules = args.game.rules_json()?;
    let mut rng = ChaCha8Rng::seed_from_u64(mix_key(&[args.game.seed, index as u64, 0xdea1]));
    Ok(AnyGame::new_game(args.game.game, &rules, &mut rng)?)
}

/// Plays one game: the crowd in `crowd_seat`, `level` in every other.
fn play<G: Evaluate>(
    start: &G,
    args: &Args,
    level: Level,
    crowd_seat: Seat,
    index: usize,
) -> SeatResult {
    let seed = mix_key(&[args.game.seed, index as u64]);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
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
    let budget = |level: Level, ms: Option<u64>| {
        let own = level.budget(args.game.game);
        Budget {
            time: ms.map(Duration::from_millis).or(own.time),
            ..own
        }
    };
    let engine_ms = match level {
        Level::Max => args.max_ms.or(args.ms),
        _ => args.ms,
    };
    let mut crowd =
        Engine::new(args.crowd, mix_key(&[seed, 1])).with_budget(budget(args.crowd, args.ms));
    let mut engine = Engine::new(level, mix_key(&[seed, 2])).with_budget(budget(level, engine_ms));
    while let Some(decider) = game.to_decide() {
        let mv = match decider {
            Decider::Chance => game.sample_chance(&mut rng),
            Decider::Seat(seat) if seat == crowd_seat && rng.random_bool(args.blunder) => {
                game.legal_moves(&mut moves);
                moves[rng.random_range(0..moves.len())]
            }
            Decider::Seat(seat) => {
                let player = if seat == crowd_seat {
                    &mut crowd
                } else {
                    &mut engine
                };
                player
                    .choose(&game)
                    .expect("a seat decides, so the game goes on")
                    .mv
            }
        };
        game.play_unchecked(mv);
    }
    game.outcome()
        .expect("the loop ends when the game does")
        .results[crowd_seat]
}

fn print_step(index: usize, step: &Step, start: &AnyGame) -> anyhow::Result<()> {
    outln!(
        "{:>4}  {:<6}  {:>5.0} ± {:<3.0}    {:<10}  {:<6}  {:>5.0} ± {:.0}",
        index + 1,
        // `Level`'s Display ignores width; its name pads.
        step.level.as_str(),
        step.before.rating,
        step.before.deviation,
        start.seat_name(step.seat),
        step.result.as_str(),
        step.after.rating,
        step.after.deviation
    );
    Ok(())
}

/// Where the series settled: the last ten games' levels and score, and the
/// first game from which every level chosen was within one rung of the
/// level chosen most in the last ten.
fn summary(args: &Args, steps: &[Step]) -> anyhow::Result<()> {
    let kind = args.game.game;
    let Some(last) = steps.last() else {
        return Ok(());
    };
    let tail = &steps[steps.len().saturating_sub(10)..];
    let rung = |level: Level| {
        Level::ALL
            .iter()
            .position(|&l| l == level)
            .expect("every level is in ALL")
    };
    let mut counts = [0usize; 6];
    for step in tail {
        counts[rung(step.level)] += 1;
    }
    let settled_level = Level::ALL[(0..6)
        .max_by_key(|&i| (counts[i], std::cmp::Reverse(i)))
        .expect("six levels")];
    let settled_from = steps
        .iter()
        .rposition(|step| rung(step.level).abs_diff(rung(settled_level)) > 1)
        .map_or(1, |i| i + 2);
    let points: f64 = tail.iter().map(|s| s.result.points()).sum();
    let levels: Vec<String> = Level::ALL
        .iter()
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .map(|(level, n)| format!("{level} ×{n}"))
        .collect();
    outln!(
        "final rating {:.0} ± {:.0} (level {} is {:.0}); last {} games: {}, crowd scored {points}/{}",
        last.after.rating,
        last.after.deviation,
        adaptive::level_for(kind, last.after),
        ladder::elo(kind, adaptive::level_for(kind, last.after)),
        tail.len(),
        levels.join(", "),
        tail.len()
    );
    outln!(
        "settled on {settled_level}: from game {settled_from} on, every level was within one rung of it"
    );
    Ok(())
}
