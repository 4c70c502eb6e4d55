//! Clicks on match components: a challenge's Accept / Decline buttons and
//! a turn's move menus (one step, or piece then move). Always answered, so
//! Discord never shows "interaction failed"; refusals are ephemeral.

use super::players::{mention, player_of};
use super::threads;
use crate::discord::keys::channel_key;
use crate::discord::layout::components::Menu;
use crate::discord::layout::matches::{MatchAction, destination_moves, piece_moves};
use crate::discord::reply::Click;
use crate::discord::{Data, Error, channel_lang};
use crate::i18n::Lang;
use crate::model::{ChallengeId, GameId, PlayerRef};
use crate::service::MatchRefusal;
use crate::service::text::and_list;
use crate::service::{Acceptance, Refusal, ServiceError};
use crate::t;
use poise::serenity_prelude as serenity;

/// A click on a challenge button or a turn menu; `None` when the custom id
/// is not a match's. Always answered, so Discord never shows "interaction
/// failed".
pub async fn on_component(data: &Data, click: &Click<'_>) -> Result<bool, Error> {
    let Some(action) = MatchAction::parse(&click.data.custom_id) else {
        return Ok(false);
    };
    let by = player_of(&click.user);
    // What only the clicker sees speaks their language; an edit of the
    // challenge message, which the channel sees, the server's.
    let lang = Lang::from_discord_locale(&click.locale).unwrap_or_default();
    let value = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let service = &data.service;
    let response = match (action, value) {
        (MatchAction::Accept(id), _) => {
            let thread = threads::for_acceptance(
                data,
                click.guild_id,
                click.channel_id.get(),
                click.message.id.get(),
                id,
                &by.id,
            )
            .await;
            accept(data, click, lang, id, &by, thread).await
        }
        (MatchAction::Decline(id), _) => match service.matches().decline(id, &by).await {
            Ok(_) => {
                let post_lang = channel_lang(data, click.channel_id.get()).await;
                let text = t!(post_lang, "challenge-declined", player = mention(&by.id));
                serenity::CreateInteractionResponse::UpdateMessage(
                    serenity::CreateInteractionResponseMessage::new()
                        .content(text)
                        .components(Vec::new())
                        .allowed_mentions(serenity::CreateAllowedMentions::new()),
                )
            }
            Err(error) => reply(error_text(lang, error)),
        },
        (MatchAction::Move { game, ply }, Some(mv)) => {
            // The engine may reply first: acknowledge at once, answer after.
            click.defer_reply(&data.rest).await?;
            let text = match service
                .matches()
                .play_at(game, Some(ply), &by.id, &mv)
                .await
            {
                Ok(receipt) => t!(lang, "match-you-played", move = receipt.mv),
                Err(error) => error_text(lang, error),
            };
            let edit = serenity::EditInteractionResponse::new()
                .content(text)
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            if let Err(error) = click.reply(&data.rest, edit).await {
                tracing::warn!(%error, "the answer to a move was not delivered; the move stands");
            }
            return Ok(true);
        }
        (MatchAction::Piece { game, ply }, Some(piece)) => {
            match step_reply(data, lang, game, ply, &by.id, &piece, piece_moves).await {
                Ok(message) => serenity::CreateInteractionResponse::Message(message),
                Err(error) => reply(error_text(lang, error)),
            }
        }
        (MatchAction::Destination { game, ply }, Some(destination)) => {
            let step = step_reply(
                data,
                lang,
                game,
                ply,
                &by.id,
                &destination,
                destination_moves,
            );
            match step.await {
                Ok(message) => serenity::CreateInteractionResponse::Message(message),
                Err(error) => reply(error_text(lang, error)),
            }
        }
        _ => reply(t!(lang, "match-menu-stale")),
    };
    click.answer(&data.rest, response).await;
    Ok(true)
}

/// Accepts challenge `id` for `by`, the match (if this starts it) played
/// in `thread` when one was opened for it. A thread the match did not start
/// in (the acceptance was refused, or another one started the match
/// meanwhile) is removed again.
async fn accept(
    data: &Data,
    click: &serenity::ComponentInteraction,
    lang: Lang,
    id: ChallengeId,
    by: &PlayerRef,
    thread: Option<u64>,
) -> serenity::CreateInteractionResponse {
    let venue = thread.map(channel_key);
    let result = data
        .service
        .matches()
        .accept_in(id, by, venue.as_deref())
        .await;
    // Whether the match is played in the thread: `None` when that cannot
    // be read, and then the thread stays (it may hold the match).
    let in_thread = match (&result, &venue) {
        (Ok(Acceptance::Started(game)), Some(venue)) => {
            match data.service.games().get(*game).await {
                Ok(Some(row)) => Some(&row.channel == venue),
                Ok(None) => None,
                Err(error) => {
                    tracing::error!(%error, game = game.0, "reading a new match failed");
                    None
                }
            }
        }
        _ => Some(false),
    };
    if let (Some(thread), Some(false)) = (thread, in_thread) {
        threads::remove(&data.rest, thread).await;
    }
    match result {
        Ok(Acceptance::Started(game)) => {
            let post_lang = channel_lang(data, click.channel_id.get()).await;
            let text = match thread {
                Some(thread) if in_thread == Some(true) => t!(
                    post_lang,
                    "challenge-accepted-thread",
                    game = game.0,
                    thread = format!("<#{thread}>")
                ),
                _ => t!(post_lang, "challenge-accepted", game = game.0),
            };
            // The challenge message loses its buttons; the match's own
            // messages follow from the outbox.
            serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(text)
                    .components(Vec::new())
                    .allowed_mentions(serenity::CreateAllowedMentions::new()),
            )
        }
        Ok(Acceptance::Waiting { still }) => {
            let names: Vec<String> = still.iter().map(|p| mention(&p.id)).collect();
            reply(t!(
                lang,
                "challenge-waiting",
                players = and_list(lang, &names)
            ))
        }
        Err(error) => reply(error_text(lang, error)),
    }
}

/// A step of a large turn (the chosen piece's moves or destinations, or a
/// destination's moves), for the player to decide only.
async fn step_reply(
    data: &Data,
    lang: Lang,
    game: GameId,
    ply: u32,
    player: &str,
    chosen: &str,
    menus: fn(Lang, GameId, u32, &[String], &str) -> Vec<Menu>,
) -> Result<serenity::CreateInteractionResponseMessage, ServiceError> {
    let view = data.service.matches().view(game).await?;
    let waiting = view.waiting.as_ref().and_then(|s| s.player.as_deref());
    if !view.is_live() {
        return Err(Refusal::Match(MatchRefusal::MatchOver).into());
    }
    if view.game.ply != ply {
        return Err(Refusal::Match(MatchRefusal::MatchMoved).into());
    }
    if waiting != Some(player) {
        return Err(match &view.waiting {
            Some(seat) => Refusal::Match(MatchRefusal::NotYourTurn {
                waiting: seat.name.clone(),
            }),
            None => Refusal::Match(MatchRefusal::EngineDeciding),
        }
        .into());
    }
    let menus = menus(lang, game, ply, &view.legal, chosen);
    if menus.is_empty() {
        return Ok(message(t!(lang, "match-piece-stuck", piece = chosen)));
    }
    Ok(message(t!(lang, "match-piece-moves", piece = chosen))
        .components(menus.into_iter().map(Menu::into_row).collect()))
}

fn message(text: String) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

fn reply(text: String) -> serenity::CreateInteractionResponse {
    serenity::CreateInteractionResponse::Message(message(text))
}

fn error_text(lang: Lang, error: ServiceError) -> String {
    crate::discord::error_text(lang, error, "a match action")
}
