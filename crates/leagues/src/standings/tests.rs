use super::*;
use crate::{Bye, Colour, Fixture, Outcome};
use proptest::prelude::*;

fn game(first: u16, second: u16, outcome: Outcome) -> GameResult {
    GameResult {
        fixture: Fixture {
            first: Entrant(first),
            second: Entrant(second),
        },
        finish: Finish::Played(outcome),
    }
}

fn beats(winner: u16, loser: u16) -> GameResult {
    game(winner, loser, Outcome::FirstWon)
}

fn draws(a: u16, b: u16) -> GameResult {
    game(a, b, Outcome::Drawn)
}

fn order(table: &[Row]) -> Vec<u16> {
    table.iter().map(|r| r.entrant.0).collect()
}

fn below_by(table: &[Row]) -> Vec<Option<TieBreak>> {
    table.iter().map(|r| r.below_by).collect()
}

#[test]
fn points_show_in_halves_and_sonneborn_berger_in_quarters() {
    let shown: Vec<String> = [0, 1, 2, 3, 25].map(|h| Points(h).to_string()).to_vec();
    assert_eq!(shown, ["0", "½", "1", "1½", "12½"]);
    let shown: Vec<String> = [0, 1, 2, 3, 25]
        .map(|q| SonnebornBerger(q).to_string())
        .to_vec();
    assert_eq!(shown, ["0", "0.25", "0.5", "0.75", "6.25"]);
}

#[test]
fn more_points_rank_higher_whatever_the_entry_order() {
    let table = standings(3, &[beats(2, 1), draws(2, 0), beats(1, 0)], &[]).unwrap();
    assert_eq!(order(&table), [2, 1, 0]);
    assert_eq!(
        below_by(&table),
        [None, Some(TieBreak::Points), Some(TieBreak::Points)]
    );
    assert_eq!(table[0].points, Points(3));
    assert_eq!((table[2].lost, table[2].drawn), (1, 1));
}

/// 0 and 1 both beat someone; 0's victim (2) scored a point elsewhere,
/// 1's victim (3) nothing, so 0's win is worth more.
#[test]
fn sonneborn_berger_separates_equal_points() {
    let table = standings(4, &[beats(0, 2), beats(1, 3), beats(2, 3)], &[]).unwrap();
    assert_eq!(order(&table), [0, 1, 2, 3]);
    assert_eq!(table[0].sonneborn_berger, SonnebornBerger(4));
    assert_eq!(table[1].sonneborn_berger, SonnebornBerger(0));
    assert_eq!(
        below_by(&table),
        [
            None,
            Some(TieBreak::SonnebornBerger),
            Some(TieBreak::EntryOrder),
            Some(TieBreak::Points),
        ]
    );
}

/// 0 won once and lost once, 1 drew twice: one point each, and the same
/// Sonneborn-Berger (1·1½ = ½·1½ + ½·1½), so the win puts 0 above 1.
/// Above them 3 and 2, level on 1½, are split by Sonneborn-Berger.
#[test]
fn games_won_separate_equal_points_and_sonneborn_berger() {
    let results = [
        beats(0, 2),
        beats(3, 0),
        draws(1, 2),
        draws(1, 3),
        beats(2, 4),
    ];
    let table = standings(5, &results, &[]).unwrap();
    assert_eq!(order(&table), [3, 2, 0, 1, 4]);
    assert_eq!(
        (table[2].sonneborn_berger, table[3].sonneborn_berger),
        (SonnebornBerger(6), SonnebornBerger(6))
    );
    assert_eq!(
        below_by(&table),
        [
            None,
            Some(TieBreak::SonnebornBerger),
            Some(TieBreak::Points),
            Some(TieBreak::GamesWon),
            Some(TieBreak::Points),
        ]
    );
}

/// 0 and 1 are level on points (1), Sonneborn-Berger (each beat an
/// entrant on 1 point) and games won (1); 1 beat 0, so 1 is above though
/// it entered later.
#[test]
fn head_to_head_separates_what_the_first_three_rules_leave_level() {
    let results = [
        beats(1, 0),
        beats(3, 1),
        beats(0, 2),
        beats(2, 4),
        draws(3, 4),
    ];
    let table = standings(5, &results, &[]).unwrap();
    assert_eq!(order(&table), [3, 1, 0, 2, 4]);
    assert_eq!(table[1].head_to_head, Some(Points(2)));
    assert_eq!(table[2].head_to_head, Some(Points(0)));
    assert_eq!(table[0].head_to_head, None, "nobody is level with 3");
    assert_eq!(
        below_by(&table),
        [
            None,
            Some(TieBreak::Points),
            Some(TieBreak::HeadToHead),
            Some(TieBreak::SonnebornBerger),
            Some(TieBreak::Points),
        ]
    );
}

/// Three level entrants who beat each other round a circle stay level on
/// head to head too: entry order settles it, whatever the results' order.
#[test]
fn entry_order_settles_what_every_rule_leaves_level() {
    let mut results = vec![beats(2, 0), beats(0, 1), beats(1, 2)];
    let table = standings(3, &results, &[]).unwrap();
    assert_eq!(order(&table), [0, 1, 2]);
    assert_eq!(
        below_by(&table),
        [None, Some(TieBreak::EntryOrder), Some(TieBreak::EntryOrder)]
    );
    results.reverse();
    assert_eq!(standings(3, &results, &[]).unwrap(), table);

    let table = standings(2, &[draws(1, 0)], &[]).unwrap();
    assert_eq!(order(&table), [0, 1]);
}

/// 0 won by forfeit (2 left), 1 won on the board against 3: the same
/// points and Sonneborn-Berger, but only 1 won a game.
#[test]
fn a_forfeit_scores_and_is_marked_but_is_not_a_game_won() {
    let forfeit = GameResult {
        fixture: Fixture {
            first: Entrant(2),
            second: Entrant(0),
        },
        finish: Finish::Forfeited { by: Colour::First },
    };
    let table = standings(4, &[forfeit, beats(1, 3)], &[]).unwrap();
    assert_eq!(order(&table), [1, 0, 2, 3]);
    assert_eq!(table[1].below_by, Some(TieBreak::GamesWon));
    assert_eq!(
        (table[1].points, table[1].won, table[1].won_by_forfeit),
        (Points(2), 0, 1)
    );
    assert_eq!((table[2].forfeited, table[2].lost), (1, 0));
    assert_eq!(table[3].lost, 1);
    assert!(table.iter().all(|r| r.played() == 1));
}

#[test]
fn a_result_outside_the_league_is_refused() {
    assert_eq!(
        standings(2, &[beats(0, 2)], &[]),
        Err(StandingsError::UnknownEntrant {
            entrant: Entrant(2),
            entrants: 2
        })
    );
    assert_eq!(
        standings(2, &[beats(1, 1)], &[]),
        Err(StandingsError::PlaysItself(Entrant(1)))
    );
}

fn finish() -> impl Strategy<Value = Finish> {
    prop_oneof![
        4 => Just(Finish::Played(Outcome::FirstWon)),
        3 => Just(Finish::Played(Outcome::Drawn)),
        4 => Just(Finish::Played(Outcome::SecondWon)),
        1 => Just(Finish::Forfeited { by: Colour::First }),
        1 => Just(Finish::Forfeited { by: Colour::Second }),
    ]
}

/// Any league's results: any pairs, repeats allowed (double cycles, two
/// games a pairing), few entrants so ties are common.
fn league() -> impl Strategy<Value = (usize, Vec<GameResult>)> {
    (2usize..10).prop_flat_map(|n| {
        let game =
            (0..n as u16, 1..n as u16, finish()).prop_map(move |(a, d, finish)| GameResult {
                fixture: Fixture {
                    first: Entrant(a),
                    second: Entrant((a + d) % n as u16),
                },
                finish,
            });
        (Just(n), prop::collection::vec(game, 0..40))
    })
}

proptest! {
    #[test]
    fn points_add_up_to_two_halves_a_game((n, results) in league()) {
        let table = standings(n, &results, &[]).unwrap();
        prop_assert_eq!(table.iter().map(|r| r.points.0).sum::<u32>(), 2 * results.len() as u32);
        prop_assert_eq!(table.iter().map(|r| r.played()).sum::<u32>(), 2 * results.len() as u32);
    }

    /// Every entrant once, and each row's reason for being below the one
    /// above stated as what it must mean, field by field: a row below on
    /// points has fewer, one below on Sonneborn-Berger has the same points
    /// and less of it, and so on. Each check can fail on its own.
    #[test]
    fn each_row_is_below_the_one_above_for_the_reason_it_gives((n, results) in league()) {
        let table = standings(n, &results, &[]).unwrap();
        let mut entrants = order(&table);
        entrants.sort();
        prop_assert_eq!(entrants, (0..n as u16).collect::<Vec<_>>());
        prop_assert_eq!(table[0].below_by, None);
        for pair in table.windows(2) {
            let (above, row) = (&pair[0], &pair[1]);
            prop_assert!(above.points >= row.points);
            let same_points = above.points == row.points;
            let same_sb = same_points && above.sonneborn_berger == row.sonneborn_berger;
            let same_won = same_sb && above.won == row.won;
            match row.below_by {
                None => prop_assert!(false, "only the first row has no reason"),
                Some(TieBreak::Points) => prop_assert!(above.points > row.points),
                Some(TieBreak::SonnebornBerger) => {
                    prop_assert!(same_points && above.sonneborn_berger > row.sonneborn_berger);
                }
                Some(TieBreak::GamesWon) => prop_assert!(same_sb && above.won > row.won),
                Some(TieBreak::HeadToHead) => {
                    prop_assert!(same_won);
                    prop_assert!(above.head_to_head.is_some() && row.head_to_head.is_some());
                    prop_assert!(above.head_to_head > row.head_to_head);
                }
                Some(TieBreak::EntryOrder) => {
                    prop_assert!(same_won && above.head_to_head == row.head_to_head);
                    prop_assert!(above.entrant < row.entrant);
                }
            }
        }
    }

    /// Sonneborn-Berger and points recomputed another way: scores as
    /// fractions of a point in f64 (exact for halves and quarters), summed
    /// per opponent as "opponent's points × my score against them", which
    /// is the textbook definition rather than the code's halves × halves.
    #[test]
    fn sonneborn_berger_agrees_with_the_textbook_sum((n, results) in league()) {
        let table = standings(n, &results, &[]).unwrap();
        let score = |g: &GameResult, e: Entrant| -> f64 {
            let first = match g.finish {
                Finish::Played(Outcome::FirstWon) | Finish::Forfeited { by: Colour::Second } => 1.0,
                Finish::Played(Outcome::Drawn) => 0.5,
                Finish::Played(Outcome::SecondWon) | Finish::Forfeited { by: Colour::First } => 0.0,
            };
            if g.fixture.first == e { first } else { 1.0 - first }
        };
        let mut points = vec![0.0f64; n];
        for g in &results {
            points[g.fixture.first.index()] += score(g, g.fixture.first);
            points[g.fixture.second.index()] += score(g, g.fixture.second);
        }
        for row in &table {
            let e = row.entrant;
            let mut sb = 0.0;
            for opponent in Entrant::all(n).filter(|o| *o != e) {
                let against: f64 = results
                    .iter()
                    .filter(|g| g.fixture.opponent_of(e) == Some(opponent))
                    .map(|g| score(g, e))
                    .sum();
                sb += against * points[opponent.index()];
            }
            prop_assert_eq!(f64::from(row.points.0) / 2.0, points[e.index()]);
            prop_assert_eq!(f64::from(row.sonneborn_berger.0) / 4.0, sb, "entrant {}", e.0);
        }
    }

    /// The same results in any order give the same table.
    #[test]
    fn the_order_depends_on_the_results_not_their_order(
        (n, results) in league(),
        rotation in 0usize..40,
    ) {
        let table = standings(n, &results, &[]).unwrap();
        let mut shuffled = results.clone();
        shuffled.reverse();
        if !shuffled.is_empty() {
            let by = rotation % shuffled.len();
            shuffled.rotate_left(by);
        }
        prop_assert_eq!(standings(n, &shuffled, &[]).unwrap(), table);
    }
}

/// A count beyond the cap is the caller's mistake, answered as one: it
/// panicked naming entrants past 65,535.
#[test]
fn more_entrants_than_a_league_takes_are_refused() {
    assert_eq!(
        standings(70_000, &[], &[]),
        Err(StandingsError::TooMany { got: 70_000 })
    );
    assert_eq!(
        standings(usize::MAX, &[], &[]),
        Err(StandingsError::TooMany { got: usize::MAX })
    );
    assert_eq!(standings(crate::MAX_ENTRANTS, &[], &[]).unwrap().len(), 64);
}

/// The review's counterexample: 0, 2 and 3 are level on points, Sonneborn-
/// Berger and games won, but 2 has met neither 0 nor 3. A mini-table
/// would rank 3 above 2 "by head to head" though they never played, so
/// head to head is skipped and entry order settles the group.
#[test]
fn head_to_head_is_skipped_when_the_level_group_has_not_all_met() {
    let results = [beats(0, 1), beats(1, 4), beats(2, 1), beats(3, 0)];
    let table = standings(5, &results, &[]).unwrap();
    assert_eq!(order(&table), [0, 2, 3, 1, 4]);
    assert!(table[..3].iter().all(|r| r.head_to_head.is_none()));
    assert_eq!(
        below_by(&table),
        [
            None,
            Some(TieBreak::EntryOrder),
            Some(TieBreak::EntryOrder),
            Some(TieBreak::SonnebornBerger),
            Some(TieBreak::Points),
        ]
    );
}

/// A group whose pairs met unequally often would compare different
/// numbers of games, so it skips head to head too.
#[test]
fn head_to_head_needs_every_pair_of_the_group_met_equally_often() {
    // 0, 1 and 2 are level on 1½ points, Sonneborn-Berger 2.25 and no
    // wins; 1 and 2 have met twice, each of them and 0 once. Counted
    // anyway, the mini-table would put 0 last, on a game fewer.
    let results = [
        draws(1, 2),
        draws(2, 1),
        draws(1, 0),
        draws(2, 0),
        draws(0, 3),
        beats(3, 4),
    ];
    let table = standings(5, &results, &[]).unwrap();
    assert_eq!(order(&table), [0, 1, 2, 3, 4]);
    assert!(
        table[..3]
            .iter()
            .all(|r| r.sonneborn_berger == SonnebornBerger(9))
    );
    assert!(table[..3].iter().all(|r| r.head_to_head.is_none()));
    assert_eq!(
        below_by(&table),
        [
            None,
            Some(TieBreak::EntryOrder),
            Some(TieBreak::EntryOrder),
            Some(TieBreak::SonnebornBerger),
            Some(TieBreak::Points),
        ]
    );
}

/// A bye scores 1½ points and is counted, but it is no game: it earns its
/// holder no Sonneborn-Berger, no game won, and is not played.
#[test]
fn a_bye_scores_a_table_s_average_and_nothing_else() {
    let bye = Bye {
        entrant: Entrant(2),
        round: crate::Round(1),
    };
    let table = standings(3, &[beats(0, 1)], &[bye]).unwrap();
    assert_eq!(order(&table), [2, 0, 1]);
    let two = &table[0];
    assert_eq!((two.points, two.byes, two.played()), (BYE_POINTS, 1, 0));
    assert_eq!((two.sonneborn_berger, two.won), (SonnebornBerger(0), 0));
    assert_eq!(
        table[1].sonneborn_berger,
        SonnebornBerger(0),
        "1 scored nothing"
    );
    assert_eq!(
        standings(3, &[], &[bye, bye]),
        Err(StandingsError::ByeTwice(bye))
    );
    let stranger = Bye {
        entrant: Entrant(3),
        ..bye
    };
    assert_eq!(
        standings(3, &[], &[stranger]),
        Err(StandingsError::UnknownEntrant {
            entrant: Entrant(3),
            entrants: 3
        })
    );
}

/// A single round robin of four, every game drawn: everyone on 1½ points,
/// Sonneborn-Berger 2.25 (three draws against 1½), no wins, and head to
/// head level (all met once, ½ each), so entry order settles every place.
#[test]
fn all_draws_leave_entry_order_to_settle_every_place() {
    let mut results = Vec::new();
    for a in 0..4 {
        for b in a + 1..4 {
            results.push(draws(a, b));
        }
    }
    let table = standings(4, &results, &[]).unwrap();
    assert_eq!(order(&table), [0, 1, 2, 3]);
    for row in &table {
        assert_eq!(row.points, Points(3));
        assert_eq!(row.sonneborn_berger, SonnebornBerger(9));
        assert_eq!((row.won, row.drawn, row.lost), (0, 3, 0));
        assert_eq!(row.head_to_head, Some(Points(3)));
    }
    assert_eq!(
        below_by(&table),
        [
            None,
            Some(TieBreak::EntryOrder),
            Some(TieBreak::EntryOrder),
            Some(TieBreak::EntryOrder),
        ]
    );
}

/// A crosstable worked by hand (a four-player round robin):
///
/// |   | 0 | 1 | 2 | 3 | pts | SB |
/// |---|---|---|---|---|-----|----|
/// | 0 | x | 1 | ½ | 1 | 2½ | 1½ + ½·1½ + ½ = 2.75 |
/// | 1 | 0 | x | 1 | ½ | 1½ | 1½ + ½·½ = 1.75 |
/// | 2 | ½ | 0 | x | 1 | 1½ | ½·2½ + ½ = 1.75 |
/// | 3 | 0 | ½ | 0 | x | ½ | ½·1½ = 0.75 |
///
/// 1 and 2 are level on points, Sonneborn-Berger and one win each; 1 beat
/// 2, so head to head puts 1 above.
#[test]
fn a_crosstable_worked_by_hand() {
    let results = [
        beats(0, 1),
        draws(0, 2),
        beats(0, 3),
        beats(1, 2),
        draws(1, 3),
        beats(2, 3),
    ];
    let table = standings(4, &results, &[]).unwrap();
    assert_eq!(order(&table), [0, 1, 2, 3]);
    let points: Vec<String> = table.iter().map(|r| r.points.to_string()).collect();
    assert_eq!(points, ["2½", "1½", "1½", "½"]);
    let sb: Vec<String> = table
        .iter()
        .map(|r| r.sonneborn_berger.to_string())
        .collect();
    assert_eq!(sb, ["2.75", "1.75", "1.75", "0.75"]);
    assert_eq!(
        below_by(&table),
        [
            None,
            Some(TieBreak::Points),
            Some(TieBreak::HeadToHead),
            Some(TieBreak::Points),
        ]
    );
}
