//! The door to delivery: which announcements a platform owes its channels,
//! what each one is made of (its [`Part`]s, in `parts.rs`), how far each
//! delivery got, and the messages that present each ballot.
//!
//! A platform adapter asks an announcement for its parts, posts them and
//! reports what happened; the rest is decided here: what a channel gets,
//! when a failed delivery is tried again and when it is given up, and
//! what counts as still due. The adapter holds no store handle.
//!
//! [`Deliveries`] holds no reference to the [`Service`](crate::Service),
//! so the poll reader, which the service itself calls before a ballot
//! closes, can keep one.

mod parts;
mod suggested;

pub use parts::{Closes, Closing, Message, Part, Style, with_closing};
pub use suggested::suggestions_line;

use crate::clock::Clock;
use crate::metrics::metrics;
use crate::{RetryPolicy, ServiceError};
use holotable_model::{
    BallotId, BallotPost, BallotState, GameId, Millis, PostStyle, QueuedAnnouncement,
};
use holotable_store::Outbox;
use std::sync::Arc;
use std::time::Duration;

/// The wait before an announcement whose delivery failed is tried again,
/// by any process: it is stored with the announcement.
pub const REDELIVERY: RetryPolicy = RetryPolicy {
    first: Duration::from_secs(1),
    max: Duration::from_secs(64),
};
/// After this many failed attempts an announcement is given up (logged,
/// skipped), so one bad message never holds up a channel for good.
const GIVE_UP_AFTER: i64 = 8;

#[derive(Clone)]
pub struct Deliveries {
    outbox: Outbox,
    clock: Arc<dyn Clock>,
}

impl Deliveries {
    pub(crate) fn new(outbox: Outbox, clock: Arc<dyn Clock>) -> Self {
        Deliveries { outbox, clock }
    }

    /// Up to `limit` announcements due now in the channels whose name
    /// starts with `prefix` (one platform's), oldest first. Within a
    /// channel they must be delivered in this order, so callers stop at a
    /// channel's first failure.
    pub async fn due(
        &self,
        prefix: &str,
        limit: i64,
    ) -> Result<Vec<QueuedAnnouncement>, ServiceError> {
        let now = self.clock.now();
        Ok(self.outbox.pending_with_prefix(prefix, now, limit).await?)
    }

    /// Up to `limit` announcements not yet delivered in `channel`, oldest
    /// first, whatever their wait: the terminal shows its own channel's
    /// news as soon as a command has made it (it shares a database with
    /// the bot, but its clock moves only when it plays).
    pub async fn queued_in(
        &self,
        channel: &str,
        limit: i64,
    ) -> Result<Vec<QueuedAnnouncement>, ServiceError> {
        Ok(self
            .outbox
            .pending_in_channel(channel, Millis::MAX, limit)
            .await?)
    }

    /// Whether `queued`, read a moment ago, is still to be posted now: not
    /// delivered meanwhile by another process, and not behind an earlier
    /// announcement of its channel that is waiting out its backoff.
    pub async fn still_due(&self, queued: &QueuedAnnouncement) -> Result<bool, ServiceError> {
        Ok(!self.outbox.delivered(queued.id).await?
            && !self.outbox.blocked_by_earlier(queued).await?)
    }

    /// Remembers part of a delivery (e.g. the board message was posted) so
    /// a retry does not post it again.
    pub async fn progressed(
        &self,
        queued: &QueuedAnnouncement,
        reference: &str,
    ) -> Result<(), ServiceError> {
        Ok(self.outbox.note_progress(queued.id, reference).await?)
    }

    /// `queued` was delivered, as `reference` (the platform's message ids)
    /// when a later delivery needs them.
    pub async fn delivered(
        &self,
        queued: &QueuedAnnouncement,
        reference: Option<&str>,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        Ok(self
            .outbox
            .mark_delivered(queued.id, reference, now)
            .await?)
    }

    /// `queued` failed with `error`: tried again after [`REDELIVERY`]'s
    /// wait, or given up after its last attempt. Returns whether it was
    /// given up.
    pub async fn failed(
        &self,
        queued: &QueuedAnnouncement,
        error: &str,
    ) -> Result<bool, ServiceError> {
        let now = self.clock.now();
        let attempts = queued.attempts + 1;
        let wait = REDELIVERY.wait_after(u32::try_from(attempts).unwrap_or(u32::MAX));
        let given_up = attempts >= GIVE_UP_AFTER;
        metrics().delivery_failed(given_up);
        let retry_at = now + wait.as_millis() as i64;
        self.outbox
            .mark_failed(queued.id, error, retry_at, GIVE_UP_AFTER, now)
            .await?;
        Ok(given_up)
    }

    /// What was recorded for the last delivered turn announcement of
    /// `game` before `queued` (its message ids), so the turn's menus can
    /// come down when the next one is shown.
    pub async fn previous_turn(
        &self,
        game: GameId,
        queued: &QueuedAnnouncement,
    ) -> Result<Option<String>, ServiceError> {
        Ok(self.outbox.previous_turn_delivery(game, queued.id).await?)
    }

    /// The ballot `id`, as the posts that present it need it.
    pub async fn ballot(&self, id: BallotId) -> Result<Option<BallotState>, ServiceError> {
        Ok(self.outbox.ballot(id).await?)
    }

    /// Remembers that the message `reference` presents `ballot` as `style`.
    pub async fn record_ballot_post(
        &self,
        ballot: BallotId,
        style: PostStyle,
        reference: &str,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        Ok(self
            .outbox
            .record_ballot_post(ballot, style, reference, now)
            .await?)
    }

    /// The messages that present `ballot`.
    pub async fn ballot_posts(&self, ballot: BallotId) -> Result<Vec<BallotPost>, ServiceError> {
        Ok(self.outbox.ballot_posts(ballot).await?)
    }

    /// The ballot the message `reference` presents, if it presents one.
    pub async fn ballot_post(&self, reference: &str) -> Result<Option<BallotPost>, ServiceError> {
        Ok(self.outbox.ballot_post(reference).await?)
    }

    /// The posts of `game` that are still live (a poll not ended, menus
    /// not taken down), for tidying them when their ballot ends.
    pub async fn unfinished_posts(&self, game: GameId) -> Result<Vec<BallotPost>, ServiceError> {
        Ok(self.outbox.unfinished_posts(game).await?)
    }

    /// The post `reference` was tidied: its poll ended, its menus came
    /// down.
    pub async fn finish_post(&self, reference: &str) -> Result<(), ServiceError> {
        Ok(self.outbox.finish_post(reference).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_delivery_waits_a_second_doubling_to_about_a_minute() {
        let waits: Vec<u64> = (1..=9)
            .map(|failures| REDELIVERY.wait_after(failures).as_secs())
            .collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64, 64, 64]);
    }
}
