//! Games and their moves, and the one guarded write that changes a game.

use super::ballots::{self, BallotChange, NewBallot};
use super::community_ratings::{self, RateCommunities};
use super::engine_ratings::{self, RateEngine};
use super::outbox::{self, NewAnnouncement};
use super::sides;
use super::{GameId, Millis, Store, StoreError, Tx, Written, from_json, on_pool, on_tx, to_json};
use crate::{BallotFormat, DecidedBy, Deliberation, GameSide, GameState, GameStatus, PlayedMove};
use holotable_games::{GameKind, Outcome, RulesJson};

/// What a new game starts with.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub channel: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub start_position: String,
    pub seed: u64,
    pub level: String,
    pub vote_ms: Millis,
    pub max_extensions: u32,
    pub community_seats: Vec<u8>,
    pub ballot_format: BallotFormat,
    pub deliberation: Deliberation,
    pub started_by: String,
    pub created_at: Millis,
    /// The channels that vote, each for some of `community_seats`: the
    /// game's own channel alone against the engine. Empty for a match.
    pub sides: Vec<GameSide>,
}

#[derive(sqlx::FromRow)]
pub(super) struct RawGame {
    id: i64,
    channel: String,
    kind: String,
    rules: String,
    start_position: String,
    position: String,
    ply: i64,
    version: i64,
    status: String,
    seed: i64,
    level: String,
    vote_ms: i64,
    max_extensions: i64,
    community_seats: String,
    ballot_format: String,
    discuss_ms: i64,
    hidden_tally: bool,
    started_by: String,
    created_at: i64,
    finished_at: Option<i64>,
    outcome: Option<String>,
}

impl TryFrom<RawGame> for GameState {
    type Error = StoreError;

    fn try_from(raw: RawGame) -> Result<Self, StoreError> {
        Ok(GameState {
            id: GameId(raw.id),
            channel: raw.channel,
            kind: raw.kind.parse().map_err(StoreError::corrupt)?,
            rules: from_json(&raw.rules)?,
            start_position: raw.start_position,
            position: raw.position,
            ply: raw.ply as u32,
            version: raw.version,
            status: GameStatus::parse(&raw.status)?,
            // Seeds are u64 stored bit for bit in SQLite's i64.
            seed: raw.seed as u64,
            level: raw.level,
            vote_ms: raw.vote_ms,
            max_extensions: raw.max_extensions as u32,
            community_seats: from_json(&raw.community_seats)?,
            ballot_format: BallotFormat::parse(&raw.ballot_format)?,
            deliberation: Deliberation {
                discuss_ms: raw.discuss_ms,
                hidden_tally: raw.hidden_tally,
            },
            started_by: raw.started_by,
            created_at: raw.created_at,
            finished_at: raw.finished_at,
            outcome: raw.outcome.as_deref().map(from_json).transpose()?,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct NewMove {
    pub notation: String,
    pub decided_by: DecidedBy,
    pub seat: Option<u8>,
    pub votes: Option<u32>,
}

/// One atomic change of a game: moves appended, the new position and status,
/// the open ballot closed/extended/abandoned/reopened, a new ballot opened,
/// and announcements queued. Applied only if the game's version is still
/// `expected_version`.
#[derive(Clone, Debug, Default)]
pub struct Transition {
    pub expected_version: i64,
    pub moves: Vec<NewMove>,
    pub position: Option<String>,
    pub status: Option<GameStatus>,
    pub outcome: Option<Outcome>,
    pub ballot: Option<BallotChange>,
    pub open_ballot: Option<NewBallot>,
    pub announce: Vec<NewAnnouncement>,
    /// When the transition ends a game between communities: their ratings,
    /// moved inside this write; the rater's announcements follow `announce`.
    pub rate: Option<RateCommunities>,
    /// When the transition ends a game of one channel against the engine:
    /// the channel's rating against the engine, moved inside this write.
    pub rate_engine: Option<RateEngine>,
    pub at: Millis,
}

pub(super) const GAME_COLUMNS: &str = "id, channel, kind, rules, start_position, position, ply, version, status, seed, level, vote_ms, max_extensions, community_seats, ballot_format, discuss_ms, hidden_tally, started_by, created_at, finished_at, outcome";

impl Store {
    /// Creates a game and applies its first transition (the opening ballot,
    /// or the engine's first moves) in the same transaction.
    ///
    /// # Errors
    /// [`StoreError::ChannelBusy`] when a side's channel already has a live game.
    pub async fn insert_game(
        &self,
        game: &NewGame,
        first: &Transition,
    ) -> Result<GameId, StoreError> {
        let mut tx = self.begin().await?;
        let id = insert_game_in(&mut tx, game, "community").await?;
        sides::insert_in(&mut tx, id, &game.sides).await?;
        apply_in(&mut tx, id, first).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Applies `change` if the game is still at `change.expected_version`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game moved on (nothing is written).
    pub async fn apply(&self, game: GameId, change: &Transition) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        apply_in(&mut tx, game, change).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn game(&self, id: GameId) -> Result<Option<GameState>, StoreError> {
        let query = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1");
        let raw: Option<RawGame> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(id.0)
            .fetch_optional(db)
            .await)?;
        raw.map(GameState::try_from).transpose()
    }

    /// The active or paused community game a channel plays a side of.
    pub async fn live_game(&self, channel: &str) -> Result<Option<GameState>, StoreError> {
        let query = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = (SELECT game_id FROM game_sides WHERE channel = $1 AND live)
             AND status IN ('active', 'paused')"
        );
        let raw: Option<RawGame> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(channel)
            .fetch_optional(db)
            .await)?;
        raw.map(GameState::try_from).transpose()
    }

    /// The most recent community game a channel played a side of, live or not.
    pub async fn latest_game(&self, channel: &str) -> Result<Option<GameState>, StoreError> {
        let query = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = (SELECT MAX(game_id) FROM game_sides WHERE channel = $1)"
        );
        let raw: Option<RawGame> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(channel)
            .fetch_optional(db)
            .await)?;
        raw.map(GameState::try_from).transpose()
    }

    /// The most recent finished community game a channel played a side of.
    pub async fn latest_finished_game(&self, channel: &str) -> Result<Option<GameId>, StoreError> {
        let id: Option<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MAX(s.game_id) FROM game_sides s JOIN games g ON g.id = s.game_id
             WHERE s.channel = $1 AND g.status = 'finished'"
        )
        .bind(channel)
        .fetch_one(db)
        .await)?;
        Ok(id.map(GameId))
    }

    /// The latest instant anything of `game` was written at: a ballot
    /// opened or closed, a move played, a vote cast. A clock that resumes
    /// the game starts here, so its history never runs backwards.
    pub async fn latest_time(&self, game: GameId) -> Result<Option<Millis>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MAX(t) FROM (
                SELECT MAX(opened_at) AS t FROM ballots WHERE game_id = $1
                UNION ALL SELECT MAX(closed_at) FROM ballots WHERE game_id = $1
                UNION ALL SELECT MAX(played_at) FROM moves WHERE game_id = $1
                UNION ALL SELECT MAX(cast_at) FROM votes WHERE game_id = $1
             ) AS times",
        )
        .bind(game.0)
        .fetch_one(db)
        .await)?)
    }

    /// Active games with no open ballot: a step (the engine's reply, or the
    /// next ballot) was interrupted and must be finished.
    pub async fn games_awaiting_step(&self) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT id FROM games g WHERE status = 'active' AND mode = 'community'
             AND NOT EXISTS (SELECT 1 FROM ballots b WHERE b.game_id = g.id AND b.status = 'open')",
        )
        .fetch_all(db)
        .await)?;
        Ok(ids.into_iter().map(GameId).collect())
    }

    pub async fn moves(&self, game: GameId) -> Result<Vec<PlayedMove>, StoreError> {
        Ok(on_pool!(self, |db| {
            sqlx::query_as::<_, (i64, String, String, Option<i64>, Option<i64>, Millis)>(
            "SELECT ply, notation, decided_by, seat, votes, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
        )
        .bind(game.0)
        .fetch_all(db)
        .await
        })?
        .into_iter()
        .map(|(ply, notation, decided_by, seat, votes, played_at)| PlayedMove {
            ply,
            notation,
            decided_by,
            seat,
            votes,
            played_at,
        })
        .collect())
    }
}

/// Inserts a game row of `mode` ('community' or 'match').
pub(super) async fn insert_game_in(
    tx: &mut Tx,
    game: &NewGame,
    mode: &str,
) -> Result<GameId, StoreError> {
    let inserted: Result<i64, sqlx::Error> = on_tx!(tx, |db| {
        sqlx::query_scalar(
        "INSERT INTO games (channel, kind, rules, start_position, position, status, seed, level, vote_ms, max_extensions, community_seats, ballot_format, started_by, created_at, mode, discuss_ms, hidden_tally, page_token)
         VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         RETURNING id",
    )
    .bind(&game.channel)
    .bind(game.kind.as_str())
    .bind(to_json(&game.rules))
    .bind(&game.start_position)
    .bind(&game.start_position)
    .bind(game.seed as i64)
    .bind(&game.level)
    .bind(game.vote_ms)
    .bind(i64::from(game.max_extensions))
    .bind(to_json(&game.community_seats))
    .bind(game.ballot_format.as_str())
    .bind(&game.started_by)
    .bind(game.created_at)
    .bind(mode)
    .bind(game.deliberation.discuss_ms)
    .bind(game.deliberation.hidden_tally)
    .bind(super::tokens::new_token())
    .fetch_one(db)
    .await
    });
    match inserted {
        Ok(id) => Ok(GameId(id)),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::ChannelBusy),
        Err(e) => Err(e.into()),
    }
}

pub(super) async fn apply_in(
    tx: &mut Tx,
    game: GameId,
    change: &Transition,
) -> Result<(), StoreError> {
    // The guarded UPDATE comes first: it takes SQLite's write lock at once,
    // so no read in this transaction can go stale before the commit.
    let finished = matches!(
        change.status,
        Some(GameStatus::Finished | GameStatus::Stopped)
    );
    let updated: Option<(i64, String)> = on_tx!(tx, |db| sqlx::query_as(
        "UPDATE games SET
            position = COALESCE($1, position),
            ply = ply + $2,
            version = version + 1,
            status = COALESCE($3, status),
            outcome = COALESCE($4, outcome),
            finished_at = CASE WHEN $5 THEN $6 ELSE finished_at END
         WHERE id = $7 AND version = $8
         RETURNING ply, channel",
    )
    .bind(change.position.as_deref())
    .bind(change.moves.len() as i64)
    .bind(change.status.map(GameStatus::as_str))
    .bind(change.outcome.as_ref().map(to_json))
    .bind(finished)
    .bind(change.at)
    .bind(game.0)
    .bind(change.expected_version)
    .fetch_optional(db)
    .await)?;
    let Some((new_ply, channel)) = updated else {
        return Err(StoreError::Conflict);
    };
    let first_ply = new_ply - change.moves.len() as i64;
    for (offset, mv) in change.moves.iter().enumerate() {
        on_tx!(tx, |db| {
            sqlx::query(
            "INSERT INTO moves (game_id, ply, notation, decided_by, seat, votes, played_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(game.0)
        .bind(first_ply + offset as i64)
        .bind(&mv.notation)
        .bind(mv.decided_by.as_str())
        .bind(mv.seat.map(i64::from))
        .bind(mv.votes.map(i64::from))
        .bind(change.at)
        .execute(db)
        .await.map(Written::from)
        })?;
    }
    if let Some(ballot) = &change.ballot {
        ballots::change_in(tx, game, ballot, change.at).await?;
    }
    if let Some(ballot) = &change.open_ballot {
        ballots::insert_in(tx, game, ballot, change.at).await?;
    }
    if finished {
        sides::end_in(tx, game).await?;
    }
    if let Some(outcome) = &change.outcome
        && change.status == Some(GameStatus::Finished)
    {
        super::leagues::finish_in(tx, game, outcome, change.at).await?;
    }
    let rated = match &change.rate {
        Some(rate) if finished => community_ratings::rate_in(tx, game, rate, change.at).await?,
        _ => Vec::new(),
    };
    if let Some(rate) = &change.rate_engine
        && change.status == Some(GameStatus::Finished)
    {
        engine_ratings::rate_in(tx, rate, change.at).await?;
    }
    let mut every_side: Option<Vec<String>> = None;
    for announcement in change.announce.iter().chain(&rated) {
        if let Some(to) = &announcement.channel {
            outbox::insert_in(tx, Some(game), to, announcement, change.at).await?;
            continue;
        }
        if every_side.is_none() {
            let mut channels = sides::channels_in(tx, game).await?;
            if channels.is_empty() {
                channels.push(channel.clone());
            }
            every_side = Some(channels);
        }
        for to in every_side.iter().flatten() {
            outbox::insert_in(tx, Some(game), to, announcement, change.at).await?;
        }
    }
    Ok(())
}
