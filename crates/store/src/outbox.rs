//! The outbox: what must be shown to people, queued in the same transaction
//! as the game change that caused it, and delivered by an adapter.
//!
//! Delivery is at least once from this table's point of view; adapters make
//! it exactly once for people by recording their progress (`delivery_ref`:
//! which messages are posted) and checking it before posting again.
//!
//! The table keeps what the service gives it as it is: a row's kind and
//! payload are the service's words and JSON, which only the service reads,
//! and a lookup by kind names the kind it is given, never one of its own.
//! Writes about a delivery are fenced twice. By the attempts the writer
//! read: once another process's attempt has ended (failed, delivered or
//! given up) nothing of an older attempt is recorded. And by the channel's
//! delivery lease, when the writer names its holder: once another process
//! holds the channel's lease (this one's ran out while it posted), this
//! one records nothing more, even while the other's attempt still runs.

use super::{
    BallotId, BallotState, GameId, Millis, Pool, Store, StoreError, Tx, Written, on_pool, on_tx,
};
use crate::{ClaimKind, QueuedAnnouncement};

#[derive(Clone, Debug, PartialEq)]
pub struct NewAnnouncement {
    /// What the announcement is, in the service's words: kept for logs
    /// and for a later lookup of an earlier row of the same kind.
    pub kind: &'static str,
    /// The announcement as JSON; its shape belongs to the service.
    pub payload: String,
    /// Where it is shown: `None` in every channel that plays the game (the
    /// game's own channel, or each side's), else in this channel only.
    pub channel: Option<String>,
}

/// An outbox row as read: the model's [`QueuedAnnouncement`], column for
/// column.
#[derive(sqlx::FromRow)]
struct RawQueued {
    id: i64,
    game_id: Option<i64>,
    channel: String,
    kind: String,
    payload: String,
    created_at: Millis,
    attempts: i64,
    delivery_ref: Option<String>,
}

impl From<RawQueued> for QueuedAnnouncement {
    fn from(raw: RawQueued) -> Self {
        let RawQueued {
            id,
            game_id,
            channel,
            kind,
            payload,
            created_at,
            attempts,
            delivery_ref,
        } = raw;
        QueuedAnnouncement {
            id,
            game_id,
            channel,
            kind,
            payload,
            created_at,
            attempts,
            delivery_ref,
        }
    }
}

/// The outbox and the ballot posts: the queries the service's deliveries
/// make to deliver announcements and keep track of the messages posted.
#[derive(Clone)]
pub struct Outbox {
    store: Store,
}

impl Store {
    pub fn outbox(&self) -> Outbox {
        Outbox {
            store: self.clone(),
        }
    }
}

impl Outbox {
    pub(super) fn pool(&self) -> &Pool {
        self.store.pool()
    }

    pub(super) fn timeout(&self) -> std::time::Duration {
        self.store.timeout()
    }

    /// The ballot a post presents, as stored now.
    pub async fn ballot(&self, id: BallotId) -> Result<Option<BallotState>, StoreError> {
        self.store.ballot(id).await
    }

    /// Undelivered announcements due for an attempt, oldest first. Within a
    /// channel they must be delivered in this order, so callers stop at a
    /// channel's first failure.
    pub async fn pending_announcements(
        &self,
        now: Millis,
        limit: i64,
    ) -> Result<Vec<QueuedAnnouncement>, StoreError> {
        Ok(on_pool!(self, |db| {
            sqlx::query_as::<_, RawQueued>(
            "SELECT id, game_id, channel, kind, payload, created_at, attempts, delivery_ref FROM outbox
             WHERE delivered_at IS NULL AND next_attempt_at <= $1 ORDER BY id LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(db)
        .await
        })?
        .into_iter()
        .map(QueuedAnnouncement::from)
        .collect())
    }

    /// Like [`Outbox::pending_announcements`], for one channel only (the
    /// offline player shares a database with the bot but shows only its own).
    pub async fn pending_in_channel(
        &self,
        channel: &str,
        now: Millis,
        limit: i64,
    ) -> Result<Vec<QueuedAnnouncement>, StoreError> {
        Ok(on_pool!(self, |db| {
            sqlx::query_as::<_, RawQueued>(
            "SELECT id, game_id, channel, kind, payload, created_at, attempts, delivery_ref FROM outbox
             WHERE channel = $1 AND delivered_at IS NULL AND next_attempt_at <= $2 ORDER BY id LIMIT $3",
        )
        .bind(channel)
        .bind(now)
        .bind(limit)
        .fetch_all(db)
        .await
        })?
        .into_iter()
        .map(QueuedAnnouncement::from)
        .collect())
    }

    /// Like [`Outbox::pending_announcements`], for the channels whose name
    /// starts with `prefix` (one platform's channels, e.g. `discord:`), so
    /// an adapter never picks up, or is held up by, another's rows.
    pub async fn pending_with_prefix(
        &self,
        prefix: &str,
        now: Millis,
        limit: i64,
    ) -> Result<Vec<QueuedAnnouncement>, StoreError> {
        // substr rather than LIKE: channel names may contain % or _.
        Ok(on_pool!(self, |db| {
            sqlx::query_as::<_, RawQueued>(
            "SELECT id, game_id, channel, kind, payload, created_at, attempts, delivery_ref FROM outbox
             WHERE delivered_at IS NULL AND next_attempt_at <= $1 AND substr(channel, 1, CAST($2 AS INTEGER)) = $3
             ORDER BY id LIMIT $4",
        )
        .bind(now)
        .bind(prefix.len() as i64)
        .bind(prefix)
        .bind(limit)
        .fetch_all(db)
        .await
        })?
        .into_iter()
        .map(QueuedAnnouncement::from)
        .collect())
    }

    /// The announcement `id` as it stands now, unless it was delivered (or
    /// given up) already: a row read before another process delivered it,
    /// or progressed it, must be read again before it is posted.
    pub async fn undelivered(&self, id: i64) -> Result<Option<QueuedAnnouncement>, StoreError> {
        Ok(on_pool!(self, |db| {
            sqlx::query_as::<_, RawQueued>(
            "SELECT id, game_id, channel, kind, payload, created_at, attempts, delivery_ref FROM outbox
             WHERE id = $1 AND delivered_at IS NULL",
        )
        .bind(id)
        .fetch_optional(db)
        .await
        })?
        .map(QueuedAnnouncement::from))
    }

    /// Earlier undelivered announcements of the same channel: a later one
    /// waits for them so people see things in order.
    pub async fn blocked_by_earlier(&self, row: &QueuedAnnouncement) -> Result<bool, StoreError> {
        Ok(on_pool!(self, |db| {
            sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM outbox WHERE channel = $1 AND id < $2 AND delivered_at IS NULL)",
        )
        .bind(&row.channel)
        .bind(row.id)
        .fetch_one(db)
        .await
        })?)
    }

    /// Whether `row` is, in the database, still the delivery it was read
    /// as: the same attempt (its attempts are still `row.attempts`), not
    /// delivered nor given up, and, when `holder` is given, with `holder`
    /// holding the delivery lease on its channel. The question the fenced
    /// writes below ask, asked before a post rather than after it: an
    /// in-memory lease flag is still set after a pause, and a lease taken
    /// back after another process released it says nothing of what that
    /// process did meanwhile.
    pub async fn still_current(
        &self,
        row: &QueuedAnnouncement,
        holder: Option<&str>,
    ) -> Result<bool, StoreError> {
        Ok(on_pool!(self, |db| {
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM outbox
                 WHERE id = $1 AND attempts = $2 AND delivered_at IS NULL
                   AND ($3 IS NULL OR EXISTS (SELECT 1 FROM claims WHERE claims.kind = $4
                        AND claims.claim_key = outbox.channel AND claims.owner = $3)))",
            )
            .bind(row.id)
            .bind(row.attempts)
            .bind(holder)
            .bind(ClaimKind::Delivery.as_str())
            .fetch_one(db)
            .await
        })?)
    }

    /// Remembers how far the delivery of `row` got (e.g. the board message
    /// was posted) so a retry does not post it again. Returns `false`, and
    /// writes nothing, when the row was delivered, given up or tried again
    /// since it was read (its attempts are no longer `row.attempts`), or
    /// when `holder` is given and no longer holds the delivery lease on
    /// the row's channel. `None` fences on the attempts alone, for a
    /// reader that takes no lease (the terminal).
    pub async fn note_progress(
        &self,
        row: &QueuedAnnouncement,
        holder: Option<&str>,
        progress: &str,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, |db| sqlx::query(
            "UPDATE outbox SET delivery_ref = $1
             WHERE id = $2 AND attempts = $3 AND delivered_at IS NULL
               AND ($4 IS NULL OR EXISTS (SELECT 1 FROM claims WHERE claims.kind = $5
                    AND claims.claim_key = outbox.channel AND claims.owner = $4))"
        )
        .bind(progress)
        .bind(row.id)
        .bind(row.attempts)
        .bind(holder)
        .bind(ClaimKind::Delivery.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks `row` delivered; `false`, and nothing written, as for
    /// [`Outbox::note_progress`].
    pub async fn mark_delivered(
        &self,
        row: &QueuedAnnouncement,
        holder: Option<&str>,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, |db| {
            sqlx::query(
                "UPDATE outbox SET delivered_at = $1
                 WHERE id = $2 AND attempts = $3 AND delivered_at IS NULL
                   AND ($4 IS NULL OR EXISTS (SELECT 1 FROM claims WHERE claims.kind = $5
                        AND claims.claim_key = outbox.channel AND claims.owner = $4))",
            )
            .bind(now)
            .bind(row.id)
            .bind(row.attempts)
            .bind(holder)
            .bind(ClaimKind::Delivery.as_str())
            .execute(db)
            .await
            .map(Written::from)
        })?;
        Ok(done.rows_affected() == 1)
    }

    /// Records a failed attempt at `row` and when to try again. After
    /// `give_up_after` attempts the announcement is marked
    /// delivered-with-error, so one bad message never holds up a channel
    /// for good. `false`, and nothing written, as for
    /// [`Outbox::note_progress`]: one failure is counted once.
    pub async fn mark_failed(
        &self,
        row: &QueuedAnnouncement,
        holder: Option<&str>,
        error: &str,
        retry_at: Millis,
        give_up_after: i64,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, |db| sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2,
                delivered_at = CASE WHEN attempts + 1 >= $3 THEN $4 ELSE NULL END
             WHERE id = $5 AND attempts = $6 AND delivered_at IS NULL
               AND ($7 IS NULL OR EXISTS (SELECT 1 FROM claims WHERE claims.kind = $8
                    AND claims.claim_key = outbox.channel AND claims.owner = $7))",
        )
        .bind(error.chars().take(500).collect::<String>())
        .bind(retry_at)
        .bind(give_up_after)
        .bind(now)
        .bind(row.id)
        .bind(row.attempts)
        .bind(holder)
        .bind(ClaimKind::Delivery.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(done.rows_affected() == 1)
    }

    /// The progress recorded for the last announcement of `kind` about
    /// `game` before outbox row `before`: what a later delivery needs of
    /// an earlier one (a match's previous turn, whose menus come down).
    pub async fn previous_progress(
        &self,
        game: GameId,
        kind: &str,
        before: i64,
    ) -> Result<Option<String>, StoreError> {
        let found: Option<Option<String>> = on_pool!(self, |db| {
            sqlx::query_scalar(
                "SELECT delivery_ref FROM outbox WHERE game_id = $1 AND kind = $2 AND id < $3
             ORDER BY id DESC LIMIT 1",
            )
            .bind(game.0)
            .bind(kind)
            .bind(before)
            .fetch_optional(db)
            .await
        })?;
        Ok(found.flatten())
    }
}

pub(super) async fn insert_in(
    tx: &mut Tx,
    game: Option<GameId>,
    channel: &str,
    announcement: &NewAnnouncement,
    at: Millis,
) -> Result<(), StoreError> {
    on_tx!(tx, |db| {
        sqlx::query(
        "INSERT INTO outbox (game_id, channel, kind, payload, created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(game.map(|g| g.0))
    .bind(channel)
    .bind(announcement.kind)
    .bind(&announcement.payload)
    .bind(at)
    .bind(at)
    .execute(db)
    .await.map(Written::from)
    })?;
    Ok(())
}
