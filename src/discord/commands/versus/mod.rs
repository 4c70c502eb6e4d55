//! Community against community on Discord: `/community challenge`,
//! `challenge-cancel`, `accept`, `lobby` and `resign`, and the clicks on
//! their buttons and menus. Who may act, what a code means and when a game
//! starts stay in the service (`versus/invitations.rs` and
//! `games/forfeit.rs`); what both channels are told afterwards comes from the
//! outbox.
//!
//! `challenge` opens and withdraws, `lobby` lists and accepts, `resign`
//! asks and resigns; they share only this root, which decodes the custom
//! ids and routes each click.

mod challenge;
mod lobby;
mod resign;

use crate::discord::keys::channel_key;
use crate::discord::reply::Click;
use crate::discord::rest::Body;
use crate::discord::{Data, Error};
use crate::i18n::Lang;
use crate::service::{Actor, ServiceError};
use poise::serenity_prelude as serenity;

/// The subcommands of `/community` that play another community.
pub fn subcommands() -> Vec<poise::Command<Data, Error>> {
    vec![
        challenge::challenge(),
        challenge::challenge_cancel(),
        lobby::accept(),
        lobby::lobby(),
        resign::resign(),
    ]
}

/// A component of these commands, decoded from its custom id.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Action {
    /// `vs:withdraw:CODE`: the Withdraw button under a new challenge.
    Withdraw { code: String },
    /// `vs:lobby`: the lobby's menu; the chosen value is a code.
    Lobby,
    /// `vs:resign:GAME:USER:UNTIL`: confirms resigning `game`, for `user`
    /// only, until `until` (Unix milliseconds).
    Resign { game: i64, user: u64, until: i64 },
    /// `vs:keep:USER`: the confirmation's "keep playing".
    Keep { user: u64 },
}

impl Action {
    fn parse(custom_id: &str) -> Option<Action> {
        let mut parts = custom_id.strip_prefix("vs:")?.split(':');
        let action = match parts.next()? {
            "withdraw" => Action::Withdraw {
                code: parts.next()?.to_string(),
            },
            "lobby" => Action::Lobby,
            "resign" => Action::Resign {
                game: parts.next()?.parse().ok()?,
                user: parts.next()?.parse().ok()?,
                until: parts.next()?.parse().ok()?,
            },
            "keep" => Action::Keep {
                user: parts.next()?.parse().ok()?,
            },
            _ => return None,
        };
        parts.next().is_none().then_some(action)
    }

    fn custom_id(&self) -> String {
        match self {
            Action::Withdraw { code } => format!("vs:withdraw:{code}"),
            Action::Lobby => "vs:lobby".to_string(),
            Action::Resign { game, user, until } => format!("vs:resign:{game}:{user}:{until}"),
            Action::Keep { user } => format!("vs:keep:{user}"),
        }
    }
}

/// A click on one of these commands' components; `false` when the custom
/// id is not theirs. Always answered, so Discord never shows "interaction
/// failed".
pub async fn on_component(data: &Data, click: &Click<'_>) -> Result<bool, Error> {
    let Some(action) = Action::parse(&click.data.custom_id) else {
        return Ok(false);
    };
    match action {
        Action::Withdraw { code } => challenge::on_withdraw(data, click, &code).await,
        Action::Lobby => lobby::on_pick(data, click).await,
        Action::Resign { game, user, until } => {
            resign::on_confirm(data, click, game, user, until).await;
        }
        Action::Keep { user } => resign::on_keep(data, click, user).await,
    }
    Ok(true)
}

/// The language of whoever clicked, for what only they see.
fn click_lang(click: &serenity::ComponentInteraction) -> Lang {
    Lang::from_discord_locale(&click.locale).unwrap_or_default()
}

/// Who clicked, with the same rights as when they run a command in the
/// click's channel.
async fn click_actor(
    data: &Data,
    click: &serenity::ComponentInteraction,
) -> Result<Actor, ServiceError> {
    let channel = channel_key(click.channel_id.get());
    crate::discord::actor_of(data, &channel, &click.user, click.member.as_ref(), true).await
}

/// The server's name, which the service shows to other servers once a
/// manager challenges publicly or accepts. Interactions carry only the
/// guild's id: the name comes from what the gateway announced, else from
/// Discord. `None` when neither answers: the community is then shown by
/// its side.
async fn server_name(data: &Data, guild: Option<serenity::GuildId>) -> Option<String> {
    let guild = guild?;
    if let Some(known) = data.guild_names.get(guild) {
        return Some(known);
    }
    let path = format!("/guilds/{}", guild.get());
    match data
        .rest
        .call(reqwest::Method::GET, &path, &Body::Empty)
        .await
    {
        Ok(found) => {
            // Kept, so the next challenge from this server asks no more;
            // the gateway's updates keep it current from here.
            let name = found["name"].as_str()?;
            data.guild_names.set(guild, name);
            Some(name.to_string())
        }
        Err(error) => {
            tracing::warn!(%error, guild = guild.get(), "reading the server's name failed");
            None
        }
    }
}

fn error_text(lang: Lang, error: ServiceError) -> String {
    crate::discord::error_text(lang, error, "a community-against-community action")
}

/// An ephemeral answer to a click that pings nobody.
fn click_message(text: String) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

/// Replaces the clicked message's text and takes its components away: the
/// question it asked is answered.
fn settled(text: String) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::UpdateMessage(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .components(Vec::new())
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
}

#[cfg(test)]
mod tests {
    use super::Action;

    #[test]
    fn custom_ids_read_back_what_they_wrote() {
        let actions = [
            Action::Withdraw {
                code: "ABCDEFGH".into(),
            },
            Action::Lobby,
            Action::Resign {
                game: 12,
                user: 700_000_000_000_000_001,
                until: 1_700_000_000_000,
            },
            Action::Keep { user: 7 },
        ];
        for action in actions {
            let id = action.custom_id();
            assert!(id.len() <= 100, "{id}");
            assert_eq!(Action::parse(&id), Some(action));
        }
        for other in [
            "mc:accept:1",
            "vs:resign:1:2",
            "vs:keep:x",
            "vs:lobby:extra",
            "vs:nope",
        ] {
            assert_eq!(Action::parse(other), None, "{other}");
        }
    }
}
