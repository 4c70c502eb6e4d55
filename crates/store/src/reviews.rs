//! Which finished community games have had their review queued: the mark
//! and the posts go in one transaction, so a review is posted once however
//! many processes compute it, and one lost to a crash is computed again.
//! The engine's choice at each decision is kept with the mark, for the
//! members' figures (`vote_stats.rs`), so a review counts once too.

use super::outbox::insert_in;
use super::{GameId, Millis, NewAnnouncement, Store, StoreError, Written, on_pool, on_tx};

/// The engine's choice at one community decision, as the review judged it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineChoice {
    pub ply: u32,
    pub preferred: String,
    /// The only legal move: there was nothing to choose.
    pub forced: bool,
}

impl Store {
    /// Finished community games (not matches) whose review is not queued
    /// yet, oldest first, at most `limit`.
    pub async fn games_awaiting_review(&self, limit: i64) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<(i64,)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT g.id FROM games g
             WHERE g.status = 'finished'
               AND NOT EXISTS (SELECT 1 FROM game_reviews r WHERE r.game_id = g.id)
               AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.game_id = g.id)
             ORDER BY g.id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(db)
        .await)?;
        Ok(ids.into_iter().map(|(id,)| GameId(id)).collect())
    }

    /// Marks game `game` reviewed, keeps the engine's `choices` and queues
    /// `posts`, each in its channel; `false` (and nothing written) when
    /// another process did it first.
    pub async fn record_review(
        &self,
        game: GameId,
        choices: &[EngineChoice],
        posts: &[(String, NewAnnouncement)],
        at: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let marked = on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO game_reviews (game_id, reviewed_at) VALUES ($1, $2)
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game.0)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from))?;
        if marked.rows_affected() == 0 {
            return Ok(false);
        }
        for choice in choices {
            on_tx!(&mut tx, |db| sqlx::query(
                "INSERT INTO reviewed_decisions (game_id, ply, preferred, forced)
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(game.0)
            .bind(i64::from(choice.ply))
            .bind(&choice.preferred)
            .bind(choice.forced)
            .execute(db)
            .await
            .map(Written::from))?;
        }
        for (channel, post) in posts {
            insert_in(&mut tx, Some(game), channel, post, at).await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
