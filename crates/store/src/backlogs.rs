//! Each bot process's backlog of requests received and not yet worked
//! through, published so that a ballot's close in any process sharing the
//! database can wait for votes sent before its deadline and still queued
//! in another (see the service's `backlogs.rs`).

use super::{Millis, Store, StoreError, Written, on_pool};

/// Another process's backlog, as it last published it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backlog {
    /// When its oldest waiting request was sent.
    pub oldest_sent_at: Millis,
    /// When one of its requests last finished.
    pub moved_at: Millis,
}

impl Store {
    /// Publishes `process`'s backlog: its oldest waiting request was sent at
    /// `oldest_sent_at`, one last finished at `moved_at`, and the process
    /// is alive at `now`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn publish_backlog(
        &self,
        process: &str,
        oldest_sent_at: Millis,
        moved_at: Millis,
        now: Millis,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query(
                "INSERT INTO request_backlogs (process, oldest_sent_at, moved_at, seen_at)
                 VALUES ($1, $2, $3, $4)
                 ON CONFLICT (process) DO UPDATE
                 SET oldest_sent_at = excluded.oldest_sent_at,
                     moved_at = excluded.moved_at, seen_at = excluded.seen_at",
            )
            .bind(process)
            .bind(oldest_sent_at)
            .bind(moved_at)
            .bind(now)
            .execute(db)
            .await
            .map(Written::from)
        })?;
        Ok(())
    }

    /// `process` has no request waiting any more.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn withdraw_backlog(&self, process: &str) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query("DELETE FROM request_backlogs WHERE process = $1")
                .bind(process)
                .execute(db)
                .await
                .map(Written::from)
        })?;
        Ok(())
    }

    /// The backlogs of processes other than `except`, seen alive since
    /// `alive_since`, holding a request sent before `before`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn backlogs_before(
        &self,
        before: Millis,
        except: &str,
        alive_since: Millis,
    ) -> Result<Vec<Backlog>, StoreError> {
        let rows: Vec<(Millis, Millis)> = on_pool!(self, |db| {
            sqlx::query_as(
                "SELECT oldest_sent_at, moved_at FROM request_backlogs
                 WHERE oldest_sent_at < $1 AND process <> $2 AND seen_at >= $3",
            )
            .bind(before)
            .bind(except)
            .bind(alive_since)
            .fetch_all(db)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(oldest_sent_at, moved_at)| Backlog {
                oldest_sent_at,
                moved_at,
            })
            .collect())
    }
}
