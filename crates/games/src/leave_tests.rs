//! Every game's answer when a seat leaves, through [`AnyGame`]: beside
//! the list of games rather than in `leave.rs`, which every game uses.

use crate::{AnyGame, Ending, GameKind, LeaveError, RulesJson, Seat, SeatLeft, SeatResult};
use rand::SeedableRng;
use serde_json::json;

/// Every game whose sides cannot go on without one another.
fn two_seat_games() -> Vec<(GameKind, RulesJson)> {
    vec![
        (GameKind::SpaceCheckers, json!({})),
        (GameKind::Dejarik, json!({})),
        (GameKind::Holochess, json!({})),
        (GameKind::Djambi, json!({"players": 2})),
        (
            GameKind::Djambi,
            json!({"players": 2, "ruleset": "djambi-net"}),
        ),
    ]
}

#[test]
fn in_a_two_seat_game_the_seat_that_leaves_loses_and_the_position_stays() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for (kind, rules) in two_seat_games() {
        for (leaving, staying) in [(Seat(0), Seat(1)), (Seat(1), Seat(0))] {
            let mut game = AnyGame::new_game(kind, &rules, &mut rng).unwrap();
            let before = game.position();
            let left = game.seat_leaves(leaving).unwrap();
            let SeatLeft::GameEnds { results } = &left else {
                panic!("{kind} {rules} went on without {leaving}");
            };
            assert_eq!(results.len(), 2, "{kind}");
            assert_eq!(results[leaving], SeatResult::Loss, "{kind} {rules}");
            assert_eq!(results[staying], SeatResult::Win, "{kind} {rules}");
            assert_eq!(game.position(), before, "{kind}: the caller ends it");
            let outcome = left.outcome(Ending::UndecidableDuel).unwrap();
            assert_eq!(outcome.winner(), Some(staying));
            assert_eq!(outcome.reason, Ending::UndecidableDuel);
        }
    }
}

#[test]
fn a_seat_the_game_does_not_have_cannot_leave() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    for (kind, rules) in two_seat_games() {
        let mut game = AnyGame::new_game(kind, &rules, &mut rng).unwrap();
        let error = game.seat_leaves(Seat(2)).unwrap_err();
        assert_eq!(
            error,
            LeaveError::NoSuchSeat {
                seat: Seat(2),
                seats: 2
            }
        );
        assert_eq!(
            error.to_string(),
            "this game has no seat 2: it has 2 seats, numbered from 0"
        );
    }
}

#[test]
fn nobody_leaves_a_finished_game() {
    // Yellow and Green are out: red and blue have won.
    let mut over = AnyGame::from_position(
        GameKind::Djambi,
        &json!({"players": 2}),
        "9/9/9/9/9/9/9/9/RL8 R RR-- 0",
    )
    .unwrap();
    assert!(over.outcome().is_some());
    assert_eq!(over.seat_leaves(Seat(1)), Err(LeaveError::GameOver));
}

#[test]
fn a_game_that_goes_on_has_no_outcome_to_record() {
    assert_eq!(SeatLeft::GameGoesOn.outcome(Ending::UndecidableDuel), None);
}
