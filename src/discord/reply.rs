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
//! acknowledged, which is what was wanted. A follow-up is a message of its
//! own with no nonce, which Discord may have posted though its answer was
//! lost, so it is tried again after a rate limit only.
//!
//! An interaction may already be acknowledged when its handler runs: one
//! that waited its turn was deferred as it arrived (`busy.rs`), since
//! Discord wants an answer within three seconds. A command is then deferred
//! ephemerally, as [`defer`] does, and poise is told the response was sent,
//! so it does not answer again; [`send`] edits the "thinking…" (a public
//! reply, whose visibility a deferral fixed for good, becomes a message of
//! its own). A click is answered through [`Click`], which knows how it was
//! acknowledged.

use super::Context;
use super::rest::{Body, Rest, RestError, Retries};
use poise::serenity_prelude as serenity;
use reqwest::Method;
use serde_json::Value;
use std::sync::atomic::Ordering;

/// Discord's "Interaction has already been acknowledged".
const ALREADY_ACKNOWLEDGED: u64 = 40060;

/// The message flag that shows a message to its member alone.
const EPHEMERAL: u64 = 1 << 6;

/// Acknowledges the command now (ephemerally) and answers later, for
/// commands that render or ask the engine. Every deferral of a command is
/// ephemeral, this one and the queue's (`busy.rs`), so [`send`] knows what
/// a deferred response looks like.
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
    let (application, token) = (app.interaction.application_id.get(), &app.interaction.token);
    if app.has_sent_initial_response.load(Ordering::SeqCst) {
        let followup = reply
            .clone()
            .to_slash_followup_response(serenity::CreateInteractionResponseFollowup::new());
        let followup = json(&followup)?;
        let edit = reply.to_slash_initial_response_edit(serenity::EditInteractionResponse::new());
        edit_original(rest, application, token, edit).await?;
        if flags(&followup) & EPHEMERAL == 0 {
            // The deferral showed "thinking…" to the member alone, and
            // stays so: the channel's answer is a message of its own. Only
            // now, since a follow-up while "thinking…" shows would edit it;
            // then the member's copy goes.
            follow_up(rest, application, token, Body::Json(followup)).await?;
            delete_original(rest, application, token).await?;
        }
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
    respond_with(rest, Retries::Every, interaction, token, response).await
}

/// [`respond`], given up at `deadline`: an acknowledgement after Discord's
/// three seconds is refused, and its retries would hold a place others
/// need.
///
/// # Errors
/// As [`respond`], and when the deadline passed first.
pub async fn respond_within(
    rest: &Rest,
    deadline: tokio::time::Instant,
    interaction: u64,
    token: &str,
    response: &serenity::CreateInteractionResponse,
) -> Result<(), RestError> {
    respond_with(rest, Retries::Until(deadline), interaction, token, response).await
}

async fn respond_with(
    rest: &Rest,
    retries: Retries,
    interaction: u64,
    token: &str,
    response: &serenity::CreateInteractionResponse,
) -> Result<(), RestError> {
    let body = serde_json::to_value(response).map_err(|e| RestError::Local(e.to_string()))?;
    let path = format!("/interactions/{interaction}/{token}/callback");
    match rest
        .call_with(retries, Method::POST, &path, &Body::Json(body))
        .await
    {
        Ok(_) => Ok(()),
        // An earlier attempt got through; only its answer was lost.
        Err(RestError::Rejected {
            code: Some(ALREADY_ACKNOWLEDGED),
            ..
        }) => Ok(()),
        Err(error) => Err(error),
    }
}

/// Edits an interaction's response: a deferred one's content, or the
/// clicked message after a deferred update.
///
/// # Errors
/// When Discord refused it or could not be reached, after retries.
async fn edit_original(
    rest: &Rest,
    application: u64,
    token: &str,
    edit: serenity::EditInteractionResponse,
) -> Result<(), RestError> {
    patch_original(rest, application, token, Body::Json(json(&edit)?)).await
}

async fn patch_original(
    rest: &Rest,
    application: u64,
    token: &str,
    body: Body,
) -> Result<(), RestError> {
    let path = format!("/webhooks/{application}/{token}/messages/@original");
    rest.call(Method::PATCH, &path, &body).await?;
    Ok(())
}

/// A message of its own after an interaction's response. Tried again only
/// after a rate limit: Discord may have posted it though its answer was
/// lost, and would post it twice.
async fn follow_up(
    rest: &Rest,
    application: u64,
    token: &str,
    body: Body,
) -> Result<(), RestError> {
    let path = format!("/webhooks/{application}/{token}");
    rest.call_with(Retries::Unambiguous, Method::POST, &path, &body)
        .await?;
    Ok(())
}

async fn delete_original(rest: &Rest, application: u64, token: &str) -> Result<(), RestError> {
    let path = format!("/webhooks/{application}/{token}/messages/@original");
    rest.call(Method::DELETE, &path, &Body::Empty).await?;
    Ok(())
}

fn json(builder: &impl serde::Serialize) -> Result<Value, RestError> {
    serde_json::to_value(builder).map_err(|e| RestError::Local(e.to_string()))
}

fn flags(message: &Value) -> u64 {
    message["flags"].as_u64().unwrap_or(0)
}

/// How a command or click was acknowledged before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acked {
    /// "thinking…", shown to the member alone (a deferred message): the
    /// answer edits it.
    Reply,
    /// Taken, the clicked message to be edited (a deferred update): an
    /// answer to the member alone is a follow-up.
    Update,
}

/// A component click, with how it was acknowledged so far: not yet, when
/// its handler runs as it arrives; by the queue, when it waited its turn
/// (`busy.rs`). Its handler answers through it the same way in both cases:
/// [`Click::answer`] at once, or [`Click::defer_reply`] /
/// [`Click::defer_update`] first and [`Click::reply`] / [`Click::update`]
/// once the work is done. It reads as the interaction itself.
pub struct Click<'a> {
    interaction: &'a serenity::ComponentInteraction,
    acked: std::sync::Mutex<Option<Acked>>,
}

impl std::ops::Deref for Click<'_> {
    type Target = serenity::ComponentInteraction;

    fn deref(&self) -> &Self::Target {
        self.interaction
    }
}

impl<'a> Click<'a> {
    pub fn new(interaction: &'a serenity::ComponentInteraction, acked: Option<Acked>) -> Self {
        Click {
            interaction,
            acked: std::sync::Mutex::new(acked),
        }
    }

    fn acked(&self) -> Option<Acked> {
        *self.acked.lock().expect("click lock")
    }

    /// Acknowledges the click now, "thinking…" shown to the member alone
    /// until [`Click::reply`]. Nothing when it was acknowledged already.
    ///
    /// # Errors
    /// When Discord could not be told, after retries: the handler should
    /// stop, having done nothing.
    pub async fn defer_reply(&self, rest: &Rest) -> Result<(), RestError> {
        let thinking = serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new().ephemeral(true),
        );
        self.acknowledge(rest, thinking, Acked::Reply).await
    }

    /// Acknowledges the click now, its message to be edited by
    /// [`Click::update`]. Nothing when it was acknowledged already.
    ///
    /// # Errors
    /// As [`Click::defer_reply`].
    pub async fn defer_update(&self, rest: &Rest) -> Result<(), RestError> {
        let taken = serenity::CreateInteractionResponse::Acknowledge;
        self.acknowledge(rest, taken, Acked::Update).await
    }

    async fn acknowledge(
        &self,
        rest: &Rest,
        response: serenity::CreateInteractionResponse,
        how: Acked,
    ) -> Result<(), RestError> {
        if self.acked().is_some() {
            return Ok(());
        }
        respond(rest, self.id.get(), &self.token, &response).await?;
        *self.acked.lock().expect("click lock") = Some(how);
        Ok(())
    }

    /// After a deferral, the answer to the member alone. It edits the
    /// "thinking…"; after a deferred update it is a follow-up of its own.
    ///
    /// # Errors
    /// When Discord refused it or could not be reached, after retries.
    pub async fn reply(
        &self,
        rest: &Rest,
        edit: serenity::EditInteractionResponse,
    ) -> Result<(), RestError> {
        self.reply_body(rest, Body::Json(json(&edit)?)).await
    }

    /// [`Click::reply`] of a message's JSON, with its files if any.
    ///
    /// # Errors
    /// As [`Click::reply`].
    pub async fn reply_body(&self, rest: &Rest, body: Body) -> Result<(), RestError> {
        let (application, token) = (self.application_id.get(), &self.token);
        if self.acked() == Some(Acked::Update) {
            let body = match body {
                Body::Json(payload) => Body::Json(ephemeral(payload)),
                Body::WithFiles { payload, files } => Body::WithFiles {
                    payload: ephemeral(payload),
                    files,
                },
                Body::Empty => Body::Empty,
            };
            follow_up(rest, application, token, body).await
        } else {
            patch_original(rest, application, token, body).await
        }
    }

    /// After a deferral, the clicked message's new content. Were the click
    /// acknowledged with "thinking…", that is what it edits, and the member
    /// alone reads it: the queue acknowledges so only ballot menus, which
    /// never edit their message.
    ///
    /// # Errors
    /// As [`Click::reply`].
    pub async fn update(
        &self,
        rest: &Rest,
        edit: serenity::EditInteractionResponse,
    ) -> Result<(), RestError> {
        edit_original(rest, self.application_id.get(), &self.token, edit).await
    }

    /// Answers with `response`: a message to the member alone, or the
    /// clicked message updated; once the click is acknowledged, through
    /// [`Click::reply`] or [`Click::update`]. A failure is logged: what the
    /// click did (a vote, a move) stands.
    pub async fn answer(&self, rest: &Rest, response: serenity::CreateInteractionResponse) {
        use serenity::CreateInteractionResponse::{Message, UpdateMessage};
        let (application, token) = (self.application_id.get(), &self.token);
        let delivered = match (self.acked(), response) {
            (None, response) => respond(rest, self.id.get(), token, &response).await,
            (Some(Acked::Update), Message(message)) => match json(&message) {
                // Its own flags: to the member alone, as the answer would
                // have been.
                Ok(payload) => follow_up(rest, application, token, Body::Json(payload)).await,
                Err(error) => Err(error),
            },
            (Some(_), Message(message) | UpdateMessage(message)) => match json(&message) {
                Ok(payload) => {
                    let edit = without(payload, &["flags", "tts"]);
                    patch_original(rest, application, token, Body::Json(edit)).await
                }
                Err(error) => Err(error),
            },
            // An acknowledgement or a deferral: the click has had one.
            (Some(_), _) => Ok(()),
        };
        if let Err(error) = delivered {
            tracing::warn!(
                custom_id = %self.data.custom_id,
                %error,
                "the answer to a click was not delivered; what the click did stands"
            );
        }
    }
}

/// `payload` shown to its member alone.
fn ephemeral(mut payload: Value) -> Value {
    payload["flags"] = Value::from(flags(&payload) | EPHEMERAL);
    payload
}

/// `payload` without the fields an edit does not take.
fn without(mut payload: Value, fields: &[&str]) -> Value {
    if let Some(object) = payload.as_object_mut() {
        for field in fields {
            object.remove(*field);
        }
    }
    payload
}
