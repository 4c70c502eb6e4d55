//! `holotable perft`: counts move sequences, optionally split by first move.

use super::game_args::GameArgs;
use super::ranges;
use crate::cli::output::outln;
use holotable::games::{Game, perft};
use holotable::with_game;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// How many plies deep to count (0 to 30).
    #[arg(value_parser = DEPTHS)]
    depth: u32,
    /// Print the count below each first move.
    #[arg(long)]
    divide: bool,
}

/// Perft keeps one move list per ply, and no game here could be counted
/// even 20 plies deep in a lifetime, so deeper requests are refused rather
/// than allowed to allocate for billions of plies and abort.
const DEPTHS: ranges::Whole<u32> = ranges::whole(0, 30);

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
                outln!("{notation}: {count}");
            }
            lines.iter().map(|(_, count)| count).sum()
        } else {
            perft(g, args.depth)
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    outln!("{total}");
    tracing::info!(
        nodes = total,
        seconds,
        nodes_per_second = total as f64 / seconds.max(1e-9),
        "perft done"
    );
    Ok(())
}
