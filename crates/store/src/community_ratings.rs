//! Communities' ratings: one per server and game, moved inside the
//! transaction that ends a game between communities of different servers,
//! so two games of one community ending at once both count.
//!
//! What a result does to a rating is the service's arithmetic, handed in
//! as a closure ([`RateCommunities`]); this file reads the ratings under a
//! lock, writes what the closure returns, and notes each side's rating
//! before and after on its `game_sides` row.

use super::outbox::NewAnnouncement;
use super::ratings::{self, COMMUNITIES, stored_rating};
use super::{GameId, Millis, Store, StoreError, Tx, Written, on_pool, on_tx};
use holotable_games::GameKind;
use std::sync::Arc;

/// A community's rating and record in one game.
#[derive(Clone, Debug, Default, PartialEq, sqlx::FromRow)]
pub struct CommunityRatingRow {
    pub server: String,
    pub kind: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// A community's place on a leaderboard: its rating, and its name as the
/// community stored it, with whether it may be shown to other servers.
#[derive(Clone, Debug, PartialEq)]
pub struct CommunityStandingRow {
    pub rating: CommunityRatingRow,
    pub name: Option<String>,
    pub shown: bool,
    /// The token of the community's page.
    pub page: Option<String>,
}

/// The new ratings of `servers` from their stored ones (in the same order;
/// `None` for a community's first rated game in the kind), and the
/// announcements that end the game, which carry them.
pub type CommunityRater = dyn Fn(&[Option<CommunityRatingRow>]) -> (Vec<CommunityRatingRow>, Vec<NewAnnouncement>)
    + Send
    + Sync;

/// The communities a finishing transition rates, and how.
#[derive(Clone)]
pub struct RateCommunities {
    pub kind: GameKind,
    /// The communities rated, each once.
    pub servers: Vec<String>,
    pub rate: Arc<CommunityRater>,
}

impl std::fmt::Debug for RateCommunities {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateCommunities")
            .field("kind", &self.kind)
            .field("servers", &self.servers)
            .finish_non_exhaustive()
    }
}

stored_rating!(CommunityRatingRow, COMMUNITIES, server);

impl Store {
    /// A community's rating in one game, if it played that game rated.
    pub async fn community_rating(
        &self,
        server: &str,
        kind: GameKind,
    ) -> Result<Option<CommunityRatingRow>, StoreError> {
        let query = COMMUNITIES.select_one();
        Ok(on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            query
        ))
        .bind(server)
        .bind(kind.as_str())
        .fetch_optional(db)
        .await)?)
    }

    /// The best community ratings in one game, highest first, with the
    /// communities' names.
    pub async fn community_leaderboard(
        &self,
        kind: GameKind,
        limit: i64,
    ) -> Result<Vec<CommunityStandingRow>, StoreError> {
        let rows: Vec<StandingRaw> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT r.server, r.kind, r.rating, r.deviation, r.volatility, r.games, r.wins, r.draws, r.losses,
                    c.name, COALESCE(c.shown, FALSE) AS shown, c.page_token
             FROM community_ratings r LEFT JOIN communities c ON c.server = r.server
             WHERE r.kind = $1 ORDER BY r.rating DESC, r.server LIMIT $2"
        )
        .bind(kind.as_str())
                .bind(limit)
                .fetch_all(db)
                .await
        })?;
        Ok(rows
            .into_iter()
            .map(|raw| CommunityStandingRow {
                rating: raw.rating,
                name: raw.name,
                shown: raw.shown,
                page: raw.page_token,
            })
            .collect())
    }

    /// Each side's channel with its community's rating before and after
    /// the game; both `None` but for the sides of a rated game that ended.
    pub async fn side_ratings(
        &self,
        game: GameId,
    ) -> Result<Vec<(String, Option<f64>, Option<f64>)>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_as(
            "SELECT channel, rating_before, rating_after FROM game_sides WHERE game_id = $1"
        )
        .bind(game.0)
        .fetch_all(db)
        .await)?)
    }
}

#[derive(sqlx::FromRow)]
struct StandingRaw {
    #[sqlx(flatten)]
    rating: CommunityRatingRow,
    name: Option<String>,
    shown: bool,
    page_token: Option<String>,
}

/// Rates the communities of `game` as it ends, from their ratings as they
/// stand inside this transaction; returns the announcements the rater made.
pub(super) async fn rate_in(
    tx: &mut Tx,
    game: GameId,
    rate: &RateCommunities,
    at: Millis,
) -> Result<Vec<NewAnnouncement>, StoreError> {
    let servers: Vec<&str> = rate.servers.iter().map(String::as_str).collect();
    let current = ratings::read_locked(tx, rate.kind.as_str(), &servers).await?;
    let (rated, announce) = (rate.rate)(&current);
    for (before, after) in current.iter().zip(&rated) {
        ratings::write_in(tx, after, at).await?;
        on_tx!(tx, |db| {
            sqlx::query(
            "UPDATE game_sides SET rating_before = $1, rating_after = $2 WHERE game_id = $3 AND server = $4"
        )
        .bind(before.as_ref().map(|b| b.rating))
        .bind(after.rating)
        .bind(game.0)
        .bind(&after.server)
        .execute(db)
        .await
        .map(Written::from)
        })?;
    }
    Ok(announce)
}
