//! Each bot process's backlog of requests received and not yet worked
//! through, published so that a ballot's close in any process sharing the
//! database can wait for votes sent before its deadline and still queued
//! in another (see the service's `backlogs.rs`).
//!
//! When a process was last seen and when its queue last moved are stamped
//! and compared by the database's clock: processes on several hosts would
//! each judge the others by a clock of their own.

use super::{Millis, Store, StoreError, Written, on_pool};
use std::time::Duration;

/// A process's backlog, as it publishes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backlog {
    /// When its oldest waiting request was sent (the platform's time).
    pub oldest_sent_at: Millis,
    /// How long ago its queue last moved: a request ended, or one came to
    /// an empty queue.
    pub moved_ago: Duration,
}

/// How other processes' backlogs are read.
#[derive(Clone, Copy, Debug)]
pub struct BacklogQuery<'a> {
    /// Only requests sent before this.
    pub sent_before: Millis,
    /// Not this process's own.
    pub except: &'a str,
    /// Only processes seen within this.
    pub alive_within: Duration,
}

/// A backlog another process has, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherBacklog {
    pub oldest_sent_at: Millis,
    /// Whether its queue moved within the `stalled_after` asked for.
    pub moving: bool,
}

fn ms(duration: Duration) -> Millis {
    Millis::try_from(duration.as_millis()).unwrap_or(Millis::MAX)
}

/// Rows of processes not seen for this long are deleted when another
/// publishes: a process that died with requests waiting leaves its row.
const FORGOTTEN_AFTER: Duration = Duration::from_secs(3600);

impl Store {
    /// Publishes `process`'s backlog, and forgets rows of processes long
    /// gone.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn publish_backlog(&self, process: &str, backlog: Backlog) -> Result<(), StoreError> {
        let now = self.backend().now_ms();
        let upsert = format!(
            "INSERT INTO request_backlogs (process, oldest_sent_at, moved_at, seen_at)
             VALUES ($1, $2, {now} - $3, {now})
             ON CONFLICT (process) DO UPDATE
             SET oldest_sent_at = excluded.oldest_sent_at,
                 moved_at = excluded.moved_at, seen_at = excluded.seen_at"
        );
        on_pool!(self, |db| {
            sqlx::query(sqlx::AssertSqlSafe(upsert.as_str()))
                .bind(process)
                .bind(backlog.oldest_sent_at)
                .bind(ms(backlog.moved_ago))
                .execute(db)
                .await
                .map(Written::from)
        })?;
        let forget = format!("DELETE FROM request_backlogs WHERE seen_at < {now} - $1");
        on_pool!(self, |db| {
            sqlx::query(sqlx::AssertSqlSafe(forget.as_str()))
                .bind(ms(FORGOTTEN_AFTER))
                .execute(db)
                .await
                .map(Written::from)
        })?;
        Ok(())
    }

    /// `process` has no request waiting any more (or is ending).
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

    /// The backlogs `query` asks for, each said moving when its queue moved
    /// within `stalled_after`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn other_backlogs(
        &self,
        query: BacklogQuery<'_>,
        stalled_after: Duration,
    ) -> Result<Vec<OtherBacklog>, StoreError> {
        let now = self.backend().now_ms();
        let select = format!(
            "SELECT oldest_sent_at, moved_at >= {now} - $4 FROM request_backlogs
             WHERE oldest_sent_at < $1 AND process <> $2 AND seen_at >= {now} - $3"
        );
        let rows: Vec<(Millis, bool)> = on_pool!(self, |db| {
            sqlx::query_as(sqlx::AssertSqlSafe(select.as_str()))
                .bind(query.sent_before)
                .bind(query.except)
                .bind(ms(query.alive_within))
                .bind(ms(stalled_after))
                .fetch_all(db)
                .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(oldest_sent_at, moving)| OtherBacklog {
                oldest_sent_at,
                moving,
            })
            .collect())
    }
}
