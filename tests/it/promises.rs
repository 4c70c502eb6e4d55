//! Regression tests for broken promises found by an outside test of the
//! released binary: a vote counted on a ballot its voter never saw, two
//! processes racing on a fresh database's migrations, and a failed close
//! that was never tried again; and for several processes sharing one
//! database: a due ballot worked on twice, and a dead process's close taken
//! over. Each test is named after what broke.

use holotable::games::{AnyGame, sort_naturally};
use holotable::service::VoteRefusal;
use holotable::service::{
    Clock, ManualClock, Opponent, Refusal, RetryPolicy, Service, Settings, run_scheduler,
};
use holotable_store::{
    Backlog, BacklogQuery, BallotId, BallotState, ClaimKind, GameId, Pool, Store,
};

use crate::support::backends::{Backend, TestDatabase, on_each_backend};
use crate::support::service::{community_game, open_service, refusal};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const CHANNEL: &str = "channel-1";

/// Plays and ranks moves in natural order, counting how often it is asked
/// to reply: every close plans the engine's reply before it writes.
#[derive(Default)]
struct CountingOpponent {
    replies: AtomicUsize,
    /// When each reply was asked for, to see how far apart the tries were.
    asked_at: std::sync::Mutex<Vec<std::time::Instant>>,
    /// How long each reply thinks, so two processes' closes overlap.
    thinking: Duration,
}

impl Opponent for CountingOpponent {
    fn knows_level(&self, _level: &str) -> bool {
        true
    }

    fn choose(&self, game: &AnyGame, _level: &str, _seed: u64) -> String {
        self.replies.fetch_add(1, Ordering::SeqCst);
        self.asked_at
            .lock()
            .unwrap()
            .push(std::time::Instant::now());
        std::thread::sleep(self.thinking);
        sorted_legal(game).remove(0)
    }

    fn rank(&self, game: &AnyGame, k: usize, _seed: u64) -> Vec<String> {
        let mut legal = sorted_legal(game);
        legal.truncate(k);
        legal
    }
}

fn sorted_legal(game: &AnyGame) -> Vec<String> {
    let mut legal = game.legal_notations();
    sort_naturally(&mut legal);
    legal
}

/// One process's view of a shared database file.
struct Process {
    store: Store,
    service: Arc<Service>,
    opponent: Arc<CountingOpponent>,
}

async fn process(url: &str, clock: &ManualClock, retry: RetryPolicy) -> Process {
    process_thinking(url, clock, retry, Duration::ZERO).await
}

/// A lease short enough that a test waits out a dead process's.
const LEASE: Duration = Duration::from_millis(600);

async fn process_thinking(
    url: &str,
    clock: &ManualClock,
    retry: RetryPolicy,
    thinking: Duration,
) -> Process {
    let opponent = Arc::new(CountingOpponent {
        thinking,
        ..CountingOpponent::default()
    });
    // Settings::default gives each process its own random id.
    let settings = Settings {
        vote_ms: 10 * 60_000,
        retry,
        lease: LEASE,
        ..Settings::default()
    };
    let (store, service) = open_service(url, clock, opponent.clone(), settings).await;
    Process {
        store,
        service: Arc::new(service),
        opponent,
    }
}

fn database(backend: Backend) -> (TestDatabase, String) {
    let db = TestDatabase::fresh(backend);
    let url = db.url.clone();
    (db, url)
}

const QUICK_RETRY: RetryPolicy = RetryPolicy {
    first: Duration::from_millis(50),
    max: Duration::from_millis(200),
};

async fn start(service: &Service) -> GameId {
    service
        .games()
        .start(community_game(CHANNEL, "easy", 7))
        .await
        .expect("the game starts")
}

async fn open_ballot(service: &Service) -> BallotState {
    service
        .games()
        .status(CHANNEL)
        .await
        .unwrap()
        .ballot
        .expect("a ballot is open")
}

/// Two processes sharing one database file and one game, as two
/// terminals (or two bot processes) on it would.
async fn two_processes_on_one_game(
    backend: Backend,
) -> (TestDatabase, ManualClock, Process, Process) {
    let (dir, url) = database(backend);
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let a = process(&url, &clock, QUICK_RETRY).await;
    let b = process(&url, &clock, QUICK_RETRY).await;
    start(&a.service).await;
    (dir, clock, a, b)
}

on_each_backend! {
#[tokio::test]
async fn a_vote_for_a_ballot_closed_by_another_process_is_not_counted_on_the_next(backend) {
    let (_dir, clock, a, b) = two_processes_on_one_game(backend).await;
    // A shows ballot 1 (and caches it); its voter reads option 1 there.
    let seen = open_ballot(&a.service).await;
    let sent_at = clock.now();
    a.service
        .votes().cast(CHANNEL, "warm-up", "1", sent_at)
        .await
        .unwrap();
    // Meanwhile B's vote and B's close move the game on.
    b.service
        .votes().cast(CHANNEL, "bob", "1", clock.now())
        .await
        .unwrap();
    clock.set(seen.deadline);
    assert_eq!(b.service.turns().close_due().await.unwrap().closed, 1);
    clock.advance(1_000);
    let next = open_ballot(&b.service).await;
    assert_eq!(next.id.ply, 2);

    // A's voter answers the board they saw, in both ways a vote arrives.
    let moved_on = Refusal::Vote(VoteRefusal::BallotMovedOn { open_move: 3 });
    assert_eq!(
        refusal(a.service.votes().cast(CHANNEL, "ann", "1", sent_at).await),
        moved_on
    );
    assert_eq!(
        refusal(a.service.votes().cast_on(CHANNEL, seen.id, "ann", "1", sent_at).await),
        moved_on
    );
    assert!(
        moved_on.to_string().contains("move 3"),
        "the refusal names the ballot open now: {moved_on}"
    );
    assert!(
        a.store.tally(next.id).await.unwrap().is_empty(),
        "nothing was counted on the ballot the voter never saw"
    );
    // A vote sent after the new ballot opened counts on it.
    let receipt = a
        .service
        .votes().cast(CHANNEL, "ann", "1", clock.now())
        .await
        .unwrap();
    assert_eq!(receipt.ballot, next.id);
}
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_opening_a_fresh_database_race_on_migrations(backend) {
    for trial in 0..20 {
        let (_dir, url) = database(backend);
        let (first, second) = tokio::join!(
            tokio::spawn({
                let url = url.clone();
                async move { Store::open(&url).await.map(|_| ()) }
            }),
            tokio::spawn({
                let url = url.clone();
                async move { Store::open(&url).await.map(|_| ()) }
            })
        );
        first
            .unwrap()
            .unwrap_or_else(|e| panic!("trial {trial}, first: {e}"));
        second
            .unwrap()
            .unwrap_or_else(|e| panic!("trial {trial}, second: {e}"));
    }
}
}

/// Makes every write of a move fail as a full disk would, until the row in
/// `injected_faults` is deleted: the close plans its whole turn and fails
/// only at its one write, as it did in the outside test. Each backend gets
/// its own trigger with the same message; PostgreSQL creates both in the
/// test's own schema (the first on its `search_path`).
async fn fill_the_disk(store: &Store) {
    const SETUP: &str = "CREATE TABLE injected_faults (what TEXT);
         INSERT INTO injected_faults VALUES ('disk full');";
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "{SETUP}
             CREATE TRIGGER disk_full BEFORE INSERT ON moves
             WHEN EXISTS (SELECT 1 FROM injected_faults)
             BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;"
        )))
        .execute(pool)
        .await
        .map(drop),
        Pool::Postgres(pool) => sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
            "{SETUP}
             CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
                 IF EXISTS (SELECT 1 FROM injected_faults) THEN
                     RAISE EXCEPTION 'database or disk is full';
                 END IF;
                 RETURN NEW;
             END $$;
             CREATE TRIGGER disk_full BEFORE INSERT ON moves
             FOR EACH ROW EXECUTE FUNCTION disk_full();"
        )))
        .execute(pool)
        .await
        .map(drop),
    }
    .unwrap();
}

async fn free_the_disk(store: &Store) {
    const FREE: &str = "DELETE FROM injected_faults";
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::query(FREE).execute(pool).await.map(drop),
        Pool::Postgres(pool) => sqlx::query(FREE).execute(pool).await.map(drop),
    }
    .unwrap();
}

/// A game whose first ballot has a vote and is due, on a disk that is full.
async fn a_voted_ballot_due_on_a_full_disk(
    backend: Backend,
    retry: RetryPolicy,
) -> (TestDatabase, Process, GameId, BallotState) {
    let (dir, url) = database(backend);
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let p = process(&url, &clock, retry).await;
    let game = start(&p.service).await;
    p.service
        .votes()
        .cast(CHANNEL, "ann", "A1-B1", clock.now())
        .await
        .unwrap();
    let ballot = open_ballot(&p.service).await;
    fill_the_disk(&p.store).await;
    clock.set(ballot.deadline);
    (dir, p, game, ballot)
}

on_each_backend! {
#[tokio::test]
async fn a_failed_close_is_retried_after_a_backoff_until_it_succeeds(backend) {
    // A first backoff long enough that the second look below comes within
    // it even on a loaded machine (50 ms did not, on PostgreSQL).
    let retry = RetryPolicy {
        first: Duration::from_millis(500),
        max: Duration::from_secs(1),
    };
    let (_dir, p, game, ballot) = a_voted_ballot_due_on_a_full_disk(backend, retry).await;

    let first = p.service.turns().close_due().await.unwrap();
    assert_eq!(first.closed, 0);
    let failing = &first.failing[0];
    assert_eq!((failing.ballot, failing.failing.attempts), (ballot.id, 1));
    assert!(
        failing.failing.error.contains("database or disk is full"),
        "{}",
        failing.failing.error
    );
    // Still within the backoff: not tried again, but still reported.
    let waiting = p.service.turns().close_due().await.unwrap();
    assert_eq!(waiting.failing[0].failing.attempts, 1);
    tokio::time::sleep(failing.failing.retry_in()).await;
    let second = p.service.turns().close_due().await.unwrap();
    assert_eq!(second.failing[0].failing.attempts, 2);

    free_the_disk(&p.store).await;
    tokio::time::sleep(second.failing[0].failing.retry_in()).await;
    let done = p.service.turns().close_due().await.unwrap();
    assert_eq!((done.closed, done.failing.len()), (1, 0));
    let moves = p.store.moves(game).await.unwrap();
    assert_eq!(moves[0].notation, "A1-B1", "the vote decided, once");
    assert_eq!(moves.len(), 2, "the community's move and the reply");
    assert_eq!(open_ballot(&p.service).await.id, BallotId { game, ply: 2 });
}
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_close_made_the_scheduler_spin_instead_of_backing_off(backend) {
    let policy = RetryPolicy {
        first: Duration::from_millis(100),
        max: Duration::from_secs(10),
    };
    let (_dir, p, game, _ballot) = a_voted_ballot_due_on_a_full_disk(backend, policy).await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let scheduler = tokio::spawn(run_scheduler(p.service.clone(), async {
        let _ = stopped.await;
    }));
    // Each try plans the engine's reply before its write fails, so the
    // replies asked for are the tries. A loaded machine only pushes tries
    // further apart, so the gaps are checked, not how many fit in a second.
    let three_tries = async {
        while p.opponent.replies.load(Ordering::SeqCst) < 3 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(30), three_tries)
        .await
        .expect("the scheduler tries the close again");
    let asked_at = p.opponent.asked_at.lock().unwrap().clone();
    for (failures, pair) in (1..).zip(asked_at.windows(2).take(2)) {
        let gap = pair[1] - pair[0];
        assert!(
            gap >= policy.wait_after(failures),
            "try {} came {gap:?} after the one before; the backoff is {:?}",
            failures + 1,
            policy.wait_after(failures)
        );
    }

    free_the_disk(&p.store).await;
    let closed = async {
        while p.store.moves(game).await.unwrap().is_empty() {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(10), closed)
        .await
        .expect("the scheduler closes the ballot once the disk has room");
    stop.send(()).unwrap();
    scheduler.await.unwrap();
}
}

on_each_backend! {
#[tokio::test]
async fn a_menu_vote_on_the_new_ballot_was_refused_while_the_old_one_was_cached(backend) {
    let (_dir, clock, a, b) = two_processes_on_one_game(backend).await;
    let first = open_ballot(&a.service).await;
    // A caches the first ballot; B closes it and opens the next.
    a.service
        .votes().cast(CHANNEL, "ann", "1", clock.now())
        .await
        .unwrap();
    clock.set(first.deadline);
    assert_eq!(b.service.turns().close_due().await.unwrap().closed, 1);
    let next = open_ballot(&b.service).await;
    // A click on the new ballot's menu reaches A, whose cache is stale.
    let receipt = a
        .service
        .votes().cast_on(CHANNEL, next.id, "bob", "1", a.service.now())
        .await
        .expect("the vote counts on the ballot its menu named");
    assert_eq!(receipt.ballot, next.id);
}
}

/// The announcements of `kind` queued so far, delivered or not.
async fn announced(store: &Store, kind: &str) -> i64 {
    let count = "SELECT COUNT(*) FROM outbox WHERE kind = $1";
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::query_scalar(count).bind(kind).fetch_one(pool).await,
        Pool::Postgres(pool) => sqlx::query_scalar(count).bind(kind).fetch_one(pool).await,
    }
    .unwrap()
}

/// Two processes on one file with a voted first ballot that is due.
async fn two_processes_with_a_due_ballot(
    backend: Backend,
    thinking: Duration,
) -> (TestDatabase, Process, Process, GameId) {
    let (dir, url) = database(backend);
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let a = process_thinking(&url, &clock, QUICK_RETRY, thinking).await;
    let b = process_thinking(&url, &clock, QUICK_RETRY, thinking).await;
    let game = start(&a.service).await;
    a.service
        .votes()
        .cast(CHANNEL, "ann", "A1-B1", clock.now())
        .await
        .unwrap();
    clock.set(open_ballot(&a.service).await.deadline);
    (dir, a, b, game)
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_that_saw_the_same_due_ballot_both_worked_on_its_close(backend) {
    let (_dir, a, b, game) =
        two_processes_with_a_due_ballot(backend, Duration::from_millis(300)).await;
    let (in_a, in_b) = tokio::join!(a.service.turns().close_due(), b.service.turns().close_due());
    let (in_a, in_b) = (in_a.unwrap(), in_b.unwrap());

    assert_eq!(in_a.closed + in_b.closed, 1, "one process closed it");
    let waited = [&in_a, &in_b]
        .into_iter()
        .flat_map(|report| &report.failing)
        .collect::<Vec<_>>();
    assert_eq!(waited.len(), 1, "the other waited for it: {waited:?}");
    assert_eq!(waited[0].failing.attempts, 0, "waiting is not a failure");
    let replies =
        a.opponent.replies.load(Ordering::SeqCst) + b.opponent.replies.load(Ordering::SeqCst);
    assert_eq!(replies, 1, "the engine's reply was searched for once");
    let store = &a.store;
    assert_eq!(store.moves(game).await.unwrap().len(), 2, "closed once");
    assert_eq!(announced(store, "ballot-closed").await, 1, "announced once");
}

}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_processs_close_is_taken_over_once_its_lease_runs_out(backend) {
    let (_dir, a, b, game) = two_processes_with_a_due_ballot(backend, Duration::ZERO).await;
    // A takes the close's lease and dies before releasing it.
    let wall_now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let lease_ms = LEASE.as_millis() as i64;
    let taken = a
        .store
        .take_claim(
            ClaimKind::Close,
            &game.0.to_string(),
            &a.service.settings().process_id,
            wall_now,
            lease_ms,
        )
        .await
        .unwrap();
    assert_eq!(taken, holotable_store::Claimed::Taken);
    let taken_at = std::time::Instant::now();
    drop(a);

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let scheduler = tokio::spawn(run_scheduler(b.service.clone(), async {
        let _ = stopped.await;
    }));
    let store = &b.store;
    let closed = async {
        while store.moves(game).await.unwrap().is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        taken_at.elapsed()
    };
    let after = tokio::time::timeout(LEASE * 5, closed)
        .await
        .expect("the other process takes the close over once the lease runs out");
    assert!(
        after >= LEASE - Duration::from_millis(50),
        "closed {after:?} after the dead process took it, inside its {LEASE:?} lease"
    );
    // Let a doubled close show itself before counting.
    tokio::time::sleep(LEASE).await;
    stop.send(()).unwrap();
    scheduler.await.unwrap();
    assert_eq!(store.moves(game).await.unwrap().len(), 2, "closed once");
    assert_eq!(announced(store, "ballot-closed").await, 1, "announced once");
    assert_eq!(b.opponent.replies.load(Ordering::SeqCst), 1);
}
}

fn wall_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vote_queued_in_one_process_was_refused_when_another_closed_its_ballot(backend) {
    let (_dir, clock, a, b) = two_processes_on_one_game(backend).await;
    let ballot = open_ballot(&a.service).await;
    // Ann's vote, sent in the ballot's last millisecond, waits in A's
    // queue of requests.
    let sent_at = ballot.deadline - 1;
    let queued = a.service.arrival(sent_at);
    let others = BacklogQuery {
        sent_before: ballot.deadline,
        except: &b.service.settings().process_id,
        alive_within: Duration::from_secs(5),
    };
    tokio::time::timeout(Duration::from_secs(5), async {
        while b.store.other_backlogs(others, Duration::from_secs(10)).await.unwrap().is_empty() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("A publishes its queue");

    // B's scheduler finds the ballot due and closes it: it waits for A.
    clock.set(ballot.deadline);
    let closing = tokio::spawn({
        let b = b.service.clone();
        async move { b.turns().close_due().await }
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!closing.is_finished(), "B closed while A held a vote sent in time");
    assert_eq!(open_ballot(&b.service).await.id, ballot.id);

    // A works on the vote: it counts, and the close goes on with it.
    a.service.votes().cast(CHANNEL, "ann", "1", sent_at).await.unwrap();
    drop(queued);
    let report = tokio::time::timeout(Duration::from_secs(5), closing)
        .await
        .expect("B closes once A's queue is through")
        .unwrap()
        .unwrap();
    assert_eq!(report.closed, 1);
    let counted: u32 = a.store.tally(ballot.id).await.unwrap().iter().map(|(_, n)| n).sum();
    assert_eq!(counted, 1, "Ann's vote counted");
    assert_eq!(a.store.moves(ballot.id.game).await.unwrap().len(), 2);
}
}

/// Writes another process's backlog row as it would stand: seen
/// `seen_ago` ms ago, its queue moved `moved_ago` ms ago.
async fn backlog_row(
    store: &Store,
    process: &str,
    oldest_sent_at: i64,
    seen_ago: i64,
    moved_ago: i64,
) {
    let now = wall_now();
    let insert = "INSERT INTO request_backlogs (process, oldest_sent_at, moved_at, seen_at)
                  VALUES ($1, $2, $3, $4)";
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::query(insert)
            .bind(process)
            .bind(oldest_sent_at)
            .bind(now - moved_ago)
            .bind(now - seen_ago)
            .execute(pool)
            .await
            .map(drop),
        Pool::Postgres(pool) => sqlx::query(insert)
            .bind(process)
            .bind(oldest_sent_at)
            .bind(now - moved_ago)
            .bind(now - seen_ago)
            .execute(pool)
            .await
            .map(drop),
    }
    .unwrap();
}

on_each_backend! {
#[tokio::test]
async fn a_dead_or_stuck_processs_queue_does_not_hold_a_close(backend) {
    let (_dir, clock, _a, b) = two_processes_on_one_game(backend).await;
    let ballot = open_ballot(&b.service).await;
    let before = ballot.deadline - 1;
    // One process stopped renewing 10 s ago; another renews but nothing
    // in its queue has ended for a minute.
    backlog_row(&b.store, "dead", before, 10_000, 0).await;
    backlog_row(&b.store, "stuck", before, 0, 60_000).await;
    clock.set(ballot.deadline);
    let report = tokio::time::timeout(Duration::from_secs(2), b.service.turns().close_due())
        .await
        .expect("closed without waiting")
        .unwrap();
    assert_eq!(report.closed, 1);

    // A live, moving queue of requests sent before the deadline holds
    // the next close until it is withdrawn.
    b.store.withdraw_backlog("dead").await.unwrap();
    b.store.withdraw_backlog("stuck").await.unwrap();
    let next = open_ballot(&b.service).await;
    let moving = Backlog {
        oldest_sent_at: next.deadline - 1,
        moved_ago: Duration::ZERO,
    };
    b.store.publish_backlog("moving", moving).await.unwrap();
    clock.set(next.deadline);
    let held = tokio::time::timeout(Duration::from_millis(500), b.service.turns().close_due()).await;
    assert!(held.is_err(), "closed past a live queue: {held:?}");
    b.store.withdraw_backlog("moving").await.unwrap();
    let report = tokio::time::timeout(Duration::from_secs(2), b.service.turns().close_due())
        .await
        .expect("closed once the queue was withdrawn")
        .unwrap();
    assert_eq!(report.closed, 1);
}
}
