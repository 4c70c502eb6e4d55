//! Leagues between communities (`docs/leagues.md`): a manager creates a
//! league, communities enter it by its code or from the lobby, and the
//! scheduler ([`Leagues::run_due`]) starts it, plays its rounds as
//! community games in threads, and ends it with its table.
//!
//! This file holds the door's types and its reads (standings, lobby, a
//! league); `entries.rs` the entries before the start (create, join,
//! remove, close, start now); `leaving.rs` a community leaving and a
//! league cancelled; `run.rs` the scheduler's half (the start, the rounds,
//! the end) and the threads, with each format's rounds in its own file
//! (`round_robin.rs`, `knockout.rs` with the bracket's read, `tables.rs`)
//! and the games they start made by `plan.rs`. Pairings, the table and
//! the schedule are `holotable_leagues`'; the promises that must hold
//! across processes are the store's SQL.

mod entries;
mod finding;
mod knockout;
mod leaving;
mod news;
mod plan;
pub(crate) mod refusals;
mod round_robin;
mod run;
mod table_text;
mod tables;
#[cfg(test)]
mod tests;
mod told;
mod wording;

use crate::versus::{normalise_code, shown_code};
use crate::{Actor, Failure, LeagueRefusal, ServiceError};
use holotable_games::{GameKind, RulesJson};
use holotable_leagues::pairing::{Bracket, RoundRobin};
use holotable_leagues::standings::{Row, standings};
use holotable_leagues::{Bye, Entrant, GameResult};
use holotable_store::{
    BallotFormat, ChannelKey, Deliberation, EntrantRow, LeagueFormat, LeagueId, LeagueRow,
    LeagueStatus, Millis, ServerKey,
};

// A spec's field: an adapter names it without depending on the core.
pub use finding::Wanted;
pub use holotable_leagues::pairing::GamesPerPairing;
pub use knockout::{KnockoutRoundView, KnockoutView, TieProgress, TieView};
pub use news::{LeagueLeg, LeagueNews, Placing, RatingMove, ScheduledRound};
pub use run::DueReport;
pub use wording::Entered;

/// The door to leagues: `service.leagues().join(..)`.
#[derive(Clone, Copy)]
pub struct Leagues<'a>(pub(crate) &'a crate::Service);

const HOUR_MS: Millis = 60 * 60 * 1000;
const DAY_MS: Millis = 24 * HOUR_MS;
/// The shortest time per move: a league's rounds are days long, and a
/// community needs time to gather its voters for each move.
pub const MIN_MOVE_MS: Millis = HOUR_MS;
/// The longest: what chess clubs' slowest vote leagues allow.
pub const MAX_MOVE_MS: Millis = 3 * DAY_MS;
/// How far ahead a league may be set to start.
pub const MAX_START_DAYS: u32 = 30;
/// A league's name, in characters: what fits a thread's title beside a
/// round and an opponent.
pub const MAX_NAME_CHARS: usize = 60;
/// Moves a game gets before its round's deadline (`RoundClock::moves`).
pub const ROUND_MOVES: u32 = 60;
/// How many leagues the lobby lists at once.
const LOBBY_SIZE: i64 = 25;

/// A league to create.
#[derive(Clone, Debug)]
pub struct LeagueSpec {
    pub name: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub format: LeagueFormat,
    pub games_per_pairing: GamesPerPairing,
    pub move_ms: Millis,
    pub start_at: Millis,
    /// Listed in the lobby for any server to see and enter.
    pub public: bool,
    pub ballot_format: BallotFormat,
    pub deliberation: Deliberation,
    /// The creator's community and channel.
    pub server: ServerKey,
    pub channel: ChannelKey,
    pub by: Actor,
}

/// A league's entry code as a person typed it; read without its
/// separator and case, as invitation codes are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueCode(String);

impl LeagueCode {
    pub fn typed(text: &str) -> LeagueCode {
        LeagueCode(normalise_code(text))
    }

    /// As people read it: `ABCD-EFGH`.
    pub fn shown(&self) -> String {
        shown_code(&self.0)
    }
}

/// A community entering a league.
#[derive(Clone, Debug)]
pub struct JoinLeague {
    pub code: LeagueCode,
    pub server: ServerKey,
    /// The channel its games' threads open under.
    pub channel: ChannelKey,
    /// Whether `channel` can hold the league's games (threads open in
    /// it, and the bot may post boards and polls and open threads there):
    /// the adapter asks the platform and passes the answer.
    pub channel_usable: bool,
    pub by: Actor,
}

/// A league as its commands and the lobby show it.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueView {
    pub id: LeagueId,
    pub name: String,
    pub code: LeagueCode,
    pub kind: GameKind,
    pub format: LeagueFormat,
    pub games_per_pairing: GamesPerPairing,
    pub move_ms: Millis,
    pub start_at: Millis,
    pub status: LeagueStatus,
    pub entered: usize,
    pub public: bool,
}

/// One line of a league's table: the core's row and the community's
/// server and shown name.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingRow {
    pub row: Row,
    pub server: ServerKey,
    /// The community's name, when it has shown it.
    pub name: Option<String>,
}

/// A league's table.
#[derive(Clone, Debug, PartialEq)]
pub struct LeagueTable {
    pub league: LeagueView,
    pub rows: Vec<StandingRow>,
}

fn view(row: &LeagueRow) -> LeagueView {
    let league = &row.league;
    LeagueView {
        id: row.id,
        name: league.name.clone(),
        code: LeagueCode(league.code.clone()),
        kind: league.kind,
        format: league.format,
        games_per_pairing: games_per_pairing(league.pairing_games),
        move_ms: league.move_ms,
        start_at: league.start_at,
        status: row.status,
        entered: usize::from(row.entered),
        public: league.public,
    }
}

fn games_per_pairing(count: u8) -> GamesPerPairing {
    if count == 2 {
        GamesPerPairing::Two
    } else {
        GamesPerPairing::One
    }
}

/// The fewest entrants `format` starts with.
fn minimum(format: LeagueFormat) -> usize {
    match format {
        LeagueFormat::RoundRobin | LeagueFormat::DoubleRoundRobin => RoundRobin::MIN_ENTRANTS,
        // The bracket of four.
        LeagueFormat::Knockout => Bracket::MIN_ENTRANTS,
        // One full table.
        LeagueFormat::Tables => holotable_leagues::tables::MIN_ENTRANTS,
    }
}

impl Leagues<'_> {
    /// The league's table now: `holotable_leagues::standings` of its
    /// results, with each community's name. Before the start, every
    /// entrant on nothing, in the order of entry.
    ///
    /// # Errors
    /// Refused for an unknown league.
    pub async fn standings(self, league: LeagueId) -> Result<LeagueTable, ServiceError> {
        let row = self.read(league).await?;
        let entrants = self.0.store.league_entrants(league).await?;
        let (results, byes) = self.results(&row).await?;
        let table = standings(entrants.len(), &results, &byes)
            .map_err(|e| Failure::Inconsistent(format!("league {league}: {e}")))?;
        let numbered = by_number(&entrants)?;
        let mut rows = Vec::with_capacity(table.len());
        for line in table {
            let entrant = numbered.get(line.entrant.index()).ok_or_else(|| {
                Failure::Inconsistent(format!("league {league} has no entrant {}", line.entrant.0))
            })?;
            let name = self.shown_name(&entrant.server).await?;
            rows.push(StandingRow {
                row: line,
                server: entrant.server.clone(),
                name,
            });
        }
        Ok(LeagueTable {
            league: view(&row),
            rows,
        })
    }

    /// Public leagues still taking entries, of `kind` or of every game,
    /// the soonest to start first.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn lobby(self, kind: Option<GameKind>) -> Result<Vec<LeagueView>, ServiceError> {
        let rows = self.0.store.entering_leagues(kind, LOBBY_SIZE).await?;
        Ok(rows.iter().map(view).collect())
    }

    /// The league `league`, as its commands show it.
    ///
    /// # Errors
    /// Refused for an unknown league.
    pub async fn league(self, league: LeagueId) -> Result<LeagueView, ServiceError> {
        self.read(league).await.map(|row| view(&row))
    }

    async fn read(self, league: LeagueId) -> Result<LeagueRow, ServiceError> {
        Ok(self
            .0
            .store
            .league(league)
            .await?
            .ok_or(LeagueRefusal::UnknownLeague)?)
    }

    /// The name `server`'s community shows in leagues, if it shows one:
    /// a server that chose to stay unnamed is its entry number.
    async fn shown_name(self, server: &ServerKey) -> Result<Option<String>, ServiceError> {
        Ok(self
            .0
            .store
            .community_name(server.as_str())
            .await?
            .filter(|name| name.shown)
            .map(|name| name.name))
    }

    /// The league, when `by` created it.
    async fn creators(self, league: LeagueId, by: &Actor) -> Result<LeagueRow, ServiceError> {
        let row = self.read(league).await?;
        if row.league.created_by != by.id {
            return Err(LeagueRefusal::NotCreator.into());
        }
        Ok(row)
    }

    /// Every result of the league so far, and a four-army league's byes.
    async fn results(self, row: &LeagueRow) -> Result<(Vec<GameResult>, Vec<Bye>), ServiceError> {
        let games = self.0.store.league_games(row.id).await?;
        if row.league.format == LeagueFormat::Tables {
            let rounds = self.0.store.league_rounds(row.id).await?;
            return tables::table_results(&rounds, &games)
                .map_err(|e| Failure::Inconsistent(format!("league {}: {e}", row.id)).into());
        }
        let results = games
            .iter()
            .filter_map(|game| {
                Some(GameResult {
                    fixture: game.fixture()?,
                    finish: game.pair_finish()?,
                })
            })
            .collect();
        Ok((results, Vec::new()))
    }
}

/// The entrants indexed by entry number; before the start, in the order
/// of entry (the numbers they will get).
fn by_number(entrants: &[EntrantRow]) -> Result<Vec<&EntrantRow>, ServiceError> {
    let mut numbered: Vec<&EntrantRow> = entrants.iter().collect();
    if numbered.iter().all(|e| e.entrant.is_some()) {
        numbered.sort_by_key(|e| e.entrant);
        for (i, e) in numbered.iter().enumerate() {
            if e.entrant.map(Entrant::index) != Some(i) {
                return Err(Failure::Inconsistent(format!(
                    "entry numbers are not 0 to {}",
                    numbered.len()
                ))
                .into());
            }
        }
    } else {
        numbered.sort_by(|a, b| {
            (a.joined_at, a.server.as_str()).cmp(&(b.joined_at, b.server.as_str()))
        });
    }
    Ok(numbered)
}
