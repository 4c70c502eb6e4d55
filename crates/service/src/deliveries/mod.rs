//! The door to delivery: which announcements a platform owes its channels,
//! each handed over decoded as a [`Delivery`] (its [`News`], its channel,
//! the [`Part`]s it is made of in the channel's language, and its typed
//! [`Progress`]), how far each delivery got, and the messages that present
//! each ballot.
//!
//! A platform adapter lays the parts out, posts them and reports what it
//! showed when; the rest is decided here: what a channel gets, when a
//! failed delivery is tried again and when it is given up, what counts as
//! still due, and how a ballot shown late keeps its voting time
//! (`shown.rs`). The adapter holds no store handle and reads no JSON: the
//! outbox row's kind, payload and progress are encoded and decoded here
//! (`news.rs`, `progress.rs`), and one that cannot be read is a failed
//! delivery, never a fresh start.
//!
//! [`Deliveries`] holds no reference to the [`Service`](crate::Service),
//! so the poll reader, which the service itself calls before a ballot
//! closes, can keep one; it holds the store, the clock and the
//! scheduler's wake-up instead.

mod news;
mod parts;
mod progress;
mod shown;
mod suggested;

pub use news::{News, NewsKind};
pub use parts::{Closes, Closing, Message, Part, Style, with_closing};
pub use progress::Progress;
pub use shown::BallotToPost;
pub use suggested::suggestions_line;

use crate::clock::Clock;
use crate::leases::Lease;
use crate::metrics::metrics;
use crate::servers::channel_lang;
use crate::{Failure, RetryPolicy, ServiceError};
use holotable_i18n::Lang;
use holotable_model::{
    BallotId, BallotPost, BallotState, ChannelKey, ClaimKind, GameId, Millis, QueuedAnnouncement,
};
use holotable_store::{Outbox, Store};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

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
    store: Store,
    clock: Arc<dyn Clock>,
    /// Woken when a ballot shown late moves its deadline, so the scheduler
    /// reads what is due next.
    deadlines_changed: Arc<Notify>,
}

/// An announcement due in a channel, not yet read for delivery: what the
/// adapter needs to share the work out by channel. [`Deliveries::open`]
/// reads it, as it stands then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Queued {
    pub id: i64,
    pub channel: ChannelKey,
}

/// An announcement to deliver, decoded.
#[derive(Clone, Debug)]
pub struct Delivery {
    /// The outbox row's id: the delivery's name in logs, and what tells
    /// one post of a platform from a repeat of it.
    pub id: i64,
    pub channel: ChannelKey,
    /// The game it is about; none for news of no game (the daily post,
    /// the puzzle).
    pub game: Option<GameId>,
    pub news: News,
    /// The language its parts are worded in.
    pub lang: Lang,
    /// What the channel is told, in order ([`Part`]).
    pub parts: Vec<Part>,
    /// What of it was posted by earlier attempts.
    pub progress: Progress,
    /// The row as read: when it was queued, and the attempts that fence
    /// what this delivery records.
    row: QueuedAnnouncement,
    /// The holder of the channel's delivery lease it was opened under,
    /// which fences what it records too; `None` for the terminal's
    /// ([`Deliveries::queued_in`]), read under no lease.
    holder: Option<Arc<str>>,
}

impl Delivery {
    /// The attempts made before this one.
    pub fn attempts(&self) -> i64 {
        self.row.attempts
    }

    /// The ballot of `ply` of the delivery's game.
    fn ballot(&self, ply: u32) -> Result<BallotId, ServiceError> {
        let game = self.game.ok_or_else(|| Failure::Unreadable {
            id: self.id,
            detail: "news of a ballot names no game".into(),
        })?;
        Ok(BallotId { game, ply })
    }

    fn lease_lost(&self) -> ServiceError {
        Failure::LeaseLost { id: self.id }.into()
    }

    fn holder(&self) -> Option<&str> {
        self.holder.as_deref()
    }
}

impl Deliveries {
    pub(crate) fn new(store: Store, clock: Arc<dyn Clock>, deadlines_changed: Arc<Notify>) -> Self {
        Deliveries {
            store,
            clock,
            deadlines_changed,
        }
    }

    fn outbox(&self) -> Outbox {
        self.store.outbox()
    }

    /// Up to `limit` announcements due now in the channels whose name
    /// starts with `prefix` (one platform's), oldest first. Within a
    /// channel they must be delivered in this order, so callers stop at a
    /// channel's first failure.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn due(&self, prefix: &str, limit: i64) -> Result<Vec<Queued>, ServiceError> {
        let now = self.clock.now();
        let rows = self
            .outbox()
            .pending_with_prefix(prefix, now, limit)
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| Queued {
                id: row.id,
                channel: ChannelKey(row.channel),
            })
            .collect())
    }

    /// `queued`, read again now for delivery with `style`'s writing, in
    /// its channel's language, under `lease` (the channel's delivery
    /// lease, held by this process); `None` when it is no longer to be
    /// posted: delivered meanwhile by another process, or behind an
    /// earlier announcement of its channel that is waiting out its backoff.
    /// Once another process holds the lease, or another attempt at the row
    /// ended, the delivery is no longer current
    /// ([`Deliveries::still_current`], asked before each post), and its
    /// progress, its end ([`Deliveries::progressed`], [`Deliveries::delivered`],
    /// [`Deliveries::failed`]) and a ballot deadline it would move are
    /// refused ([`Failure::LeaseLost`]); the record of a ballot post that
    /// went out is kept ([`Deliveries::ballot_posted`]).
    ///
    /// # Errors
    /// Storage failures; [`Failure::Unreadable`] when the announcement or
    /// its progress cannot be read, which is recorded as a failed attempt
    /// (tried again after a wait, given up in the end) and logged.
    pub async fn open(
        &self,
        queued: &Queued,
        lease: &Lease,
        style: &dyn Style,
    ) -> Result<Option<Delivery>, ServiceError> {
        debug_assert!(lease.is_on(ClaimKind::Delivery, queued.channel.as_str()));
        let holder = Some(lease.owner());
        let outbox = self.outbox();
        let Some(row) = outbox.undelivered(queued.id).await? else {
            return Ok(None);
        };
        if outbox.blocked_by_earlier(&row).await? {
            return Ok(None);
        }
        let lang = channel_lang(&self.store, &row.channel).await?;
        self.read(row, holder, lang, style).await.map(Some)
    }

    /// Up to `limit` announcements not yet delivered in `channel`, oldest
    /// first, whatever their wait, worded in `lang`: the terminal shows
    /// its own channel's news as soon as a command has made it (it shares
    /// a database with the bot, but its clock moves only when it plays),
    /// in the language its reader asked for. It holds no lease: what it
    /// records is fenced by the attempts it read alone.
    ///
    /// # Errors
    /// As [`Deliveries::open`], for the first announcement that fails.
    pub async fn queued_in(
        &self,
        channel: &ChannelKey,
        limit: i64,
        lang: Lang,
        style: &dyn Style,
    ) -> Result<Vec<Delivery>, ServiceError> {
        let rows = self
            .outbox()
            .pending_in_channel(channel.as_str(), Millis::MAX, limit)
            .await?;
        let mut deliveries = Vec::with_capacity(rows.len());
        for row in rows {
            deliveries.push(self.read(row, None, lang, style).await?);
        }
        Ok(deliveries)
    }

    /// `row` decoded, with its parts.
    async fn read(
        &self,
        row: QueuedAnnouncement,
        holder: Option<Arc<str>>,
        lang: Lang,
        style: &dyn Style,
    ) -> Result<Delivery, ServiceError> {
        let decoded = News::decode(&row.kind, &row.payload).and_then(|news| {
            let progress = Progress::decode(row.delivery_ref.as_deref())?;
            Ok((news, progress))
        });
        let (news, progress) = match decoded {
            Ok(read) => read,
            Err(detail) => return Err(self.unreadable(&row, holder.as_deref(), detail).await),
        };
        let game = row.game_id.map(GameId);
        let parts = match &news {
            News::Community(announcement) => announcement.parts(lang, style),
            News::League(news) => news.parts(lang, style),
            News::Match(announcement) => {
                // Only a rated result reads the seats (their ratings). A
                // match's news whose match cannot be found is the service's
                // own failure, not the user's: unreadable, so it is counted
                // and given up in the end rather than holding up its
                // channel for good.
                let found = match (announcement.reads_seats(), game) {
                    (false, _) => Ok(Vec::new()),
                    (true, Some(game)) => self
                        .store
                        .match_row(game)
                        .await?
                        .map(|m| m.seats)
                        .ok_or_else(|| format!("match news of game {}: no match row", game.0)),
                    (true, None) => Err("match news that names no game".to_string()),
                };
                let seats = match found {
                    Ok(seats) => seats,
                    Err(detail) => {
                        return Err(self.unreadable(&row, holder.as_deref(), detail).await);
                    }
                };
                announcement.parts(lang, style, &seats)
            }
        };
        Ok(Delivery {
            id: row.id,
            channel: ChannelKey(row.channel.clone()),
            game,
            news,
            lang,
            parts,
            progress,
            row,
            holder,
        })
    }

    /// Records that `row` cannot be read, as a failed attempt, and logs it:
    /// the error to hand back.
    async fn unreadable(
        &self,
        row: &QueuedAnnouncement,
        holder: Option<&str>,
        detail: String,
    ) -> ServiceError {
        let error = Failure::Unreadable { id: row.id, detail };
        match self.fail(row, holder, &error.to_string()).await {
            Ok(Some(given_up)) => tracing::error!(
                outbox = row.id,
                kind = %row.kind,
                attempts = row.attempts + 1,
                given_up,
                %error,
                "an announcement cannot be read"
            ),
            // Another process counted this attempt already, or holds the
            // channel now.
            Ok(None) => {}
            Err(failed) => return failed,
        }
        error.into()
    }

    /// Whether `delivery` is, in the database, still the one it was opened
    /// as: its attempt has not ended (failed, delivered or given up) and,
    /// for one opened under a lease, no other process holds the channel's
    /// delivery lease. Asked before each post: the lease's own answer
    /// ([`Lease::still_ours`]) is a flag in memory, which still says ours
    /// after a pause longer than the lease, and a lease taken again after
    /// another process released it says nothing of what that process
    /// posted meanwhile. One read by primary key.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn still_current(&self, delivery: &Delivery) -> Result<bool, ServiceError> {
        Ok(self
            .outbox()
            .still_current(&delivery.row, delivery.holder())
            .await?)
    }

    /// [`Deliveries::still_current`], or [`Failure::LeaseLost`]: for a write
    /// made before a post, which must not be a stale delivery's.
    async fn current(&self, delivery: &Delivery) -> Result<(), ServiceError> {
        if self.still_current(delivery).await? {
            Ok(())
        } else {
            Err(delivery.lease_lost())
        }
    }

    /// Remembers how far `delivery` got (e.g. its board was posted) so a
    /// retry does not post that again.
    ///
    /// # Errors
    /// Storage failures; [`Failure::LeaseLost`] when another process
    /// delivered, gave up or retried it since it was read, or holds the
    /// channel's delivery lease now: nothing is recorded then.
    pub async fn progressed(
        &self,
        delivery: &Delivery,
        progress: &Progress,
    ) -> Result<(), ServiceError> {
        let outbox = self.outbox();
        if outbox
            .note_progress(&delivery.row, delivery.holder(), &progress.encode())
            .await?
        {
            Ok(())
        } else {
            Err(delivery.lease_lost())
        }
    }

    /// `delivery` was delivered.
    ///
    /// # Errors
    /// As [`Deliveries::progressed`].
    pub async fn delivered(&self, delivery: &Delivery) -> Result<(), ServiceError> {
        let now = self.clock.now();
        if self
            .outbox()
            .mark_delivered(&delivery.row, delivery.holder(), now)
            .await?
        {
            Ok(())
        } else {
            Err(delivery.lease_lost())
        }
    }

    /// `delivery` failed with `error`: tried again after [`REDELIVERY`]'s
    /// wait, or given up after its last attempt. Returns whether it was
    /// given up.
    ///
    /// # Errors
    /// As [`Deliveries::progressed`].
    pub async fn failed(&self, delivery: &Delivery, error: &str) -> Result<bool, ServiceError> {
        self.fail(&delivery.row, delivery.holder(), error)
            .await?
            .ok_or_else(|| delivery.lease_lost())
    }

    /// Records a failed attempt at `row`: whether it was given up, or
    /// `None` when another process recorded this attempt first or holds
    /// the channel's lease instead of `holder`.
    async fn fail(
        &self,
        row: &QueuedAnnouncement,
        holder: Option<&str>,
        error: &str,
    ) -> Result<Option<bool>, ServiceError> {
        let now = self.clock.now();
        let attempts = row.attempts + 1;
        let wait = REDELIVERY.wait_after(u32::try_from(attempts).unwrap_or(u32::MAX));
        let given_up = attempts >= GIVE_UP_AFTER;
        let retry_at = now + wait.as_millis() as i64;
        let outbox = self.outbox();
        if !outbox
            .mark_failed(row, holder, error, retry_at, GIVE_UP_AFTER, now)
            .await?
        {
            return Ok(None);
        }
        metrics().delivery_failed(given_up);
        Ok(Some(given_up))
    }

    /// How far the delivery of the match's previous turn got (its board
    /// message, whose menus come down once the next turn is shown); `None`
    /// for a first turn. A progress that cannot be read is logged and
    /// passed over: it only costs the old turn its menus' removal, while
    /// failing would hold up the new turn.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn previous_turn(
        &self,
        delivery: &Delivery,
    ) -> Result<Option<Progress>, ServiceError> {
        let Some(game) = delivery.game else {
            return Ok(None);
        };
        let turn = NewsKind::TurnStarted.as_str();
        let stored = self
            .outbox()
            .previous_progress(game, turn, delivery.id)
            .await?;
        let Some(stored) = stored else {
            return Ok(None);
        };
        match Progress::decode(Some(&stored)) {
            Ok(progress) => Ok(Some(progress)),
            Err(error) => {
                tracing::warn!(game = game.0, %error, "the previous turn's progress cannot be read");
                Ok(None)
            }
        }
    }

    /// The ballot `id`, as the posts that present it need it.
    pub async fn ballot(&self, id: BallotId) -> Result<Option<BallotState>, ServiceError> {
        Ok(self.outbox().ballot(id).await?)
    }

    /// The messages that present `ballot`.
    pub async fn ballot_posts(&self, ballot: BallotId) -> Result<Vec<BallotPost>, ServiceError> {
        Ok(self.outbox().ballot_posts(ballot).await?)
    }

    /// The ballot the message `reference` presents, if it presents one.
    pub async fn ballot_post(&self, reference: &str) -> Result<Option<BallotPost>, ServiceError> {
        Ok(self.outbox().ballot_post(reference).await?)
    }

    /// The posts of `game` that are still live (a poll not ended, menus
    /// not taken down), for tidying them when their ballot ends.
    pub async fn unfinished_posts(&self, game: GameId) -> Result<Vec<BallotPost>, ServiceError> {
        Ok(self.outbox().unfinished_posts(game).await?)
    }

    /// The post `reference` was tidied: its poll ended, its menus came
    /// down.
    pub async fn finish_post(&self, reference: &str) -> Result<(), ServiceError> {
        Ok(self.outbox().finish_post(reference).await?)
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
