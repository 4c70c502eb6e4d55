//! A terminal game killed while a ballot was open and resumed after that
//! ballot's deadline, as a person meets it: `play` killed at its prompt,
//! the deadline passing in real time, then `play --resume`. The overdue
//! ballot refuses every vote ("Voting on that ballot has closed."), so
//! unless something closes it the game can never go on: it closes on the
//! votes it has (or is extended when it has none), exactly once, whichever
//! process gets there first: the resumed terminal, a bot's scheduler, or
//! both at once.

use crate::support::backends::{TestDatabase, on_each_backend};
use crate::support::terminal::{self, text};
use holotable::service::{EngineOpponent, ManualClock, Service, Settings};
use holotable_store::{BallotId, BallotState, BallotStatus, GameId, Pool, Store};
use std::io::BufRead;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const GAME: GameId = GameId(1);
const FIRST: BallotId = BallotId { game: GAME, ply: 0 };

/// `holotable play` on `db` and `dir`, so a killed game and its resume
/// reach the same database and folder.
fn play(db: &TestDatabase, dir: &std::path::Path, args: &[&str]) -> Command {
    let mut command = terminal::holotable();
    command
        .arg("play")
        .args(args)
        .args(["--db", &db.url, "--size", "256", "--out"])
        .arg(dir.join("out"))
        .env_remove("HOLOTABLE_SOLVED_TABLE");
    command
}

/// Starts a game of ten-second ballots (the shortest allowed) at the prompt and kills it (SIGKILL)
/// once the prompt asks for the first vote: the first ballot is open.
fn start_and_kill_at_the_prompt(db: &TestDatabase, dir: &std::path::Path) {
    let mut child = play(
        db,
        dir,
        &[
            "space-checkers",
            "--vote-secs",
            "10",
            "--level",
            "easy",
            "--seed",
            "4",
        ],
    )
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::null())
    .spawn()
    .expect("the binary runs");
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut said = String::new();
    while !said.contains("Your vote") {
        assert!(stdout.read_line(&mut said).unwrap() > 0, "{said}");
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn wall_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// A service on the game's database with its own clock, as a bot or a
/// second terminal would have.
async fn service_at(url: &str, at: i64) -> (Store, Service, ManualClock) {
    let store = Store::open(url).await.unwrap();
    let clock = ManualClock::starting_at(at);
    let service = Service::new(
        store.clone(),
        Arc::new(clock.clone()),
        Arc::new(EngineOpponent),
        Settings::default(),
    );
    (store, service, clock)
}

async fn first_ballot(store: &Store) -> BallotState {
    store
        .ballot(FIRST)
        .await
        .unwrap()
        .expect("the first ballot")
}

/// Three members vote on the open first ballot before its deadline (two
/// for its first option), then real time passes its deadline.
async fn vote_then_wait_past_the_deadline(url: &str) -> String {
    let (store, _, _) = service_at(url, 0).await;
    let ballot = first_ballot(&store).await;
    assert_eq!(ballot.status, BallotStatus::Open);
    let (_, members, _) = service_at(url, ballot.opened_at + 1).await;
    let channel = store.game(GAME).await.unwrap().unwrap().channel;
    let (first, second) = (&ballot.featured[0], &ballot.featured[1]);
    for (member, mv) in [("ann", first), ("bob", second), ("cy", first)] {
        members
            .votes()
            .cast_on(&channel, FIRST, member, mv, members.now())
            .await
            .unwrap();
    }
    past(ballot.deadline).await;
    first.clone()
}

async fn past(deadline: i64) {
    while wall_now() <= deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn resume(db: &TestDatabase, dir: &std::path::Path) -> Output {
    play(db, dir, &["--resume", "1", "--voters", "25", "--seed", "4"])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// How many times the first ballot's close was announced.
async fn closes_announced(store: &Store) -> i64 {
    let sql = "SELECT COUNT(*) FROM outbox
               WHERE game_id = 1 AND kind = 'ballot-closed' AND payload LIKE '%\"ply\":0,%'";
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
        Pool::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
    }
}

/// The first ballot closed once, on the three votes cast before its
/// deadline, and the game played on to its end.
async fn assert_closed_once_on_its_votes(store: &Store, winner: &str) {
    let ballot = first_ballot(store).await;
    assert_eq!(ballot.status, BallotStatus::Closed);
    assert_eq!(ballot.winner.as_deref(), Some(winner));
    let counted: u32 = ballot.tally.unwrap().iter().map(|(_, n)| n).sum();
    assert_eq!(counted, 3, "only the votes cast before the deadline count");
    assert_eq!(closes_announced(store).await, 1);
    assert!(!store.game(GAME).await.unwrap().unwrap().status.is_live());
}

on_each_backend! {
#[test]
fn a_game_killed_with_an_empty_ballot_open_is_extended_and_goes_on(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    start_and_kill_at_the_prompt(&db, dir.path());
    let runtime = runtime();
    let store = runtime.block_on(async {
        let (store, _, _) = service_at(&db.url, 0).await;
        past(first_ballot(&store).await.deadline).await;
        store
    });

    let resumed = resume(&db, dir.path());
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(said.contains("Nobody voted yet, so the vote is extended."), "{said}");
    assert!(said.contains("Game over:"), "{said}");
    runtime.block_on(async {
        let ballot = first_ballot(&store).await;
        assert_eq!(ballot.extensions, 1, "extended once, then voted on");
        assert_eq!(ballot.status, BallotStatus::Closed);
        assert!(ballot.winner.is_some());
    });
}
}

on_each_backend! {
#[test]
fn a_game_killed_with_votes_on_its_ballot_closes_on_them_when_resumed(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    start_and_kill_at_the_prompt(&db, dir.path());
    let runtime = runtime();
    let winner = runtime.block_on(vote_then_wait_past_the_deadline(&db.url));

    let resumed = resume(&db, dir.path());
    let said = text(&resumed);
    assert!(resumed.status.success(), "{said}");
    assert!(said.contains(&format!("The community played {winner} (2 of 3 votes)")), "{said}");
    assert!(said.contains("Game over:"), "{said}");
    runtime.block_on(async {
        let (store, _, _) = service_at(&db.url, 0).await;
        assert_closed_once_on_its_votes(&store, &winner).await;
    });
}
}

on_each_backend! {
/// A bot's scheduler (here: a service on the real clock closing what is
/// due, as often as it can) and the resumed terminal race for the same
/// overdue ballot: one close applies, and the terminal carries on from
/// it whichever won.
#[test]
fn a_bot_and_a_resumed_terminal_race_for_one_overdue_ballot(backend) {
    let db = TestDatabase::fresh(backend);
    let dir = tempfile::tempdir().unwrap();
    start_and_kill_at_the_prompt(&db, dir.path());
    let runtime = runtime();
    let winner = runtime.block_on(vote_then_wait_past_the_deadline(&db.url));

    let mut terminal =
        play(&db, dir.path(), &["--resume", "1", "--voters", "25", "--seed", "4"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
    // The bot starts when the terminal has said its first line: it has
    // opened the database and is about to read the overdue ballot, so the
    // two reach it together rather than the bot long before.
    let (begun, has_begun) = std::sync::mpsc::channel();
    let stdout = terminal.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut said = String::new();
        for line in std::io::BufReader::new(stdout).lines() {
            said.push_str(&line.unwrap());
            said.push('\n');
            let _ = begun.send(());
        }
        said
    });
    has_begun
        .recv_timeout(Duration::from_secs(60))
        .expect("the terminal speaks");
    let store = runtime.block_on(async {
        let (store, bot, clock) = service_at(&db.url, wall_now()).await;
        // Until the overdue ballot is closed, by either. Not after: the
        // terminal's later ballots run on its own clock, and a bot on the
        // real one would take a slow terminal's ten-second ballot for due.
        while first_ballot(&store).await.status == BallotStatus::Open {
            clock.set(wall_now());
            bot.turns().close_due().await.unwrap();
        }
        store
    });
    let output = terminal.wait_with_output().unwrap();
    let said = reader.join().unwrap() + &text(&output);
    assert!(output.status.success(), "{said}");
    assert!(said.contains(&format!("The community played {winner} (2 of 3 votes)")), "{said}");
    assert!(said.contains("Game over:"), "{said}");
    runtime.block_on(assert_closed_once_on_its_votes(&store, &winner));
}
}
