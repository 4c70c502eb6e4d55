//! What each member's votes did in one server: the use cases behind
//! `/community stats` and `/community voters`.
//!
//! A server's figures count the ballots of its own channels' sides only
//! (the store's `vote_stats.rs` says how), so in a game between
//! communities each server counts its side and its members. Periods are
//! calendar ones in UTC, the clock every stored time is kept in.

use super::Votes;
use crate::ServiceError;
use holotable_store::{MemberVotes, Millis, VoterFigures};
use jiff::Timestamp;
use jiff::civil::{Date, Time};
use jiff::tz::Offset;

/// The stretch of time `/community voters` ranks members over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VotersPeriod {
    /// The calendar month so far.
    Month,
    /// The calendar quarter so far (January to March, April to June, July
    /// to September, October to December): a season of a few months'
    /// games, named by dates rather than by weather, which differs by
    /// hemisphere.
    Season,
    AllTime,
}

/// A server's members ranked by what their votes did in a period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoterRanking {
    /// When the period began (UTC); `None` for all time.
    pub since: Option<Millis>,
    /// Most ballots voted first, then most votes that became the move,
    /// then most that matched the engine.
    pub voters: Vec<VoterFigures>,
}

impl Votes<'_> {
    /// Member `voter`'s figures in server `server`, over all its closed
    /// ballots, with their current streak and their suggestions.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn member_votes(
        self,
        server: &str,
        voter: &str,
    ) -> Result<MemberVotes, ServiceError> {
        let (suggested, adopted) = self.0.store.suggestion_figures(server, voter).await?;
        Ok(MemberVotes {
            figures: self.0.store.vote_figures(server, voter).await?,
            streak: self.0.store.vote_streak(server, voter).await?,
            suggested,
            adopted,
        })
    }

    /// Server `server`'s members who voted in `period`, at most `limit`,
    /// in the order [`VoterRanking::voters`] gives.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn top_voters(
        self,
        server: &str,
        period: VotersPeriod,
        limit: usize,
    ) -> Result<VoterRanking, ServiceError> {
        let since = period_start(period, self.0.now());
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let voters = self
            .0
            .store
            .top_voters(server, since.unwrap_or(0), limit)
            .await?;
        Ok(VoterRanking { since, voters })
    }
}

/// The first millisecond of `period` around `now`, UTC; `None` for all time.
fn period_start(period: VotersPeriod, now: Millis) -> Option<Millis> {
    let today = Offset::UTC
        .to_datetime(Timestamp::from_millisecond(now).unwrap_or(Timestamp::UNIX_EPOCH))
        .date();
    let first = match period {
        VotersPeriod::AllTime => return None,
        VotersPeriod::Month => today.first_of_month(),
        VotersPeriod::Season => {
            let month = (today.month() - 1) / 3 * 3 + 1;
            Date::new(today.year(), month, 1).expect("the first of a month exists")
        }
    };
    Offset::UTC
        .to_timestamp(first.to_datetime(Time::midnight()))
        .ok()
        .map(Timestamp::as_millisecond)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(date: &str) -> Millis {
        date.parse::<Timestamp>().unwrap().as_millisecond()
    }

    #[test]
    fn a_period_starts_on_its_first_day_at_midnight_utc() {
        let now = at("2026-12-05T02:30:00Z");
        assert_eq!(period_start(VotersPeriod::AllTime, now), None);
        assert_eq!(
            period_start(VotersPeriod::Month, now),
            Some(at("2026-12-01T00:00:00Z"))
        );
        assert_eq!(
            period_start(VotersPeriod::Season, now),
            Some(at("2026-10-01T00:00:00Z"))
        );
        assert_eq!(
            period_start(VotersPeriod::Season, at("2026-03-31T23:59:59Z")),
            Some(at("2026-01-01T00:00:00Z"))
        );
        assert_eq!(
            period_start(VotersPeriod::Season, at("2026-04-01T00:00:00Z")),
            Some(at("2026-04-01T00:00:00Z"))
        );
    }
}
