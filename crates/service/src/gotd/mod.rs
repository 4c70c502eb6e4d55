//! Gamer of the Day: one post per server per local date, naming
//! the member with the best record on the holotable the local day before,
//! or a curated character when nobody played, with one of Trooper
//! ST-3V3's fun facts.
//!
//! The day window is the whole local day before the post's date, so the
//! winner does not depend on when the post goes out (on time, late after
//! downtime, or by `/gotd now`) and a preview shows what will be posted.
//! Exactly-once is the store's claim (`Store::claim_daily_post`). This
//! file holds the commands' use cases and composes the post; `job.rs`
//! claims it when the daily pass (`upkeep/daily.rs`) finds it due,
//! `records.rs` gathers the records that `winner.rs` ranks, `schedule.rs`
//! does local time. `docs/gotd.md` has the formula and the DST rules.

mod curated;
mod job;
mod post;
mod records;
pub(crate) mod refusals;
pub(crate) mod schedule;
mod winner;

pub(crate) use curated::draw_order;
pub use post::{DailyPost, Honoree};
pub use schedule::{PostTime, zone_names_matching};
pub use winner::Record;

use super::{Actor, Failure, Refusal, Service, ServiceError};
use crate::DailyRefusal;
use holotable_store::{CuratedList, DailySettings, Drawn, Millis};
use jiff::civil::Date;
use jiff::tz::TimeZone;

/// The door to the Gamer of the Day: `service.gamer_of_the_day().set_up(..)`.
#[derive(Clone, Copy)]
pub struct GamerOfTheDay<'a>(pub(crate) &'a crate::Service);

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
pub(crate) struct Active {
    pub(crate) settings: DailySettings,
    zone: TimeZone,
    time: PostTime,
}

impl Active {
    pub(crate) fn parse(settings: DailySettings) -> Option<Active> {
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

    pub(crate) fn today(&self, now: Millis) -> Date {
        schedule::local_date(&self.zone, now)
    }

    pub(crate) fn due(&self, date: Date) -> Millis {
        schedule::due_at(&self.zone, date, self.time)
    }
}

impl GamerOfTheDay<'_> {
    /// Turns the daily post on (or changes it) for a server. When today's
    /// post time has passed and today was not posted, it goes out now.
    ///
    /// # Errors
    /// Refused for non-managers, a time that is not `HH:MM`, or an unknown
    /// time zone.
    pub async fn set_up(self, setup: DailySetup) -> Result<DailyPlan, ServiceError> {
        if !setup.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "set-up-daily",
            }
            .into());
        }
        let time: PostTime = setup.time.parse().map_err(|_: schedule::PostTimeError| {
            Refusal::Daily(DailyRefusal::BadPostTime {
                text: setup.time.clone(),
            })
        })?;
        let zone = schedule::zone(&setup.time_zone).map_err(|_| Refusal::UnknownTimeZone {
            name: setup.time_zone.clone(),
        })?;
        let now = self.0.now();
        let settings = DailySettings {
            server: setup.server.clone(),
            channel: setup.channel.clone(),
            post_time: time.to_string(),
            time_zone: schedule::zone_name(&zone).to_string(),
            mentions: setup.mentions,
            configured_at: now,
        };
        self.0
            .servers()
            .note_channel_server(&setup.channel, &setup.server)
            .await?;
        self.0.store.set_daily_settings(&settings).await?;
        self.0.daily_scan.forget();
        let active = Active {
            settings: settings.clone(),
            zone,
            time,
        };
        let next_post = self.0.next_post(&active, now).await?;
        self.0.deadlines_changed.notify_one();
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
    pub async fn off(self, by: &Actor, server: &str) -> Result<bool, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "turn-off-daily",
            }
            .into());
        }
        let was_on = self.0.store.remove_daily_settings(server).await?;
        self.0.daily_scan.forget();
        Ok(was_on)
    }

    /// What today's post is (or would be, when not posted yet), drawing
    /// nothing. The flag says whether today's post has gone out.
    ///
    /// # Errors
    /// Refused when the server has no daily post.
    pub async fn preview(self, server: &str) -> Result<(DailyPost, bool), ServiceError> {
        let active = self.0.active(server).await?;
        let date = active.today(self.0.now());
        let date_text = date.to_string();
        let member = self.0.gamer_of(&active, date).await?;
        if let Some(drawn) = self.0.store.daily_post_drawn(server, &date_text).await? {
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
                self.0
                    .store
                    .peek_draw(server, CuratedList::Character, &characters)
                    .await?,
            ),
        };
        let fact = self
            .0
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
    pub async fn post_now(self, by: &Actor, server: &str) -> Result<PostNow, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "post-daily",
            }
            .into());
        }
        let active = self.0.active(server).await?;
        let date = active.today(self.0.now());
        let claimed = self.0.claim_gamer_of_the_day(&active, date).await?;
        // The puzzle goes out with the post, as at the post's time.
        self.0.claim_puzzle(&active, date).await?;
        Ok(match claimed {
            Some(post) => PostNow::Posted {
                post,
                channel: active.settings.channel.clone(),
            },
            None => PostNow::AlreadyPosted {
                date: date.to_string(),
            },
        })
    }
}

impl Service {
    pub(crate) async fn active(&self, server: &str) -> Result<Active, ServiceError> {
        self.store
            .daily_settings(server)
            .await?
            .and_then(Active::parse)
            .ok_or_else(|| DailyRefusal::NoDailyPost.into())
    }
}

fn draw_orders(server: &str, date: &str) -> (Vec<&'static str>, Vec<&'static str>) {
    let characters = curated::draw_order(server, date, curated::characters());
    let facts = curated::draw_order(server, date, curated::fun_facts());
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
            if !curated::is_character(character) {
                return None;
            }
            Honoree::Character {
                id: character.clone(),
            }
        }
        (None, Some((id, record))) => Honoree::Member { id, record },
        (None, None) => return None,
    };
    if !curated::is_fun_fact(&drawn.fact) {
        return None;
    }
    Some(DailyPost {
        date: date.to_string(),
        honoree,
        fact: drawn.fact.clone(),
        mentions: settings.mentions,
    })
}
