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
//! This holds within one process. Processes sharing a database do not see
//! each other's queues: a close taken by another process (any process may
//! hold a ballot's close lease) does not wait for a vote queued here, and
//! that vote is refused as late, as before. Nor can anything wait for a
//! request still on its way from the platform, which this process has not
//! received.

use holotable_model::Millis;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Notify;

/// The longest a close waits for earlier requests ([`Arrivals::settled`]). A queue drains in
/// seconds (10,000 interactions, 64 at a time, a few milliseconds each):
/// a request still not done after this is stuck, not waiting its turn, and
/// a stuck request must not keep every ballot in the process open.
pub const MAX_WAIT: Duration = Duration::from_secs(30);

/// Requests received and not yet finished, counted by the millisecond they
/// were sent in.
#[derive(Default)]
pub struct Arrivals {
    pending: Mutex<BTreeMap<Millis, usize>>,
    /// Woken when the oldest pending request is done.
    oldest_done: Notify,
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
        *self.lock().entry(sent_at).or_default() += 1;
        Arrival {
            arrivals: self.clone(),
            sent_at,
        }
    }

    /// Resolves once no request sent before `before` is pending, or after
    /// `within`; `false` when it gave up waiting.
    pub async fn settled(&self, before: Millis, within: Duration) -> bool {
        tokio::time::timeout(within, async {
            loop {
                // Registered before looking, so a request done between the
                // look and the wait still wakes this.
                let done = self.oldest_done.notified();
                tokio::pin!(done);
                done.as_mut().enable();
                if self
                    .lock()
                    .keys()
                    .next()
                    .is_none_or(|oldest| *oldest >= before)
                {
                    return;
                }
                done.await;
            }
        })
        .await
        .is_ok()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<Millis, usize>> {
        self.pending.lock().expect("arrivals lock")
    }
}

impl Drop for Arrival {
    fn drop(&mut self) {
        let mut pending = self.arrivals.lock();
        let oldest = pending.keys().next() == Some(&self.sent_at);
        if let Some(count) = pending.get_mut(&self.sent_at) {
            *count -= 1;
            if *count == 0 {
                pending.remove(&self.sent_at);
                drop(pending);
                // Only the oldest's end can settle a wait: the others
                // leave an older request pending.
                if oldest {
                    self.arrivals.oldest_done.notify_waiters();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `settled(before)` resolves within a few turns of the runtime.
    async fn settles(arrivals: &Arrivals, before: Millis) -> bool {
        arrivals.settled(before, Duration::from_millis(50)).await
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
            tokio::spawn(async move { arrivals.settled(1_000, MAX_WAIT).await })
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

    #[tokio::test]
    async fn a_stuck_request_holds_a_close_for_a_bounded_time() {
        let arrivals = Arc::new(Arrivals::default());
        let _stuck = arrivals.arrive(1);
        let limit = Duration::from_millis(20);
        let started = tokio::time::Instant::now();
        assert!(!arrivals.settled(2, limit).await);
        assert!(started.elapsed() >= limit);
    }
}
