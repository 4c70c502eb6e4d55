//! `holotable bot`: runs the Discord bot. Every setting comes from the
//! environment or `.env` (see `.env.example`); flags override them.
//!
//! A missing or rejected token ends with one line and exit code 2. The
//! token is never printed: clap is told to hide its value, and the log
//! redacts it (see `logging.rs`).

use anyhow::{Context, bail};
use holotable::discord::{self, BotConfig, BotError};
use holotable::service::Settings;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// The bot token from the Discord developer portal.
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true, hide = true)]
    token: Option<String>,
    /// The database file.
    // A PostgreSQL URL may carry a password: `--help` must not print it.
    #[arg(
        long,
        env = "DATABASE_URL",
        hide_env_values = true,
        default_value = "sqlite://holotable.db"
    )]
    db: String,
    /// Send every REST call and the gateway discovery here (scheme and
    /// host, e.g. http://127.0.0.1:3000) instead of Discord.
    #[arg(long, env = "DISCORD_API_URL")]
    api_url: Option<String>,
    /// Register the commands in this guild only (instant; for development).
    #[arg(long, env = "DEV_GUILD_ID")]
    dev_guild: Option<u64>,
    /// Default length of a vote, in seconds.
    #[arg(long, env = "HOLOTABLE_VOTE_SECS", default_value_t = 3600)]
    vote_secs: u64,
    /// Shortest vote `/community start` accepts, in seconds.
    #[arg(long, env = "HOLOTABLE_MIN_VOTE_SECS", default_value_t = 10)]
    min_vote_secs: u64,
    /// Shortest vote shown as a native Discord poll, in seconds (shorter
    /// votes get menus; polls run in whole hours and are ended early).
    #[arg(long, env = "HOLOTABLE_POLL_MIN_SECS", default_value_t = 3600)]
    poll_min_secs: u64,
    /// Default engine level: random, greedy, easy, normal, hard or max.
    #[arg(long, env = "HOLOTABLE_LEVEL", default_value = "normal")]
    level: String,
    /// Least time between two edits of a menu ballot's live tally, in seconds.
    #[arg(long, env = "HOLOTABLE_TALLY_SECS", default_value_t = 5)]
    tally_secs: u64,
    /// Board image size in pixels.
    #[arg(long, env = "HOLOTABLE_BOARD_SIZE", default_value_t = holotable::discord::DEFAULT_BOARD_SIZE)]
    board_size: u32,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let token = match args.token.as_deref().map(str::trim) {
        Some(token) if !token.is_empty() => token.to_string(),
        _ => bail!("DISCORD_TOKEN is not set: put the bot token in the environment or in .env"),
    };
    // A --token flag is a secret too, not only DISCORD_TOKEN.
    super::logging::keep_secret(&token);
    if !(1..=7 * 86_400).contains(&args.min_vote_secs) {
        bail!("HOLOTABLE_MIN_VOTE_SECS must be from 1 to 604800 seconds");
    }
    if !(16..=2048).contains(&args.board_size) {
        bail!("HOLOTABLE_BOARD_SIZE must be from 16 to 2048 pixels");
    }
    let settings = Settings {
        vote_ms: secs_to_ms(args.vote_secs),
        min_vote_ms: secs_to_ms(args.min_vote_secs),
        level: args.level.clone(),
        ..Settings::default()
    };
    let config = BotConfig {
        token,
        database_url: args.db.clone(),
        api_url: args.api_url.clone().filter(|url| !url.trim().is_empty()),
        dev_guild: args.dev_guild,
        settings,
        poll_min_ms: secs_to_ms(args.poll_min_secs),
        tally_every: Duration::from_secs(args.tally_secs.max(1)),
        board_size: args.board_size,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    match runtime.block_on(discord::run(config)) {
        Ok(()) => Ok(()),
        Err(BotError::TokenRejected) => bail!("{}", BotError::TokenRejected),
        Err(error) => Err(error.into()),
    }
}

fn secs_to_ms(secs: u64) -> i64 {
    i64::try_from(secs)
        .unwrap_or(i64::MAX / 1000)
        .saturating_mul(1000)
}
