//! Channels' ratings against the engine: one per channel and game, moved
//! inside the transaction that ends a game of that channel against the
//! engine, so the next start reads a rating that counts every game ended.
//!
//! What a result does to the rating is the service's arithmetic, handed in
//! as a closure ([`RateEngine`]), as for communities' ratings.

use super::{Millis, Store, StoreError, Tx, Written, on_pool, on_tx};
use holotable_games::GameKind;
use std::sync::Arc;

/// A channel's rating against the engine in one game, and its record.
#[derive(Clone, Debug, Default, PartialEq, sqlx::FromRow)]
pub struct EngineRatingRow {
    pub channel: String,
    pub kind: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// The channel's rating after the game, from the stored one (`None`
/// before its first game against the engine in the kind).
pub type EngineRater = dyn Fn(Option<EngineRatingRow>) -> EngineRatingRow + Send + Sync;

/// The channel a finishing transition rates against the engine, and how.
#[derive(Clone)]
pub struct RateEngine {
    pub channel: String,
    pub kind: GameKind,
    pub rate: Arc<EngineRater>,
}

impl std::fmt::Debug for RateEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateEngine")
            .field("channel", &self.channel)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

const COLUMNS: &str = "channel, kind, rating, deviation, volatility, games, wins, draws, losses";

impl Store {
    /// A channel's rating against the engine in one game, if it has
    /// finished a game against the engine there.
    pub async fn engine_rating(
        &self,
        channel: &str,
        kind: GameKind,
    ) -> Result<Option<EngineRatingRow>, StoreError> {
        let query =
            format!("SELECT {COLUMNS} FROM engine_ratings WHERE channel = $1 AND kind = $2");
        Ok(on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            query
        ))
        .bind(channel)
        .bind(kind.as_str())
        .fetch_optional(db)
        .await)?)
    }
}

/// Moves the channel's rating as its game ends, from the rating as it
/// stands inside this transaction.
pub(super) async fn rate_in(tx: &mut Tx, rate: &RateEngine, at: Millis) -> Result<(), StoreError> {
    let kind = rate.kind.as_str();
    // SQLite: the game's guarded write already holds the one write lock.
    // PostgreSQL locks only the game's row; a channel has one live game at
    // a time, but a game stopped and another finished at once must not
    // both read the same rating.
    tx.serialise_on(&format!("engine-rating:{kind}:{}", rate.channel))
        .await?;
    let query = format!("SELECT {COLUMNS} FROM engine_ratings WHERE channel = $1 AND kind = $2");
    let current: Option<EngineRatingRow> =
        on_tx!(tx, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(&rate.channel)
            .bind(kind)
            .fetch_optional(db)
            .await)?;
    let after = (rate.rate)(current);
    on_tx!(tx, |db| {
        sqlx::query(
            "INSERT INTO engine_ratings (channel, kind, rating, deviation, volatility, games, wins, draws, losses, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             ON CONFLICT (channel, kind) DO UPDATE SET rating = excluded.rating,
               deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
               wins = excluded.wins, draws = excluded.draws, losses = excluded.losses,
               updated_at = excluded.updated_at",
        )
        .bind(&after.channel)
        .bind(&after.kind)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(after.games)
        .bind(after.wins)
        .bind(after.draws)
        .bind(after.losses)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from)
    })?;
    Ok(())
}
