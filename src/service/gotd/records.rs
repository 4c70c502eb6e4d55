//! A server's records over a day window: the formula's inputs, gathered
//! from the community tables, and the matches' terms.

use super::winner::{self, Record};
use super::{Active, schedule};
use crate::games::SeatResult;
use crate::service::{Service, ServiceError};
use crate::store::Millis;
use jiff::civil::Date;
use std::collections::BTreeMap;

/// One member's match results, as the matches store will give them.
struct MatchRecord {
    member: String,
    matches_won: u32,
    rating_gained: i32,
}

impl Service {
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
            .gamer_records(&active.settings.server, from, to)
            .await?;
        Ok(winner::best(&records).map(|(id, record)| (id.to_string(), *record)))
    }
}
