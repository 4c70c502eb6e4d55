//! A ballot's own posts: the poll or the menus members vote with, the
//! closing time put right once a slow post moved the deadline, and the
//! posts ended when their ballot is (polls expire, menus come down).
//!
//! When a late post moves a deadline, and by how much, is the service's
//! (`Deliveries::ballot_to_post`, `ballot_posted`, `restated`): this file
//! reports what it posts and writes the closing time it is told.

use super::messages::clip;
use super::tally::refresh_tally;
use super::{Deliverer, DeliveryError, Recipient};
use crate::discord::keys::{channel_key, post_reference, split_reference};
use crate::discord::layout::ballots;
use crate::discord::layout::limits::MENU_OPTIONS;
use crate::discord::rest::{Body, Rest, RestError};
use crate::i18n::Lang;
use crate::model::{BallotState, GameId, Millis, PostStyle};
use crate::service::{BallotToPost, Progress};
use reqwest::Method;
use serde_json::json;

impl Deliverer {
    /// Posts the ballot of `ply` (a poll or menus) if it is still open,
    /// and reports it, so its votes, tallies and close find it. The vote
    /// runs from when members can see it: the service moves the deadline
    /// for the wait before the post and for the post's own time.
    pub(super) async fn post_ballot(
        &self,
        to: &Recipient<'_>,
        ply: u32,
        announced: Millis,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.ballot.is_some() {
            return Ok(());
        }
        let deliveries = self.service.deliveries();
        let Some(BallotToPost { ballot, format }) = deliveries
            .ballot_to_post(to.delivery, ply, announced)
            .await?
        else {
            // Closed while we were away: the result follows; nothing to vote on.
            return Ok(());
        };
        let now = self.service.now();
        let lang = to.delivery.lang;
        let style = ballots::style_for(&ballot, format, now, self.poll_min_ms);
        let body = ballots::ballot_body(lang, &ballot, style, now);
        let message = self.post(to, body, Vec::new(), 'p').await?;
        let reference = post_reference(to.channel, &message);
        deliveries
            .ballot_posted(to.delivery, ply, announced, style, &reference)
            .await?;
        progress.ballot = Some(message);
        self.note(to.delivery, progress).await?;
        tracing::info!(
            game = ballot.id.game.0,
            ply = ballot.id.ply,
            style = style.as_str(),
            legal = ballot.legal.len(),
            menus = ballot.legal.len() > MENU_OPTIONS,
            "ballot posted"
        );
        Ok(())
    }

    /// A ballot whose own post was slow moves its deadline after the board
    /// or the extension named one: that message is edited to the deadline
    /// the ballot has (`content` writes it), so the channel reads one
    /// closing time.
    pub(super) async fn restate_closing(
        &self,
        to: &Recipient<'_>,
        ply: u32,
        progress: &mut Progress,
        content: impl FnOnce(Millis) -> String,
    ) -> Result<(), DeliveryError> {
        // The one message of this announcement that named a closing time:
        // the board of a new ballot, or the text of an extension.
        let message = progress.board.as_ref().or(progress.text.as_ref()).cloned();
        let (Some(message), Some(stated)) = (message, progress.stated) else {
            return Ok(());
        };
        let deliveries = self.service.deliveries();
        let Some(ballot) = deliveries.restated(to.delivery, ply, stated).await? else {
            return Ok(());
        };
        let closes = ballot.deadline;
        self.rest
            .call(
                Method::PATCH,
                &format!("/channels/{}/messages/{message}", to.channel),
                &Body::Json(json!({
                    "content": clip(&content(closes)),
                    "allowed_mentions": { "parse": [] },
                })),
            )
            .await?;
        self.restate_ballot_posts(to, ply).await?;
        progress.stated = Some(closes);
        self.note(to.delivery, progress).await?;
        Ok(())
    }

    /// The ballot's own message in the channel was written before its
    /// slow post moved the deadline: its closing time is put right too
    /// (menus by the tally's own edit, which writes the deadline with the
    /// tally).
    async fn restate_ballot_posts(
        &self,
        to: &Recipient<'_>,
        ply: u32,
    ) -> Result<(), DeliveryError> {
        let deliveries = self.service.deliveries();
        // Read again: the edit before this one may have taken a while.
        let Some(ballot) = deliveries.open_ballot(to.delivery, ply).await? else {
            return Ok(());
        };
        let now = self.service.now();
        for post in deliveries.ballot_posts(ballot.id).await? {
            let Some((here, message)) = split_reference(&post.reference) else {
                continue;
            };
            if here != to.channel || post.finished || post.style != PostStyle::Poll {
                continue;
            }
            let body = poll_content(to.delivery.lang, &ballot, now);
            self.rest
                .call(
                    Method::PATCH,
                    &format!("/channels/{here}/messages/{message}"),
                    &Body::Json(json!({ "content": body, "allowed_mentions": { "parse": [] } })),
                )
                .await?;
        }
        refresh_tally(&self.service, &self.rest, &channel_key(to.channel)).await
    }

    /// Ends the game's live ballot posts in `here`: polls expire (Discord
    /// then shows their bars), menus come down and their message says how
    /// the vote ended, with `result` when the ballot closed on a move. A
    /// post that is already gone or ended counts as done.
    ///
    /// Only this channel's posts: in a game between communities another
    /// channel's post is worded in its own language and from its own side
    /// ("The community played…"), by its own channel's announcement.
    pub(super) async fn tidy(
        &self,
        lang: Lang,
        game: GameId,
        here: u64,
        result: Option<&str>,
    ) -> Result<(), DeliveryError> {
        let deliveries = self.service.deliveries();
        for post in deliveries.unfinished_posts(game).await? {
            let Some((channel, message)) = split_reference(&post.reference) else {
                deliveries.finish_post(&post.reference).await?;
                continue;
            };
            if channel != here {
                continue;
            }
            let result = match post.style {
                PostStyle::Poll => expire_poll(&self.rest, channel, message).await,
                PostStyle::Menu => self
                    .rest
                    .call(
                        Method::PATCH,
                        &format!("/channels/{channel}/messages/{message}"),
                        &Body::Json(json!({
                            "content": ballots::closed_menu_text(lang, post.ballot.ply, result),
                            "components": [],
                            "allowed_mentions": { "parse": [] },
                        })),
                    )
                    .await
                    .map(|_| ()),
            };
            match result {
                Ok(()) => {}
                Err(error) if error.is_final_client_error() => {
                    tracing::debug!(%error, "ballot post already gone or ended");
                }
                Err(error) => return Err(error.into()),
            }
            deliveries.finish_post(&post.reference).await?;
        }
        Ok(())
    }
}

/// A poll's message as it reads with `ballot`'s deadline.
fn poll_content(lang: Lang, ballot: &BallotState, now: Millis) -> serde_json::Value {
    ballots::ballot_body(lang, ballot, PostStyle::Poll, now)["content"].clone()
}

/// Ends a native poll now (Discord then shows its final results).
pub async fn expire_poll(rest: &Rest, channel: u64, message: &str) -> Result<(), RestError> {
    rest.call(
        Method::POST,
        &format!("/channels/{channel}/polls/{message}/expire"),
        &Body::Empty,
    )
    .await
    .map(|_| ())
}
