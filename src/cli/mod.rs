//! Argument parsing and dispatch for the `holotable` binary.
//!
//! Every failure that comes from the user's input ends the process with exit
//! code 2 and one line on stderr, so scripts can tell it from a crash.

mod adaptive;
mod arena;
mod bench;
mod bot;
mod export;
mod game_args;
mod held;
mod legal;
mod logging;
mod matches;
mod output;
mod perft;
mod play;
mod puzzle;
mod puzzles;
mod ranges;
mod render;
mod replay;
mod review;
mod solve;
mod stopped;
mod think;
mod typed_lines;
mod web;

use anyhow::Context;
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::Path;
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
    /// Run the Discord bot (settings from the environment or .env).
    Bot(bot::Args),
    /// List every legal move of a position, one per line, sorted.
    Legal(legal::Args),
    /// Play a community game at the terminal (you vote, or a simulated crowd).
    Play(play::Args),
    /// Play a match at the terminal: people taking turns, or you against
    /// the engine (--vs-engine LEVEL).
    Match(matches::Args),
    /// Measure the bot at scale: ballots due together, votes, a restart.
    Bench(bench::Args),
    /// Write a stored game (community game or match) by id: its record as
    /// JSON, its replay GIF and its move list.
    Export(export::Args),
    /// Count the move sequences of a given depth (move-generator check).
    Perft(perft::Args),
    /// Draw a board as a PNG, optionally with the last move and numbered
    /// candidate moves marked.
    Render(render::Args),
    /// Replay a recorded game as an animated GIF, one frame per move.
    Replay(replay::Args),
    /// The engine's review of a finished community game: a verdict on each
    /// of the community's decisions, the turning point, the accuracy.
    Review(review::Args),
    /// The engine's move for a position, or its K best moves with scores.
    Think(think::Args),
    /// Play a match between two engine levels and report the Elo difference.
    Arena(arena::Args),
    /// A crowd of fixed strength plays a series against the adaptive level:
    /// the level chosen and the rating after each game.
    SimulateAdaptive(adaptive::Args),
    /// Solve a small game by retrograde analysis into a table file.
    Solve(solve::Args),
    /// Make daily puzzles from self-play, or check the shipped ones.
    Puzzles(puzzles::Args),
    /// Solve one shipped puzzle at the terminal.
    Puzzle(puzzle::Args),
    /// Serve the web pages alone, read from the bot's database (a role
    /// that may only read is enough).
    Web(web::Args),
}

/// Where a command's engine finds the solved table of its `max` level.
enum SolvedTable<'a> {
    /// The command never plays `max`.
    Unused,
    /// `--table FILE` where the command has the flag and it was given, else
    /// `HOLOTABLE_SOLVED_TABLE`, else the built-in tables only.
    Read { flag: Option<&'a Path> },
}

impl Command {
    /// What is logged unless `RUST_LOG` says otherwise. A server (the bot,
    /// the pages) runs unwatched, so its warnings are its operator's
    /// record. A command a person waits on ends in one line saying what
    /// went wrong; the warnings met on the way (a statement sqlx found
    /// slow, a retry the service logged) would only bury that line.
    fn log_by_default(&self) -> &'static str {
        match self {
            Command::Bot(_) | Command::Web(_) => "warn",
            Command::Legal(_)
            | Command::Play(_)
            | Command::Match(_)
            | Command::Bench(_)
            | Command::Export(_)
            | Command::Perft(_)
            | Command::Render(_)
            | Command::Replay(_)
            | Command::Review(_)
            | Command::Think(_)
            | Command::Arena(_)
            | Command::SimulateAdaptive(_)
            | Command::Solve(_)
            | Command::Puzzles(_)
            | Command::Puzzle(_) => "off",
        }
    }

    /// Every command that can play or judge with `max` reads the same file
    /// the same way, before it does anything else: a file that cannot be
    /// read stops it at once, in one line, rather than some commands
    /// quietly playing without it. Reading it costs a 6-piece table's
    /// inflation, so the commands without `max` do not, and a bad file
    /// does not stop `legal`. No arm is a wildcard: a new command must say.
    fn solved_table(&self) -> SolvedTable<'_> {
        match self {
            Command::Think(args) => SolvedTable::Read { flag: args.table() },
            Command::Arena(args) => SolvedTable::Read { flag: args.table() },
            // An export holds a review, judged with the tables the bot
            // played with.
            Command::Bot(_)
            | Command::Play(_)
            | Command::Match(_)
            | Command::Review(_)
            | Command::Export(_)
            | Command::SimulateAdaptive(_) => SolvedTable::Read { flag: None },
            // The benches play `normal` and `random` only; `solve` writes
            // tables and reads none.
            Command::Bench(_)
            | Command::Solve(_)
            | Command::Puzzles(_)
            | Command::Puzzle(_)
            | Command::Legal(_)
            | Command::Perft(_)
            | Command::Render(_)
            | Command::Replay(_)
            | Command::Web(_) => SolvedTable::Unused,
        }
    }

    fn run(&self) -> anyhow::Result<()> {
        match self {
            Command::Bot(args) => bot::run(args),
            Command::Legal(args) => legal::run(args),
            Command::Perft(args) => perft::run(args),
            Command::Export(args) => export::run(args),
            Command::Bench(args) => bench::run(args),
            Command::Play(args) => play::run(args),
            Command::Match(args) => matches::run(args),
            Command::Render(args) => render::run(args),
            Command::Replay(args) => replay::run(args),
            Command::Review(args) => review::run(args),
            Command::Think(args) => think::run(args),
            Command::Arena(args) => arena::run(args),
            Command::SimulateAdaptive(args) => adaptive::run(args),
            Command::Solve(args) => solve::run(args),
            Command::Puzzles(args) => puzzles::run(args),
            Command::Puzzle(args) => puzzle::run(args),
            Command::Web(args) => web::run(args),
        }
    }
}

/// The command line as clap reads it: [`Cli`]'s arguments, with every
/// numeric one free to take a negative value that its range then refuses.
fn command() -> clap::Command {
    ranges::negatives_reach_the_range(Cli::command())
}

fn parse<I>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator,
    I::Item: Into<std::ffi::OsString> + Clone,
{
    let mut matches = command().try_get_matches_from(args)?;
    Cli::from_arg_matches_mut(&mut matches).map_err(|error| error.format(&mut command()))
}

/// An address setting (`--x-addr` or its variable); blank is unset.
pub(crate) fn address_setting(
    name: &str,
    text: Option<&str>,
    example_port: u16,
) -> anyhow::Result<Option<std::net::SocketAddr>> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| {
            anyhow::anyhow!(
                "{name}={text:?} is not an address: write IP:PORT, e.g. 127.0.0.1:{example_port}"
            )
        }),
    }
}

/// `HOLOTABLE_PUBLIC_URL`: an http(s) address, kept without a trailing
/// slash; blank is unset.
fn public_url(text: Option<&str>) -> anyhow::Result<Option<String>> {
    match text.map(str::trim) {
        None | Some("") => Ok(None),
        Some(url) if url.starts_with("https://") || url.starts_with("http://") => {
            Ok(Some(url.trim_end_matches('/').to_string()))
        }
        Some(url) => anyhow::bail!(
            "HOLOTABLE_PUBLIC_URL={url:?} is not a web address: write it as https://holotable.example.org"
        ),
    }
}

/// `--db` of the commands that share the bot's database.
#[derive(clap::Args)]
pub struct DatabaseArg {
    /// The database: a sqlite:// or postgres:// URL.
    // A PostgreSQL URL may carry a password: `--help` must not print it.
    #[arg(
        long = "db",
        env = "DATABASE_URL",
        hide_env_values = true,
        default_value = "sqlite://holotable.db"
    )]
    pub url: String,
    #[command(flatten)]
    pub timeout: DatabaseTimeoutArg,
}

/// `--db-timeout` of every command that opens a database.
#[derive(clap::Args)]
pub struct DatabaseTimeoutArg {
    /// Seconds to wait for the database to connect or to answer a
    /// statement before giving up (1 to 3,600).
    // Past an hour a statement is a stuck one; under a second would cut
    // off every slow disk.
    #[arg(
        long = "db-timeout",
        env = "HOLOTABLE_DB_TIMEOUT",
        value_name = "SECS",
        default_value_t = holotable::service::DATABASE_TIMEOUT.as_secs(),
        value_parser = ranges::whole::<u64>(1, 3_600),
    )]
    secs: u64,
}

impl DatabaseTimeoutArg {
    pub fn get(&self) -> std::time::Duration {
        std::time::Duration::from_secs(self.secs)
    }
}

pub fn run() -> ExitCode {
    // A missing .env is normal; settings may come from the environment alone.
    let _ = dotenvy::dotenv();
    keep_database_passwords();
    let cli = match parse(std::env::args_os()) {
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
            say_error(rendered.lines().next().unwrap_or("error: invalid value"));
            return ExitCode::from(2);
        }
        Err(error) => error.exit(),
    };
    logging::init(cli.command.log_by_default());
    let result = solved_table(cli.command.solved_table()).and_then(|()| cli.command.run());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of stdout has what it wanted (`| head -1`): nothing
        // failed that the user needs to hear about.
        Err(error) if output::is_closed_pipe(&error) => ExitCode::SUCCESS,
        Err(error) if error.is::<held::PlayedElsewhere>() => {
            say_error(&format!("{error}"));
            ExitCode::from(held::PlayedElsewhere::EXIT_CODE)
        }
        Err(error) => {
            say_error(&format!("error: {error:#}"));
            ExitCode::from(2)
        }
    }
}

/// One line on stderr, secrets redacted; a stderr that cannot be written
/// to has no one to tell, so that failure is dropped rather than panicking
/// as `eprintln!` would.
fn say_error(line: &str) {
    use std::io::Write;
    let mut text = logging::redacted(line.as_bytes().to_vec());
    text.push(b'\n');
    let _ = std::io::stderr().write_all(&text);
}

/// Every command that opens a database takes it from `--db` or
/// `DATABASE_URL`: their
/// passwords become secrets before anything can print them, in our
/// messages or in a driver's.
fn keep_database_passwords() {
    if let Ok(url) = std::env::var("DATABASE_URL") {
        logging::keep_database_password(&url);
    }
    // `args_os`: `args` panics on an argument that is not UTF-8.
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    for (i, arg) in args.iter().enumerate() {
        if arg == "--db"
            && let Some(url) = args.get(i + 1)
        {
            logging::keep_database_password(url);
        } else if let Some(url) = arg.strip_prefix("--db=") {
            logging::keep_database_password(url);
        }
    }
}

/// The async runtime of the commands that drive the service from a
/// terminal (`play`, `match`, `bench`): two workers are plenty for
/// work that mostly waits on SQLite, and leave the engine a core.
fn terminal_runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the async runtime")
}

/// What `play`, `match` and `export` drive: the store opened for `access`,
/// and a service on a clock that starts now and moves only when the
/// command moves it (people at a terminal never wait on a real deadline).
async fn terminal_service(
    db: &str,
    timeout: &DatabaseTimeoutArg,
    access: holotable::model::Access,
    settings: holotable::service::Settings,
) -> anyhow::Result<(holotable::service::Service, holotable::service::ManualClock)> {
    use holotable::service::{Clock, EngineOpponent, ManualClock, Service, SystemClock};
    let clock = ManualClock::starting_at(SystemClock.now());
    let settings = holotable::service::Settings {
        process_id: held::process_id(),
        ..settings
    };
    let service = Service::open(
        db,
        access,
        timeout.get(),
        std::sync::Arc::new(clock.clone()),
        std::sync::Arc::new(EngineOpponent),
        settings,
    )
    .await
    .with_context(|| format!("opening {}", holotable::model::without_password(db)))?;
    Ok((service, clock))
}

/// Creates a command's output folder, once the command knows it will
/// write there: a game another process plays leaves none behind.
fn out_folder(out: &std::path::Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))
}

/// The engine's `max` level plays Space Checkers perfectly with a solved
/// table. The 3- and 4-piece tables are built in; another one (`holotable
/// solve`), e.g. with 5 pieces a side, is named by `--table` or else by
/// `HOLOTABLE_SOLVED_TABLE`: the flag wins, as flags win over the
/// environment everywhere else. An empty variable is an unset one, as
/// `.env.example` leaves it.
fn solved_table(source: SolvedTable<'_>) -> anyhow::Result<()> {
    let SolvedTable::Read { flag } = source else {
        return Ok(());
    };
    let from_env = std::env::var_os("HOLOTABLE_SOLVED_TABLE").filter(|path| !path.is_empty());
    match flag.or(from_env.as_deref().map(Path::new)) {
        Some(path) => load_table(path),
        None => Ok(()),
    }
}

/// Loads a solved Space Checkers table and makes it available to `max`.
fn load_table(path: &Path) -> anyhow::Result<()> {
    use holotable::engine::solver;
    let table = solver::Table::load(path).with_context(|| format!("loading {}", path.display()))?;
    tracing::info!(
        pieces = table.pieces(),
        positions = table.len(),
        "table loaded"
    );
    solver::install(table)?;
    Ok(())
}

/// How the terminal writes what the service leaves to a platform (the
/// announcements' parts): a match player by their name, a member of a
/// community by their id, as the terminal has always shown them; no
/// length limit.
pub struct TerminalStyle;

impl holotable::service::Style for TerminalStyle {
    fn member(&self, id: &str) -> String {
        format!("member {id}")
    }

    /// The terminal's roles are names the player chose (`--call`).
    fn role(&self, id: &str) -> String {
        format!("@{id}")
    }

    fn player(&self, player: &holotable::model::PlayerRef) -> String {
        player.name.clone()
    }
}

/// The file a board of `ply` is written to: `ply-005.png`, or `final.png`
/// for the last position (`u32::MAX`).
fn board_file(ply: u32) -> String {
    if ply == u32::MAX {
        "final.png".to_string()
    } else {
        format!("ply-{ply:03}.png")
    }
}

/// The language of the terminal's texts: the `--lang` flag, else the first
/// of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (POSIX's order), else
/// English; a locale holotable does not speak reads as English.
pub fn terminal_lang(flag: Option<holotable::i18n::Lang>) -> holotable::i18n::Lang {
    use holotable::i18n::Lang;
    flag.unwrap_or_else(|| {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::from_posix_locale(&value))
            .unwrap_or_default()
    })
}
