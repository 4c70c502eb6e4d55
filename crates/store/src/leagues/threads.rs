//! The threads a league game's sides play in: each side plays under a
//! placeholder key until the adapter reports its thread, once.

use crate::{GameId, Store, StoreError, Written, on_pool, on_tx};
use holotable_model::ChannelKey;

impl Store {
    /// Records the thread a side of a league game plays in, once: the
    /// side's channel, the game's channel if it was the side's
    /// placeholder, and the announcements queued to the placeholder move
    /// to the thread. Returns the placeholder the side played under;
    /// `None` on a repeat (or for no such side).
    pub async fn thread_opened(
        &self,
        game: GameId,
        parent: &ChannelKey,
        thread: &ChannelKey,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.begin().await?;
        // The game's version moves, so a step of the game planned with
        // the side's old channel (its announcements addressed to the
        // placeholder) fails and is planned again, rather than queue them
        // where nothing is delivered. This also takes the game's row
        // first, in the order a game's own write takes its rows.
        let game_row = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE games SET version = version + 1 WHERE id = $1"
        )
        .bind(game.0)
        .execute(db)
        .await
        .map(Written::from))?;
        if game_row.rows_affected() != 1 {
            return Ok(None);
        }
        let placeholder: Option<String> = on_tx!(&mut tx, |db| sqlx::query_scalar(
            "UPDATE league_threads SET thread = $1
             WHERE game_id = $2 AND channel = $3 AND thread IS NULL
             RETURNING placeholder"
        )
        .bind(thread.as_str())
        .bind(game.0)
        .bind(parent.as_str())
        .fetch_optional(db)
        .await)?;
        let Some(placeholder) = placeholder else {
            return Ok(None);
        };
        let moved = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE game_sides SET channel = $1 WHERE game_id = $2 AND channel = $3"
        )
        .bind(thread.as_str())
        .bind(game.0)
        .bind(&placeholder)
        .execute(db)
        .await
        .map(Written::from));
        match moved {
            Ok(_) => {}
            // The thread already plays a live game: a platform never
            // reuses a thread, so this is a caller's mistake.
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::ChannelBusy);
            }
            Err(e) => return Err(e.into()),
        }
        on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE games SET channel = $1 WHERE id = $2 AND channel = $3"
        )
        .bind(thread.as_str())
        .bind(game.0)
        .bind(&placeholder)
        .execute(db)
        .await
        .map(Written::from))?;
        // The thread is its community's: its posts speak the server's
        // language and its polls' close reads the server's voter rules,
        // before anyone has typed a command there.
        on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO channel_servers (channel, server)
             SELECT $1, server FROM game_sides
             WHERE game_id = $2 AND channel = $1 AND server IS NOT NULL
             ON CONFLICT (channel) DO NOTHING"
        )
        .bind(thread.as_str())
        .bind(game.0)
        .execute(db)
        .await
        .map(Written::from))?;
        on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE outbox SET channel = $1 WHERE channel = $2 AND delivered_at IS NULL"
        )
        .bind(thread.as_str())
        .bind(&placeholder)
        .execute(db)
        .await
        .map(Written::from))?;
        tx.commit().await?;
        Ok(Some(placeholder))
    }

    /// The sides of league game `game` as parent channel, placeholder and
    /// thread (once reported).
    pub async fn league_threads(
        &self,
        game: GameId,
    ) -> Result<Vec<(ChannelKey, String, Option<ChannelKey>)>, StoreError> {
        let rows: Vec<(String, String, Option<String>)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT channel, placeholder, thread FROM league_threads WHERE game_id = $1
             ORDER BY placeholder"
        )
        .bind(game.0)
        .fetch_all(db)
        .await)?;
        Ok(rows
            .into_iter()
            .map(|(parent, placeholder, thread)| {
                (ChannelKey(parent), placeholder, thread.map(ChannelKey))
            })
            .collect())
    }
}
