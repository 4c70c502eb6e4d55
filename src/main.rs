//! The `holotable` command line: the bot, offline play and the tools around
//! the games. It only parses arguments and hands over to the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
