//! The deadline loop: sleep until the earliest open ballot's deadline or
//! daily post or match timer, do what is due, repeat. Re-arming after a
//! restart is one indexed query, not one timer per game, so 10,000 open
//! ballots cost nothing while waiting.

use super::Service;
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
            tracing::error!(%error, "closing due ballots failed");
        }
        if let Err(error) = service.handle_due_matches().await {
            tracing::error!(%error, "handling due match timers failed");
        }
        let next_daily = match service.post_due_daily().await {
            Ok(next) => next,
            Err(error) => {
                tracing::error!(%error, "posting daily posts failed");
                None
            }
        };
        let until_daily = next_daily
            .map(|at| Duration::from_millis(at.saturating_sub(service.now()).max(0) as u64));
        let sleep = match earliest(&service).await {
            Ok(Some(deadline)) => {
                let wait = deadline.saturating_sub(service.now()).max(0) as u64;
                Duration::from_millis(wait).min(MAX_SLEEP)
            }
            Ok(None) => MAX_SLEEP,
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

async fn earliest(
    service: &Service,
) -> Result<Option<crate::store::Millis>, crate::store::StoreError> {
    let ballot = service.store().earliest_deadline().await?;
    let timer = service.store().earliest_match_timer().await?;
    Ok(ballot.into_iter().chain(timer).min())
}
