//! Leagues between communities (`docs/leagues.md`): a manager creates a
//! league, communities enter it by its code or from the lobby, and the
//! scheduler ([`Leagues::run_due`]) starts it, plays its rounds as
//! community games in threads, and ends it with its table.
//!
//! This file is the door's entry half (create, join, leave, remove, close,
//! start, cancel) and its reads (standings, lobby); `run.rs` is the
//! scheduler's half (the start, the rounds, the end) and the threads.
//! Pairings, the table and the schedule are `holotable_leagues`'; the
//! promises that must hold across processes are the store's SQL.

pub(crate) mod refusals;
mod run;
#[cfg(test)]
mod tests;

use crate::games::RETRIES;
use crate::versus::{draw_code, normalise_code, shown_code};
use crate::{Actor, Announcement, Failure, LeagueRefusal, Refusal, ServiceError};
use holotable_games::{AnyGame, GameKind, RulesJson};
use holotable_leagues::pairing::{GamesPerPairing, RoundRobin};
use holotable_leagues::standings::{Row, standings};
use holotable_leagues::{Colour, Entrant, Finish, GameResult, MAX_ENTRANTS};
use holotable_store::{
    BallotChange, BallotFormat, BallotStatus, ChannelKey, Deliberation, EntrantRow, GameId,
    GameStatus, Joined, LeagueFormat, LeagueId, LeagueRow, LeagueStatus, Millis, NewLeague,
    ServerKey, StoreError, Transition,
};

pub use run::DueReport;

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
    /// Whether the bot may post and open threads in `channel`: the
    /// adapter asks the platform and passes the answer.
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
        // The bracket of four; four armies a table.
        LeagueFormat::Knockout | LeagueFormat::Tables => 4,
    }
}

impl Leagues<'_> {
    /// Creates a league taking entries until `spec.start_at`; returns it
    /// with its code.
    ///
    /// # Errors
    /// Refused without the right to manage; for a name empty or over
    /// [`MAX_NAME_CHARS`]; a move time outside [`MIN_MOVE_MS`] to
    /// [`MAX_MOVE_MS`]; a start in the past or over [`MAX_START_DAYS`]
    /// ahead; rules that set up no game; a format the game cannot play,
    /// or one not ready yet. Nothing is written on a refusal.
    pub async fn create(self, spec: LeagueSpec) -> Result<LeagueView, ServiceError> {
        if !spec.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "create-league",
            }
            .into());
        }
        let name = spec.name.trim().to_string();
        let chars = name.chars().count();
        if chars == 0 || chars > MAX_NAME_CHARS {
            return Err(LeagueRefusal::Name {
                most: MAX_NAME_CHARS,
            }
            .into());
        }
        if !(MIN_MOVE_MS..=MAX_MOVE_MS).contains(&spec.move_ms) {
            return Err(LeagueRefusal::MoveTime.into());
        }
        let now = self.0.now();
        let latest = now + Millis::from(MAX_START_DAYS) * DAY_MS;
        if spec.start_at < now || spec.start_at > latest {
            return Err(LeagueRefusal::StartTime {
                days: MAX_START_DAYS,
            }
            .into());
        }
        let (deliberation, ballot_format) =
            crate::games::check_deliberation(spec.deliberation, spec.ballot_format)?;
        let seed: u64 = rand::random();
        let game = AnyGame::new_game(spec.kind, &spec.rules, &mut crate::seeds::seeded_rng(seed))
            .map_err(|e| Refusal::BadRules {
            detail: e.to_string(),
        })?;
        match spec.format {
            LeagueFormat::RoundRobin | LeagueFormat::DoubleRoundRobin => {
                if game.seat_count() != 2 {
                    return Err(LeagueRefusal::FormatForGame.into());
                }
            }
            // The scheduler runs round robins only so far; a knockout's
            // brackets and deciding games and four-army tables come next.
            LeagueFormat::Knockout | LeagueFormat::Tables => {
                return Err(LeagueRefusal::FormatNotReady.into());
            }
        }
        let mut new = NewLeague {
            name,
            code: String::new(),
            kind: spec.kind,
            rules: game.rules_json(),
            format: spec.format,
            pairing_games: spec.games_per_pairing.count() as u8,
            move_ms: spec.move_ms,
            round_moves: ROUND_MOVES,
            ballot_format,
            deliberation,
            public: spec.public,
            seed,
            server: spec.server,
            channel: spec.channel,
            created_by: spec.by.id.clone(),
            start_at: spec.start_at,
            created_at: now,
        };
        // A clash among 6.6 × 10^11 codes is rare; a few draws settle it.
        for _ in 0..8 {
            new.code = draw_code();
            if let Some(id) = self.0.store.insert_league(&new).await? {
                tracing::info!(league = id.0, kind = %new.kind, format = new.format.as_str(), "league created");
                self.0.deadlines_changed.notify_one();
                return self.read(id).await.map(|row| view(&row));
            }
        }
        Err(Failure::Inconsistent("no free league code".into()).into())
    }

    /// Enters `request.server`'s community in the league of
    /// `request.code`, playing under `request.channel`.
    ///
    /// # Errors
    /// Refused without the right to manage; for a channel the bot cannot
    /// use; an unknown code; a league no longer entering or already full;
    /// a community already in (whichever process entered it). Nothing
    /// changes on a refusal.
    pub async fn join(self, request: JoinLeague) -> Result<LeagueView, ServiceError> {
        if !request.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "join-league",
            }
            .into());
        }
        if !request.channel_usable {
            return Err(LeagueRefusal::ChannelUnusable.into());
        }
        let row = self
            .0
            .store
            .league_by_code(&request.code.0)
            .await?
            .ok_or_else(|| LeagueRefusal::UnknownCode {
                code: request.code.shown(),
            })?;
        let joined = self
            .0
            .store
            .join_league(
                row.id,
                &request.server,
                &request.channel,
                &request.by.id,
                self.0.now(),
            )
            .await?;
        match joined {
            Joined::Entered => {
                tracing::info!(
                    league = row.id.0,
                    server = request.server.as_str(),
                    "community entered a league"
                );
                self.read(row.id).await.map(|row| view(&row))
            }
            Joined::NotEntering => Err(LeagueRefusal::EntriesClosed.into()),
            Joined::Full => Err(LeagueRefusal::Full { most: MAX_ENTRANTS }.into()),
            Joined::AlreadyIn => Err(LeagueRefusal::AlreadyEntered.into()),
        }
    }

    /// Takes `server`'s community out of `league`. Before the start it
    /// is simply no longer entered; after, it forfeits every game it has
    /// not finished, and its live games end with its side out.
    ///
    /// # Errors
    /// Refused without the right to manage, for an unknown league, a
    /// community not in it (or gone already), or a league that is over.
    pub async fn leave(
        self,
        league: LeagueId,
        server: &ServerKey,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "leave-league",
            }
            .into());
        }
        let row = self.read(league).await?;
        if row.status.is_over() {
            return Err(LeagueRefusal::Over.into());
        }
        if row.status.before_start() {
            if self.0.store.withdraw_entrant(league, server).await? {
                return Ok(());
            }
            // Started meanwhile, or never in: read again to say which.
            let again = self.read(league).await?;
            if again.status.before_start() {
                return Err(LeagueRefusal::NotEntered.into());
            }
        }
        self.leave_running(league, server).await
    }

    /// The creator takes `server`'s community out before the start.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, a league
    /// that has started, or a community not in it.
    pub async fn remove(
        self,
        league: LeagueId,
        server: &ServerKey,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        let row = self.creators(league, by).await?;
        if !row.status.before_start() {
            return Err(LeagueRefusal::Started.into());
        }
        if self.0.store.withdraw_entrant(league, server).await? {
            return Ok(());
        }
        let again = self.read(league).await?;
        Err(if again.status.before_start() {
            LeagueRefusal::NotEntered
        } else {
            LeagueRefusal::Started
        }
        .into())
    }

    /// The creator stops entries; the league starts at its start time.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, a league no
    /// longer entering, or fewer communities than its format needs.
    pub async fn close_entries(self, league: LeagueId, by: &Actor) -> Result<(), ServiceError> {
        let row = self.creators(league, by).await?;
        self.enough(&row)?;
        let moved = self
            .0
            .store
            .move_league(
                league,
                &[LeagueStatus::Entering],
                LeagueStatus::Closed,
                Some(row.league.start_at),
                self.0.now(),
            )
            .await?;
        if moved {
            Ok(())
        } else {
            Err(LeagueRefusal::EntriesClosed.into())
        }
    }

    /// The creator starts the league now instead of at its start time:
    /// its pairings and first round, as the scheduler would.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, a league
    /// that has started or ended, or fewer communities than its format
    /// needs.
    pub async fn start_now(self, league: LeagueId, by: &Actor) -> Result<(), ServiceError> {
        let row = self.creators(league, by).await?;
        if !row.status.before_start() {
            return Err(if row.status.is_over() {
                LeagueRefusal::Over
            } else {
                LeagueRefusal::Started
            }
            .into());
        }
        self.enough(&row)?;
        if self.start(&row, self.0.now()).await? {
            Ok(())
        } else {
            Err(LeagueRefusal::Started.into())
        }
    }

    /// The creator cancels the league: no more rounds, and its live
    /// games stopped without a result or a rating.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, or a league
    /// already over.
    pub async fn cancel(self, league: LeagueId, by: &Actor) -> Result<(), ServiceError> {
        let row = self.creators(league, by).await?;
        let now = self.0.now();
        let cancelled = self
            .0
            .store
            .move_league(
                league,
                &[
                    LeagueStatus::Entering,
                    LeagueStatus::Closed,
                    LeagueStatus::Running,
                ],
                LeagueStatus::Cancelled,
                None,
                now,
            )
            .await?;
        if !cancelled {
            return Err(LeagueRefusal::Over.into());
        }
        for game in self.0.store.league_games(row.id).await? {
            if let (Some(id), None) = (game.game, game.finish) {
                self.stop_game(id, by).await?;
            }
        }
        tracing::info!(league = league.0, "league cancelled");
        Ok(())
    }

    /// The league's table now: `holotable_leagues::standings` of its
    /// results, with each community's name. Before the start, every
    /// entrant on nothing, in the order of entry.
    ///
    /// # Errors
    /// Refused for an unknown league.
    pub async fn standings(self, league: LeagueId) -> Result<LeagueTable, ServiceError> {
        let row = self.read(league).await?;
        let entrants = self.0.store.league_entrants(league).await?;
        let results = self.results(league).await?;
        let table = standings(entrants.len(), &results, &[])
            .map_err(|e| Failure::Inconsistent(format!("league {league}: {e}")))?;
        let numbered = by_number(&entrants)?;
        let mut rows = Vec::with_capacity(table.len());
        for line in table {
            let entrant = numbered.get(line.entrant.index()).ok_or_else(|| {
                Failure::Inconsistent(format!("league {league} has no entrant {}", line.entrant.0))
            })?;
            let name = self
                .0
                .store
                .community_name(entrant.server.as_str())
                .await?
                .filter(|name| name.shown)
                .map(|name| name.name);
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

    /// The league, when `by` created it.
    async fn creators(self, league: LeagueId, by: &Actor) -> Result<LeagueRow, ServiceError> {
        let row = self.read(league).await?;
        if row.league.created_by != by.id {
            return Err(LeagueRefusal::NotCreator.into());
        }
        Ok(row)
    }

    fn enough(self, row: &LeagueRow) -> Result<(), ServiceError> {
        let needed = minimum(row.league.format);
        let got = usize::from(row.entered);
        if got < needed {
            return Err(LeagueRefusal::TooFew { needed, got }.into());
        }
        Ok(())
    }

    /// Every result of the league so far.
    async fn results(self, league: LeagueId) -> Result<Vec<GameResult>, ServiceError> {
        Ok(self
            .0
            .store
            .league_games(league)
            .await?
            .into_iter()
            .filter_map(|game| {
                game.finish.map(|finish| GameResult {
                    fixture: game.fixture,
                    finish,
                })
            })
            .collect())
    }

    /// A community leaves a running league: its unfinished games
    /// forfeited and its live games ended with its side out, in one write.
    async fn leave_running(self, league: LeagueId, server: &ServerKey) -> Result<(), ServiceError> {
        let entrants = self.0.store.league_entrants(league).await?;
        let Some(entrant) = entrants
            .iter()
            .find(|e| &e.server == server && e.left_at.is_none())
            .and_then(|e| e.entrant)
        else {
            return Err(LeagueRefusal::NotEntered.into());
        };
        for _ in 0..RETRIES {
            let games = self.0.store.league_games(league).await?;
            let mut forfeits = Vec::new();
            let mut endings = Vec::new();
            for game in games.iter().filter(|g| g.finish.is_none()) {
                let Some(colour) = game.fixture.colour_of(entrant) else {
                    continue;
                };
                forfeits.push((game.key, Finish::Forfeited { by: colour }));
                if let Some(id) = game.game
                    && let Some(ending) = self.leaving(id, server).await?
                {
                    endings.push((id, ending));
                }
            }
            let now = self.0.now();
            match self
                .0
                .store
                .leave_league(league, server, &forfeits, &endings, now)
                .await
            {
                Ok(true) => {
                    for (id, _) in &endings {
                        self.0.forget_game_sides(*id).await?;
                    }
                    self.0.deadlines_changed.notify_one();
                    tracing::info!(
                        league = league.0,
                        server = server.as_str(),
                        "community left a league"
                    );
                    return Ok(());
                }
                Ok(false) => return Err(LeagueRefusal::NotEntered.into()),
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("league {league} kept changing while leaving")).into())
    }

    /// The write that takes `server`'s side out of live game `id`, if it
    /// is still live.
    async fn leaving(
        self,
        id: GameId,
        server: &ServerKey,
    ) -> Result<Option<Transition>, ServiceError> {
        let Some(game) = self.0.store.game(id).await? else {
            return Ok(None);
        };
        if !game.status.is_live() {
            return Ok(None);
        }
        let position = crate::games::load(&game)?;
        let sides = self.0.sides_of(id, &position).await?;
        let Some(leaver) = sides
            .0
            .iter()
            .find(|s| s.side.server.as_deref() == Some(server.as_str()))
            .map(|s| s.side.clone())
        else {
            return Ok(None);
        };
        let open = self
            .0
            .store
            .current_ballot(id)
            .await?
            .filter(|b| b.status == BallotStatus::Open)
            .map(|b| (b.id.ply, b.seat));
        let change = self
            .0
            .side_leaves(
                &game,
                position,
                &sides,
                &leaver,
                crate::games::Leaving::Resigned,
                open,
            )
            .await?;
        Ok(Some(change))
    }

    /// Stops live game `id` of a cancelled league, without a result.
    async fn stop_game(self, id: GameId, by: &Actor) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let Some(game) = self.0.store.game(id).await? else {
                return Ok(());
            };
            if !game.status.is_live() {
                return Ok(());
            }
            let ballot = self.0.store.current_ballot(id).await?;
            let change = Transition {
                expected_version: game.version,
                status: Some(GameStatus::Stopped),
                ballot: ballot
                    .filter(|b| b.status == BallotStatus::Open)
                    .map(|b| BallotChange::Abandon { ply: b.id.ply }),
                announce: vec![
                    Announcement::GameStopped {
                        by: by.name.clone(),
                    }
                    .to_outbox(),
                ],
                at: self.0.now(),
                ..Transition::default()
            };
            match self.0.store.apply(id, &change).await {
                Ok(()) => {
                    self.0.forget_game_sides(id).await?;
                    return Ok(());
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("game {id} kept changing while stopping")).into())
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

/// Which side of a league game `colour` is, as seat numbers.
fn seat_of(colour: Colour) -> u8 {
    match colour {
        Colour::First => 0,
        Colour::Second => 1,
    }
}
