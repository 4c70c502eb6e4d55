//! Who is the Gamer of the Day: every member's record over the day window,
//! one score per record, and a deterministic order among equal scores.
//!
//! The weights are a first guess, to be tuned once servers play: a
//! community game takes dozens of winning votes, so winning one is worth
//! five of them, and so is a match won; rating points count one for one
//! on top, so beating a stronger player weighs more. Rating lost counts
//! against the member.

use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::BTreeMap;

const WINNING_VOTE_POINTS: i64 = 10;
const COMMUNITY_WIN_POINTS: i64 = 50;
const MATCH_WIN_POINTS: i64 = 50;

/// What one member did in the day window: the formula's whole input.
/// Stored in the outbox with the post, whose words are written at
/// delivery.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Votes cast for the move the community then played.
    pub winning_votes: u32,
    /// Community games won that the member voted in.
    pub community_wins: u32,
    /// Matches (player against player or engine) won.
    pub matches_won: u32,
    /// Net rating change over the window's matches.
    pub rating_gained: i32,
}

impl Record {
    /// `10 × winning votes + 50 × community games won + 50 × matches won +
    /// rating gained`.
    pub fn points(&self) -> i64 {
        WINNING_VOTE_POINTS * i64::from(self.winning_votes)
            + COMMUNITY_WIN_POINTS * i64::from(self.community_wins)
            + MATCH_WIN_POINTS * i64::from(self.matches_won)
            + i64::from(self.rating_gained)
    }
}

/// Member ids are numbers in text (Discord snowflakes): shorter is
/// smaller, then character order; this is numeric order for digit strings
/// and a total order for anything else.
fn id_order(a: &str, b: &str) -> Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// The better of two records: more points; on equal points more matches
/// won, then more community games won, then more winning votes (rewarding
/// play over rating swings); then the smaller member id, which for
/// Discord is the older account. Returns `Less` when `a` ranks first.
fn rank(a: (&str, &Record), b: (&str, &Record)) -> Ordering {
    let (a_id, a) = a;
    let (b_id, b) = b;
    b.points()
        .cmp(&a.points())
        .then(b.matches_won.cmp(&a.matches_won))
        .then(b.community_wins.cmp(&a.community_wins))
        .then(b.winning_votes.cmp(&a.winning_votes))
        .then_with(|| id_order(a_id, b_id))
}

/// The member of the day, if anyone scored above zero.
pub fn best(records: &BTreeMap<String, Record>) -> Option<(&str, &Record)> {
    records
        .iter()
        .map(|(id, record)| (id.as_str(), record))
        .filter(|(_, record)| record.points() > 0)
        .min_by(|a, b| rank(*a, *b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn record(winning_votes: u32, community_wins: u32, matches_won: u32, rating: i32) -> Record {
        Record {
            winning_votes,
            community_wins,
            matches_won,
            rating_gained: rating,
        }
    }

    #[test]
    fn equal_points_go_to_matches_then_community_wins_then_votes_then_the_older_id() {
        // 5 winning votes = 1 community win = 1 match win = 50 points.
        let records: BTreeMap<String, Record> = [
            ("30".to_string(), record(5, 0, 0, 0)),
            ("20".to_string(), record(0, 1, 0, 0)),
            ("100".to_string(), record(0, 0, 1, 0)),
        ]
        .into();
        assert_eq!(best(&records).map(|(id, _)| id), Some("100"));
        let records: BTreeMap<String, Record> = [
            ("30".to_string(), record(5, 0, 0, 0)),
            ("9".to_string(), record(5, 0, 0, 0)),
        ]
        .into();
        assert_eq!(best(&records).map(|(id, _)| id), Some("9"));
    }

    #[test]
    fn nobody_wins_without_points() {
        let records: BTreeMap<String, Record> = [("1".to_string(), record(0, 0, 0, -20))].into();
        assert_eq!(best(&records), None);
    }

    proptest! {
        /// The winner does not depend on the order records are listed in,
        /// and nobody has strictly more points.
        #[test]
        fn the_winner_is_the_top_score_whatever_the_order(
            entries in proptest::collection::vec((0u64..50, 0u32..30, 0u32..3, 0u32..3, -40i32..40), 0..12)
        ) {
            let records: BTreeMap<String, Record> = entries
                .iter()
                .map(|(id, v, c, m, r)| (id.to_string(), record(*v, *c, *m, *r)))
                .collect();
            let top = records.values().map(Record::points).max().unwrap_or(0);
            match best(&records) {
                Some((_, winner)) => prop_assert_eq!(winner.points(), top),
                None => prop_assert!(top <= 0),
            }
            let mut reversed: Vec<(&str, &Record)> =
                records.iter().map(|(id, r)| (id.as_str(), r)).collect();
            reversed.reverse();
            let again = reversed.into_iter().filter(|(_, r)| r.points() > 0).min_by(|a, b| rank(*a, *b));
            prop_assert_eq!(again.map(|(id, _)| id), best(&records).map(|(id, _)| id));
        }
    }
}
