//! Leagues in the scheduler's loop: a due league is started by the loop
//! itself, a league due later wakes it (rather than waiting out its
//! longest sleep), and a league whose step keeps failing is tried again
//! only after a backoff that doubles, while the loop stays free.

use super::*;
use crate::{RetryPolicy, run_scheduler};
use std::time::{Duration, Instant};

/// Waits (in real time) until `done` holds, or fails after `within`.
async fn eventually<F, Fut>(within: Duration, what: &str, mut done: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    while !done().await {
        assert!(start.elapsed() < within, "{what}: not within {within:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn status(service: &Service, league: LeagueId) -> LeagueStatus {
    service.leagues().league(league).await.unwrap().status
}

async fn scheduler(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let store = Store::open(&db.url).await.unwrap();
    let policy = RetryPolicy {
        first: Duration::from_millis(300),
        max: Duration::from_secs(5),
    };
    let settings = Settings {
        max_extensions: 0,
        retry: policy,
        ..Settings::default()
    };
    let service = Arc::new(Service::new(
        store.clone(),
        Arc::new(clock.clone()),
        Arc::new(FirstMove),
        settings,
    ));

    // A league due as the loop starts is started by its first turn.
    let due = entered(&service, &clock, spec(START + HOUR_MS), 2).await;
    clock.set(START + HOUR_MS);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let loop_task = tokio::spawn(run_scheduler(service.clone(), async {
        let _ = stopped.await;
    }));
    eventually(Duration::from_secs(10), "the due league starts", || async {
        status(&service, due.id).await == LeagueStatus::Running
    })
    .await;

    // A league starting in two seconds of the service's clock: the loop,
    // asleep, wakes at its start (its longest sleep is a minute) and
    // starts it. The test's clock is moved while the loop sleeps.
    let later = entered(&service, &clock, spec(clock.now() + 2_000), 2).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(status(&service, later.id).await, LeagueStatus::Entering);
    clock.advance(2_000);
    eventually(
        Duration::from_secs(10),
        "the later league starts",
        || async { status(&service, later.id).await == LeagueStatus::Running },
    )
    .await;

    // A league whose step fails (rules no create lets through) stays due
    // and is tried again only after its backoff: 300 ms, then 600 ms. A
    // loop that tried it again at once would fail it hundreds of times.
    // Broken before it is due, so no pass starts it first.
    let broken = entered(&service, &clock, spec(clock.now() + 1_000), 2).await;
    let id = broken.id.0;
    tamper(
        &store,
        &format!("UPDATE leagues SET rules = '{{\"no such rule\": 1}}' WHERE id = {id}"),
    )
    .await;
    clock.advance(1_000);
    let began = Instant::now();
    service.deadlines_changed.notify_one();
    let attempts = || async {
        service
            .league_retries
            .waiting(broken.id)
            .map_or(0, |f| f.attempts)
    };
    eventually(Duration::from_secs(30), "three tries", || async {
        attempts().await >= 3
    })
    .await;
    let waited = began.elapsed();
    let backoff = policy.wait_after(1) + policy.wait_after(2);
    assert!(
        waited >= backoff,
        "three tries in {waited:?}; the backoff alone is {backoff:?}"
    );
    assert_eq!(status(&service, broken.id).await, LeagueStatus::Entering);
    assert_eq!(
        store.due_leagues(clock.now()).await.unwrap(),
        [broken.id],
        "still due"
    );
    // Meanwhile the loop works for the others: the running leagues'
    // ballots close on time.
    let before = store.league_games(due.id).await.unwrap()[0].game.unwrap();
    clock.advance(2 * (MOVE_MS + 1));
    service.deadlines_changed.notify_one();
    eventually(Duration::from_secs(10), "a league game ends", || async {
        store.game(before).await.unwrap().unwrap().status == GameStatus::Finished
    })
    .await;

    let _ = stop.send(());
    loop_task.await.unwrap();
    service.close().await;
    db.drop().await;
}
on_both!(
    the_scheduler_runs_due_leagues_wakes_for_later_ones_and_backs_off_a_failing_one,
    scheduler
);
