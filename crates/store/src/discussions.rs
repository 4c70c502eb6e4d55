//! The end of a ballot's discussion: the post that opens its votes,
//! queued in the transaction that marks it posted, on the condition that
//! it was not yet, so it goes out once whichever process reaches it first
//! (as a reminder does, `calls.rs`). And the threads opened to talk a
//! channel's game over.

use super::ballots::ballot_ids;
use super::outbox::insert_in;
use super::{BallotId, Millis, NewAnnouncement, Store, StoreError, Written, on_pool, on_tx};

impl Store {
    /// Open ballots whose discussion ended at or before `now` and whose
    /// votes were not announced yet.
    pub async fn due_openings(&self, now: Millis) -> Result<Vec<BallotId>, StoreError> {
        let rows: Vec<(i64, i64)> = on_pool!(self, |db| {
            sqlx::query_as(
                "SELECT game_id, ply FROM ballots
             WHERE status = 'open' AND opening IS NULL AND votes_open_at IS NOT NULL AND votes_open_at <= $1
             ORDER BY votes_open_at",
            )
            .bind(now)
            .fetch_all(db)
            .await
        })?;
        Ok(ballot_ids(rows))
    }

    /// The earliest discussion later than `after` still to end.
    pub async fn earliest_opening(&self, after: Millis) -> Result<Option<Millis>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MIN(votes_open_at) FROM ballots
             WHERE status = 'open' AND opening IS NULL AND votes_open_at > $1",
        )
        .bind(after)
        .fetch_one(db)
        .await)?)
    }

    /// Queues `post` in `channel` as the post that opens `ballot`'s votes.
    /// `false`, and nothing written, when the ballot is no longer open or
    /// its opening was posted already.
    pub async fn post_opening(
        &self,
        ballot: BallotId,
        channel: &str,
        post: &NewAnnouncement,
        at: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let marked = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE ballots SET opening = 'posted'
             WHERE game_id = $1 AND ply = $2 AND status = 'open' AND opening IS NULL
               AND votes_open_at IS NOT NULL",
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .execute(db)
        .await
        .map(Written::from))?;
        if marked.rows_affected() != 1 {
            return Ok(false);
        }
        insert_in(&mut tx, Some(ballot.game), channel, post, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Notes that `thread` was opened to talk over `channel`'s game.
    pub async fn note_discussion_thread(
        &self,
        thread: &str,
        channel: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO discussion_threads (thread, channel) VALUES ($1, $2)
             ON CONFLICT (thread) DO NOTHING",
        )
        .bind(thread)
        .bind(channel)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// The channel whose game `thread` was opened to talk over, if any.
    pub async fn discussion_channel(&self, thread: &str) -> Result<Option<String>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT channel FROM discussion_threads WHERE thread = $1"
        )
        .bind(thread)
        .fetch_optional(db)
        .await)?)
    }
}
