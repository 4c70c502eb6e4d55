//! The daily pass: one pass over every server with a daily time, making
//! each of the day's jobs (the Gamer of the Day's post, the daily puzzle)
//! once when the server's local time comes, and saying when the next is
//! due. Also the start-up report of the days skipped while no process ran.
//!
//! A job's own work lives in its feature's folder (`gotd/job.rs` claims
//! the post, `puzzles/` the puzzle); this file only decides when, under
//! the server's lease, and in what order.

use super::Upkeep;
use crate::gotd::{Active, Skipped};
use crate::leases::Leased;
use crate::{Service, ServiceError};
use futures_util::StreamExt;
use holotable_store::{ClaimKind, Millis};
use jiff::civil::Date;
use std::sync::Mutex;

/// A job of the daily pass: made once per server and local date, at the
/// server's daily time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DailyJob {
    /// The Gamer of the Day's post (`gotd/`).
    GamerOfTheDay,
    /// The daily puzzle's vote, which goes out with the post (`puzzles/`).
    Puzzle,
}

/// Every daily job, in the order a server's are made: the puzzle's vote
/// follows the post that introduces the day.
///
/// The jobs are not independent: a job that fails stops that server's
/// later jobs until the retry (`RETRY_MS`), because the puzzle goes out
/// with the day's post and must not come before it. A Gamer of the Day that
/// keeps failing therefore holds back that server's puzzle too.
const JOBS: [DailyJob; 2] = [DailyJob::GamerOfTheDay, DailyJob::Puzzle];

impl DailyJob {
    /// What the job finishes in every server before the servers' own
    /// steps, and when it next needs a pass: a puzzle vote that has closed
    /// is revealed, also in a server whose daily post was turned off since.
    async fn settle(self, service: &Service, now: Millis) -> Result<Option<Millis>, ServiceError> {
        match self {
            DailyJob::GamerOfTheDay => Ok(None),
            DailyJob::Puzzle => service.settle_puzzles(now).await,
        }
    }

    /// Makes the job's work of `date` in the server, unless made already
    /// (by this process or another); when the job needs a pass again (a
    /// puzzle vote's close, for its reveal).
    async fn claim(
        self,
        service: &Service,
        active: &Active,
        date: Date,
    ) -> Result<Option<Millis>, ServiceError> {
        match self {
            DailyJob::GamerOfTheDay => service
                .claim_gamer_of_the_day(active, date)
                .await
                .map(|_| None),
            DailyJob::Puzzle => service.claim_puzzle(active, date).await,
        }
    }

    /// Whether the job's work of `date` in `server` is still to be made.
    async fn unclaimed(
        self,
        service: &Service,
        server: &str,
        date: Date,
    ) -> Result<bool, ServiceError> {
        match self {
            DailyJob::GamerOfTheDay => service.gamer_of_the_day_unclaimed(server, date).await,
            DailyJob::Puzzle => service.puzzle_unclaimed(server, date).await,
        }
    }
}

/// The earlier of two optional times.
fn sooner(a: Option<Millis>, b: Option<Millis>) -> Option<Millis> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A post that failed (the store) is tried again after this long.
const RETRY_MS: Millis = 5_000;

/// Servers whose post is worked on at once: each is a few reads and one
/// write, so a handful keeps the database busy without crowding out votes.
const SERVERS_AT_ONCE: usize = 8;

/// Settings changed by another process are seen within this long.
const RESCAN_MS: Millis = 60_000;

/// The daily pass's memory: its last look at every server. The scheduler
/// runs after every ballot close; until the next job is due (or a minute
/// has passed) there is nothing to read again. The scheduler's own
/// `DailyPass` is the task that runs a pass; this is what a pass found,
/// shared by every caller of [`Upkeep::post_due_daily`].
#[derive(Debug, Default)]
pub(crate) struct DailyScan {
    scan: Mutex<Option<Scan>>,
}

/// One look of the daily pass at every server: when, and the next time a
/// server's jobs are due.
#[derive(Clone, Copy, Debug)]
struct Scan {
    at: Millis,
    next: Option<Millis>,
}

impl DailyScan {
    /// Makes the next pass look at every server again: a setting changed.
    pub(crate) fn forget(&self) {
        *self.scan.lock().expect("not poisoned") = None;
    }

    /// The last scan's next post, while it still holds at `now`.
    fn scanned_next(&self, now: Millis) -> Option<Option<Millis>> {
        let scan = (*self.scan.lock().expect("not poisoned"))?;
        let fresh = (scan.at..scan.at + RESCAN_MS).contains(&now);
        (fresh && scan.next.is_none_or(|next| now < next)).then_some(scan.next)
    }

    fn remember(&self, at: Millis, next: Option<Millis>) {
        *self.scan.lock().expect("not poisoned") = Some(Scan { at, next });
    }
}

impl Upkeep<'_> {
    /// Makes every server's daily jobs that are due today and not yet
    /// made; returns when the next one is due. A server that fails is
    /// logged and left for the next round.
    ///
    /// # Errors
    /// When the settings cannot be read.
    pub async fn post_due_daily(self) -> Result<Option<Millis>, ServiceError> {
        let service = self.0;
        let started = service.now();
        if let Some(next) = service.daily_scan.scanned_next(started) {
            return Ok(next);
        }
        let mut settled = None;
        for job in JOBS {
            settled = sooner(settled, job.settle(service, started).await?);
        }
        let servers: Vec<Active> = service
            .store
            .all_daily_settings()
            .await?
            .into_iter()
            .filter_map(Active::parse)
            .collect();
        // Servers at once: one server's slow record query holds up no other.
        let next = futures_util::stream::iter(servers)
            .map(|active| async move { post_leased(service, &active).await })
            .buffer_unordered(SERVERS_AT_ONCE)
            .fold(None, |next: Option<Millis>, at| async move {
                sooner(next, Some(at))
            })
            .await;
        let next = sooner(next, settled);
        service.daily_scan.remember(started, next);
        Ok(next)
    }

    /// Run once at start-up, before [`Upkeep::post_due_daily`]: the posts
    /// of local days that ended while no process ran are skipped, not made
    /// late, and logged. Today's missed post is `post_due_daily`'s.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn skip_missed_daily(self) -> Result<Vec<Skipped>, ServiceError> {
        let mut skipped = Vec::new();
        for settings in self.0.store.all_daily_settings().await? {
            let Some(active) = Active::parse(settings) else {
                continue;
            };
            let server = active.settings.server.as_str();
            let Ok(yesterday) = active.today(self.0.now()).yesterday() else {
                continue;
            };
            // Expected from the day of the setup on (a setup after that
            // day's time posts at once), after the last post made.
            let mut first = active.today(active.settings.configured_at);
            if let Some(last) = self.0.store.last_daily_post_date(server).await? {
                match last.parse::<Date>().map(|d| d.tomorrow()) {
                    Ok(Ok(after)) => first = first.max(after),
                    _ => tracing::error!(server, %last, "unreadable daily post date"),
                }
            }
            if first <= yesterday {
                let (first, last) = (first.to_string(), yesterday.to_string());
                tracing::warn!(server, %first, %last, "daily posts were missed while the bot was down; their days are over, so they are skipped");
                skipped.push(Skipped {
                    server: server.to_string(),
                    first,
                    last,
                });
            }
        }
        Ok(skipped)
    }
}

/// [`post_if_due`] under the server's daily lease, errors logged: says
/// when to look at the server again.
async fn post_leased(service: &Service, active: &Active) -> Millis {
    let server = active.settings.server.as_str();
    let now = service.now();
    let posted = match service.lease(ClaimKind::Daily, server.to_string()).await {
        Ok(Leased::Ours(lease)) => {
            let posted = post_if_due(service, active, active.today(now), now).await;
            lease.release().await;
            posted
        }
        // Another process is posting it; look again once its lease
        // could have run out.
        Ok(Leased::Elsewhere { free_in, .. }) => return now + free_in.as_millis() as Millis,
        Err(error) => Err(error),
    };
    posted.unwrap_or_else(|error| {
        tracing::error!(server, %error, "daily post failed; retrying soon");
        now + RETRY_MS
    })
}

/// Makes today's jobs if due, and says when the server's next pass is.
async fn post_if_due(
    service: &Service,
    active: &Active,
    today: Date,
    now: Millis,
) -> Result<Millis, ServiceError> {
    let mut wake = None;
    if now >= active.due(today) {
        for job in JOBS {
            wake = sooner(wake, job.claim(service, active, today).await?);
        }
    }
    let next = service.next_post(active, now).await?;
    Ok(wake.map_or(next, |wake| next.min(wake)))
}

impl Service {
    /// When the server's next daily jobs are made: today's time if still
    /// ahead, or overdue with a job unmade (then `now`), else tomorrow's.
    pub(crate) async fn next_post(
        &self,
        active: &Active,
        now: Millis,
    ) -> Result<Millis, ServiceError> {
        let today = active.today(now);
        let due = active.due(today);
        if now < due {
            return Ok(due);
        }
        let server = active.settings.server.as_str();
        for job in JOBS {
            if job.unclaimed(self, server, today).await? {
                return Ok(now);
            }
        }
        Ok(today
            .tomorrow()
            .map_or(Millis::MAX, |tomorrow| active.due(tomorrow)))
    }
}
