//! Dejarik rules on hand-built positions, dice forced through the chance
//! moves the way a recorded game replays them.

use super::*;
use crate::{Decider, Ending, Game};
use rand::SeedableRng;

fn position(text: &str) -> Dejarik {
    Dejarik::from_position(&Rules::default(), text).expect("test position is valid")
}

fn play(game: &mut Dejarik, mv: &str) {
    game.play_notation(mv)
        .unwrap_or_else(|e| panic!("{mv}: {e} in {}", game.position()));
}

fn legal(game: &Dejarik) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut list: Vec<String> = moves.into_iter().map(|m| game.move_notation(m)).collect();
    list.sort();
    list
}

#[test]
fn a_new_game_deals_four_distinct_monsters_each_from_the_seed() {
    let deal = |seed: u64| {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        Dejarik::new_game(&Rules::default(), &mut rng)
    };
    let game = deal(1);
    assert_eq!((game.count(WHITE), game.count(BLACK)), (4, 4));
    let mut kinds: Vec<u8> = game.pieces().map(|(_, p)| p.kind).collect();
    kinds.sort();
    assert_eq!(
        kinds,
        (0..8).collect::<Vec<u8>>(),
        "all eight, none on both sides"
    );
    for (square, piece) in game.pieces() {
        let expected = if piece.owner == WHITE {
            START[0]
        } else {
            START[1]
        };
        assert!(expected.contains(&square.to_string().as_str()));
    }
    assert_eq!(deal(1), game, "the same seed deals the same game");
    let positions: std::collections::HashSet<String> =
        (0..20).map(|s| deal(s).position()).collect();
    assert!(positions.len() > 10, "seeds deal different games");
    let starters: std::collections::HashSet<Seat> =
        (0..20).map(|s| deal(s).side_to_move()).collect();
    assert_eq!(starters.len(), 2, "either side may be drawn to start");
}

#[test]
fn a_move_goes_exactly_the_monster_movement_through_empty_squares() {
    // The Houjix moves 1; the Monnok 3. C is occupied, so no path crosses it.
    let game = position("HoA1,MoA6/NgC,StA9 w 2 - - 0");
    let houjix: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("Ho:"))
        .collect();
    assert_eq!(houjix, ["Ho:A1-A12", "Ho:A1-A2", "Ho:A1-B1"]);
    let monnok: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("Mo:"))
        .collect();
    // Any simple path of exactly three steps: A5 and B6 are one step away
    // but reachable the long way round (A6-B6-B5-A5, A6-A5-B5-B6); A9 is
    // occupied and the centre blocks every path through it.
    for (square, reachable) in [
        ("A3", true),
        ("B4", true),
        ("A5", true),
        ("B6", true),
        ("A9", false),
    ] {
        // Where the path matters for the second move it is named too.
        let mv = format!("Mo:A6-{square}");
        let listed = monnok
            .iter()
            .any(|m| *m == mv || m.starts_with(&format!("{mv} via ")));
        assert_eq!(listed, reachable, "{mv} in {monnok:?}");
    }
    assert!(
        !monnok
            .iter()
            .any(|m| m.ends_with("-C") || m.ends_with("-A6"))
    );
}

#[test]
fn a_second_move_may_not_re_enter_squares_crossed_this_turn() {
    let mut game = position("HoA1,MoA6/NgC,StA9 w 2 - - 0");
    play(&mut game, "Ho:A1-A2");
    assert!(
        game.passed(game.piece("A2".parse().unwrap()).unwrap().kind)
            .contains("A1".parse().unwrap())
    );
    let second: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("Ho:"))
        .collect();
    assert_eq!(second, ["Ho:A2-A3", "Ho:A2-B2"], "A1 was crossed this turn");
    play(&mut game, "Ho:A2-A3");
    assert_eq!(game.side_to_move(), BLACK, "two actions end the turn");
    assert_eq!(
        game.passed(0),
        SquareSet::EMPTY,
        "a new turn forgets the crossings"
    );
}

#[test]
fn a_second_move_avoids_the_squares_the_first_move_actually_crossed() {
    // B1 to B3 goes through B2 or through C. Either way the only
    // path from B3 to B2 (through C) or its end was crossed, so Gh:B3-B2
    // is never a second move; and the two first moves leave different
    // second moves, so each names its path.
    let game = position("GhB1,HoA7/NgA6,StA5 w 2 - - 0");
    let firsts: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("Gh:B1-B3"))
        .collect();
    assert_eq!(firsts, ["Gh:B1-B3 via B2", "Gh:B1-B3 via C"]);
    for first in &firsts {
        let mut next = game.clone();
        play(&mut next, first);
        let seconds = legal(&next);
        assert!(
            !seconds.contains(&"Gh:B3-B2".to_string()),
            "{first}: {seconds:?}"
        );
        assert!(
            seconds.iter().all(|m| !m.contains("via")),
            "no path matters now"
        );
    }
    let mut through_b2 = game.clone();
    play(&mut through_b2, "Gh:B1-B3 via B2");
    assert!(legal(&through_b2).contains(&"Gh:B3-C".to_string()));
    assert!(
        through_b2.position().contains(" Gh:B1.B2.B3 "),
        "{}",
        through_b2.position()
    );
    let mut through_c = game.clone();
    play(&mut through_c, "gh:b1-b3 via c");
    assert!(!legal(&through_c).contains(&"Gh:B3-C".to_string()));
}

#[test]
fn a_path_is_named_only_where_it_matters() {
    let game = position("GhB1,HoA7/NgA6,StA5 w 2 - - 0");
    let error = game.parse_move("Gh:B1-B3").unwrap_err();
    assert!(
        error.expected.contains("Gh:B1-B3 via B2 or Gh:B1-B3 via C"),
        "{error}"
    );
    // Any move of a second action names no path, and a typed path that
    // stands for the listed move is that move.
    let one_left = position("GhB1,HoA7/NgA6,StA5 w 1 - - 0");
    assert!(legal(&one_left).contains(&"Gh:B1-B3".to_string()));
    assert_eq!(
        one_left.parse_move("Gh:B1-B3 via C"),
        one_left.parse_move("Gh:B1-B3")
    );
    assert!(game.clone().play_notation("Gh:B1-B3 via A2").is_err());
}

#[test]
fn the_shortest_path_option_requires_the_full_distance() {
    let rules = Rules {
        shortest_paths: true,
        ..Rules::default()
    };
    let game = Dejarik::from_position(&rules, "MoA6,HoA1/NgC,StA9 w 2 - - 0").unwrap();
    let monnok: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("Mo:"))
        .collect();
    assert!(
        !monnok.contains(&"Mo:A6-A5".to_string()),
        "A5 is one step away by the shortest path"
    );
    assert!(monnok.contains(&"Mo:A6-A3".to_string()));
}

#[test]
fn an_attack_rolls_dice_and_a_big_margin_kills_without_moving_the_attacker() {
    let mut game = position("GrA1,HoA3/StA2,NgA9 w 2 - - 0");
    play(&mut game, "Gr:A1xA2");
    assert_eq!(game.to_decide(), Some(Decider::Chance));
    let mut outcomes = Vec::new();
    game.legal_moves(&mut outcomes);
    assert!(outcomes.len() <= 4);
    let total: f64 = outcomes.iter().map(|&m| game.chance_probability(m)).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    play(&mut game, "roll 30v9");
    assert_eq!(game.piece("A2".parse().unwrap()), None, "the Strider died");
    assert!(
        game.piece("A1".parse().unwrap()).is_some(),
        "the attacker stays on its square"
    );
    assert_eq!(game.actions_left(), 1);
}

#[test]
fn the_winner_of_a_close_combat_chooses_the_push_even_in_the_other_turn() {
    let mut game = position("GrA1,HoA3/StA2,NgA9 w 2 - - 0");
    play(&mut game, "Gr:A1xA2");
    play(&mut game, "roll 10v12");
    // The defender won by 2: black pushes the white Grimtaash.
    assert_eq!(game.to_decide(), Some(Decider::Seat(BLACK)));
    assert_eq!(legal(&game), ["push A12", "push B1"]);
    play(&mut game, "push B1");
    assert_eq!(
        game.piece("B1".parse().unwrap()).map(|p| p.owner),
        Some(WHITE)
    );
    assert_eq!(
        game.to_decide(),
        Some(Decider::Seat(WHITE)),
        "back to white's second action"
    );
}

#[test]
fn no_empty_square_means_no_push() {
    // The Strider on A2 is boxed in by A1, A3 and B2.
    let mut game = position("GrA1,HoA3,KlB2/StA2,NgA9 w 2 - - 0");
    play(&mut game, "Gr:A1xA2");
    play(&mut game, "roll 20v15");
    assert_eq!(game.to_decide(), Some(Decider::Seat(WHITE)));
    assert_eq!(game.actions_left(), 1);
    assert!(game.piece("A2".parse().unwrap()).is_some());
}

#[test]
fn a_side_with_no_action_passes() {
    // The Strider (movement 3) already crossed A2, B1, B12 and A11 this
    // turn: from A1 no path of three steps is left, and no enemy is near.
    let mut game = position("StA1/HoA7,NgB6 w 1 - St:A1.A2.A11.B1.B12 3");
    assert_eq!(legal(&game), ["pass"]);
    play(&mut game, "pass");
    assert_eq!(game.side_to_move(), BLACK);
    assert_eq!(game.actions_left(), 2);
}

#[test]
fn one_monster_each_goes_to_the_duel_and_it_ends_the_game() {
    let mut game = position("GrA1/StA2,NgA9 w 2 - - 0");
    play(&mut game, "Gr:A1xA2");
    play(&mut game, "roll 30v9");
    assert_eq!(game.phase(), Phase::Duel);
    assert_eq!(game.to_decide(), Some(Decider::Chance));
    let mut results = Vec::new();
    game.legal_moves(&mut results);
    let total: f64 = results.iter().map(|&m| game.chance_probability(m)).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let refused = game.clone().play_notation("duel 20v15");
    assert!(
        refused.is_err(),
        "a round that kills nobody is not a duel result"
    );
    play(&mut game, "duel 12v25");
    let outcome = game.outcome().expect("the duel ends the game");
    assert_eq!(outcome.winner(), Some(BLACK));
    assert_eq!(
        outcome.reason,
        Ending::DuelWon {
            winner: "black".into()
        }
    );
    assert_eq!(
        Dejarik::from_position(&Rules::default(), &game.position()).unwrap(),
        game
    );
}

#[test]
fn sampled_dice_are_honest_rolls_that_replay() {
    let mut game = position("GrA1,HoA3/StA2,NgA9 w 2 - - 0");
    play(&mut game, "Gr:A1xA2");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for _ in 0..50 {
        let roll = game.sample_chance(&mut rng);
        let Move::Roll { attack, defence } = roll else {
            panic!("{roll:?}")
        };
        assert!((8..=48).contains(&attack) && (7..=42).contains(&defence));
        assert!(game.is_legal(roll));
        let text = game.move_notation(roll);
        assert_eq!(game.parse_move(&text), Ok(roll));
    }
}

#[test]
fn positions_round_trip_and_errors_say_what_is_wrong() {
    for text in [
        "GhA11,KlA12,MoA1,StA2/HoA5,NgA6,SaA7,GrA8 w 2 - - 0",
        "GrA1,HoA3/StA2,NgA9 w 1 roll:A1xA2 Gr:A1.A12 7",
        "GrA1,HoA3/StA2,NgA9 b 2 push:A1 - 9",
    ] {
        assert_eq!(position(text).position(), text);
    }
    let bad = |text: &str| {
        Dejarik::from_position(&Rules::default(), text)
            .unwrap_err()
            .to_string()
    };
    assert!(
        bad("XxA1/HoA5 w 2 - - 0").contains("expected a code"),
        "{}",
        bad("XxA1/HoA5 w 2 - - 0")
    );
    assert!(bad("GrA1,GrA2/HoA5 w 2 - - 0").contains("Gr appears twice"));
    assert!(bad("GrA1/HoA1,KlA5 w 2 - - 0").contains("A1 holds two monsters"));
    assert!(bad("GrA1,HoA3/StA2 w 3 - - 0").contains("expected 1 or 2"));
    assert!(bad("GrA1,HoA3/StA2 w 2 roll:A1xA3 - 0").contains("enemy defender"));
    assert!(bad("GrA1,HoA3/StA2 w 2 - -").contains("expected 6 fields"));
}

#[test]
fn move_parse_errors_say_what_is_expected() {
    let game = position("GrA1,HoA3/StA2,NgA9 w 2 - - 0");
    let err = game.parse_move("Kl:A1xA2").unwrap_err();
    assert!(err.to_string().contains("A1 holds Gr, not Kl"), "{err}");
    let err = game.parse_move("attack!").unwrap_err();
    assert!(err.to_string().contains("Kl:A3-B4"), "{err}");
    assert_eq!(
        game.parse_move("a1xa2"),
        Ok(Move::Attack {
            from: "A1".parse().unwrap(),
            target: "A2".parse().unwrap()
        })
    );
}

#[test]
fn custom_monster_tables_are_checked() {
    let mut monsters = default_monsters().to_vec();
    monsters[0].code = "Kl".into();
    let rules = Rules {
        monsters: Some(monsters),
        ..Rules::default()
    };
    let err = Dejarik::check_rules(&rules).unwrap_err();
    assert!(err.to_string().contains("Kl is used twice"), "{err}");
}
