//! Suggestions and their backings. Each write checks, in its transaction,
//! that the suggestion's ballot is open and before its deadline, so
//! nothing is suggested or backed on a vote that has ended.

use super::{BallotId, GameId, Millis, Store, StoreError, Tx, Written, on_pool, on_tx};
use crate::Suggestion;

/// At most this many suggestions per member per ballot: enough to argue a
/// plan and its alternative, few enough that one member cannot bury the
/// others'.
pub const SUGGESTIONS_PER_MEMBER: i64 = 3;

/// Why a suggestion or a backing was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum SuggestError {
    #[error("the ballot is closed")]
    Closed,
    #[error("the move is suggested already")]
    Taken(Suggestion),
    #[error("too many suggestions by one member")]
    TooMany,
    #[error("no such suggestion")]
    NoSuchSuggestion,
    #[error("a member backing their own suggestion")]
    Own,
    #[error("backed already")]
    Already,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for SuggestError {
    fn from(error: sqlx::Error) -> Self {
        SuggestError::Store(error.into())
    }
}

type RawSuggestion = (i64, i64, i64, String, String, String, i64);

const SUGGESTION_COLUMNS: &str = "s.id, s.game_id, s.ply, s.move, s.author, s.reason,
     (SELECT COUNT(*) FROM suggestion_backers k WHERE k.suggestion_id = s.id) AS backers";

fn suggestion((id, game, ply, mv, author, reason, backers): RawSuggestion) -> Suggestion {
    Suggestion {
        id,
        ballot: BallotId {
            game: GameId(game),
            ply: ply as u32,
        },
        mv,
        author,
        reason,
        backers: backers.clamp(0, i64::from(u32::MAX)) as u32,
    }
}

impl Store {
    /// Records `author`'s suggestion of `mv` on `ballot`, with `reason`.
    ///
    /// # Errors
    /// [`SuggestError::Closed`], [`SuggestError::Taken`] (with the
    /// suggestion there is), [`SuggestError::TooMany`].
    pub async fn suggest(
        &self,
        ballot: BallotId,
        mv: &str,
        author: &str,
        reason: &str,
        at: Millis,
    ) -> Result<Suggestion, SuggestError> {
        let mut tx = self.begin().await?;
        open_in(&mut tx, ballot, at).await?;
        if let Some(there) = by_move(&mut tx, ballot, mv).await? {
            return Err(SuggestError::Taken(there));
        }
        let made: i64 = on_tx!(&mut tx, |db| sqlx::query_scalar(
            "SELECT COUNT(*) FROM suggestions WHERE game_id = $1 AND ply = $2 AND author = $3"
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .bind(author)
        .fetch_one(db)
        .await)?;
        if made >= SUGGESTIONS_PER_MEMBER {
            return Err(SuggestError::TooMany);
        }
        let inserted = on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO suggestions (game_id, ply, move, author, reason, created_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, ply, move) DO NOTHING",
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .bind(mv)
        .bind(author)
        .bind(reason)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from))?;
        let made = by_move(&mut tx, ballot, mv)
            .await?
            .ok_or(SuggestError::Closed)?;
        if inserted.rows_affected() == 0 {
            // Another member's suggestion of the move won the race.
            return Err(SuggestError::Taken(made));
        }
        tx.commit().await?;
        Ok(made)
    }

    /// Records `member`'s backing of suggestion `id`; the suggestion with
    /// its backers counted.
    ///
    /// # Errors
    /// [`SuggestError::NoSuchSuggestion`], [`SuggestError::Closed`],
    /// [`SuggestError::Own`], [`SuggestError::Already`].
    pub async fn back_suggestion(
        &self,
        id: i64,
        member: &str,
        at: Millis,
    ) -> Result<Suggestion, SuggestError> {
        let mut tx = self.begin().await?;
        let found = by_id(&mut tx, id)
            .await?
            .ok_or(SuggestError::NoSuchSuggestion)?;
        open_in(&mut tx, found.ballot, at).await?;
        if found.author == member {
            return Err(SuggestError::Own);
        }
        let backed = on_tx!(&mut tx, |db| {
            sqlx::query(
            "INSERT INTO suggestion_backers (suggestion_id, member, backed_at) VALUES ($1, $2, $3)
             ON CONFLICT (suggestion_id, member) DO NOTHING",
        )
        .bind(id)
        .bind(member)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from)
        })?;
        if backed.rows_affected() == 0 {
            return Err(SuggestError::Already);
        }
        let counted = by_id(&mut tx, id)
            .await?
            .ok_or(SuggestError::NoSuchSuggestion)?;
        tx.commit().await?;
        Ok(counted)
    }

    /// The suggestions of `ballot`, most backed first, then oldest.
    pub async fn suggestions(&self, ballot: BallotId) -> Result<Vec<Suggestion>, StoreError> {
        let query = format!(
            "SELECT {SUGGESTION_COLUMNS} FROM suggestions s WHERE s.game_id = $1 AND s.ply = $2
             ORDER BY backers DESC, s.id"
        );
        let rows: Vec<RawSuggestion> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(ballot.game.0)
                .bind(i64::from(ballot.ply))
                .fetch_all(db)
                .await)?;
        Ok(rows.into_iter().map(suggestion).collect())
    }

    /// Suggestion `id`, if there is one.
    pub async fn suggestion(&self, id: i64) -> Result<Option<Suggestion>, StoreError> {
        let query = format!("SELECT {SUGGESTION_COLUMNS} FROM suggestions s WHERE s.id = $1");
        let row: Option<RawSuggestion> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(id)
                .fetch_optional(db)
                .await)?;
        Ok(row.map(suggestion))
    }
}

/// [`SuggestError::Closed`] unless `ballot` is open and before its
/// deadline. Holds the ballot's row, as a poll's reconciliation does: a
/// close waits for this write (or this write sees the ballot closed), and
/// one ballot's suggestions are written one at a time, so a member's limit
/// holds however fast they click.
async fn open_in(tx: &mut Tx, ballot: BallotId, at: Millis) -> Result<(), SuggestError> {
    let select = format!(
        "SELECT status = 'open' AND deadline > $3 FROM ballots WHERE game_id = $1 AND ply = $2 {lock}",
        lock = tx.backend().lock_row(),
    );
    let open: Option<bool> = on_tx!(tx, |db| sqlx::query_scalar(sqlx::AssertSqlSafe(
        select.clone()
    ))
    .bind(ballot.game.0)
    .bind(i64::from(ballot.ply))
    .bind(at)
    .fetch_optional(db)
    .await)?;
    match open {
        Some(true) => Ok(()),
        _ => Err(SuggestError::Closed),
    }
}

async fn by_move(
    tx: &mut Tx,
    ballot: BallotId,
    mv: &str,
) -> Result<Option<Suggestion>, StoreError> {
    let query = format!(
        "SELECT {SUGGESTION_COLUMNS} FROM suggestions s
         WHERE s.game_id = $1 AND s.ply = $2 AND s.move = $3"
    );
    let row: Option<RawSuggestion> =
        on_tx!(tx, |db| sqlx::query_as(sqlx::AssertSqlSafe(query.clone()))
            .bind(ballot.game.0)
            .bind(i64::from(ballot.ply))
            .bind(mv)
            .fetch_optional(db)
            .await)?;
    Ok(row.map(suggestion))
}

async fn by_id(tx: &mut Tx, id: i64) -> Result<Option<Suggestion>, StoreError> {
    let query = format!("SELECT {SUGGESTION_COLUMNS} FROM suggestions s WHERE s.id = $1");
    let row: Option<RawSuggestion> =
        on_tx!(tx, |db| sqlx::query_as(sqlx::AssertSqlSafe(query.clone()))
            .bind(id)
            .fetch_optional(db)
            .await)?;
    Ok(row.map(suggestion))
}
