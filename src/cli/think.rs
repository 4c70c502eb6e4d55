//! `holotable think`: the engine's move for a position, or its ranking of
//! the best few.

use super::game_args::GameArgs;
use super::ranges;
use crate::cli::output::outln;
use holotable::engine::{self, Engine, Level, PROVEN, WIN};
use holotable::games::{Decider, Game, sample_listed_chance};
use holotable::with_game;
use rand::SeedableRng;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Playing level: random, greedy, easy, normal, hard or max.
    #[arg(long, default_value = "normal")]
    level: Level,
    /// Time per move in milliseconds (0 to 3,600,000), instead of the
    /// level's own budget.
    #[arg(long, value_parser = ranges::MOVE_MS)]
    ms: Option<u64>,
    /// List the K best moves with their scores instead of one move (1 to
    /// 10,000).
    // Each of the K is searched exactly, so K costs time, and no position
    // here has 10,000 legal moves (a Djambi turn has a few thousand).
    #[arg(long, value_name = "K", value_parser = ranges::whole::<usize>(1, 10_000))]
    top: Option<usize>,
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

pub fn run(args: &Args) -> anyhow::Result<()> {
    let game = args.game.load()?;
    let mut engine = Engine::new(args.level, args.game.seed);
    if let Some(ms) = args.ms {
        let budget = args.level.budget(game.kind());
        engine = engine.with_budget(engine::Budget {
            time: Some(Duration::from_millis(ms)),
            ..budget
        });
    }
    with_game!(&game, g => {
        if g.to_decide() == Some(Decider::Chance) {
            dice(g, args)?;
        } else if let Some(k) = args.top {
            for (rank, scored) in engine.top_k(g, k)?.iter().enumerate() {
                outln!("{:>2}. {:<12} {}", rank + 1, g.move_notation(scored.mv), score_text(scored.score));
            }
        } else {
            let choice = engine.choose(g)?;
            outln!("{}", g.move_notation(choice.mv));
            eprintln!(
                "score {}, depth {}, {} nodes, {:.1} ms",
                score_text(choice.score),
                choice.depth,
                choice.nodes,
                choice.elapsed.as_secs_f64() * 1e3
            );
        }
    });
    Ok(())
}

/// At a dice node nobody thinks: the answer is the results `legal` lists
/// (one per combat result in Dejarik), the most likely first with `--top`,
/// or one drawn with `--seed` by its probability. Rolling real dice here
/// would answer sums that `legal` does not list.
fn dice<G: Game>(game: &G, args: &Args) -> anyhow::Result<()> {
    let mut results = Vec::new();
    game.legal_moves(&mut results);
    let chance = |mv| game.chance_probability(mv);
    if let Some(k) = args.top {
        results.sort_by(|a, b| chance(*b).total_cmp(&chance(*a)));
        for (rank, &mv) in results.iter().take(k).enumerate() {
            let percent = 100.0 * chance(mv);
            outln!(
                "{:>2}. {:<12} {percent:.1}%",
                rank + 1,
                game.move_notation(mv)
            );
        }
    } else {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(args.game.seed);
        let mv = sample_listed_chance(game, &mut rng);
        outln!("{}", game.move_notation(mv));
        let count = results.len();
        eprintln!(
            "the dice decide here: drawn with probability {:.1}% from the {count} {} `legal` lists",
            100.0 * chance(mv),
            if count == 1 { "result" } else { "results" },
        );
    }
    Ok(())
}

/// A score for people: proven results as plies to the end, others as they are.
pub fn score_text(score: i32) -> String {
    if score >= PROVEN {
        format!("win in {} plies", WIN - score)
    } else if score <= -PROVEN {
        format!("loss in {} plies", WIN + score)
    } else {
        format!("{score:+}")
    }
}
