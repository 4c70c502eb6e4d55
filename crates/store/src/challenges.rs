//! Challenges: invitations to a match, answered by the invited players.
//! The acceptance that completes one starts the match (`matches.rs`) in
//! the same transaction.

use super::{GameId, Millis, Store, StoreError, Written, from_json, on_pool, to_json};
use crate::{ChallengeId, ChallengeState, ChallengeStatus, PlayerRef};
use holotable_games::{GameKind, RulesJson};

#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub channel: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub challenger: PlayerRef,
    pub invited: Vec<PlayerRef>,
    pub turn_ms: Millis,
    pub seed: u64,
    pub created_at: Millis,
    pub expires_at: Millis,
}

#[derive(sqlx::FromRow)]
struct RawChallenge {
    id: i64,
    channel: String,
    kind: String,
    rules: String,
    challenger: String,
    challenger_name: String,
    invited: String,
    accepted: String,
    turn_ms: i64,
    seed: i64,
    created_at: i64,
    expires_at: i64,
    status: String,
    game_id: Option<i64>,
}

impl TryFrom<RawChallenge> for ChallengeState {
    type Error = StoreError;

    fn try_from(raw: RawChallenge) -> Result<Self, StoreError> {
        Ok(ChallengeState {
            id: ChallengeId(raw.id),
            channel: raw.channel,
            kind: raw.kind.parse().map_err(StoreError::corrupt)?,
            rules: from_json(&raw.rules)?,
            challenger: PlayerRef {
                id: raw.challenger,
                name: raw.challenger_name,
            },
            invited: from_json(&raw.invited)?,
            accepted: from_json(&raw.accepted)?,
            turn_ms: raw.turn_ms,
            seed: raw.seed as u64,
            created_at: raw.created_at,
            expires_at: raw.expires_at,
            status: ChallengeStatus::parse(&raw.status)?,
            game: raw.game_id.map(GameId),
        })
    }
}

const CHALLENGE_COLUMNS: &str = "id, channel, kind, rules, challenger, challenger_name, invited, accepted, turn_ms, seed, created_at, expires_at, status, game_id";

impl Store {
    pub async fn insert_challenge(&self, c: &NewChallenge) -> Result<ChallengeId, StoreError> {
        let id: i64 = on_pool!(self, |db| {
            sqlx::query_scalar(
            "INSERT INTO challenges (channel, kind, rules, challenger, challenger_name, invited, turn_ms, seed, created_at, expires_at, status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open')
             RETURNING id",
        )
        .bind(&c.channel)
        .bind(c.kind.as_str())
        .bind(to_json(&c.rules))
        .bind(&c.challenger.id)
        .bind(&c.challenger.name)
        .bind(to_json(&c.invited))
        .bind(c.turn_ms)
        .bind(c.seed as i64)
        .bind(c.created_at)
        .bind(c.expires_at)
        .fetch_one(db)
        .await
        })?;
        Ok(ChallengeId(id))
    }

    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeState>, StoreError> {
        let query = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1");
        let raw: Option<RawChallenge> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(id.0)
                .fetch_optional(db)
                .await)?;
        raw.map(ChallengeState::try_from).transpose()
    }

    /// Records an acceptance that does not yet start the match, if the
    /// challenge is still open with exactly `before` accepted.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the challenge changed meanwhile.
    pub async fn accept_partly(
        &self,
        id: ChallengeId,
        before: &[String],
        after: &[String],
    ) -> Result<(), StoreError> {
        let done = on_pool!(self, |db| {
            sqlx::query(
            "UPDATE challenges SET accepted = $1 WHERE id = $2 AND status = 'open' AND accepted = $3",
        )
        .bind(to_json(&after))
        .bind(id.0)
        .bind(to_json(&before))
        .execute(db)
        .await.map(Written::from)
        })?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::Conflict)
        }
    }

    /// Ends an open challenge (declined or expired). Returns whether it was
    /// still open.
    pub async fn close_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, |db| sqlx::query(
            "UPDATE challenges SET status = $1 WHERE id = $2 AND status = 'open'"
        )
        .bind(status.as_str())
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(done.rows_affected() == 1)
    }
}
