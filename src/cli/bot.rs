//! `holotable bot`: runs the Discord bot. Every setting comes from the
//! environment or `.env` (see `.env.example`); flags override them.
//!
//! A missing or rejected token ends with one line and exit code 2. The
//! token is never printed: clap is told to hide its value, and the log
//! redacts it (see `logging.rs`).

use anyhow::{Context, bail};
use holotable::discord::{self, BotConfig, BotError, ShardRange};
use holotable::service::Settings;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// The bot token from the Discord developer portal.
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true, hide = true)]
    token: Option<String>,
    #[command(flatten)]
    db: crate::cli::DatabaseArg,
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
    /// Default engine level: adaptive (the level nearest the channel's
    /// rating against the engine), random, greedy, easy, normal, hard or max.
    // Adaptive by default: the simulation in docs/engine.md ("The adaptive
    // level") settles within a few games in every game.
    #[arg(long, env = "HOLOTABLE_LEVEL", default_value = "adaptive")]
    level: String,
    /// Least time between two edits of a menu ballot's live tally, in seconds.
    #[arg(long, env = "HOLOTABLE_TALLY_SECS", default_value_t = 5)]
    tally_secs: u64,
    /// This process's name in the leases on shared work, unique among the
    /// processes on one database. Default: the process id and a random
    /// suffix.
    #[arg(long, env = "HOLOTABLE_PROCESS_ID")]
    process_id: Option<String>,
    /// How long a lease on shared work holds without renewal, in seconds:
    /// how soon another process takes over a dead one's work.
    #[arg(long, env = "HOLOTABLE_LEASE_SECS", default_value_t = 30)]
    lease_secs: u64,
    /// Board image size in pixels.
    #[arg(long, env = "HOLOTABLE_BOARD_SIZE", default_value_t = holotable::discord::DEFAULT_BOARD_SIZE)]
    board_size: u32,
    /// The gateway shards this process runs, as FIRST-LAST/TOTAL (e.g.
    /// 0-3/8) or ID/TOTAL. Unset: every shard Discord recommends.
    #[arg(long, env = "HOLOTABLE_SHARDS")]
    shards: Option<String>,
    /// Serve Prometheus metrics (/metrics) and a health check (/health) on
    /// this address, e.g. 127.0.0.1:9464. Unset: no endpoint.
    #[arg(long, env = "HOLOTABLE_METRICS_ADDR")]
    metrics_addr: Option<String>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let token = match args.token.as_deref().map(str::trim) {
        Some(token) if !token.is_empty() => token.to_string(),
        _ => bail!("DISCORD_TOKEN is not set: put the bot token in the environment or in .env"),
    };
    // A --token flag is a secret too, not only DISCORD_TOKEN.
    super::logging::keep_secret(&token);
    check_vote_settings(args)?;
    if !(16..=2048).contains(&args.board_size) {
        bail!("HOLOTABLE_BOARD_SIZE must be from 16 to 2048 pixels");
    }
    let shards = match args.shards.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(text.parse::<ShardRange>().map_err(|error| {
            anyhow::anyhow!("HOLOTABLE_SHARDS={text:?} is not a shard range: {error}")
        })?),
    };
    let metrics_addr = match args.metrics_addr.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(text.parse::<std::net::SocketAddr>().map_err(|_| {
            anyhow::anyhow!(
                "HOLOTABLE_METRICS_ADDR={text:?} is not an address: write IP:PORT, e.g. 127.0.0.1:9464"
            )
        })?),
    };
    if !(3..=3_600).contains(&args.lease_secs) {
        bail!("HOLOTABLE_LEASE_SECS must be from 3 to 3600 seconds");
    }
    let mut settings = Settings {
        vote_ms: secs_to_ms(args.vote_secs),
        min_vote_ms: secs_to_ms(args.min_vote_secs),
        level: args.level.clone(),
        lease: Duration::from_secs(args.lease_secs),
        ..Settings::default()
    };
    if let Some(id) = args.process_id.as_deref().map(str::trim)
        && !id.is_empty()
    {
        settings.process_id = id.to_string();
    }
    let config = BotConfig {
        token,
        database_url: args.db.url.clone(),
        api_url: args.api_url.clone().filter(|url| !url.trim().is_empty()),
        dev_guild: args.dev_guild,
        settings,
        poll_min_ms: secs_to_ms(args.poll_min_secs),
        tally_every: Duration::from_secs(args.tally_secs),
        board_size: args.board_size,
        shards,
        metrics_addr,
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

/// The longest vote a community game can have (the service's own bound).
const MAX_VOTE_SECS: u64 = 7 * 86_400;

/// The settings `play` would refuse, refused before connecting: a bot
/// that starts on them answers every `/community start` with an error, or
/// edits its tallies in a busy loop.
fn check_vote_settings(args: &Args) -> anyhow::Result<()> {
    if !(1..=MAX_VOTE_SECS).contains(&args.min_vote_secs) {
        bail!(
            "HOLOTABLE_MIN_VOTE_SECS (--min-vote-secs) must be from 1 to {MAX_VOTE_SECS} seconds"
        );
    }
    if !(args.min_vote_secs..=MAX_VOTE_SECS).contains(&args.vote_secs) {
        bail!(
            "HOLOTABLE_VOTE_SECS (--vote-secs) must be from HOLOTABLE_MIN_VOTE_SECS ({}) to {MAX_VOTE_SECS} seconds",
            args.min_vote_secs
        );
    }
    if !(1..=3_600).contains(&args.tally_secs) {
        bail!("HOLOTABLE_TALLY_SECS (--tally-secs) must be from 1 to 3600 seconds");
    }
    if args.level != holotable::service::adaptive::ADAPTIVE
        && let Err(unknown) = args.level.parse::<holotable::engine::Level>()
    {
        bail!("HOLOTABLE_LEVEL (--level): {unknown}, or adaptive");
    }
    Ok(())
}

fn secs_to_ms(secs: u64) -> i64 {
    i64::try_from(secs)
        .unwrap_or(i64::MAX / 1000)
        .saturating_mul(1000)
}
