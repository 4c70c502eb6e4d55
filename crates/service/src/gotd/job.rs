//! The Gamer of the Day as a job of the daily pass (`upkeep/daily.rs`):
//! claiming a server's post of a date, exactly once across processes (the
//! store's claim), and whether it is still to be made.

use super::{Active, DailyPost, compose, draw_orders};
use crate::{Announcement, Service, ServiceError};
use holotable_store::NewDailyPost;
use jiff::civil::Date;

impl Service {
    /// Claims and queues the post of `date`; `None` when it was made
    /// already (by this process or another).
    pub(crate) async fn claim_gamer_of_the_day(
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

    /// Whether the server's post of `date` is still to be made.
    pub(crate) async fn gamer_of_the_day_unclaimed(
        &self,
        server: &str,
        date: Date,
    ) -> Result<bool, ServiceError> {
        Ok(!self
            .store
            .daily_post_claimed(server, &date.to_string())
            .await?)
    }
}
