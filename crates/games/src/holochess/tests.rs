//! Rule tests on hand-built positions, one rule of seed 003 at a time: each
//! creature type from each ring, the warp, jumps, blocked paths, the
//! Scout's two actions, placement and the last-creature counter.

use super::*;
use crate::{Game, PlayError, SeatResult};

fn position(text: &str) -> Holochess {
    Holochess::from_position(&Rules::default(), text).expect("test position is valid")
}

/// The legal moves of the creature on `from`, in notation, sorted.
fn moves_from(game: &Holochess, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut list: Vec<String> = moves
        .into_iter()
        .filter(|mv| matches!(mv, Move::Act { from: f, .. } if *f == from))
        .map(|mv| game.move_notation(mv))
        .collect();
    list.sort();
    list
}

fn after(game: &Holochess, mv: &str) -> Holochess {
    let mut game = game.clone();
    game.play_notation(mv).expect("test move is legal");
    game
}

// Each position puts the creature under test for light (to move, ply 8)
// where the rule applies, a dark creature far away so the game is on, and
// whatever blockers the rule needs.

#[test]
fn brute_on_the_outer_ring_steps_diagonally_forward_and_warps_back() {
    let game = position("BO1/BM7 l 8 0,0");
    assert_eq!(
        moves_from(&game, "O1"),
        [
            "BO1-M1", "BO1-M12", "BO1-M2", "BO1-O12", "BO1-O2", "BO1-O6", "BO1-O7", "BO1-O8"
        ],
        "side, forward, diagonal-forward, and the warps to O7 (back) and O6/O8 (diagonal-back)"
    );
}

#[test]
fn brute_warp_attacks_an_enemy_on_the_far_side() {
    let game = position("BO3/BO9,SO8 l 8 0,0");
    let moves = moves_from(&game, "O3");
    assert!(moves.contains(&"BO3xO9".to_string()), "{moves:?}");
    assert!(moves.contains(&"BO3xO8".to_string()), "{moves:?}");
    let next = after(&game, "BO3xO9");
    assert_eq!(next.position(), "BO9/SO8 d 9 0,0");
}

#[test]
fn brute_on_the_middle_ring_has_no_warp_and_no_diagonal_inward() {
    let game = position("BM4/BO10 l 8 0,0");
    assert_eq!(
        moves_from(&game, "M4"),
        ["BM4-C2", "BM4-M3", "BM4-M5", "BM4-O3", "BM4-O4", "BM4-O5"]
    );
}

#[test]
fn brute_in_the_centre_steps_back_diagonally_back_and_sideways() {
    let game = position("BC1/BO7 l 8 0,0");
    assert_eq!(
        moves_from(&game, "C1"),
        [
            "BC1-C2", "BC1-C4", "BC1-M1", "BC1-M12", "BC1-M2", "BC1-M3", "BC1-M4"
        ]
    );
}

#[test]
fn brute_never_enters_an_own_square() {
    let game = position("BO1,PO2,GM1/BO7 l 8 0,0");
    let moves = moves_from(&game, "O1");
    assert!(!moves.iter().any(|m| m.ends_with("O2") || m.ends_with("M1")));
}

#[test]
fn predator_on_the_outer_ring_jumps_forward_l_only() {
    let game = position("PO1/BO7 l 8 0,0");
    assert_eq!(moves_from(&game, "O1"), ["PO1-M11", "PO1-M3"]);
}

#[test]
fn predator_on_the_middle_ring_jumps_to_the_opposite_centre_or_back_out() {
    let game = position("PM2/BO7 l 8 0,0");
    assert_eq!(moves_from(&game, "M2"), ["PM2-C3", "PM2-O12", "PM2-O4"]);
}

#[test]
fn predator_in_the_centre_has_six_landings() {
    let game = position("PC1/BO7 l 8 0,0");
    assert_eq!(
        moves_from(&game, "C1"),
        ["PC1-M1", "PC1-M11", "PC1-M12", "PC1-M3", "PC1-M4", "PC1-M5"]
    );
}

#[test]
fn predator_jumps_over_anything_and_attacks_its_landing() {
    // Every square between is full; the landings are not.
    let game = position("PO1,BM1,GO2/BM2,SM3,GO12 l 8 0,0");
    assert_eq!(moves_from(&game, "O1"), ["PO1-M11", "PO1xM3"]);
}

#[test]
fn guardian_on_the_outer_ring_moves_forward_or_two_sideways() {
    let game = position("GO1/BO7 l 8 0,0");
    assert_eq!(moves_from(&game, "O1"), ["GO1-M1", "GO1-O11", "GO1-O3"]);
}

#[test]
fn guardian_on_the_middle_ring_moves_in_out_or_two_sideways() {
    let game = position("GM5/BO11 l 8 0,0");
    assert_eq!(
        moves_from(&game, "M5"),
        ["GM5-C2", "GM5-M3", "GM5-M7", "GM5-O5"]
    );
}

#[test]
fn guardian_in_the_centre_moves_back_or_to_the_opposite_centre() {
    let game = position("GC2/BO1 l 8 0,0");
    assert_eq!(
        moves_from(&game, "C2"),
        ["GC2-C4", "GC2-M4", "GC2-M5", "GC2-M6"]
    );
}

#[test]
fn guardian_side_moves_are_blocked_by_any_creature_between() {
    let game = position("GO1,BO2/SO12,BO7 l 8 0,0");
    assert_eq!(moves_from(&game, "O1"), ["GO1-M1"]);
    // In the centre one way round is enough.
    let game = position("GC1,BC2/BO7 l 8 0,0");
    assert!(moves_from(&game, "C1").contains(&"GC1-C3".to_string()));
    let game = position("GC1,BC2/BC4,SO7 l 8 0,0");
    assert!(!moves_from(&game, "C1").contains(&"GC1-C3".to_string()));
}

#[test]
fn guardian_attacks_only_two_squares_sideways_over_an_empty_square() {
    // Enemies adjacent (O2), inward (M1) and two away (O11) on the ring.
    let game = position("GO1/BO2,PM1,SO11 l 8 0,0");
    let moves = moves_from(&game, "O1");
    assert!(moves.contains(&"GO1xO11".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m.contains("xO2") || m.contains("xM1")));
    // The square between full: no attack.
    let game = position("GO1,BO12/PM1,SO11 l 8 0,0");
    assert!(!moves_from(&game, "O1").iter().any(|m| m.contains('x')));
    // Centre: across to the opposite centre square.
    let game = position("GC1/SC3 l 8 0,0");
    assert!(moves_from(&game, "C1").contains(&"GC1xC3".to_string()));
}

#[test]
fn guardian_moves_do_not_attack() {
    // Forward into an enemy is neither a move nor an attack.
    let game = position("GO1/BM1 l 8 0,0");
    assert!(!moves_from(&game, "O1").iter().any(|m| m.ends_with("M1")));
}

#[test]
fn scout_on_the_outer_ring_moves_two_along_or_to_the_centre() {
    let game = position("SO1/BO7 l 8 0,0");
    assert_eq!(moves_from(&game, "O1"), ["SO1-C1", "SO1-O11", "SO1-O3"]);
}

#[test]
fn scout_on_the_middle_ring_moves_only_along_it() {
    let game = position("SM2/BO7 l 8 0,0");
    assert_eq!(moves_from(&game, "M2"), ["SM2-M12", "SM2-M4"]);
}

#[test]
fn scout_in_the_centre_moves_across_or_out_to_the_outer_ring() {
    let game = position("SC3/BO1 l 8 0,0");
    assert_eq!(
        moves_from(&game, "C3"),
        ["SC3-C1", "SC3-O7", "SC3-O8", "SC3-O9"]
    );
}

#[test]
fn scout_moves_are_blocked_on_the_way_and_never_one_square() {
    let game = position("SO1,BM1,GO12/BO7 l 8 0,0");
    assert_eq!(moves_from(&game, "O1"), ["SO1-O3"]);
}

#[test]
fn scout_attacks_any_adjacent_enemy_then_may_move() {
    let game = position("SO1/BM1,PO5 l 8 0,0");
    assert_eq!(
        moves_from(&game, "O1"),
        ["SO1-O11", "SO1-O3", "SO1xM1", "SO1xM1-M11", "SO1xM1-M3"],
        "M1 blocks the way to C1; after taking M1 the Scout moves along the middle ring"
    );
    let next = after(&game, "SO1xM1-M3");
    assert_eq!(next.position(), "SM3/PO5 d 9 0,0");
    assert_eq!(game.captures(game.parse_move("SO1xM1-M3").unwrap()), ["M1"]);
}

#[test]
fn scout_may_move_then_attack_as_one_move() {
    // From O1 the Scout can stop on O3 and attack O4 or M3.
    let game = position("SO1/BO4,PM3 l 8 0,0");
    let moves = moves_from(&game, "O1");
    assert!(moves.contains(&"SO1-O3xO4".to_string()), "{moves:?}");
    // M3 is next to both O3 and C1: one move, written with the first stop.
    assert_eq!(moves.iter().filter(|m| m.ends_with("xM3")).count(), 1);
    assert!(moves.contains(&"SO1-O3xM3".to_string()), "{moves:?}");
    assert_eq!(
        game.parse_move("SO1-C1xM3"),
        game.parse_move("SO1-O3xM3"),
        "either stop names the same move"
    );
    let err = game.parse_move("SO1-O11xM3").unwrap_err();
    assert!(err.expected.contains("SO1-O3xM3"), "{err}");
}

#[test]
fn scout_move_then_attack_next_to_its_start_is_the_plain_attack() {
    // C1 to C3 round the far side (via C4), then back onto C2: the same
    // as taking C2 at once.
    let game = position("SC1/BC2,PO7 l 8 0,0");
    assert_eq!(
        game.parse_move("SC1-C3xC2").unwrap(),
        game.parse_move("SC1xC2").unwrap()
    );
    let moves = moves_from(&game, "C1");
    assert_eq!(moves.iter().filter(|m| m.ends_with("xC2")).count(), 1);
    assert!(moves.contains(&"SC1xC2".to_string()), "{moves:?}");
}

#[test]
fn scout_after_its_attack_may_pass_where_it_started() {
    let game = position("SO2/BO3,PO9 l 8 0,0");
    assert!(moves_from(&game, "O2").contains(&"SO2xO3-O1".to_string()));
}

#[test]
fn scout_does_not_move_on_after_taking_the_last_enemy_creature() {
    // Seed: the game "ends as soon as all the opponent's creatures have
    // been removed", so the attack ends the turn and the game.
    let game = position("SO1/BO2 l 20 0,0");
    assert_eq!(moves_from(&game, "O1"), ["SO1-C1", "SO1-O11", "SO1xO2"]);
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 3);
    assert!(game.clone().play_notation("SO1xO2-O4").is_err());
    assert_eq!(after(&game, "SO1xO2").to_decide(), None);
    // With an enemy creature left, the Scout still moves on.
    let game = position("SO1/BO2,PO7 l 20 0,0");
    assert!(moves_from(&game, "O1").contains(&"SO1xO2-O4".to_string()));
}

#[test]
fn placement_goes_second_player_first_onto_empty_home_squares() {
    let start = Holochess::new_game(&Rules::default(), &mut rand::rng());
    assert_eq!(start.position(), "-/- d 0 0,0");
    assert_eq!(start.to_decide(), Some(Decider::Seat(DARK)));
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 24, "4 types on 6 squares");
    let game = after(&start, "B@O6");
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 24);
    assert!(
        moves
            .iter()
            .all(|&mv| matches!(mv, Move::Place { to, .. } if HOME[0].contains(to)))
    );
    let game = after(&game, "S@O12");
    game.legal_moves(&mut moves);
    assert_eq!(moves.len(), 15, "3 types left on 5 squares");
    assert!(matches!(
        game.clone().play_notation("B@O5"),
        Err(PlayError::Illegal(_))
    ));
}

#[test]
fn first_player_places_last_and_moves_first() {
    let mut game = Holochess::new_game(&Rules::default(), &mut rand::rng());
    for mv in [
        "B@O6", "B@O1", "P@O7", "P@O2", "G@O5", "G@O11", "S@O8", "S@O12",
    ] {
        game.play_notation(mv).unwrap();
    }
    assert_eq!(game.position(), "BO1,PO2,GO11,SO12/BO6,PO7,GO5,SO8 l 8 0,0");
    assert_eq!(game.to_decide(), Some(Decider::Seat(LIGHT)));
    let rules = Rules {
        first: First::Dark,
        ..Rules::default()
    };
    let game = Holochess::new_game(&rules, &mut rand::rng());
    assert_eq!(game.position(), "-/- l 0 0,0");
}

#[test]
fn last_creature_counter_runs_and_three_turns_lose() {
    let game = position("BO1/BM7,PO9 l 8 0,0");
    let game = after(&game, "BO1-O2");
    assert_eq!(game.counter(LIGHT), 1);
    let game = after(&after(&game, "BM7-M8"), "BO2-O3");
    assert_eq!(game.counter(LIGHT), 2);
    let game = after(&after(&game, "BM8-M7"), "BO3-O2");
    let outcome = game.outcome().expect("three turns without a capture");
    assert_eq!(outcome.results[LIGHT], SeatResult::Loss);
    assert_eq!(
        outcome.reason,
        Ending::NoCaptureWithLastCreature {
            loser: "light".into()
        }
    );
}

#[test]
fn a_capture_resets_the_counter() {
    let game = position("BO1/BO8,PO10 l 8 2,0");
    let game = after(&game, "BO1xO8");
    assert_eq!(game.counter(LIGHT), 0);
    assert_eq!(game.to_decide(), Some(Decider::Seat(DARK)));
}

#[test]
fn both_sides_count_separately() {
    let game = position("BO1/BO5 l 8 1,2");
    let game = after(&game, "BO1-O2");
    assert_eq!((game.counter(LIGHT), game.counter(DARK)), (2, 2));
    let game = after(&game, "BO5-O4");
    assert_eq!(game.outcome().unwrap().results[DARK], SeatResult::Loss);
}

#[test]
fn sudden_death_counts_for_everyone() {
    let rules = Rules {
        sudden_death: 2,
        ..Rules::default()
    };
    let game = Holochess::from_position(&rules, "BO1,PO2/BO7,PO8 l 10 0,0").unwrap();
    assert!(game.sudden_death());
    let game = after(&game, "BO1-M1");
    assert_eq!(game.counter(LIGHT), 1);
    let mut game = game;
    for mv in ["BO7-M7", "BM1-O1", "BM7-O7", "BO1-M1"] {
        game.play_notation(mv).unwrap();
    }
    let outcome = game.outcome().expect("light made three turns");
    assert_eq!(
        outcome.reason,
        Ending::NoCaptureInSuddenDeath {
            loser: "light".into()
        }
    );
    assert_eq!(outcome.winner(), Some(DARK));
}

#[test]
fn capturing_the_last_creature_wins() {
    let game = position("BO1,SM4/PO2 l 8 0,1");
    let game = after(&game, "BO1xO2");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(LIGHT));
    assert_eq!(
        outcome.reason,
        Ending::AllCaptured {
            winner: "light".into(),
            loser: "dark".into()
        }
    );
    assert_eq!(game.to_decide(), None);
}

#[test]
fn a_side_without_a_legal_move_loses() {
    // The dark Guardian on O7 is boxed in: O8, O6 and M7 are full, and
    // O9 and O5 beyond them are full too.
    let game = position("BO8,PO6,GM7,SO9/GO7,BO5 d 9 0,0");
    assert!(game.outcome().is_none(), "the dark Brute can still move");
    let game = position("BO8,PO6,GM7,SO9/GO7 d 9 0,0");
    let outcome = game.outcome().expect("dark cannot move");
    assert_eq!(
        outcome.reason,
        Ending::NoLegalMove {
            seat: "dark".into()
        }
    );
}

#[test]
fn move_notation_round_trips_and_accepts_lowercase() {
    let game = position("SO1/BO4,PM3 l 8 0,0");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    for mv in moves {
        let text = game.move_notation(mv);
        assert_eq!(game.parse_move(&text), Ok(mv), "{text}");
        assert_eq!(game.parse_move(&text.to_lowercase()), Ok(mv), "{text}");
    }
    // The type letter may be left out.
    assert_eq!(game.parse_move("O1-O3"), game.parse_move("SO1-O3"));
}

#[test]
fn move_parse_errors_say_what_is_expected() {
    let game = position("SO1,BO5/BO4,PM3 l 8 0,0");
    let err = game.parse_move("O1O3").unwrap_err();
    assert!(err.to_string().contains("B@O3"), "{err}");
    let err = game.parse_move("O13-O3").unwrap_err();
    assert!(err.to_string().contains("O1..O12"), "{err}");
    let err = game.parse_move("BO1-O3").unwrap_err();
    assert!(err.to_string().contains("holds the Scout"), "{err}");
    let err = game.parse_move("SO1-O3-O5").unwrap_err();
    assert!(err.to_string().contains("one move and one attack"), "{err}");
    let err = game.parse_move("Q@O3").unwrap_err();
    assert!(err.to_string().contains("type letter"), "{err}");
    let err = game.clone().play_notation("SO1-O5").unwrap_err();
    assert_eq!(err.to_string(), "SO1-O5 is not a legal move here");
}

#[test]
fn position_errors_name_the_problem() {
    let bad = |text: &str| {
        Holochess::from_position(&Rules::default(), text)
            .unwrap_err()
            .to_string()
    };
    assert!(bad("BO1/BO1 l 8 0,0").contains("O1 holds both"));
    assert!(bad("BO1,BO2/SO7 l 8 0,0").contains("Brute twice"));
    assert!(bad("BO1/SO7 d 8 0,0").contains("expected l"));
    assert!(bad("BO1/SO7 l 8").contains("expected 4 fields"));
    assert!(bad("BO1/SO7 x 8 0,0").contains("expected l (light) or d (dark)"));
    assert!(bad("BO1,XO2/SO7 l 8 0,0").contains("light creature 2"));
    assert!(bad("BO1/SO7 l 8 0,4").contains("dark counter 4"));
    assert!(bad("BO1/SO7 l 8 0,x").contains("counters"));
    assert!(bad("BO1,SO2/SO7 l 8 1,0").contains("light counter 1"));
    assert!(bad("BO1/SO7 l 1 0,0").contains("after 1 placements"));
    assert!(bad("-/BO1 l 1 0,0").contains("outside its home half"));
    assert!(bad("-/- l 8 0,0").contains("both sides have no creatures"));
    assert!(bad("BO1/SO7 l -1 0,0").contains("ply"));
}

#[test]
fn rules_are_checked() {
    let rules = Rules {
        sudden_death: 0,
        ..Rules::default()
    };
    let err = Holochess::from_position(&rules, "-/- d 0 0,0").unwrap_err();
    assert!(err.to_string().contains("sudden_death must be"), "{err}");
}

#[test]
fn trace_follows_the_route() {
    let game = position("SO1/BM1,PO5 l 8 0,0");
    let trace = game.trace(game.parse_move("SO1xM1-M3").unwrap());
    let path: Vec<String> = trace.path.iter().map(|s| s.to_string()).collect();
    assert_eq!(path, ["O1", "M1", "M2", "M3"]);
    let game = position("SO1/BO4,PM3 l 8 0,0");
    let trace = game.trace(game.parse_move("SO1-O3xM3").unwrap());
    let path: Vec<String> = trace.path.iter().map(|s| s.to_string()).collect();
    assert_eq!(path, ["O1", "O2", "O3", "M3"]);
    assert_eq!(trace.capture.map(|s| s.to_string()), Some("M3".into()));
}
