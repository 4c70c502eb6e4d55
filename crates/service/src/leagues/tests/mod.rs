//! The leagues door on both backends, with a hand-moved clock. This file
//! is what the tests share: a fresh database per backend, a service on it,
//! and the communities, specs and steps the tests repeat; `entries.rs`
//! tests the door before the start (bad input, the lobby, joins, removals,
//! closing, starting, cancelling), `season.rs` the season (a double round
//! robin to its champion, a community that leaves, threads, races),
//! `knockout.rs` a knockout with byes and a deciding game, `tables.rs` a
//! four-army season scored by places, `scheduler.rs` the scheduler's
//! loop running leagues and backing off a failing one, `voters.rs` who may
//! vote in community games, a league's among them.
//!
//! Each test runs on a SQLite file of its own and on a schema of its own
//! in the PostgreSQL database `HOLOTABLE_TEST_POSTGRES` names (skipped,
//! said once, without it; a failure under `CI=true`).

use super::*;
use crate::deliveries::News;
use crate::{Clock as _, ManualClock, NewsKind, Opponent, Refusal, Service, Settings};
use holotable_games::{AnyGame, sort_naturally};
use holotable_leagues::Round;
use holotable_store::{GameId, GameStatus, Pool, QueuedAnnouncement, Store};
use sqlx::Connection as _;
use std::sync::Arc;

const START: Millis = 1_700_000_000_000;
const MOVE_MS: Millis = HOUR_MS;

/// Plays and ranks moves in natural order; a league game has no engine
/// seat, so only the ballots' featured moves come from here.
struct FirstMove;

impl Opponent for FirstMove {
    fn knows_level(&self, level: &str) -> bool {
        level == "normal"
    }

    fn choose(&self, game: &AnyGame, _level: &str, _seed: u64) -> String {
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.remove(0)
    }

    fn rank(&self, game: &AnyGame, k: usize, _seed: u64) -> Vec<String> {
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.truncate(k);
        legal
    }
}

#[derive(Clone, Copy, Debug)]
enum Backend {
    Sqlite,
    Postgres,
}

/// A fresh database: a SQLite file in a folder of its own, or a schema
/// of its own in PostgreSQL, dropped at the end.
struct Database {
    url: String,
    _dir: Option<tempfile::TempDir>,
    schema: Option<(String, String)>,
}

impl Database {
    async fn fresh(backend: Backend, name: &str) -> Option<Database> {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let url = format!("sqlite://{}", dir.path().join("test.db").display());
                Some(Database {
                    url,
                    _dir: Some(dir),
                    schema: None,
                })
            }
            Backend::Postgres => {
                let Ok(admin) = std::env::var("HOLOTABLE_TEST_POSTGRES") else {
                    assert!(
                        std::env::var("CI").is_err(),
                        "HOLOTABLE_TEST_POSTGRES must be set under CI"
                    );
                    eprintln!("skipped: HOLOTABLE_TEST_POSTGRES is not set");
                    return None;
                };
                let schema = format!("leagues_{name}_{}", std::process::id());
                let mut connection = sqlx::PgConnection::connect(&admin).await.unwrap();
                sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
                    "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
                )))
                .execute(&mut connection)
                .await
                .unwrap();
                let separator = if admin.contains('?') { '&' } else { '?' };
                let url = format!("{admin}{separator}options=-csearch_path%3D{schema}");
                Some(Database {
                    url,
                    _dir: None,
                    schema: Some((admin, schema)),
                })
            }
        }
    }

    async fn drop(self) {
        if let Some((admin, schema)) = &self.schema {
            let mut connection = sqlx::PgConnection::connect(admin).await.unwrap();
            sqlx::raw_sql(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
                .execute(&mut connection)
                .await
                .unwrap();
        }
    }
}

/// One process: its store and service on the test's database.
async fn open(url: &str, clock: &ManualClock) -> (Store, Service) {
    open_on(url, Arc::new(clock.clone())).await
}

/// A clock that moves a millisecond each time it is read, as a real one
/// moves between two reads: what a step reads twice differs.
struct Ticking(ManualClock);

impl crate::Clock for Ticking {
    fn now(&self) -> Millis {
        self.0.advance(1);
        self.0.now()
    }
}

/// One process whose clock ticks on each read (`Ticking`), moved by hand
/// as well through `clock`.
async fn open_ticking(url: &str, clock: &ManualClock) -> (Store, Service) {
    open_on(url, Arc::new(Ticking(clock.clone()))).await
}

async fn open_on(url: &str, clock: Arc<dyn crate::Clock>) -> (Store, Service) {
    let store = Store::open(url).await.expect("the database opens");
    let settings = Settings {
        // A side that lets a ballot pass without a vote is out at once, so
        // a test decides each game in two ballots.
        max_extensions: 0,
        ..Settings::default()
    };
    let service = Service::new(store.clone(), clock, Arc::new(FirstMove), settings);
    (store, service)
}

/// Runs `$body` (an async fn of a backend) as a SQLite and a PostgreSQL
/// test, so a failure names its backend.
macro_rules! on_both {
    ($name:ident, $body:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$body(super::Backend::Sqlite, stringify!($name)).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$body(super::Backend::Postgres, stringify!($name)).await;
            }
        }
    };
}

mod entries;
mod finding;
mod knockout;
mod news;
mod scheduler;
mod season;
mod tables;
mod voters;

fn manager(id: &str) -> Actor {
    Actor {
        id: id.into(),
        name: format!("manager {id}"),
        can_manage: true,
    }
}

fn server(n: usize) -> ServerKey {
    ServerKey(format!("discord-server:{n}"))
}

fn channel(n: usize) -> ChannelKey {
    ChannelKey(format!("discord:{n}00"))
}

fn spec(start_at: Millis) -> LeagueSpec {
    LeagueSpec {
        name: "Outer Rim Cup".into(),
        kind: GameKind::SpaceCheckers,
        rules: serde_json::json!({}),
        format: LeagueFormat::DoubleRoundRobin,
        games_per_pairing: GamesPerPairing::One,
        move_ms: MOVE_MS,
        start_at,
        public: true,
        ballot_format: BallotFormat::Auto,
        deliberation: Deliberation::default(),
        server: server(0),
        channel: channel(0),
        by: manager("creator"),
    }
}

fn join(code: &LeagueCode, n: usize) -> JoinLeague {
    JoinLeague {
        code: LeagueCode::typed(&code.shown()),
        server: server(n),
        channel: channel(n),
        channel_usable: true,
        by: manager(&format!("m{n}")),
    }
}

fn refused<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> LeagueRefusal {
    match result {
        Err(ServiceError::Refused(Refusal::League(refusal))) => refusal,
        other => panic!("expected a league's refusal, got {other:?}"),
    }
}

/// Opens every side's thread of the round's games, as the adapter
/// reports them (`thread_of`).
async fn open_threads(store: &Store, leagues: Leagues<'_>, league: LeagueId, round: Round) {
    for game in store.league_games(league).await.unwrap() {
        let Some(id) = game.game.filter(|_| game.key.round == round) else {
            continue;
        };
        for (parent, _, thread) in store.league_threads(id).await.unwrap() {
            assert_eq!(thread, None, "a new game's threads are not open yet");
            let thread = thread_of(&parent, id);
            assert!(leagues.thread_opened(id, &parent, &thread).await.unwrap());
        }
    }
}

/// Opens every thread not yet open, of every game of the league (a
/// knockout's deciding game joins a round whose threads are open).
async fn open_new_threads(store: &Store, leagues: Leagues<'_>, league: LeagueId) {
    for game in store.league_games(league).await.unwrap() {
        let Some(id) = game.game else {
            continue;
        };
        for (parent, _, thread) in store.league_threads(id).await.unwrap() {
            if thread.is_none() {
                let thread = thread_of(&parent, id);
                assert!(leagues.thread_opened(id, &parent, &thread).await.unwrap());
            }
        }
    }
}

/// The league's games of round `round`, in board and leg order.
async fn round_games(
    store: &Store,
    league: LeagueId,
    round: Round,
) -> Vec<holotable_store::LeagueGameRow> {
    store
        .league_games(league)
        .await
        .unwrap()
        .into_iter()
        .filter(|g| g.key.round == round)
        .collect()
}

/// The side voting for `seat` of `game` votes `notation`, in its thread,
/// by a member of that side's community (one member votes for one side
/// of a game only).
async fn vote(
    service: &Service,
    store: &Store,
    clock: &ManualClock,
    game: GameId,
    seat: u8,
    notation: &str,
) {
    let thread = side_channel(store, game, seat).await;
    assert!(thread.contains("/t"), "{thread} is a thread");
    service
        .votes()
        .cast(&thread, &format!("voter-{seat}"), notation, clock.now())
        .await
        .unwrap();
}

/// The open ballot of `game`.
async fn open_ballot(store: &Store, game: GameId) -> holotable_store::BallotState {
    store
        .current_ballot(game)
        .await
        .unwrap()
        .filter(|b| b.status == holotable_store::BallotStatus::Open)
        .expect("an open ballot")
}

/// The thread the test's adapter opens for `parent`'s side of `game`.
fn thread_of(parent: &ChannelKey, game: GameId) -> ChannelKey {
    ChannelKey(format!("{}/t{}", parent.as_str(), game.0))
}

/// The channel that votes for `seat` of `game` now: its thread once
/// reported, its placeholder before.
async fn side_channel(store: &Store, game: GameId, seat: u8) -> String {
    store
        .sides(game)
        .await
        .unwrap()
        .into_iter()
        .find(|side| side.seats.contains(&seat))
        .expect("every seat has a side")
        .channel
}

/// Lets every open ballot pass its deadline twice: with no extensions a
/// side that has not voted is out of time, so every game whose first
/// side voted once, or not at all, ends.
async fn let_ballots_pass(service: &Service, clock: &ManualClock) {
    for _ in 0..2 {
        clock.advance(MOVE_MS + 1);
        service.turns().close_due().await.unwrap();
    }
}

/// Creates a league of `spec` and enters communities 1 to `count`, a
/// millisecond apart so their entry order is theirs.
async fn entered(
    service: &Service,
    clock: &ManualClock,
    spec: LeagueSpec,
    count: usize,
) -> LeagueView {
    let leagues = service.leagues();
    let league = leagues.create(spec).await.unwrap();
    for n in 1..=count {
        clock.advance(1);
        leagues.join(join(&league.code, n)).await.unwrap();
    }
    league
}

/// Every game row of the database: a round's games written twice would
/// show here even if the league's own rows did not.
async fn games_in_database(store: &Store) -> i64 {
    let sql = "SELECT COUNT(*) FROM games";
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
        Pool::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
    }
}

/// Runs `sql` on the test's database as it is, behind the store's back:
/// what a bug elsewhere could leave.
async fn tamper(store: &Store, sql: &str) {
    let sql = sqlx::AssertSqlSafe(sql.to_string());
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::raw_sql(sql).execute(pool).await.map(drop),
        Pool::Postgres(pool) => sqlx::raw_sql(sql).execute(pool).await.map(drop),
    }
    .unwrap();
}

/// Every league news queued in `channel`, decoded, with its row.
async fn league_news(store: &Store, channel: &ChannelKey) -> Vec<(QueuedAnnouncement, LeagueNews)> {
    store
        .outbox()
        .pending_in_channel(channel.as_str(), i64::MAX, 1000)
        .await
        .unwrap()
        .into_iter()
        .filter_map(|row| match News::decode(&row.kind, &row.payload).unwrap() {
            News::League(news) => Some((row, news)),
            _ => None,
        })
        .collect()
}

/// How many of `channel`'s league news are of `kind`.
async fn count(store: &Store, channel: &ChannelKey, kind: NewsKind) -> usize {
    league_news(store, channel)
        .await
        .iter()
        .filter(|(_, news)| news.kind() == kind)
        .count()
}
