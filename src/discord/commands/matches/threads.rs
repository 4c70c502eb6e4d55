//! A thread per match: the `/match threads` setting of a channel, and
//! making (or, when unused, removing) a match's thread. The service never
//! hears of threads: it is told to play the match in the thread's channel.
//! A thread that cannot be made costs nothing: the match is played in
//! the channel instead, and the failure is logged.

use crate::discord::keys::{channel_id, channel_key, channel_of, server_key};
use crate::discord::rest::{Body, Rest};
use crate::discord::{
    Context, Data, Error, actor, answer_error, channel_lang, ephemeral, member_lang, reply,
};
use crate::model::ChallengeId;
use crate::service::versus_line;
use crate::t;
use poise::serenity_prelude as serenity;
use reqwest::Method;

/// Discord's longest thread name.
const NAME_CHARS: usize = 100;
/// A week, Discord's longest: turns can be long. A message posted in an
/// archived thread brings it back.
const ARCHIVE_MINUTES: u32 = 10_080;
/// A public thread.
const PUBLIC_THREAD: u8 = 11;

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum Switch {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Give every match made in this channel a thread of its own (Manage Server).
#[poise::command(slash_command, guild_only)]
pub async fn threads(
    ctx: Context<'_>,
    #[description = "on: a thread per match; off: matches play in this channel"] switch: Switch,
) -> Result<(), Error> {
    let on = matches!(switch, Switch::On);
    let result = match actor(ctx, false).await {
        Ok(by) => {
            ctx.data()
                .service
                .servers()
                .set_match_threads(&channel_of(ctx), on, &by)
                .await
        }
        Err(error) => Err(error),
    };
    match result {
        Ok(()) => {
            let id = if on {
                "match-threads-on"
            } else {
                "match-threads-off"
            };
            reply::send(ctx, ephemeral(t!(member_lang(ctx), id))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Whether `channel` wants a thread per match; a storage failure counts
/// as no (the match is then played in the channel).
pub(super) async fn wanted(data: &Data, channel: u64) -> bool {
    match data
        .service
        .servers()
        .match_threads(&channel_key(channel))
        .await
    {
        Ok(on) => on,
        Err(error) => {
            tracing::error!(%error, channel, "reading the thread setting failed");
            false
        }
    }
}

/// Opens a public thread in `channel` of `guild`, on the message `from`
/// when given. `None` when Discord refuses or cannot be reached: the
/// caller plays the match in the channel.
pub(super) async fn open(
    data: &Data,
    guild: Option<serenity::GuildId>,
    channel: u64,
    from: Option<u64>,
    name: &str,
) -> Option<u64> {
    let name: String = name.chars().take(NAME_CHARS).collect();
    let (path, body) = match from {
        Some(message) => (
            format!("/channels/{channel}/messages/{message}/threads"),
            serde_json::json!({ "name": name, "auto_archive_duration": ARCHIVE_MINUTES }),
        ),
        None => (
            format!("/channels/{channel}/threads"),
            serde_json::json!({
                "name": name,
                "auto_archive_duration": ARCHIVE_MINUTES,
                "type": PUBLIC_THREAD,
            }),
        ),
    };
    match data.rest.call(Method::POST, &path, &Body::Json(body)).await {
        Ok(thread) => {
            let id = thread["id"].as_str().and_then(|id| id.parse().ok());
            match (id, guild) {
                (None, _) => tracing::error!(channel, %thread, "a new thread came without an id"),
                // The match's posts go to the thread before anyone types
                // a command there: it must already speak its server's
                // language.
                (Some(id), Some(guild)) => {
                    let noted = data
                        .service
                        .servers()
                        .note_channel_server(&channel_key(id), &server_key(guild))
                        .await;
                    if let Err(error) = noted {
                        tracing::warn!(%error, id, "noting a thread's server failed");
                    }
                }
                (Some(_), None) => {}
            }
            id
        }
        Err(error) => {
            tracing::warn!(%error, channel, "could not open a match thread; playing in the channel");
            None
        }
    }
}

/// Removes a thread opened for a match that did not start in it.
pub(super) async fn remove(rest: &Rest, thread: u64) {
    if let Err(error) = rest
        .call(Method::DELETE, &format!("/channels/{thread}"), &Body::Empty)
        .await
    {
        tracing::warn!(%error, thread, "could not remove an unused match thread");
    }
}

/// The thread for the match that `by` accepting challenge `id` (posted as
/// `message` in `channel`) would start, when the channel wants threads.
pub(super) async fn for_acceptance(
    data: &Data,
    guild: Option<serenity::GuildId>,
    channel: u64,
    message: u64,
    id: ChallengeId,
    by: &str,
) -> Option<u64> {
    if !wanted(data, channel).await {
        return None;
    }
    // Only the last acceptance makes a thread: earlier ones start nothing.
    let challenge = match data.service.matches().acceptance_would_start(id, by).await {
        Ok(true) => data.service.matches().challenge_state(id).await.ok()?,
        Ok(false) | Err(_) => return None,
    };
    let names: Vec<String> = std::iter::once(&challenge.challenger)
        .chain(&challenge.invited)
        .map(|p| p.name.clone())
        .collect();
    let lang = channel_lang(data, channel).await;
    let name = t!(
        lang,
        "match-thread-name",
        game = crate::service::text::game_title(lang, challenge.kind),
        players = versus_line(lang, &names)
    );
    open(data, guild, channel, Some(message), &name).await
}

/// The thread of `player`'s live match that was opened in `channel`, if
/// their match plays in one. The service knows only the thread's channel;
/// Discord says which channel a thread belongs to. Asked only when the
/// player has no live match in `channel` itself.
pub(super) async fn live_thread_of(data: &Data, channel: u64, player: &str) -> Option<u64> {
    let channels = match data.service.matches().live_channels(player).await {
        Ok(channels) => channels,
        Err(error) => {
            tracing::error!(%error, "reading a player's live matches failed");
            return None;
        }
    };
    let parent = channel.to_string();
    for id in channels.iter().filter_map(|key| channel_id(key)) {
        if id == channel {
            continue;
        }
        match data
            .rest
            .call(Method::GET, &format!("/channels/{id}"), &Body::Empty)
            .await
        {
            Ok(thread) if thread["parent_id"].as_str() == Some(parent.as_str()) => {
                return Some(id);
            }
            Ok(_) => {}
            Err(error) => tracing::debug!(%error, id, "could not look up a match's channel"),
        }
    }
    None
}
