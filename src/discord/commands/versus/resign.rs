//! `/community resign`: a manager resigns the channel's side of a game
//! against another community, after confirming. The question is asked
//! only when the service would resign (a manager, a shared game), so
//! nobody confirms what is then refused. Only the member who asked may
//! answer, and only for a short while: a confirmation found later in the
//! scrollback must not end a game.

use super::{Action, click_actor, click_lang, click_message, error_text, settled};
use crate::discord::keys::{channel_key, channel_of};
use crate::discord::reply::Click;
use crate::discord::{
    Context, Data, Error, actor, answer_error, ephemeral, member_lang, reply, snowflake_millis,
};
use crate::model::GameId;
use crate::service::text::relative_time;
use crate::t;
use poise::serenity_prelude as serenity;

/// How long the Resign button answers.
const CONFIRM_MS: i64 = 2 * 60 * 1000;

/// Resign this channel's game against another community (server managers).
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let result = match actor(ctx, true).await {
        Ok(by) => {
            ctx.data()
                .service
                .games()
                .resignable(&channel_of(ctx), &by)
                .await
        }
        Err(error) => Err(error),
    };
    let game = match result {
        Ok(game) => game,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = member_lang(ctx);
    let user = ctx.author().id.get();
    let until = snowflake_millis(ctx.id()) + CONFIRM_MS;
    let buttons = vec![
        serenity::CreateButton::new(
            Action::Resign {
                game: game.0,
                user,
                until,
            }
            .custom_id(),
        )
        .label(t!(lang, "versus-resign-button"))
        .style(serenity::ButtonStyle::Danger),
        serenity::CreateButton::new(Action::Keep { user }.custom_id())
            .label(t!(lang, "versus-keep-button"))
            .style(serenity::ButtonStyle::Secondary),
    ];
    let text = t!(
        lang,
        "versus-resign-confirm",
        game = game.0,
        until = relative_time(until)
    );
    let answer = ephemeral(text).components(vec![serenity::CreateActionRow::Buttons(buttons)]);
    reply::send(ctx, answer).await;
    Ok(())
}

/// The Resign button: resigns `game` if it is still the channel's game,
/// the click is `user`'s and comes before `until`.
pub(super) async fn on_confirm(data: &Data, click: &Click<'_>, game: i64, user: u64, until: i64) {
    let lang = click_lang(click);
    let response = if click.user.id.get() != user {
        serenity::CreateInteractionResponse::Message(click_message(t!(lang, "versus-not-yours")))
    } else if snowflake_millis(click.id.get()) > until {
        settled(t!(lang, "versus-resign-expired"))
    } else {
        // Resigning plans the next step, which may ask the engine for its
        // armies' moves: acknowledge first, answer by editing the question.
        if let Err(error) = click.defer_update(&data.rest).await {
            tracing::warn!(%error, "acknowledging a resignation failed; nothing was resigned");
            return;
        }
        let channel = channel_key(click.channel_id.get());
        let text = match click_actor(data, click).await {
            Ok(by) => match data
                .service
                .games()
                .resign_side_of(&channel, &by, GameId(game))
                .await
            {
                Ok(true) => t!(lang, "versus-resigned", game = game),
                // The game asked about ended and another began since.
                Ok(false) => t!(lang, "versus-resign-stale", game = game),
                Err(error) => error_text(lang, error),
            },
            Err(error) => error_text(lang, error),
        };
        let edit = serenity::EditInteractionResponse::new()
            .content(text)
            .components(Vec::new())
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Err(error) = click.update(&data.rest, edit).await {
            tracing::warn!(%error, "the answer to a resignation was not delivered; it stands");
        }
        return;
    };
    click.answer(&data.rest, response).await;
}

/// "Keep playing": the question is closed and nothing changes.
pub(super) async fn on_keep(data: &Data, click: &Click<'_>, user: u64) {
    let lang = click_lang(click);
    let response = if click.user.id.get() == user {
        settled(t!(lang, "versus-resign-kept"))
    } else {
        serenity::CreateInteractionResponse::Message(click_message(t!(lang, "versus-not-yours")))
    };
    click.answer(&data.rest, response).await;
}
