//! The service's side of the store's leases (`store/claims.rs`): a held
//! lease is renewed in the background while its work runs (a long engine
//! search, poll reads that retry) and released when the work ends, even
//! when the work panics. A process that dies stops renewing, and another
//! takes the work over once the lease runs out.
//!
//! Leases are on the machine's wall clock, not the service's [`Clock`]:
//! every process sharing the database must agree on when one expires, and
//! the terminal's hand-moved clock stands still.
//!
//! Within one process the scheduler's in-flight set already keeps a game
//! to one task; a lease is taken "again" by its own owner without waiting,
//! so it never stands in the way of the process that holds it.
//!
//! [`Clock`]: super::Clock

use super::{Service, ServiceError};
use holotable_store::{ClaimKind, Claimed, Millis, Store};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::task::JoinHandle;

/// A lease this process holds. [`Lease::release`] gives it up once the
/// work is done; a lease dropped without it (a panic, an early return) is
/// released in the background.
pub struct Lease {
    store: Store,
    kind: ClaimKind,
    key: String,
    owner: Arc<str>,
    length: Duration,
    /// Set by the renewer when it found the lease taken over, or could not
    /// renew it for longer than it lasts: another process may hold it now.
    lost: Arc<AtomicBool>,
    /// Taken by `release`, so `drop` knows it has nothing left to do.
    renewer: Option<JoinHandle<()>>,
}

impl Lease {
    fn new(store: Store, kind: ClaimKind, key: String, owner: Arc<str>, length: Duration) -> Lease {
        let mut lease = Lease {
            store,
            kind,
            key,
            owner,
            length,
            lost: Arc::new(AtomicBool::new(false)),
            renewer: None,
        };
        lease.spawn_renewer();
        lease
    }

    fn spawn_renewer(&mut self) {
        self.lost.store(false, Ordering::Relaxed);
        self.renewer = Some(tokio::spawn(renew(
            self.store.clone(),
            self.kind,
            self.key.clone(),
            self.owner.clone(),
            self.length,
            self.lost.clone(),
        )));
    }

    /// Gives the lease up now, so another process need not wait for it to
    /// run out. A failure is logged: the lease then simply expires.
    pub async fn release(mut self) {
        if let Some(renewer) = self.renewer.take() {
            renewer.abort();
        }
        release(&self.store, self.kind, &self.key, &self.owner).await;
    }

    /// Whether this process still holds the lease, renewing it if so: after
    /// the database was away for longer than the lease, another process
    /// may have taken it over. A lease that ran out and was taken by
    /// nobody, or taken and since released, is taken again, and renewed
    /// from then on.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn confirm(&mut self) -> Result<bool, ServiceError> {
        let claimed = self
            .store
            .take_claim(
                self.kind,
                &self.key,
                &self.owner,
                wall_now(),
                self.length.as_millis() as Millis,
            )
            .await?;
        if claimed != Claimed::Taken {
            self.lost.store(true, Ordering::Relaxed);
            return Ok(false);
        }
        // The renewer gives up once it finds the lease taken over; the
        // lease is ours again, so it is renewed again.
        if self.renewer.as_ref().is_none_or(JoinHandle::is_finished) {
            self.spawn_renewer();
        } else {
            self.lost.store(false, Ordering::Relaxed);
        }
        Ok(true)
    }

    /// The process holding the lease: what writes fenced on it name.
    pub(crate) fn owner(&self) -> Arc<str> {
        self.owner.clone()
    }

    /// Whether this is the lease on `(kind, key)`.
    pub(crate) fn is_on(&self, kind: ClaimKind, key: &str) -> bool {
        self.kind == kind && self.key == key
    }

    /// Whether this process still holds the lease, asking the database
    /// ([`Lease::confirm`]) only when the renewer found it may not: cheap
    /// enough to ask before every step that must be the holder's alone (a
    /// vote, a close). It is a flag in memory: after a pause longer than
    /// the lease it answers yes until the renewer has run, and a lease
    /// taken back after another process released it is ours again. A step
    /// that must not repeat another process's work asks the database about
    /// that work too (a delivery: `Deliveries::still_current`).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn still_ours(&mut self) -> Result<bool, ServiceError> {
        if !self.lost.load(Ordering::Relaxed) {
            return Ok(true);
        }
        self.confirm().await
    }
}

async fn release(store: &Store, kind: ClaimKind, key: &str, owner: &str) {
    if let Err(error) = store.release_claim(kind, key, owner).await {
        tracing::warn!(kind = kind.as_str(), %key, %error, "releasing a lease failed; it will expire");
    }
}

pub enum Leased {
    Ours(Lease),
    /// Another process, `owner`, holds the work; it is free again after
    /// this long unless that process renews it.
    Elsewhere {
        free_in: Duration,
        owner: String,
    },
}

/// Milliseconds since the Unix epoch on this machine's clock.
pub(super) fn wall_now() -> Millis {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as Millis)
}

impl Service {
    /// Takes the lease on `(kind, key)` for this process.
    ///
    /// # Errors
    /// Storage failures.
    pub(crate) async fn lease(&self, kind: ClaimKind, key: String) -> Result<Leased, ServiceError> {
        self.lease_over(kind, key, None).await
    }

    pub(crate) async fn lease_over(
        &self,
        kind: ClaimKind,
        key: String,
        gone: Option<&str>,
    ) -> Result<Leased, ServiceError> {
        let owner: Arc<str> = self.settings.process_id.as_str().into();
        let length = self.settings.lease;
        let lease_ms = length.as_millis() as Millis;
        let now = wall_now();
        let claimed = match gone {
            None => {
                self.store
                    .take_claim(kind, &key, &owner, now, lease_ms)
                    .await?
            }
            Some(gone) => {
                self.store
                    .take_claim_from(kind, &key, gone, &owner, now, lease_ms)
                    .await?
            }
        };
        match claimed {
            Claimed::HeldElsewhere { until, owner } => Ok(Leased::Elsewhere {
                free_in: Duration::from_millis(until.saturating_sub(now).max(0) as u64),
                owner,
            }),
            Claimed::Taken => Ok(Leased::Ours(Lease::new(
                self.store.clone(),
                kind,
                key,
                owner,
                length,
            ))),
        }
    }
}

/// Renews the lease at a third of its length, so two missed renewals
/// (a stalled database) still leave it held. Sets `lost` when the lease
/// was taken over, or went unrenewed for longer than it lasts (another
/// process may take it then), so the holder can ask before its next step.
async fn renew(
    store: Store,
    kind: ClaimKind,
    key: String,
    owner: Arc<str>,
    length: Duration,
    lost: Arc<AtomicBool>,
) {
    let lease_ms = length.as_millis() as Millis;
    let mut renewed = Instant::now();
    loop {
        tokio::time::sleep(length / 3).await;
        match store
            .take_claim(kind, &key, &owner, wall_now(), lease_ms)
            .await
        {
            Ok(Claimed::Taken) => renewed = Instant::now(),
            Ok(Claimed::HeldElsewhere { owner: taker, .. }) => {
                // We stalled past the lease. The game's version guard still
                // lets only one of us write; the other's work is wasted
                // unless the holder stops, which `lost` tells it to.
                tracing::warn!(kind = kind.as_str(), %key, %taker, "a lease ran out while its work ran; another process took it over");
                lost.store(true, Ordering::Relaxed);
                return;
            }
            Err(error) => {
                tracing::warn!(kind = kind.as_str(), %key, %error, "renewing a lease failed; trying again");
                if renewed.elapsed() >= length {
                    lost.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let Some(renewer) = self.renewer.take() else {
            return;
        };
        renewer.abort();
        // Without a runtime (shutting down) the lease simply expires.
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let (store, kind) = (self.store.clone(), self.kind);
        let (key, owner) = (std::mem::take(&mut self.key), self.owner.clone());
        runtime.spawn(async move { release(&store, kind, &key, &owner).await });
    }
}
