//! `bench closes`: many channels' ballots due in the same second, closed
//! by the real scheduler.
//!
//! The games are set up on a held clock, so every deadline is the same
//! instant; the clock is then let go at that instant and runs in real
//! time, and the scheduler starts. A close is done when its ballot is no
//! longer due (the community's move, the engine's reply and the next
//! ballot are one transaction); the due count is read every few
//! milliseconds, which is the resolution of each close's lateness.

use super::{Database, ms, percentile, progress, service_at, start_games, verdict};
use crate::cli::output::outln;
use anyhow::ensure;
use holotable::model::Access;
use holotable::model::Millis;
use holotable::service::{Clock, SystemClock, run_scheduler};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const TARGET: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(5);

/// Stands still at `at` until let go, then runs in real time from there.
struct HeldClock {
    at: Millis,
    running_since: Mutex<Option<Instant>>,
}

impl HeldClock {
    fn let_go(&self) -> Instant {
        *self
            .running_since
            .lock()
            .expect("clock lock")
            .get_or_insert_with(Instant::now)
    }
}

impl Clock for HeldClock {
    fn now(&self) -> Millis {
        let since = *self.running_since.lock().expect("clock lock");
        self.at + since.map_or(0, |since| since.elapsed().as_millis() as Millis)
    }
}

pub async fn run(channels: usize, db: &Database) -> anyhow::Result<()> {
    let clock = Arc::new(HeldClock {
        at: SystemClock.now(),
        running_since: Mutex::new(None),
    });
    let service = service_at(db, Access::Empty, clock.clone()).await?;
    let channel = |i: usize| format!("closes-{i}");
    start_games(&service, channels, "normal", channel).await?;
    let bar = progress(channels, "voting");
    let mut deadline = None;
    for i in 0..channels {
        let view = service.games().status(&channel(i)).await?;
        let ballot = view.ballot.expect("a new game has an open ballot");
        service
            .votes()
            .cast(&channel(i), "voter", &ballot.legal[0], clock.now())
            .await?;
        deadline = Some(ballot.deadline);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let deadline = deadline.unwrap_or(clock.at);
    // The first service stays open to watch the database while the second,
    // whose clock runs, closes the ballots.
    let observer = service.clone();
    ensure!(
        observer.turns().due_ballots(deadline).await?.len() == channels,
        "every ballot is due at the same instant (is the database empty?)"
    );

    // Let the clock go at the common deadline; the scheduler finds them all due.
    let clock = Arc::new(HeldClock {
        at: deadline,
        running_since: Mutex::new(None),
    });
    let service = service_at(db, Access::Existing, clock.clone()).await?;
    let due_at = clock.let_go();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let scheduler = tokio::spawn(run_scheduler(service.clone(), async {
        let _ = stopped.await;
    }));
    let bar = progress(channels, "closing");
    let mut lateness = Vec::with_capacity(channels);
    let give_up = due_at + TARGET * 12;
    while lateness.len() < channels && Instant::now() < give_up {
        tokio::time::sleep(POLL).await;
        let left = observer.turns().due_ballots(deadline).await?.len();
        let seen = due_at.elapsed();
        while lateness.len() < channels - left {
            lateness.push(seen);
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    stop.send(()).ok();
    scheduler.await?;
    ensure!(
        lateness.len() == channels,
        "only {} of {channels} ballots closed within {:?}",
        lateness.len(),
        TARGET * 12
    );
    for i in 0..channels {
        let view = service.games().status(&channel(i)).await?;
        let moves = observer.games().moves(view.game.id).await?;
        ensure!(
            moves.len() >= 2
                && view
                    .ballot
                    .is_some_and(|b| b.id.ply as usize == moves.len()),
            "channel {i}: the vote, the engine's reply and the next ballot are all written"
        );
    }
    let all = *lateness.last().expect("at least one channel");
    outln!(
        "closes: {channels} Space Checkers ballots (level normal) due in the same second: all closed, \
         engine replies played and next ballots written in {:.2} s ({}, {:.0} s); lateness of each close \
         p50 {:.0} ms, p99 {:.0} ms (read every {} ms)",
        all.as_secs_f64(),
        verdict(all <= TARGET),
        TARGET.as_secs_f64(),
        ms(percentile(&lateness, 0.50)),
        ms(percentile(&lateness, 0.99)),
        POLL.as_millis()
    );
    Ok(())
}
