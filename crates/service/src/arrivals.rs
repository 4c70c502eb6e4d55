//! What this process has been asked and not yet finished, by when each
//! request was sent: a ballot's close waits for what was sent before it, so
//! a vote that waited its turn counts on the ballot its member saw.
//!
//! A platform that works on a bounded number of requests at once and
//! queues the rest (Discord's adapter, `src/discord/busy.rs`) registers
//! each request as it arrives and lets it go when its work is done; the
//! scheduler's close of a due ballot first waits until nothing sent before
//! the close began is still registered. Without that, a vote sent in the
//! last second of a ballot and queued behind a burst would be worked on
//! after the close and refused as late, though its member voted in time.
//!
//! Processes sharing a database see each other's queues through what each
//! publishes of its own (`backlogs.rs`). Nothing can wait for a request
//! still on its way from the platform, which no process has received.

use holotable_model::Millis;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

/// How long a close waits for earlier requests while none of this
/// process's requests ends ([`Arrivals::settled`]): a queue that moves is
/// waited for, however long (10,000 interactions at 100 ms a request took
/// 16 s to work through); one where nothing has ended for this long is
/// stuck, not waiting its turn.
pub const STALL: Duration = Duration::from_secs(10);

/// The longest a close waits for earlier requests in all: a request stuck
/// while others flow past it (a reply retried for minutes) must not keep
/// every ballot in the process open.
pub const MAX_WAIT: Duration = Duration::from_secs(60);

/// Requests received and not yet finished, counted by the millisecond they
/// were sent in.
#[derive(Default)]
pub struct Arrivals {
    pending: Mutex<BTreeMap<Millis, Pending>>,
    /// Woken when any pending request is done.
    one_done: Notify,
    /// Woken when a request arrives or is done, for the publisher of this
    /// process's backlog.
    changed: Notify,
    /// Wall-clock milliseconds when the queue last moved: a request was
    /// done, or one arrived while none was pending (0: never).
    moved_at: AtomicI64,
}

/// The requests pending that were sent in one millisecond.
struct Pending {
    count: usize,
    /// When the first of them reached this process.
    first_arrived: std::time::Instant,
}

/// A request in this process, from its arrival until its work is done
/// (dropped).
#[must_use = "the request counts as pending until this is dropped"]
pub struct Arrival {
    arrivals: Arc<Arrivals>,
    sent_at: Millis,
}

impl Arrivals {
    /// Registers a request sent at `sent_at`.
    pub fn arrive(self: &Arc<Self>, sent_at: Millis) -> Arrival {
        let mut pending = self.lock();
        if pending.is_empty() {
            self.moved_at
                .store(crate::leases::wall_now(), Ordering::Relaxed);
        }
        pending
            .entry(sent_at)
            .or_insert_with(|| Pending {
                count: 0,
                first_arrived: std::time::Instant::now(),
            })
            .count += 1;
        drop(pending);
        self.changed.notify_one();
        Arrival {
            arrivals: self.clone(),
            sent_at,
        }
    }

    /// Resolves `true` once no request sent before `before` is pending;
    /// `false` when it gave up: no request at all ended for `stall`, or
    /// `within` passed.
    pub async fn settled(&self, before: Millis, stall: Duration, within: Duration) -> bool {
        tokio::time::timeout(within, async {
            loop {
                // Registered before looking, so a request done between the
                // look and the wait still wakes this.
                let done = self.one_done.notified();
                tokio::pin!(done);
                done.as_mut().enable();
                if self
                    .lock()
                    .keys()
                    .next()
                    .is_none_or(|oldest| *oldest >= before)
                {
                    return true;
                }
                if tokio::time::timeout(stall, done).await.is_err() {
                    return false;
                }
            }
        })
        .await
        .unwrap_or(false)
    }

    /// When the oldest request pending for less than `within` was sent:
    /// one pending longer is stuck, and only holds closes up.
    pub(crate) fn oldest_pending_within(&self, within: Duration) -> Option<Millis> {
        self.lock()
            .iter()
            .find(|(_, pending)| pending.first_arrived.elapsed() < within)
            .map(|(sent_at, _)| *sent_at)
    }

    /// How long ago the queue last moved, by this host's clock.
    pub(crate) fn moved_ago(&self) -> Duration {
        let ago = crate::leases::wall_now() - self.moved_at.load(Ordering::Relaxed);
        Duration::from_millis(u64::try_from(ago).unwrap_or(0))
    }

    /// Resolves when a request arrives or is done (or did since the last
    /// call: one wake-up is kept).
    pub(crate) fn changed(&self) -> tokio::sync::futures::Notified<'_> {
        self.changed.notified()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<Millis, Pending>> {
        self.pending.lock().expect("arrivals lock")
    }
}

impl Drop for Arrival {
    fn drop(&mut self) {
        let mut pending = self.arrivals.lock();
        if let Some(sent_then) = pending.get_mut(&self.sent_at) {
            sent_then.count -= 1;
            if sent_then.count == 0 {
                pending.remove(&self.sent_at);
            }
        }
        drop(pending);
        self.arrivals
            .moved_at
            .store(crate::leases::wall_now(), Ordering::Relaxed);
        // Any end tells a waiting close that the queue moves.
        self.arrivals.one_done.notify_waiters();
        self.arrivals.changed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `settled(before)` resolves within a few turns of the runtime.
    async fn settles(arrivals: &Arrivals, before: Millis) -> bool {
        let soon = Duration::from_millis(50);
        arrivals.settled(before, soon, soon).await
    }

    #[tokio::test]
    async fn a_close_waits_for_what_was_sent_before_it_and_only_that() {
        let arrivals = Arc::new(Arrivals::default());
        assert!(settles(&arrivals, 1_000).await, "nothing pending");
        let early = arrivals.arrive(900);
        let twin = arrivals.arrive(900);
        let late = arrivals.arrive(1_000);
        assert!(!settles(&arrivals, 1_000).await);
        assert!(
            settles(&arrivals, 900).await,
            "sent at 900 is not before 900"
        );
        drop(early);
        assert!(!settles(&arrivals, 1_000).await, "its twin still waits");
        let waiting = {
            let arrivals = arrivals.clone();
            tokio::spawn(async move { arrivals.settled(1_000, STALL, MAX_WAIT).await })
        };
        tokio::task::yield_now().await;
        drop(twin);
        assert!(waiting.await.unwrap(), "woken when the last one ended");
        assert!(
            !settles(&arrivals, 1_001).await,
            "a later one still pending"
        );
        drop(late);
        assert!(arrivals.lock().is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn a_stuck_request_holds_a_close_until_nothing_moves() {
        let arrivals = Arc::new(Arrivals::default());
        let _stuck = arrivals.arrive(1);
        let started = tokio::time::Instant::now();
        assert!(!arrivals.settled(2, STALL, MAX_WAIT).await);
        assert_eq!(
            started.elapsed(),
            STALL,
            "nothing ended: given up at the stall"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_queue_that_moves_is_waited_for_past_the_stall_but_not_forever() {
        let arrivals = Arc::new(Arrivals::default());
        let _stuck = arrivals.arrive(1);
        let flowing = {
            let arrivals = arrivals.clone();
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(STALL / 2).await;
                    drop(arrivals.arrive(1));
                }
            })
        };
        let started = tokio::time::Instant::now();
        assert!(!arrivals.settled(2, STALL, MAX_WAIT).await);
        assert_eq!(
            started.elapsed(),
            MAX_WAIT,
            "others kept ending: waited to the bound"
        );
        flowing.abort();
    }

    #[tokio::test(start_paused = true)]
    async fn a_long_queue_that_moves_is_waited_for_to_its_end() {
        let arrivals = Arc::new(Arrivals::default());
        let queue: Vec<Arrival> = (0..5).map(|n| arrivals.arrive(n)).collect();
        let working = tokio::spawn(async move {
            for request in queue {
                tokio::time::sleep(STALL - Duration::from_secs(1)).await;
                drop(request);
            }
        });
        let started = tokio::time::Instant::now();
        assert!(arrivals.settled(10, STALL, MAX_WAIT).await);
        assert_eq!(started.elapsed(), (STALL - Duration::from_secs(1)) * 5);
        working.await.unwrap();
    }
}
