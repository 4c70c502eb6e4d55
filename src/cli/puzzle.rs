//! `holotable puzzle`: solve one shipped puzzle at the terminal, in the
//! words the bot uses on Discord and in the terminal's language. Each
//! step's board, with the candidates numbered, is written beside; a move
//! (or a candidate's number) is read a line at a time, a multi-move
//! puzzle answers with the reply and asks again, and the line and why it
//! is the answer are shown at the end.

use crate::cli::output::outln;
use crate::cli::terminal_lang;
use anyhow::{Context, bail};
use holotable::games::GameKind;
use holotable::games::puzzle::{self, Puzzle, Verdict};
use holotable::i18n::Lang;
use holotable::render::{Overlay, board_png};
use holotable::service::{puzzle_heading, puzzle_line, puzzle_task, puzzle_why};
use holotable::t;
use std::io::BufRead;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The game: space-checkers, dejarik, holochess or djambi.
    game: GameKind,
    /// The puzzle, like space-checkers-5f3a09c2e1 (default: one picked by --seed).
    #[arg(long)]
    id: Option<String>,
    /// Picks the puzzle when --id is not given (any 64-bit number; default:
    /// random).
    #[arg(long, value_parser = super::ranges::seed())]
    seed: Option<u64>,
    /// Where each step's board goes.
    #[arg(long, default_value = "holotable-puzzle")]
    out: PathBuf,
    /// Board image size in pixels (256 to 2,048).
    #[arg(long, default_value_t = 640, value_parser = super::ranges::IMAGE_SIZE)]
    size: u32,
    /// The language of what is said: en, es or ja (default: from LC_ALL,
    /// LC_MESSAGES or LANG, else English).
    #[arg(long)]
    lang: Option<Lang>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let lang = terminal_lang(args.lang);
    let puzzle = pick(args)?;
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("creating {}", args.out.display()))?;
    // The heading is bold in Discord's markdown, which a terminal prints
    // as it is.
    let heading = puzzle_heading(lang, &puzzle).replace("**", "");
    outln!("{heading} ({})", puzzle.id);
    outln!("{}", puzzle_task(lang, &puzzle));
    let mut input = std::io::stdin().lock();
    for (index, step) in puzzle.steps.iter().enumerate() {
        let board = args.out.join(format!("step-{}.png", index + 1));
        let mut overlay = Overlay::new(args.size).with_lang(lang);
        let game = puzzle.game_at(index);
        for (number, mv) in step.candidates.iter().enumerate() {
            overlay = overlay.with_candidate(&game, number as u8 + 1, mv)?;
        }
        std::fs::write(&board, board_png(&game, &overlay))
            .with_context(|| format!("writing {}", board.display()))?;
        outln!(
            "{}",
            t!(
                lang,
                "play-board-written",
                path = board.display().to_string()
            )
        );
        outln!(
            "{}",
            t!(lang, "puzzle-terminal-position", position = game.position())
        );
        let options: Vec<String> = step
            .candidates
            .iter()
            .enumerate()
            .map(|(i, mv)| format!("{}. {mv}", i + 1))
            .collect();
        outln!("{}", options.join("   "));
        loop {
            outln!(
                "{}",
                t!(
                    lang,
                    "puzzle-terminal-ask",
                    step = index + 1,
                    steps = puzzle.steps.len()
                )
            );
            let mut line = Vec::new();
            if input
                .read_until(b'\n', &mut line)
                .context("reading stdin")?
                == 0
            {
                bail!("stdin ended before the puzzle was solved");
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            // A candidate's number stands for its move.
            let typed = text
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| step.candidates.get(i))
                .map_or(text, String::as_str);
            match puzzle.judge(index, typed) {
                Err(_) => outln!(
                    "{}",
                    t!(
                        lang,
                        "puzzle-answer-not-a-move",
                        moves = holotable::service::text::or_list(lang, &step.candidates)
                    )
                ),
                Ok(Verdict::Wrong) => {
                    let tried = game
                        .clone()
                        .play_notation(typed)
                        .unwrap_or_else(|_| typed.into());
                    outln!("{}", t!(lang, "puzzle-answer-wrong", tried = tried));
                    outln!("{}", puzzle_line(lang, &puzzle));
                    outln!("{}", puzzle_why(lang, &puzzle));
                    return Ok(());
                }
                Ok(Verdict::Right) if index + 1 < puzzle.steps.len() => {
                    outln!("{}", t!(lang, "puzzle-answer-right"));
                    outln!(
                        "{}",
                        t!(
                            lang,
                            "puzzle-solve-reply",
                            reply = holotable::service::text::then_list(lang, &step.reply)
                        )
                    );
                    break;
                }
                Ok(Verdict::Right) => {
                    outln!("{}", t!(lang, "puzzle-answer-solved"));
                    outln!("{}", puzzle_line(lang, &puzzle));
                    outln!("{}", puzzle_why(lang, &puzzle));
                    return Ok(());
                }
            }
        }
    }
    Ok(())
}

fn pick(args: &Args) -> anyhow::Result<Puzzle> {
    if let Some(id) = &args.id {
        let found = puzzle::by_id(id).with_context(|| format!("no puzzle {id:?}"))?;
        if found.game != args.game {
            bail!("puzzle {id} is a {} puzzle", found.game);
        }
        return Ok(found.clone());
    }
    let of: Vec<&Puzzle> = puzzle::shipped()
        .iter()
        .filter(|p| p.game == args.game)
        .collect();
    if of.is_empty() {
        bail!("no {} puzzles are shipped", args.game);
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    Ok(of[(seed % of.len() as u64) as usize].clone())
}
