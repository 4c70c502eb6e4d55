//! Ballot posts (the platform messages that present a ballot), native-poll
//! votes and their reconciliation, and per-channel settings.
//!
//! References and roles are the adapter's own strings; nothing here knows
//! which platform they come from.

use super::{
    BallotId, GameId, Millis, Outbox, Store, StoreError, VoteError, Written, on_pool, on_tx,
};
use crate::{BallotPost, PostStyle};
use std::collections::HashSet;

/// What a reconciliation with a poll's final results changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reconciled {
    /// Poll votes recorded or changed (their events were missed or stale).
    pub recorded: usize,
    /// Poll votes removed (the voter withdrew and the event was missed).
    pub removed: usize,
    /// Poll answers left alone because the voter's vote came another way.
    pub kept_direct: usize,
}

impl Outbox {
    /// Remembers a message that presents `ballot`. Recording the same
    /// reference again changes nothing, so a retried delivery is harmless.
    pub async fn record_ballot_post(
        &self,
        ballot: BallotId,
        style: PostStyle,
        reference: &str,
        now: Millis,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query(
            "INSERT INTO ballot_posts (reference, game_id, ply, style, posted_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (reference) DO NOTHING",
        )
        .bind(reference)
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .bind(style.as_str())
        .bind(now)
        .execute(db)
        .await.map(Written::from)
        })?;
        Ok(())
    }

    /// The posts of one ballot, oldest first.
    pub async fn ballot_posts(&self, ballot: BallotId) -> Result<Vec<BallotPost>, StoreError> {
        let rows: Vec<(String, i64, i64, String, bool)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT reference, game_id, ply, style, finished FROM ballot_posts
             WHERE game_id = $1 AND ply = $2 ORDER BY posted_at, reference",
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .fetch_all(db)
        .await)?;
        rows.into_iter().map(post_from_row).collect()
    }

    /// The post with this reference, if it presents a ballot.
    pub async fn ballot_post(&self, reference: &str) -> Result<Option<BallotPost>, StoreError> {
        let row: Option<(String, i64, i64, String, bool)> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT reference, game_id, ply, style, finished FROM ballot_posts WHERE reference = $1",
        )
        .bind(reference)
        .fetch_optional(db)
        .await
        })?;
        row.map(post_from_row).transpose()
    }

    /// A game's posts that are still live (a poll not ended, a menu not
    /// taken down), for tidying them when their ballot ends.
    pub async fn unfinished_posts(&self, game: GameId) -> Result<Vec<BallotPost>, StoreError> {
        let rows: Vec<(String, i64, i64, String, bool)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT reference, game_id, ply, style, finished FROM ballot_posts
             WHERE game_id = $1 AND NOT finished ORDER BY posted_at, reference",
        )
        .bind(game.0)
        .fetch_all(db)
        .await)?;
        rows.into_iter().map(post_from_row).collect()
    }

    pub async fn finish_post(&self, reference: &str) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "UPDATE ballot_posts SET finished = TRUE WHERE reference = $1"
        )
        .bind(reference)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }
}

impl Store {
    /// Removes `voter`'s poll vote for `mv` while the ballot is open: the
    /// poll answer was withdrawn. A vote cast another way, or for another
    /// move, stays. Returns whether a vote was removed.
    pub async fn withdraw_poll_vote(
        &self,
        ballot: BallotId,
        voter: &str,
        mv: &str,
        now: Millis,
    ) -> Result<bool, StoreError> {
        // Shares the ballot's row as a vote does (`Backend::share_row`), so
        // a withdrawal never lands between a close's tally and its commit.
        let delete = format!(
            "DELETE FROM votes WHERE game_id = $1 AND ply = $2 AND voter = $3 AND move = $4 AND source = 'poll'
               AND EXISTS (SELECT 1 FROM ballots b WHERE b.game_id = votes.game_id AND b.ply = votes.ply
                           AND b.status = 'open' AND b.deadline > $5 {share})",
            share = self.backend().share_row(),
        );
        let done = on_pool!(self, |db| sqlx::query(sqlx::AssertSqlSafe(delete))
            .bind(ballot.game.0)
            .bind(i64::from(ballot.ply))
            .bind(voter)
            .bind(mv)
            .bind(now)
            .execute(db)
            .await
            .map(Written::from))?;
        Ok(done.rows_affected() == 1)
    }

    /// Makes the ballot's poll votes equal the poll's final `answers`
    /// (voter, move), in one transaction, while the ballot is still open
    /// (its deadline may have passed: this is the first step of closing).
    /// Votes cast by command or menu are kept: the voter chose again after
    /// (or instead of) the poll, and the latest vote wins.
    ///
    /// # Errors
    /// [`VoteError::Closed`] when the ballot is no longer open.
    pub async fn reconcile_poll_votes(
        &self,
        ballot: BallotId,
        answers: &[(String, String)],
        now: Millis,
    ) -> Result<Reconciled, VoteError> {
        let mut tx = self.begin().await?;
        // The whole ballot row, not only a share of it: the votes read next
        // are rewritten from what was read, so no vote may come in between.
        let select = format!(
            "SELECT status = 'open' FROM ballots WHERE game_id = $1 AND ply = $2 {lock}",
            lock = tx.backend().lock_row(),
        );
        let open: Option<bool> = on_tx!(&mut tx, |db| sqlx::query_scalar(sqlx::AssertSqlSafe(
            select
        ))
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .fetch_optional(db)
        .await)
        .map_err(StoreError::from)?;
        match open {
            None => return Err(VoteError::NoSuchBallot),
            Some(false) => return Err(VoteError::Closed),
            Some(true) => {}
        }
        let stored: Vec<(String, String, String)> = on_tx!(&mut tx, |db| sqlx::query_as(
            "SELECT voter, move, source FROM votes WHERE game_id = $1 AND ply = $2"
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .fetch_all(db)
        .await)
        .map_err(StoreError::from)?;
        let mut done = Reconciled::default();
        let answered: HashSet<&str> = answers.iter().map(|(voter, _)| voter.as_str()).collect();
        for (voter, _, source) in &stored {
            if source == "poll" && !answered.contains(voter.as_str()) {
                on_tx!(&mut tx, |db| sqlx::query(
                    "DELETE FROM votes WHERE game_id = $1 AND ply = $2 AND voter = $3"
                )
                .bind(ballot.game.0)
                .bind(i64::from(ballot.ply))
                .bind(voter)
                .execute(db)
                .await
                .map(Written::from))
                .map_err(StoreError::from)?;
                done.removed += 1;
            }
        }
        for (voter, mv) in answers {
            let existing = stored.iter().find(|(v, _, _)| v == voter);
            match existing {
                Some((_, _, source)) if source != "poll" => done.kept_direct += 1,
                Some((_, old, _)) if old == mv => {}
                _ => {
                    on_tx!(&mut tx, |db| sqlx::query(
                        "INSERT INTO votes (game_id, ply, voter, move, cast_at, source) VALUES ($1, $2, $3, $4, $5, 'poll')
                         ON CONFLICT (game_id, ply, voter) DO UPDATE SET move = excluded.move, cast_at = excluded.cast_at",
                    )
                    .bind(ballot.game.0)
                    .bind(i64::from(ballot.ply))
                    .bind(voter)
                    .bind(mv)
                    .bind(now)
                    .execute(db)
                    .await.map(Written::from))
                    .map_err(StoreError::from)?;
                    done.recorded += 1;
                }
            }
        }
        tx.commit().await?;
        Ok(done)
    }

    /// The role (besides server managers) allowed to start and stop games
    /// in `channel`.
    pub async fn starter_role(&self, channel: &str) -> Result<Option<String>, StoreError> {
        let role: Option<Option<String>> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT starter_role FROM channel_settings WHERE channel = $1"
        )
        .bind(channel)
        .fetch_optional(db)
        .await)?;
        Ok(role.flatten())
    }

    pub async fn set_starter_role(
        &self,
        channel: &str,
        role: Option<&str>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO channel_settings (channel, starter_role) VALUES ($1, $2)
             ON CONFLICT (channel) DO UPDATE SET starter_role = excluded.starter_role",
        )
        .bind(channel)
        .bind(role)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// Whether each match made in `channel` gets a thread of its own.
    pub async fn match_threads(&self, channel: &str) -> Result<bool, StoreError> {
        let on: Option<bool> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT match_threads FROM channel_settings WHERE channel = $1"
        )
        .bind(channel)
        .fetch_optional(db)
        .await)?;
        Ok(on.unwrap_or(false))
    }

    pub async fn set_match_threads(&self, channel: &str, on: bool) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO channel_settings (channel, match_threads) VALUES ($1, $2)
             ON CONFLICT (channel) DO UPDATE SET match_threads = excluded.match_threads",
        )
        .bind(channel)
        .bind(on)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }
}

fn post_from_row(row: (String, i64, i64, String, bool)) -> Result<BallotPost, StoreError> {
    let (reference, game, ply, style, finished) = row;
    Ok(BallotPost {
        reference,
        ballot: BallotId {
            game: GameId(game),
            ply: ply as u32,
        },
        style: PostStyle::parse(&style)?,
        finished,
    })
}
