//! Upkeep: the work no member asks for, which spans features. The
//! scheduler (`scheduler.rs`) and a restarting process come here: recovery
//! after a restart (community games and matches alike), the daily pass
//! that makes each server's daily jobs (`daily.rs`), and the leases that
//! keep shared work to one process.
//!
//! Each feature's own timed work stays on its door, beside the rules it
//! applies: a ballot's close is the turns' (`turns().close_due`), a
//! match's timer the match's (`matches().handle_due`). The leases are
//! also the adapters' way to keep their own shared work (the delivery
//! lanes, the terminal) to one process.

mod daily;

pub(crate) use daily::DailyScan;

use crate::scheduler::IN_FLIGHT;
use crate::{Leased, Service, ServiceError};
use futures_util::StreamExt;
use holotable_store::ClaimKind;

/// The door to upkeep: `service.upkeep().recover()`.
#[derive(Clone, Copy)]
pub struct Upkeep<'a>(pub(crate) &'a Service);

impl Upkeep<'_> {
    /// After a restart: finishes interrupted steps and closes ballots whose
    /// deadline passed while the process was down; the same for matches.
    /// Returns the number of open ballots left armed.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn recover(self) -> Result<i64, ServiceError> {
        let service = self.0;
        let awaiting = service.store.games_awaiting_step().await?;
        futures_util::stream::iter(awaiting)
            .for_each_concurrent(IN_FLIGHT, |id| async move {
                if let Err(error) = service.advance_leased(id).await {
                    tracing::error!(game = id.0, %error, "recovering a game failed");
                }
            })
            .await;
        service.turns().close_due().await?;
        service.recover_matches().await?;
        service.deadlines_changed.notify_one();
        Ok(service.store.open_ballot_count().await?)
    }

    /// Takes the lease on `(kind, key)` for this process.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn lease(self, kind: ClaimKind, key: String) -> Result<Leased, ServiceError> {
        self.0.lease(kind, key).await
    }

    /// Takes the lease on `(kind, key)` over from `gone`, a holder the
    /// caller knows has ended, without waiting for it to run out; as
    /// [`Upkeep::lease`] when `gone` no longer holds it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn lease_from(
        self,
        kind: ClaimKind,
        key: String,
        gone: &str,
    ) -> Result<Leased, ServiceError> {
        self.0.lease_over(kind, key, Some(gone)).await
    }
}
