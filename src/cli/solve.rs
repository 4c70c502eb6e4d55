//! `holotable solve`: retrograde analysis of a game small enough to solve,
//! written to a table file. The 3- and 4-piece tables are built in; others
//! are loaded by every command that plays `max`, from
//! `HOLOTABLE_SOLVED_TABLE` or (`think`, `arena`) `--table`.

use crate::cli::output::outln;
use anyhow::{Context, bail};
use holotable::engine::solver;
use holotable::games::GameKind;
use holotable::games::space_checkers::Rules;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The game: only space-checkers can be solved.
    game: GameKind,
    /// Pieces per side (3 to 6; 4 is the default game).
    #[arg(long, default_value_t = 4, value_parser = PIECES)]
    pieces: u8,
    /// Worker threads (1 to 256).
    #[arg(long, default_value_t = 2, value_parser = super::ranges::THREADS)]
    threads: usize,
    /// Where to write the table.
    #[arg(long)]
    out: PathBuf,
    /// Check every position against its children afterwards (one more pass).
    #[arg(long)]
    verify: bool,
}

/// The sizes the game itself allows.
const PIECES: super::ranges::Whole<u8> =
    super::ranges::whole(*Rules::PIECES.start() as i128, *Rules::PIECES.end() as i128);

pub fn run(args: &Args) -> anyhow::Result<()> {
    if args.game != GameKind::SpaceCheckers {
        bail!("only space-checkers can be solved");
    }
    let started = Instant::now();
    let table = solver::solve(args.pieces, args.threads, |pass| {
        eprintln!(
            "pass {:>3}: {:>11} resolved in {:.1} s",
            pass.pass,
            pass.resolved,
            pass.elapsed.as_secs_f64()
        );
    });
    eprintln!("solved in {:.1} s", started.elapsed().as_secs_f64());
    table
        .save(&args.out)
        .with_context(|| format!("writing {}", args.out.display()))?;
    if args.verify {
        let summary = table.verify();
        outln!("{summary:?}");
        if let Some(problem) = summary.inconsistent {
            bail!("inconsistent table: {problem}");
        }
    }
    Ok(())
}
