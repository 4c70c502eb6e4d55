//! Dejarik as a whole: random playouts with real dice (no panic, no two
//! monsters on a square, every decision replays from the record, games
//! end), and counts of decision sequences from documented positions.

use holotable::games::dejarik::{Dejarik, Rules};
use holotable::games::{AnyGame, Decider, Game, GameKind, GameRecord, perft};
use proptest::prelude::*;
use rand::SeedableRng;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn random_games_keep_every_invariant_and_replay(seed in any::<u64>()) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let start = Dejarik::new_game(&Rules::default(), &mut rng);
        let mut game = start.clone();
        let mut record = GameRecord::starting_at(&AnyGame::Dejarik(start));
        let mut moves = Vec::new();
        while let Some(decider) = game.to_decide() {
            let mv = match decider {
                Decider::Chance => game.sample_chance(&mut rng),
                Decider::Seat(_) => {
                    game.legal_moves(&mut moves);
                    prop_assert!(!moves.is_empty(), "a decider always has a move: {}", game.position());
                    moves[(rng.next_u32() as usize) % moves.len()]
                }
            };
            let notation = game.move_notation(mv);
            prop_assert_eq!(game.parse_move(&notation), Ok(mv), "notation {}", &notation);
            prop_assert!(game.play(mv).is_ok(), "{} in {}", notation, game.position());
            record.moves.push(notation);
            let text = game.position();
            prop_assert_eq!(&Dejarik::from_position(&Rules::default(), &text).unwrap(), &game, "round trip of {}", text);
            prop_assert!(game.count(holotable::games::dejarik::WHITE) <= 4);
            prop_assert!(game.ply() <= game.rules().ply_limit + 8, "the game ends");
        }
        let positions = record.positions().expect("the record replays");
        prop_assert_eq!(positions.last().unwrap().position(), game.position());
        prop_assert!(game.outcome().is_some());
    }

    #[test]
    fn parsers_never_panic_on_junk(text in ".{0,60}") {
        let _ = Dejarik::from_position(&Rules::default(), &text);
        let game = Dejarik::from_position(&Rules::default(), "GhA11,KlA12,MoA1,StA2/HoA5,NgA6,SaA7,GrA8 w 2 - - 0").unwrap();
        let _ = game.parse_move(&text);
        let _ = game.clone().play_notation(&text);
    }
}

use rand::RngCore;

/// Decision sequences counted through chance nodes by their representative
/// results (one per combat result), as `perft` does for every game.
#[test]
fn decision_counts_match_the_rules_document() {
    let cases = [
        (
            "GhA11,KlA12,MoA1,StA2/HoA5,NgA6,SaA7,GrA8 w 2 - - 0",
            [43, 1140, 11092],
        ),
        ("GrA1,HoA3/StA2,NgA9 w 2 - - 0", [9, 97, 1720]),
    ];
    for (position, counts) in cases {
        let game =
            AnyGame::from_position(GameKind::Dejarik, &serde_json::json!({}), position).unwrap();
        let AnyGame::Dejarik(game) = game else {
            unreachable!()
        };
        for (depth, expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&game, depth as u32 + 1),
                *expected,
                "depth {} of {position}",
                depth + 1
            );
        }
    }
}
