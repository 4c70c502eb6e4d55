//! The deadline loop: sleep until the earliest open ballot's deadline or
//! daily post or match timer, do what is due, repeat. Re-arming after a
//! restart is one indexed query, not one timer per game, so 10,000 open
//! ballots cost nothing while waiting.
//!
//! Work that failed stays due; it is tried again when its backoff ends
//! (`retry.rs`), not at once: a full disk must not turn this loop into a
//! spin that logs thousands of lines a second.

use super::Service;
use crate::store::{Millis, StoreError};
use std::sync::Arc;
use std::time::Duration;

/// Never sleep longer than this, so a clock jump or a missed wake-up is
/// corrected within a minute.
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Runs until `shutdown` resolves. Errors are logged and retried after a
/// short pause: a database hiccup must not stop the games.
pub async fn run_scheduler(service: Arc<Service>, shutdown: impl std::future::Future<Output = ()>) {
    tokio::pin!(shutdown);
    if let Err(error) = service.skip_missed_daily().await {
        tracing::error!(%error, "checking for missed daily posts failed");
    }
    loop {
        if let Err(error) = service.close_due_ballots().await {
            tracing::error!(%error, "reading due ballots failed");
        }
        if let Err(error) = service.handle_due_matches().await {
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

/// How long to sleep: nothing if something became due during the pass,
/// else until the next deadline or the next retry of failed work.
async fn next_wake(service: &Service) -> Result<Duration, StoreError> {
    let now = service.now();
    let store = service.store();
    let ballot_due = store
        .due_ballots(now)
        .await?
        .into_iter()
        .any(|b| service.close_retries.waiting(b).is_none());
    let timer_due = store
        .due_matches(now)
        .await?
        .into_iter()
        .any(|m| service.timer_retries.waiting(m).is_none());
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
