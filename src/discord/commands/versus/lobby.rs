//! `/community accept code:` and `/community lobby`: a manager accepts a
//! challenge for the channel that will play, by its code or by picking a
//! public one from the lobby's menu. Both go through [`accept_in`], so a
//! pick is checked exactly as the command is: a manager of the channel
//! where the lobby was shown, that channel free, the code still open.

use super::{Action, click_actor, click_lang, error_text, server_name};
use crate::discord::commands::community::GameChoice;
use crate::discord::keys::{channel_key, channel_of, server_key, server_of};
use crate::discord::reply::Click;
use crate::discord::{Context, Data, Error, actor, answer_error, ephemeral, member_lang, reply};
use crate::i18n::Lang;
use crate::service::text::{self, relative_time};
use crate::service::{AcceptChallenge, Accepted, Invitation, ServiceError, normalise_code};
use crate::t;
use poise::serenity_prelude as serenity;

/// Discord's longest select-menu label, description and value.
const OPTION_CHARS: usize = 100;
/// The lobby's list stays under Discord's 2,000 characters.
const LIST_CHARS: usize = 1800;

/// Accept another community's challenge: its game starts in this channel (server managers).
#[poise::command(slash_command, guild_only)]
pub async fn accept(
    ctx: Context<'_>,
    #[description = "The challenge's code, like ABCD-EFGH"]
    #[max_length = 20]
    code: String,
) -> Result<(), Error> {
    // Starting the game plans its first ballot, which may ask the engine.
    reply::defer(ctx).await?;
    let result = match actor(ctx, true).await {
        Ok(by) => {
            let request = AcceptChallenge {
                code,
                channel: channel_of(ctx),
                server: server_of(ctx),
                server_name: None,
                by,
            };
            accept_in(ctx.data(), ctx.guild_id(), request).await
        }
        Err(error) => Err(error),
    };
    match result {
        Ok(game) => {
            reply::send(ctx, ephemeral(accepted_text(member_lang(ctx), game))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Accepts `request` with the server's name filled in.
async fn accept_in(
    data: &Data,
    guild: Option<serenity::GuildId>,
    mut request: AcceptChallenge,
) -> Result<Accepted, ServiceError> {
    request.server_name = server_name(data, guild).await;
    data.service.versus().accept(request).await
}

/// What the accepting manager reads: the game started, or the channel
/// took a seat at a table that waits for more communities.
fn accepted_text(lang: Lang, accepted: Accepted) -> String {
    match accepted {
        Accepted::Started(game) => t!(lang, "versus-accepted", game = game.0),
        Accepted::Joined {
            seats,
            waiting_for,
            expires_at,
        } => t!(
            lang,
            "versus-joined",
            seats = text::seats(lang, &seats),
            waiting = waiting_for,
            expires = relative_time(expires_at)
        ),
    }
}

/// Public challenges from every server; accept one for this channel.
#[poise::command(slash_command, guild_only)]
pub async fn lobby(
    ctx: Context<'_>,
    #[description = "Only challenges of this game"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let listed = match ctx
        .data()
        .service
        .versus()
        .lobby(game.map(GameChoice::kind))
        .await
    {
        Ok(listed) => listed,
        Err(error) => return answer_error(ctx, error).await,
    };
    if listed.is_empty() {
        reply::send(ctx, ephemeral(t!(lang, "versus-lobby-empty"))).await;
        return Ok(());
    }
    let mut list = t!(lang, "versus-lobby-head");
    let mut options = Vec::new();
    for invitation in &listed {
        let line = format!("\n{}", lobby_line(lang, invitation));
        if list.len() + line.len() > LIST_CHARS {
            list.push_str("\n…");
            break;
        }
        list.push_str(&line);
        options.push(lobby_option(lang, invitation));
    }
    let menu = serenity::CreateSelectMenu::new(
        Action::Lobby.custom_id(),
        serenity::CreateSelectMenuKind::String { options },
    )
    .placeholder(t!(lang, "versus-lobby-pick"));
    let answer = ephemeral(list).components(vec![serenity::CreateActionRow::SelectMenu(menu)]);
    reply::send(ctx, answer).await;
    Ok(())
}

/// The challenger as the lobby names it: its server's name (if shown) and
/// its rating in the game, so a manager can pick a fair opponent.
fn community(lang: Lang, invitation: &Invitation) -> String {
    let name = invitation
        .community
        .clone()
        .unwrap_or_else(|| t!(lang, "versus-unnamed-server"));
    match invitation.rating {
        Some(rating) => t!(
            lang,
            "versus-lobby-rated",
            community = name,
            rating = rating.round() as i64
        ),
        None => t!(lang, "versus-lobby-unrated", community = name),
    }
}

fn lobby_line(lang: Lang, invitation: &Invitation) -> String {
    let line = t!(
        lang,
        "versus-lobby-line",
        community = community(lang, invitation),
        game = crate::service::text::game_title(lang, invitation.kind),
        seats = text::seats(lang, &invitation.seats),
        vote = text::duration(lang, invitation.vote_ms),
        expires = relative_time(invitation.expires_at)
    );
    text::sentences(lang, &[line, table(lang, invitation)])
}

/// At a table for more than two, how many communities it still awaits:
/// a manager picking it should know the game does not start at once.
fn table(lang: Lang, invitation: &Invitation) -> String {
    if invitation.communities <= 2 {
        return String::new();
    }
    let waiting = usize::from(invitation.communities).saturating_sub(1 + invitation.joined);
    t!(
        lang,
        "versus-lobby-table",
        communities = invitation.communities,
        waiting = waiting
    )
}

fn lobby_option(lang: Lang, invitation: &Invitation) -> serenity::CreateSelectMenuOption {
    let label = t!(
        lang,
        "versus-lobby-option",
        community = community(lang, invitation),
        game = crate::service::text::game_title(lang, invitation.kind)
    );
    let detail = t!(
        lang,
        "versus-lobby-option-detail",
        seats = text::seats(lang, &invitation.seats),
        vote = text::duration(lang, invitation.vote_ms)
    );
    let description = text::sentences(lang, &[detail, table(lang, invitation)]);
    serenity::CreateSelectMenuOption::new(cut(&label), normalise_code(&invitation.code))
        .description(cut(&description))
}

fn cut(text: &str) -> String {
    if text.chars().count() <= OPTION_CHARS {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(OPTION_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// A pick in the lobby's menu: `/community accept` with the picked code,
/// in the channel where the lobby was shown.
pub(super) async fn on_pick(data: &Data, click: &Click<'_>) {
    let lang = click_lang(click);
    let code = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    // Starting the game may ask the engine: acknowledge first.
    if let Err(error) = click.defer_reply(&data.rest).await {
        tracing::warn!(%error, "acknowledging a lobby pick failed; nothing was accepted");
        return;
    }
    let text = match (code, click_actor(data, click).await) {
        (Some(code), Ok(by)) => {
            let request = AcceptChallenge {
                code,
                channel: channel_key(click.channel_id.get()),
                server: click.guild_id.map(server_key),
                server_name: None,
                by,
            };
            match accept_in(data, click.guild_id, request).await {
                Ok(game) => accepted_text(lang, game),
                Err(error) => error_text(lang, error),
            }
        }
        (None, _) => t!(lang, "versus-lobby-nothing-picked"),
        (_, Err(error)) => error_text(lang, error),
    };
    let edit = serenity::EditInteractionResponse::new()
        .content(text)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(error) = click.reply(&data.rest, edit).await {
        tracing::warn!(%error, "the answer to a lobby pick was not delivered; what it did stands");
    }
}
