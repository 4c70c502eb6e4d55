//! A finished rated match's effect on its players' ratings and records.

use crate::ratings::{self, Record, impl_record};
use holotable_games::{GameKind, Outcome, Seat, SeatResult};
use holotable_store::{MatchState, RatingRow};

/// The function the store runs, inside the match's last transaction, on the
/// players' stored ratings (seat order; `None` for a first rated game).
pub(super) fn rater(
    kind: GameKind,
    info: &MatchState,
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
        let before: Vec<RatingRow> = seats
            .iter()
            .zip(current)
            .map(|((player, name, _), old)| RatingRow {
                name: name.clone(),
                ..old.clone().unwrap_or_else(|| {
                    RatingRow {
                        player: player.clone(),
                        kind: kind.as_str().to_string(),
                        ..RatingRow::default()
                    }
                    .unrated()
                })
            })
            .collect();
        let results: Vec<SeatResult> = seats.iter().map(|(_, _, r)| *r).collect();
        ratings::rate_records(&before, &results)
    }
}

impl_record!(RatingRow, count_streak);

/// A member's run of wins (above 0) or losses (below), and their best.
fn count_streak(row: &mut RatingRow, result: SeatResult) {
    row.streak = match result {
        SeatResult::Win => row.streak.max(0) + 1,
        SeatResult::Draw => 0,
        SeatResult::Loss => row.streak.min(0) - 1,
    };
    row.best_streak = row.best_streak.max(row.streak);
}
