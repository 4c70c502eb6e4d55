use super::*;
use crate::MAX_ENTRANTS;
use proptest::prelude::*;

use crate::pairing::testing::{e, fixture};

#[test]
fn eight_places_follow_the_standard_seeding() {
    let seeds: Vec<u16> = seed_places(8).into_iter().map(|s| s.0).collect();
    assert_eq!(seeds, [1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(seed_places(1), [Seed(1)]);
}

/// The first round's pairings by seed, top to bottom.
fn first_round_seeds(n: u16) -> Vec<(u16, u16)> {
    let entrants: Vec<(Entrant, f64)> = (0..n).map(|i| (e(i), -f64::from(i))).collect();
    let bracket = Bracket::seeded(&entrants).unwrap();
    bracket
        .first_round()
        .ties()
        .iter()
        .map(|t| match *t {
            Tie::Play { upper, lower } => (upper.seed.0, lower.seed.0),
            Tie::Walkover(s) => (s.seed.0, 0),
        })
        .collect()
}

/// The standard layouts: 1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight; for
/// sixteen 1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10, 3 v 14, 6 v 11.
#[test]
fn eight_and_sixteen_are_laid_out_as_printed_brackets() {
    assert_eq!(first_round_seeds(8), [(1, 8), (4, 5), (2, 7), (3, 6)]);
    assert_eq!(
        first_round_seeds(16),
        [
            (1, 16),
            (8, 9),
            (4, 13),
            (5, 12),
            (2, 15),
            (7, 10),
            (3, 14),
            (6, 11)
        ]
    );
    // Twelve: seeds 13 to 16 missing, so 1 to 4 walk over.
    assert_eq!(
        first_round_seeds(12),
        [
            (1, 0),
            (8, 9),
            (4, 0),
            (5, 12),
            (2, 0),
            (7, 10),
            (3, 0),
            (6, 11)
        ]
    );
}

#[test]
fn seeds_go_by_rating_then_entry_order() {
    let bracket = Bracket::seeded(&[
        (e(0), 1500.0),
        (e(1), 1600.0),
        (e(2), 1500.0),
        (e(3), 1400.0),
    ])
    .unwrap();
    let seeds: Vec<(u16, u16)> = [1, 0, 2, 3]
        .map(|i| (i, bracket.seed_of(e(i)).unwrap().0))
        .to_vec();
    assert_eq!(seeds, [(1, 1), (0, 2), (2, 3), (3, 4)]);
    assert_eq!(bracket.seed_of(e(9)), None);
}

#[test]
fn a_bracket_refuses_too_few_and_an_entrant_twice() {
    let three: Vec<(Entrant, f64)> = (0..3).map(|i| (e(i), 1500.0)).collect();
    assert_eq!(
        Bracket::seeded(&three),
        Err(PairingError::TooFew { needed: 4, got: 3 })
    );
    let twice = [(e(0), 1.0), (e(1), 2.0), (e(0), 3.0), (e(2), 4.0)];
    assert_eq!(
        Bracket::seeded(&twice),
        Err(PairingError::EnteredTwice(e(0)))
    );
    let nan = [(e(0), 1.0), (e(1), f64::NAN), (e(2), 3.0), (e(3), 4.0)];
    assert_eq!(
        Bracket::seeded(&nan),
        Err(PairingError::RatingNotFinite(e(1)))
    );
}

#[test]
fn the_better_seed_takes_the_first_colour_in_every_round() {
    let entrants: Vec<(Entrant, f64)> = (0..8).map(|i| (e(i), f64::from(i))).collect();
    // Entrant 7 is seed 1, entrant 0 seed 8.
    let bracket = Bracket::seeded(&entrants).unwrap();
    let first = bracket.first_round();
    assert_eq!(first.ties()[0].pairing(), Some(fixture(7, 0)));
    // The worse seeds win everywhere: seed 8 (entrant 0) then meets
    // seed 5 and plays second, as the worse seed still.
    let winners: Vec<Entrant> = first
        .ties
        .iter()
        .map(|t| match t {
            Tie::Play { lower, .. } => lower.entrant,
            Tie::Walkover(s) => s.entrant,
        })
        .collect();
    let second = first.next(&winners).unwrap();
    let p = second.ties()[0].pairing().unwrap();
    assert_eq!(p.second, e(0), "{second:?}");
}

#[test]
fn next_round_refuses_wrong_winners_and_the_final() {
    let entrants: Vec<(Entrant, f64)> = (0..4).map(|i| (e(i), f64::from(i))).collect();
    let first = Bracket::seeded(&entrants).unwrap().first_round();
    assert_eq!(
        first.next(&[e(3)]),
        Err(KnockoutError::WinnerCount { ties: 2, got: 1 })
    );
    // Tie 0 is seeds 1 and 4: entrants 3 and 0.
    assert_eq!(
        first.next(&[e(1), e(2)]),
        Err(KnockoutError::NotInTie {
            tie: 0,
            entrant: e(1)
        })
    );
    let last = first.next(&[e(3), e(2)]).unwrap();
    assert!(last.is_final());
    assert_eq!(last.next(&[e(3)]), Err(KnockoutError::AfterFinal));
}

fn ratings() -> impl Strategy<Value = Vec<f64>> {
    // Few distinct values, so equal ratings (settled by entry order) are common.
    (Bracket::MIN_ENTRANTS..=MAX_ENTRANTS).prop_flat_map(|n| {
        prop::collection::vec((0u8..12).prop_map(|r| 1400.0 + f64::from(r) * 25.0), n)
    })
}

proptest! {
    /// Every entrant once; the byes on the top seeds; seeds 1 and 2 in
    /// different halves; seeds in rating order.
    #[test]
    fn every_entrant_is_placed_once_with_byes_on_the_top_seeds(ratings in ratings()) {
        let n = ratings.len();
        let entrants: Vec<(Entrant, f64)> =
            ratings.iter().enumerate().map(|(i, r)| (e(i as u16), *r)).collect();
        let bracket = Bracket::seeded(&entrants).unwrap();
        prop_assert_eq!(bracket.size(), n.next_power_of_two());
        let stored = serde_json::to_string(&bracket).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Bracket>(&stored).unwrap(), &bracket);
        let mut placed: Vec<Entrant> = bracket.slots().iter().flatten().map(|s| s.entrant).collect();
        placed.sort();
        prop_assert_eq!(placed, entrants.iter().map(|(e, _)| *e).collect::<Vec<_>>());

        let half = bracket.size() / 2;
        let place = |seed: u16| bracket.slots().iter().position(|s| s.is_some_and(|s| s.seed == Seed(seed))).unwrap();
        prop_assert!(place(1) < half && place(2) >= half);

        let byes = bracket.size() - n;
        let mut walkovers: Vec<u16> = bracket.first_round().ties().iter().filter_map(|t| match t {
            Tie::Walkover(s) => Some(s.seed.0),
            Tie::Play { .. } => None,
        }).collect();
        walkovers.sort();
        prop_assert_eq!(walkovers, (1..=byes as u16).collect::<Vec<_>>());

        for pair in (1..n as u16).map(|s| (s, s + 1)) {
            let rating = |seed: u16| {
                let entrant = bracket.slots().iter().flatten().find(|s| s.seed == Seed(seed)).unwrap().entrant;
                (ratings[entrant.index()], entrant)
            };
            let (better, worse) = (rating(pair.0), rating(pair.1));
            prop_assert!(better.0 > worse.0 || (better.0 == worse.0 && better.1 < worse.1));
        }
    }

    /// Played to the end with any winners: each round halves, the final
    /// is one tie, and nobody who lost plays again.
    #[test]
    fn any_results_lead_to_one_champion(ratings in ratings(), coins in prop::collection::vec(any::<bool>(), 64)) {
        let entrants: Vec<(Entrant, f64)> =
            ratings.iter().enumerate().map(|(i, r)| (e(i as u16), *r)).collect();
        let bracket = Bracket::seeded(&entrants).unwrap();
        let mut round = bracket.first_round();
        let mut out: Vec<Entrant> = Vec::new();
        let mut rounds = 1;
        let mut coin = coins.iter().cycle();
        loop {
            prop_assert_eq!(round.ties().len(), bracket.size() >> rounds);
            let stored = serde_json::to_string(&round).unwrap();
            prop_assert_eq!(&serde_json::from_str::<KnockoutRound>(&stored).unwrap(), &round);
            let mut winners = Vec::new();
            for t in round.ties() {
                match *t {
                    Tie::Walkover(s) => winners.push(s.entrant),
                    Tie::Play { upper, lower } => {
                        prop_assert!(!out.contains(&upper.entrant) && !out.contains(&lower.entrant));
                        let (w, l) = if *coin.next().unwrap() { (upper, lower) } else { (lower, upper) };
                        out.push(l.entrant);
                        winners.push(w.entrant);
                    }
                }
            }
            if round.is_final() {
                prop_assert_eq!(rounds, bracket.rounds());
                prop_assert_eq!(out.len(), entrants.len() - 1);
                prop_assert!(!out.contains(&winners[0]));
                break;
            }
            round = round.next(&winners).unwrap();
            rounds += 1;
        }
    }

    /// When the better seed always wins, each round holds exactly the best
    /// seeds (1 to twice its ties, walkovers included), so seeds 1 to 4
    /// reach the semi-finals in four different quarters, and the final
    /// is seeds 1 and 2.
    #[test]
    fn seeds_one_and_two_meet_in_the_final_when_favourites_win(ratings in ratings()) {
        let entrants: Vec<(Entrant, f64)> =
            ratings.iter().enumerate().map(|(i, r)| (e(i as u16), *r)).collect();
        let bracket = Bracket::seeded(&entrants).unwrap();
        let mut round = bracket.first_round();
        let mut first = true;
        while !round.is_final() {
            if !first {
                let mut seeds: Vec<u16> = round.ties().iter().flat_map(|t| match *t {
                    Tie::Play { upper, lower } => vec![upper.seed.0, lower.seed.0],
                    Tie::Walkover(s) => vec![s.seed.0],
                }).collect();
                seeds.sort();
                let places = 2 * round.ties().len() as u16;
                prop_assert_eq!(seeds, (1..=places).collect::<Vec<_>>());
            }
            first = false;
            // In the quarter-finals (four ties), seeds 1 to 4 are one a tie.
            if round.ties().len() == 4 {
                for t in round.ties() {
                    let top = match *t {
                        Tie::Play { upper, lower } => [upper.seed.0, lower.seed.0].iter().filter(|&&s| s <= 4).count(),
                        Tie::Walkover(s) => usize::from(s.seed.0 <= 4),
                    };
                    prop_assert_eq!(top, 1, "{:?}", round.ties());
                }
            }
            let winners: Vec<Entrant> = round.ties().iter().map(|t| match *t {
                Tie::Walkover(s) | Tie::Play { upper: s, .. } => s.entrant,
            }).collect();
            for t in round.ties() {
                if let Tie::Play { upper, lower } = t {
                    prop_assert!((upper.seed, lower.seed) != (Seed(1), Seed(2)), "seeds 1 and 2 meet before the final");
                }
            }
            round = round.next(&winners).unwrap();
        }
        match round.ties()[0] {
            Tie::Play { upper, lower } => prop_assert_eq!((upper.seed, lower.seed), (Seed(1), Seed(2))),
            Tie::Walkover(_) => prop_assert!(false, "a final is played"),
        }
    }
}

fn four() -> Bracket {
    let entrants: Vec<(Entrant, f64)> = (0..4).map(|i| (e(i), f64::from(i))).collect();
    Bracket::seeded(&entrants).unwrap()
}

/// A stored bracket is read back through the same checks as a drawn one:
/// two byes side by side, an odd or empty list of places, or seeds out of
/// their places would panic or loop in the rounds drawn from it.
#[test]
fn a_stored_bracket_that_no_seeding_gives_is_refused() {
    for bad in [
        r#"{"slots":[null,null]}"#,
        r#"{"slots":[null]}"#,
        r#"{"slots":[]}"#,
        r#"{"slots":[{"entrant":0,"seed":1},null,null,null]}"#,
        r#"{"slots":[{"entrant":0,"seed":1},{"entrant":1,"seed":2},{"entrant":2,"seed":3}]}"#,
        // Seeds 2 and 4 swapped: 1 would meet 2 in the first round.
        r#"{"slots":[{"entrant":0,"seed":1},{"entrant":1,"seed":2},{"entrant":2,"seed":4},{"entrant":3,"seed":3}]}"#,
        // Entrant 0 twice.
        r#"{"slots":[{"entrant":0,"seed":1},{"entrant":1,"seed":4},{"entrant":0,"seed":2},{"entrant":3,"seed":3}]}"#,
    ] {
        let refused = serde_json::from_str::<Bracket>(bad)
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("seeded bracket")
                || refused.contains("entered twice")
                || refused.contains("at least"),
            "{bad}: {refused}"
        );
    }
    let bracket = four();
    let stored = serde_json::to_string(&bracket).unwrap();
    assert_eq!(serde_json::from_str::<Bracket>(&stored).unwrap(), bracket);
}

/// A stored round reads back only as a bracket could have drawn it: ties
/// a power of two, so every round halves to one final, and never none,
/// which would never be final.
#[test]
fn a_stored_round_of_no_ties_or_an_odd_number_is_refused() {
    let first = four().first_round();
    let stored = serde_json::to_string(&first).unwrap();
    assert_eq!(
        serde_json::from_str::<KnockoutRound>(&stored).unwrap(),
        first
    );
    let tie = serde_json::to_string(&first.ties()[0]).unwrap();
    for bad in [
        r#"{"ties":[]}"#.to_string(),
        format!(r#"{{"ties":[{tie},{tie},{tie}]}}"#),
        // The same tie twice: its entrants would play twice.
        format!(r#"{{"ties":[{tie},{tie}]}}"#),
    ] {
        let refused = serde_json::from_str::<KnockoutRound>(&bad)
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("power of two") || refused.contains("in two ties"),
            "{bad}: {refused}"
        );
    }
}
