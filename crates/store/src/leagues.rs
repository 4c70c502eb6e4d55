//! Leagues between communities: the league, its entrants, its rounds and
//! games, and the threads its games' sides play in (`docs/leagues.md`).
//!
//! What must hold across processes is made by the SQL, never by a read
//! before a write: a community enters once (the entrants' primary key);
//! entries stop at 64 and at the start (`entered` moved by a guarded
//! update, which also takes the league's row lock on PostgreSQL, so joins
//! and the start take turns); the league starts once (its status moved
//! from entering or closed); a round starts once (the rounds' primary key,
//! inserted first in the round's transaction); a result counts once
//! (`finish` set where it is null, in the transaction that ends the
//! community game: see [`finish_in`]); a thread is recorded once (`thread`
//! set where it is null). The pairings and the table are the service's,
//! from `holotable_leagues`; this module only keeps what they are
//! computed from.

use super::games::{NewGame, Transition, apply_in, insert_game_in};
use super::sides;
use super::{GameId, Millis, Store, StoreError, Tx, Written, from_json, on_pool, on_tx, to_json};
use crate::{BallotFormat, Deliberation};
use holotable_games::{GameKind, Outcome, RulesJson, Seat, SeatResult};
use holotable_leagues::{Entrant, Finish, Fixture, Outcome as LeagueOutcome, Round};
use holotable_model::{ChannelKey, LeagueFormat, LeagueId, LeagueStatus, ServerKey};

/// A league as created.
#[derive(Clone, Debug, PartialEq)]
pub struct NewLeague {
    pub name: String,
    /// As stored: upper case, no separator.
    pub code: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub format: LeagueFormat,
    /// 1, or 2 for two games a pairing with colours swapped.
    pub pairing_games: u8,
    pub move_ms: Millis,
    /// Moves a game gets before its round's deadline.
    pub round_moves: u32,
    pub ballot_format: BallotFormat,
    pub deliberation: Deliberation,
    pub public: bool,
    pub seed: u64,
    pub server: ServerKey,
    pub channel: ChannelKey,
    pub created_by: String,
    pub start_at: Millis,
    pub created_at: Millis,
}

/// A league as kept.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueRow {
    pub id: LeagueId,
    pub league: NewLeague,
    pub status: LeagueStatus,
    /// Communities entered, as the join's guarded counter keeps it.
    pub entered: u16,
    /// When the scheduler next looks at it.
    pub next_at: Option<Millis>,
    pub finished_at: Option<Millis>,
}

/// A community entered in a league.
#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRow {
    pub server: ServerKey,
    pub channel: ChannelKey,
    /// Its entry number, from the start on.
    pub entrant: Option<Entrant>,
    /// Its community rating at the start, if it had one.
    pub rating: Option<f64>,
    pub joined_by: String,
    pub joined_at: Millis,
    /// When it left after the start.
    pub left_at: Option<Millis>,
}

/// A round as started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRow {
    pub round: Round,
    pub started_at: Millis,
    pub deadline: Millis,
}

/// Where a league game sits: its round, pairing and leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LeagueGameKey {
    pub round: Round,
    /// The pairing's number in the round, from 0.
    pub board: u16,
    /// 0, 1 for the second game of a double pairing, 2 for a deciding game.
    pub leg: u8,
}

/// A game of a league as kept.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueGameRow {
    pub key: LeagueGameKey,
    /// The community game; none for a game forfeited before it began.
    pub game: Option<GameId>,
    pub fixture: Fixture,
    pub finish: Option<Finish>,
    pub ended_at: Option<Millis>,
}

/// One game of a round being started: played, or already forfeited
/// because a side had left the league.
#[derive(Clone, Debug)]
pub enum NewLeagueGame {
    Play {
        key: LeagueGameKey,
        fixture: Fixture,
        /// Boxed, as the forfeit beside it is a few words.
        game: Box<NewGame>,
        /// The game's first step (its first ballot), as for any game.
        first: Box<Transition>,
        /// Per side, the parent channel and the placeholder key the side
        /// plays under until its thread is reported.
        threads: Vec<(ChannelKey, String)>,
    },
    Forfeit {
        key: LeagueGameKey,
        fixture: Fixture,
        finish: Finish,
    },
}

/// A round to start, with its games.
#[derive(Clone, Debug)]
pub struct NewRound {
    pub round: RoundRow,
    pub games: Vec<NewLeagueGame>,
    /// The league's next look after this round starts: its deadline.
    pub next_at: Millis,
}

/// What a join did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joined {
    Entered,
    /// The league no longer takes entries (closed, started or over).
    NotEntering,
    /// It has [`holotable_leagues::MAX_ENTRANTS`] already.
    Full,
    /// This community is in already.
    AlreadyIn,
}

/// A thread reported for a side of a league game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadOpened {
    /// The key the side played under until now.
    pub placeholder: String,
    /// Whether every side of the game has its thread now.
    pub all_open: bool,
}

#[derive(sqlx::FromRow)]
struct RawLeague {
    id: i64,
    name: String,
    code: String,
    kind: String,
    rules: String,
    format: String,
    pairing_games: i64,
    move_ms: i64,
    round_moves: i64,
    ballot_format: String,
    discuss_ms: i64,
    hidden_tally: bool,
    public: bool,
    seed: i64,
    server: String,
    channel: String,
    created_by: String,
    start_at: i64,
    status: String,
    entered: i64,
    next_at: Option<i64>,
    created_at: i64,
    finished_at: Option<i64>,
}

const COLUMNS: &str = "id, name, code, kind, rules, format, pairing_games, move_ms, round_moves, ballot_format, discuss_ms, hidden_tally, public, seed, server, channel, created_by, start_at, status, entered, next_at, created_at, finished_at";

fn number<T: TryFrom<i64>>(what: &str, value: i64) -> Result<T, StoreError> {
    T::try_from(value).map_err(|_| StoreError::corrupt(format!("{what} {value}")))
}

fn parse(raw: RawLeague) -> Result<LeagueRow, StoreError> {
    Ok(LeagueRow {
        id: LeagueId(raw.id),
        league: NewLeague {
            name: raw.name,
            code: raw.code,
            kind: raw.kind.parse().map_err(StoreError::corrupt)?,
            rules: from_json(&raw.rules)?,
            format: LeagueFormat::parse(&raw.format)?,
            pairing_games: number("pairing games", raw.pairing_games)?,
            move_ms: raw.move_ms,
            round_moves: number("round moves", raw.round_moves)?,
            ballot_format: BallotFormat::parse(&raw.ballot_format)?,
            deliberation: Deliberation {
                discuss_ms: raw.discuss_ms,
                hidden_tally: raw.hidden_tally,
            },
            public: raw.public,
            // Seeds are u64 stored bit for bit in an i64, as games' are.
            seed: raw.seed as u64,
            server: ServerKey(raw.server),
            channel: ChannelKey(raw.channel),
            created_by: raw.created_by,
            start_at: raw.start_at,
            created_at: raw.created_at,
        },
        status: LeagueStatus::parse(&raw.status)?,
        entered: number("entered", raw.entered)?,
        next_at: raw.next_at,
        finished_at: raw.finished_at,
    })
}

type RawEntrant = (
    String,
    String,
    Option<i64>,
    Option<f64>,
    String,
    i64,
    Option<i64>,
);

type RawGame = (
    i64,
    i64,
    i64,
    Option<i64>,
    String,
    Option<String>,
    Option<i64>,
);

fn parse_game(raw: RawGame) -> Result<LeagueGameRow, StoreError> {
    let (round, board, leg, game, fixture, finish, ended_at) = raw;
    Ok(LeagueGameRow {
        key: LeagueGameKey {
            round: Round(number("round", round)?),
            board: number("board", board)?,
            leg: number("leg", leg)?,
        },
        game: game.map(GameId),
        fixture: from_json(&fixture)?,
        finish: finish.as_deref().map(from_json).transpose()?,
        ended_at,
    })
}

/// The league result of a two-sided game that ended with `outcome`: the
/// fixture's first entrant plays seat 0. None for a game of more seats,
/// which a two-sided league does not play.
pub fn finish_of(outcome: &Outcome) -> Option<Finish> {
    if outcome.results.len() != 2 {
        return None;
    }
    let played = match (outcome.results[Seat(0)], outcome.results[Seat(1)]) {
        (SeatResult::Win, _) => LeagueOutcome::FirstWon,
        (_, SeatResult::Win) => LeagueOutcome::SecondWon,
        _ => LeagueOutcome::Drawn,
    };
    Some(Finish::Played(played))
}

impl Store {
    /// Stores a new league, entering. `None`, writing nothing, when its
    /// code is taken (the caller draws another).
    pub async fn insert_league(&self, new: &NewLeague) -> Result<Option<LeagueId>, StoreError> {
        let id: Option<i64> = on_pool!(self, |db| {
            sqlx::query_scalar(
            "INSERT INTO leagues (name, code, kind, rules, format, pairing_games, move_ms, round_moves,
                ballot_format, discuss_ms, hidden_tally, public, seed, server, channel, created_by,
                start_at, status, next_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
                'entering', $17, $18)
             ON CONFLICT (code) DO NOTHING
             RETURNING id"
        )
        .bind(&new.name)
        .bind(&new.code)
        .bind(new.kind.as_str())
        .bind(to_json(&new.rules))
        .bind(new.format.as_str())
        .bind(i64::from(new.pairing_games))
        .bind(new.move_ms)
        .bind(i64::from(new.round_moves))
        .bind(new.ballot_format.as_str())
        .bind(new.deliberation.discuss_ms)
        .bind(new.deliberation.hidden_tally)
        .bind(new.public)
        .bind(new.seed as i64)
        .bind(new.server.as_str())
        .bind(new.channel.as_str())
        .bind(&new.created_by)
        .bind(new.start_at)
        .bind(new.created_at)
        .fetch_optional(db)
        .await
        })?;
        Ok(id.map(LeagueId))
    }

    pub async fn league(&self, id: LeagueId) -> Result<Option<LeagueRow>, StoreError> {
        let query = format!("SELECT {COLUMNS} FROM leagues WHERE id = $1");
        let raw: Option<RawLeague> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(id.0)
                .fetch_optional(db)
                .await)?;
        raw.map(parse).transpose()
    }

    /// The league whose entry code is `code` (as stored).
    pub async fn league_by_code(&self, code: &str) -> Result<Option<LeagueRow>, StoreError> {
        let query = format!("SELECT {COLUMNS} FROM leagues WHERE code = $1");
        let raw: Option<RawLeague> =
            on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
                .bind(code)
                .fetch_optional(db)
                .await)?;
        raw.map(parse).transpose()
    }

    /// Public leagues still taking entries, of `kind` or of every game,
    /// the soonest to start first.
    pub async fn entering_leagues(
        &self,
        kind: Option<GameKind>,
        limit: i64,
    ) -> Result<Vec<LeagueRow>, StoreError> {
        let query = format!(
            "SELECT {COLUMNS} FROM leagues
             WHERE status = 'entering' AND public AND ($1 IS NULL OR kind = $1)
             ORDER BY start_at, id LIMIT $2"
        );
        let raws: Vec<RawLeague> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(kind.map(GameKind::as_str))
            .bind(limit)
            .fetch_all(db)
            .await)?;
        raws.into_iter().map(parse).collect()
    }

    /// Leagues whose next step is due at `now`.
    pub async fn due_leagues(&self, now: Millis) -> Result<Vec<LeagueId>, StoreError> {
        let ids: Vec<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT id FROM leagues WHERE next_at <= $1
             AND status IN ('entering', 'closed', 'running') ORDER BY next_at, id"
        )
        .bind(now)
        .fetch_all(db)
        .await)?;
        Ok(ids.into_iter().map(LeagueId).collect())
    }

    /// The earliest step of any league, for the scheduler's sleep.
    pub async fn next_league_step(&self) -> Result<Option<Millis>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MIN(next_at) FROM leagues WHERE status IN ('entering', 'closed', 'running')"
        )
        .fetch_one(db)
        .await)?)
    }

    /// Enters `server`'s community, playing in `channel`, all or nothing:
    /// the league still entering with fewer than 64 entered, and the
    /// community not in yet.
    pub async fn join_league(
        &self,
        id: LeagueId,
        server: &ServerKey,
        channel: &ChannelKey,
        by: &str,
        at: Millis,
    ) -> Result<Joined, StoreError> {
        let mut tx = self.begin().await?;
        // The count moves first, guarded: on PostgreSQL the row's lock
        // orders this join after any other join or the start, so two joins
        // never both pass 63, and none lands after the start.
        let counted = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET entered = entered + 1
             WHERE id = $1 AND status = 'entering' AND entered < $2"
        )
        .bind(id.0)
        .bind(holotable_leagues::MAX_ENTRANTS as i64)
        .execute(db)
        .await
        .map(Written::from))?;
        if counted.rows_affected() != 1 {
            let status: Option<(String, i64)> = on_tx!(&mut tx, |db| sqlx::query_as(
                "SELECT status, entered FROM leagues WHERE id = $1"
            )
            .bind(id.0)
            .fetch_optional(db)
            .await)?;
            return Ok(match status {
                Some((status, entered))
                    if status == "entering"
                        && entered >= holotable_leagues::MAX_ENTRANTS as i64 =>
                {
                    Joined::Full
                }
                _ => Joined::NotEntering,
            });
        }
        let inserted = on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO league_entrants (league_id, server, channel, joined_by, joined_at)
             VALUES ($1, $2, $3, $4, $5)"
        )
        .bind(id.0)
        .bind(server.as_str())
        .bind(channel.as_str())
        .bind(by)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from));
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Ok(Joined::AlreadyIn);
            }
            Err(e) => return Err(e.into()),
        }
        tx.commit().await?;
        Ok(Joined::Entered)
    }

    /// Takes `server`'s community out of a league that has not started.
    /// Returns whether it was in and the league had not started.
    pub async fn withdraw_entrant(
        &self,
        id: LeagueId,
        server: &ServerKey,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let counted = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET entered = entered - 1
             WHERE id = $1 AND status IN ('entering', 'closed') AND entered > 0"
        )
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        if counted.rows_affected() != 1 {
            return Ok(false);
        }
        let deleted = on_tx!(&mut tx, |db| sqlx::query(
            "DELETE FROM league_entrants WHERE league_id = $1 AND server = $2"
        )
        .bind(id.0)
        .bind(server.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        if deleted.rows_affected() != 1 {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Moves a league from one of `from` to `to`, its next step at
    /// `next_at`, and `finished_at` set when `to` is over. Returns whether
    /// it was in one of `from`.
    pub async fn move_league(
        &self,
        id: LeagueId,
        from: &[LeagueStatus],
        to: LeagueStatus,
        next_at: Option<Millis>,
        at: Millis,
    ) -> Result<bool, StoreError> {
        let from: Vec<&str> = from.iter().map(|s| s.as_str()).collect();
        let written = on_pool!(self, |db| sqlx::query(
            "UPDATE leagues SET status = $1, next_at = $2,
                finished_at = CASE WHEN $3 THEN $4 ELSE finished_at END
             WHERE id = $5 AND status IN ($6, $7, $8, $9)"
        )
        .bind(to.as_str())
        .bind(next_at)
        .bind(to.is_over())
        .bind(at)
        .bind(id.0)
        .bind(from.first().copied())
        .bind(from.get(1).copied())
        .bind(from.get(2).copied())
        .bind(from.get(3).copied())
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(written.rows_affected() == 1)
    }

    /// Sets when the scheduler next looks at a league still under way, if
    /// that is still `expected`: a game that ended since the league was
    /// read made it due at once, and that must not be overwritten.
    pub async fn set_league_next(
        &self,
        id: LeagueId,
        expected: Option<Millis>,
        next_at: Option<Millis>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "UPDATE leagues SET next_at = $1
             WHERE id = $2 AND status IN ('entering', 'closed', 'running')
             AND (next_at = $3 OR (next_at IS NULL AND $3 IS NULL))"
        )
        .bind(next_at)
        .bind(id.0)
        .bind(expected)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// The league's entrants: by entry number once started, else in the
    /// order of entry (`joined_at`, then the server key, which settles two
    /// joins in one millisecond the same way on both backends).
    pub async fn league_entrants(&self, id: LeagueId) -> Result<Vec<EntrantRow>, StoreError> {
        let rows: Vec<RawEntrant> = on_pool!(self, |db| sqlx::query_as(
            "SELECT server, channel, entrant, rating, joined_by, joined_at, left_at
             FROM league_entrants WHERE league_id = $1
             ORDER BY entrant, joined_at, server"
        )
        .bind(id.0)
        .fetch_all(db)
        .await)?;
        rows.into_iter()
            .map(
                |(server, channel, entrant, rating, joined_by, joined_at, left_at)| {
                    Ok(EntrantRow {
                        server: ServerKey(server),
                        channel: ChannelKey(channel),
                        entrant: entrant
                            .map(|e| number("entrant", e).map(Entrant))
                            .transpose()?,
                        rating,
                        joined_by,
                        joined_at,
                        left_at,
                    })
                },
            )
            .collect()
    }

    pub async fn league_rounds(&self, id: LeagueId) -> Result<Vec<RoundRow>, StoreError> {
        let rows: Vec<(i64, i64, i64)> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT round, started_at, deadline FROM league_rounds WHERE league_id = $1 ORDER BY round"
        )
        .bind(id.0)
        .fetch_all(db)
        .await
        })?;
        rows.into_iter()
            .map(|(round, started_at, deadline)| {
                Ok(RoundRow {
                    round: Round(number("round", round)?),
                    started_at,
                    deadline,
                })
            })
            .collect()
    }

    pub async fn league_games(&self, id: LeagueId) -> Result<Vec<LeagueGameRow>, StoreError> {
        let rows: Vec<RawGame> = on_pool!(self, |db| sqlx::query_as(
            "SELECT round, board, leg, game_id, entrants, finish, ended_at FROM league_games
             WHERE league_id = $1 ORDER BY round, board, leg"
        )
        .bind(id.0)
        .fetch_all(db)
        .await)?;
        rows.into_iter().map(parse_game).collect()
    }

    /// The league a community game belongs to, if any.
    pub async fn league_of_game(&self, game: GameId) -> Result<Option<LeagueId>, StoreError> {
        let id: Option<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT league_id FROM league_games WHERE game_id = $1"
        )
        .bind(game.0)
        .fetch_optional(db)
        .await)?;
        Ok(id.map(LeagueId))
    }

    /// Starts a league, once: its status from entering or closed to
    /// running, the entry numbers and ratings of `numbered`, and its first
    /// round, in one transaction. `false`, writing nothing, when it had
    /// started or ended already.
    pub async fn start_league(
        &self,
        id: LeagueId,
        numbered: &[(ServerKey, Entrant, Option<f64>)],
        first: &NewRound,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let started = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET status = 'running'
             WHERE id = $1 AND status IN ('entering', 'closed')"
        )
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        if started.rows_affected() != 1 {
            return Ok(false);
        }
        for (server, entrant, rating) in numbered {
            let written = on_tx!(&mut tx, |db| sqlx::query(
                "UPDATE league_entrants SET entrant = $1, rating = $2
                 WHERE league_id = $3 AND server = $4"
            )
            .bind(i64::from(entrant.0))
            .bind(*rating)
            .bind(id.0)
            .bind(server.as_str())
            .execute(db)
            .await
            .map(Written::from))?;
            if written.rows_affected() != 1 {
                // An entrant left between the read and this write.
                return Err(StoreError::Conflict);
            }
        }
        if !round_in(&mut tx, id, first).await? {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Starts a round of a running league, once: `false`, writing nothing,
    /// when it had started already (another process did it) or the league
    /// is no longer running.
    ///
    /// # Errors
    /// [`StoreError::ChannelBusy`] if a placeholder is somehow taken.
    pub async fn start_round(&self, id: LeagueId, round: &NewRound) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        // The league's row first, as the start and the joins take it.
        let running = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET status = status WHERE id = $1 AND status = 'running'"
        )
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        if running.rows_affected() != 1 || !round_in(&mut tx, id, round).await? {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Ends a running league whose every game has a result, once, with its
    /// last round started. `false` when a game still plays, or another
    /// process ended it.
    pub async fn finish_league(
        &self,
        id: LeagueId,
        last_round: Round,
        at: Millis,
    ) -> Result<bool, StoreError> {
        let written = on_pool!(self, |db| sqlx::query(
            "UPDATE leagues SET status = 'finished', finished_at = $1, next_at = NULL
             WHERE id = $2 AND status = 'running'
             AND EXISTS (SELECT 1 FROM league_rounds WHERE league_id = $2 AND round = $3)
             AND NOT EXISTS (SELECT 1 FROM league_games WHERE league_id = $2 AND finish IS NULL)"
        )
        .bind(at)
        .bind(id.0)
        .bind(i64::from(last_round.0))
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(written.rows_affected() == 1)
    }

    /// A community leaves a running league: `left_at` set once, each of
    /// its games still without a result forfeited (`forfeits`, by the
    /// side it played), and each of its live games ended by `endings`
    /// (its side out), all in one transaction. `false` when it had left
    /// already or the league is not running.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a game moved since its ending was
    /// planned (nothing is written; plan again).
    pub async fn leave_league(
        &self,
        id: LeagueId,
        server: &ServerKey,
        forfeits: &[(LeagueGameKey, Finish)],
        endings: &[(GameId, Transition)],
        at: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let running = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET next_at = $1 WHERE id = $2 AND status = 'running'"
        )
        .bind(at)
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        let left = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE league_entrants SET left_at = $1
             WHERE league_id = $2 AND server = $3 AND left_at IS NULL AND entrant IS NOT NULL"
        )
        .bind(at)
        .bind(id.0)
        .bind(server.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        if running.rows_affected() != 1 || left.rows_affected() != 1 {
            return Ok(false);
        }
        // The forfeits first, so the endings' own results find the
        // games decided and count nothing twice.
        for (key, finish) in forfeits {
            on_tx!(&mut tx, |db| sqlx::query(
                "UPDATE league_games SET finish = $1, ended_at = $2
                 WHERE league_id = $3 AND round = $4 AND board = $5 AND leg = $6
                 AND finish IS NULL"
            )
            .bind(to_json(finish))
            .bind(at)
            .bind(id.0)
            .bind(i64::from(key.round.0))
            .bind(i64::from(key.board))
            .bind(i64::from(key.leg))
            .execute(db)
            .await
            .map(Written::from))?;
        }
        for (game, ending) in endings {
            apply_in(&mut tx, *game, ending).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Records the thread a side of a league game plays in, once: the
    /// side's channel, the game's channel if it was the side's
    /// placeholder, and the announcements queued to the placeholder move
    /// to the thread. `None` on a repeat (or for no such side).
    pub async fn thread_opened(
        &self,
        game: GameId,
        parent: &ChannelKey,
        thread: &ChannelKey,
    ) -> Result<Option<ThreadOpened>, StoreError> {
        let mut tx = self.begin().await?;
        let placeholder: Option<String> = on_tx!(&mut tx, |db| sqlx::query_scalar(
            "UPDATE league_threads SET thread = $1
             WHERE game_id = $2 AND channel = $3 AND thread IS NULL
             RETURNING placeholder"
        )
        .bind(thread.as_str())
        .bind(game.0)
        .bind(parent.as_str())
        .fetch_optional(db)
        .await)?;
        let Some(placeholder) = placeholder else {
            return Ok(None);
        };
        let moved = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE game_sides SET channel = $1 WHERE game_id = $2 AND channel = $3"
        )
        .bind(thread.as_str())
        .bind(game.0)
        .bind(&placeholder)
        .execute(db)
        .await
        .map(Written::from));
        match moved {
            Ok(_) => {}
            // The thread already plays a live game: a platform never
            // reuses a thread, so this is a caller's mistake.
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::ChannelBusy);
            }
            Err(e) => return Err(e.into()),
        }
        on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE games SET channel = $1 WHERE id = $2 AND channel = $3"
        )
        .bind(thread.as_str())
        .bind(game.0)
        .bind(&placeholder)
        .execute(db)
        .await
        .map(Written::from))?;
        on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE outbox SET channel = $1 WHERE channel = $2 AND delivered_at IS NULL"
        )
        .bind(thread.as_str())
        .bind(&placeholder)
        .execute(db)
        .await
        .map(Written::from))?;
        let waiting: i64 = on_tx!(&mut tx, |db| sqlx::query_scalar(
            "SELECT COUNT(*) FROM league_threads WHERE game_id = $1 AND thread IS NULL"
        )
        .bind(game.0)
        .fetch_one(db)
        .await)?;
        tx.commit().await?;
        Ok(Some(ThreadOpened {
            placeholder,
            all_open: waiting == 0,
        }))
    }

    /// The sides of league game `game` as parent channel, placeholder and
    /// thread (once reported).
    pub async fn league_threads(
        &self,
        game: GameId,
    ) -> Result<Vec<(ChannelKey, String, Option<ChannelKey>)>, StoreError> {
        let rows: Vec<(String, String, Option<String>)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT channel, placeholder, thread FROM league_threads WHERE game_id = $1
             ORDER BY placeholder"
        )
        .bind(game.0)
        .fetch_all(db)
        .await)?;
        Ok(rows
            .into_iter()
            .map(|(parent, placeholder, thread)| {
                (ChannelKey(parent), placeholder, thread.map(ChannelKey))
            })
            .collect())
    }
}

/// Writes a round: its row first (the primary key makes it once: `false`
/// when it exists), then its games, each with its community game, sides,
/// first step and threads, and the league's next step.
async fn round_in(tx: &mut Tx, id: LeagueId, new: &NewRound) -> Result<bool, StoreError> {
    let inserted = on_tx!(tx, |db| {
        sqlx::query(
        "INSERT INTO league_rounds (league_id, round, started_at, deadline) VALUES ($1, $2, $3, $4)"
    )
    .bind(id.0)
    .bind(i64::from(new.round.round.0))
    .bind(new.round.started_at)
    .bind(new.round.deadline)
    .execute(db)
    .await
    .map(Written::from)
    });
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    for game in &new.games {
        let (key, fixture, game_id, finish, ended_at) = match game {
            NewLeagueGame::Play {
                key,
                fixture,
                game,
                first,
                threads,
            } => {
                let game_id = insert_game_in(tx, game, "community").await?;
                sides::insert_in(tx, game_id, &game.sides).await?;
                for (parent, placeholder) in threads {
                    on_tx!(tx, |db| {
                        sqlx::query(
                        "INSERT INTO league_threads (game_id, channel, placeholder) VALUES ($1, $2, $3)"
                    )
                    .bind(game_id.0)
                    .bind(parent.as_str())
                    .bind(placeholder)
                    .execute(db)
                    .await
                    .map(Written::from)
                    })?;
                }
                insert_league_game(tx, id, key, fixture, Some(game_id), None, None).await?;
                // The first step after the league's row: a game that ends
                // at once (the engine cannot; a rule could) finds its row.
                apply_in(tx, game_id, first).await?;
                continue;
            }
            NewLeagueGame::Forfeit {
                key,
                fixture,
                finish,
            } => (key, fixture, None, Some(finish), Some(new.round.started_at)),
        };
        insert_league_game(tx, id, key, fixture, game_id, finish, ended_at).await?;
    }
    on_tx!(tx, |db| sqlx::query(
        "UPDATE leagues SET next_at = $1 WHERE id = $2"
    )
    .bind(new.next_at)
    .bind(id.0)
    .execute(db)
    .await
    .map(Written::from))?;
    Ok(true)
}

async fn insert_league_game(
    tx: &mut Tx,
    id: LeagueId,
    key: &LeagueGameKey,
    fixture: &Fixture,
    game: Option<GameId>,
    finish: Option<&Finish>,
    ended_at: Option<Millis>,
) -> Result<(), StoreError> {
    on_tx!(tx, |db| {
        sqlx::query(
        "INSERT INTO league_games (league_id, round, board, leg, game_id, entrants, finish, ended_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    )
    .bind(id.0)
    .bind(i64::from(key.round.0))
    .bind(i64::from(key.board))
    .bind(i64::from(key.leg))
    .bind(game.map(|g| g.0))
    .bind(to_json(fixture))
    .bind(finish.map(to_json))
    .bind(ended_at)
    .execute(db)
    .await
    .map(Written::from)
    })?;
    Ok(())
}

/// Inside the transaction that ends community game `game` with `outcome`
/// (`games::apply_in`): if it is a league game without a result, its
/// result, once, and its league due at once, so the scheduler's next look
/// decides whether the round is over. Nothing for any other game, at the
/// cost of one probe of `league_games`' unique index on `game_id`.
pub(super) async fn finish_in(
    tx: &mut Tx,
    game: GameId,
    outcome: &Outcome,
    at: Millis,
) -> Result<(), StoreError> {
    let Some(finish) = finish_of(outcome) else {
        return Ok(());
    };
    let league: Option<i64> = on_tx!(tx, |db| sqlx::query_scalar(
        "UPDATE league_games SET finish = $1, ended_at = $2
         WHERE game_id = $3 AND finish IS NULL
         RETURNING league_id"
    )
    .bind(to_json(&finish))
    .bind(at)
    .bind(game.0)
    .fetch_optional(db)
    .await)?;
    if let Some(league) = league {
        on_tx!(tx, |db| {
            sqlx::query(
            "UPDATE leagues SET next_at = CASE WHEN next_at IS NULL OR next_at > $1 THEN $1 ELSE next_at END
             WHERE id = $2 AND status = 'running'"
        )
        .bind(at)
        .bind(league)
        .execute(db)
        .await
        .map(Written::from)
        })?;
    }
    Ok(())
}
