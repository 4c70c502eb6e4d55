use super::*;
use crate::standings::{TieBreak, standings};
use crate::{Bye, Colour, MAX_ENTRANTS};

use crate::pairing::testing::e;

fn season(n: usize, rounds: usize) -> (Seating, Vec<TableRound>) {
    let mut seating = Seating::new(n).unwrap();
    let all: Vec<Entrant> = Entrant::all(n).collect();
    let played = (0..rounds)
        .map(|_| seating.next_round(&all).unwrap())
        .collect();
    (seating, played)
}

/// Pairs that shared a table more than once, counted once per extra
/// meeting.
fn repeats(seating: &Seating, n: usize) -> u32 {
    let mut extra = 0;
    for a in Entrant::all(n) {
        for b in Entrant::all(n).filter(|b| *b > a) {
            extra += u32::from(seating.met(a, b).unwrap().saturating_sub(1));
        }
    }
    extra
}

#[test]
fn a_league_needs_a_full_table() {
    assert_eq!(
        Seating::new(3),
        Err(PairingError::TooFew { needed: 4, got: 3 })
    );
    assert_eq!(Seating::new(65), Err(PairingError::TooMany { got: 65 }));
    let mut seating = Seating::new(6).unwrap();
    assert_eq!(
        seating.next_round(&[e(0), e(1), e(2)]),
        Err(PairingError::TooFew { needed: 4, got: 3 })
    );
}

#[test]
fn rounds_to_meet_all_count_three_rivals_a_round() {
    let rounds: Vec<usize> = [4, 5, 7, 8, 16, 64].map(rounds_to_meet_all).to_vec();
    assert_eq!(rounds, [1, 2, 2, 3, 5, 21]);
}

/// Every size, over the rounds it takes to meet everyone and two more:
/// each playing entrant at exactly one table or sitting out, as many
/// sitting out as the count's remainder by four, and sit-outs spread so
/// no entrant has sat out two more than another.
#[test]
fn every_size_seats_everyone_once_a_round_and_spreads_the_sit_outs() {
    for n in MIN_ENTRANTS..=MAX_ENTRANTS {
        let (seating, rounds) = season(n, rounds_to_meet_all(n) + 2);
        for round in &rounds {
            let mut seen = vec![0; n];
            for table in &round.tables {
                for s in table.seats {
                    seen[s.index()] += 1;
                }
            }
            for s in &round.sitting_out {
                seen[s.index()] += 1;
            }
            assert!(
                seen.iter().all(|&c| c == 1),
                "{n}, round {}: {seen:?}",
                round.round
            );
            assert_eq!(round.sitting_out.len(), n % SEATS, "{n}");
            assert_eq!(round.tables.len(), n / SEATS, "{n}");
        }
        let sat: Vec<u16> = Entrant::all(n)
            .map(|x| seating.sat_out(x).unwrap())
            .collect();
        let (lo, hi) = (sat.iter().min().unwrap(), sat.iter().max().unwrap());
        assert!(hi - lo <= 1, "{n}: sit-outs {sat:?}");
    }
}

/// Eight entrants: the second round must put two of a first-round table
/// together at each new table (four in two tables), so at best four pairs
/// meet again, two at each table; never a pair a third time in round 3.
#[test]
fn eight_entrants_repeat_only_what_they_must() {
    let (seating, _) = season(8, 2);
    assert_eq!(repeats(&seating, 8), 4);
    let (seating, _) = season(8, 3);
    let most = Entrant::all(8)
        .flat_map(|a| Entrant::all(8).map(move |b| (a, b)))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| seating.met(a, b).unwrap())
        .max();
    assert_eq!(most, Some(2));
}

/// From sixteen entrants on, a second round can take each table's four
/// from four different first-round tables, and this seating does.
/// Sixteen can meet everyone once in five rounds (the affine plane of
/// order four); the seating finds such a season.
#[test]
fn larger_leagues_avoid_repeats_where_they_can() {
    for n in 16..=MAX_ENTRANTS {
        let (seating, _) = season(n, 2);
        assert_eq!(repeats(&seating, n), 0, "{n} entrants, round 2");
    }
    let (seating, _) = season(16, 5);
    assert_eq!(repeats(&seating, 16), 0, "16 entrants, five rounds");
    // A sixth round can only repeat: every pair has met. Four tables of
    // six pairs each, and no more.
    let (seating, _) = season(16, 6);
    assert_eq!(repeats(&seating, 16), 24);
}

/// Over the rounds it takes to meet everyone, no pair shares a third
/// table, at any size.
#[test]
fn no_pair_meets_three_times_in_a_season() {
    for n in MIN_ENTRANTS..=MAX_ENTRANTS {
        let (seating, _) = season(n, rounds_to_meet_all(n));
        for a in Entrant::all(n) {
            for b in Entrant::all(n).filter(|b| *b > a) {
                assert!(seating.met(a, b).unwrap() <= 2, "{n}: {a:?} and {b:?}");
            }
        }
    }
}

#[test]
fn a_seating_rebuilt_from_the_stored_rounds_draws_the_same_next_round() {
    let (mut seating, rounds) = season(13, 4);
    let mut rebuilt = Seating::from_rounds(13, &rounds).unwrap();
    assert_eq!(rebuilt, seating);
    let all: Vec<Entrant> = Entrant::all(13).collect();
    assert_eq!(rebuilt.next_round(&all), seating.next_round(&all));
    assert_eq!(rounds.last().unwrap().round, Round(4));
}

#[test]
fn entrants_who_left_are_not_seated() {
    let mut seating = Seating::new(9).unwrap();
    let staying: Vec<Entrant> = Entrant::all(9).filter(|x| x.0 != 4).collect();
    let round = seating.next_round(&staying).unwrap();
    assert!(round.sitting_out.is_empty());
    assert!(round.tables.iter().all(|t| !t.seats.contains(&e(4))));
    assert_eq!(seating.sat_out(e(4)), Some(0), "leaving is not sitting out");
}

/// Over a season the seats go round: after eight rounds, the times any
/// two entrants sat in one seat (the first, which moves first, included)
/// differ by two at most.
#[test]
fn the_seats_go_round() {
    for n in [4usize, 8, 12, 16, 20, 32] {
        let (seating, _) = season(n, 8);
        for seat in 0..SEATS {
            let counts: Vec<u16> = (0..n).map(|i| seating.seat_count[i][seat]).collect();
            let (lo, hi) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
            assert!(hi - lo <= 2, "{n}, seat {seat}: {counts:?}");
        }
    }
}

fn result(places: [u8; 4], left: [bool; 4]) -> TableResult {
    TableResult {
        table: Table {
            seats: [e(0), e(1), e(2), e(3)],
        },
        places,
        left,
    }
}

fn halves(result: &TableResult) -> Vec<u32> {
    let games = result.games().unwrap();
    result
        .table
        .seats
        .iter()
        .map(|x| games.iter().filter_map(|g| g.halves_for(*x)).sum())
        .collect()
}

#[test]
fn places_score_three_two_one_nothing_and_level_places_share() {
    assert_eq!(halves(&result([1, 2, 3, 4], [false; 4])), [6, 4, 2, 0]);
    assert_eq!(halves(&result([3, 1, 4, 1], [false; 4])), [2, 5, 0, 5]);
    assert_eq!(halves(&result([1, 2, 2, 2], [false; 4])), [6, 2, 2, 2]);
    assert_eq!(halves(&result([1, 1, 1, 1], [false; 4])), [3, 3, 3, 3]);
    assert_eq!(halves(&result([2, 2, 2, 1], [false; 4])), [2, 2, 2, 6]);
}

#[test]
fn places_that_are_not_a_ranking_are_refused() {
    for bad in [
        [1, 1, 2, 4],
        [1, 2, 2, 3],
        [0, 1, 2, 3],
        [1, 2, 3, 5],
        [2, 2, 3, 4],
    ] {
        assert_eq!(result(bad, [false; 4]).games(), Err(BadPlaces(bad)));
    }
}

/// Seat 2 left and was placed last: its three pairs are forfeits, the
/// others played.
#[test]
fn a_community_that_left_forfeits_to_those_placed_above_it() {
    let games = result([2, 1, 4, 3], [false, false, true, false])
        .games()
        .unwrap();
    let forfeits: Vec<Fixture> = games
        .iter()
        .filter(|g| g.finish.is_forfeit())
        .map(|g| g.fixture)
        .collect();
    assert_eq!(forfeits.len(), 3);
    assert!(forfeits.iter().all(|f| f.colour_of(e(2)).is_some()));
    let by_two = games.iter().find(|g| g.fixture.first == e(2)).unwrap();
    assert_eq!(by_two.finish, Finish::Forfeited { by: Colour::First });
    let table = standings(4, &games, &[]).unwrap();
    let two = table.iter().find(|r| r.entrant == e(2)).unwrap();
    assert_eq!((two.forfeited, two.points.0), (3, 0));
}

/// Two tables of the same four, worked by hand. First 0, 1, 2, 3 in that
/// order (3, 2, 1, 0 points); then 3 first, 2 and 1 level second (1½
/// each), 0 last. Points: 0 3, 1 3½, 2 2½, 3 3. Sonneborn-Berger over the
/// pairwise games: 0 beat 1, 2, 3 once (3½ + 2½ + 3 = 9); 3 likewise in
/// the second (9); 1 beat 2 and 3, drew 2, beat 0 (2½ + 3 + 1¼ + 3 =
/// 9¾); 2 beat 3, drew 1, beat 0 (3 + 1¾ + 3 = 7¾). 0 and 3 stay level
/// through head to head (one win each), so entry order puts 0 first.
#[test]
fn tables_enter_the_standings_as_worked_by_hand() {
    let first = TableResult {
        table: Table {
            seats: [e(0), e(1), e(2), e(3)],
        },
        places: [1, 2, 3, 4],
        left: [false; 4],
    };
    let second = TableResult {
        table: Table {
            seats: [e(3), e(2), e(1), e(0)],
        },
        places: [1, 2, 2, 4],
        left: [false; 4],
    };
    let mut games = first.games().unwrap().to_vec();
    games.extend(second.games().unwrap());
    let table = standings(4, &games, &[]).unwrap();
    let rows: Vec<(u16, String, String)> = table
        .iter()
        .map(|r| {
            (
                r.entrant.0,
                r.points.to_string(),
                r.sonneborn_berger.to_string(),
            )
        })
        .collect();
    let expected = [
        (1, "3½", "9.75"),
        (0, "3", "9"),
        (3, "3", "9"),
        (2, "2½", "7.75"),
    ]
    .map(|(e, p, sb)| (e, p.to_string(), sb.to_string()));
    assert_eq!(rows, expected);
    assert_eq!(table[2].below_by, Some(TieBreak::EntryOrder));
}

/// Thirteen entrants over four rounds: four sit out once and nine never.
/// With every table level, each entrant took a table's average every
/// round it played, so a sit-out scoring that average leaves all level;
/// a sit-out scoring nothing left the four 1½ points behind.
#[test]
fn a_sit_out_scores_a_table_s_average() {
    let (seating, rounds) = season(13, 4);
    let sat: Vec<u16> = Entrant::all(13)
        .map(|x| seating.sat_out(x).unwrap())
        .collect();
    assert_eq!(sat.iter().filter(|&&s| s == 1).count(), 4);
    let mut games = Vec::new();
    for round in &rounds {
        for table in &round.tables {
            let level = TableResult {
                table: *table,
                places: [1; 4],
                left: [false; 4],
            };
            games.extend(level.games().unwrap());
        }
    }
    let byes: Vec<Bye> = rounds.iter().flat_map(|r| r.byes()).collect();
    assert_eq!(byes.len(), 4);
    let table = standings(13, &games, &byes).unwrap();
    assert!(table.iter().all(|r| r.points.0 == 12), "{table:?}");
    for row in &table {
        let sat = seating.sat_out(row.entrant).unwrap();
        assert_eq!(row.byes, u32::from(sat), "marked, for the table to show");
        assert_eq!(row.played(), 3 * (4 - u32::from(sat)), "a bye is no game");
    }
}

/// Sit-outs go round: over any season, among the entrants still playing,
/// nobody sits out a second time before every other has sat out once,
/// also when entrants leave along the way.
#[test]
fn sit_outs_are_spread_as_evenly_as_they_can_be() {
    for n in [5usize, 6, 7, 9, 13, 14, 15, 30, 63] {
        let mut seating = Seating::new(n).unwrap();
        let mut playing: Vec<Entrant> = Entrant::all(n).collect();
        for round in 0..3 * n {
            // Every fourth round from the fifth, the latest entrant left.
            if round % 4 == 3 && playing.len() > 6 {
                playing.pop();
            }
            let drawn = seating.next_round(&playing).unwrap();
            assert_eq!(drawn.sitting_out.len(), playing.len() % SEATS);
            let sat: Vec<u16> = playing
                .iter()
                .map(|&x| seating.sat_out(x).unwrap())
                .collect();
            let (lo, hi) = (sat.iter().min().unwrap(), sat.iter().max().unwrap());
            assert!(hi - lo <= 1, "{n}, round {}: {sat:?}", round + 1);
        }
    }
}

/// Asking about an entrant outside the league panicked on an index.
#[test]
fn a_stranger_has_met_nobody_and_sat_out_nowhere() {
    let (seating, _) = season(4, 1);
    assert_eq!(seating.met(e(9), e(0)), None);
    assert_eq!(seating.met(e(0), e(4)), None);
    assert_eq!(seating.sat_out(e(9)), None);
    assert_eq!(seating.met(e(0), e(3)), Some(1));
    assert_eq!(seating.sat_out(e(3)), Some(0));
}

/// The entrants playing and the stored rounds come from the service's
/// rows: an entrant twice or outside the league is refused, where it was
/// asserted (a panic) before.
#[test]
fn an_entrant_twice_or_a_stranger_is_refused_not_asserted() {
    let mut seating = Seating::new(5).unwrap();
    let twice = [e(0), e(1), e(2), e(3), e(1)];
    assert_eq!(
        seating.next_round(&twice),
        Err(PairingError::EnteredTwice(e(1)))
    );
    let stranger = [e(0), e(1), e(2), e(7)];
    assert_eq!(
        seating.next_round(&stranger),
        Err(PairingError::UnknownEntrant(e(7)))
    );
    assert_eq!(seating, Seating::new(5).unwrap(), "nothing recorded");

    let (_, rounds) = season(8, 2);
    assert!(matches!(
        Seating::from_rounds(6, &rounds),
        Err(PairingError::UnknownEntrant(_))
    ));
    let mut doubled = rounds[0].clone();
    let again = doubled.tables[0].seats[0];
    doubled.tables[1].seats[0] = again;
    assert_eq!(
        Seating::from_rounds(8, &[doubled]),
        Err(PairingError::EnteredTwice(again))
    );
    let swapped = [rounds[1].clone(), rounds[0].clone()];
    assert_eq!(
        Seating::from_rounds(8, &swapped),
        Err(PairingError::RoundOutOfOrder { got: Round(2) })
    );
    assert_eq!(
        Seating::from_rounds(8, &rounds[1..]),
        Err(PairingError::RoundOutOfOrder { got: Round(2) })
    );
}
