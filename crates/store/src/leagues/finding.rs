//! Finding a league from where a member stands: the leagues a community
//! created or entered, and the league whose game a thread plays.

use super::{COLUMNS, LeagueRow, RawLeague, parse};
use crate::{Store, StoreError, on_pool};
use holotable_model::{ChannelKey, LeagueId, ServerKey};

impl Store {
    /// The leagues community `server` created or entered (and has not
    /// left), at most
    /// `limit`: those still to play first (running, then entering), then
    /// the latest to start.
    pub async fn community_leagues(
        &self,
        server: &ServerKey,
        limit: u32,
    ) -> Result<Vec<LeagueRow>, StoreError> {
        let query = format!(
            "SELECT {COLUMNS} FROM leagues
             WHERE server = $1
                OR id IN (SELECT league_id FROM league_entrants
                          WHERE server = $1 AND left_at IS NULL)
             ORDER BY CASE status WHEN 'running' THEN 0 WHEN 'entering' THEN 1
                                  WHEN 'closed' THEN 1 ELSE 2 END,
                      start_at DESC, id DESC
             LIMIT $2"
        );
        let raws: Vec<RawLeague> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(server.as_str())
            .bind(i64::from(limit))
            .fetch_all(db)
            .await)?;
        raws.into_iter().map(parse).collect()
    }

    /// The league whose game one side plays in `thread`, once the thread
    /// is reported.
    pub async fn league_of_thread(
        &self,
        thread: &ChannelKey,
    ) -> Result<Option<LeagueId>, StoreError> {
        let id: Option<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT g.league_id FROM league_threads t
             JOIN league_games g ON g.game_id = t.game_id
             WHERE t.thread = $1"
        )
        .bind(thread.as_str())
        .fetch_optional(db)
        .await)?;
        Ok(id.map(LeagueId))
    }
}
