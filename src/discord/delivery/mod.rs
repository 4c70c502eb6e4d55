//! Delivering the outbox to Discord: every announcement the service queued
//! becomes one or more messages, in order per channel, exactly once for the
//! people reading.
//!
//! The service hands each announcement over decoded (`Delivery`): its
//! parts in the channel's language and how far earlier attempts got. This
//! module lays each part out the Discord way (`layout/`), posts it, and
//! reports what it showed; what the parts are, when a failure is tried
//! again, and what a late post does to a ballot's deadline are the
//! service's. Each part is recorded in the delivery's progress as soon as
//! it is posted, so a retry (after a 5xx, a 429 storm or a restart) posts
//! only what is missing; the `nonce` sent with `enforce_nonce` covers the
//! window between Discord creating a message and us recording it. Each
//! channel is delivered by a task of its own, under a lease shared by
//! every process (`lanes.rs`), so one channel's failing or hanging posts
//! hold up no other channel's.
//!
//! The parts' posts are by concept: messages of text and boards
//! (`messages.rs`), the ballots' own posts and their tidying
//! (`ballot_posts.rs`), a match's menus (`matches.rs`), the daily puzzle
//! (`puzzles.rs`), the live tally (`tally.rs`), and a league game's
//! thread (`threads.rs`).

mod ballot_posts;
mod lanes;
mod matches;
mod messages;
mod puzzles;
pub(super) mod tally;
mod threads;

pub use ballot_posts::expire_poll;

use crate::discord::keys::channel_id;
use crate::discord::layout::attachments::attachments;
use crate::discord::rest::{Body, Rest, RestError};
use crate::model::{GameId, Millis};
use crate::service::{
    Announcement, BoardImage, Delivery, Failure, Lease, Message, News, Part, Progress, Service,
    ServiceError,
};
use reqwest::Method;
use serde_json::{Value, json};
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    #[error(transparent)]
    Rest(#[from] RestError),
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error("{0}")]
    Unreadable(String),
}

impl DeliveryError {
    /// Whether another process took the delivery over: nothing is left
    /// for this one to record.
    fn is_lease_lost(&self) -> bool {
        matches!(self, DeliveryError::Service(error) if error.is_lease_lost())
    }
}

/// What posts the outbox to Discord.
pub struct Deliverer {
    pub service: Arc<Service>,
    pub rest: Arc<Rest>,
    /// Shortest vote shown as a native poll (see `layout::ballots::style_for`).
    pub poll_min_ms: Millis,
    pub board_size: u32,
    /// The pages' public address (`HOLOTABLE_PUBLIC_URL`): board posts of
    /// community games then carry a link to their game's page.
    pub public_url: Option<String>,
}

/// Where one delivery goes: its Discord channel, under the channel's
/// delivery lease.
struct Recipient<'a> {
    channel: u64,
    delivery: &'a Delivery,
    lease: &'a tokio::sync::Mutex<Lease>,
}

impl Deliverer {
    /// Posts what of `delivery`'s parts is not posted yet, in order,
    /// noting each as it goes out.
    pub(super) async fn deliver(
        &self,
        delivery: &Delivery,
        lease: &tokio::sync::Mutex<Lease>,
    ) -> Result<(), DeliveryError> {
        let channel = channel_id(delivery.channel.as_str())
            .ok_or_else(|| DeliveryError::Unreadable(format!("channel {}", delivery.channel)))?;
        let to = Recipient {
            channel,
            delivery,
            lease,
        };
        let lang = delivery.lang;
        let mut progress = delivery.progress.clone();
        // The message that stated a ballot's closing time, to restate once
        // the ballot's own post has moved it.
        let mut stated: Option<(&Message, &[String])> = None;
        for part in &delivery.parts {
            // Before every part, not only every post: ending a ballot's
            // posts edits another process's live poll if this one is stale.
            self.still_current(&to).await?;
            match part {
                // A retry that already posted a later part would end the
                // new ballot's own posts: the tidy went out before them.
                Part::EndBallotPosts { .. } if progress != Progress::default() => {}
                Part::EndBallotPosts { result } => {
                    self.tidy(lang, game_of(delivery)?, channel, result.as_deref())
                        .await?;
                }
                Part::EndPreviousTurn => self.close_previous_turn(delivery, channel).await?,
                Part::Text(message) => {
                    if message.closes.is_some_and(|c| c.ballot.is_some()) {
                        stated = Some((message, &[]));
                    }
                    if !self.text_part(&to, message, &mut progress).await? {
                        // Retried past its ballot's close: too late to matter.
                        return Ok(());
                    }
                }
                Part::Board {
                    ply,
                    featured,
                    message,
                } => {
                    if message.closes.is_some_and(|c| c.ballot.is_some()) {
                        stated = Some((message, featured));
                    }
                    if progress.board.is_none() {
                        self.post_position(&to, *ply, featured, message, &mut progress)
                            .await?;
                    }
                }
                Part::Ballot { ply, deadline } => {
                    self.post_ballot(&to, *ply, *deadline, &mut progress)
                        .await?;
                    // Votes opening after a discussion: the post lists
                    // what was suggested meanwhile. Only an edit, so a
                    // failure waits for the next tally refresh.
                    if matches!(
                        delivery.news,
                        News::Community(Announcement::VotingOpened { .. })
                    ) && let Err(error) =
                        tally::refresh_tally(&self.service, &self.rest, delivery.channel.as_str())
                            .await
                    {
                        tracing::warn!(%error, "listing the discussion's suggestions failed");
                    }
                    if let Some((message, featured)) = stated {
                        let content =
                            |closes| messages::content(lang, message, featured, Some(closes));
                        self.restate_closing(&to, *ply, &mut progress, content)
                            .await?;
                    }
                }
                Part::Daily(post) => self.post_daily(&to, post, &mut progress).await?,
                Part::Puzzle(post) => self.post_puzzle(&to, post, &mut progress).await?,
                Part::PuzzleReveal(reveal) => {
                    self.reveal_puzzle(&to, reveal, &mut progress).await?;
                }
                Part::OpenThread { name } => {
                    self.open_game_thread(&to, name, &mut progress).await?;
                }
            }
        }
        Ok(())
    }

    async fn note(&self, delivery: &Delivery, progress: &Progress) -> Result<(), ServiceError> {
        self.service
            .deliveries()
            .progressed(delivery, progress)
            .await
    }

    /// `LeaseLost` unless this process still holds the channel and the
    /// attempt it read. The lease's flag first (it renews a lease the
    /// renewer doubted), then the database: after a pause the flag is
    /// still unset, and a lease taken back after another process released
    /// it says nothing of what that process posted meanwhile.
    async fn still_current(&self, to: &Recipient<'_>) -> Result<(), DeliveryError> {
        if !to.lease.lock().await.still_ours().await?
            || !self.service.deliveries().still_current(to.delivery).await?
        {
            let id = to.delivery.id;
            return Err(ServiceError::from(Failure::LeaseLost { id }).into());
        }
        Ok(())
    }

    /// Posts a message to `to` and returns its id, unless the delivery is
    /// no longer current in the database: another process holds the
    /// channel's lease, or ended the attempt this one read (`LeaseLost`:
    /// the channel is theirs to post). The nonce names the delivery and the part, so
    /// Discord drops a repeat of a post whose answer we never saw.
    async fn post(
        &self,
        to: &Recipient<'_>,
        mut body: Value,
        files: Vec<(String, BoardImage)>,
        part: char,
    ) -> Result<String, DeliveryError> {
        let (channel, delivery) = (to.channel, to.delivery.id);
        self.still_current(to).await?;
        // Nobody is pinged unless the body itself allows someone (a player's
        // turn, a daily post in a server that turned mentions on).
        if body.get("allowed_mentions").is_none() {
            body["allowed_mentions"] = json!({ "parse": [] });
        }
        body["nonce"] = json!(format!("ht{delivery}{part}"));
        body["enforce_nonce"] = json!(true);
        let body = if files.is_empty() {
            Body::Json(body)
        } else {
            body["attachments"] = attachments(&files);
            Body::WithFiles {
                payload: body,
                files: files
                    .into_iter()
                    .map(|(name, image)| (name, image.bytes))
                    .collect(),
            }
        };
        let answer = self
            .rest
            .call(
                Method::POST,
                &format!("/channels/{channel}/messages"),
                &body,
            )
            .await?;
        answer
            .get("id")
            .and_then(Value::as_str)
            .map(String::from)
            .ok_or_else(|| DeliveryError::Unreadable("a posted message without an id".into()))
    }

    /// Edits the message `message` of `channel` to `body`; a message that
    /// is gone or can no longer be edited counts as done (`gone` says what
    /// it was, for the log).
    async fn edit_if_there(
        &self,
        channel: u64,
        message: &str,
        body: Value,
        gone: &str,
    ) -> Result<(), DeliveryError> {
        let result = self
            .rest
            .call(
                Method::PATCH,
                &format!("/channels/{channel}/messages/{message}"),
                &Body::Json(body),
            )
            .await;
        match result {
            Ok(_) => Ok(()),
            Err(error) if error.is_final_client_error() => {
                tracing::debug!(%error, "{gone} is already gone");
                Ok(())
            }
            Err(error) => Err(error.into()),
        }
    }
}

/// The game a delivery is about; every part but the daily post and the
/// puzzle's needs it.
fn game_of(delivery: &Delivery) -> Result<GameId, DeliveryError> {
    delivery.game.ok_or_else(|| {
        DeliveryError::Unreadable(format!("announcement {} names no game", delivery.id))
    })
}
