//! `holotable replay`: a whole recorded game as an animated GIF.

use super::terminal_lang;
use anyhow::Context;
use holotable::games::GameRecord;
use holotable::i18n::Lang;
use holotable::render::{DEFAULT_SIZE, replay_gif};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// A game record: JSON with `game`, `rules`, `start` and `moves`.
    record: PathBuf,
    /// Width and height in pixels (256 to 2,048).
    #[arg(long, default_value_t = DEFAULT_SIZE, value_parser = super::ranges::IMAGE_SIZE)]
    size: u32,
    /// The language of the caption and keys: en, es or ja (default: from
    /// LC_ALL, LC_MESSAGES or LANG, else English).
    #[arg(long)]
    lang: Option<Lang>,
    /// Where to write the GIF.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let path = args.record.display();
    let text =
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {path}"))?;
    let record: GameRecord =
        serde_json::from_str(&text).with_context(|| format!("{path} is not a game record"))?;
    let gif = replay_gif(&record, args.size, terminal_lang(args.lang))
        .with_context(|| format!("{path} does not replay"))?;
    std::fs::write(&args.out, gif)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    Ok(())
}
