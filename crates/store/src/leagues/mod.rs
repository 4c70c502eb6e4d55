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
//! community game: see `results::finish_in`); a thread is recorded once
//! (`thread` set where it is null). The pairings and the table are the
//! service's, from `holotable_leagues`; this module only keeps what they
//! are computed from.
//!
//! `entries.rs` writes the league and its entrants before the start,
//! `season.rs` the start, the rounds, the leaves and the end, `results.rs`
//! a game's result as the game ends, `threads.rs` the threads; the reads
//! are here.

mod entries;
mod finding;
mod results;
mod season;
mod threads;

pub(crate) use results::finish_in;

use super::games::{NewGame, Transition};
use super::outbox::{self, NewAnnouncement};
use super::{GameId, Millis, Store, StoreError, Tx, from_json, on_pool};
use crate::{BallotFormat, Deliberation};
use holotable_games::{GameKind, RulesJson};
use holotable_leagues::tables::{SEATS, Table};
use holotable_leagues::{Entrant, Finish, Fixture, Round};
use holotable_model::{ChannelKey, LeagueFormat, LeagueId, LeagueStatus, ServerKey};
use serde::{Deserialize, Serialize};

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
    /// Bumped by each result and each leave, which make the league due:
    /// a step that read it passes it back to `Store::set_league_next`,
    /// so a wake that came during the step is not overwritten.
    pub wakes: i64,
    /// Bumped by each write planned from the entrants and the games (a
    /// round, deciding games, a leave): such a write passes back the
    /// epoch it read, and is refused ([`StoreError::Conflict`]) when
    /// another came between.
    pub epoch: i64,
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRow {
    pub round: Round,
    pub started_at: Millis,
    pub deadline: Millis,
    /// Four-army tables: who sits this round out (each scores a bye);
    /// empty in two-sided formats.
    pub sitting_out: Vec<Entrant>,
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

/// Who plays a league game: two entrants, the first on seat 0, or four
/// at a table, seat by seat. Stored as the JSON of either, which tell
/// each other apart by their fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LeagueSeats {
    Pair(Fixture),
    Table(Table),
}

/// A four-army table's result as kept: each seat's place (1 plus the
/// seats placed strictly ahead) and whether its community had left the
/// league by the game's end, as `holotable_leagues::tables::TableResult`
/// takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableFinish {
    pub places: [u8; SEATS],
    pub left: [bool; SEATS],
}

/// A league game's result: a two-sided game's, or a table's places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LeagueFinish {
    Pair(Finish),
    Table(TableFinish),
}

/// A game of a league as kept.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueGameRow {
    pub key: LeagueGameKey,
    /// The community game; none for a game forfeited before it began.
    pub game: Option<GameId>,
    pub seats: LeagueSeats,
    /// Set once. A table's comes after its game's end (`ended_at`): its
    /// places are read from the game's record, which the service replays.
    pub finish: Option<LeagueFinish>,
    pub ended_at: Option<Millis>,
}

impl LeagueGameRow {
    /// The two-sided game's fixture; none at a table.
    pub fn fixture(&self) -> Option<Fixture> {
        match self.seats {
            LeagueSeats::Pair(fixture) => Some(fixture),
            LeagueSeats::Table(_) => None,
        }
    }

    /// The two-sided game's result; none at a table, or before the end.
    pub fn pair_finish(&self) -> Option<Finish> {
        match self.finish {
            Some(LeagueFinish::Pair(finish)) => Some(finish),
            _ => None,
        }
    }
}

/// One game of a round being started: played, or already forfeited
/// because a side had left the league.
#[derive(Clone, Debug)]
pub enum NewLeagueGame {
    Play {
        key: LeagueGameKey,
        seats: LeagueSeats,
        /// Boxed, as the forfeit beside it is a few words.
        game: Box<NewGame>,
        /// The game's first step (its first ballot), as for any game.
        first: Box<Transition>,
        /// Per side, the parent channel and the placeholder key the side
        /// plays under until its thread is reported.
        threads: Vec<(ChannelKey, String)>,
        /// Per side, the round's news to its parent channel, which opens
        /// the side's thread; queued with the game, about it.
        told: Vec<ToChannel>,
    },
    /// A two-sided game one side forfeits before it begins.
    Forfeit {
        key: LeagueGameKey,
        fixture: Fixture,
        finish: Finish,
    },
}

impl NewLeagueGame {
    pub fn key(&self) -> LeagueGameKey {
        match self {
            NewLeagueGame::Play { key, .. } | NewLeagueGame::Forfeit { key, .. } => *key,
        }
    }
}

/// A round to start, with its games.
#[derive(Clone, Debug)]
pub struct NewRound {
    pub round: RoundRow,
    pub games: Vec<NewLeagueGame>,
    /// News of the round for every entered channel beyond its games'
    /// own (the start's schedule), queued with the round.
    pub told: Vec<ToChannel>,
    /// The league's next look after this round starts: its deadline.
    pub next_at: Millis,
}

/// News of a league for one entered channel, queued in the transaction
/// of the write that causes it, so it is queued once.
#[derive(Clone, Debug, PartialEq)]
pub struct ToChannel {
    pub channel: ChannelKey,
    pub news: NewAnnouncement,
}

/// Queues each of `told` to its channel, about `game` when it is a
/// game's.
async fn tell_in(
    tx: &mut Tx,
    game: Option<GameId>,
    told: &[ToChannel],
    at: Millis,
) -> Result<(), StoreError> {
    for to in told {
        outbox::insert_in(tx, game, to.channel.as_str(), &to.news, at).await?;
    }
    Ok(())
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

/// What a leave after the start did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Left {
    Left,
    /// The community had left already, or never had an entry number.
    AlreadyLeft,
    /// The league is not running: over (finished or cancelled).
    NotRunning,
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
    wakes: i64,
    epoch: i64,
    created_at: i64,
    finished_at: Option<i64>,
}

const COLUMNS: &str = "id, name, code, kind, rules, format, pairing_games, move_ms, round_moves, ballot_format, discuss_ms, hidden_tally, public, seed, server, channel, created_by, start_at, status, entered, next_at, wakes, epoch, created_at, finished_at";

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
        wakes: raw.wakes,
        epoch: raw.epoch,
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
    let (round, board, leg, game, seats, finish, ended_at) = raw;
    Ok(LeagueGameRow {
        key: LeagueGameKey {
            round: Round(number("round", round)?),
            board: number("board", board)?,
            leg: number("leg", leg)?,
        },
        game: game.map(GameId),
        seats: from_json(&seats)?,
        finish: finish.as_deref().map(from_json).transpose()?,
        ended_at,
    })
}

impl Store {
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
             AND status IN ('entering', 'closed', 'running', 'cancelled') ORDER BY next_at, id"
        )
        .bind(now)
        .fetch_all(db)
        .await)?;
        Ok(ids.into_iter().map(LeagueId).collect())
    }

    /// The earliest league step due after `after`: when the scheduler
    /// must look at leagues next (a due one is looked at on its turn).
    pub async fn earliest_league_step(&self, after: Millis) -> Result<Option<Millis>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MIN(next_at) FROM leagues WHERE next_at > $1
             AND status IN ('entering', 'closed', 'running', 'cancelled')"
        )
        .bind(after)
        .fetch_one(db)
        .await)?)
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

    /// The rounds whose standings are not posted yet, in order.
    pub async fn unreported_rounds(&self, id: LeagueId) -> Result<Vec<Round>, StoreError> {
        let rounds: Vec<i64> = on_pool!(self, |db| {
            sqlx::query_scalar(
            "SELECT round FROM league_rounds WHERE league_id = $1 AND reported = 0 ORDER BY round"
        )
        .bind(id.0)
        .fetch_all(db)
        .await
        })?;
        rounds
            .into_iter()
            .map(|round| Ok(Round(number("round", round)?)))
            .collect()
    }

    pub async fn league_rounds(&self, id: LeagueId) -> Result<Vec<RoundRow>, StoreError> {
        let rows: Vec<(i64, i64, i64, Option<String>)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT round, started_at, deadline, sitting_out FROM league_rounds
             WHERE league_id = $1 ORDER BY round"
        )
        .bind(id.0)
        .fetch_all(db)
        .await)?;
        rows.into_iter()
            .map(|(round, started_at, deadline, sitting_out)| {
                Ok(RoundRow {
                    round: Round(number("round", round)?),
                    started_at,
                    deadline,
                    sitting_out: sitting_out
                        .as_deref()
                        .map(from_json)
                        .transpose()?
                        .unwrap_or_default(),
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
}
