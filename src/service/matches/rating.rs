//! A finished rated match's effect on its players' ratings and records.

use crate::games::{GameKind, Outcome, Seat, SeatResult};
use crate::service::ratings::{self, Rating, TAU};
use crate::store::{MatchRow, RatingRow};

/// The function the store runs, inside the match's last transaction, on the
/// players' stored ratings (seat order; `None` for a first rated game).
pub(super) fn rater(
    kind: GameKind,
    info: &MatchRow,
    outcome: &Outcome,
) -> impl Fn(&[Option<RatingRow>]) -> Vec<RatingRow> + Sync + use<> {
    let seats: Vec<(String, String, SeatResult)> = info
        .seats
        .iter()
        .filter_map(|s| {
            let player = s.player.clone()?;
            Some((player, s.name.clone(), outcome.results[Seat(s.seat)]))
        })
        .collect();
    move |current: &[Option<RatingRow>]| {
        let before: Vec<Rating> = current
            .iter()
            .map(|row| match row {
                Some(row) => Rating {
                    rating: row.rating,
                    deviation: row.deviation,
                    volatility: row.volatility,
                },
                None => Rating::default(),
            })
            .collect();
        let points: Vec<f64> = seats.iter().map(|(_, _, r)| r.points()).collect();
        let after = ratings::update_match(&before, &points, TAU);
        seats
            .iter()
            .zip(current)
            .zip(after)
            .map(|(((player, name, result), old), new)| {
                let mut row = old.clone().unwrap_or_else(|| RatingRow {
                    player: player.clone(),
                    kind: kind.as_str().to_string(),
                    name: name.clone(),
                    rating: 0.0,
                    deviation: 0.0,
                    volatility: 0.0,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    streak: 0,
                    best_streak: 0,
                });
                row.name = name.clone();
                row.rating = new.rating;
                row.deviation = new.deviation;
                row.volatility = new.volatility;
                row.games += 1;
                match result {
                    SeatResult::Win => {
                        row.wins += 1;
                        row.streak = row.streak.max(0) + 1;
                    }
                    SeatResult::Draw => {
                        row.draws += 1;
                        row.streak = 0;
                    }
                    SeatResult::Loss => {
                        row.losses += 1;
                        row.streak = row.streak.min(0) - 1;
                    }
                }
                row.best_streak = row.best_streak.max(row.streak);
                row
            })
            .collect()
    }
}
