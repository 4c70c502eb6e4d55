//! `holotable render`: one board image as a PNG file.

use super::game_args::GameArgs;
use super::terminal_lang;
use anyhow::Context;
use holotable::i18n::Lang;
use holotable::render::{DEFAULT_SIZE, Overlay, board_png};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Play MOVE from the position first and mark it as the last move.
    #[arg(long, value_name = "MOVE")]
    last_move: Option<String>,
    /// Candidate moves, comma-separated, drawn as arrows from piece to
    /// destination numbered 1, 2, .. (as the options of a poll).
    #[arg(long, value_name = "M1,M2,..", value_delimiter = ',')]
    mark_moves: Vec<String>,
    /// Show the legal destinations of the piece on SQUARE.
    #[arg(long, value_name = "SQUARE")]
    highlight: Option<String>,
    /// Width and height in pixels (256 to 2,048).
    #[arg(long, default_value_t = DEFAULT_SIZE, value_parser = super::ranges::IMAGE_SIZE)]
    size: u32,
    /// The language of the caption and keys: en, es or ja (default: from
    /// LC_ALL, LC_MESSAGES or LANG, else English).
    #[arg(long)]
    lang: Option<Lang>,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let mut game = args.game.load()?;
    let mut overlay = Overlay::new(args.size).with_lang(terminal_lang(args.lang));
    if let Some(mv) = &args.last_move {
        let before = game.clone();
        game.play_notation(mv)
            .with_context(|| format!("--last-move {mv}"))?;
        overlay = overlay.with_last_move(&before, mv)?;
    }
    for (index, mv) in args.mark_moves.iter().enumerate() {
        let number = u8::try_from(index + 1).context("--mark-moves takes at most 255 moves")?;
        overlay = overlay
            .with_candidate(&game, number, mv)
            .with_context(|| format!("--mark-moves {mv}"))?;
    }
    if let Some(square) = &args.highlight {
        overlay = overlay
            .with_highlight(&game, square)
            .with_context(|| format!("--highlight {square}"))?;
    }
    let png = board_png(&game, &overlay);
    std::fs::write(&args.out, png)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    Ok(())
}
