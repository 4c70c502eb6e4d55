//! `holotable perft`: counts move sequences, optionally split by first move.

use super::game_args::GameArgs;
use crate::cli::output::outln;
use holotable::games::{Game, perft};
use holotable::with_game;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// How many plies deep to count (at most 30).
    #[arg(value_parser = depth)]
    depth: u32,
    /// Print the count below each first move.
    #[arg(long)]
    divide: bool,
}

/// Perft keeps one move list per ply, and no game here could be counted
/// even 20 plies deep in a lifetime, so deeper requests are refused rather
/// than allowed to allocate for billions of plies and abort.
const MAX_DEPTH: u32 = 30;

fn depth(text: &str) -> Result<u32, String> {
    text.parse()
        .ok()
        .filter(|depth| *depth <= MAX_DEPTH)
        .ok_or_else(|| format!("the depth must be a whole number from 0 to {MAX_DEPTH}"))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_depth_is_capped_at_30() {
        assert_eq!(depth("0"), Ok(0));
        assert_eq!(depth("30"), Ok(30));
        for refused in ["31", "4294967295", "-1", "two"] {
            assert_eq!(
                depth(refused),
                Err("the depth must be a whole number from 0 to 30".to_string()),
                "{refused}"
            );
        }
    }
}
