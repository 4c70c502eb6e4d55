//! Waiting before trying again, for all of holotable. One arithmetic,
//! [`RetryPolicy`] (a first wait, doubled after each further failure, up to
//! a cap), used with the numbers of each kind of work:
//! - scheduled work that failed (a ballot's close, a match timer; the
//!   default, 0.5 s to 60 s), tracked here by [`Retries`]: the same item is
//!   tried again later, each time logged, until it succeeds. Without it a
//!   due item that keeps failing (a full disk) is either forgotten, or
//!   retried in a tight loop because it is still due;
//! - one Discord call that met a 5xx or a lost connection (the REST
//!   client's, 0.25 s to 8 s: a few quick tries inside one delivery);
//! - an outbox row whose delivery failed (the delivery lanes', 1 s to
//!   64 s, stored on the row so every process waits it out alike).
//!
//! Doubling with a cap, and no jitter: the waits are per item (a channel,
//! a ballot), not a crowd of clients retrying one server at the same tick.
//!
//! Times here are the machine's monotonic clock, not the service's
//! [`Clock`]: the terminal's hand-moved clock does not advance while a
//! retry waits. Kept in memory on purpose: after a restart the work is
//! simply due again.
//!
//! [`Clock`]: super::Clock

use crate::ServiceError;
use holotable_model::Permanent;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::Duration;
use tokio::time::Instant;

/// How long to wait after the first failure, doubling after each further
/// one up to `max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    pub first: Duration,
    pub max: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            first: Duration::from_millis(500),
            max: Duration::from_secs(60),
        }
    }
}

impl RetryPolicy {
    /// The wait after `attempts` failures in a row (at least one).
    pub fn wait_after(&self, attempts: u32) -> Duration {
        let doublings = attempts.saturating_sub(1).min(20);
        self.first.saturating_mul(1 << doublings).min(self.max)
    }
}

/// An item that failed and waits for its next try.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failing {
    /// Failures in a row so far.
    pub attempts: u32,
    pub retry_at: Instant,
    /// The last failure, for the log and for whoever gives up.
    pub error: String,
    /// What the last failure found, without the advice the store's words
    /// give: for a person's line that gives advice of its own.
    pub found: String,
    /// Set when the last failure will not pass by itself (a full disk, a
    /// damaged file): a person waiting on the item is told at once.
    pub permanent: Option<Permanent>,
    /// Set when the last failure was the database going away, which a
    /// person's command waits out as long as it waits for any step.
    pub unreachable: bool,
    /// Why the database still cannot be written to if this failure, which
    /// usually passes, lasts as long as the person waits (a standby that
    /// stays one is read-only).
    pub permanent_once_waited: Option<Permanent>,
}

impl Failing {
    pub fn retry_in(&self) -> Duration {
        self.retry_at.saturating_duration_since(Instant::now())
    }
}

pub(super) struct Retries<K> {
    policy: RetryPolicy,
    failing: Mutex<HashMap<K, Failing>>,
}

impl<K: Copy + Eq + Hash> Retries<K> {
    pub fn new(policy: RetryPolicy) -> Self {
        Retries {
            policy,
            failing: Mutex::new(HashMap::new()),
        }
    }

    /// The item's failure, if it is waiting for its next try.
    pub fn waiting(&self, key: K) -> Option<Failing> {
        self.lock()
            .get(&key)
            .filter(|f| f.retry_at > Instant::now())
            .cloned()
    }

    /// Records one more failure and returns when to try again.
    pub fn failed(&self, key: K, error: &ServiceError) -> Failing {
        let mut failing = self.lock();
        let attempts = failing.get(&key).map_or(0, |f| f.attempts) + 1;
        let entry = Failing {
            attempts,
            retry_at: Instant::now() + self.policy.wait_after(attempts),
            error: error.to_string(),
            found: error.without_advice().unwrap_or_else(|| error.to_string()),
            permanent: error.permanent(),
            unreachable: error.is_database_unreachable(),
            permanent_once_waited: error.permanent_once_waited(),
        };
        failing.insert(key, entry.clone());
        entry
    }

    /// Parks the item until `until` without counting a failure: another
    /// process holds its lease, and it is looked at again once that may
    /// have run out.
    pub fn hold(&self, key: K, until: Instant, why: String) -> Failing {
        let mut failing = self.lock();
        let entry = Failing {
            attempts: failing.get(&key).map_or(0, |f| f.attempts),
            retry_at: until,
            found: why.clone(),
            error: why,
            permanent: None,
            unreachable: false,
            permanent_once_waited: None,
        };
        failing.insert(key, entry.clone());
        entry
    }

    pub fn succeeded(&self, key: K) {
        self.lock().remove(&key);
    }

    /// Forgets every item `keep` rejects: one no longer due (closed by
    /// another process, stopped, its deadline moved) would otherwise stay
    /// in the table for good.
    pub fn retain(&self, keep: impl Fn(&K) -> bool) {
        self.lock().retain(|key, _| keep(key));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Failing>> {
        self.failing.lock().expect("retry table lock")
    }
}

/// A run of failures of work a person waits on, because the database
/// went away ([`ServiceError::is_database_unreachable`]: a reset
/// connection, a restart): the work is tried again after the policy's
/// waits, until the database has stayed away for `patience`. Only for
/// work that is safe to run again from what the database holds, as every
/// committed step is; a failure waiting cannot mend (a refusal, a full
/// disk) is the caller's to report at once.
///
/// [`ServiceError::is_database_unreachable`]: crate::ServiceError::is_database_unreachable
pub struct Outage {
    policy: RetryPolicy,
    patience: Duration,
    /// When the current run of failures began, and its failures so far.
    began: Option<(Instant, u32)>,
}

impl Outage {
    pub fn new(policy: RetryPolicy, patience: Duration) -> Self {
        Outage {
            policy,
            patience,
            began: None,
        }
    }

    /// After a failure: waits as long as the policy says before the next
    /// try and returns `true`, or returns `false` at once when the
    /// database has been away for `patience` already.
    pub async fn wait(&mut self) -> bool {
        if self.gave_up() {
            return false;
        }
        let failures = self.began.map_or(1, |(_, failures)| failures);
        tokio::time::sleep(self.policy.wait_after(failures)).await;
        true
    }

    /// After a failure whose wait is the caller's (work with a backoff of
    /// its own): counts it and says whether the database has been away
    /// for `patience` already.
    pub fn gave_up(&mut self) -> bool {
        let (since, failures) = self.began.get_or_insert((Instant::now(), 0));
        *failures += 1;
        since.elapsed() >= self.patience
    }

    /// The work went forward: a failure after this begins a new run.
    pub fn over(&mut self) {
        self.began = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_from_the_first_up_to_the_cap() {
        let policy = RetryPolicy {
            first: Duration::from_millis(100),
            max: Duration::from_secs(1),
        };
        let waits: Vec<u128> = (1..=6).map(|n| policy.wait_after(n).as_millis()).collect();
        assert_eq!(waits, [100, 200, 400, 800, 1000, 1000]);
        assert_eq!(policy.wait_after(u32::MAX), Duration::from_secs(1));
    }

    #[tokio::test]
    async fn an_outage_is_waited_out_until_its_patience_runs_out_and_ends_with_progress() {
        let policy = RetryPolicy {
            first: Duration::from_millis(5),
            max: Duration::from_millis(20),
        };
        let mut outage = Outage::new(policy, Duration::from_millis(60));
        let mut waits = 0;
        while outage.wait().await {
            waits += 1;
            assert!(
                waits < 100,
                "an outage gives up once its patience has run out"
            );
        }
        assert!(waits >= 1, "waited {waits} times before giving up");
        assert!(!outage.wait().await, "still away: given up at once");
        outage.over();
        assert!(
            outage.wait().await,
            "after progress, a failure begins a new outage"
        );
    }

    #[tokio::test]
    async fn a_failure_waits_counts_and_clears_on_success() {
        let retries = Retries::new(RetryPolicy {
            first: Duration::from_secs(30),
            max: Duration::from_secs(60),
        });
        let failure = ServiceError::from(holotable_store::StoreError::Corrupt("a bad row".into()));
        assert!(retries.waiting(7).is_none());
        assert_eq!(retries.failed(7, &failure).attempts, 1);
        let second = retries.failed(7, &failure);
        assert_eq!(second.attempts, 2);
        assert!(second.retry_in() > Duration::from_secs(50));
        assert_eq!(retries.waiting(7), Some(second.clone()));
        retries.succeeded(7);
        assert!(retries.waiting(7).is_none());
        retries.failed(8, &failure);
        retries.failed(9, &failure);
        retries.retain(|key| *key == 9);
        assert!(retries.waiting(8).is_none(), "no longer due, so forgotten");
        assert!(retries.waiting(9).is_some());
    }
}
