//! `holotable think`: the engine's move for a position, or its ranking of
//! the best few.

use super::game_args::GameArgs;
use anyhow::Context;
use holotable::engine::{self, Engine, Level, PROVEN, WIN};
use holotable::games::Game;
use holotable::with_game;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Playing level: random, greedy, easy, normal, hard or max.
    #[arg(long, default_value = "normal")]
    level: Level,
    /// Time per move in milliseconds, instead of the level's own budget.
    #[arg(long)]
    ms: Option<u64>,
    /// List the K best moves with their scores instead of one move.
    #[arg(long, value_name = "K")]
    top: Option<usize>,
    /// A solved table (from `holotable solve`) for `max` to read.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    if let Some(path) = &args.table {
        load_table(path)?;
    }
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
        if let Some(k) = args.top {
            for (rank, scored) in engine.top_k(g, k)?.iter().enumerate() {
                println!("{:>2}. {:<12} {}", rank + 1, g.move_notation(scored.mv), score_text(scored.score));
            }
        } else {
            let choice = engine.choose(g)?;
            println!("{}", g.move_notation(choice.mv));
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

/// Loads a solved Space Checkers table and makes it available to `max`.
pub fn load_table(path: &std::path::Path) -> anyhow::Result<()> {
    let table =
        engine::solver::Table::load(path).with_context(|| format!("loading {}", path.display()))?;
    tracing::info!(
        pieces = table.pieces(),
        positions = table.len(),
        "table loaded"
    );
    engine::solver::install(table)?;
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
