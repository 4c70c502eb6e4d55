//! Answering interactions through the bot's own client, with the same
//! retries as deliveries (`rest.rs`): a 429 waits its `retry_after`, a 5xx
//! backs off. serenity's client behind `DISCORD_API_URL` runs without its
//! rate limiter and drops `retry_after`, so one 502 on a reply used to make
//! the command fail after its work was done, and the person was told
//! "something went wrong" about a game that had started.
//!
//! What the person reads must match what happened. A reply that finally
//! fails is logged and the command's work stands: nothing more can be told
//! through that interaction, and saying it failed would be false. A
//! deferral that fails is an error: the command has done nothing yet, so
//! it stops there and the person's retry starts afresh.
//!
//! Retrying never shows a reply twice: the first reply of a deferred
//! command edits the deferred message (an idempotent PATCH), and a callback
//! retried after its answer was lost is refused by Discord as already
//! acknowledged, which is what was wanted.

use super::Context;
use super::rest::{Body, Rest, RestError};
use poise::serenity_prelude as serenity;
use reqwest::Method;
use std::sync::atomic::Ordering;

/// Discord's "Interaction has already been acknowledged".
const ALREADY_ACKNOWLEDGED: u64 = 40060;

/// Acknowledges the command now (ephemerally) and answers later, for
/// commands that render or ask the engine.
///
/// # Errors
/// When Discord could not be told, after retries: the command should stop.
pub async fn defer(ctx: Context<'_>) -> Result<(), RestError> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    if app.has_sent_initial_response.load(Ordering::SeqCst) {
        return Ok(());
    }
    let response = serenity::CreateInteractionResponse::Defer(
        serenity::CreateInteractionResponseMessage::new().ephemeral(true),
    );
    respond(
        &ctx.data().rest,
        app.interaction.id.get(),
        &app.interaction.token,
        &response,
    )
    .await?;
    app.has_sent_initial_response.store(true, Ordering::SeqCst);
    Ok(())
}

/// Answers the command with `reply`: the interaction's response, or, once
/// it was deferred, the deferred message's content. A command answers
/// once; a second answer would replace the first. A reply that cannot be
/// delivered is logged: what the command did stands.
pub async fn send(ctx: Context<'_>, reply: poise::CreateReply) {
    if let Err(error) = try_send(ctx, reply).await {
        tracing::warn!(
            command = %ctx.command().qualified_name,
            %error,
            "the reply was not delivered; what the command did stands"
        );
    }
}

async fn try_send(ctx: Context<'_>, reply: poise::CreateReply) -> Result<(), RestError> {
    // Every command is a slash command; prefix commands are not registered.
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let reply = ctx.reply_builder(reply);
    let rest = &ctx.data().rest;
    if app.has_sent_initial_response.load(Ordering::SeqCst) {
        let edit = reply.to_slash_initial_response_edit(serenity::EditInteractionResponse::new());
        edit_original(
            rest,
            app.interaction.application_id.get(),
            &app.interaction.token,
            edit,
        )
        .await?;
    } else {
        let message =
            reply.to_slash_initial_response(serenity::CreateInteractionResponseMessage::new());
        respond(
            rest,
            app.interaction.id.get(),
            &app.interaction.token,
            &serenity::CreateInteractionResponse::Message(message),
        )
        .await?;
        app.has_sent_initial_response.store(true, Ordering::SeqCst);
    }
    Ok(())
}

/// Sends an interaction's response (a reply, a deferral, an update of the
/// clicked message), retried like any call.
///
/// # Errors
/// When Discord refused it or could not be reached, after retries.
pub async fn respond(
    rest: &Rest,
    interaction: u64,
    token: &str,
    response: &serenity::CreateInteractionResponse,
) -> Result<(), RestError> {
    let body = serde_json::to_value(response).map_err(|e| RestError::Local(e.to_string()))?;
    let path = format!("/interactions/{interaction}/{token}/callback");
    match rest.call(Method::POST, &path, &Body::Json(body)).await {
        Ok(_) => Ok(()),
        // An earlier attempt got through; only its answer was lost.
        Err(RestError::Rejected {
            code: Some(ALREADY_ACKNOWLEDGED),
            ..
        }) => Ok(()),
        Err(error) => Err(error),
    }
}

/// Edits the deferred response of a component click.
///
/// # Errors
/// When Discord refused it or could not be reached, after retries.
pub async fn edit_original(
    rest: &Rest,
    application: u64,
    token: &str,
    edit: serenity::EditInteractionResponse,
) -> Result<(), RestError> {
    let body = serde_json::to_value(edit).map_err(|e| RestError::Local(e.to_string()))?;
    let path = format!("/webhooks/{application}/{token}/messages/@original");
    rest.call(Method::PATCH, &path, &Body::Json(body)).await?;
    Ok(())
}

/// Answers a component click with `response`. A failure is logged: what
/// the click did (a vote, a move) stands.
pub async fn answer_click(
    rest: &Rest,
    click: &serenity::ComponentInteraction,
    response: serenity::CreateInteractionResponse,
) {
    if let Err(error) = respond(rest, click.id.get(), &click.token, &response).await {
        tracing::warn!(
            custom_id = %click.data.custom_id,
            %error,
            "the answer to a click was not delivered; what the click did stands"
        );
    }
}
