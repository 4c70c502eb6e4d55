//! `holotable legal`: the legal moves of a position.

use super::game_args::GameArgs;
use crate::cli::output::outln;
use holotable::games::natural_cmp;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Print JSON: each move with its resulting position and captures.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let game = args.game.load()?;
    let mut moves = game.legal_details();
    moves.sort_by(|a, b| natural_cmp(&a.notation, &b.notation));
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&moves)?);
    } else {
        for mv in moves {
            outln!("{}", mv.notation);
        }
    }
    Ok(())
}
