//! What the web pages read: a game by its page's token, who may see it,
//! the public games of a community, and the mark a watcher's page is
//! refreshed by. Nothing here writes a game.

use super::games::{GAME_COLUMNS, RawGame};
use super::{GameId, PageMark, PageVisibility, Store, StoreError, Written, on_pool};
use crate::GameState;

/// A game listed on its community's page, with its page's token.
#[derive(Clone, Debug)]
pub struct ListedGame {
    pub token: String,
    pub game: GameState,
}

impl Store {
    /// The game whose page has `token`, whatever its channels allow.
    pub async fn game_by_page(&self, token: &str) -> Result<Option<GameState>, StoreError> {
        let query = format!("SELECT {GAME_COLUMNS} FROM games WHERE page_token = $1");
        let raw: Option<RawGame> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(token)
            .fetch_optional(db)
            .await)?;
        raw.map(GameState::try_from).transpose()
    }

    pub async fn page_token(&self, game: GameId) -> Result<Option<String>, StoreError> {
        let token: Option<Option<String>> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT page_token FROM games WHERE id = $1"
        )
        .bind(game.0)
        .fetch_optional(db)
        .await)?;
        Ok(token.flatten())
    }

    /// What each channel playing `game` chose for its pages, the game's
    /// own channel included; channels that chose nothing are left out.
    pub async fn page_choices(&self, game: GameId) -> Result<Vec<PageVisibility>, StoreError> {
        let chosen: Vec<String> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT page_visibility FROM channel_settings
             WHERE page_visibility IS NOT NULL AND channel IN (
                SELECT channel FROM game_sides WHERE game_id = $1
                UNION SELECT channel FROM games WHERE id = $1)"
        )
        .bind(game.0)
        .fetch_all(db)
        .await)?;
        chosen
            .iter()
            .map(|v| PageVisibility::parse(v).map_err(StoreError::corrupt))
            .collect()
    }

    pub async fn page_visibility(&self, channel: &str) -> Result<PageVisibility, StoreError> {
        let chosen: Option<Option<String>> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT page_visibility FROM channel_settings WHERE channel = $1"
        )
        .bind(channel)
        .fetch_optional(db)
        .await)?;
        match chosen.flatten() {
            Some(v) => PageVisibility::parse(&v).map_err(StoreError::corrupt),
            None => Ok(PageVisibility::default()),
        }
    }

    pub async fn set_page_visibility(
        &self,
        channel: &str,
        visibility: PageVisibility,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO channel_settings (channel, page_visibility) VALUES ($1, $2)
             ON CONFLICT (channel) DO UPDATE SET page_visibility = excluded.page_visibility",
        )
        .bind(channel)
        .bind(visibility.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// The latest `limit` community games of `server` that one of its
    /// channels made public and no channel playing them turned off.
    pub async fn public_games(
        &self,
        server: &str,
        limit: i64,
    ) -> Result<Vec<ListedGame>, StoreError> {
        let columns = GAME_COLUMNS
            .split(", ")
            .map(|c| format!("g.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let query = format!(
            "SELECT {columns}, g.page_token FROM games g
             WHERE g.page_token IS NOT NULL
               AND EXISTS (SELECT 1 FROM game_sides s JOIN channel_settings c ON c.channel = s.channel
                           WHERE s.game_id = g.id AND s.server = $1 AND c.page_visibility = 'public')
               AND NOT EXISTS (SELECT 1 FROM game_sides s JOIN channel_settings c ON c.channel = s.channel
                               WHERE s.game_id = g.id AND c.page_visibility = 'off')
             ORDER BY g.id DESC LIMIT $2"
        );
        let rows: Vec<Listed> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(server)
            .bind(limit)
            .fetch_all(db)
            .await)?;
        rows.into_iter()
            .map(|row| {
                Ok(ListedGame {
                    token: row.page_token,
                    game: GameState::try_from(row.game)?,
                })
            })
            .collect()
    }

    /// The token of `server`'s community page, whether it is shown or not.
    pub async fn community_page_token(&self, server: &str) -> Result<Option<String>, StoreError> {
        let token: Option<Option<String>> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT page_token FROM communities WHERE server = $1"
        )
        .bind(server)
        .fetch_optional(db)
        .await)?;
        Ok(token.flatten())
    }

    /// `server`'s community rating after each of its rated games, by game,
    /// oldest first: (the game's kind, the rating after it).
    pub async fn rating_history(&self, server: &str) -> Result<Vec<(String, f64)>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_as(
            "SELECT g.kind, s.rating_after FROM game_sides s JOIN games g ON g.id = s.game_id
             WHERE s.server = $1 AND s.rating_after IS NOT NULL
             ORDER BY g.finished_at, g.id"
        )
        .bind(server)
        .fetch_all(db)
        .await)?)
    }

    /// The server whose community page has `token`.
    pub async fn community_by_page(&self, token: &str) -> Result<Option<String>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT server FROM communities WHERE page_token = $1"
        )
        .bind(token)
        .fetch_optional(db)
        .await)?)
    }

    /// The mark a watcher's page is refreshed by, or `None` for an
    /// unknown game. Votes are counted at the game's current ply (the
    /// open ballot's, if there is one), and only where a page shows the
    /// tally: a game of one channel whose tally is not hidden.
    pub async fn page_mark(&self, game: GameId) -> Result<Option<PageMark>, StoreError> {
        let row: Option<(i64, i64, bool)> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT g.version,
                CASE WHEN g.hidden_tally OR (SELECT COUNT(*) FROM game_sides s WHERE s.game_id = g.id) > 1
                     THEN 0
                     ELSE (SELECT COUNT(*) FROM votes v WHERE v.game_id = g.id AND v.ply = g.ply) END,
                EXISTS (SELECT 1 FROM channel_settings c WHERE c.page_visibility = 'off' AND c.channel IN (
                    SELECT s.channel FROM game_sides s WHERE s.game_id = g.id UNION SELECT g.channel))
             FROM games g WHERE g.id = $1"
        )
        .bind(game.0)
        .fetch_optional(db)
        .await
        })?;
        Ok(row.map(|(version, votes, off)| PageMark {
            version,
            votes,
            off,
        }))
    }
}

#[derive(sqlx::FromRow)]
struct Listed {
    #[sqlx(flatten)]
    game: RawGame,
    page_token: String,
}
