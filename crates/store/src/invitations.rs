//! Invitations from one community to another: a challenge stored under a
//! short code, accepted once by another channel, which starts the shared
//! game in the same transaction. Also the communities' names, which other
//! servers see only once the community has shown itself.

use super::communities::{CommunityName, name_in};
use super::games::{NewGame, Transition, apply_in, insert_game_in};
use super::sides;
use super::tables::{TableGuest, guests_in};
use super::{GameId, Millis, Store, StoreError, Written, from_json, on_pool, on_tx, to_json};
use crate::{BallotFormat, Deliberation};
use holotable_games::{GameKind, RulesJson};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InvitationStatus {
    Open,
    Accepted,
    Withdrawn,
}

impl InvitationStatus {
    fn parse(text: &str) -> Result<Self, StoreError> {
        Ok(match text {
            "open" => InvitationStatus::Open,
            "accepted" => InvitationStatus::Accepted,
            "withdrawn" => InvitationStatus::Withdrawn,
            other => return Err(StoreError::corrupt(format!("invitation status {other:?}"))),
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct NewInvitation {
    pub code: String,
    pub channel: String,
    pub server: Option<String>,
    pub kind: GameKind,
    pub rules: RulesJson,
    /// The challenger's seats; the accepting communities play the others.
    pub seats: Vec<u8>,
    /// How many communities the game waits for, the challenger's included:
    /// 2, or up to 4 at a four-army Djambi table.
    pub communities: u8,
    pub vote_ms: Millis,
    pub ballot_format: BallotFormat,
    pub deliberation: Deliberation,
    pub public: bool,
    pub created_by: String,
    pub created_at: Millis,
    pub expires_at: Millis,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InvitationRow {
    pub invitation: NewInvitation,
    pub status: InvitationStatus,
    pub game: Option<GameId>,
}

#[derive(sqlx::FromRow)]
struct RawInvitation {
    code: String,
    channel: String,
    server: Option<String>,
    kind: String,
    rules: String,
    seats: String,
    vote_ms: i64,
    ballot_format: String,
    public: bool,
    created_by: String,
    created_at: i64,
    expires_at: i64,
    status: String,
    game_id: Option<i64>,
    communities: i64,
    discuss_ms: i64,
    hidden_tally: bool,
}

const COLUMNS: &str = "code, channel, server, kind, rules, seats, vote_ms, ballot_format, public, created_by, created_at, expires_at, status, game_id, communities, discuss_ms, hidden_tally";

fn parse(raw: RawInvitation) -> Result<InvitationRow, StoreError> {
    let communities = raw.communities;
    Ok(InvitationRow {
        invitation: NewInvitation {
            code: raw.code,
            channel: raw.channel,
            server: raw.server,
            kind: raw.kind.parse().map_err(StoreError::corrupt)?,
            rules: from_json(&raw.rules)?,
            seats: from_json(&raw.seats)?,
            communities: u8::try_from(communities)
                .map_err(|_| StoreError::corrupt(format!("{communities} communities")))?,
            vote_ms: raw.vote_ms,
            ballot_format: BallotFormat::parse(&raw.ballot_format)?,
            deliberation: Deliberation {
                discuss_ms: raw.discuss_ms,
                hidden_tally: raw.hidden_tally,
            },
            public: raw.public,
            created_by: raw.created_by,
            created_at: raw.created_at,
            expires_at: raw.expires_at,
        },
        status: InvitationStatus::parse(&raw.status)?,
        game: raw.game_id.map(GameId),
    })
}

impl Store {
    /// Stores an invitation. Returns `false`, writing nothing, when its
    /// code is taken (the caller draws another).
    pub async fn insert_invitation(&self, new: &NewInvitation) -> Result<bool, StoreError> {
        let written = on_pool!(self, |db| {
            sqlx::query(
            "INSERT INTO community_challenges (code, channel, server, kind, rules, seats, vote_ms, ballot_format, public, created_by, created_at, expires_at, status, communities, discuss_ms, hidden_tally)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'open', $13, $14, $15)
             ON CONFLICT (code) DO NOTHING",
        )
        .bind(&new.code)
        .bind(&new.channel)
        .bind(new.server.as_deref())
        .bind(new.kind.as_str())
        .bind(to_json(&new.rules))
        .bind(to_json(&new.seats))
        .bind(new.vote_ms)
        .bind(new.ballot_format.as_str())
        .bind(new.public)
        .bind(&new.created_by)
        .bind(new.created_at)
        .bind(new.expires_at)
        .bind(i64::from(new.communities))
        .bind(new.deliberation.discuss_ms)
        .bind(new.deliberation.hidden_tally)
        .execute(db)
        .await
        .map(Written::from)
        })?;
        Ok(written.rows_affected() == 1)
    }

    pub async fn invitation(&self, code: &str) -> Result<Option<InvitationRow>, StoreError> {
        let query = format!("SELECT {COLUMNS} FROM community_challenges WHERE code = $1");
        let raw: Option<RawInvitation> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(code)
                .fetch_optional(db)
                .await)?;
        raw.map(parse).transpose()
    }

    /// The open invitations `channel` made, newest first.
    pub async fn open_invitations_of(
        &self,
        channel: &str,
        now: Millis,
    ) -> Result<Vec<InvitationRow>, StoreError> {
        let query = format!(
            "SELECT {COLUMNS} FROM community_challenges
             WHERE channel = $1 AND status = 'open' AND expires_at > $2 ORDER BY created_at DESC"
        );
        let raws: Vec<RawInvitation> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(channel)
                .bind(now)
                .fetch_all(db)
                .await)?;
        raws.into_iter().map(parse).collect()
    }

    /// Public invitations still open at `now`, of `kind` or of every game,
    /// those expiring soonest first.
    pub async fn lobby(
        &self,
        kind: Option<GameKind>,
        now: Millis,
        limit: i64,
    ) -> Result<Vec<InvitationRow>, StoreError> {
        let query = format!(
            "SELECT {COLUMNS} FROM community_challenges
             WHERE status = 'open' AND public AND expires_at > $1 AND ($2 IS NULL OR kind = $2)
             ORDER BY expires_at, code LIMIT $3"
        );
        let raws: Vec<RawInvitation> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(now)
                .bind(kind.map(GameKind::as_str))
                .bind(limit)
                .fetch_all(db)
                .await)?;
        raws.into_iter().map(parse).collect()
    }

    /// Withdraws an open invitation of `channel`. Returns whether it was open.
    pub async fn withdraw_invitation(&self, code: &str, channel: &str) -> Result<bool, StoreError> {
        let written = on_pool!(self, |db| sqlx::query(
            "UPDATE community_challenges SET status = 'withdrawn'
             WHERE code = $1 AND channel = $2 AND status = 'open'"
        )
        .bind(code)
        .bind(channel)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(written.rows_affected() == 1)
    }

    /// Accepts invitation `code` and starts its game, all or nothing: the
    /// invitation must still be open and unexpired at `game.created_at`
    /// (else [`StoreError::Conflict`]: another channel took it, or it was
    /// withdrawn or ran out, or its table's guests are no longer `guests`),
    /// and no side's channel may have a live game (else
    /// [`StoreError::ChannelBusy`]). The accepting server's `named`, if
    /// given, is remembered with it.
    pub async fn accept_invitation(
        &self,
        code: &str,
        guests: &[TableGuest],
        game: &NewGame,
        first: &Transition,
        named: Option<&CommunityName>,
    ) -> Result<GameId, StoreError> {
        let mut tx = self.begin().await?;
        let taken = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE community_challenges SET status = 'accepted'
             WHERE code = $1 AND status = 'open' AND expires_at > $2"
        )
        .bind(code)
        .bind(game.created_at)
        .execute(db)
        .await
        .map(Written::from))?;
        if taken.rows_affected() != 1 || guests_in(&mut tx, code).await? != guests {
            return Err(StoreError::Conflict);
        }
        if let Some(named) = named {
            name_in(&mut tx, named, game.created_at).await?;
        }
        let id = insert_game_in(&mut tx, game, "community").await?;
        sides::insert_in(&mut tx, id, &game.sides).await?;
        apply_in(&mut tx, id, first).await?;
        on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE community_challenges SET game_id = $1 WHERE code = $2"
        )
        .bind(id.0)
        .bind(code)
        .execute(db)
        .await
        .map(Written::from))?;
        tx.commit().await?;
        Ok(id)
    }
}
