//! Calling members: `/community notify-role` (which role a channel's
//! ballots call), `/community reminder` (when the one reminder goes out),
//! `/community notify` and the buttons on the posts that call (a member
//! joins or leaves the role).
//!
//! The service keeps which role; handing it out is Discord's. So the
//! role is checked here before it is chosen: a role the bot cannot give,
//! or cannot mention, would leave members who asked to be called never
//! called, and the manager is told why instead.

use crate::discord::commands::gotd::zones;
use crate::discord::commands::matches::Switch;
use crate::discord::keys::{channel_key, channel_of};
use crate::discord::layout::components::{CALL_JOIN, CALL_LEAVE};
use crate::discord::layout::style::DiscordStyle;
use crate::discord::reply::Click;
use crate::discord::rest::{Body, Rest, RestError};
use crate::discord::{Context, Data, Error, actor, answer_error, apology, ephemeral, member_lang};
use crate::i18n::Lang;
use crate::model::CallSettings;
use crate::service::VoteRefusal;
use crate::service::{Refusal, ReminderChange, Style, parse_quiet_hours};
use crate::t;
use poise::serenity_prelude as serenity;
use reqwest::Method;
use serde_json::Value;

/// Discord's "Missing Permissions" error code.
const MISSING_PERMISSIONS: u64 = 50013;

/// Choose the role this channel's ballots call (server managers).
#[poise::command(slash_command, guild_only, rename = "notify-role")]
pub async fn notify_role(
    ctx: Context<'_>,
    #[description = "The role members join to be called; leave out to call nobody"] role: Option<
        serenity::Role,
    >,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    crate::discord::reply::defer(ctx).await?;
    // Managers only, before the server's roles are read for them.
    let by = match actor(ctx, false).await.and_then(|by| {
        by.must_manage("choose-call-role")?;
        Ok(by)
    }) {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    if let Some(role) = &role
        && let Err(why) = check_role(&ctx.data().rest, guild, ctx.framework().bot_id(), role).await
    {
        let text = t!(
            lang,
            why,
            role = DiscordStyle.role(&role.id.get().to_string())
        );
        crate::discord::reply::send(ctx, ephemeral(text)).await;
        return Ok(());
    }
    let id = role.as_ref().map(|r| r.id.get().to_string());
    let service = &ctx.data().service;
    match service
        .votes()
        .set_call_role(&channel_of(ctx), id.as_deref(), &by)
        .await
    {
        Ok(Some(calls)) => {
            let zone = service
                .votes()
                .quiet_zone(&channel_of(ctx))
                .await
                .unwrap_or_default();
            let text = [t!(lang, "notify-role-set", role = mention_of(&calls))]
                .into_iter()
                .chain(reminder_lines(lang, &calls, &zone))
                .collect::<Vec<_>>()
                .join("\n");
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Ok(None) => {
            let text = t!(lang, "notify-role-cleared");
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Set when this channel's ballots send their one reminder (server managers).
#[poise::command(slash_command, guild_only)]
pub async fn reminder(
    ctx: Context<'_>,
    #[description = "Remind while fewer members than this have voted; 0: no reminder"]
    #[min = 0]
    #[max = 1000]
    voters: Option<u32>,
    #[description = "How far into a ballot's time, in percent (10 to 95)"]
    #[min = 10]
    #[max = 95]
    at: Option<u8>,
    #[description = "Local hours without reminders, like 22-7; none to remind at any hour"]
    #[max_length = 20]
    quiet: Option<String>,
    #[description = "The time zone of the quiet hours (default: the Gamer of the Day's, else UTC)"]
    #[autocomplete = "zones"]
    #[max_length = 60]
    zone: Option<String>,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let quiet = match quiet.as_deref().map(parse_quiet_hours).transpose() {
        Ok(quiet) => quiet,
        Err(refusal) => return answer_error(ctx, refusal.into()).await,
    };
    let change = ReminderChange {
        remind_below: voters,
        at_percent: at,
        quiet,
        time_zone: zone,
    };
    let (service, channel) = (&ctx.data().service, channel_of(ctx));
    let result = match actor(ctx, false).await {
        Ok(by) => service.votes().set_reminder(&channel, change, &by).await,
        Err(error) => Err(error),
    };
    match result {
        Ok(calls) => {
            let zone = service
                .votes()
                .quiet_zone(&channel)
                .await
                .unwrap_or_default();
            let text = reminder_lines(lang, &calls, &zone).join("\n");
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Get called when a ballot opens in this channel, or stop.
#[poise::command(slash_command, guild_only)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "on: get called when a ballot opens here; off: stop"] switch: Switch,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    crate::discord::reply::defer(ctx).await?;
    let join = matches!(switch, Switch::On);
    let text = join_or_leave(
        ctx.data(),
        member_lang(ctx),
        &channel_of(ctx),
        guild,
        ctx.author().id,
        join,
    )
    .await;
    crate::discord::reply::send(ctx, ephemeral(text)).await;
    Ok(())
}

/// A click on a calling post's buttons; `false` for any other component.
///
/// # Errors
/// Never: every failure is told to the member.
pub async fn on_component(data: &Data, click: &Click<'_>) -> Result<bool, Error> {
    let join = match click.data.custom_id.as_str() {
        CALL_JOIN => true,
        CALL_LEAVE => false,
        _ => return Ok(false),
    };
    let lang = Lang::from_discord_locale(&click.locale).unwrap_or_default();
    // Giving a role is rate-limited per server: a burst of clicks on one
    // post could outlast Discord's three seconds. Acknowledge first.
    click.defer_reply(&data.rest).await?;
    let text = match click.guild_id {
        Some(guild) => {
            let channel = channel_key(click.channel_id.get());
            join_or_leave(data, lang, &channel, guild, click.user.id, join).await
        }
        None => t!(lang, "menu-stale"),
    };
    let edit = serenity::EditInteractionResponse::new()
        .content(text)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(error) = click.reply(&data.rest, edit).await {
        tracing::warn!(%error, "the answer to a calling button was not delivered");
    }
    Ok(true)
}

/// Gives `user` the channel's called role, or takes it away; what they are
/// told.
async fn join_or_leave(
    data: &Data,
    lang: Lang,
    channel: &str,
    guild: serenity::GuildId,
    user: serenity::UserId,
    join: bool,
) -> String {
    let calls = match data.service.votes().call_settings(channel).await {
        Ok(Some(calls)) => calls,
        Ok(None) => return Refusal::Vote(VoteRefusal::NoCallRole).text(lang),
        Err(error) => {
            tracing::error!(%error, "reading a channel's called role failed");
            return apology(lang);
        }
    };
    let role = mention_of(&calls);
    // A role checked at setup may have been given permissions since (or
    // been handed to an integration): any member can take a called role,
    // so it is checked again before it is given. Leaving is always let.
    if join && let Err(id) = still_harmless(&data.rest, guild, &calls.role).await {
        return t!(lang, id, role = role);
    }
    let method = if join { Method::PUT } else { Method::DELETE };
    let path = format!("/guilds/{guild}/members/{user}/roles/{}", calls.role);
    match data.rest.call(method, &path, &Body::Empty).await {
        Ok(_) if join => t!(lang, "notify-joined", role = role),
        Ok(_) => t!(lang, "notify-left", role = role),
        Err(RestError::Rejected {
            code: Some(MISSING_PERMISSIONS),
            ..
        }) => {
            t!(lang, "notify-failed", role = role)
        }
        Err(error) => {
            tracing::warn!(%error, "could not change a member's called role");
            apology(lang)
        }
    }
}

/// Whether `role` still grants nothing and is nobody's but the server's,
/// as the server's roles say now; else why not (a catalogue id).
async fn still_harmless(
    rest: &Rest,
    guild: serenity::GuildId,
    role: &str,
) -> Result<(), &'static str> {
    let roles = rest
        .call(Method::GET, &format!("/guilds/{guild}/roles"), &Body::Empty)
        .await
        .map_err(|error| {
            tracing::warn!(%error, "could not read the server's roles");
            "notify-join-unchecked"
        })?;
    let now = roles
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["id"].as_str() == Some(role));
    match now {
        Some(r) if r["permissions"].as_str() == Some("0") && r["managed"] != true => Ok(()),
        _ => Err("notify-join-unsafe"),
    }
}

/// Why the bot cannot call `role` (a catalogue id), if it cannot: the role
/// must grant nothing (any member may take it by asking to be called), and
/// the bot must be able to give it (Manage Roles, its own highest role
/// above it) and to ping it (mentionable, or Mention All Roles).
async fn check_role(
    rest: &Rest,
    guild: serenity::GuildId,
    bot: serenity::UserId,
    role: &serenity::Role,
) -> Result<(), &'static str> {
    if role.id.get() == guild.get() {
        return Err("notify-role-everyone");
    }
    if role.managed {
        return Err("notify-role-managed");
    }
    if !role.permissions.is_empty() {
        return Err("notify-role-privileged");
    }
    let read = |path: String| async move {
        rest.call(Method::GET, &path, &Body::Empty)
            .await
            .map_err(|error| {
                tracing::warn!(%error, "could not read the server's roles");
                "notify-role-unchecked"
            })
    };
    let roles = read(format!("/guilds/{guild}/roles")).await?;
    let me = read(format!("/guilds/{guild}/members/{bot}")).await?;
    let mine: Vec<&str> = me["roles"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let everyone = guild.get().to_string();
    let (mut bits, mut highest) = (0u64, 0i64);
    for held in roles.as_array().into_iter().flatten() {
        let id = held["id"].as_str().unwrap_or_default();
        if id == everyone || mine.contains(&id) {
            bits |= held["permissions"]
                .as_str()
                .and_then(|p| p.parse::<u64>().ok())
                .unwrap_or(0);
            highest = highest.max(held["position"].as_i64().unwrap_or(0));
        }
    }
    let permissions = serenity::Permissions::from_bits_truncate(bits);
    let admin = permissions.administrator();
    if !admin && !permissions.manage_roles() {
        return Err("notify-role-no-permission");
    }
    if i64::from(role.position) >= highest {
        return Err("notify-role-above-me");
    }
    if !role.mentionable && !admin && !permissions.mention_everyone() {
        return Err("notify-role-not-mentionable");
    }
    Ok(())
}

/// What the reminder of `calls` does, as lines of a reply; quiet hours
/// in `zone`.
fn reminder_lines(lang: Lang, calls: &CallSettings, zone: &str) -> Vec<String> {
    if calls.remind_below == 0 {
        return vec![t!(lang, "notify-reminder-off")];
    }
    let mut lines = vec![t!(
        lang,
        "notify-reminder",
        role = mention_of(calls),
        below = calls.remind_below,
        percent = calls.remind_at_percent
    )];
    if let Some((from, to)) = calls.quiet {
        lines.push(t!(
            lang,
            "notify-quiet",
            start = format!("{from:02}:00"),
            end = format!("{to:02}:00"),
            zone = zone
        ));
    }
    lines
}

/// The subcommands of `/community` this file answers.
pub fn subcommands() -> Vec<poise::Command<Data, Error>> {
    vec![notify_role(), reminder(), notify()]
}

fn mention_of(calls: &CallSettings) -> String {
    DiscordStyle.role(&calls.role)
}
