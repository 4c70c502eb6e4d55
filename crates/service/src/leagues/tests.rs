//! The leagues door on both backends, with a hand-moved clock: bad input
//! refused with nothing changed, a four-community double round robin
//! played from entry to champion through the door and the games' own
//! ballots, and a round started once when two services race.
//!
//! Each test runs on a SQLite file of its own and on a schema of its own
//! in the PostgreSQL database `HOLOTABLE_TEST_POSTGRES` names (skipped,
//! said once, without it; a failure under `CI=true`).

use super::*;
use crate::{ManualClock, Opponent, Service, Settings};
use holotable_games::sort_naturally;
use holotable_leagues::pairing::Cycles;
use holotable_leagues::standings::standings as expected_table;
use holotable_leagues::{Fixture, Outcome, Round};
use holotable_store::Store;
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
    let store = Store::open(url).await.expect("the database opens");
    let settings = Settings {
        // A side that lets a ballot pass without a vote is out at once, so
        // a test decides each game in two ballots.
        max_extensions: 0,
        ..Settings::default()
    };
    let service = Service::new(
        store.clone(),
        Arc::new(clock.clone()),
        Arc::new(FirstMove),
        settings,
    );
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

/// Bad input is refused, and nothing changes: a minute's move time, a
/// start in the past, one community, a community entered twice, the
/// 65th entrant.
async fn refusals(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();

    let minute = LeagueSpec {
        move_ms: 60_000,
        ..spec(START + DAY_MS)
    };
    assert_eq!(
        refused(leagues.create(minute).await),
        LeagueRefusal::MoveTime
    );
    assert_eq!(
        refused(leagues.create(spec(START - 1)).await),
        LeagueRefusal::StartTime { days: 30 }
    );
    assert!(
        leagues.lobby(None).await.unwrap().is_empty(),
        "nothing was created"
    );
    assert!(store.due_leagues(Millis::MAX).await.unwrap().is_empty());

    let league = leagues.create(spec(START + DAY_MS)).await.unwrap();
    leagues.join(join(&league.code, 1)).await.unwrap();
    let creator = manager("creator");
    assert_eq!(
        refused(leagues.start_now(league.id, &creator).await),
        LeagueRefusal::TooFew { needed: 2, got: 1 }
    );
    assert_eq!(
        refused(leagues.close_entries(league.id, &creator).await),
        LeagueRefusal::TooFew { needed: 2, got: 1 }
    );
    assert_eq!(
        refused(leagues.start_now(league.id, &manager("m1")).await),
        LeagueRefusal::NotCreator
    );
    let again = JoinLeague {
        channel: channel(9),
        ..join(&league.code, 1)
    };
    assert_eq!(
        refused(leagues.join(again).await),
        LeagueRefusal::AlreadyEntered
    );
    let unknown = JoinLeague {
        code: LeagueCode::typed("ZZZZ-ZZZZ"),
        ..join(&league.code, 2)
    };
    assert!(matches!(
        refused(leagues.join(unknown).await),
        LeagueRefusal::UnknownCode { .. }
    ));
    let view = leagues.league(league.id).await.unwrap();
    assert_eq!((view.status, view.entered), (LeagueStatus::Entering, 1));
    assert_eq!(store.league_entrants(league.id).await.unwrap().len(), 1);
    assert!(store.league_rounds(league.id).await.unwrap().is_empty());

    for n in 2..=64 {
        leagues.join(join(&league.code, n)).await.unwrap();
    }
    assert_eq!(
        refused(leagues.join(join(&league.code, 65)).await),
        LeagueRefusal::Full { most: 64 }
    );
    assert_eq!(leagues.league(league.id).await.unwrap().entered, 64);
    assert_eq!(store.league_entrants(league.id).await.unwrap().len(), 64);

    // Alone at its start, a league is cancelled, and says so.
    let lonely = leagues.create(spec(START + HOUR_MS)).await.unwrap();
    leagues.join(join(&lonely.code, 1)).await.unwrap();
    clock.set(START + HOUR_MS);
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.cancelled, [lonely.id]);
    assert_eq!(
        refused(leagues.join(join(&lonely.code, 2)).await),
        LeagueRefusal::EntriesClosed
    );
    service.close().await;
    db.drop().await;
}
on_both!(bad_input_is_refused_and_changes_nothing, refusals);

use crate::Clock as _;

/// Opens every side's thread of the round's games, as the adapter
/// reports them: `<parent>/t<game>`.
async fn open_threads(store: &Store, leagues: Leagues<'_>, league: LeagueId, round: Round) {
    for game in store.league_games(league).await.unwrap() {
        if game.key.round != round {
            continue;
        }
        let id = game.game.expect("nobody left");
        for (parent, _, thread) in store.league_threads(id).await.unwrap() {
            assert_eq!(thread, None, "a new game's threads are not open yet");
            let thread = ChannelKey(format!("{}/t{}", parent.as_str(), id.0));
            assert!(leagues.thread_opened(id, &parent, &thread).await.unwrap());
            assert!(
                !leagues.thread_opened(id, &parent, &thread).await.unwrap(),
                "a repeat is a no-op"
            );
        }
    }
}

/// Who wins game `index` of the season, as the test decides it: a mix,
/// so the table needs its tie-breaks.
fn winner(index: usize) -> Colour {
    if index % 3 == 1 {
        Colour::Second
    } else {
        Colour::First
    }
}

/// A four-community double round robin from entry to champion, played
/// through the door and the games' ballots on a hand-moved clock; the
/// table after each round is `holotable_leagues::standings` of the
/// results the test decided.
async fn season(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = leagues.create(spec(START + DAY_MS)).await.unwrap();
    for n in 1..=4 {
        clock.advance(1);
        leagues.join(join(&league.code, n)).await.unwrap();
    }
    clock.set(START + DAY_MS);
    assert_eq!(
        leagues.run_due(clock.now()).await.unwrap().started,
        [league.id]
    );

    let schedule = RoundRobin::new(4, Cycles::Double).unwrap();
    let mut results: Vec<GameResult> = Vec::new();
    let mut played = 0;
    for pairings in schedule.rounds() {
        let round = pairings.round;
        open_threads(&store, leagues, league.id, round).await;
        let games: Vec<_> = store
            .league_games(league.id)
            .await
            .unwrap()
            .into_iter()
            .filter(|g| g.key.round == round)
            .collect();
        let fixtures: Vec<Fixture> = games.iter().map(|g| g.fixture).collect();
        assert_eq!(fixtures, pairings.pairings, "round {round} is Berger's");
        // The first side votes in its thread where it is to win; where it
        // is to lose it lets its ballot pass and is out of time.
        let mut decided = Vec::new();
        for game in &games {
            let id = game.game.unwrap();
            let colour = winner(played);
            played += 1;
            if colour == Colour::First {
                // The sides in seat order: the first entrant's thread first.
                let thread = store.sides(id).await.unwrap().remove(0).channel;
                assert!(thread.contains("/t"), "{thread} is a thread");
                let view = service.games().status(&thread).await.unwrap();
                let ballot = view.ballot.expect("the first ballot is open");
                assert_eq!(ballot.seat, 0);
                service
                    .votes()
                    .cast(&thread, "voter", &ballot.legal[0], clock.now())
                    .await
                    .unwrap();
            }
            decided.push(GameResult {
                fixture: game.fixture,
                finish: Finish::Played(Outcome::won_by(colour)),
            });
        }
        for _ in 0..2 {
            clock.advance(MOVE_MS + 1);
            service.games().close_due_ballots().await.unwrap();
        }
        for game in &games {
            let state = store.game(game.game.unwrap()).await.unwrap().unwrap();
            assert_eq!(state.status, GameStatus::Finished, "round {round}");
        }
        results.extend(decided);
        let report = leagues.run_due(clock.now()).await.unwrap();
        let table = leagues.standings(league.id).await.unwrap();
        let expected = expected_table(4, &results, &[]).unwrap();
        let rows: Vec<Row> = table.rows.iter().map(|r| r.row.clone()).collect();
        assert_eq!(rows, expected, "the table after round {round}");
        if usize::from(round.0) < schedule.rounds().len() {
            assert_eq!(report.rounds, [(league.id, Round(round.0 + 1))]);
        } else {
            assert_eq!(report.finished, [league.id]);
        }
    }
    let table = leagues.standings(league.id).await.unwrap();
    assert_eq!(table.league.status, LeagueStatus::Finished);
    let champion = &table.rows[0];
    assert_eq!(
        champion.row.entrant,
        expected_table(4, &results, &[]).unwrap()[0].entrant
    );
    assert_eq!(champion.server, server(champion.row.entrant.index() + 1));
    assert_eq!(results.len(), 12, "six rounds of two games");
    assert!(leagues.run_due(Millis::MAX).await.unwrap() == DueReport::default());
    service.close().await;
    db.drop().await;
}
on_both!(a_double_round_robin_is_played_to_its_champion, season);

/// Two services on one database run the same due step at once: the
/// league starts once, and its next round starts once.
async fn race(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, one) = open(&db.url, &clock).await;
    let (_, two) = open(&db.url, &clock).await;
    let league = one.leagues().create(spec(START + DAY_MS)).await.unwrap();
    for n in 1..=4 {
        clock.advance(1);
        two.leagues().join(join(&league.code, n)).await.unwrap();
    }
    clock.set(START + DAY_MS);
    let now = clock.now();
    let (a, b) = tokio::join!(one.leagues().run_due(now), two.leagues().run_due(now));
    let started = a.unwrap().started.len() + b.unwrap().started.len();
    assert_eq!(started, 1, "the league started once");
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 1);
    assert_eq!(store.league_games(league.id).await.unwrap().len(), 2);

    // Round 1 passes its deadline with its games still playing: the next
    // round starts once, and round 1's games play on.
    clock.advance(MOVE_MS * Millis::from(ROUND_MOVES));
    let now = clock.now();
    let (a, b) = tokio::join!(one.leagues().run_due(now), two.leagues().run_due(now));
    let rounds = a.unwrap().rounds.len() + b.unwrap().rounds.len();
    assert_eq!(rounds, 1, "round 2 started once");
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 2);
    let games = store.league_games(league.id).await.unwrap();
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g.finish.is_none()));
    one.close().await;
    two.close().await;
    db.drop().await;
}
on_both!(a_round_starts_once_when_two_services_race, race);
