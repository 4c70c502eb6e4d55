//! The deadline loop: sleep until the earliest open ballot's deadline or
//! daily post or match timer, start what is due, repeat. Re-arming after a
//! restart is one indexed query, not one timer per game, so 10,000 open
//! ballots cost nothing while waiting.
//!
//! Leagues' steps (a start, a round, a knockout's deciding games, an end)
//! run as one pass at a time beside them (`leagues().run_due`), woken at
//! the earliest league's `next_at`, by the game ends and leaves that make
//! a league due, and by a failing league's retry.
//!
//! Each due close and match timer runs as a task of its own, so one
//! channel's slow poll read or long engine search never delays another's
//! A game has at most one such task at a time, so its steps
//! and announcements stay in order; at most `IN_FLIGHT` run at once.
//!
//! Work that failed stays due; it is tried again when its backoff ends
//! (`retry.rs`), not at once: a full disk must not turn this loop into a
//! spin that logs thousands of lines a second.

use super::Service;
use holotable_store::{GameId, Millis, StoreError};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// Never sleep longer than this, so a clock jump or a missed wake-up is
/// corrected within a minute.
const MAX_SLEEP: Duration = Duration::from_secs(60);

/// Closes and timers running at once. Enough that a burst of due ballots
/// (1,000 channels in one second) is worked through in parallel; a bound,
/// so such a burst queues here rather than as thousands of tasks waiting
/// on the database's 8 connections and the engine's one slot per core.
pub(super) const IN_FLIGHT: usize = 64;

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
    let daily = Arc::new(DailyPass::default());
    let reviewing = Arc::new(AtomicBool::new(false));
    let reminding = Arc::new(AtomicBool::new(false));
    let leagues = Arc::new(LeaguePass::default());
    if let Err(error) = service.upkeep().skip_missed_daily().await {
        tracing::error!(%error, "checking for missed daily posts failed");
    }
    loop {
        if let Err(error) = start_due_closes(&service).await {
            tracing::error!(%error, "reading due ballots failed");
        }
        if let Err(error) = start_due_timers(&service).await {
            tracing::error!(%error, "reading due match timers failed");
        }
        start_review_pass(&service, &reviewing);
        start_reminder_pass(&service, &reminding);
        start_league_pass(&service, &leagues);
        let until_daily = start_daily_pass(&service, &daily).map(|at| until(&service, at));
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

/// The Gamer of the Day pass: run as a task of its own, one at a time, so
/// the loop never waits on it. The service caches what a pass found, so a
/// pass per loop turn is cheap until a post is due or the settings change.
#[derive(Default)]
struct DailyPass {
    running: AtomicBool,
    /// When the next post is due, as the last pass found it.
    next: Mutex<Option<Millis>>,
}

/// Starts a daily pass unless one runs, and returns when the next daily
/// post is due as far as is known. Nothing for a post due now that a pass
/// is working on: the pass wakes the loop when its answer changes.
fn start_daily_pass(service: &Arc<Service>, pass: &Arc<DailyPass>) -> Option<Millis> {
    let known = *pass.next.lock().expect("daily pass lock");
    if !pass.running.swap(true, Ordering::AcqRel) {
        let (service, pass) = (service.clone(), pass.clone());
        tokio::spawn(async move {
            let next = service
                .upkeep()
                .post_due_daily()
                .await
                .unwrap_or_else(|error| {
                    tracing::error!(%error, "posting daily posts failed");
                    None
                });
            let changed =
                std::mem::replace(&mut *pass.next.lock().expect("daily pass lock"), next) != next;
            pass.running.store(false, Ordering::Release);
            // Only a change: waking the loop for the same answer would
            // start the same pass again, forever.
            if changed {
                service.deadlines_changed.notify_one();
            }
        });
    }
    known.filter(|at| *at > service.now())
}

/// Posts the reviews of finished games, as a task of its own and one at a
/// time: a review is seconds of engine work that no close may wait on. A
/// game that ends wakes the loop (its ballot was due), so its review starts
/// on that turn; one lost to a crash is found again on the next.
fn start_review_pass(service: &Arc<Service>, running: &Arc<AtomicBool>) {
    if running.swap(true, Ordering::AcqRel) {
        return;
    }
    let (service, running) = (service.clone(), running.clone());
    tokio::spawn(async move {
        if let Err(error) = service.games().post_due_reviews().await {
            tracing::error!(%error, "posting game reviews failed");
        }
        running.store(false, Ordering::Release);
    });
}

/// Opens the votes of discussed ballots and sends the reminders that are
/// due, as a task of its own and one pass at a time, so a slow database
/// read for one never holds up a close. A pass
/// also settles what falls due while it runs, so none waits for the next
/// turn of the loop; one that failed stays due for the next pass.
fn start_reminder_pass(service: &Arc<Service>, running: &Arc<AtomicBool>) {
    if running.swap(true, Ordering::AcqRel) {
        return;
    }
    let (service, running) = (service.clone(), running.clone());
    tokio::spawn(async move {
        // A discussion that ended opens its votes before any reminder
        // speaks of them.
        if let Err(error) = service.turns().open_due_votes().await {
            tracing::error!(%error, "opening discussed ballots' votes failed");
        }
        if let Err(error) = service.votes().send_due_reminders().await {
            tracing::error!(%error, "sending ballot reminders failed");
        }
        running.store(false, Ordering::Release);
    });
}

/// The leagues' pass: one at a time, as a task of its own, since a step
/// that starts a round creates many games. `again` is set when the loop
/// wanted a pass while one ran (a game ended meanwhile, making a league
/// due that the running pass had already looked past), so the pass runs
/// once more rather than leave it to the next wake-up.
#[derive(Default)]
struct LeaguePass {
    running: AtomicBool,
    again: AtomicBool,
}

/// Starts a leagues' pass unless one runs. A pass that changed something
/// (a league started, a round, deciding games, an end, a failure whose
/// retry is now a deadline) wakes the loop; one that only found leagues
/// waiting does not, so a league that stays due without a step to take
/// cannot keep the loop spinning: it is looked at again on the loop's
/// next turn. A league whose step fails waits out its backoff (see
/// `leagues/run.rs`), and the loop wakes for its retry (`next_wake`).
fn start_league_pass(service: &Arc<Service>, pass: &Arc<LeaguePass>) {
    if pass.running.swap(true, Ordering::AcqRel) {
        pass.again.store(true, Ordering::Release);
        return;
    }
    let (service, pass) = (service.clone(), pass.clone());
    tokio::spawn(async move {
        let mut changed = false;
        loop {
            pass.again.store(false, Ordering::Release);
            match service.leagues().run_due(service.now()).await {
                Ok(report) => changed |= report.changed(),
                Err(error) => tracing::error!(%error, "reading due leagues failed"),
            }
            pass.running.store(false, Ordering::Release);
            // Asked for again while running, and nobody has started a
            // pass since: run once more.
            if !pass.again.swap(false, Ordering::AcqRel)
                || pass.running.swap(true, Ordering::AcqRel)
            {
                break;
            }
        }
        if changed {
            service.deadlines_changed.notify_one();
        }
    });
}

/// Starts a task for each due ballot whose game has none running and that
/// is not waiting out a failure's backoff.
async fn start_due_closes(service: &Arc<Service>) -> Result<(), StoreError> {
    let due = service.store.due_ballots(service.now()).await?;
    service.close_retries.retain(|b| due.contains(b));
    for ballot in due {
        // Claim first, then look at the backoff: a task that just failed
        // records its failure before it releases the game, so this sees it.
        if !service.in_flight.claim(ballot.game) {
            continue;
        }
        let claim = Claim {
            service: service.clone(),
            game: ballot.game,
        };
        if service.close_retries.waiting(ballot).is_some() {
            continue;
        }
        tokio::spawn(async move {
            let _permit = claim.service.in_flight.slots.clone().acquire_owned().await;
            // A failure is logged and its retry armed inside.
            let _ = claim.service.turns().close_with_backoff(ballot).await;
        });
    }
    Ok(())
}

/// As [`start_due_closes`], for match timers.
async fn start_due_timers(service: &Arc<Service>) -> Result<(), StoreError> {
    let due = service.store.due_matches(service.now()).await?;
    service.timer_retries.retain(|m| due.contains(m));
    for game in due {
        if !service.in_flight.claim(game) {
            continue;
        }
        let claim = Claim {
            service: service.clone(),
            game,
        };
        if service.timer_retries.waiting(game).is_some() {
            continue;
        }
        tokio::spawn(async move {
            let _permit = claim.service.in_flight.slots.clone().acquire_owned().await;
            claim.service.handle_one_timer(game).await;
        });
    }
    Ok(())
}

/// A game's place in flight. Released on drop, even when the task panics,
/// so a bug in one game's step never leaves it unclosed until a restart;
/// and the loop is woken, since what the task did changes the next wake-up.
struct Claim {
    service: Arc<Service>,
    game: GameId,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.service.in_flight.release(self.game);
        self.service.deadlines_changed.notify_one();
    }
}

/// How long to sleep: nothing if something due can be started, else until
/// the next deadline or the end of a due item's backoff. Work already
/// running wakes the loop when it ends.
async fn next_wake(service: &Service) -> Result<Duration, StoreError> {
    let now = service.now();
    let store = &service.store;
    let mut retries = Vec::new();
    let mut startable = false;
    for ballot in store.due_ballots(now).await? {
        if service.in_flight.contains(ballot.game) {
            continue;
        }
        match service.close_retries.waiting(ballot) {
            Some(failing) => retries.push(failing.retry_at),
            None => startable = true,
        }
    }
    for game in store.due_matches(now).await? {
        if service.in_flight.contains(game) {
            continue;
        }
        match service.timer_retries.waiting(game) {
            Some(failing) => retries.push(failing.retry_at),
            None => startable = true,
        }
    }
    if startable {
        return Ok(Duration::ZERO);
    }
    // A due league is not "startable" here: the leagues' pass runs on
    // every turn and wakes the loop when it did something, and one it
    // found waiting must not make the loop spin. Only a failed one's
    // retry is a time to wake for.
    for league in store.due_leagues(now).await? {
        if let Some(failing) = service.league_retries.waiting(league) {
            retries.push(failing.retry_at);
        }
    }
    let deadline = [
        store.earliest_deadline(now).await?,
        store.earliest_match_timer(now).await?,
        store.earliest_reminder(now).await?,
        store.earliest_opening(now).await?,
        store.earliest_league_step(now).await?,
    ]
    .into_iter()
    .flatten()
    .min()
    .map(|at| until(service, at));
    let retry = retries
        .into_iter()
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
