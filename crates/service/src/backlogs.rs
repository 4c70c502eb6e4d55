//! Queues of requests across processes sharing one database: each process
//! publishes when the oldest request it has received and not finished was
//! sent (`arrivals.rs`), and a close in any process waits for every
//! process's requests sent before its deadline, not only its own. Without
//! this, a vote queued in one bot process past its ballot's deadline is
//! refused as late when another process (any may hold the close's lease)
//! closes the ballot first.
//!
//! What another process sees runs behind this process's queue until the
//! publisher has run and its write committed: a request older than what
//! was last published is written as soon as the publisher runs, while
//! progress (the oldest moving on, the queue emptying) is written at most
//! every [`PUBLISH_EVERY`], which only makes another process's close wait
//! that much longer. While writes fail, nothing is published, and other
//! processes' closes do not wait for this queue. A row not renewed for
//! [`ALIVE`] belongs to a process that ended, and is ignored.
//!
//! A close waits for another process's queue as for its own: while it
//! moves, for at most [`MAX_WAIT`] in all, and not for one where nothing
//! has ended for [`STALL`]. A request that has been pending in its process
//! for longer than [`MAX_WAIT`] is left out of what the process publishes:
//! it is stuck, and one request stuck in one process must not hold every
//! close of every process. (This process's own closes still wait for it,
//! up to [`MAX_WAIT`] each, as before.)

use crate::Service;
use crate::arrivals::{Arrivals, MAX_WAIT, STALL};
use holotable_model::Millis;
use holotable_store::{Backlog, BacklogQuery, OtherBacklog, Store, StoreError};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// How often progress is published at most.
const PUBLISH_EVERY: Duration = Duration::from_millis(250);
/// How often a process with waiting requests says it is still alive.
const RENEW_EVERY: Duration = Duration::from_secs(1);
/// How long a published backlog counts without being renewed.
const ALIVE: Duration = Duration::from_secs(5);
/// How often other processes' backlogs are read while a close waits for
/// them; every close waiting in this process shares the read.
const LOOK_EVERY: Duration = Duration::from_millis(250);

/// Other processes' backlogs as last read, shared by the closes waiting in
/// this process.
#[derive(Default)]
pub(crate) struct OthersSeen {
    /// When the read began, and what it found; a failure is kept too, so
    /// the closes waiting on it fail at once rather than each try again in
    /// turn on a database that does not answer.
    last: tokio::sync::Mutex<Option<(Instant, SharedRead)>>,
}

type SharedRead = Result<Vec<OtherBacklog>, Arc<StoreError>>;

/// This process's publisher, stopped with the service.
#[derive(Default)]
pub(crate) struct Publisher {
    task: std::sync::OnceLock<tokio::task::JoinHandle<()>>,
}

impl Drop for Publisher {
    fn drop(&mut self) {
        if let Some(task) = self.task.get() {
            task.abort();
        }
    }
}

impl Service {
    /// Resolves once no request sent before `before` is pending, in this
    /// process or in another sharing the database; `false` when it gave up
    /// (a queue where nothing ends for [`STALL`], or [`MAX_WAIT`] in all).
    ///
    /// # Errors
    /// Storage failures while reading other processes' backlogs.
    pub(crate) async fn requests_settled(&self, before: Millis) -> Result<bool, StoreError> {
        let started = Instant::now();
        loop {
            // This process's queue first, and again on every turn: a
            // request sent in time may still reach it while others wait.
            let left = MAX_WAIT.saturating_sub(started.elapsed());
            if !self.arrivals.settled(before, STALL, left).await {
                return Ok(false);
            }
            let left = MAX_WAIT.saturating_sub(started.elapsed());
            let Ok(others) = tokio::time::timeout(left, self.others_since(started)).await else {
                return Ok(false);
            };
            let waiting: Vec<OtherBacklog> = others?
                .into_iter()
                .filter(|backlog| backlog.oldest_sent_at < before)
                .collect();
            if waiting.is_empty() {
                return Ok(true);
            }
            if !waiting.iter().any(|backlog| backlog.moving) || started.elapsed() >= MAX_WAIT {
                return Ok(false);
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
    }

    /// Other processes' backlogs as read since `since` (when a close began
    /// to wait: what was published before it must be seen), read again
    /// when that read is [`LOOK_EVERY`] old.
    async fn others_since(&self, since: Instant) -> Result<Vec<OtherBacklog>, StoreError> {
        let mut last = self.others_seen.last.lock().await;
        if let Some((read_at, backlogs)) = last.as_ref()
            && *read_at >= since
            && read_at.elapsed() < LOOK_EVERY
        {
            return backlogs.clone().map_err(StoreError::Shared);
        }
        let query = BacklogQuery {
            sent_before: Millis::MAX,
            except: &self.settings.process_id,
            alive_within: ALIVE,
        };
        // Timed from before the read: a backlog published while it runs
        // may be missed, so it counts only for closes that began earlier.
        let read_at = Instant::now();
        let read = self
            .store
            .other_backlogs(query, STALL)
            .await
            .map_err(Arc::new);
        *last = Some((read_at, read.clone()));
        read.map_err(StoreError::Shared)
    }

    /// Starts publishing this process's backlog, once; called when the first
    /// request arrives, so a process that receives none writes nothing.
    pub(crate) fn publish_backlog(&self) {
        self.publisher.task.get_or_init(|| {
            tokio::spawn(publish(
                self.store.clone(),
                self.arrivals.clone(),
                self.settings.process_id.clone(),
            ))
        });
    }

    /// Takes this process's backlog out of the database, as it ends.
    pub(crate) async fn withdraw_backlog(&self) {
        if let Some(task) = self.publisher.task.get() {
            task.abort();
            if let Err(error) = self.store.withdraw_backlog(&self.settings.process_id).await {
                tracing::warn!(%error, "could not withdraw this process's waiting requests");
            }
        }
    }
}

/// Keeps this process's row in `request_backlogs` true to `arrivals` for as
/// long as the process runs.
async fn publish(store: Store, arrivals: Arc<Arrivals>, process: String) {
    let mut published: Option<Millis> = None;
    let mut written_at: Option<Instant> = None;
    loop {
        let changed = arrivals.changed();
        tokio::pin!(changed);
        changed.as_mut().enable();
        let oldest = arrivals.oldest_pending_within(MAX_WAIT);
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
                Some(oldest_sent_at) => {
                    let backlog = Backlog {
                        oldest_sent_at,
                        moved_ago: arrivals.moved_ago(),
                    };
                    store.publish_backlog(&process, backlog).await
                }
                None => store.withdraw_backlog(&process).await,
            };
            if let Err(error) = written {
                // A database in trouble is not asked again at once.
                tracing::warn!(
                    %error,
                    "could not publish this process's waiting requests for other processes' closes"
                );
                tokio::time::sleep(RENEW_EVERY).await;
                continue;
            }
            published = oldest;
            written_at = Some(Instant::now());
        }
        // Nothing published and nothing waiting: only a change can make
        // work. Otherwise the throttle's or the renewal's time may.
        let wake_after = if published.is_none() && oldest.is_none() {
            None
        } else if oldest != published {
            Some(PUBLISH_EVERY)
        } else {
            Some(RENEW_EVERY)
        };
        let since_write = written_at.map_or(Duration::ZERO, |at| at.elapsed());
        match wake_after {
            None => changed.await,
            Some(after) => {
                tokio::select! {
                    () = &mut changed => {}
                    () = tokio::time::sleep(after.saturating_sub(since_write)) => {}
                }
            }
        }
    }
}
