//! The djambi.net rule set where it changes more than one power: the
//! two-player game, where each player makes one move per turn with either
//! of its armies (the second army is a vassal), and its encirclement
//! default.

use super::tests::{after, build, moves_from};
use super::*;
use crate::games::Game;

fn net_two() -> Rules {
    Rules {
        players: 2,
        ruleset: Ruleset::DjambiNet,
        ..Rules::default()
    }
}

/// Who decides each of the next `count` turns, playing the first legal
/// move that keeps a Leader in the Labyrinth where it is.
fn seats_in_turn(mut game: Djambi, count: usize) -> String {
    let mut order = String::new();
    for _ in 0..count {
        let Some(Decider::Seat(seat)) = game.to_decide() else {
            break;
        };
        order.push_str(&seat.index().to_string());
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        let mv = moves
            .into_iter()
            .find(|mv| mv.from() != Some(LABYRINTH) && game.kills(*mv).is_empty())
            .expect("a quiet move that keeps the Labyrinth");
        game.play(mv).unwrap();
    }
    order
}

#[test]
fn two_player_djambi_net_offers_both_armies_moves_in_one_turn() {
    let game = Djambi::new_game(&net_two(), &mut rand::rng());
    assert!(
        game.position().ends_with(" R RRYY 0"),
        "{}",
        game.position()
    );
    assert_eq!(game.to_decide(), Some(Decider::Seat(Seat(0))));
    let red = moves_from(&game, "C7");
    let blue = moves_from(&game, "G7");
    assert!(red.contains(&"NC7-D6".to_string()), "{red:?}");
    assert!(blue.contains(&"NG7-F6".to_string()), "{blue:?}");
    let mut seats = Vec::new();
    let mut game = game;
    for mv in ["NG7-F6", "NC3-D4", "NC7-D6", "NG3-F4"] {
        seats.push(game.to_decide());
        game = after(&game, mv);
    }
    let s = |n| Some(Decider::Seat(Seat(n)));
    assert_eq!(
        seats,
        [s(0), s(1), s(0), s(1)],
        "one move per player per turn"
    );
}

#[test]
fn two_player_djambi_net_holder_plays_again_after_the_other_player() {
    let pieces = [
        ("E5", "RL"),
        ("C9", "RM"),
        ("I9", "BL"),
        ("I1", "YL"),
        ("A1", "GL"),
    ];
    let game = build(&net_two(), &pieces, "Y RRYY 0");
    // Yellow, then Red's extra turn, then Red's own turn, and so on.
    assert_eq!(seats_in_turn(game.clone(), 7), "1001001");
    let game = after(&game, "LI1-I2");
    assert!(
        game.position().ends_with(" R+Y RRYY 1"),
        "{}",
        game.position()
    );
    // A Leader that leaves the Labyrinth in its extra turn does not play
    // again at once (djambi.net: not straight after leaving power).
    let left = after(&game, "LE5-E4");
    assert_eq!(left.to_move(), Army::Yellow);
    // Kept, the regular turn follows the extra one.
    let kept = after(&game, "MC9-C8");
    assert_eq!(kept.to_move(), Army::Red);
    assert!(!kept.extra_turn());
}

#[test]
fn two_player_djambi_net_ends_with_the_commanding_leader_only() {
    // Blue is Red's vassal: losing its Leader loses nothing more; losing
    // Red's loses the game.
    let pieces = [
        ("A9", "RL"),
        ("B5", "BL"),
        ("I1", "YL"),
        ("B6", "YM"),
        ("A1", "GL"),
        ("A7", "YA"),
    ];
    let game = build(&net_two(), &pieces, "Y RRYY 0");
    let vassal_lost = after(&game, "MB6-B5x@C5");
    assert_eq!(vassal_lost.to_decide(), Some(Decider::Seat(Seat(0))));
    assert_eq!(vassal_lost.controller(Army::Blue), Some(Army::Red));
    let game = build(&net_two(), &pieces, "Y RRYY 0");
    let red_lost = after(&game, "AA7-A9x");
    assert_eq!(red_lost.to_decide(), None);
    assert_eq!(red_lost.outcome().unwrap().winner(), Some(Seat(1)));
}

#[test]
fn two_player_djambi_net_vassals_never_command_themselves() {
    let text = "GL7YL/9/9/9/9/9/9/9/RL7BL R RBYY 0";
    let error = Djambi::from_position(&net_two(), text).unwrap_err();
    assert!(error.message.contains("vassal"), "{error}");
    assert!(Djambi::from_position(&Rules::two_players(), text).is_ok());
}

#[test]
fn djambi_net_encircles_under_variant_two_by_default() {
    // As in the Variant 2 test of tests.rs: Yellow's Leader can move but a
    // wall of corpses cuts it off from the Labyrinth, and Yellow has no
    // Necromobile.
    let pieces = [
        ("A9", "RL"),
        ("I9", "BL"),
        ("A1", "GL"),
        ("H1", "YL"),
        ("G1", "Gm"),
        ("G2", "Gm"),
        ("G3", "Ga"),
        ("H3", "Gr"),
        ("I3", "Gd"),
        ("D7", "RM"),
    ];
    let rules = Rules {
        ruleset: Ruleset::DjambiNet,
        ..Rules::default()
    };
    let next = after(&build(&rules, &pieces, "R RBYG 0"), "MD7-D8");
    assert!(!next.is_active(Army::Yellow));
}
