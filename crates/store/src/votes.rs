//! Recording votes, many per commit (group commit).
//!
//! Every vote waits for the commit that holds it before it is answered, so
//! an answered vote is never lost. A commit is the costly part: on
//! PostgreSQL it waits for the log flush, on SQLite for the one write lock.
//! So votes are written in groups: the [`VoteQueue`] runs at most one
//! write at a time, and the votes that arrive while it runs are written
//! together by the next, in one transaction. There is no timer: a
//! lone vote is written at once, and under load a group is whatever arrived
//! during the previous commit. Every path that records a vote (a command, a
//! menu, a poll answer) goes through [`Store::record_vote_via`], so all of
//! them share the groups.
//!
//! The rules stay those of a single vote, per vote:
//! - A vote counts only if its ballot is open and its deadline is after the
//!   vote's `now`, read inside the write: on PostgreSQL the ballot rows are
//!   shared (`FOR SHARE`) by the one statement that writes, as a single vote
//!   does, so a close in any process either commits first (and the group
//!   finds the ballot closed) or waits for the group (and counts it); on
//!   SQLite the group's transaction holds the write lock from its start
//!   (`BEGIN IMMEDIATE`) to its commit.
//! - One vote per member per ballot; a vote sent later replaces one sent
//!   earlier, whatever order they are written in: a member's two picks
//!   that waited in a queue may be worked on out of order, and the one the
//!   member sent last must stand. So a vote is kept only if it was sent no
//!   earlier than the stored one (`cast_at`); one sent earlier is refused
//!   as [`VoteError::Superseded`], naming the vote that stands. Two votes
//!   of one member with the same time are taken in arrival order. Each
//!   reply names what its vote replaced (the stored vote, or the one of
//!   the group before it).
//! - A group that fails is not answered as a whole: its votes are written
//!   again one by one, each answered by its own result, unless the
//!   database is unreachable, when each vote gets that error.
//!
//! One queue per process, on both databases. Queues by game would let one
//! group's round trip overlap another's flush, and a ballot held by its
//! close would hold back only the votes of its queue; but they split the
//! groups, so each is smaller and waits for a flush of its own, and votes
//! a second fall (`docs/operations.md`, "Votes in groups", has the bench).
//! The price of one queue: while a close holds a ballot's row, the group
//! holding a vote for that ballot waits for it, and the votes queued
//! behind wait too, for the few statements of a close.

use super::ballots::{VoteError, VoteVia};
use super::{BallotId, BallotStatus, Millis, Pool, Store, StoreError, Written, bounded, on_pool};
use sqlx::pool::PoolConnection;
use sqlx::{Arguments, Connection, PgConnection, Postgres, Sqlite, SqliteConnection};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// Votes in one group at most: past this the statement's arrays only make
/// the group's own voters wait longer, and the rest go in the next group.
const MAX_GROUP: usize = 512;

/// One vote as cast, for [`Store::record_votes`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewVote {
    pub ballot: BallotId,
    pub voter: String,
    pub mv: String,
    pub via: VoteVia,
    pub now: Millis,
}

/// What a write did with one vote.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    /// Stored; the vote it replaced, if any.
    Recorded(Option<String>),
    /// In time, but the member's vote sent later stands: this one.
    Superseded(String),
    /// Not written: the ballot was not open (or not there), or, for a
    /// vote written alone, the member's stored vote was sent later.
    Refused,
}

type Answer = oneshot::Sender<Result<Outcome, StoreError>>;

/// A connection taken from the pool for one write, or kept by the queue's
/// writer from one group to the next while votes keep coming: the pool
/// checks each connection it hands out with a round trip first, which
/// under load cost about a quarter of the votes a second (measured in
/// `docs/operations.md`). A writer that kept a connection through a
/// failure lets it go and takes a checked one for the next group.
enum Held {
    Postgres(PoolConnection<Postgres>),
    Sqlite(PoolConnection<Sqlite>),
}

/// The votes waiting for their group's write.
pub(super) struct VoteQueue {
    state: Mutex<QueueState>,
    /// Off only to measure against (`bench votes --one-commit-per-vote`):
    /// each vote then has a commit of its own, as before groups.
    grouped: bool,
}

#[derive(Default)]
struct QueueState {
    waiting: Vec<(NewVote, Answer)>,
    /// Whether a task is writing the queue's groups.
    writing: bool,
}

impl VoteQueue {
    pub(super) fn new() -> Arc<VoteQueue> {
        Arc::new(VoteQueue {
            state: Mutex::default(),
            grouped: true,
        })
    }
}

impl std::fmt::Debug for VoteQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VoteQueue")
            .field("grouped", &self.grouped)
            .finish_non_exhaustive()
    }
}

/// Marks the queue idle if its writer ends early, by a panic or by its
/// runtime shutting down: the votes still waiting are then dropped, so
/// their voters hear an error rather than wait for ever.
struct Writing<'a> {
    queue: &'a VoteQueue,
    /// Set when the writer found the queue empty and marked it idle itself.
    finished: bool,
}

impl Drop for Writing<'_> {
    fn drop(&mut self) {
        if self.finished {
            return;
        }
        let waiting = {
            let mut state = self.queue.state.lock().unwrap_or_else(|e| e.into_inner());
            state.writing = false;
            std::mem::take(&mut state.waiting)
        };
        drop(waiting);
    }
}

impl Store {
    /// This store with each vote written in a commit of its own, as before
    /// votes were grouped: only for measuring what the groups bring.
    pub fn one_commit_per_vote(mut self) -> Store {
        self.votes = Arc::new(VoteQueue {
            state: Mutex::default(),
            grouped: false,
        });
        self
    }

    /// Records (or replaces) `voter`'s vote for `mv`, if the ballot is open
    /// and `now` is before its deadline. Returns the vote it replaced.
    ///
    /// A vote is stored at `now`, or at the ballot's opening if `now` is
    /// earlier: processes sharing a database keep clocks of their own (a
    /// terminal game's runs ahead), and a vote that found its ballot open
    /// was cast after it opened, whatever the voter's clock says.
    ///
    /// Returns once the vote is committed, with the other votes that
    /// arrived meanwhile (see the module's doc).
    ///
    /// # Errors
    /// [`VoteError::Closed`] after the deadline or close;
    /// [`VoteError::NoSuchBallot`] for an unknown ballot;
    /// [`VoteError::Superseded`] when the member's stored vote was sent
    /// later than this one, and is for another move.
    pub async fn record_vote(
        &self,
        ballot: BallotId,
        voter: &str,
        mv: &str,
        now: Millis,
    ) -> Result<Option<String>, VoteError> {
        self.record_vote_via(ballot, voter, mv, VoteVia::Direct, now)
            .await
    }

    /// [`Store::record_vote`], remembering where the vote came from (see
    /// [`VoteVia`]).
    ///
    /// # Errors
    /// As [`Store::record_vote`].
    pub async fn record_vote_via(
        &self,
        ballot: BallotId,
        voter: &str,
        mv: &str,
        via: VoteVia,
        now: Millis,
    ) -> Result<Option<String>, VoteError> {
        let vote = NewVote {
            ballot,
            voter: voter.to_string(),
            mv: mv.to_string(),
            via,
            now,
        };
        let outcome = if self.votes.grouped {
            self.queue_vote(vote.clone()).await?
        } else {
            self.write_one(&vote).await?
        };
        self.answer(&vote, outcome).await
    }

    /// Records `votes` as one group, in their order, as if each were cast
    /// by [`Store::record_vote_via`] in turn: for tests of the group's
    /// rules, which the queue applies to whatever arrives together.
    pub async fn record_votes(&self, votes: &[NewVote]) -> Vec<Result<Option<String>, VoteError>> {
        let mut answers = Vec::with_capacity(votes.len());
        for (vote, outcome) in votes.iter().zip(self.write_group(votes).await) {
            answers.push(match outcome {
                Ok(outcome) => self.answer(vote, outcome).await,
                Err(e) => Err(e.into()),
            });
        }
        answers
    }

    /// A vote's answer. One that was not written has its reason found: its
    /// ballot is not there, or the member's vote sent later stands on an
    /// open ballot, or the ballot is closed.
    async fn answer(&self, vote: &NewVote, outcome: Outcome) -> Result<Option<String>, VoteError> {
        let standing = match outcome {
            Outcome::Recorded(replaced) => return Ok(replaced),
            Outcome::Superseded(standing) => Some(standing),
            Outcome::Refused => match self.ballot(vote.ballot).await? {
                None => return Err(VoteError::NoSuchBallot),
                Some(ballot)
                    if ballot.status == BallotStatus::Open && vote.now < ballot.deadline =>
                {
                    self.later_vote(vote, ballot.opened_at).await?
                }
                Some(_) => None,
            },
        };
        match standing {
            // The same move sent twice: the vote stands as the member meant.
            Some(standing) if standing == vote.mv => Ok(Some(standing)),
            Some(standing) => Err(VoteError::Superseded { standing }),
            None => Err(VoteError::Closed),
        }
    }

    /// The member's stored vote on `vote`'s ballot when it was sent later
    /// than `vote` (which counts from the ballot's opening, `opened_at`):
    /// why a single vote's write, which keeps the later, wrote nothing on a
    /// ballot that is there.
    async fn later_vote(
        &self,
        vote: &NewVote,
        opened_at: Millis,
    ) -> Result<Option<String>, StoreError> {
        on_pool!(self, |db| {
            sqlx::query_scalar(
                "SELECT move FROM votes
                 WHERE game_id = $1 AND ply = $2 AND voter = $3 AND cast_at > $4",
            )
            .bind(vote.ballot.game.0)
            .bind(i64::from(vote.ballot.ply))
            .bind(&vote.voter)
            .bind(vote.now.max(opened_at))
            .fetch_optional(db)
            .await
        })
        .map_err(StoreError::from)
    }

    /// Puts `vote` in the queue and waits for the group that writes it,
    /// starting the queue's writer if none runs.
    async fn queue_vote(&self, vote: NewVote) -> Result<Outcome, StoreError> {
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut state = self
                .votes
                .state
                .lock()
                .expect("the vote queue's lock is never held across a panic");
            state.waiting.push((vote, answer));
            !std::mem::replace(&mut state.writing, true)
        };
        if start {
            // A task of its own, so the group is written and answered even
            // if the voter who started it stops waiting.
            tokio::spawn(self.clone().write_queue());
        }
        answered.await.map_err(|_| StoreError::VoteWriterStopped)?
    }

    /// Writes the queue's waiting votes, a group at a time, until none wait.
    async fn write_queue(self) {
        let queue = &*self.votes;
        let mut writing = Writing {
            queue,
            finished: false,
        };
        let mut held = None;
        loop {
            let group: Vec<(NewVote, Answer)> = {
                let mut state = queue
                    .state
                    .lock()
                    .expect("the vote queue's lock is never held across a panic");
                if state.waiting.is_empty() {
                    // Under the same lock that found the queue empty: a
                    // vote queued after it starts a writer of its own.
                    state.writing = false;
                    writing.finished = true;
                    return;
                }
                let take = state.waiting.len().min(MAX_GROUP);
                state.waiting.drain(..take).collect()
            };
            let (votes, answers): (Vec<NewVote>, Vec<Answer>) = group.into_iter().unzip();
            let outcomes = self.write_group_on(&mut held, &votes).await;
            for (answer, outcome) in answers.into_iter().zip(outcomes) {
                // A voter who stopped waiting is no reason to stop.
                let _ = answer.send(outcome);
            }
        }
    }

    /// Writes `votes` in one transaction; if that fails, one by one.
    async fn write_group(&self, votes: &[NewVote]) -> Vec<Result<Outcome, StoreError>> {
        self.write_group_on(&mut None, votes).await
    }

    /// [`Store::write_group`] on the `held` connection, or on one taken
    /// from the pool and then kept there, unless the write fails.
    ///
    /// A kept connection is not checked before it is used again (that is
    /// the point of keeping it), so it may have died since the last group:
    /// PostgreSQL restarted, or an idle link was cut. Its failure then says
    /// nothing about the database, and the group is written once more on a
    /// connection the pool checks. Writing a group twice stores each vote
    /// once, as an upsert of the same row to the same move; if the dead
    /// connection had committed it after all, a reply names the vote it
    /// repeats as the one it replaced, which is the truth.
    async fn write_group_on(
        &self,
        held: &mut Option<Held>,
        votes: &[NewVote],
    ) -> Vec<Result<Outcome, StoreError>> {
        let kept = held.is_some();
        let written = self.write_group_once(held, votes).await;
        // A connection that did not answer in time is not known dead: the
        // server may be slow, and a second try would only double the wait.
        let connection_died = written.iter().any(|w| {
            matches!(w, Err(e) if e.is_unreachable() && !matches!(e, StoreError::NoAnswer { .. }))
        });
        if kept && connection_died {
            tracing::debug!(
                votes = votes.len(),
                "a kept connection failed; writing the group again on a fresh one"
            );
            *held = None;
            return self.write_group_once(held, votes).await;
        }
        written
    }

    /// One try of [`Store::write_group_on`].
    async fn write_group_once(
        &self,
        held: &mut Option<Held>,
        votes: &[NewVote],
    ) -> Vec<Result<Outcome, StoreError>> {
        let connection = match held {
            Some(connection) => connection,
            None => match self.hold().await {
                Ok(connection) => held.insert(connection),
                Err(e) => return shared_error(e, votes.len()),
            },
        };
        // Bounded like every statement of the store (see `bounded`); a
        // connection that timed out is let go below with the other failures.
        if votes.len() == 1 {
            let written = bounded(self.timeout, write_one_on(connection, &votes[0])).await;
            if written.is_err() {
                *held = None;
            }
            return vec![written];
        }
        let written = bounded(self.timeout, async {
            match connection {
                Held::Postgres(connection) => write_group_postgres(connection, votes).await,
                Held::Sqlite(connection) => write_group_sqlite(connection, votes).await,
            }
        })
        .await;
        if written.is_err() {
            *held = None;
        }
        match written {
            Ok(outcomes) => outcomes.into_iter().map(Ok).collect(),
            Err(e) if e.is_unreachable() => shared_error(e, votes.len()),
            Err(e) => {
                tracing::warn!(
                    votes = votes.len(),
                    "writing a group of votes failed, writing them one by one: {e}"
                );
                let mut outcomes = Vec::with_capacity(votes.len());
                for vote in votes {
                    outcomes.push(self.write_one(vote).await);
                }
                outcomes
            }
        }
    }

    /// One vote in its own statement(s) and commit.
    async fn write_one(&self, vote: &NewVote) -> Result<Outcome, StoreError> {
        let mut connection = self.hold().await?;
        bounded(self.timeout, write_one_on(&mut connection, vote)).await
    }

    async fn hold(&self) -> Result<Held, StoreError> {
        let acquired = async {
            Ok::<_, sqlx::Error>(match self.pool() {
                Pool::Postgres(pool) => Held::Postgres(pool.acquire().await?),
                Pool::Sqlite(pool) => Held::Sqlite(pool.acquire().await?),
            })
        };
        Ok(bounded(self.timeout, acquired).await?)
    }
}

/// One error for every vote of a group: the database could not be reached.
fn shared_error(e: StoreError, votes: usize) -> Vec<Result<Outcome, StoreError>> {
    let e = Arc::new(e);
    (0..votes)
        .map(|_| Err(StoreError::Shared(e.clone())))
        .collect()
}

/// One vote in its own statement(s) and commit, on `connection`.
async fn write_one_on(connection: &mut Held, vote: &NewVote) -> Result<Outcome, StoreError> {
    let (recorded, previous) = match connection {
        Held::Postgres(connection) => vote_in_one_statement(connection, vote).await?,
        Held::Sqlite(connection) => vote_in_two_statements(connection, vote).await?,
    };
    Ok(if recorded {
        Outcome::Recorded(previous)
    } else {
        Outcome::Refused
    })
}

/// PostgreSQL: one round trip and one implicit transaction. Every part
/// of a statement reads the snapshot taken at its start, so `previous`
/// is the vote before this upsert; the ballot row is shared as in
/// [`Backend::share_row`](super::Backend::share_row), and a wait on a close re-checks the row
/// (READ COMMITTED) and finds it closed.
async fn vote_in_one_statement(
    connection: &mut PgConnection,
    vote: &NewVote,
) -> Result<(bool, Option<String>), StoreError> {
    Ok(sqlx::query_as_with(
        "WITH open_ballot AS (
            SELECT game_id, ply, opened_at FROM ballots
            WHERE game_id = $5 AND ply = $6 AND status = 'open' AND deadline > $7
            FOR SHARE
         ), written AS (
            INSERT INTO votes (game_id, ply, voter, move, cast_at, source)
            SELECT game_id, ply, $1, $2, GREATEST($3, opened_at), $4 FROM open_ballot
            ON CONFLICT (game_id, ply, voter) DO UPDATE
               SET move = excluded.move, cast_at = excluded.cast_at, source = excluded.source
               WHERE votes.cast_at <= excluded.cast_at
            RETURNING 1
         )
         SELECT EXISTS (SELECT 1 FROM written),
                (SELECT move FROM votes WHERE game_id = $5 AND ply = $6 AND voter = $1)",
        single_vote_arguments::<Postgres>(vote)?,
    )
    .fetch_one(connection)
    .await?)
}

/// What both single-vote statements bind, in their order: the vote ($1 to
/// $4), its ballot ($5, $6) and the vote's time again, for the deadline
/// ($7).
fn single_vote_arguments<DB: sqlx::Database>(vote: &NewVote) -> Result<DB::Arguments, sqlx::Error>
where
    for<'t> String: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
    for<'t> i64: sqlx::Encode<'t, DB> + sqlx::Type<DB>,
{
    let mut arguments = DB::Arguments::default();
    let mut add_all = || -> Result<(), sqlx::error::BoxDynError> {
        arguments.add(vote.voter.clone())?;
        arguments.add(vote.mv.clone())?;
        arguments.add(vote.now)?;
        arguments.add(vote.via.as_str().to_string())?;
        arguments.add(vote.ballot.game.0)?;
        arguments.add(i64::from(vote.ballot.ply))?;
        arguments.add(vote.now)
    };
    add_all().map_err(sqlx::Error::Encode)?;
    Ok(arguments)
}

/// SQLite: its statements cannot write inside `WITH`, and an upsert's
/// `RETURNING` sees only the new row, so the earlier vote is read
/// first. That read is outside the write and only for the reply
/// ("changed from ..."): a voter racing themself cannot lose a vote.
/// SQLite's one write lock orders the insert against a close.
async fn vote_in_two_statements(
    connection: &mut SqliteConnection,
    vote: &NewVote,
) -> Result<(bool, Option<String>), StoreError> {
    let previous: Option<String> =
        sqlx::query_scalar("SELECT move FROM votes WHERE game_id = $1 AND ply = $2 AND voter = $3")
            .bind(vote.ballot.game.0)
            .bind(i64::from(vote.ballot.ply))
            .bind(&vote.voter)
            .fetch_optional(&mut *connection)
            .await?;
    let done = sqlx::query_with(
        "INSERT INTO votes (game_id, ply, voter, move, cast_at, source)
         SELECT game_id, ply, $1, $2, MAX($3, opened_at), $4 FROM ballots
         WHERE game_id = $5 AND ply = $6 AND status = 'open' AND deadline > $7
         ON CONFLICT (game_id, ply, voter) DO UPDATE
            SET move = excluded.move, cast_at = excluded.cast_at, source = excluded.source
            WHERE votes.cast_at <= excluded.cast_at",
        single_vote_arguments::<Sqlite>(vote)?,
    )
    .execute(connection)
    .await
    .map(Written::from)?;
    Ok((done.rows_affected() == 1, previous))
}

/// PostgreSQL: the whole group in one statement over arrays, so one round
/// trip and one commit. The ballots are shared (`FOR SHARE`) before any
/// vote is written: the sort that keeps each member's last accepted vote
/// reads every accepted row first. Rows are written in key order, so two
/// processes' groups take the votes' row locks in the same order and
/// cannot deadlock. `stored` reads the statement's snapshot: the votes as
/// they were before this group.
///
/// Planned afresh each time (`persistent(false)`), not prepared once: a
/// plan cached while `votes` was nearly empty scanned the whole table for
/// every group, and until autovacuum's analyze replaced it, a bench went
/// from some 9,000 votes a second to 2,000 as the table grew (measured:
/// 500 million rows read by 9,300 scans in one 100,000-vote run). Planning
/// costs less than a millisecond, once per group.
async fn write_group_postgres(
    connection: &mut PgConnection,
    votes: &[NewVote],
) -> Result<Vec<Outcome>, StoreError> {
    type Row = (Option<Millis>, Option<String>, Option<Millis>, bool);
    let rows: Vec<Row> = sqlx::query_as(
        "WITH cast_votes AS (
            SELECT * FROM unnest($1::BIGINT[], $2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::BIGINT[], $6::TEXT[])
                WITH ORDINALITY AS c(game_id, ply, voter, move, now, source, n)
         ), open_ballots AS (
            SELECT b.game_id, b.ply, b.opened_at, b.deadline FROM ballots b
            WHERE b.status = 'open'
              AND (b.game_id, b.ply) IN (SELECT game_id, ply FROM cast_votes)
            FOR SHARE OF b
         ), accepted AS (
            SELECT c.n, c.game_id, c.ply, c.voter, c.move,
                   GREATEST(c.now, o.opened_at) AS cast_at, c.source
            FROM cast_votes c JOIN open_ballots o ON o.game_id = c.game_id AND o.ply = c.ply
            WHERE o.deadline > c.now
         ), written AS (
            INSERT INTO votes (game_id, ply, voter, move, cast_at, source)
            SELECT DISTINCT ON (game_id, ply, voter) game_id, ply, voter, move, cast_at, source
            FROM accepted ORDER BY game_id, ply, voter, cast_at DESC, n DESC
            ON CONFLICT (game_id, ply, voter) DO UPDATE
               SET move = excluded.move, cast_at = excluded.cast_at, source = excluded.source
               WHERE votes.cast_at <= excluded.cast_at
            RETURNING game_id, ply, voter
         )
         SELECT (SELECT a.cast_at FROM accepted a WHERE a.n = c.n), stored.move, stored.cast_at,
                EXISTS (SELECT 1 FROM written w
                        WHERE w.game_id = c.game_id AND w.ply = c.ply AND w.voter = c.voter)
         FROM cast_votes c
         LEFT JOIN votes stored
           ON stored.game_id = c.game_id AND stored.ply = c.ply AND stored.voter = c.voter
         ORDER BY c.n",
    )
    .persistent(false)
    .bind(votes.iter().map(|v| v.ballot.game.0).collect::<Vec<_>>())
    .bind(votes.iter().map(|v| i64::from(v.ballot.ply)).collect::<Vec<_>>())
    .bind(votes.iter().map(|v| v.voter.as_str()).collect::<Vec<_>>())
    .bind(votes.iter().map(|v| v.mv.as_str()).collect::<Vec<_>>())
    .bind(votes.iter().map(|v| v.now).collect::<Vec<_>>())
    .bind(votes.iter().map(|v| v.via.as_str()).collect::<Vec<_>>())
    .fetch_all(connection)
    .await?;
    if rows.len() != votes.len() {
        return Err(StoreError::Corrupt(format!(
            "{} answers to a group of {} votes",
            rows.len(),
            votes.len()
        )));
    }
    let mut accepted = Vec::with_capacity(rows.len());
    let mut stored = Vec::with_capacity(rows.len());
    let mut member_written = Vec::with_capacity(rows.len());
    for (cast_at, mv, stored_at, written) in rows {
        accepted.push(cast_at);
        stored.push(mv.zip(stored_at));
        member_written.push(written);
    }
    // `stored` is the statement's snapshot, but the upsert's `WHERE` sees
    // the row as last committed: another process may have written this
    // member's vote in between. A vote the snapshot says was kept, of a
    // member whose row was not written, is answered from the row as it is.
    Ok(outcomes(votes, &accepted, stored)
        .into_iter()
        .zip(member_written)
        .map(|(outcome, written)| match outcome {
            Outcome::Recorded(_) if !written => Outcome::Refused,
            outcome => outcome,
        })
        .collect())
}

/// SQLite: one transaction that holds the write lock from its start, with
/// two statements over the group as JSON: what each vote's ballot and
/// earlier vote are, then the members' last accepted votes.
async fn write_group_sqlite(
    connection: &mut SqliteConnection,
    votes: &[NewVote],
) -> Result<Vec<Outcome>, StoreError> {
    let keys = serde_json::Value::from(
        votes
            .iter()
            .map(|v| serde_json::json!([v.ballot.game.0, v.ballot.ply, v.voter]))
            .collect::<Vec<_>>(),
    )
    .to_string();
    let mut tx = connection.begin_with("BEGIN IMMEDIATE").await?;
    // Per vote: its ballot's opening and deadline (if open), and the
    // member's stored vote with its time (if any).
    type Row = (
        Option<Millis>,
        Option<Millis>,
        Option<String>,
        Option<Millis>,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT b.opened_at, b.deadline, stored.move, stored.cast_at
         FROM json_each($1) AS c
         LEFT JOIN ballots AS b
           ON b.game_id = c.value ->> 0 AND b.ply = c.value ->> 1 AND b.status = 'open'
         LEFT JOIN votes AS stored
           ON stored.game_id = c.value ->> 0 AND stored.ply = c.value ->> 1
          AND stored.voter = c.value ->> 2
         ORDER BY c.key",
    )
    .bind(&keys)
    .fetch_all(&mut *tx)
    .await?;
    if rows.len() != votes.len() {
        return Err(StoreError::Corrupt(format!(
            "{} answers to a group of {} votes",
            rows.len(),
            votes.len()
        )));
    }
    let mut accepted = Vec::with_capacity(votes.len());
    let mut stored = Vec::with_capacity(votes.len());
    // Each member's vote sent last, ties going to the later arrival; it is
    // written only over a stored vote sent no later (the upsert's `WHERE`).
    let mut last: HashMap<(BallotId, &str), (Millis, usize)> = HashMap::new();
    for (i, (vote, (opened_at, deadline, before, before_at))) in votes.iter().zip(rows).enumerate()
    {
        let open = deadline.is_some_and(|deadline| deadline > vote.now);
        let cast_at = open.then(|| vote.now.max(opened_at.unwrap_or(vote.now)));
        accepted.push(cast_at);
        stored.push(before.zip(before_at));
        if let Some(cast_at) = cast_at {
            let key = (vote.ballot, vote.voter.as_str());
            if last.get(&key).is_none_or(|&(latest, _)| cast_at >= latest) {
                last.insert(key, (cast_at, i));
            }
        }
    }
    let mut written: Vec<usize> = last.into_values().map(|(_, i)| i).collect();
    written.sort_unstable();
    let rows = serde_json::Value::from(
        written
            .iter()
            .map(|&i| {
                let v = &votes[i];
                serde_json::json!([
                    v.ballot.game.0,
                    v.ballot.ply,
                    v.voter,
                    v.mv,
                    accepted[i],
                    v.via.as_str()
                ])
            })
            .collect::<Vec<_>>(),
    )
    .to_string();
    // `WHERE TRUE` tells SQLite's parser that `ON CONFLICT` is the
    // upsert's, not a join's.
    sqlx::query(
        "INSERT INTO votes (game_id, ply, voter, move, cast_at, source)
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5
         FROM json_each($1) WHERE TRUE
         ON CONFLICT (game_id, ply, voter) DO UPDATE
            SET move = excluded.move, cast_at = excluded.cast_at, source = excluded.source
            WHERE votes.cast_at <= excluded.cast_at",
    )
    .bind(&rows)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(outcomes(votes, &accepted, stored))
}

/// Each vote's outcome, in arrival order, from the time it counts from
/// when it was `accepted` (its ballot open) and the vote `stored` for its
/// member and ballot before the group, with its time: as if written one by
/// one, each vote replaces the member's standing vote when sent no earlier,
/// and is superseded by it otherwise.
fn outcomes(
    votes: &[NewVote],
    accepted: &[Option<Millis>],
    stored: Vec<Option<(String, Millis)>>,
) -> Vec<Outcome> {
    let mut standing: HashMap<(BallotId, &str), Option<(String, Millis)>> = HashMap::new();
    votes
        .iter()
        .zip(accepted)
        .zip(stored)
        .map(|((vote, &accepted), stored)| {
            let Some(cast_at) = accepted else {
                return Outcome::Refused;
            };
            let standing = standing
                .entry((vote.ballot, vote.voter.as_str()))
                .or_insert(stored);
            match standing {
                Some((mv, at)) if *at > cast_at => Outcome::Superseded(mv.clone()),
                _ => Outcome::Recorded(
                    standing
                        .replace((vote.mv.clone(), cast_at))
                        .map(|(mv, _)| mv),
                ),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameId;

    fn vote(game: i64, voter: &str, mv: &str) -> NewVote {
        NewVote {
            ballot: BallotId {
                game: GameId(game),
                ply: 0,
            },
            voter: voter.to_string(),
            mv: mv.to_string(),
            via: VoteVia::Direct,
            now: 0,
        }
    }

    #[test]
    fn each_reply_names_the_vote_before_it_in_arrival_order() {
        let votes = [
            vote(1, "ann", "a"),
            vote(1, "bob", "b"),
            vote(1, "ann", "c"),
            vote(2, "ann", "d"),
            vote(1, "ann", "e"),
        ];
        let z = || Some(("z".to_string(), 0));
        let stored = vec![z(), None, z(), None, z()];
        assert_eq!(
            outcomes(&votes, &[Some(0); 5], stored),
            [
                Outcome::Recorded(Some("z".into())),
                Outcome::Recorded(None),
                Outcome::Recorded(Some("a".into())),
                Outcome::Recorded(None),
                Outcome::Recorded(Some("c".into())),
            ]
        );
    }

    #[test]
    fn a_vote_sent_before_the_standing_one_does_not_replace_it() {
        let votes = [
            vote(1, "ann", "later"),
            vote(1, "ann", "earlier"),
            vote(1, "bob", "earlier"),
            vote(1, "cat", "closed"),
        ];
        let stored = vec![
            Some(("first".to_string(), 100)),
            Some(("first".to_string(), 100)),
            Some(("later".to_string(), 300)),
            None,
        ];
        assert_eq!(
            outcomes(&votes, &[Some(300), Some(200), Some(200), None], stored),
            [
                Outcome::Recorded(Some("first".into())),
                Outcome::Superseded("later".into()),
                Outcome::Superseded("later".into()),
                Outcome::Refused,
            ]
        );
    }

    /// The queue's writer keeps its connection from one group to the
    /// next; PostgreSQL cutting that connection in between failed every
    /// vote of the next group. Votes on ballots that do not exist are
    /// refused, which is enough: the refusal comes from a statement that
    /// ran.
    #[tokio::test]
    async fn a_group_after_its_kept_connection_died_is_written_on_a_fresh_one() {
        let Some(schema) = TestSchema::fresh().await else {
            return;
        };
        let store = Store::open(&schema.url).await.unwrap();
        let mut held = None;
        let group = [vote(1, "ann", "a"), vote(1, "bob", "b")];
        for outcome in store.write_group_on(&mut held, &group).await {
            assert_eq!(outcome.unwrap(), Outcome::Refused);
        }
        // A single vote has a statement of its own: both paths.
        for votes in [&group[..1], &group[..]] {
            cut(&store, &mut held).await;
            for outcome in store.write_group_on(&mut held, votes).await {
                assert_eq!(outcome.unwrap(), Outcome::Refused);
            }
        }
        drop(held);
        store.close().await;
        schema.drop().await;
    }

    /// Ends the server's side of the writer's kept connection, as a
    /// PostgreSQL restart would, leaving the writer holding it.
    async fn cut(store: &Store, held: &mut Option<Held>) {
        let Some(Held::Postgres(connection)) = held.as_mut() else {
            panic!("the writer keeps its PostgreSQL connection between groups");
        };
        let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
            .fetch_one(&mut **connection)
            .await
            .unwrap();
        let Pool::Postgres(pool) = store.pool() else {
            unreachable!("a PostgreSQL store")
        };
        let ended: bool = sqlx::query_scalar("SELECT pg_terminate_backend($1)")
            .bind(pid)
            .fetch_one(pool)
            .await
            .unwrap();
        assert!(ended);
        // The signal is only sent: wait until the backend is gone, so the
        // next write meets a dead connection and not a dying one.
        for _ in 0..500 {
            let gone: bool = sqlx::query_scalar(
                "SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)",
            )
            .bind(pid)
            .fetch_one(pool)
            .await
            .unwrap();
            if gone {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        panic!("backend {pid} did not end");
    }

    /// A schema of its own in the database `HOLOTABLE_TEST_POSTGRES` names,
    /// as the integration tests' backends make; `None` (said once) when
    /// the variable is not set, and a failure instead under `CI=true`.
    struct TestSchema {
        admin: String,
        name: String,
        url: String,
    }

    impl TestSchema {
        async fn fresh() -> Option<TestSchema> {
            let Ok(admin) = std::env::var("HOLOTABLE_TEST_POSTGRES") else {
                assert!(
                    std::env::var("CI").is_err(),
                    "HOLOTABLE_TEST_POSTGRES must be set under CI"
                );
                eprintln!("skipped: HOLOTABLE_TEST_POSTGRES is not set");
                return None;
            };
            let name = format!("votes_unit_{}", std::process::id());
            let mut connection = PgConnection::connect(&admin).await.unwrap();
            sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
                "DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"
            )))
            .execute(&mut connection)
            .await
            .unwrap();
            let separator = if admin.contains('?') { '&' } else { '?' };
            let url = format!("{admin}{separator}options=-csearch_path%3D{name}");
            Some(TestSchema { admin, name, url })
        }

        async fn drop(self) {
            let mut connection = PgConnection::connect(&self.admin).await.unwrap();
            let drop = format!("DROP SCHEMA {} CASCADE", self.name);
            sqlx::raw_sql(sqlx::AssertSqlSafe(drop))
                .execute(&mut connection)
                .await
                .unwrap();
        }
    }

    #[test]
    fn a_refused_vote_replaces_nothing_and_is_replaced_by_nothing() {
        let votes = [
            vote(1, "ann", "a"),
            vote(1, "ann", "b"),
            vote(1, "ann", "c"),
        ];
        let stored = vec![None, None, None];
        assert_eq!(
            outcomes(&votes, &[Some(0), None, Some(0)], stored),
            [
                Outcome::Recorded(None),
                Outcome::Refused,
                Outcome::Recorded(Some("a".into())),
            ]
        );
    }
}
