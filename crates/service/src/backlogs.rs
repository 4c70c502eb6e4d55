//! Queues of requests across processes sharing one database: each process
//! publishes the oldest request it has received and not finished
//! (`arrivals.rs`), and a close in any process waits for every process's
//! requests sent before its deadline, not only its own. Without this, a
//! vote queued in one bot process past its ballot's deadline is refused as
//! late when another process (any may hold the close's lease) closes the
//! ballot first.
//!
//! What is published may be newer than the truth only for the moment a
//! write takes: a request older than what was last published is written at
//! once, while progress (the oldest moving on, the queue emptying) is
//! written at most every [`PUBLISH_EVERY`], which only makes another
//! process's close wait that much longer. A row not renewed for
//! [`ALIVE`] belongs to a process that ended, and is ignored.

use crate::Service;
use crate::arrivals::{Arrivals, MAX_WAIT, STALL};
use crate::leases::wall_now;
use holotable_model::Millis;
use holotable_store::Store;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// How often progress is published at most.
const PUBLISH_EVERY: Duration = Duration::from_millis(250);
/// How often a process with waiting requests says it is still alive.
const RENEW_EVERY: Duration = Duration::from_secs(1);
/// How long a published backlog counts without being renewed.
const ALIVE: Duration = Duration::from_secs(5);
/// How often a close looks again at other processes' backlogs.
const LOOK_EVERY: Duration = Duration::from_millis(100);

impl Service {
    /// Resolves once no request sent before `before` is pending, in this
    /// process or in another sharing the database; `false` when it gave up
    /// (see [`Arrivals::settled`]: a queue where nothing ends for
    /// [`STALL`], or [`MAX_WAIT`] in all).
    ///
    /// # Errors
    /// Storage failures while reading other processes' backlogs.
    pub(crate) async fn requests_settled(
        &self,
        before: Millis,
    ) -> Result<bool, holotable_store::StoreError> {
        let started = Instant::now();
        if !self.arrivals.settled(before, STALL, MAX_WAIT).await {
            return Ok(false);
        }
        let me = self.settings.process_id.as_str();
        loop {
            let now = wall_now();
            let alive_since = now - millis(ALIVE);
            let waiting = self.store.backlogs_before(before, me, alive_since).await?;
            if waiting.is_empty() {
                return Ok(true);
            }
            let moving = waiting
                .iter()
                .any(|backlog| backlog.moved_at >= now - millis(STALL));
            if !moving || started.elapsed() >= MAX_WAIT {
                return Ok(false);
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
    }

    /// Starts publishing this process's backlog, once; called when the first
    /// request arrives, so a process that receives none writes nothing.
    pub(crate) fn publish_backlog(&self) {
        self.backlog_published.get_or_init(|| {
            tokio::spawn(publish(
                self.store.clone(),
                self.arrivals.clone(),
                self.settings.process_id.clone(),
            ));
        });
    }
}

fn millis(duration: Duration) -> Millis {
    Millis::try_from(duration.as_millis()).unwrap_or(Millis::MAX)
}

/// Keeps this process's row in `request_backlogs` true to `arrivals` for as
/// long as the process runs.
async fn publish(store: Store, arrivals: Arc<Arrivals>, process: String) {
    let mut published: Option<Millis> = None;
    let mut written_at: Option<Instant> = None;
    loop {
        let changed = arrivals.changed.notified();
        tokio::pin!(changed);
        changed.as_mut().enable();
        let oldest = arrivals.oldest();
        let since_write = written_at.map_or(Duration::MAX, |at| at.elapsed());
        let older_than_published = match (oldest, published) {
            (Some(oldest), Some(published)) => oldest < published,
            (Some(_), None) => true,
            (None, _) => false,
        };
        let due = older_than_published
            || (oldest != published && since_write >= PUBLISH_EVERY)
            || (oldest.is_some() && since_write >= RENEW_EVERY);
        if due {
            let written = match oldest {
                Some(oldest) => {
                    store
                        .publish_backlog(&process, oldest, arrivals.moved_at(), wall_now())
                        .await
                }
                None => store.withdraw_backlog(&process).await,
            };
            match written {
                Ok(()) => {
                    published = oldest;
                    written_at = Some(Instant::now());
                }
                // Others' closes stop waiting for this queue until a write
                // succeeds; a database in trouble is not asked again at once.
                Err(error) => {
                    tracing::warn!(
                        %error,
                        "could not publish this process's waiting requests for other processes' closes"
                    );
                    tokio::time::sleep(RENEW_EVERY).await;
                    continue;
                }
            }
        }
        // Whatever is not written yet is written when the next change
        // comes or the throttle allows, whichever is first.
        let next = if oldest != published {
            PUBLISH_EVERY
        } else {
            RENEW_EVERY
        };
        let wait = next.saturating_sub(written_at.map_or(Duration::ZERO, |at| at.elapsed()));
        tokio::select! {
            () = &mut changed => {}
            () = tokio::time::sleep(wait.max(Duration::from_millis(10))) => {}
        }
    }
}
