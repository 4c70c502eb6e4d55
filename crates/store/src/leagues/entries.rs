//! A league before its start: created, entered, left, closed or
//! cancelled, and when the scheduler next looks at it.

use super::{Joined, LeagueRow, NewLeague};
use crate::outbox::{self, NewAnnouncement};
use crate::{Millis, Store, StoreError, Tx, Written, on_pool, on_tx, to_json};
use holotable_model::{ChannelKey, LeagueId, LeagueStatus, ServerKey};

impl Store {
    /// Stores a new league, entering. `None`, writing nothing, when its
    /// code is taken (the caller draws another).
    pub async fn insert_league(&self, new: &NewLeague) -> Result<Option<LeagueId>, StoreError> {
        let id: Option<i64> = on_pool!(self, |db| {
            sqlx::query_scalar(
            "INSERT INTO leagues (name, code, kind, rules, format, pairing_games, move_ms, round_moves,
                ballot_format, discuss_ms, hidden_tally, public, seed, server, channel, created_by,
                start_at, status, next_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                'entering', $17, $18)
             ON CONFLICT (code) DO NOTHING
             RETURNING id"
        )
        .bind(&new.name)
        .bind(&new.code)
        .bind(new.kind.as_str())
        .bind(to_json(&new.rules))
        .bind(new.format.as_str())
        .bind(i64::from(new.pairing_games))
        .bind(new.move_ms)
        .bind(i64::from(new.round_moves))
        .bind(new.ballot_format.as_str())
        .bind(new.deliberation.discuss_ms)
        .bind(new.deliberation.hidden_tally)
        .bind(new.public)
        .bind(new.seed as i64)
        .bind(new.server.as_str())
        .bind(new.channel.as_str())
        .bind(&new.created_by)
        .bind(new.start_at)
        .bind(new.created_at)
        .fetch_optional(db)
        .await
        })?;
        Ok(id.map(LeagueId))
    }

    /// Enters `server`'s community, playing in `channel`, all or nothing:
    /// the league still entering with fewer than 64 entered, and the
    /// community not in yet.
    pub async fn join_league(
        &self,
        id: LeagueId,
        server: &ServerKey,
        channel: &ChannelKey,
        by: &str,
        at: Millis,
    ) -> Result<Joined, StoreError> {
        let mut tx = self.begin().await?;
        // The count moves first, guarded: on PostgreSQL the row's lock
        // orders this join after any other join or the start, so two joins
        // never both pass 63, and none lands after the start.
        let counted = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET entered = entered + 1
             WHERE id = $1 AND status = 'entering' AND entered < $2"
        )
        .bind(id.0)
        .bind(holotable_leagues::MAX_ENTRANTS as i64)
        .execute(db)
        .await
        .map(Written::from))?;
        if counted.rows_affected() != 1 {
            let status: Option<(String, i64)> = on_tx!(&mut tx, |db| sqlx::query_as(
                "SELECT status, entered FROM leagues WHERE id = $1"
            )
            .bind(id.0)
            .fetch_optional(db)
            .await)?;
            return Ok(match status {
                Some((status, entered))
                    if status == "entering"
                        && entered >= holotable_leagues::MAX_ENTRANTS as i64 =>
                {
                    Joined::Full
                }
                _ => Joined::NotEntering,
            });
        }
        let inserted = on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO league_entrants (league_id, server, channel, joined_by, joined_at)
             VALUES ($1, $2, $3, $4, $5)"
        )
        .bind(id.0)
        .bind(server.as_str())
        .bind(channel.as_str())
        .bind(by)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from));
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Ok(Joined::AlreadyIn);
            }
            Err(e) => return Err(e.into()),
        }
        tx.commit().await?;
        Ok(Joined::Entered)
    }

    /// Takes `server`'s community out of a league that has not started.
    /// Returns whether it was in and the league had not started.
    pub async fn withdraw_entrant(
        &self,
        id: LeagueId,
        server: &ServerKey,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let counted = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET entered = entered - 1
             WHERE id = $1 AND status IN ('entering', 'closed') AND entered > 0"
        )
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        if counted.rows_affected() != 1 {
            return Ok(false);
        }
        let deleted = on_tx!(&mut tx, |db| sqlx::query(
            "DELETE FROM league_entrants WHERE league_id = $1 AND server = $2"
        )
        .bind(id.0)
        .bind(server.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        if deleted.rows_affected() != 1 {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The creator closes entries: from entering to closed, once. The
    /// league still starts at its start time (`next_at` is that already).
    pub async fn close_league_entries(&self, id: LeagueId) -> Result<bool, StoreError> {
        let written = on_pool!(self, |db| sqlx::query(
            "UPDATE leagues SET status = 'closed' WHERE id = $1 AND status = 'entering'"
        )
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(written.rows_affected() == 1)
    }

    /// Cancels league `id` if it is still `from` (the status the caller
    /// read, so its news says rightly whether games were under way),
    /// telling `news` to every community still in, read in this
    /// transaction: a join committed before it is told, and one after it
    /// finds the league cancelled. It stays due (`next_at`) until its
    /// live games are stopped (`cancel_done`). `false`, writing nothing,
    /// when the league is no longer `from`.
    pub async fn cancel_league(
        &self,
        id: LeagueId,
        from: LeagueStatus,
        at: Millis,
        news: &NewAnnouncement,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let written = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET status = 'cancelled', next_at = $1, finished_at = $1
             WHERE id = $2 AND status = $3 AND status IN ('entering', 'closed', 'running')"
        )
        .bind(at)
        .bind(id.0)
        .bind(from.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        if written.rows_affected() != 1 {
            return Ok(false);
        }
        tell_entrants_in(&mut tx, id, news, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Cancels a league at its start for want of entrants, telling `news`
    /// to each: only while it has not started and still has the
    /// `entered` communities the caller counted (fewer than it needs), so
    /// a join or a leave between the scheduler's read and this write
    /// keeps the league for the scheduler's next look, and the news's
    /// count is right. It has no game to stop, so it is not due again.
    pub async fn cancel_unfilled_league(
        &self,
        id: LeagueId,
        entered: usize,
        at: Millis,
        news: &NewAnnouncement,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let written = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET status = 'cancelled', next_at = NULL, finished_at = $1
             WHERE id = $2 AND status IN ('entering', 'closed') AND entered = $3"
        )
        .bind(at)
        .bind(id.0)
        .bind(entered as i64)
        .execute(db)
        .await
        .map(Written::from))?;
        if written.rows_affected() != 1 {
            return Ok(false);
        }
        tell_entrants_in(&mut tx, id, news, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// A cancelled league whose live games are all stopped: no longer due.
    pub async fn cancel_done(&self, id: LeagueId) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "UPDATE leagues SET next_at = NULL WHERE id = $1 AND status = 'cancelled'"
        )
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// Sets when the scheduler next looks at a league still under way, if
    /// that and its `wakes` are still what the step read (`read`): a game
    /// that ended or a community that left since made it due at once, and
    /// that must not be overwritten. `next_at` alone cannot tell: a result
    /// does not move a look already due, so a game ending during the step
    /// of a due league leaves it as the step read it.
    pub async fn set_league_next(
        &self,
        read: &LeagueRow,
        next_at: Option<Millis>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "UPDATE leagues SET next_at = $1
             WHERE id = $2 AND status IN ('entering', 'closed', 'running')
             AND (next_at = $3 OR (next_at IS NULL AND $3 IS NULL)) AND wakes = $4"
        )
        .bind(next_at)
        .bind(read.id.0)
        .bind(read.next_at)
        .bind(read.wakes)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }
}

/// Queues `news` to every community still in league `id` (not left), as
/// this transaction reads them.
async fn tell_entrants_in(
    tx: &mut Tx,
    id: LeagueId,
    news: &NewAnnouncement,
    at: Millis,
) -> Result<(), StoreError> {
    let channels: Vec<String> = on_tx!(tx, |db| sqlx::query_scalar(
        "SELECT channel FROM league_entrants
         WHERE league_id = $1 AND left_at IS NULL ORDER BY joined_at, server"
    )
    .bind(id.0)
    .fetch_all(db)
    .await)?;
    for channel in channels {
        outbox::insert_in(tx, None, &channel, news, at).await?;
    }
    Ok(())
}
