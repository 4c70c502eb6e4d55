//! `/gotd`: the server's daily Gamer of the Day post: set it up, turn it
//! off, preview it, post it now. The posting itself is the scheduler's and
//! the outbox's (see `service::gotd` and `deliver`).

use super::deliver::{CHANNEL_PREFIX, channel_id, channel_key};
use super::{Context, Error, actor, answer_error, ephemeral};
use crate::service::{DailySetup, PostNow, zone_names_matching};
use poise::serenity_prelude as serenity;

/// The service's name for a Discord server: `discord:<guild id>`.
pub fn server_key(guild: serenity::GuildId) -> String {
    format!("{CHANNEL_PREFIX}{}", guild.get())
}

fn server_of(ctx: Context<'_>) -> Option<String> {
    ctx.guild_id().map(server_key)
}

/// Gamer of the Day: a daily post naming the server's best player.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("setup", "off", "preview", "now"),
    subcommand_required
)]
pub async fn gotd(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Zone names for the `timezone` option, as the user types.
async fn zones(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = zone_names_matching(partial, 25)
        .into_iter()
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Post the Gamer of the Day every day (server managers).
#[poise::command(slash_command, guild_only)]
async fn setup(
    ctx: Context<'_>,
    #[description = "Where to post"]
    #[channel_types("Text", "News")]
    channel: serenity::ChannelId,
    #[description = "Local time of the post, HH:MM (24-hour), e.g. 09:00"]
    #[max_length = 10]
    time: String,
    #[description = "Your time zone, e.g. Europe/London"]
    #[autocomplete = "zones"]
    #[max_length = 64]
    timezone: String,
    #[description = "Ping the Gamer of the Day (off: named without a ping)"] mentions: Option<bool>,
) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let request = DailySetup {
        server,
        channel: channel_key(channel.get()),
        time,
        time_zone: timezone,
        mentions: mentions.unwrap_or(false),
        by,
    };
    let service = &ctx.data().service;
    match service.setup_daily(request).await {
        Ok(plan) => {
            let settings = &plan.settings;
            let when = if plan.next_post <= service.now() {
                "Today's post is on its way now.".to_string()
            } else {
                let secs = plan.next_post / 1000;
                format!("The next one goes out <t:{secs}:F> (<t:{secs}:R>).")
            };
            let ping = if settings.mentions {
                "The Gamer of the Day is pinged."
            } else {
                "The Gamer of the Day is named without a ping."
            };
            super::reply::send(
                ctx,
                ephemeral(format!(
                    "Gamer of the Day is on: every day at {} ({}) in <#{}>. {ping} {when}",
                    settings.post_time,
                    settings.time_zone,
                    channel.get()
                )),
            )
            .await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Stop the daily post (server managers).
#[poise::command(slash_command, guild_only)]
async fn off(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    match ctx.data().service.daily_off(&by, &server).await {
        Ok(was_on) => {
            let text = if was_on {
                "The Gamer of the Day is off. `/gotd setup` turns it on again."
            } else {
                "The Gamer of the Day was not on in this server."
            };
            super::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Show today's post, only to you, without posting it.
#[poise::command(slash_command, guild_only)]
async fn preview(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    match ctx.data().service.preview_daily(&server).await {
        Ok((post, posted)) => {
            let state = if posted {
                "already posted"
            } else {
                "not posted yet"
            };
            let text = post.text(|id| format!("<@{id}>"));
            super::reply::send(
                ctx,
                ephemeral(format!(
                    "Preview of the post for {} ({state}):\n\n{text}",
                    post.date
                )),
            )
            .await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Post today's Gamer of the Day now, if it has not gone out (server managers).
#[poise::command(slash_command, guild_only)]
async fn now(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let service = &ctx.data().service;
    match service.post_daily_now(&by, &server).await {
        Ok(PostNow::Posted { channel, .. }) => {
            let channel = channel_id(&channel);
            let place = channel.map_or("its channel".to_string(), |c| format!("<#{c}>"));
            super::reply::send(
                ctx,
                ephemeral(format!(
                    "Today's Gamer of the Day is on its way to {place}."
                )),
            )
            .await;
            Ok(())
        }
        Ok(PostNow::AlreadyPosted { date }) => {
            super::reply::send(
                ctx,
                ephemeral(format!(
                    "Today's post ({date}) has gone out already; the next one comes tomorrow."
                )),
            )
            .await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}
