//! A channel's calling (its role, its reminder) and each ballot's one
//! reminder. The reminder's mark and its announcement are written in one
//! transaction, on the condition that the mark is still unset: whichever
//! process settles a reminder first settles it for all, so a reminder is
//! queued once however many processes reach it or restart.

use super::ballots::ballot_ids;
use super::outbox::insert_in;
use super::{BallotId, Millis, NewAnnouncement, Store, StoreError, Written, on_pool, on_tx};
use crate::CallSettings;

type RawCalls = (String, i64, i64, Option<i64>, Option<i64>, Option<String>);

/// How a ballot's one reminder is settled.
#[derive(Clone, Copy, Debug)]
pub enum Settlement<'a> {
    /// Sent: `post` is queued in `channel` with the mark.
    Send {
        channel: &'a str,
        post: &'a NewAnnouncement,
    },
    /// Not needed (enough votes, nobody to call, quiet until the close):
    /// it never goes out.
    Skip,
    /// Quiet hours: due again at this time, before the ballot closes.
    Postpone(Millis),
}

impl Store {
    /// What `channel`'s ballots call, if anyone.
    pub async fn call_settings(&self, channel: &str) -> Result<Option<CallSettings>, StoreError> {
        let raw: Option<RawCalls> = on_pool!(self, |db| sqlx::query_as(
            "SELECT role, remind_below, remind_at_percent, quiet_from, quiet_to, time_zone
             FROM channel_calls WHERE channel = $1"
        )
        .bind(channel)
        .fetch_optional(db)
        .await)?;
        Ok(
            raw.map(|(role, below, percent, from, to, time_zone)| CallSettings {
                role,
                remind_below: below.clamp(0, i64::from(u32::MAX)) as u32,
                remind_at_percent: percent.clamp(0, 100) as u8,
                quiet: from.zip(to).map(|(from, to)| (from as u8, to as u8)),
                time_zone,
            }),
        )
    }

    /// Sets (or with `None` clears) what `channel`'s ballots call.
    pub async fn set_call_settings(
        &self,
        channel: &str,
        settings: Option<&CallSettings>,
    ) -> Result<(), StoreError> {
        let Some(calls) = settings else {
            on_pool!(self, |db| sqlx::query(
                "DELETE FROM channel_calls WHERE channel = $1"
            )
            .bind(channel)
            .execute(db)
            .await
            .map(Written::from))?;
            return Ok(());
        };
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO channel_calls
                 (channel, role, remind_below, remind_at_percent, quiet_from, quiet_to, time_zone)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (channel) DO UPDATE SET
                 role = excluded.role, remind_below = excluded.remind_below,
                 remind_at_percent = excluded.remind_at_percent,
                 quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,
                 time_zone = excluded.time_zone",
        )
        .bind(channel)
        .bind(&calls.role)
        .bind(i64::from(calls.remind_below))
        .bind(i64::from(calls.remind_at_percent))
        .bind(calls.quiet.map(|(from, _)| i64::from(from)))
        .bind(calls.quiet.map(|(_, to)| i64::from(to)))
        .bind(&calls.time_zone)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// Open ballots whose reminder is due at or before `now` and not
    /// settled yet.
    pub async fn due_reminders(&self, now: Millis) -> Result<Vec<BallotId>, StoreError> {
        let rows: Vec<(i64, i64)> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT game_id, ply FROM ballots
             WHERE status = 'open' AND reminder IS NULL AND remind_at IS NOT NULL AND remind_at <= $1
             ORDER BY remind_at",
        )
        .bind(now)
        .fetch_all(db)
        .await
        })?;
        Ok(ballot_ids(rows))
    }

    /// The earliest reminder later than `after` still to settle.
    pub async fn earliest_reminder(&self, after: Millis) -> Result<Option<Millis>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MIN(remind_at) FROM ballots
             WHERE status = 'open' AND reminder IS NULL AND remind_at > $1",
        )
        .bind(after)
        .fetch_one(db)
        .await)?)
    }

    /// Settles `ballot`'s reminder. `false`, and nothing written, when the
    /// ballot is no longer open or its reminder was settled already.
    pub async fn settle_reminder(
        &self,
        ballot: BallotId,
        settlement: Settlement<'_>,
        at: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let (mark, remind_at) = match settlement {
            Settlement::Send { .. } => (Some("sent"), None),
            Settlement::Skip => (Some("skipped"), None),
            Settlement::Postpone(later) => (None, Some(later)),
        };
        let settled = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE ballots SET reminder = $1, remind_at = COALESCE($2, remind_at)
             WHERE game_id = $3 AND ply = $4 AND status = 'open' AND reminder IS NULL",
        )
        .bind(mark)
        .bind(remind_at)
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .execute(db)
        .await
        .map(Written::from))?;
        if settled.rows_affected() != 1 {
            return Ok(false);
        }
        if let Settlement::Send { channel, post } = settlement {
            insert_in(&mut tx, Some(ballot.game), channel, post, at).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The zone `channel`'s quiet hours are read in: the one its managers
    /// chose, else its server's daily post's; `None` when neither was
    /// chosen (what then applies is the service's to say).
    pub async fn quiet_zone(&self, channel: &str) -> Result<Option<String>, StoreError> {
        let zone: Option<String> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT COALESCE(cc.time_zone, g.time_zone) FROM channel_calls cc
             LEFT JOIN channel_servers s ON s.channel = cc.channel
             LEFT JOIN gotd_settings g ON g.server = s.server
             WHERE cc.channel = $1"
        )
        .bind(channel)
        .fetch_optional(db)
        .await)?
        .flatten();
        Ok(zone)
    }

    /// How many members have voted on `ballot`.
    pub async fn turnout(&self, ballot: BallotId) -> Result<u32, StoreError> {
        let count: i64 = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT COUNT(*) FROM votes WHERE game_id = $1 AND ply = $2"
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .fetch_one(db)
        .await)?;
        Ok(count.clamp(0, i64::from(u32::MAX)) as u32)
    }
}
