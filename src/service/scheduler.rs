//! The deadline loop: sleep until the earliest open ballot's deadline or
//! daily post or match timer, start what is due, repeat. Re-arming after a
//! restart is one indexed query, not one timer per game, so 10,000 open
//! ballots cost nothing while waiting.
//!
//! Each due close and match timer runs as a task of its own, so one
//! channel's slow poll read or long engine search never delays another's
//! (issue #18). A game has at most one such task at a time, so its steps
//! and announcements stay in order; at most `IN_FLIGHT` run at once.
//!
//! Work that failed stays due; it is tried again when its backoff ends
//! (`retry.rs`), not at once: a full disk must not turn this loop into a
//! spin that logs thousands of lines a second.

use super::Service;
use crate::store::{GameId, Millis, StoreError};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Never sleep longer than this, so a clock jump or a missed wake-up is
/// corrected within a minute.
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Closes and timers running at once. Enough that a burst of due ballots
/// (1,000 channels in one second) is worked through in parallel; few enough
/// to stay inside the database pool and the engine's pool.
const IN_FLIGHT: usize = 64;

/// Which games have a close or timer task running, and the slots they take.
pub(super) struct InFlight {
    games: Mutex<HashSet<GameId>>,
    slots: Arc<Semaphore>,
}

impl Default for InFlight {
    fn default() -> Self {
        InFlight {
            games: Mutex::new(HashSet::new()),
            slots: Arc::new(Semaphore::new(IN_FLIGHT)),
        }
    }
}

impl InFlight {
    fn contains(&self, game: GameId) -> bool {
        self.lock().contains(&game)
    }

    /// Claims `game`, or says it is taken.
    fn claim(&self, game: GameId) -> bool {
        self.lock().insert(game)
    }

    fn release(&self, game: GameId) {
        self.lock().remove(&game);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<GameId>> {
        self.games.lock().expect("in-flight lock")
    }
}

/// Runs until `shutdown` resolves. Errors are logged and retried after a
/// short pause: a database hiccup must not stop the games.
pub async fn run_scheduler(service: Arc<Service>, shutdown: impl std::future::Future<Output = ()>) {
    tokio::pin!(shutdown);
    if let Err(error) = service.skip_missed_daily().await {
        tracing::error!(%error, "checking for missed daily posts failed");
    }
    loop {
        if let Err(error) = start_due_closes(&service).await {
            tracing::error!(%error, "reading due ballots failed");
        }
        if let Err(error) = start_due_timers(&service).await {
            tracing::error!(%error, "reading due match timers failed");
        }
        let next_daily = match service.post_due_daily().await {
            Ok(next) => next,
            Err(error) => {
                tracing::error!(%error, "posting daily posts failed");
                None
            }
        };
        let until_daily = next_daily.map(|at| until(&service, at));
        let sleep = match next_wake(&service).await {
            Ok(wait) => wait,
            Err(error) => {
                tracing::error!(%error, "reading deadlines failed");
                Duration::from_secs(5)
            }
        };
        let sleep = until_daily.map_or(sleep, |daily| sleep.min(daily));
        tokio::select! {
            () = tokio::time::sleep(sleep) => {}
            () = service.deadlines_changed.notified() => {}
            () = &mut shutdown => return,
        }
    }
}

/// Starts a task for each due ballot whose game has none running and that
/// is not waiting out a failure's backoff.
async fn start_due_closes(service: &Arc<Service>) -> Result<(), StoreError> {
    for ballot in service.store().due_ballots(service.now()).await? {
        if service.close_retries.waiting(ballot).is_some() || !service.in_flight.claim(ballot.game)
        {
            continue;
        }
        let service = service.clone();
        tokio::spawn(async move {
            let permit = service.in_flight.slots.clone().acquire_owned().await;
            // A failure is logged and its retry armed inside `close_one`.
            let _ = service.close_one(ballot).await;
            drop(permit);
            service.in_flight.release(ballot.game);
            // What this close opened or failed changes the next wake-up.
            service.deadlines_changed.notify_one();
        });
    }
    Ok(())
}

/// As [`start_due_closes`], for match timers.
async fn start_due_timers(service: &Arc<Service>) -> Result<(), StoreError> {
    for game in service.store().due_matches(service.now()).await? {
        if service.timer_retries.waiting(game).is_some() || !service.in_flight.claim(game) {
            continue;
        }
        let service = service.clone();
        tokio::spawn(async move {
            let permit = service.in_flight.slots.clone().acquire_owned().await;
            service.handle_one_timer(game).await;
            drop(permit);
            service.in_flight.release(game);
            service.deadlines_changed.notify_one();
        });
    }
    Ok(())
}

/// How long to sleep: nothing if something due can be started, else until
/// the next deadline or the next retry of failed work. Work already
/// running wakes the loop when it ends.
async fn next_wake(service: &Service) -> Result<Duration, StoreError> {
    let now = service.now();
    let store = service.store();
    let startable = |game: GameId, waiting: bool| !waiting && !service.in_flight.contains(game);
    let ballot_due = store
        .due_ballots(now)
        .await?
        .into_iter()
        .any(|b| startable(b.game, service.close_retries.waiting(b).is_some()));
    let timer_due = store
        .due_matches(now)
        .await?
        .into_iter()
        .any(|m| startable(m, service.timer_retries.waiting(m).is_some()));
    if ballot_due || timer_due {
        return Ok(Duration::ZERO);
    }
    let deadline = [
        store.earliest_deadline(now).await?,
        store.earliest_match_timer(now).await?,
    ]
    .into_iter()
    .flatten()
    .min()
    .map(|at| until(service, at));
    let retry = [
        service.close_retries.next_retry(),
        service.timer_retries.next_retry(),
    ]
    .into_iter()
    .flatten()
    .min()
    .map(|at| at.saturating_duration_since(tokio::time::Instant::now()));
    Ok([deadline, retry]
        .into_iter()
        .flatten()
        .fold(MAX_SLEEP, Duration::min))
}

fn until(service: &Service, at: Millis) -> Duration {
    Duration::from_millis(at.saturating_sub(service.now()).max(0) as u64)
}
