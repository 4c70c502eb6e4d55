//! The round robin's promises, checked for every size a league can have
//! (2 to 64 entrants, once and twice): the domain is small enough to walk
//! whole, which a sample of it would only approach.

use super::*;
use crate::pairing::GamesPerPairing;
use crate::{Colour, MAX_ENTRANTS};
use std::collections::BTreeMap;

fn f(first: u16, second: u16) -> Fixture {
    Fixture {
        first: Entrant(first - 1),
        second: Entrant(second - 1),
    }
}

/// FIDE's printed Berger table for six players (Handbook C.05, annex 1),
/// in its player numbers.
#[test]
fn six_entrants_follow_the_printed_berger_table() {
    let printed = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ];
    let league = RoundRobin::new(6, Cycles::Single).unwrap();
    assert_eq!(league.rounds().len(), printed.len());
    for (round, boards) in league.rounds().iter().zip(printed) {
        let expected: Vec<Fixture> = boards.iter().map(|&(a, b)| f(a, b)).collect();
        assert_eq!(round.pairings, expected, "round {}", round.round);
        assert_eq!(round.bye, None);
    }
}

/// Five entrants play the table for six with player 6 missing: whoever
/// meets player 6 sits out.
#[test]
fn five_entrants_give_the_bye_to_player_six_s_partner() {
    let league = RoundRobin::new(5, Cycles::Single).unwrap();
    let byes: Vec<Option<Entrant>> = league.rounds().iter().map(|r| r.bye).collect();
    assert_eq!(
        byes,
        [1, 4, 2, 5, 3].map(|p| Some(Entrant(p - 1))),
        "the first boards of the table for six"
    );
    assert_eq!(league.rounds()[1].pairings, [f(5, 3), f(1, 2)]);
}

/// The second cycle is the printed table with colours swapped; the first
/// is the printed table with its last two rounds played in reverse order.
#[test]
fn the_second_cycle_repeats_the_table_with_colours_swapped() {
    let single = RoundRobin::new(7, Cycles::Single).unwrap();
    let table = single.rounds();
    let league = RoundRobin::new(7, Cycles::Double).unwrap();
    let (first, second) = league.rounds().split_at(league.rounds_per_cycle());
    assert_eq!((first.len(), second.len()), (7, 7));
    for (a, b) in table.iter().zip(second) {
        assert_eq!(b.round.0, a.round.0 + first.len() as u16);
        assert_eq!(b.bye, a.bye);
        let swapped: Vec<Fixture> = a.pairings.iter().map(|p| p.swapped()).collect();
        assert_eq!(b.pairings, swapped);
    }
    assert_eq!(first[..5], table[..5]);
    for (played, printed) in [(5, 6), (6, 5)] {
        assert_eq!(first[played].pairings, table[printed].pairings);
        assert_eq!(first[played].bye, table[printed].bye);
        assert_eq!(first[played].round, table[played].round);
    }
    assert_eq!(league.round(Round(14)), league.rounds().last());
    assert_eq!(league.round(Round(15)), None);
    assert_eq!(league.round(Round(0)), None);
}

#[test]
fn too_few_or_too_many_entrants_are_refused() {
    assert_eq!(
        RoundRobin::new(1, Cycles::Single),
        Err(PairingError::TooFew { needed: 2, got: 1 })
    );
    assert_eq!(
        RoundRobin::new(65, Cycles::Double),
        Err(PairingError::TooMany { got: 65 })
    );
}

/// Every cycle of every size: each pair meets exactly once, each entrant
/// is in exactly one pairing or the bye of every round, byes fall once
/// per cycle on each entrant when the count is odd and never when even,
/// and each entrant's colours are within one of even.
#[test]
fn every_size_meets_each_pair_once_per_cycle_with_colours_balanced() {
    for n in RoundRobin::MIN_ENTRANTS..=MAX_ENTRANTS {
        for cycles in [Cycles::Single, Cycles::Double] {
            let league = RoundRobin::new(n, cycles).unwrap();
            let per_cycle = league.rounds_per_cycle();
            let expected_cycles = if cycles == Cycles::Double { 2 } else { 1 };
            assert_eq!(league.rounds().len(), per_cycle * expected_cycles, "{n}");
            for (c, cycle) in league.rounds().chunks(per_cycle).enumerate() {
                check_cycle(n, cycle, &format!("{n} entrants, cycle {}", c + 1));
            }
            for (i, round) in league.rounds().iter().enumerate() {
                assert_eq!(round.round, Round::from_index(i).unwrap());
            }
        }
    }
}

fn check_cycle(n: usize, cycle: &[RoundPairings], what: &str) {
    let mut met: BTreeMap<(Entrant, Entrant), usize> = BTreeMap::new();
    let mut firsts = vec![0i32; n];
    let mut seconds = vec![0i32; n];
    let mut byes = vec![0usize; n];
    for round in cycle {
        let mut seen = vec![0usize; n];
        for p in &round.pairings {
            assert_ne!(p.first, p.second, "{what}: an entrant meets itself");
            *met.entry((p.first.min(p.second), p.first.max(p.second)))
                .or_default() += 1;
            seen[p.first.index()] += 1;
            seen[p.second.index()] += 1;
            firsts[p.first.index()] += 1;
            seconds[p.second.index()] += 1;
        }
        if let Some(bye) = round.bye {
            seen[bye.index()] += 1;
            byes[bye.index()] += 1;
        }
        assert!(
            seen.iter().all(|&s| s == 1),
            "{what}, round {}: {seen:?}",
            round.round
        );
    }
    assert_eq!(met.len(), n * (n - 1) / 2, "{what}: every pair meets");
    assert!(met.values().all(|&m| m == 1), "{what}: {met:?}");
    let expected_byes = usize::from(n % 2 == 1);
    assert!(byes.iter().all(|&b| b == expected_byes), "{what}: {byes:?}");
    for (e, (first, second)) in firsts.iter().zip(&seconds).enumerate() {
        assert!(
            (first - second).abs() <= 1,
            "{what}: entrant {e} plays {first} first and {second} second"
        );
    }
}

/// No entrant plays one colour three games running, at any size, once or
/// twice round: across the change of cycle this needs FIDE's swap of the
/// first cycle's last two rounds. A bye is no game, so it breaks no run.
#[test]
fn nobody_plays_one_colour_three_games_running() {
    for n in RoundRobin::MIN_ENTRANTS..=MAX_ENTRANTS {
        for cycles in [Cycles::Single, Cycles::Double] {
            let league = RoundRobin::new(n, cycles).unwrap();
            for entrant in Entrant::all(n) {
                let colours: Vec<Colour> = league
                    .rounds()
                    .iter()
                    .filter_map(|r| r.pairings.iter().find_map(|p| p.colour_of(entrant)))
                    .collect();
                assert!(
                    colours.windows(3).all(|w| w[0] != w[1] || w[1] != w[2]),
                    "{n} entrants, {cycles:?}: entrant {} plays {colours:?}",
                    entrant.0
                );
            }
        }
    }
}

/// The review's counterexample: with four entrants twice round, player 1
/// played W W B B B W (black in rounds 3, 4 and 5).
#[test]
fn four_entrants_twice_round_follow_fide_s_swapped_last_rounds() {
    let league = RoundRobin::new(4, Cycles::Double).unwrap();
    let rounds: Vec<Vec<Fixture>> = league.rounds().iter().map(|r| r.pairings.clone()).collect();
    let expected = [
        [f(1, 4), f(2, 3)],
        [f(2, 4), f(3, 1)],
        [f(4, 3), f(1, 2)],
        [f(4, 1), f(3, 2)],
        [f(3, 4), f(2, 1)],
        [f(4, 2), f(1, 3)],
    ];
    assert_eq!(rounds, expected);
}

#[test]
fn two_games_per_pairing_give_each_side_each_colour_once() {
    let pairing = f(3, 8);
    let games: Vec<Fixture> = GamesPerPairing::Two.fixtures(pairing).collect();
    assert_eq!(games, [pairing, pairing.swapped()]);
    for e in [pairing.first, pairing.second] {
        let colours: Vec<Colour> = games.iter().filter_map(|g| g.colour_of(e)).collect();
        assert!(colours.contains(&Colour::First) && colours.contains(&Colour::Second));
    }
    assert_eq!(GamesPerPairing::One.fixtures(pairing).count(), 1);
}
