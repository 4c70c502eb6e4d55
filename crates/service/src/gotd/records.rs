//! A server's records over a day window: the formula's inputs, gathered
//! from the community tables, and the matches' terms.

use super::GamerOfTheDay;
use super::winner::{self, Record};
use super::{Active, schedule};
use crate::ratings::Rating;
use crate::{Service, ServiceError};
use holotable_games::SeatResult;
use holotable_store::Millis;
use jiff::civil::Date;
use std::collections::BTreeMap;

/// One member's match results over a day.
struct MatchRecord {
    member: String,
    matches_won: u32,
    rating_gained: i32,
}

impl GamerOfTheDay<'_> {
    /// Every member's record on `server` over `[from, to)`.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn records(
        self,
        server: &str,
        from: Millis,
        to: Millis,
    ) -> Result<BTreeMap<String, Record>, ServiceError> {
        let mut records: BTreeMap<String, Record> = BTreeMap::new();
        for (voter, count) in self.0.store.winning_votes(server, from, to).await? {
            records.entry(voter).or_default().winning_votes = count as u32;
        }
        for game in self
            .0
            .store
            .finished_community_games(server, from, to)
            .await?
        {
            let won = game.community_seats.iter().any(|&seat| {
                game.outcome
                    .results
                    .iter()
                    .any(|(s, r)| s.0 == seat && *r == SeatResult::Win)
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

    /// Matches won and rating gained (rounded, losses included) per member
    /// of `server` over `[from, to)`.
    async fn match_records(
        self,
        server: &str,
        from: Millis,
        to: Millis,
    ) -> Result<Vec<MatchRecord>, ServiceError> {
        let mut by_member: BTreeMap<String, (u32, f64)> = BTreeMap::new();
        for seat in self.0.store.finished_match_seats(server, from, to).await? {
            let entry = by_member.entry(seat.member).or_default();
            entry.0 += u32::from(seat.won);
            if let Some(after) = seat.rating_after {
                let before = seat.rating_before.unwrap_or(Rating::default().rating);
                entry.1 += after - before;
            }
        }
        Ok(by_member
            .into_iter()
            .map(|(member, (matches_won, gained))| MatchRecord {
                member,
                matches_won,
                rating_gained: gained.round() as i32,
            })
            .collect())
    }
}

impl Service {
    /// The member of the day for the post of `date`: the best record over
    /// the local day before.
    pub(super) async fn gamer_of(
        &self,
        active: &Active,
        date: Date,
    ) -> Result<Option<(String, Record)>, ServiceError> {
        let Ok(yesterday) = date.yesterday() else {
            return Ok(None);
        };
        let (from, to) = schedule::day_window(&active.zone, yesterday);
        let records = self
            .gamer_of_the_day()
            .records(&active.settings.server, from, to)
            .await?;
        Ok(winner::best(&records).map(|(id, record)| (id.to_string(), *record)))
    }
}
