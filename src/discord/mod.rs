//! The Discord bot: thin poise + serenity glue over the community-games
//! service.
//!
//! Commands convert Discord's ids and options into the service's words,
//! call one service method and turn the answer into an ephemeral reply;
//! the rules (who may start a game, what a vote means) stay in the service.
//! What people see in the channel comes from the service's outbox, posted
//! by [`delivery`] with its own retries; how messages look (ballots,
//! menus, buttons, attachments, Discord's limits) is [`layout`]'s, which
//! the commands and the delivery both use and neither uses the other;
//! native poll votes flow through [`polls`].
//!
//! One `Data`, one `Context<'a>`, the commands listed in [`commands`], one
//! module per feature; starting and running the bot is [`bot`]'s.

mod bot;
mod busy;
pub use busy::ANSWERS_AT_ONCE;
mod commands;
mod delivery;
mod guild_names;
mod health;
mod keys;
mod layout;
mod localise;
mod polls;
mod reply;
mod rest;
mod shards;
mod voters;

pub use bot::{Bot, BotConfig, BotError};
pub use busy::{DEFAULT_AT_ONCE, DEFAULT_QUEUED};
pub use keys::CHANNEL_PREFIX;
pub use layout::attachments::DEFAULT_BOARD_SIZE;
pub use shards::{ShardRange, ShardRangeError};

use crate::i18n::Lang;
use crate::service::{Actor, Service, ServiceError};
use crate::t;
pub use commands::commands;
use poise::serenity_prelude as serenity;
use rest::Rest;
use std::sync::Arc;

/// What every command can reach.
pub struct Data {
    service: Arc<Service>,
    tallies: Arc<delivery::tally::Tallies>,
    /// For replies serenity's builders would serialise off-spec (attachment
    /// ids as numbers).
    rest: Arc<Rest>,
    /// What the bot keeps of each server (see [`guild_names`]).
    guild_names: Arc<guild_names::GuildNames>,
    /// The web pages' public address, for `/community page`.
    public_url: Option<String>,
    /// Poll voters fetched for the voter rules (see [`voters`]).
    poll_members: Arc<voters::PollMembers>,
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The apology for our own failures, in `lang`.
fn apology(lang: Lang) -> String {
    t!(lang, "apology")
}

/// What a click (or any answer that is not a command's) tells the member
/// of a service error: a refusal as it is, or an apology for a failure,
/// which is logged with `action`, the thing that failed.
fn error_text(lang: Lang, error: ServiceError, action: &str) -> String {
    match error {
        ServiceError::Refused(refusal) => refusal.text(lang),
        ServiceError::Failed(failure) => {
            tracing::error!(error = %failure, action, "a click's service call failed");
            apology(lang)
        }
    }
}

/// The language of the member who sent the command, for what only they
/// see; Discord sends their client's locale with every interaction.
fn member_lang(ctx: Context<'_>) -> Lang {
    ctx.locale()
        .and_then(Lang::from_discord_locale)
        .unwrap_or_default()
}

/// The language of what the bot posts in the command's channel: the
/// server's. A failure to read it costs only the language of one post.
async fn post_lang(ctx: Context<'_>) -> Lang {
    channel_lang(ctx.data(), ctx.channel_id().get()).await
}

/// The server's language for a post in `channel`.
async fn channel_lang(data: &Data, channel: u64) -> Lang {
    match data
        .service
        .servers()
        .channel_language(&keys::channel_key(channel))
        .await
    {
        Ok(lang) => lang,
        Err(error) => {
            tracing::warn!(%error, channel, "reading the channel's language failed; posting in English");
            Lang::default()
        }
    }
}

/// An ephemeral reply that pings nobody.
fn ephemeral(text: impl Into<String>) -> poise::CreateReply {
    poise::CreateReply::default()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

/// Answers a service error: a refusal is shown as it is, a failure is
/// logged and apologised for.
async fn answer_error(ctx: Context<'_>, error: ServiceError) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let text = match error {
        ServiceError::Refused(refusal) => refusal.text(lang),
        ServiceError::Failed(failure) => {
            tracing::error!(command = %ctx.command().qualified_name, error = %failure, "service failed");
            apology(lang)
        }
    };
    reply::send(ctx, ephemeral(text)).await;
    Ok(())
}

/// When Discord created the object a snowflake names, in Unix
/// milliseconds: an interaction's id says when the person sent it, however
/// late it reaches us.
fn snowflake_millis(id: u64) -> crate::model::Millis {
    const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
    (id >> 22) as i64 + DISCORD_EPOCH_MS
}

/// Who is asking. `can_manage` is Manage Server, or (when `role_counts`)
/// the channel's starter role: the service decides what that allows.
async fn actor(ctx: Context<'_>, role_counts: bool) -> Result<Actor, ServiceError> {
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    let channel = keys::channel_of(ctx);
    actor_of(ctx.data(), &channel, ctx.author(), member, role_counts).await
}

/// [`actor`] for any interaction in `channel` (a click as well as a
/// command), by `user` as `member` of the server.
async fn actor_of(
    data: &Data,
    channel: &str,
    user: &serenity::User,
    member: Option<&serenity::Member>,
    role_counts: bool,
) -> Result<Actor, ServiceError> {
    let manages = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    let has_role = if role_counts && !manages {
        match data.service.servers().starter_role(channel).await? {
            Some(role) => {
                member.is_some_and(|m| m.roles.iter().any(|r| r.get().to_string() == role))
            }
            None => false,
        }
    } else {
        false
    };
    Ok(Actor {
        id: user.id.get().to_string(),
        name: member
            .and_then(|m| m.nick.clone())
            .unwrap_or_else(|| user.display_name().to_string()),
        can_manage: manages || has_role,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_snowflake_says_when_it_was_made() {
        // Discord's own example (the "Snowflakes" reference page).
        assert_eq!(
            super::snowflake_millis(175_928_847_299_117_063),
            1_462_015_105_796
        );
    }
}
