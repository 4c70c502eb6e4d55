//! Four-army tables (Djambi for four): each round seats the communities
//! still in the league four to a table with `tables::Seating` (fewest
//! repeated rivals, sit-outs spread, the first seat turned), a sit-out
//! scoring a bye; each table is scored by its places, 3/2/1/0, as six
//! pairwise games (`tables::TableResult`).
//!
//! Places come from the game's record, not from its end. A four-army
//! game's outcome says who won (or, at a quiet end, who drew), and every
//! other army simply lost: the order in which they went out, which
//! places them, is only in the record, where each army's fall (its Leader
//! killed or walled in, or its community out of time or resigned, written
//! as a step) is a move like any other. So the game's end records only
//! when it ended, and the scheduler's next look replays the record and
//! writes the places once ([`places`]). A season of 16 communities plays
//! about 20 tables, each replayed once.

use super::Leagues;
use crate::{Failure, ServiceError};
use holotable_games::{Seat, SeatResult};
use holotable_leagues::tables::{
    MIN_ENTRANTS, SEATS, Seating, Table, TableResult, TableRound, rounds_to_meet_all,
};
use holotable_leagues::{Bye, Entrant, GameResult, Round};
use holotable_store::{
    EntrantRow, GameId, LeagueFinish, LeagueGameRow, LeagueRow, LeagueSeats, Millis, NewRound,
    RoundRow, TableFinish,
};

impl Leagues<'_> {
    /// A four-army league's round 1: every entrant seated or sitting out.
    pub(super) async fn first_tables(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let inconsistent = |e: &dyn std::fmt::Display| -> ServiceError {
            Failure::Inconsistent(format!("league {}: {e}", row.id)).into()
        };
        let mut seating = Seating::new(entrants.len()).map_err(|e| inconsistent(&e))?;
        let everyone: Vec<Entrant> = Entrant::all(entrants.len()).collect();
        let first = seating
            .next_round(&everyone)
            .map_err(|e| inconsistent(&e))?;
        self.plan_tables(row, entrants, &first, now).await
    }

    /// The next round's tables, seated after every round so far, for the
    /// entrants still in the league.
    pub(super) async fn next_tables(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        rounds: &[RoundRow],
        games: &[LeagueGameRow],
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let inconsistent = |e: &dyn std::fmt::Display| -> ServiceError {
            Failure::Inconsistent(format!("league {}: {e}", row.id)).into()
        };
        let seated = seated_rounds(rounds, games).map_err(|e| inconsistent(&e))?;
        let mut seating =
            Seating::from_rounds(entrants.len(), &seated).map_err(|e| inconsistent(&e))?;
        let next = seating
            .next_round(&playing(entrants))
            .map_err(|e| inconsistent(&e))?;
        self.plan_tables(row, entrants, &next, now).await
    }

    /// Writes the places of every table whose game has ended without
    /// them; whether any were written. `entrants` by entry number.
    pub(super) async fn place_tables(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        games: &[LeagueGameRow],
    ) -> Result<bool, ServiceError> {
        let mut placed = false;
        for game in games {
            let (LeagueSeats::Table(table), Some(id), Some(ended_at), None) =
                (game.seats, game.game, game.ended_at, game.finish)
            else {
                continue;
            };
            let finish = self.table_finish(id, table, ended_at, entrants).await?;
            placed |= self
                .0
                .store
                .set_table_finish(row.id, game.key, &finish)
                .await?;
        }
        Ok(placed)
    }

    /// The places of table `table`, whose game `id` ended at `ended_at`,
    /// from its outcome and its record; and who had left the league by
    /// then.
    async fn table_finish(
        self,
        id: GameId,
        table: Table,
        ended_at: Millis,
        entrants: &[EntrantRow],
    ) -> Result<TableFinish, ServiceError> {
        let inconsistent = |e: &dyn std::fmt::Display| -> ServiceError {
            Failure::Inconsistent(format!("league table game {id}: {e}")).into()
        };
        let state = self
            .0
            .store
            .game(id)
            .await?
            .ok_or_else(|| inconsistent(&"no such game"))?;
        let outcome = state
            .outcome
            .ok_or_else(|| inconsistent(&"ended without an outcome"))?;
        let record = self.0.games().record_of(id).await?;
        let positions = record.positions().map_err(|e| inconsistent(&e))?;
        if outcome.results.len() != SEATS {
            return Err(inconsistent(&format!("{} seats", outcome.results.len())));
        }
        let seat = |s: usize| Seat(u8::try_from(s).expect("four seats"));
        let results: [SeatResult; SEATS] = std::array::from_fn(|s| outcome.results[seat(s)]);
        let out_after: [usize; SEATS] = std::array::from_fn(|s| {
            positions
                .iter()
                .position(|p| !p.seat_in_play(seat(s)))
                .unwrap_or(positions.len())
        });
        let mut left = [false; SEATS];
        for (left, entrant) in left.iter_mut().zip(table.seats) {
            let row = entrants
                .get(entrant.index())
                .ok_or_else(|| inconsistent(&format!("no entrant {}", entrant.0)))?;
            *left = row.left_at.is_some_and(|at| at <= ended_at);
        }
        Ok(TableFinish {
            places: places(&results, &out_after),
            left,
        })
    }
}

/// Each seat's place at a finished table: first the seats that won, then
/// those that drew, then those that lost; among equals, the one that stayed
/// in play longer (`out_after`: the moves played when it was out, the end
/// counting for those still in) is placed higher, and those out after the
/// same move are level. Places are 1 plus the seats placed strictly ahead,
/// as `TableResult` reads them.
///
/// A won four-army game has one winner, its rivals out one by one (two at
/// once when one move walls in both); a quiet end draws the armies still
/// in and places them level above the fallen.
pub(super) fn places(results: &[SeatResult; SEATS], out_after: &[usize; SEATS]) -> [u8; SEATS] {
    let rank = |r: SeatResult| match r {
        SeatResult::Win => 0,
        SeatResult::Draw => 1,
        SeatResult::Loss => 2,
    };
    let key = |s: usize| (rank(results[s]), std::cmp::Reverse(out_after[s]));
    std::array::from_fn(|s| {
        let ahead = (0..SEATS).filter(|&o| key(o) < key(s)).count();
        u8::try_from(1 + ahead).expect("at most four places")
    })
}

/// Whether round `current` is a four-army league's last: the rounds in
/// which everyone could meet everyone are played, or fewer than a table's
/// four communities are still in.
pub(super) fn is_last(entrants: &[EntrantRow], current: Round) -> bool {
    usize::from(current.0) >= rounds_to_meet_all(entrants.len())
        || playing(entrants).len() < MIN_ENTRANTS
}

/// The entrants still in the league, by number.
fn playing(entrants: &[EntrantRow]) -> Vec<Entrant> {
    entrants
        .iter()
        .filter(|e| e.left_at.is_none())
        .filter_map(|e| e.entrant)
        .collect()
}

/// The rounds so far as the seating made them: each round's tables in
/// board order, and its sit-outs.
fn seated_rounds(rounds: &[RoundRow], games: &[LeagueGameRow]) -> Result<Vec<TableRound>, String> {
    rounds
        .iter()
        .map(|round| {
            let mut tables: Vec<(u16, Table)> = Vec::new();
            for game in games.iter().filter(|g| g.key.round == round.round) {
                match game.seats {
                    LeagueSeats::Table(table) => tables.push((game.key.board, table)),
                    LeagueSeats::Pair(_) => {
                        return Err(format!("a two-sided game in round {}", round.round));
                    }
                }
            }
            tables.sort_by_key(|(board, _)| *board);
            Ok(TableRound {
                round: round.round,
                tables: tables.into_iter().map(|(_, t)| t).collect(),
                sitting_out: round.sitting_out.clone(),
            })
        })
        .collect()
}

/// A four-army league's results for the standings: each placed table as
/// its six pairwise games, and each sit-out as a bye.
pub(super) fn table_results(
    rounds: &[RoundRow],
    games: &[LeagueGameRow],
) -> Result<(Vec<GameResult>, Vec<Bye>), String> {
    let mut results = Vec::new();
    for game in games {
        if let (LeagueSeats::Table(table), Some(LeagueFinish::Table(finish))) =
            (game.seats, game.finish)
        {
            let result = TableResult {
                table,
                places: finish.places,
                left: finish.left,
            };
            results.extend(result.games().map_err(|e| e.to_string())?);
        }
    }
    let byes = rounds
        .iter()
        .flat_map(|round| {
            round.sitting_out.iter().map(|&entrant| Bye {
                entrant,
                round: round.round,
            })
        })
        .collect();
    Ok((results, byes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatResult::{Draw, Loss, Win};

    /// The winner first, the others by how long they stayed in.
    #[test]
    fn a_won_table_places_the_fallen_by_when_they_fell() {
        // Seat 2 out after move 3, seat 0 after 9, seat 3 with the last
        // move (30), which seat 1 won.
        let places = places(&[Loss, Win, Loss, Loss], &[9, 30, 3, 30]);
        assert_eq!(places, [3, 1, 4, 2]);
    }

    /// Two armies walled in by one move are level, and the next place
    /// skips, as `TableResult` reads places.
    #[test]
    fn armies_out_after_the_same_move_are_level() {
        let places = places(&[Win, Loss, Loss, Loss], &[40, 12, 12, 40]);
        assert_eq!(places, [1, 3, 3, 2]);
    }

    /// A quiet end: the armies still in drew, level above the fallen.
    #[test]
    fn a_quiet_end_places_the_armies_still_in_level_first() {
        let places = places(&[Draw, Loss, Draw, Draw], &[50, 20, 50, 50]);
        assert_eq!(places, [1, 4, 1, 1]);
    }

    /// Places that go through `TableResult` as the standings read them.
    #[test]
    fn the_places_are_a_ranking_the_standings_take() {
        let table = Table {
            seats: [Entrant(0), Entrant(1), Entrant(2), Entrant(3)],
        };
        for (results, out) in [
            ([Loss, Win, Loss, Loss], [9, 30, 3, 30]),
            ([Win, Loss, Loss, Loss], [40, 12, 12, 40]),
            ([Draw, Loss, Draw, Draw], [50, 20, 50, 50]),
            ([Draw, Draw, Draw, Draw], [7, 7, 7, 7]),
        ] {
            let places = places(&results, &out);
            let result = TableResult {
                table,
                places,
                left: [false; SEATS],
            };
            assert!(result.games().is_ok(), "{places:?}");
        }
    }
}
