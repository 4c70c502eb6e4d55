//! `holotable bot`: runs the Discord bot. Every setting comes from the
//! environment or `.env` (see `.env.example`); flags override them.
//!
//! A missing or rejected token ends with one line and exit code 2. The
//! token is never printed: clap is told to hide its value, and the log
//! redacts it (see `logging.rs`).

use super::ranges;
use anyhow::{Context, bail};
use holotable::discord::{self, BotConfig, ShardRange};
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
    /// Register the commands in this guild only (instant; for development),
    /// by its Discord id (1 or more).
    #[arg(long, env = "DEV_GUILD_ID", value_parser = ranges::whole::<u64>(1, u64::MAX as i128))]
    dev_guild: Option<u64>,
    /// Default length of a vote, in seconds (1 to 604,800, and at least
    /// --min-vote-secs).
    #[arg(long, env = "HOLOTABLE_VOTE_SECS", default_value_t = 3600, value_parser = VOTE_SECS)]
    vote_secs: u64,
    /// Shortest vote `/community start` accepts, in seconds (1 to 604,800).
    #[arg(long, env = "HOLOTABLE_MIN_VOTE_SECS", default_value_t = 10, value_parser = VOTE_SECS)]
    min_vote_secs: u64,
    /// Shortest vote shown as a native Discord poll, in seconds (0 to
    /// 604,800; shorter votes get menus; polls run in whole hours and are
    /// ended early).
    // No vote is longer than a week, so a longer minimum would mean nothing.
    #[arg(long, env = "HOLOTABLE_POLL_MIN_SECS", default_value_t = 3600,
          value_parser = ranges::whole::<u64>(0, MAX_VOTE_SECS as i128))]
    poll_min_secs: u64,
    /// Default engine level: adaptive (the level nearest the channel's
    /// rating against the engine), random, greedy, easy, normal, hard or max.
    // Adaptive by default: the simulation in docs/engine.md ("The adaptive
    // level") settles within a few games in every game.
    #[arg(long, env = "HOLOTABLE_LEVEL", default_value = "adaptive")]
    level: String,
    /// Least time between two edits of a menu ballot's live tally, in
    /// seconds (1 to 3,600).
    // Under a second edits in a busy loop; past an hour the tally is news
    // nobody waits for.
    #[arg(long, env = "HOLOTABLE_TALLY_SECS", default_value_t = 5,
          value_parser = ranges::whole::<u64>(1, 3_600))]
    tally_secs: u64,
    /// This process's name in the leases on shared work, unique among the
    /// processes on one database. Default: the process id and a random
    /// suffix.
    #[arg(long, env = "HOLOTABLE_PROCESS_ID")]
    process_id: Option<String>,
    /// How long a lease on shared work holds without renewal, in seconds (3
    /// to 3,600): how soon another process takes over a dead one's work.
    // A lease is renewed at a third of its length: under 3 s that is a
    // database write every second; past an hour a dead process's games
    // wait that long.
    #[arg(long, env = "HOLOTABLE_LEASE_SECS", default_value_t = 30,
          value_parser = ranges::whole::<u64>(3, 3_600))]
    lease_secs: u64,
    /// Board image size in pixels (16 to 2,048).
    // The renderer draws anything under 256 at 256 (render::SIZES); the
    // bot has accepted 16 since before that clamp, and a configuration
    // that started the bot still does.
    #[arg(long, env = "HOLOTABLE_BOARD_SIZE", default_value_t = holotable::discord::DEFAULT_BOARD_SIZE,
          value_parser = ranges::whole::<u32>(16, 2_048))]
    board_size: u32,
    /// The gateway shards this process runs, as FIRST-LAST/TOTAL (e.g.
    /// 0-3/8) or ID/TOTAL; TOTAL from 1 to 100,000, and at most 1,000 shards
    /// in one process. Unset: every shard Discord recommends.
    #[arg(long, env = "HOLOTABLE_SHARDS")]
    shards: Option<String>,
    /// Serve Prometheus metrics (/metrics) and a health check (/health) on
    /// this address, e.g. 127.0.0.1:9464. Unset: no endpoint.
    #[arg(long, env = "HOLOTABLE_METRICS_ADDR")]
    metrics_addr: Option<String>,
    /// Serve the web pages (a page per game, its overlay, the leaderboards)
    /// on this address, e.g. 127.0.0.1:8080. Unset: no pages.
    #[arg(long, env = "HOLOTABLE_WEB_ADDR")]
    web_addr: Option<String>,
    /// The web pages' address as people reach them, e.g.
    /// https://holotable.example.org; board posts then link to their game's
    /// page. Unset: no links.
    #[arg(long, env = "HOLOTABLE_PUBLIC_URL")]
    public_url: Option<String>,
    /// Commands and clicks worked on at once (1 to 100,000); more are
    /// acknowledged at once and wait their turn.
    // Past 100,000 there is no bound in practice: a burst that size costs
    // gigabytes (docs/operations.md, "Ten thousand servers").
    #[arg(long, env = "HOLOTABLE_INTERACTIONS_AT_ONCE", default_value_t = discord::DEFAULT_AT_ONCE,
          value_parser = ranges::whole::<usize>(1, 100_000))]
    interactions_at_once: usize,
    /// Commands and clicks that may wait their turn (0 to 100,000, about
    /// 2 kB each while waiting); more are answered "busy, try again in a
    /// moment" and not done.
    // A queue deeper than its acknowledgements can be sent in Discord's
    // three seconds (some 5,000 a second at 100 ms a request) only turns
    // refusals into failures; 100,000 is far past that, for a Discord
    // much closer than 100 ms.
    #[arg(long, env = "HOLOTABLE_INTERACTIONS_QUEUED", default_value_t = discord::DEFAULT_QUEUED,
          value_parser = ranges::whole::<usize>(0, 100_000))]
    interactions_queued: usize,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let token = match args.token.as_deref().map(str::trim) {
        Some(token) if !token.is_empty() => token.to_string(),
        _ => bail!("DISCORD_TOKEN is not set: put the bot token in the environment or in .env"),
    };
    // A --token flag is a secret too, not only DISCORD_TOKEN.
    super::logging::keep_secret(&token);
    check_vote_settings(args)?;
    let shards = match args.shards.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(text.parse::<ShardRange>().map_err(|error| {
            anyhow::anyhow!("HOLOTABLE_SHARDS={text:?} is not a shard range: {error}")
        })?),
    };
    let metrics_addr =
        super::address_setting("HOLOTABLE_METRICS_ADDR", args.metrics_addr.as_deref(), 9464)?;
    let web_addr = super::address_setting("HOLOTABLE_WEB_ADDR", args.web_addr.as_deref(), 8080)?;
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
        database_timeout: args.db.timeout.get(),
        api_url: args.api_url.clone().filter(|url| !url.trim().is_empty()),
        dev_guild: args.dev_guild,
        settings,
        poll_min_ms: secs_to_ms(args.poll_min_secs),
        tally_every: Duration::from_secs(args.tally_secs),
        board_size: args.board_size,
        shards,
        metrics_addr,
        public_url: super::public_url(args.public_url.as_deref())?,
        at_once: args.interactions_at_once,
        queued: args.interactions_queued,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(run_beside_pages(config, web_addr))
}

/// Runs the bot, and the web pages beside it when `web_addr` is set. The
/// pages' port is bound before the bot opens anything, so a taken port
/// stops the start at once and says so, before a database is opened or
/// Discord called.
async fn run_beside_pages(
    config: BotConfig,
    web_addr: Option<std::net::SocketAddr>,
) -> anyhow::Result<()> {
    let port = match web_addr {
        Some(address) => Some(
            holotable::web::Port::bind(address)
                .await
                .with_context(|| format!("serving the web pages on {address}"))?,
        ),
        None => None,
    };
    let public_url = config.public_url.clone();
    let bot = discord::Bot::open(config).await?;
    if let Some(port) = port {
        port.serve(bot.service().clone(), public_url.as_deref());
    }
    bot.run().await?;
    Ok(())
}

/// The longest vote a community game can have (the service's own bound).
const MAX_VOTE_SECS: u64 = 7 * 86_400;

/// A vote's length in seconds, as the service allows one.
const VOTE_SECS: ranges::Whole<u64> = ranges::whole(1, MAX_VOTE_SECS as i128);

/// The settings `play` would refuse, refused before connecting: a bot
/// that starts on them answers every `/community start` with an error.
/// Each setting's own range is its parser's; these are the ones that
/// depend on another.
fn check_vote_settings(args: &Args) -> anyhow::Result<()> {
    if args.vote_secs < args.min_vote_secs {
        bail!(
            "HOLOTABLE_VOTE_SECS (--vote-secs) must be from HOLOTABLE_MIN_VOTE_SECS ({}) to {MAX_VOTE_SECS} seconds",
            args.min_vote_secs
        );
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
