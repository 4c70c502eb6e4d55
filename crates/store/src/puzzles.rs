//! The daily puzzle: each server's settings and rounds, the community's
//! votes on a round, members' private tries, and the Glicko-2 ratings of
//! members and puzzles.
//!
//! Every promise is a conditional write in one transaction: a round is
//! claimed by inserting its (server, date) row together with its outbox
//! row; a vote is taken only while its round is unrevealed and before its
//! close, and the reveal counts the votes after marking the round, both
//! serialised on the round so that no vote is accepted and left uncounted
//! by another process; a try moves on only from the step it was read at,
//! so a double click answers once and rates once. Each transaction writes
//! first, so SQLite's write lock (and PostgreSQL's row lock) is taken
//! before anything is read.

use super::outbox::{self, NewAnnouncement};
use super::{Millis, Store, StoreError, Tx, Written, on_pool, on_tx};

/// A server's daily puzzle settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSettings {
    pub server: String,
    pub channel: String,
    /// The one game to draw from; `None` rotates through the games.
    pub game: Option<String>,
    /// How long the community's vote stays open after the post.
    pub hours: i64,
    pub configured_at: Millis,
}

/// A round to claim: the puzzle is the first of `candidates` (in the
/// caller's order, all of `game`) not yet shown in the server's current
/// cycle of that game.
#[derive(Clone, Debug)]
pub struct NewPuzzleRound<'a> {
    pub server: &'a str,
    pub local_date: &'a str,
    pub channel: &'a str,
    pub game: &'a str,
    pub candidates: &'a [&'a str],
    pub opened_at: Millis,
    pub closes_at: Millis,
}

/// One server's puzzle of one local date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleRound {
    pub server: String,
    pub local_date: String,
    pub channel: String,
    pub puzzle: String,
    pub opened_at: Millis,
    pub closes_at: Millis,
    pub revealed_at: Option<Millis>,
    pub post: Option<String>,
}

/// What a member's vote did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleVote {
    Counted,
    /// The member had voted for `from`; the vote is now the new move.
    Changed {
        from: String,
    },
    /// The member had voted for this move already.
    Unchanged,
    /// The round has closed, or there is none.
    Closed,
}

/// A member's private try at a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRow {
    pub member: String,
    pub puzzle: String,
    pub server: String,
    pub step: u32,
    pub status: AttemptStatus,
    pub wrong_move: Option<String>,
    pub started_at: Millis,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttemptStatus {
    Open,
    Solved,
    Failed,
}

impl AttemptStatus {
    fn as_str(self) -> &'static str {
        match self {
            AttemptStatus::Open => "open",
            AttemptStatus::Solved => "solved",
            AttemptStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Result<AttemptStatus, StoreError> {
        match text {
            "open" => Ok(AttemptStatus::Open),
            "solved" => Ok(AttemptStatus::Solved),
            "failed" => Ok(AttemptStatus::Failed),
            other => Err(StoreError::Corrupt(format!("attempt status {other:?}"))),
        }
    }
}

/// A Glicko-2 rating as stored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StoredRating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A member's puzzle record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePlayerRow {
    pub member: String,
    pub rating: StoredRating,
    pub solved: i64,
    pub failed: i64,
    pub streak: i64,
    pub best_streak: i64,
}

/// The end of a try. The ratings are worked out inside the transaction
/// that writes them, from the rows as they stand under its locks, so two
/// tries ending at once (two members on the day's puzzle) both count.
#[derive(Clone, Debug)]
pub struct EndAttempt<'a> {
    pub member: &'a str,
    pub puzzle: &'a str,
    pub server: &'a str,
    /// The step the try was read at; it ends only if still there.
    pub step: u32,
    pub solved: bool,
    pub wrong_move: Option<&'a str>,
    pub at: Millis,
}

/// Both sides' ratings before and after a try, as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedTry {
    pub member_before: Option<StoredRating>,
    pub member_after: StoredRating,
    pub puzzle_after: StoredRating,
}

type RoundRow = (
    String,
    String,
    String,
    String,
    Millis,
    Millis,
    Option<Millis>,
    Option<String>,
);

const ROUND_COLUMNS: &str = "server, local_date, channel, puzzle, opened_at, closes_at, revealed_at, post FROM puzzle_rounds";

fn round_from(row: RoundRow) -> PuzzleRound {
    let (server, local_date, channel, puzzle, opened_at, closes_at, revealed_at, post) = row;
    PuzzleRound {
        server,
        local_date,
        channel,
        puzzle,
        opened_at,
        closes_at,
        revealed_at,
        post,
    }
}

type AttemptTuple = (String, String, String, i64, String, Option<String>, Millis);

const ATTEMPT_COLUMNS: &str =
    "member, puzzle, server, step, status, wrong_move, started_at FROM puzzle_attempts";

fn attempt_from(row: AttemptTuple) -> Result<AttemptRow, StoreError> {
    let (member, puzzle, server, step, status, wrong_move, started_at) = row;
    Ok(AttemptRow {
        member,
        puzzle,
        server,
        step: u32::try_from(step).map_err(|_| StoreError::Corrupt(format!("step {step}")))?,
        status: AttemptStatus::parse(&status)?,
        wrong_move,
        started_at,
    })
}

type PlayerTuple = (String, f64, f64, f64, i64, i64, i64, i64);

const PLAYER_COLUMNS: &str = "member, rating, deviation, volatility, solved, failed, streak, best_streak FROM puzzle_players";

fn player_from(row: PlayerTuple) -> PuzzlePlayerRow {
    let (member, rating, deviation, volatility, solved, failed, streak, best_streak) = row;
    PuzzlePlayerRow {
        member,
        rating: StoredRating {
            rating,
            deviation,
            volatility,
        },
        solved,
        failed,
        streak,
        best_streak,
    }
}

impl Store {
    pub async fn set_puzzle_settings(&self, settings: &PuzzleSettings) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO puzzle_settings (server, channel, game, hours, configured_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (server) DO UPDATE SET channel = excluded.channel,
                 game = excluded.game, hours = excluded.hours,
                 configured_at = excluded.configured_at",
        )
        .bind(&settings.server)
        .bind(&settings.channel)
        .bind(&settings.game)
        .bind(settings.hours)
        .bind(settings.configured_at)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    pub async fn puzzle_settings(
        &self,
        server: &str,
    ) -> Result<Option<PuzzleSettings>, StoreError> {
        let row: Option<(String, String, Option<String>, i64, Millis)> =
            on_pool!(self, |db| sqlx::query_as(
                "SELECT server, channel, game, hours, configured_at FROM puzzle_settings
                 WHERE server = $1",
            )
            .bind(server)
            .fetch_optional(db)
            .await)?;
        Ok(row.map(
            |(server, channel, game, hours, configured_at)| PuzzleSettings {
                server,
                channel,
                game,
                hours,
                configured_at,
            },
        ))
    }

    /// Turns the daily puzzle off; whether it was on. Rounds, votes and
    /// ratings are kept.
    pub async fn remove_puzzle_settings(&self, server: &str) -> Result<bool, StoreError> {
        let removed = on_pool!(self, |db| sqlx::query(
            "DELETE FROM puzzle_settings WHERE server = $1"
        )
        .bind(server)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(removed.rows_affected() > 0)
    }

    pub async fn puzzle_round(
        &self,
        server: &str,
        local_date: &str,
    ) -> Result<Option<PuzzleRound>, StoreError> {
        let row: Option<RoundRow> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {ROUND_COLUMNS} WHERE server = $1 AND local_date = $2")
        ))
        .bind(server)
        .bind(local_date)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(round_from))
    }

    /// The server's newest round, if any.
    pub async fn latest_puzzle_round(
        &self,
        server: &str,
    ) -> Result<Option<PuzzleRound>, StoreError> {
        let row: Option<RoundRow> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {ROUND_COLUMNS} WHERE server = $1 ORDER BY local_date DESC LIMIT 1")
        ))
        .bind(server)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(round_from))
    }

    /// Claims the round of `round.local_date`, draws its puzzle and queues
    /// `announce(puzzle)`, all at once; `None` (nothing written) when the
    /// date was claimed already.
    ///
    /// # Panics
    /// When `round.candidates` is empty.
    pub async fn claim_puzzle_round(
        &self,
        round: &NewPuzzleRound<'_>,
        announce: impl FnOnce(&str) -> NewAnnouncement,
    ) -> Result<Option<String>, StoreError> {
        let mut tx = self.begin().await?;
        tx.serialise_on(&format!("puzzle-round:{}", round.server))
            .await?;
        // The insert first, with no puzzle yet: it takes SQLite's write
        // lock, so the draw below reads what no other claim can change.
        let claimed = on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO puzzle_rounds
                 (server, local_date, channel, game, cycle, puzzle, opened_at, closes_at)
             VALUES ($1, $2, $3, $4, -1, '', $5, $6)
             ON CONFLICT (server, local_date) DO NOTHING",
        )
        .bind(round.server)
        .bind(round.local_date)
        .bind(round.channel)
        .bind(round.game)
        .bind(round.opened_at)
        .bind(round.closes_at)
        .execute(db)
        .await
        .map(Written::from))?;
        if claimed.rows_affected() == 0 {
            return Ok(None);
        }
        let (cycle, puzzle) = draw_puzzle(&mut tx, round).await?;
        on_tx!(&mut tx, |db| {
            sqlx::query(
            "UPDATE puzzle_rounds SET cycle = $1, puzzle = $2 WHERE server = $3 AND local_date = $4",
        )
        .bind(cycle)
        .bind(&puzzle)
        .bind(round.server)
        .bind(round.local_date)
        .execute(db)
        .await
        .map(Written::from)
        })?;
        outbox::insert_in(
            &mut tx,
            None,
            round.channel,
            &announce(&puzzle),
            round.opened_at,
        )
        .await?;
        tx.commit().await?;
        Ok(Some(puzzle))
    }

    /// Notes where a round's post is, so its reveal can take its buttons
    /// down.
    pub async fn note_puzzle_post(
        &self,
        server: &str,
        local_date: &str,
        post: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "UPDATE puzzle_rounds SET post = $1 WHERE server = $2 AND local_date = $3",
        )
        .bind(post)
        .bind(server)
        .bind(local_date)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// A member's vote on a round, taken only while the round is open at
    /// `at`.
    pub async fn vote_puzzle(
        &self,
        server: &str,
        local_date: &str,
        voter: &str,
        mv: &str,
        at: Millis,
    ) -> Result<PuzzleVote, StoreError> {
        let mut tx = self.begin().await?;
        // A write first: it takes SQLite's write lock and, on PostgreSQL,
        // the round's row lock, which the reveal's update also takes; so a
        // vote either commits before the reveal counts or finds it revealed.
        let open = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE puzzle_rounds SET channel = channel
             WHERE server = $1 AND local_date = $2 AND revealed_at IS NULL AND closes_at > $3",
        )
        .bind(server)
        .bind(local_date)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from))?;
        if open.rows_affected() == 0 {
            return Ok(PuzzleVote::Closed);
        }
        let before: Option<(String,)> = on_tx!(&mut tx, |db| {
            sqlx::query_as(
            "SELECT move FROM puzzle_votes WHERE server = $1 AND local_date = $2 AND voter = $3",
        )
        .bind(server)
        .bind(local_date)
        .bind(voter)
        .fetch_optional(db)
        .await
        })?;
        let outcome = match before {
            Some((from,)) if from == mv => return Ok(PuzzleVote::Unchanged),
            Some((from,)) => PuzzleVote::Changed { from },
            None => PuzzleVote::Counted,
        };
        on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO puzzle_votes (server, local_date, voter, move, voted_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (server, local_date, voter)
             DO UPDATE SET move = excluded.move, voted_at = excluded.voted_at",
        )
        .bind(server)
        .bind(local_date)
        .bind(voter)
        .bind(mv)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from))?;
        tx.commit().await?;
        Ok(outcome)
    }

    /// The moves voted on a round and how many voted each.
    pub async fn puzzle_tally(
        &self,
        server: &str,
        local_date: &str,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_as(
            "SELECT move, COUNT(*) FROM puzzle_votes WHERE server = $1 AND local_date = $2
             GROUP BY move ORDER BY move",
        )
        .bind(server)
        .bind(local_date)
        .fetch_all(db)
        .await)?)
    }

    /// Every server's rounds whose answer is not revealed yet, soonest
    /// close first: a day's worth at most per server.
    pub async fn unrevealed_puzzle_rounds(&self) -> Result<Vec<PuzzleRound>, StoreError> {
        let rows: Vec<RoundRow> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {ROUND_COLUMNS} WHERE revealed_at IS NULL ORDER BY closes_at, server")
        ))
        .fetch_all(db)
        .await)?;
        Ok(rows.into_iter().map(round_from).collect())
    }

    /// One server's rounds whose answer is not revealed yet, oldest first.
    pub async fn unrevealed_puzzle_rounds_of(
        &self,
        server: &str,
    ) -> Result<Vec<PuzzleRound>, StoreError> {
        let rows: Vec<RoundRow> = on_pool!(self, |db| {
            sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {ROUND_COLUMNS} WHERE server = $1 AND revealed_at IS NULL ORDER BY local_date")
        ))
        .bind(server)
        .fetch_all(db)
        .await
        })?;
        Ok(rows.into_iter().map(round_from).collect())
    }

    /// Closes a round's vote (now, if `early`, else only once its time has
    /// come) and queues `announce(tally)` with the votes as they stand then;
    /// `None` (nothing written) when it was revealed already or is not due.
    pub async fn reveal_puzzle_round(
        &self,
        server: &str,
        local_date: &str,
        now: Millis,
        early: bool,
        announce: impl FnOnce(&PuzzleRound, &[(String, i64)]) -> NewAnnouncement,
    ) -> Result<Option<(PuzzleRound, Vec<(String, i64)>)>, StoreError> {
        let mut tx = self.begin().await?;
        let marked = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE puzzle_rounds SET revealed_at = $1,
                 closes_at = CASE WHEN closes_at > $1 THEN $1 ELSE closes_at END
             WHERE server = $2 AND local_date = $3 AND revealed_at IS NULL
               AND ($4 OR closes_at <= $1)",
        )
        .bind(now)
        .bind(server)
        .bind(local_date)
        .bind(early)
        .execute(db)
        .await
        .map(Written::from))?;
        if marked.rows_affected() == 0 {
            return Ok(None);
        }
        let row: RoundRow = on_tx!(&mut tx, |db| sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {ROUND_COLUMNS} WHERE server = $1 AND local_date = $2"
        )))
        .bind(server)
        .bind(local_date)
        .fetch_one(db)
        .await)?;
        let round = round_from(row);
        let tally: Vec<(String, i64)> = on_tx!(&mut tx, |db| sqlx::query_as(
            "SELECT move, COUNT(*) FROM puzzle_votes WHERE server = $1 AND local_date = $2
             GROUP BY move ORDER BY move",
        )
        .bind(server)
        .bind(local_date)
        .fetch_all(db)
        .await)?;
        outbox::insert_in(
            &mut tx,
            None,
            &round.channel,
            &announce(&round, &tally),
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(Some((round, tally)))
    }

    pub async fn puzzle_attempt(
        &self,
        member: &str,
        puzzle: &str,
    ) -> Result<Option<AttemptRow>, StoreError> {
        let row: Option<AttemptTuple> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {ATTEMPT_COLUMNS} WHERE member = $1 AND puzzle = $2")
        ))
        .bind(member)
        .bind(puzzle)
        .fetch_optional(db)
        .await)?;
        row.map(attempt_from).transpose()
    }

    /// The member's newest try still open, if any.
    pub async fn open_puzzle_attempt(
        &self,
        member: &str,
    ) -> Result<Option<AttemptRow>, StoreError> {
        let row: Option<AttemptTuple> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT {ATTEMPT_COLUMNS} WHERE member = $1 AND status = 'open'
             ORDER BY started_at DESC, puzzle LIMIT 1"
            )))
            .bind(member)
            .fetch_optional(db)
            .await)?;
        row.map(attempt_from).transpose()
    }

    /// Every puzzle the member has tried.
    pub async fn tried_puzzles(&self, member: &str) -> Result<Vec<String>, StoreError> {
        let rows: Vec<(String,)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT puzzle FROM puzzle_attempts WHERE member = $1"
        )
        .bind(member)
        .fetch_all(db)
        .await)?;
        Ok(rows.into_iter().map(|(p,)| p).collect())
    }

    /// Starts a try, or returns the one the member already has of this
    /// puzzle (a puzzle is tried, and rated, once).
    pub async fn start_puzzle_attempt(
        &self,
        member: &str,
        puzzle: &str,
        server: &str,
        at: Millis,
    ) -> Result<AttemptRow, StoreError> {
        let mut tx = self.begin().await?;
        on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO puzzle_attempts (member, puzzle, server, step, status, started_at)
             VALUES ($1, $2, $3, 0, 'open', $4) ON CONFLICT (member, puzzle) DO NOTHING",
        )
        .bind(member)
        .bind(puzzle)
        .bind(server)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from))?;
        if !server.is_empty() {
            note_server_member(&mut tx, server, member).await?;
        }
        let row: AttemptTuple = on_tx!(&mut tx, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {ATTEMPT_COLUMNS} WHERE member = $1 AND puzzle = $2")
        ))
        .bind(member)
        .bind(puzzle)
        .fetch_one(db)
        .await)?;
        tx.commit().await?;
        attempt_from(row)
    }

    /// Moves an open try from step `from` to `from + 1`; `false` when it
    /// was not at `from` any more (answered twice at once).
    pub async fn advance_puzzle_attempt(
        &self,
        member: &str,
        puzzle: &str,
        from: u32,
    ) -> Result<bool, StoreError> {
        let moved = on_pool!(self, |db| sqlx::query(
            "UPDATE puzzle_attempts SET step = step + 1
             WHERE member = $1 AND puzzle = $2 AND status = 'open' AND step = $3",
        )
        .bind(member)
        .bind(puzzle)
        .bind(i64::from(from))
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(moved.rows_affected() > 0)
    }

    /// Ends a try and writes both ratings, from `rate(member, puzzle)` of
    /// their stored ratings (`None`: never rated), and the member's
    /// streak, at once; `None` (nothing written) when the try had moved on.
    pub async fn end_puzzle_attempt(
        &self,
        end: &EndAttempt<'_>,
        rate: impl FnOnce(Option<StoredRating>, Option<StoredRating>) -> (StoredRating, StoredRating),
    ) -> Result<Option<RatedTry>, StoreError> {
        let mut tx = self.begin().await?;
        let status = if end.solved {
            AttemptStatus::Solved
        } else {
            AttemptStatus::Failed
        };
        let ended = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE puzzle_attempts SET status = $1, wrong_move = $2, ended_at = $3
             WHERE member = $4 AND puzzle = $5 AND status = 'open' AND step = $6",
        )
        .bind(status.as_str())
        .bind(end.wrong_move)
        .bind(end.at)
        .bind(end.member)
        .bind(end.puzzle)
        .bind(i64::from(end.step))
        .execute(db)
        .await
        .map(Written::from))?;
        if ended.rows_affected() == 0 {
            return Ok(None);
        }
        // SQLite's write lock is held since the update; PostgreSQL takes
        // the two ratings' locks, always member before puzzle, so two tries
        // cannot wait on each other.
        tx.serialise_on(&format!("puzzle-rating:member:{}", end.member))
            .await?;
        tx.serialise_on(&format!("puzzle-rating:puzzle:{}", end.puzzle))
            .await?;
        let member: Option<(f64, f64, f64)> = on_tx!(&mut tx, |db| sqlx::query_as(
            "SELECT rating, deviation, volatility FROM puzzle_players WHERE member = $1"
        )
        .bind(end.member)
        .fetch_optional(db)
        .await)?;
        let puzzle: Option<(f64, f64, f64)> = on_tx!(&mut tx, |db| sqlx::query_as(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1"
        )
        .bind(end.puzzle)
        .fetch_optional(db)
        .await)?;
        let stored = |(rating, deviation, volatility)| StoredRating {
            rating,
            deviation,
            volatility,
        };
        let member_before = member.map(stored);
        let (m, p) = rate(member_before, puzzle.map(stored));
        let (solved, failed) = if end.solved { (1i64, 0i64) } else { (0, 1) };
        on_tx!(&mut tx, |db| {
            sqlx::query(
            "INSERT INTO puzzle_players
                 (member, rating, deviation, volatility, solved, failed, streak, best_streak)
             VALUES ($1, $2, $3, $4, $5, $6, $5, $5)
             ON CONFLICT (member) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 solved = puzzle_players.solved + excluded.solved,
                 failed = puzzle_players.failed + excluded.failed,
                 streak = CASE WHEN excluded.solved > 0 THEN puzzle_players.streak + 1 ELSE 0 END,
                 best_streak = CASE WHEN excluded.solved > 0 AND puzzle_players.streak + 1 > puzzle_players.best_streak
                                    THEN puzzle_players.streak + 1 ELSE puzzle_players.best_streak END",
        )
        .bind(end.member)
        .bind(m.rating)
        .bind(m.deviation)
        .bind(m.volatility)
        .bind(solved)
        .bind(failed)
        .execute(db)
        .await
        .map(Written::from)
        })?;
        on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, plays)
             VALUES ($1, $2, $3, $4, 1)
             ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 plays = puzzle_ratings.plays + 1",
        )
        .bind(end.puzzle)
        .bind(p.rating)
        .bind(p.deviation)
        .bind(p.volatility)
        .execute(db)
        .await
        .map(Written::from))?;
        if !end.server.is_empty() {
            note_server_member(&mut tx, end.server, end.member).await?;
        }
        tx.commit().await?;
        Ok(Some(RatedTry {
            member_before,
            member_after: m,
            puzzle_after: p,
        }))
    }

    /// How many tries a puzzle's rating has taken.
    pub async fn puzzle_plays(&self, puzzle: &str) -> Result<i64, StoreError> {
        let row: Option<(i64,)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT plays FROM puzzle_ratings WHERE puzzle = $1"
        )
        .bind(puzzle)
        .fetch_optional(db)
        .await)?;
        Ok(row.map_or(0, |(plays,)| plays))
    }

    pub async fn puzzle_player(&self, member: &str) -> Result<Option<PuzzlePlayerRow>, StoreError> {
        let row: Option<PlayerTuple> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {PLAYER_COLUMNS} WHERE member = $1")
        ))
        .bind(member)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(player_from))
    }

    pub async fn puzzle_rating(&self, puzzle: &str) -> Result<Option<StoredRating>, StoreError> {
        let row: Option<(f64, f64, f64)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1"
        )
        .bind(puzzle)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(|(rating, deviation, volatility)| StoredRating {
            rating,
            deviation,
            volatility,
        }))
    }

    /// The server's members who tried its puzzles, best rating first (ties:
    /// more solved, then the member id), at most `limit`.
    pub async fn puzzle_ranking(
        &self,
        server: &str,
        limit: i64,
    ) -> Result<Vec<PuzzlePlayerRow>, StoreError> {
        let rows: Vec<PlayerTuple> = on_pool!(self, |db| sqlx::query_as(
            "SELECT p.member, p.rating, p.deviation, p.volatility, p.solved, p.failed,
                    p.streak, p.best_streak
             FROM puzzle_players p
             JOIN puzzle_server_members s ON s.member = p.member
             WHERE s.server = $1
             ORDER BY p.rating DESC, p.solved DESC, p.member LIMIT $2",
        )
        .bind(server)
        .bind(limit)
        .fetch_all(db)
        .await)?;
        Ok(rows.into_iter().map(player_from).collect())
    }
}

async fn note_server_member(tx: &mut Tx, server: &str, member: &str) -> Result<(), StoreError> {
    on_tx!(tx, |db| sqlx::query(
        "INSERT INTO puzzle_server_members (server, member) VALUES ($1, $2)
         ON CONFLICT (server, member) DO NOTHING",
    )
    .bind(server)
    .bind(member)
    .execute(db)
    .await
    .map(Written::from))?;
    Ok(())
}

/// The first candidate the server has not been shown in its current cycle
/// of the game; every one shown, a new cycle starts with the first.
async fn draw_puzzle(tx: &mut Tx, round: &NewPuzzleRound<'_>) -> Result<(i64, String), StoreError> {
    let (cycle,): (Option<i64>,) = on_tx!(tx, |db| sqlx::query_as(
        "SELECT MAX(cycle) FROM puzzle_rounds WHERE server = $1 AND game = $2 AND cycle >= 0",
    )
    .bind(round.server)
    .bind(round.game)
    .fetch_one(db)
    .await)?;
    let cycle = cycle.unwrap_or(0);
    let shown: Vec<(String,)> = on_tx!(tx, |db| sqlx::query_as(
        "SELECT puzzle FROM puzzle_rounds WHERE server = $1 AND game = $2 AND cycle = $3",
    )
    .bind(round.server)
    .bind(round.game)
    .bind(cycle)
    .fetch_all(db)
    .await)?;
    let shown: std::collections::HashSet<String> = shown.into_iter().map(|(p,)| p).collect();
    Ok(
        match round.candidates.iter().find(|c| !shown.contains(**c)) {
            Some(puzzle) => (cycle, puzzle.to_string()),
            None => (cycle + 1, round.candidates[0].to_string()),
        },
    )
}
