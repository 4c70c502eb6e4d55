//! `holotable perft`: counts move sequences, optionally split by first move.

use super::game_args::GameArgs;
use holotable::games::{Game, perft};
use holotable::with_game;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// How many plies deep to count.
    depth: u32,
    /// Print the count below each first move.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let game = args.game.load()?;
    let started = Instant::now();
    let total = with_game!(&game, g => {
        if args.divide && args.depth > 0 {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let mut lines: Vec<(String, u64)> = moves
                .iter()
                .map(|&mv| {
                    let mut child = g.clone();
                    child.play_unchecked(mv);
                    (g.move_notation(mv), perft(&child, args.depth - 1))
                })
                .collect();
            lines.sort();
            for (notation, count) in &lines {
                println!("{notation}: {count}");
            }
            lines.iter().map(|(_, count)| count).sum()
        } else {
            perft(g, args.depth)
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    println!("{total}");
    tracing::info!(
        nodes = total,
        seconds,
        nodes_per_second = total as f64 / seconds.max(1e-9),
        "perft done"
    );
    Ok(())
}
