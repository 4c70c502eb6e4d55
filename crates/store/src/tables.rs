//! The communities waiting at a four-army Djambi table: an invitation for
//! three or four communities fills one accept at a time, each guest
//! seated at an army of its own, and the last accept starts the game
//! (`Store::accept_invitation`, which checks the guests it was planned
//! with are still the ones seated).

use super::communities::CommunityName;
use super::{Millis, Store, StoreError, Tx, Written, on_pool, on_tx};

/// A community seated at a table that is not full yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGuest {
    pub channel: String,
    pub server: Option<String>,
    pub seat: u8,
}

type RawGuest = (String, Option<String>, i64);

/// A table's guests in joining order, read alone or inside a transaction.
const GUESTS: &str = "SELECT channel, server, seat FROM community_challenge_guests
     WHERE code = $1 ORDER BY joined_at, channel";

fn parse(rows: Vec<RawGuest>) -> Result<Vec<TableGuest>, StoreError> {
    rows.into_iter()
        .map(|(channel, server, seat)| {
            Ok(TableGuest {
                channel,
                server,
                seat: u8::try_from(seat)
                    .map_err(|_| StoreError::corrupt(format!("seat {seat}")))?,
            })
        })
        .collect()
}

impl Store {
    /// The guests of invitation `code`, in the order they joined.
    pub async fn table_guests(&self, code: &str) -> Result<Vec<TableGuest>, StoreError> {
        let rows: Vec<RawGuest> = on_pool!(self, |db| sqlx::query_as(GUESTS)
            .bind(code)
            .fetch_all(db)
            .await)?;
        parse(rows)
    }

    /// Seats `guest` at the table of `code`, all or nothing: the invitation
    /// still open and unexpired at `now`, fewer than `room` guests seated,
    /// and neither the channel nor the seat taken at this table; else
    /// [`StoreError::Conflict`]. The guest server's `named`, if given, is
    /// remembered with it.
    pub async fn join_table(
        &self,
        code: &str,
        guest: &TableGuest,
        joined_by: &str,
        room: usize,
        now: Millis,
        named: Option<&CommunityName>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        // A write to the invitation first: it takes the row's lock, so two
        // guests joining at once are counted one after the other.
        let open = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE community_challenges SET status = status
             WHERE code = $1 AND status = 'open' AND expires_at > $2"
        )
        .bind(code)
        .bind(now)
        .execute(db)
        .await
        .map(Written::from))?;
        if open.rows_affected() != 1 || guests_in(&mut tx, code).await?.len() >= room {
            return Err(StoreError::Conflict);
        }
        let inserted = on_tx!(&mut tx, |db| {
            sqlx::query(
            "INSERT INTO community_challenge_guests (code, channel, server, seat, joined_by, joined_at)
             VALUES ($1, $2, $3, $4, $5, $6)"
        )
        .bind(code)
        .bind(&guest.channel)
        .bind(guest.server.as_deref())
        .bind(i64::from(guest.seat))
        .bind(joined_by)
        .bind(now)
        .execute(db)
        .await
        .map(Written::from)
        });
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::Conflict);
            }
            Err(e) => return Err(e.into()),
        }
        if let Some(named) = named {
            super::communities::name_in(&mut tx, named, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Takes `channel` off the table of `code` while it is still open.
    /// Returns whether it was seated there.
    pub async fn leave_table(&self, code: &str, channel: &str) -> Result<bool, StoreError> {
        let written = on_pool!(self, |db| sqlx::query(
            "DELETE FROM community_challenge_guests WHERE code = $1 AND channel = $2
             AND code IN (SELECT code FROM community_challenges WHERE status = 'open')"
        )
        .bind(code)
        .bind(channel)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(written.rows_affected() == 1)
    }

    /// The codes of open, unexpired tables `channel` is seated at.
    pub async fn tables_joined_by(
        &self,
        channel: &str,
        now: Millis,
    ) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String,)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT g.code FROM community_challenge_guests g
             JOIN community_challenges c ON c.code = g.code
             WHERE g.channel = $1 AND c.status = 'open' AND c.expires_at > $2
             ORDER BY g.joined_at"
        )
        .bind(channel)
        .bind(now)
        .fetch_all(db)
        .await)?;
        Ok(rows.into_iter().map(|(code,)| code).collect())
    }
}

/// The guests of `code` as this transaction sees them, in joining order.
pub(super) async fn guests_in(tx: &mut Tx, code: &str) -> Result<Vec<TableGuest>, StoreError> {
    let rows: Vec<RawGuest> = on_tx!(tx, |db| sqlx::query_as(GUESTS)
        .bind(code)
        .fetch_all(db)
        .await)?;
    parse(rows)
}
