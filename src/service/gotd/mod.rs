//! Gamer of the Day (issue #11): one post per server per local date, naming
//! the member with the best record on the holotable the local day before,
//! or a curated character when nobody played, with one of Trooper
//! ST-3V3's fun facts.
//!
//! The day window is the whole local day before the post's date, so the
//! winner does not depend on when the post goes out (on time, late after
//! downtime, or by `/gotd now`) and a preview shows what will be posted.
//! Exactly-once is the store's claim (`Store::claim_daily_post`); this
//! module decides what is due, composes the post and says why it refuses.
//! `docs/gotd.md` has the formula and the DST rules.

mod curated;
mod post;
mod schedule;
mod winner;

pub use post::{DailyPost, Honoree};
pub use schedule::{PostTime, zone_names_matching};
pub use winner::Record;

use super::{Actor, Announcement, Failure, Refusal, Service, ServiceError};
use crate::store::{CuratedList, DailySettings, Drawn, Millis, NewDailyPost};
use jiff::civil::Date;
use jiff::tz::TimeZone;
use std::collections::{BTreeMap, HashSet};
use std::sync::Mutex;

/// The daily post's in-memory state.
#[derive(Debug, Default)]
pub(super) struct DailyState {
    /// (channel, server) pairs already noted, so commands in a known
    /// channel (votes are the hot path) cost no write.
    noted: Mutex<HashSet<(String, String)>>,
    /// The last scan of every server: when, and the next post it found.
    /// The scheduler runs after every ballot close; until that post is due
    /// (or a minute has passed) there is nothing to read again.
    scan: Mutex<Option<Scan>>,
}

#[derive(Clone, Copy, Debug)]
struct Scan {
    at: Millis,
    next: Option<Millis>,
}

/// A post that failed (the store) is tried again after this long.
const RETRY_MS: Millis = 5_000;

/// Settings changed by another process are seen within this long.
const RESCAN_MS: Millis = 60_000;

impl DailyState {
    fn forget_scan(&self) {
        *self.scan.lock().expect("not poisoned") = None;
    }

    /// The last scan's next post, while it still holds at `now`.
    fn scanned_next(&self, now: Millis) -> Option<Option<Millis>> {
        let scan = (*self.scan.lock().expect("not poisoned"))?;
        let fresh = (scan.at..scan.at + RESCAN_MS).contains(&now);
        (fresh && scan.next.is_none_or(|next| now < next)).then_some(scan.next)
    }
}

/// `/gotd setup`, in the service's words.
#[derive(Clone, Debug)]
pub struct DailySetup {
    pub server: String,
    pub channel: String,
    pub time: String,
    pub time_zone: String,
    pub mentions: bool,
    pub by: Actor,
}

/// What a setup decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPlan {
    /// The settings as stored (canonical time and zone name).
    pub settings: DailySettings,
    /// When the next post goes out; `now` when today's is overdue.
    pub next_post: Millis,
}

/// What `/gotd now` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostNow {
    /// Queued for `channel`.
    Posted {
        post: DailyPost,
        channel: String,
    },
    AlreadyPosted {
        date: String,
    },
}

/// Posts that were not made because their local days ended while no
/// process ran: the local dates `first..=last`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub server: String,
    pub first: String,
    pub last: String,
}

/// Stored settings, parsed.
struct Active {
    settings: DailySettings,
    zone: TimeZone,
    time: PostTime,
}

impl Active {
    fn parse(settings: DailySettings) -> Option<Active> {
        let zone = schedule::zone(&settings.time_zone);
        let time = settings.post_time.parse::<PostTime>();
        match (zone, time) {
            (Ok(zone), Ok(time)) => Some(Active {
                settings,
                zone,
                time,
            }),
            // Setup validates both, so only a hand-edited row or a zone
            // dropped from the database lands here.
            (zone, time) => {
                tracing::error!(server = %settings.server, zone = ?zone.err(), time = ?time.err(), "unreadable daily-post settings; skipped");
                None
            }
        }
    }

    fn today(&self, now: Millis) -> Date {
        schedule::local_date(&self.zone, now)
    }

    fn due(&self, date: Date) -> Millis {
        schedule::due_at(&self.zone, date, self.time)
    }
}

impl Service {
    /// Remembers which server a channel belongs to, so the server's record
    /// includes that channel's games. Cheap when already known.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn note_channel_server(
        &self,
        channel: &str,
        server: &str,
    ) -> Result<(), ServiceError> {
        let key = (channel.to_string(), server.to_string());
        if self
            .daily
            .noted
            .lock()
            .expect("not poisoned")
            .contains(&key)
        {
            return Ok(());
        }
        self.store.note_channel_server(channel, server).await?;
        self.daily.noted.lock().expect("not poisoned").insert(key);
        Ok(())
    }

    /// Turns the daily post on (or changes it) for a server. When today's
    /// post time has passed and today was not posted, it goes out now.
    ///
    /// # Errors
    /// Refused for non-managers, a time that is not `HH:MM`, or an unknown
    /// time zone.
    pub async fn setup_daily(&self, setup: DailySetup) -> Result<DailyPlan, ServiceError> {
        if !setup.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "set up the Gamer of the Day",
            }
            .into());
        }
        let time: PostTime = setup
            .time
            .parse()
            .map_err(|e: schedule::PostTimeError| Refusal::BadOption(e.to_string()))?;
        let zone =
            schedule::zone(&setup.time_zone).map_err(|e| Refusal::BadOption(e.to_string()))?;
        let now = self.now();
        let settings = DailySettings {
            server: setup.server.clone(),
            channel: setup.channel.clone(),
            post_time: time.to_string(),
            time_zone: schedule::zone_name(&zone).to_string(),
            mentions: setup.mentions,
            configured_at: now,
        };
        self.note_channel_server(&setup.channel, &setup.server)
            .await?;
        self.store.set_daily_settings(&settings).await?;
        self.daily.forget_scan();
        let active = Active {
            settings: settings.clone(),
            zone,
            time,
        };
        let next_post = self.next_post(&active, now).await?;
        self.deadlines_changed.notify_one();
        tracing::info!(server = %settings.server, time = %settings.post_time, zone = %settings.time_zone, "daily post set up");
        Ok(DailyPlan {
            settings,
            next_post,
        })
    }

    /// Turns the daily post off; returns whether it was on.
    ///
    /// # Errors
    /// Refused for non-managers.
    pub async fn daily_off(&self, by: &Actor, server: &str) -> Result<bool, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "turn off the Gamer of the Day",
            }
            .into());
        }
        let was_on = self.store.remove_daily_settings(server).await?;
        self.daily.forget_scan();
        Ok(was_on)
    }

    /// What today's post is (or would be, when not posted yet), drawing
    /// nothing. The flag says whether today's post has gone out.
    ///
    /// # Errors
    /// Refused when the server has no daily post.
    pub async fn preview_daily(&self, server: &str) -> Result<(DailyPost, bool), ServiceError> {
        let active = self.active(server).await?;
        let date = active.today(self.now());
        let date_text = date.to_string();
        let member = self.gamer_of(&active, date).await?;
        if let Some(drawn) = self.store.daily_post_drawn(server, &date_text).await? {
            let post = compose(&active.settings, &date_text, member, &drawn).ok_or_else(|| {
                Failure::Inconsistent(format!(
                    "the post of {date_text} names items no longer listed"
                ))
            })?;
            return Ok((post, true));
        }
        let (characters, facts) = draw_orders(server, &date_text);
        let character = match member {
            Some(_) => None,
            None => Some(
                self.store
                    .peek_draw(server, CuratedList::Character, &characters)
                    .await?,
            ),
        };
        let fact = self
            .store
            .peek_draw(server, CuratedList::FunFact, &facts)
            .await?;
        let post = compose(
            &active.settings,
            &date_text,
            member,
            &Drawn { character, fact },
        )
        .expect("peeked items come from the compiled-in lists");
        Ok((post, false))
    }

    /// Posts today's post now unless it has gone out already.
    ///
    /// # Errors
    /// Refused for non-managers or when the server has no daily post.
    pub async fn post_daily_now(&self, by: &Actor, server: &str) -> Result<PostNow, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "post the Gamer of the Day",
            }
            .into());
        }
        let active = self.active(server).await?;
        let date = active.today(self.now());
        Ok(match self.claim(&active, date).await? {
            Some(post) => PostNow::Posted {
                post,
                channel: active.settings.channel.clone(),
            },
            None => PostNow::AlreadyPosted {
                date: date.to_string(),
            },
        })
    }

    /// Posts every server's post that is due today and not yet made;
    /// returns when the next one is due. A server that fails is logged and
    /// left for the next round.
    ///
    /// # Errors
    /// When the settings cannot be read.
    pub async fn post_due_daily(&self) -> Result<Option<Millis>, ServiceError> {
        let started = self.now();
        if let Some(next) = self.daily.scanned_next(started) {
            return Ok(next);
        }
        let mut next: Option<Millis> = None;
        for settings in self.store.all_daily_settings().await? {
            let Some(active) = Active::parse(settings) else {
                continue;
            };
            let now = self.now();
            let today = active.today(now);
            let at = match self.post_if_due(&active, today, now).await {
                Ok(at) => at,
                Err(error) => {
                    tracing::error!(server = %active.settings.server, %error, "daily post failed; retrying soon");
                    now + RETRY_MS
                }
            };
            next = Some(next.map_or(at, |n| n.min(at)));
        }
        *self.daily.scan.lock().expect("not poisoned") = Some(Scan { at: started, next });
        Ok(next)
    }

    /// Run once at start-up, before [`Service::post_due_daily`]: the posts
    /// of local days that ended while no process ran are skipped, not made
    /// late, and logged. Today's missed post is `post_due_daily`'s.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn skip_missed_daily(&self) -> Result<Vec<Skipped>, ServiceError> {
        let mut skipped = Vec::new();
        for settings in self.store.all_daily_settings().await? {
            let Some(active) = Active::parse(settings) else {
                continue;
            };
            let server = active.settings.server.as_str();
            let Ok(yesterday) = active.today(self.now()).yesterday() else {
                continue;
            };
            // Expected from the day of the setup on (a setup after that
            // day's time posts at once), after the last post made.
            let mut first = active.today(active.settings.configured_at);
            if let Some(last) = self.store.last_daily_post_date(server).await? {
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

    /// Every member's record on `server` over `[from, to)`.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn gamer_records(
        &self,
        server: &str,
        from: Millis,
        to: Millis,
    ) -> Result<BTreeMap<String, Record>, ServiceError> {
        let mut records: BTreeMap<String, Record> = BTreeMap::new();
        for (voter, count) in self.store.winning_votes(server, from, to).await? {
            records.entry(voter).or_default().winning_votes = count as u32;
        }
        for game in self
            .store
            .finished_community_games(server, from, to)
            .await?
        {
            let won = game.community_seats.iter().any(|&seat| {
                game.outcome
                    .results
                    .iter()
                    .any(|(s, r)| s.0 == seat && *r == crate::games::SeatResult::Win)
            });
            if won {
                for voter in game.voters {
                    records.entry(voter).or_default().community_wins += 1;
                }
            }
        }
        for row in self.match_records(server, from, to).await? {
            let record = records.entry(row.member).or_default();
            record.matches_won += row.matches_won;
            record.rating_gained += row.rating_gained;
        }
        Ok(records)
    }

    /// Matches won and rating gained per member of `server` over
    /// `[from, to)`. Always empty for now, and only because matches are not
    /// stored yet: the matches branch adds them (migration 0003), and this
    /// is where its tables are to be read.
    async fn match_records(
        &self,
        _server: &str,
        _from: Millis,
        _to: Millis,
    ) -> Result<Vec<MatchRecord>, ServiceError> {
        Ok(Vec::new())
    }

    async fn active(&self, server: &str) -> Result<Active, ServiceError> {
        self.store
            .daily_settings(server)
            .await?
            .and_then(Active::parse)
            .ok_or_else(|| Refusal::NoDailyPost.into())
    }

    /// The member of the day for the post of `date`: the best record over
    /// the local day before.
    async fn gamer_of(
        &self,
        active: &Active,
        date: Date,
    ) -> Result<Option<(String, Record)>, ServiceError> {
        let Ok(yesterday) = date.yesterday() else {
            return Ok(None);
        };
        let (from, to) = schedule::day_window(&active.zone, yesterday);
        let records = self
            .gamer_records(&active.settings.server, from, to)
            .await?;
        Ok(winner::best(&records).map(|(id, record)| (id.to_string(), *record)))
    }

    /// Claims and queues the post of `date`; `None` when it was made
    /// already (by this process or another).
    async fn claim(&self, active: &Active, date: Date) -> Result<Option<DailyPost>, ServiceError> {
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

    /// Posts today's post if due, and says when the server's next one is.
    async fn post_if_due(
        &self,
        active: &Active,
        today: Date,
        now: Millis,
    ) -> Result<Millis, ServiceError> {
        if now >= active.due(today) {
            self.claim(active, today).await?;
        }
        self.next_post(active, now).await
    }

    /// When the server's next post goes out: today's time if still ahead
    /// or overdue and unposted (then `now`), else tomorrow's.
    async fn next_post(&self, active: &Active, now: Millis) -> Result<Millis, ServiceError> {
        let today = active.today(now);
        let due = active.due(today);
        if now < due {
            return Ok(due);
        }
        if !self
            .store
            .daily_post_claimed(&active.settings.server, &today.to_string())
            .await?
        {
            return Ok(now);
        }
        Ok(today
            .tomorrow()
            .map_or(Millis::MAX, |tomorrow| active.due(tomorrow)))
    }
}

/// One member's match results, as the matches store will give them.
struct MatchRecord {
    member: String,
    matches_won: u32,
    rating_gained: i32,
}

fn draw_orders(server: &str, date: &str) -> (Vec<&'static str>, Vec<&'static str>) {
    let characters = curated::draw_order(
        server,
        date,
        curated::characters().iter().map(|c| c.id.as_str()),
    );
    let facts = curated::draw_order(
        server,
        date,
        curated::fun_facts().iter().map(|f| f.id.as_str()),
    );
    (characters, facts)
}

/// The post from the day's member (if any) and what was drawn. `None`
/// when a drawn id is not in the compiled-in lists (a post stored by an
/// older version whose item was since removed).
fn compose(
    settings: &DailySettings,
    date: &str,
    member: Option<(String, Record)>,
    drawn: &Drawn,
) -> Option<DailyPost> {
    let honoree = match (&drawn.character, member) {
        (Some(character), _) => {
            let character = curated::character(character)?;
            Honoree::Character {
                name: character.name.clone(),
                from: character.from.clone(),
                blurb: character.blurb.clone(),
            }
        }
        (None, Some((id, record))) => Honoree::Member {
            id,
            reason: record.reason(),
        },
        (None, None) => return None,
    };
    Some(DailyPost {
        date: date.to_string(),
        honoree,
        fact: curated::fun_fact(&drawn.fact)?.text.clone(),
        mentions: settings.mentions,
    })
}
