//! What each member's votes did in one server's community games: the
//! counts behind `/community stats` and `/community voters`.
//!
//! A server's ballots are the closed ballots of the sides its channels
//! played (a ballot belongs to the side whose seats include its seat), so
//! another server's side of a shared game, and its members, never count.
//! The engine's choice comes from `reviewed_decisions`, kept when a review
//! is recorded (`reviews.rs`).

use super::{Millis, Store, StoreError, VoteFigures, VoterFigures, on_pool};

/// The closed ballots of server `$1`'s sides that closed at or after `$2`.
fn server_ballots(seat_in_side: &str) -> String {
    format!(
        "SELECT b.game_id, b.ply, b.winner, b.closed_at FROM game_sides s
         JOIN ballots b ON b.game_id = s.game_id
         WHERE s.server = $1 AND b.status = 'closed' AND b.closed_at >= $2 AND {seat_in_side}"
    )
}

/// Each voter's figures over the ballots `here`, as
/// (voter, ballots, became move, judged, matched engine).
const FIGURES: &str = "SELECT v.voter, COUNT(*),
        COALESCE(SUM(CASE WHEN v.move = h.winner THEN 1 ELSE 0 END), 0),
        COUNT(r.preferred),
        COALESCE(SUM(CASE WHEN v.move = r.preferred THEN 1 ELSE 0 END), 0)
     FROM here h
     JOIN votes v ON v.game_id = h.game_id AND v.ply = h.ply
     LEFT JOIN reviewed_decisions r ON r.game_id = h.game_id AND r.ply = h.ply AND NOT r.forced";

type FigureRow = (String, i64, i64, i64, i64);

impl Store {
    /// Member `voter`'s figures in server `server`, over all its ballots.
    pub async fn vote_figures(&self, server: &str, voter: &str) -> Result<VoteFigures, StoreError> {
        let query = format!(
            "WITH here AS ({}) {FIGURES} WHERE v.voter = $3 GROUP BY v.voter",
            server_ballots(self.backend().seat_in_side())
        );
        let row: Option<FigureRow> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            query.as_str()
        ))
        .bind(server)
        .bind(0_i64)
        .bind(voter)
        .fetch_optional(db)
        .await)?;
        row.map_or(Ok(VoteFigures::default()), |row| Ok(figures(row)?.figures))
    }

    /// Server `server`'s members who voted in a ballot that closed at or
    /// after `since`, at most `limit`: most ballots voted first, then most
    /// votes that became the move, then most that matched the engine, then
    /// by id so the order is stable.
    pub async fn top_voters(
        &self,
        server: &str,
        since: Millis,
        limit: i64,
    ) -> Result<Vec<VoterFigures>, StoreError> {
        let query = format!(
            "WITH here AS ({}) {FIGURES} GROUP BY v.voter
             ORDER BY 2 DESC, 3 DESC, 5 DESC, v.voter LIMIT $3",
            server_ballots(self.backend().seat_in_side())
        );
        let rows: Vec<FigureRow> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            query.as_str()
        ))
        .bind(server)
        .bind(since)
        .bind(limit)
        .fetch_all(db)
        .await)?;
        rows.into_iter().map(figures).collect()
    }

    /// How many of server `server`'s closed ballots, counted back from the
    /// latest (by closing time, then game and ply for ballots that closed
    /// in the same millisecond), member `voter` voted in before the first
    /// one they missed. Where two channels of one server play a game's two
    /// sides, the other side's ballots are the server's too and count as
    /// misses, since a member votes for one side only: such a game ends
    /// every streak at its other side's latest ballot.
    pub async fn vote_streak(&self, server: &str, voter: &str) -> Result<u32, StoreError> {
        let query = format!(
            "WITH here AS ({}),
             missed AS (
                SELECT h.closed_at, h.game_id, h.ply FROM here h
                WHERE NOT EXISTS (SELECT 1 FROM votes v
                                  WHERE v.game_id = h.game_id AND v.ply = h.ply AND v.voter = $3)
                ORDER BY h.closed_at DESC, h.game_id DESC, h.ply DESC LIMIT 1
             )
             SELECT COUNT(*) FROM here h
             WHERE NOT EXISTS (SELECT 1 FROM missed m
                               WHERE (h.closed_at, h.game_id, h.ply) <= (m.closed_at, m.game_id, m.ply))",
            server_ballots(self.backend().seat_in_side())
        );
        let streak: i64 = on_pool!(self, |db| sqlx::query_scalar(sqlx::AssertSqlSafe(
            query.as_str()
        ))
        .bind(server)
        .bind(0_i64)
        .bind(voter)
        .fetch_one(db)
        .await)?;
        count(streak)
    }
}

impl Store {
    /// The moves member `author` suggested on server `server`'s closed
    /// ballots, and how many of them the community played.
    pub async fn suggestion_figures(
        &self,
        server: &str,
        author: &str,
    ) -> Result<(u32, u32), StoreError> {
        let query = format!(
            "WITH here AS ({})
             SELECT COUNT(*), COALESCE(SUM(CASE WHEN s.move = h.winner THEN 1 ELSE 0 END), 0)
             FROM here h JOIN suggestions s ON s.game_id = h.game_id AND s.ply = h.ply
             WHERE s.author = $3",
            server_ballots(self.backend().seat_in_side())
        );
        let (made, adopted): (i64, i64) = on_pool!(self, |db| sqlx::query_as(
            sqlx::AssertSqlSafe(query.as_str())
        )
        .bind(server)
        .bind(0_i64)
        .bind(author)
        .fetch_one(db)
        .await)?;
        Ok((count(made)?, count(adopted)?))
    }
}

fn figures(
    (voter, ballots, became_move, judged, matched_engine): FigureRow,
) -> Result<VoterFigures, StoreError> {
    Ok(VoterFigures {
        voter,
        figures: VoteFigures {
            ballots: count(ballots)?,
            became_move: count(became_move)?,
            judged: count(judged)?,
            matched_engine: count(matched_engine)?,
        },
    })
}

fn count(n: i64) -> Result<u32, StoreError> {
    u32::try_from(n).map_err(|_| StoreError::corrupt(format!("count {n}")))
}
