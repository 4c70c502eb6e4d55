//! What is due when: the scheduler's daily step (post what is due, say
//! when the next post is), the start-up report of skipped days, and the
//! claim that makes a post happen once.

use super::GamerOfTheDay;
use super::{Active, DailyPost, DailyState, Skipped, compose, draw_orders};
use crate::leases::Leased;
use crate::{Announcement, Service, ServiceError};
use futures_util::StreamExt;
use holotable_store::{ClaimKind, Millis, NewDailyPost};
use jiff::civil::Date;

#[derive(Clone, Copy, Debug)]
pub(super) struct Scan {
    at: Millis,
    next: Option<Millis>,
}

/// A post that failed (the store) is tried again after this long.
const RETRY_MS: Millis = 5_000;

/// Servers whose post is worked on at once: each is a few reads and one
/// write, so a handful keeps the database busy without crowding out votes.
const SERVERS_AT_ONCE: usize = 8;

/// Settings changed by another process are seen within this long.
const RESCAN_MS: Millis = 60_000;

impl DailyState {
    pub(crate) fn forget_scan(&self) {
        *self.scan.lock().expect("not poisoned") = None;
    }

    /// The last scan's next post, while it still holds at `now`.
    fn scanned_next(&self, now: Millis) -> Option<Option<Millis>> {
        let scan = (*self.scan.lock().expect("not poisoned"))?;
        let fresh = (scan.at..scan.at + RESCAN_MS).contains(&now);
        (fresh && scan.next.is_none_or(|next| now < next)).then_some(scan.next)
    }
}

impl GamerOfTheDay<'_> {
    /// Posts every server's post that is due today and not yet made;
    /// returns when the next one is due. A server that fails is logged and
    /// left for the next round.
    ///
    /// # Errors
    /// When the settings cannot be read.
    pub async fn post_due_daily(self) -> Result<Option<Millis>, ServiceError> {
        let started = self.0.now();
        if let Some(next) = self.0.daily.scanned_next(started) {
            return Ok(next);
        }
        // Puzzle votes that have closed are revealed in every server, so
        // one whose daily post was turned off since is revealed too.
        let closes = self.0.settle_puzzles(started).await?;
        let servers: Vec<Active> = self
            .0
            .store
            .all_daily_settings()
            .await?
            .into_iter()
            .filter_map(Active::parse)
            .collect();
        // Servers at once: one server's slow record query holds up no other.
        let next = futures_util::stream::iter(servers)
            .map(|active| async move { self.post_leased(&active).await })
            .buffer_unordered(SERVERS_AT_ONCE)
            .fold(None, |next: Option<Millis>, at| async move {
                Some(next.map_or(at, |n| n.min(at)))
            })
            .await;
        let next = match (next, closes) {
            (Some(post), Some(close)) => Some(post.min(close)),
            (post, close) => post.or(close),
        };
        *self.0.daily.scan.lock().expect("not poisoned") = Some(Scan { at: started, next });
        Ok(next)
    }

    /// Run once at start-up, before [`GamerOfTheDay::post_due_daily`]: the posts
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

    /// [`GamerOfTheDay::post_if_due`] under the server's daily lease, errors
    /// logged: says when to look at the server again.
    async fn post_leased(self, active: &Active) -> Millis {
        let server = active.settings.server.as_str();
        let now = self.0.now();
        let posted = match self.0.lease(ClaimKind::Daily, server.to_string()).await {
            Ok(Leased::Ours(lease)) => {
                let posted = self.post_if_due(active, active.today(now), now).await;
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

    /// Posts today's post if due, and says when the server's next one is.
    async fn post_if_due(
        self,
        active: &Active,
        today: Date,
        now: Millis,
    ) -> Result<Millis, ServiceError> {
        let mut closes = None;
        if now >= active.due(today) {
            self.0.claim(active, today).await?;
            closes = self.0.claim_puzzle(active, today).await?;
        }
        let next = self.0.next_post(active, now).await?;
        Ok(closes.map_or(next, |close| next.min(close)))
    }
}

impl Service {
    /// Claims and queues the post of `date`; `None` when it was made
    /// already (by this process or another).
    pub(super) async fn claim(
        &self,
        active: &Active,
        date: Date,
    ) -> Result<Option<DailyPost>, ServiceError> {
        let server = active.settings.server.as_str();
        let date_text = date.to_string();
        if self.store.daily_post_claimed(server, &date_text).await? {
            return Ok(None);
        }
        let member = self.gamer_of(active, date).await?;
        let (characters, facts) = draw_orders(server, &date_text);
        let mut post = None;
        let claimed = self
            .store
            .claim_daily_post(
                &NewDailyPost {
                    server,
                    local_date: &date_text,
                    channel: &active.settings.channel,
                    member: member.as_ref().map(|(id, _)| id.as_str()),
                    characters: &characters,
                    facts: &facts,
                    at: self.now(),
                },
                |drawn| {
                    let composed = compose(&active.settings, &date_text, member.clone(), drawn)
                        .expect("the store draws from the compiled-in lists");
                    let announcement = Announcement::GamerOfTheDay {
                        post: composed.clone(),
                    };
                    post = Some(composed);
                    announcement.to_outbox()
                },
            )
            .await?;
        if claimed.is_some() {
            tracing::info!(server, date = %date_text, member = ?member.as_ref().map(|(id, _)| id), "daily post queued");
        }
        Ok(claimed.and(post))
    }

    /// When the server's next post goes out: today's time if still ahead
    /// or overdue and unposted (then `now`), else tomorrow's.
    pub(super) async fn next_post(
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
        if !self
            .store
            .daily_post_claimed(server, &today.to_string())
            .await?
            || self.puzzle_unclaimed(server, today).await?
        {
            return Ok(now);
        }
        Ok(today
            .tomorrow()
            .map_or(Millis::MAX, |tomorrow| active.due(tomorrow)))
    }
}
