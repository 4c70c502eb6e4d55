//! `holotable legal`: the legal moves of a position.

use super::game_args::GameArgs;

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
    moves.sort_by_cached_key(|mv| natural_key(&mv.notation));
    if args.json {
        println!("{}", serde_json::to_string_pretty(&moves)?);
    } else {
        for mv in moves {
            println!("{}", mv.notation);
        }
    }
    Ok(())
}

/// Sorts numbers inside notation by value, so A2 comes before A11.
fn natural_key(text: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let letters = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (prefix, tail) = rest.split_at(letters);
        let digits = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let (number, tail) = tail.split_at(digits);
        key.push((prefix.to_string(), number.parse().unwrap_or(0)));
        rest = tail;
    }
    key
}
