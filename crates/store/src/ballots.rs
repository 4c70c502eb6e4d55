//! Ballots: reading them, and how a transition changes them. Recording
//! votes is `votes.rs`.
//!
//! A vote is inserted only while the ballot is open and its deadline is
//! ahead, so it can never land in a closed ballot. Closing
//! re-reads the tally inside the closing transaction and refuses if it is
//! not the tally the winner was chosen from, so no accepted vote is ever
//! left out of a result. On PostgreSQL the vote also shares the ballot's
//! row lock (`Backend::share_row`), which the close's update excludes: a
//! vote either commits before the close re-reads the tally, or waits for
//! the close and finds the ballot closed.

use super::{
    BallotId, GameId, Millis, Store, StoreError, Tx, Written, from_json, on_pool, on_tx, to_json,
};
use crate::{BallotState, BallotStatus, ClaimKind, QueuedAnnouncement};

#[derive(Clone, Debug, PartialEq)]
pub struct NewBallot {
    pub ply: u32,
    pub seat: u8,
    pub legal: Vec<String>,
    pub ranking: Vec<String>,
    pub featured: Vec<String>,
    pub deadline: Millis,
    /// When the ballot's one reminder is due, if its channel calls anyone.
    pub remind_at: Option<Millis>,
    /// After a discussion, when votes open; the post that opens them is
    /// queued then (`Store::post_opening`).
    pub votes_open_at: Option<Millis>,
}

#[derive(sqlx::FromRow)]
struct RawBallot {
    game_id: i64,
    ply: i64,
    seat: i64,
    legal: String,
    ranking: String,
    featured: String,
    opened_at: i64,
    votes_open_at: Option<i64>,
    deadline: i64,
    extensions: i64,
    status: String,
    winner: Option<String>,
    tally: Option<String>,
    tie_broken: bool,
    closed_at: Option<i64>,
}

impl TryFrom<RawBallot> for BallotState {
    type Error = StoreError;

    fn try_from(raw: RawBallot) -> Result<Self, StoreError> {
        Ok(BallotState {
            id: BallotId {
                game: GameId(raw.game_id),
                ply: raw.ply as u32,
            },
            seat: raw.seat as u8,
            legal: from_json(&raw.legal)?,
            ranking: from_json(&raw.ranking)?,
            featured: from_json(&raw.featured)?,
            opened_at: raw.opened_at,
            votes_open_at: raw.votes_open_at,
            deadline: raw.deadline,
            extensions: raw.extensions as u32,
            status: BallotStatus::parse(&raw.status)?,
            winner: raw.winner,
            tally: raw.tally.as_deref().map(from_json).transpose()?,
            tie_broken: raw.tie_broken,
            closed_at: raw.closed_at,
        })
    }
}

/// What happens to a game's open (or abandoned) ballot in a transition.
#[derive(Clone, Debug, PartialEq)]
pub enum BallotChange {
    /// Closes the ballot with `winner`, provided the stored votes still add
    /// up to `tally` (move, votes), sorted by move.
    Close {
        ply: u32,
        winner: String,
        tally: Vec<(String, u32)>,
        tie_broken: bool,
    },
    Extend {
        ply: u32,
        deadline: Millis,
    },
    Abandon {
        ply: u32,
    },
    /// Opens an abandoned ballot again (a paused game resumes). Without a
    /// reminder: one due during the pause would go out the moment the
    /// game resumes, to a channel that was just told.
    Reopen {
        ply: u32,
        deadline: Millis,
        /// When its one reminder is due, if its channel calls anyone: a
        /// resumed ballot is a fresh vote, reminded afresh.
        remind_at: Option<Millis>,
    },
}

/// Where a vote came from. A platform's native poll is the source of truth
/// for its own answers, so its votes are kept apart: reconciling with the
/// poll's final results replaces or removes only these, never a vote cast
/// by command or menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteVia {
    Direct,
    Poll,
}

impl VoteVia {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            VoteVia::Direct => "direct",
            VoteVia::Poll => "poll",
        }
    }
}

/// Why a vote was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum VoteError {
    #[error("no such ballot")]
    NoSuchBallot,
    #[error("the ballot is closed")]
    Closed,
    /// The member's vote sent later than this one is stored and stands.
    #[error("a later vote of the member stands")]
    Superseded { standing: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

const BALLOT_COLUMNS: &str = "game_id, ply, seat, legal, ranking, featured, opened_at, votes_open_at, deadline, extensions, status, winner, tally, tie_broken, closed_at";

impl Store {
    pub async fn ballot(&self, id: BallotId) -> Result<Option<BallotState>, StoreError> {
        let query = format!("SELECT {BALLOT_COLUMNS} FROM ballots WHERE game_id = $1 AND ply = $2");
        let raw: Option<RawBallot> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(id.game.0)
                .bind(i64::from(id.ply))
                .fetch_optional(db)
                .await)?;
        raw.map(BallotState::try_from).transpose()
    }

    /// The ballot a game is waiting on (open, or abandoned while paused).
    pub async fn current_ballot(&self, game: GameId) -> Result<Option<BallotState>, StoreError> {
        let query = format!(
            "SELECT {BALLOT_COLUMNS} FROM ballots WHERE game_id = $1 AND status IN ('open', 'abandoned') ORDER BY ply DESC LIMIT 1"
        );
        let raw: Option<RawBallot> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(game.0)
                .fetch_optional(db)
                .await)?;
        raw.map(BallotState::try_from).transpose()
    }

    /// Moves an open ballot's deadline forward to `deadline` when that is
    /// at least `by_at_least` later (never back, never on a closed ballot),
    /// for the delivery of outbox row `row` that shows it: fenced as
    /// [`Outbox::still_current`](crate::Outbox::still_current), so a
    /// delivery whose attempt ended, or whose channel's lease another
    /// process holds instead of `holder`, moves nothing. Returns whether it
    /// moved.
    pub async fn delay_deadline(
        &self,
        ballot: BallotId,
        deadline: Millis,
        by_at_least: Millis,
        row: &QueuedAnnouncement,
        holder: Option<&str>,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, |db| {
            sqlx::query(
                "UPDATE ballots SET deadline = $1
                 WHERE game_id = $2 AND ply = $3 AND status = 'open' AND deadline <= $4
                   AND EXISTS (SELECT 1 FROM outbox
                        WHERE outbox.id = $5 AND outbox.attempts = $6 AND outbox.delivered_at IS NULL
                          AND ($7 IS NULL OR EXISTS (SELECT 1 FROM claims WHERE claims.kind = $8
                               AND claims.claim_key = outbox.channel AND claims.owner = $7)))",
            )
            .bind(deadline)
            .bind(ballot.game.0)
            .bind(i64::from(ballot.ply))
            .bind(deadline.saturating_sub(by_at_least.max(1)))
            .bind(row.id)
            .bind(row.attempts)
            .bind(holder)
            .bind(ClaimKind::Delivery.as_str())
            .execute(db)
            .await
            .map(Written::from)
        })?;
        Ok(done.rows_affected() == 1)
    }

    /// Votes per move, sorted by move.
    pub async fn tally(&self, ballot: BallotId) -> Result<Vec<(String, u32)>, StoreError> {
        let rows: Vec<(String, i64)> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT move, COUNT(*) FROM votes WHERE game_id = $1 AND ply = $2 GROUP BY move ORDER BY move",
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .fetch_all(db)
        .await
        })?;
        Ok(rows.into_iter().map(|(mv, n)| (mv, n as u32)).collect())
    }

    /// Every vote of a ballot as (voter, move), for reconciliation and stats.
    pub async fn votes(&self, ballot: BallotId) -> Result<Vec<(String, String)>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_as(
            "SELECT voter, move FROM votes WHERE game_id = $1 AND ply = $2 ORDER BY voter",
        )
        .bind(ballot.game.0)
        .bind(i64::from(ballot.ply))
        .fetch_all(db)
        .await)?)
    }

    /// Open ballots whose deadline is at or before `now`.
    pub async fn due_ballots(&self, now: Millis) -> Result<Vec<BallotId>, StoreError> {
        let rows: Vec<(i64, i64)> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT game_id, ply FROM ballots WHERE status = 'open' AND deadline <= $1 ORDER BY deadline",
        )
        .bind(now)
        .fetch_all(db)
        .await
        })?;
        Ok(ballot_ids(rows))
    }

    /// The earliest deadline later than `after` of any open ballot: what
    /// the scheduler sleeps to. Ballots already due are the caller's (they
    /// may be waiting out a failed close's backoff).
    pub async fn earliest_deadline(&self, after: Millis) -> Result<Option<Millis>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MIN(deadline) FROM ballots WHERE status = 'open' AND deadline > $1",
        )
        .bind(after)
        .fetch_one(db)
        .await)?)
    }

    pub async fn open_ballot_count(&self) -> Result<i64, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT COUNT(*) FROM ballots WHERE status = 'open'"
        )
        .fetch_one(db)
        .await)?)
    }
}

/// Ballots named by `(game_id, ply)` rows, as the due-work queries read them.
pub(super) fn ballot_ids(rows: Vec<(i64, i64)>) -> Vec<BallotId> {
    rows.into_iter()
        .map(|(game, ply)| BallotId {
            game: GameId(game),
            ply: ply as u32,
        })
        .collect()
}

pub(super) async fn insert_in(
    tx: &mut Tx,
    game: GameId,
    ballot: &NewBallot,
    at: Millis,
) -> Result<(), StoreError> {
    on_tx!(tx, |db| {
        sqlx::query(
        "INSERT INTO ballots (game_id, ply, seat, legal, ranking, featured, opened_at, deadline, remind_at, votes_open_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'open')",
    )
    .bind(game.0)
    .bind(i64::from(ballot.ply))
    .bind(i64::from(ballot.seat))
    .bind(to_json(&ballot.legal))
    .bind(to_json(&ballot.ranking))
    .bind(to_json(&ballot.featured))
    .bind(at)
    .bind(ballot.deadline)
    .bind(ballot.remind_at)
    .bind(ballot.votes_open_at)
    .execute(db)
    .await.map(Written::from)
    })?;
    Ok(())
}

pub(super) async fn change_in(
    tx: &mut Tx,
    game: GameId,
    change: &BallotChange,
    at: Millis,
) -> Result<(), StoreError> {
    let (ply, done) = match change {
        BallotChange::Close {
            ply,
            winner,
            tally,
            tie_broken,
        } => {
            let done = on_tx!(tx, |db| {
                sqlx::query(
                "UPDATE ballots SET status = 'closed', winner = $1, tally = $2, tie_broken = $3, closed_at = $4
                 WHERE game_id = $5 AND ply = $6 AND status = 'open'",
            )
            .bind(winner)
            .bind(to_json(tally))
            .bind(tie_broken)
            .bind(at)
            .bind(game.0)
            .bind(i64::from(*ply))
            .execute(db)
            .await.map(Written::from)
            })?;
            let stored: Vec<(String, i64)> = on_tx!(tx, |db| {
                sqlx::query_as(
                "SELECT move, COUNT(*) FROM votes WHERE game_id = $1 AND ply = $2 GROUP BY move ORDER BY move",
            )
            .bind(game.0)
            .bind(i64::from(*ply))
            .fetch_all(db)
            .await
            })?;
            let stored: Vec<(String, u32)> =
                stored.into_iter().map(|(m, n)| (m, n as u32)).collect();
            if &stored != tally {
                return Err(StoreError::Conflict);
            }
            (ply, done)
        }
        BallotChange::Extend { ply, deadline } => (
            ply,
            on_tx!(tx, |db| sqlx::query(
                "UPDATE ballots SET deadline = $1, extensions = extensions + 1
                 WHERE game_id = $2 AND ply = $3 AND status = 'open'",
            )
            .bind(deadline)
            .bind(game.0)
            .bind(i64::from(*ply))
            .execute(db)
            .await
            .map(Written::from))?,
        ),
        BallotChange::Abandon { ply } => (
            ply,
            on_tx!(tx, |db| sqlx::query(
                "UPDATE ballots SET status = 'abandoned', closed_at = $1
                 WHERE game_id = $2 AND ply = $3 AND status = 'open'",
            )
            .bind(at)
            .bind(game.0)
            .bind(i64::from(*ply))
            .execute(db)
            .await
            .map(Written::from))?,
        ),
        BallotChange::Reopen {
            ply,
            deadline,
            remind_at,
        } => (
            ply,
            on_tx!(tx, |db| {
                sqlx::query(
                // The resume posts the ballot whole: a discussion whose
                // end was never announced must not announce it now.
                "UPDATE ballots SET status = 'open', deadline = $1, extensions = 0, closed_at = NULL,
                     remind_at = $4, reminder = NULL,
                     opening = CASE WHEN votes_open_at IS NULL THEN opening ELSE 'posted' END
                 WHERE game_id = $2 AND ply = $3 AND status = 'abandoned'",
            )
            .bind(deadline)
            .bind(game.0)
            .bind(i64::from(*ply))
            .bind(*remind_at)
            .execute(db)
            .await.map(Written::from)
            })?,
        ),
    };
    if done.rows_affected() != 1 {
        tracing::debug!(game = game.0, ply, "ballot was not in the expected state");
        return Err(StoreError::Conflict);
    }
    Ok(())
}
