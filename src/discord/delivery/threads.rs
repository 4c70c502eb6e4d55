//! A league game's thread: opened on the side's round message, recorded in
//! the delivery's progress, and reported to the service, which moves the
//! side's game into it (`Leagues::thread_opened`).
//!
//! Made once: a message takes one thread only (Discord answers 160004 to
//! a second), so a retry whose earlier try made the thread but never
//! recorded it (its answer lost, the process gone) reads the message's
//! thread instead; a thread recorded but not reported is reported again,
//! which the service takes as a no-op when it was.

use super::{Deliverer, DeliveryError, Recipient, game_of};
use crate::discord::keys::channel_key;
use crate::discord::rest::{Body, Rest, RestError};
use crate::model::ChannelKey;
use crate::service::Progress;
use reqwest::Method;
use serde_json::{Value, json};

/// Discord's longest thread name.
const THREAD_NAME_CHARS: usize = 100;
/// A week, Discord's longest: a game's ballots may be days apart.
const THREAD_ARCHIVE_MINUTES: u32 = 10_080;
/// Discord's code for "A thread has already been created for this
/// message".
const THREAD_EXISTS: u64 = 160_004;

impl Deliverer {
    /// Opens the thread `name` on the delivery's text message, unless an
    /// earlier try did, and reports it for the delivery's game.
    pub(super) async fn open_game_thread(
        &self,
        to: &Recipient<'_>,
        name: &str,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let game = game_of(to.delivery)?;
        let thread = match &progress.thread {
            Some(thread) => thread.clone(),
            None => {
                let Some(message) = progress.text.clone() else {
                    return Err(DeliveryError::Unreadable(format!(
                        "announcement {} opens a thread on no message",
                        to.delivery.id
                    )));
                };
                self.still_current(to).await?;
                let thread = match open_thread_on(&self.rest, to.channel, &message, name).await? {
                    Opened::Thread(thread) => thread.to_string(),
                    Opened::Refused(error) => {
                        tracing::error!(%error, channel = to.channel, "could not open a league game's thread; its side cannot play");
                        return Ok(());
                    }
                };
                progress.thread = Some(thread.clone());
                self.note(to.delivery, progress).await?;
                thread
            }
        };
        let thread: u64 = thread
            .parse()
            .map_err(|_| DeliveryError::Unreadable(format!("thread id {thread}")))?;
        self.service
            .leagues()
            .thread_opened(game, &to.delivery.channel, &ChannelKey(channel_key(thread)))
            .await?;
        Ok(())
    }
}

/// What asking for a thread on a message came to.
pub(super) enum Opened {
    /// The message's thread: made now, or by an earlier try.
    Thread(u64),
    /// Discord will not make one (a permission removed, a channel where
    /// threads cannot be): the caller says what that costs.
    Refused(RestError),
}

/// The thread on `message` of `channel`: opened now, or read from the
/// message when an earlier try opened it (a message takes one thread, and
/// Discord answers 160004 to a second), so a try whose answer was lost
/// never leaves a thread nobody knows of.
///
/// # Errors
/// A failure that may pass (a 5xx, a timeout): the delivery is tried again.
pub(super) async fn open_thread_on(
    rest: &Rest,
    channel: u64,
    message: &str,
    name: &str,
) -> Result<Opened, RestError> {
    let name: String = name.chars().take(THREAD_NAME_CHARS).collect();
    let body = json!({ "name": name, "auto_archive_duration": THREAD_ARCHIVE_MINUTES });
    let path = format!("/channels/{channel}/messages/{message}/threads");
    let made = match rest.call(Method::POST, &path, &Body::Json(body)).await {
        Ok(thread) => thread,
        Err(RestError::Rejected {
            code: Some(THREAD_EXISTS),
            ..
        }) => {
            let path = format!("/channels/{channel}/messages/{message}");
            match rest.call(Method::GET, &path, &Body::Empty).await {
                Ok(message) => message.get("thread").cloned().unwrap_or(Value::Null),
                // No Read Message History, or the message deleted: the
                // thread exists but cannot be found.
                Err(error) if error.is_final_client_error() => {
                    return Ok(Opened::Refused(error));
                }
                Err(error) => return Err(error),
            }
        }
        Err(error) if error.is_final_client_error() => return Ok(Opened::Refused(error)),
        Err(error) => return Err(error),
    };
    match made["id"].as_str().and_then(|id| id.parse().ok()) {
        Some(thread) => Ok(Opened::Thread(thread)),
        // The message's thread was deleted by a moderator since: as good
        // as refused.
        None => Ok(Opened::Refused(RestError::Local(format!(
            "message {message} of channel {channel} has no thread"
        )))),
    }
}
