//! Argument parsing and dispatch for the `holotable` binary.
//!
//! Every failure that comes from the user's input ends the process with exit
//! code 2 and one line on stderr, so scripts can tell it from a crash.

mod game_args;
mod legal;
mod perft;
mod render;
mod replay;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "holotable",
    version,
    about = "Holochess-style board games for Discord communities"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every legal move of a position, one per line, sorted.
    Legal(legal::Args),
    /// Count the move sequences of a given depth (move-generator check).
    Perft(perft::Args),
    /// Draw a board as a PNG, optionally with the last move and numbered
    /// candidate moves marked.
    Render(render::Args),
    /// Replay a recorded game as an animated GIF, one frame per move.
    Replay(replay::Args),
}

pub fn run() -> ExitCode {
    // A missing .env is normal; settings may come from the environment alone.
    let _ = dotenvy::dotenv();
    init_logging();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // A bad value (an unknown game, say) is the user's input: one line.
        // Help, version and missing arguments keep clap's fuller output.
        Err(error)
            if matches!(
                error.kind(),
                ErrorKind::InvalidValue | ErrorKind::ValueValidation
            ) =>
        {
            let rendered = error.render().to_string();
            eprintln!(
                "{}",
                rendered.lines().next().unwrap_or("error: invalid value")
            );
            return ExitCode::from(2);
        }
        Err(error) => error.exit(),
    };
    let result = match cli.command {
        Command::Legal(args) => legal::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Replay(args) => replay::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Logs go to stderr through `tracing`, filtered by `RUST_LOG` (default
/// `warn`), so stdout stays clean for output that scripts read.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}
