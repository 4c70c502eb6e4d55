//! The djambi.net rule set where it changes more than one power: its
//! starting layout, the two-player game, where each player makes one move
//! per turn with either of its armies (the second army is a vassal), the
//! vassal's Leader, and encirclement (its default, who is judged, and a
//! corpse on the Labyrinth).

use super::tests::{after, at, build, moves_from};
use super::*;
use crate::{Game, SeatResult};

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
    // Blue is Red's vassal: losing its Leader loses Blue's pieces to the
    // killer, not the game; losing Red's loses the game.
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

#[test]
fn djambi_net_starts_from_djambi_nets_layout() {
    // Each Leader facing the centre has its Reporter on its left and its
    // Assassin on its right: Blue's and Green's trade squares with the
    // seed's coordinate list, Red's and Yellow's keep them.
    let game = Djambi::new_game(&net_two(), &mut rand::rng());
    let listed = [
        ("H9", Army::Blue, Kind::Reporter),
        ("I8", Army::Blue, Kind::Assassin),
        ("B1", Army::Green, Kind::Reporter),
        ("A2", Army::Green, Kind::Assassin),
        ("A8", Army::Red, Kind::Reporter),
        ("B9", Army::Red, Kind::Assassin),
        ("I2", Army::Yellow, Kind::Reporter),
        ("H1", Army::Yellow, Kind::Assassin),
    ];
    for (square, army, kind) in listed {
        assert_eq!(at(&game, square), Some(Piece::live(kind, army)), "{square}");
    }
    assert_eq!(
        game.position(),
        "GLGRGM3YMYAYL/GAGDGM3YMYDYR/GMGMGN3YNYMYM/9/9/9/RMRMRN3BNBMBM/RRRDRM3BMBDBA/RLRARM3BMBRBL R RRYY 0"
    );
    let four = Rules {
        ruleset: Ruleset::DjambiNet,
        ..Rules::default()
    };
    let four = Djambi::new_game(&four, &mut rand::rng());
    assert_eq!(
        at(&four, "H9"),
        Some(Piece::live(Kind::Reporter, Army::Blue))
    );
    let seed = Djambi::new_game(&Rules::two_players(), &mut rand::rng());
    assert_eq!(
        at(&seed, "H9"),
        Some(Piece::live(Kind::Assassin, Army::Blue))
    );
}

/// Red, Blue on E8, Yellow, Green, Yellow's Diplomat on C6, and Red to
/// move: the vassal's Leader can reach the Labyrinth.
const VASSAL_NEAR: [(&str, &str); 5] = [
    ("A9", "RL"),
    ("E8", "BL"),
    ("I1", "YL"),
    ("A1", "GL"),
    ("C6", "YD"),
];

#[test]
fn djambi_net_vassal_leader_takes_the_labyrinth_for_its_commander() {
    let game = build(&net_two(), &VASSAL_NEAR, "R RRYY 0");
    assert!(moves_from(&game, "E8").contains(&"LE8-E5".to_string()));
    let held = after(&game, "LE8-E5");
    assert_eq!(held.holder(), Some(Army::Red));
    // Yellow, then Red's extra turn, then Red's own.
    let held = after(&held, "LI1-I2");
    assert!(
        held.position().ends_with(" R+Y RRYY 2"),
        "{}",
        held.position()
    );
    // The seed's reading keeps the Labyrinth for a commanding Leader:
    // there Blue commands itself, so the same Leader enters for Blue.
    let seed = build(&Rules::two_players(), &VASSAL_NEAR, "B RBYG 0");
    assert_eq!(after(&seed, "LE8-E5").holder(), Some(Army::Blue));
}

#[test]
fn djambi_net_diplomat_may_seat_a_vassal_leader_in_the_labyrinth() {
    let game = build(&net_two(), &VASSAL_NEAR, "Y RRYY 0");
    let moves = moves_from(&game, "C6");
    assert!(moves.contains(&"DC6-E8@E5".to_string()), "{moves:?}");
    let seated = after(&game, "DC6-E8@E5");
    assert_eq!(seated.holder(), Some(Army::Red));
    // Red's extra turn follows Yellow's, then Red's own turn.
    assert!(
        seated.position().ends_with(" R+Y RRYY 1"),
        "{}",
        seated.position()
    );
}

#[test]
fn djambi_net_killing_the_vassal_leader_takes_its_army() {
    let pieces = [
        ("A9", "RL"),
        ("B5", "BL"),
        ("C9", "BM"),
        ("I1", "YL"),
        ("B6", "YA"),
        ("A1", "GL"),
    ];
    let game = build(&net_two(), &pieces, "Y RRYY 0");
    let taken = after(&game, "AB6-B5x");
    assert_eq!(taken.controller(Army::Blue), Some(Army::Yellow));
    assert!(
        taken.position().ends_with(" R RYYY 0"),
        "{}",
        taken.position()
    );
    // Yellow's next turn may move Blue's Militant.
    let taken = after(&taken, "LA9-A8");
    assert!(moves_from(&taken, "C9").contains(&"MC9-C7".to_string()));
    // The seed hands over only an army whose Leader commanded it: here a
    // recovered Leader (Blue's, controlled by Red).
    let seed = build(&Rules::two_players(), &pieces, "Y RRYG 0");
    let kept = after(&seed, "AB6-B5x");
    assert_eq!(kept.controller(Army::Blue), Some(Army::Red));
}

#[test]
fn djambi_net_judges_the_mover_too() {
    // Red's Militant kills and buries the corpse on B9, the last open
    // square next to Red's own Leader: Red can no longer reach the
    // Labyrinth and has no Necromobile, so Red is out at once.
    let pieces = [
        ("A9", "RL"),
        ("A8", "Ym"),
        ("B8", "Gm"),
        ("D8", "RM"),
        ("C8", "YM"),
        ("I9", "BL"),
        ("I1", "YL"),
        ("A1", "GL"),
    ];
    let game = build(&net_two(), &pieces, "R RRYY 0");
    let walled = after(&game, "MD8-C8x@B9");
    assert!(!walled.is_active(Army::Red));
    assert_eq!(walled.outcome().unwrap().winner(), Some(Seat(1)));
    assert_eq!(walled.to_move(), Army::Yellow);
    let back = Djambi::from_position(&net_two(), &walled.position()).unwrap();
    assert_eq!(back, walled);
    // The seed's reading spares the mover until its rival has moved.
    let seed = build(&Rules::two_players(), &pieces, "R RBYG 0");
    let spared = after(&seed, "MD8-C8x@B9");
    assert!(spared.is_active(Army::Red));
    assert_eq!(spared.outcome(), None);
}

#[test]
fn djambi_net_one_move_walling_in_both_sides_is_a_draw() {
    // Red's and Yellow's Leaders share the pocket A9-C9, open only through
    // D9; Red's Militant buries its victim there.
    let pieces = [
        ("A9", "RL"),
        ("C9", "YL"),
        ("A8", "Ym"),
        ("B8", "Gm"),
        ("C8", "Gm"),
        ("D8", "Ym"),
        ("F5", "RM"),
        ("F4", "YM"),
        ("I9", "BL"),
        ("A1", "GL"),
    ];
    let game = build(&net_two(), &pieces, "R RRYY 0");
    let walled = after(&game, "MF5-F4x@D9");
    let outcome = walled.outcome().expect("both sides are out");
    assert_eq!(walled.end(), Some(End::AllEncircled));
    assert_eq!(outcome.winner(), None);
    assert!(
        outcome.results.iter().all(|(_, r)| *r == SeatResult::Draw),
        "{outcome:?}"
    );
    let back = Djambi::from_position(&net_two(), &walled.position()).unwrap();
    assert_eq!(back, walled);
}

#[test]
fn djambi_net_corpse_on_the_labyrinth_does_not_wall_it_in() {
    // A corpse lies on the Labyrinth and nobody has a Necromobile. The
    // seed treats it as a wall, so under Variant 2 every Leader off the
    // Labyrinth is walled in; djambi.net counts the Labyrinth reachable.
    let pieces = [
        ("E5", "Gm"),
        ("A9", "RL"),
        ("C7", "RM"),
        ("I9", "BL"),
        ("I1", "YL"),
        ("A1", "GL"),
    ];
    let net = after(&build(&net_two(), &pieces, "R RRYY 0"), "MC7-C6");
    assert!(net.is_active(Army::Yellow));
    assert_eq!(net.outcome(), None);
    let seed = after(&build(&Rules::two_players(), &pieces, "R RBYG 0"), "MC7-C6");
    assert!(!seed.is_active(Army::Yellow) && !seed.is_active(Army::Green));
    assert_eq!(seed.outcome().unwrap().winner(), Some(Seat(0)));
}
