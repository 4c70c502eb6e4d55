//! The service's names for Discord things: a channel is `discord:<id>`, a
//! server `discord:<guild id>`, a posted message `CHANNEL/MESSAGE`.
//!
//! The service stores these strings and never parses them; this module is
//! the one place that writes and reads them, so a command, a click and a
//! delivery always agree on which channel they mean.

use super::Context;
use crate::model::ServerKey;
use crate::service::Service;
use poise::serenity_prelude as serenity;

/// The prefix of every channel and server key, which the outbox's drain
/// also uses to pick Discord's rows out of every platform's.
pub const CHANNEL_PREFIX: &str = "discord:";

/// The service's name for a Discord channel (a thread is a channel too).
pub fn channel_key(channel: u64) -> String {
    format!("{CHANNEL_PREFIX}{channel}")
}

/// The Discord channel a channel key names; `None` for another platform's.
pub fn channel_id(key: &str) -> Option<u64> {
    key.strip_prefix(CHANNEL_PREFIX)?.parse().ok()
}

/// The service's name for the command's channel.
pub fn channel_of(ctx: Context<'_>) -> String {
    channel_key(ctx.channel_id().get())
}

/// The channel whose community game a command or click in `channel` is
/// about: in a thread a game's first post opened to talk it over, that
/// game's channel; anywhere else the channel itself. Only a thread can be
/// one, so only a thread costs a lookup: `/vote` in a channel stays one
/// cached read. A storage failure keeps the channel itself, whose answer
/// then says there is no game.
pub async fn game_channel(
    service: &Service,
    channel: u64,
    seen_as: Option<&serenity::PartialChannel>,
) -> String {
    let here = channel_key(channel);
    let thread = seen_as.is_some_and(|c| {
        matches!(
            c.kind,
            serenity::ChannelType::PublicThread
                | serenity::ChannelType::PrivateThread
                | serenity::ChannelType::NewsThread
        )
    });
    if !thread {
        return here;
    }
    service.games().channel_of(&here).await.unwrap_or(here)
}

/// [`game_channel`] of a slash command.
pub async fn game_channel_of(ctx: Context<'_>) -> String {
    let seen_as = match ctx {
        poise::Context::Application(app) => app.interaction.channel.as_ref(),
        poise::Context::Prefix(_) => None,
    };
    game_channel(&ctx.data().service, ctx.channel_id().get(), seen_as).await
}

/// The service's name for a Discord server.
pub fn server_key(guild: serenity::GuildId) -> String {
    format!("{CHANNEL_PREFIX}{}", guild.get())
}

/// The Discord server a [`server_key`] names; `None` for another
/// platform's.
pub fn guild_of(server: &ServerKey) -> Option<serenity::GuildId> {
    let id: u64 = server.as_str().strip_prefix(CHANNEL_PREFIX)?.parse().ok()?;
    (id != 0).then(|| serenity::GuildId::new(id))
}

/// The service's name for the command's server; `None` outside one.
pub fn server_of(ctx: Context<'_>) -> Option<String> {
    ctx.guild_id().map(server_key)
}

/// A post's reference as the store keeps it: `CHANNEL/MESSAGE`.
pub fn post_reference(channel: u64, message: &str) -> String {
    format!("{channel}/{message}")
}

/// The channel and message of a post reference.
pub fn split_reference(reference: &str) -> Option<(u64, &str)> {
    let (channel, message) = reference.split_once('/')?;
    Some((channel.parse().ok()?, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_what_they_wrote() {
        assert_eq!(channel_key(42), "discord:42");
        assert_eq!(channel_id(&channel_key(42)), Some(42));
        assert_eq!(channel_id("terminal:42"), None);
        assert_eq!(server_key(serenity::GuildId::new(7)), "discord:7");
        let reference = post_reference(42, "99");
        assert_eq!(split_reference(&reference), Some((42, "99")));
        assert_eq!(split_reference("42"), None);
    }
}
