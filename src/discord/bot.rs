//! Running the bot: its settings, the start-up (database, recovery, the
//! background tasks, the gateway's shards), registering the commands, and
//! the framework's handlers for events, for what runs before every command
//! and for errors that escape one.
//!
//! Commands never see any of it: what they reach is [`Data`].

use super::busy::Bounded;
use super::delivery::{self, tally};
use super::guild_names::GuildNames;
use super::rest::{self, Body, Rest, RestError};
use super::voters::PollMembers;
use super::{Context, Data, Error, ShardRange, ShardRangeError};
use super::{apology, commands, ephemeral, member_lang};
use super::{health, keys, localise, polls, reply};
use crate::model::{Access, Millis};
use crate::service::{EngineOpponent, Service, ServiceError, Settings, SystemClock};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// The bot's settings, read by `holotable bot` from the environment.
/// Not `Debug`: it holds the token.
pub struct BotConfig {
    pub token: String,
    pub database_url: String,
    /// How long a connection or a statement may take before the store
    /// gives up on the database.
    pub database_timeout: Duration,
    /// Send REST and gateway discovery here (scheme and host) instead of
    /// Discord, e.g. an HTTP proxy shared by several processes.
    pub api_url: Option<String>,
    /// Register commands in this guild only (instant, for development).
    pub dev_guild: Option<u64>,
    pub settings: Settings,
    /// Votes at least this long are shown as a native poll when they can be.
    pub poll_min_ms: Millis,
    /// Least time between two edits of a menu ballot's tally.
    pub tally_every: Duration,
    pub board_size: u32,
    /// The shards this process runs; `None`: every shard Discord
    /// recommends (`GET /gateway/bot`).
    pub shards: Option<ShardRange>,
    /// Serve `/metrics` and `/health` here; `None`: no endpoint.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// The pages' address as the world reaches them (`HOLOTABLE_PUBLIC_URL`):
    /// board posts link to their game's page.
    pub public_url: Option<String>,
    /// Interactions worked on at once; more wait their turn.
    pub at_once: usize,
    /// Interactions that may wait their turn; more are answered "busy".
    pub queued: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("Discord rejected DISCORD_TOKEN (HTTP 401); check the bot token")]
    TokenRejected,
    // Each message embeds its cause and exposes no `source()`, so the
    // CLI's one-line `{:#}` says the cause once instead of twice.
    #[error("opening the database: {0}")]
    Open(ServiceError),
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error("calling Discord: {0}")]
    Rest(RestError),
    #[error("Discord gateway: {0}")]
    Gateway(serenity::Error),
    #[error("Discord recommended no usable shard count: {0}")]
    Shards(ShardRangeError),
    #[error("serving metrics on {address}: {error}")]
    Metrics {
        address: std::net::SocketAddr,
        error: std::io::Error,
    },
}

impl From<RestError> for BotError {
    fn from(error: RestError) -> Self {
        BotError::Rest(error)
    }
}

impl From<serenity::Error> for BotError {
    fn from(error: serenity::Error) -> Self {
        BotError::Gateway(error)
    }
}

/// The bot opened and ready to connect: its database recovered, its
/// background work running, its gateway client built. What the binary
/// starts beside it (the web pages) reads the same [`Bot::service`].
pub struct Bot {
    service: Arc<Service>,
    client: serenity::Client,
    range: ShardRange,
}

impl Bot {
    /// Opens the database, recovers what a stop left open, starts the
    /// background work and the metrics endpoint, and builds the gateway
    /// client.
    ///
    /// # Errors
    /// A rejected token, an unusable database, a metrics address that
    /// cannot be bound, or no usable shard count.
    pub async fn open(config: BotConfig) -> Result<Bot, BotError> {
        let service = Service::open(
            &config.database_url,
            Access::Create,
            config.database_timeout,
            Arc::new(SystemClock),
            Arc::new(EngineOpponent),
            config.settings.clone(),
        )
        .await
        .map_err(BotError::Open)?;
        let service = Arc::new(service);
        let rest = Arc::new(Rest::new(&config.token, config.api_url.as_deref())?);
        check_token(&rest).await?;
        let poll_members = Arc::new(PollMembers::default());
        service
            .votes()
            .set_poll_source(Arc::new(polls::DiscordPolls {
                deliveries: service.deliveries(),
                rest: rest.clone(),
                members: poll_members.clone(),
            }));
        let open = service.upkeep().recover().await?;
        tracing::info!(open, "recovered; open ballots re-armed");
        let tallies = spawn_background(&service, &rest, &config);
        let data = Data {
            service: service.clone(),
            tallies,
            rest: rest.clone(),
            guild_names: Arc::new(GuildNames::default()),
            public_url: config.public_url.clone(),
            poll_members,
        };
        // GUILDS for the servers' names; polls for their votes. Interactions
        // come whatever the intents. No serenity event handler: serenity gives
        // each a copy of every event, in a task of its own, so a burst of
        // interactions would be held twice in memory (docs/operations.md, "Ten
        // thousand servers"). poise's event hook (`on_event`) sees every event
        // by reference, and the shards' connections are read from serenity's
        // shard manager (`health.rs`).
        let intents =
            serenity::GatewayIntents::GUILDS | serenity::GatewayIntents::GUILD_MESSAGE_POLLS;
        let client = serenity::ClientBuilder::new_with_http(gateway_http(&config)?, intents)
            .cache_settings(cache_nothing())
            .framework(Bounded::new(
                framework(data, config.dev_guild),
                rest.clone(),
                service.clone(),
                config.at_once,
                config.queued,
            ))
            .await?;
        let range = match config.shards {
            Some(range) => range,
            None => recommended_shards(&rest).await?,
        };
        tracing::info!(
            first = range.first(),
            last = range.last(),
            total = range.total(),
            "running {range}"
        );
        if let Some(address) = config.metrics_addr {
            let bound = health::serve(
                address,
                service.clone(),
                client.shard_manager.clone(),
                range.count(),
            )
            .await
            .map_err(|error| BotError::Metrics { address, error })?;
            tracing::info!(%bound, "serving /metrics and /health");
        }
        Ok(Bot {
            service,
            client,
            range,
        })
    }

    /// The service the bot works through, for what runs beside it.
    pub fn service(&self) -> &Arc<Service> {
        &self.service
    }

    /// Connects the gateway and runs until the process is stopped (Ctrl-C,
    /// SIGTERM, or the gateway client ends). Every state change lives in
    /// the database, so a stop at any point loses nothing: the next start
    /// recovers.
    ///
    /// # Errors
    /// A gateway failure serenity cannot recover from.
    pub async fn run(mut self) -> Result<(), BotError> {
        let shards = self.client.shard_manager.clone();
        let range = self.range;
        // serenity's range end is inclusive (it starts `end - start + 1` shards).
        let started = self
            .client
            .start_shard_range(range.first()..range.last(), range.total());
        tokio::select! {
            result = started => result?,
            () = stop_asked() => {
                tracing::info!("stopping");
                shards.shutdown_all().await;
                // Other processes' closes stop waiting for this one's queue.
                self.service.close().await;
            }
        }
        Ok(())
    }
}

/// Ctrl-C at a terminal, or SIGTERM from a service manager or container
/// runtime: either way the process leaves as it should, its queue
/// withdrawn, rather than being killed with it published. A signal that
/// cannot be listened for never fires: a bot that cannot hear Ctrl-C
/// must not take that for one and stop as it starts.
async fn stop_asked() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    () = ctrl_c() => {}
                    Some(()) = terminate.recv() => {}
                }
                return;
            }
            Err(error) => {
                tracing::warn!(%error, "SIGTERM cannot be caught; only Ctrl-C stops cleanly");
            }
        }
    }
    ctrl_c().await;
}

/// Ctrl-C, or never when it cannot be listened for.
async fn ctrl_c() {
    if let Err(error) = tokio::signal::ctrl_c().await {
        tracing::warn!(%error, "Ctrl-C cannot be caught");
        std::future::pending::<()>().await;
    }
}

/// Asks Discord who the bot is, so a wrong token stops the start with a
/// message that says so rather than as a gateway failure later.
async fn check_token(rest: &Rest) -> Result<(), BotError> {
    match rest
        .call(reqwest::Method::GET, "/users/@me", &Body::Empty)
        .await
    {
        Ok(_) => Ok(()),
        Err(RestError::Rejected { status, .. }) if status == reqwest::StatusCode::UNAUTHORIZED => {
            Err(BotError::TokenRejected)
        }
        Err(error) => Err(error.into()),
    }
}

/// Starts the deadlines, the outbox's delivery and the menu tallies.
/// They need only REST, so they run whether or not the gateway is
/// connected. Returns the tallies, which votes mark as changed.
fn spawn_background(
    service: &Arc<Service>,
    rest: &Arc<Rest>,
    config: &BotConfig,
) -> Arc<tally::Tallies> {
    tokio::spawn(crate::service::run_scheduler(
        service.clone(),
        std::future::pending(),
    ));
    let delivery = Arc::new(delivery::Deliverer {
        service: service.clone(),
        rest: rest.clone(),
        poll_min_ms: config.poll_min_ms,
        board_size: config.board_size,
        public_url: config.public_url.clone(),
    });
    tokio::spawn(delivery.run());
    let tallies = Arc::new(tally::Tallies::default());
    tokio::spawn(
        tallies
            .clone()
            .run(service.clone(), rest.clone(), config.tally_every),
    );
    tallies
}

/// serenity's HTTP client for the gateway, through the configured proxy
/// when there is one, and pinging nobody unless a reply says so.
fn gateway_http(config: &BotConfig) -> Result<serenity::Http, RestError> {
    let client = rest::client_builder()
        .use_rustls_tls()
        .build()
        .map_err(|e| RestError::Local(e.to_string()))?;
    let mut http = serenity::HttpBuilder::new(&config.token).client(client);
    if let Some(url) = &config.api_url {
        // serenity's limiter would bypass the proxy; delivery retries itself.
        http = http
            .proxy(url.trim_end_matches('/'))
            .ratelimiter_disabled(true);
    }
    let mut http = http.build();
    http.default_allowed_mentions = Some(serenity::CreateAllowedMentions::new());
    Ok(http)
}

/// The commands and event handlers; once connected, the commands are
/// registered (in `dev_guild` only, when given) and `data` is what every
/// command reaches.
fn framework(data: Data, dev_guild: Option<u64>) -> poise::Framework<Data, Error> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: localise::localised(commands()),
            on_error: |error| Box::pin(on_error(error)),
            pre_command: |ctx| Box::pin(note_server(ctx)),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            ..Default::default()
        })
        .setup(move |_ctx, ready, framework| {
            Box::pin(async move {
                register(&data.rest, ready.application.id.get(), dev_guild, &framework.options().commands).await?;
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                Ok(data)
            })
        })
        .initialize_owners(false)
        .build()
}

/// serenity's cache keeps nothing of servers, channels, users or
/// messages: the bot reads none of them from it (interactions carry the
/// member's permissions and the channel; a server's name is in
/// [`GuildNames`]), and with thousands of servers that cache would be
/// most of the process's memory.
fn cache_nothing() -> serenity::cache::Settings {
    let mut settings = serenity::cache::Settings::default();
    settings.cache_guilds = false;
    settings.cache_channels = false;
    settings.cache_users = false;
    settings.max_messages = 0;
    settings
}

/// The shard count Discord recommends for this bot, as every shard of it.
/// Asked here rather than through serenity's `start_autosharded`, so the
/// log can say which shards this process runs.
async fn recommended_shards(rest: &Rest) -> Result<ShardRange, BotError> {
    let gateway = rest
        .call(reqwest::Method::GET, "/gateway/bot", &Body::Empty)
        .await?;
    let total = gateway["shards"]
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or(0);
    ShardRange::all(total).map_err(BotError::Shards)
}

/// Registers the commands (in one guild, or globally) through the bot's
/// own client. serenity's builders serialise every field, empty or not
/// (`nsfw: false`, `channel_types: []` on a text option…), which the
/// official spec does not list for those shapes; absent means the same to
/// Discord, so empty fields are left out; and poise writes an integer
/// option's bounds as floats (`1.0`), where the spec wants integers.
async fn register(
    rest: &Rest,
    application: u64,
    guild: Option<u64>,
    commands: &[poise::Command<Data, Error>],
) -> Result<(), Error> {
    let mut body = serde_json::to_value(poise::builtins::create_application_commands(commands))?;
    compact(&mut body);
    integer_bounds(&mut body);
    let path = match guild {
        Some(guild) => format!("/applications/{application}/guilds/{guild}/commands"),
        None => format!("/applications/{application}/commands"),
    };
    rest.call(reqwest::Method::PUT, &path, &Body::Json(body))
        .await?;
    Ok(())
}

/// Flags whose absence means `false` to Discord, but which the spec does
/// not list on every shape serenity puts them on.
const DEFAULT_FALSE: [&str; 2] = ["nsfw", "autocomplete"];

/// Removes nulls, empty lists and default-false flags, recursively.
fn compact(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(fields) => {
            fields.retain(|key, v| {
                !(v.is_null()
                    || v.as_array().is_some_and(Vec::is_empty)
                    || v.as_object().is_some_and(serde_json::Map::is_empty)
                    || (DEFAULT_FALSE.contains(&key.as_str())
                        && *v == serde_json::Value::Bool(false)))
            });
            fields.values_mut().for_each(compact);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(compact),
        _ => {}
    }
}

/// Writes the bounds of every integer option (type 4) as integers.
fn integer_bounds(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(fields) => {
            if fields.get("type") == Some(&serde_json::Value::from(4)) {
                for key in ["min_value", "max_value"] {
                    let whole = fields
                        .get(key)
                        .and_then(serde_json::Value::as_f64)
                        .filter(|bound| bound.fract() == 0.0);
                    if let Some(bound) = whole {
                        // Whole and within Discord's ±2^53: exact as i64.
                        #[allow(clippy::cast_possible_truncation)]
                        fields.insert(key.into(), serde_json::Value::from(bound as i64));
                    }
                }
            }
            fields.values_mut().for_each(integer_bounds);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integer_bounds),
        _ => {}
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    // Commands and clicks never come here: `busy.rs` takes them first.
    let data = framework.user_data;
    match event {
        serenity::FullEvent::GuildCreate { guild, .. } => {
            data.guild_names.set(guild.id, &guild.name)
        }
        serenity::FullEvent::GuildUpdate { new_data, .. } => {
            data.guild_names.set(new_data.id, &new_data.name);
        }
        // An outage (`unavailable`) keeps the name: the server comes back.
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            data.guild_names.forget(incomplete.id);
        }
        serenity::FullEvent::MessagePollVoteAdd { event } => {
            polls::on_poll_vote(
                data,
                event.guild_id,
                event.channel_id,
                event.message_id,
                event.user_id,
                event.answer_id.get(),
                true,
            )
            .await;
        }
        serenity::FullEvent::MessagePollVoteRemove { event } => {
            polls::on_poll_vote(
                data,
                event.guild_id,
                event.channel_id,
                event.message_id,
                event.user_id,
                event.answer_id.get(),
                false,
            )
            .await;
        }
        _ => {}
    }
    Ok(())
}

/// Remembers the command's channel's server, so the Gamer of the Day
/// counts the games played there and posts there speak the server's
/// language, and the guild's preferred locale that Discord sends with the
/// command, which is that language until a manager chooses one. A failure
/// costs only that count, or a post in the previous language.
async fn note_server(ctx: Context<'_>) {
    let Some(guild) = ctx.guild_id() else {
        return;
    };
    let service = &ctx.data().service;
    let server = keys::server_key(guild);
    if let Err(error) = service
        .servers()
        .note_channel_server(&keys::channel_of(ctx), &server)
        .await
    {
        tracing::warn!(%error, "noting the channel's server failed");
    }
    let poise::Context::Application(app) = ctx else {
        return;
    };
    if let Some(locale) = &app.interaction.guild_locale
        && let Err(error) = service.servers().note_server_locale(&server, locale).await
    {
        tracing::warn!(%error, "noting the server's locale failed");
    }
}

/// Errors that escaped a command: logged, and the user gets an apology.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %format!("{error:#}"), "command failed");
            reply::send(ctx, ephemeral(apology(member_lang(ctx)))).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::warn!(%e, "reporting an error failed");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_bot_error_line_repeated_its_cause() {
        use std::error::Error;
        let opening = super::BotError::Open(crate::service::ServiceError::from(
            crate::service::Failure::Inconsistent("bad row".into()),
        ));
        assert_eq!(
            format!("{:#}", anyhow::Error::new(opening)),
            "opening the database: stored game is inconsistent: bad row"
        );
        let refused = super::BotError::from(crate::service::ServiceError::from(
            crate::service::Refusal::NoGame,
        ));
        assert!(refused.source().is_none());
        assert_eq!(refused.to_string(), "There is no game in this channel.");
    }

    #[test]
    fn integer_options_get_integer_bounds_and_nothing_else_changes() {
        let mut body = serde_json::json!([{ "name": "community", "options": [
            { "type": 1, "name": "review", "options": [
                { "type": 4, "name": "game", "min_value": 1.0, "max_value": 9007199254740991.0 },
                { "type": 10, "name": "weight", "min_value": 0.5 },
            ]},
        ]}]);
        super::integer_bounds(&mut body);
        let options = &body[0]["options"][0]["options"];
        assert_eq!(options[0]["min_value"].as_i64(), Some(1));
        assert_eq!(
            options[0]["max_value"].as_i64(),
            Some(9_007_199_254_740_991)
        );
        assert_eq!(
            options[1]["min_value"].as_f64(),
            Some(0.5),
            "a number option keeps its float"
        );
    }
}
