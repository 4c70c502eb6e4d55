//! Argument parsing and dispatch for the `holotable` binary.
//!
//! Every failure that comes from the user's input ends the process with exit
//! code 2 and one line on stderr, so scripts can tell it from a crash.

mod game_args;
mod legal;
mod perft;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "holotable", version, about = "Holochess-style board games for Discord communities")]
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
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Legal(args) => legal::run(&args),
        Command::Perft(args) => perft::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}
