//! Rule tests on hand-built positions, one rule of seed 000 at a time.

use super::*;
use crate::{Ending, Game, SeatResult};

fn position(text: &str) -> SpaceCheckers {
    SpaceCheckers::from_position(&Rules::default(), text).expect("test position is valid")
}

fn with_rules(rules: Rules, text: &str) -> SpaceCheckers {
    SpaceCheckers::from_position(&rules, text).expect("test position is valid")
}

/// The legal moves of the piece on `from`, in notation, sorted.
fn moves_from(game: &SpaceCheckers, from: &str) -> Vec<String> {
    let from: Square = from.parse().unwrap();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut list: Vec<String> = moves
        .into_iter()
        .filter(|mv| mv.from == from)
        .map(|mv| game.move_notation(mv))
        .collect();
    list.sort();
    list
}

fn after(game: &SpaceCheckers, mv: &str) -> SpaceCheckers {
    let mut game = game.clone();
    game.play_notation(mv).expect("test move is legal");
    game
}

#[test]
fn start_position_matches_the_seed_and_allows_only_straight_exits() {
    let start = SpaceCheckers::new_game(&Rules::default(), &mut rand::rng());
    assert_eq!(start.position(), "A11,A12,A1,A2/A5,A6,A7,A8 w 0");
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let mut list: Vec<String> = moves.iter().map(|&mv| start.move_notation(mv)).collect();
    list.sort();
    assert_eq!(
        list,
        [
            "A1-B1", "A1-C", "A11-B11", "A11-C", "A12-B12", "A12-C", "A2-B2", "A2-C"
        ]
    );
}

#[test]
fn start_squares_for_other_piece_counts_are_centred_and_opposite() {
    let squares = |pieces: u8, seat: Seat| -> Vec<String> {
        let rules = Rules {
            pieces,
            ..Rules::default()
        };
        rules.start_squares(seat).map(|sq| sq.to_string()).collect()
    };
    assert_eq!(squares(3, WHITE), ["A12", "A1", "A2"]);
    assert_eq!(squares(3, BLACK), ["A6", "A7", "A8"]);
    assert_eq!(squares(5, WHITE), ["A11", "A12", "A1", "A2", "A3"]);
    assert_eq!(squares(6, WHITE), ["A10", "A11", "A12", "A1", "A2", "A3"]);
    assert_eq!(squares(6, BLACK), ["A4", "A5", "A6", "A7", "A8", "A9"]);
}

#[test]
fn black_first_turn_also_forbids_diagonal_exits() {
    let game = position("A11,A12,A1,B2/A5,A6,A7,A8 b 1");
    assert_eq!(moves_from(&game, "A5"), ["A5-B5", "A5-C"]);
}

#[test]
fn diagonal_exits_open_from_the_second_turn() {
    let game = position("A11,A12,A1,B2/A5,A6,A7,A8 w 2");
    // A1: B1 clear; diagonal to B12 is blocked by nothing but A12 is white,
    // so the counterclockwise diagonal boosts from B12 on to B10 (A12 own,
    // B11 and B10 empty), then A10 is empty: stop.
    assert_eq!(moves_from(&game, "A1"), ["A1-B1", "A1-B10", "A1-C"]);
}

#[test]
fn proceed_to_core_needs_the_ray_square_and_the_core_empty() {
    let game = position("A1,A2,A3/A6,A7,C w 2");
    assert!(!moves_from(&game, "A1").contains(&"A1-C".to_string()));
    let game = position("A1,A2,A3/A6,A7,B1 w 2");
    assert!(
        moves_from(&game, "A1").is_empty(),
        "a blocked ray blocks every exit"
    );
}

#[test]
fn diagonal_needs_ray_square_and_landing_empty() {
    let game = position("A3,A9,A10/A6,A7,B4 w 2");
    let moves = moves_from(&game, "A3");
    assert!(!moves.iter().any(|m| m.starts_with("A3-B4")));
    assert!(
        !moves.contains(&"A3-B5".to_string()),
        "the path through B4 is blocked"
    );
    assert!(moves.contains(&"A3-B2".to_string()));
    assert!(moves.contains(&"A3-B1".to_string()));
}

#[test]
fn double_diagonal_needs_the_adjacent_outer_square_empty() {
    let game = position("A3,A9,A10/A4,A7,A8 w 2");
    let moves = moves_from(&game, "A3");
    assert!(moves.contains(&"A3-B4".to_string()));
    assert!(!moves.contains(&"A3-B5".to_string()), "A4 is occupied");
    assert!(moves.contains(&"A3-B1".to_string()), "A2 is empty");
}

#[test]
fn boost_chains_along_own_pieces_on_the_outer_orbit() {
    let game = position("A3,A4,A6/A9,A10,A11 w 2");
    assert_eq!(
        moves_from(&game, "A3"),
        ["A3-B1", "A3-B2", "A3-B3", "A3-B8", "A3-C"],
        "B4 boosts (A4 white) to B6, which boosts (A6 white) to B8"
    );
    let trace = game.trace("A3-B8".parse_move_in(&game));
    let path: Vec<String> = trace.path.iter().map(|sq| sq.to_string()).collect();
    assert_eq!(path, ["A3", "B3", "B4", "B5", "B6", "B7", "B8"]);
}

#[test]
fn boost_stops_after_three() {
    let rules = Rules {
        pieces: 6,
        ..Rules::default()
    };
    let game = with_rules(rules, "A3,A4,A6,A8,A10,A12/A1,A2,A5,A7,A9 w 2");
    // B4 → B6 → B8 → B10 are three boosts; A10 is white but a fourth is not allowed.
    assert!(moves_from(&game, "A3").contains(&"A3-B10".to_string()));
    assert!(!moves_from(&game, "A3").contains(&"A3-B12".to_string()));
}

#[test]
fn boost_does_not_happen_beside_an_opponent_or_on_a_blocked_path() {
    let game = position("A3,A9,A10/A4,A7,A8 w 2");
    assert!(
        moves_from(&game, "A3").contains(&"A3-B4".to_string()),
        "A4 is black"
    );
    let game = position("A3,A4,A9/A7,A8,B6 w 2");
    assert!(
        moves_from(&game, "A3").contains(&"A3-B4".to_string()),
        "B6 blocks the boost, so the piece stays on B4"
    );
}

#[test]
fn diagonal_exit_captures_beside_its_final_square() {
    let game = position("A3,A9,A10/A7,A8,B5 w 2");
    let next = after(&game, "A3-B4");
    assert_eq!(next.position(), "A9,A10,B4/A7,A8 b 3");
    assert_eq!(game.move_notation("A3-B4".parse_move_in(&game)), "A3-B4xB5");
}

#[test]
fn capture_happens_after_boosts() {
    let game = position("A3,A4,A10/A8,A9,B7 w 2");
    // B4 boosts to B6 (A4 white); B7 beside B6 is captured.
    assert_eq!(
        moves_from(&game, "A3")
            .iter()
            .filter(|m| m.contains('x'))
            .count(),
        1
    );
    let next = after(&game, "A3-B6xB7");
    assert_eq!(next.pieces(BLACK).len(), 2);
}

#[test]
fn straight_exits_never_capture_and_own_pieces_are_never_captured() {
    let game = position("A4,B5,A9/A7,A8,B3 w 2");
    assert_eq!(after(&game, "A4-B4").pieces(BLACK).len(), 3);
    let game = position("A3,B5,A9/A7,A8,A11 w 2");
    assert_eq!(after(&game, "A3-B4").pieces(WHITE).len(), 3);
}

#[test]
fn inner_pieces_return_only_along_their_ray() {
    let game = position("B1,A5,A9/A6,A7,A8 w 2");
    assert_eq!(moves_from(&game, "B1"), ["B1-A1"]);
    let game = position("B1,A5,A9/A1,A7,A8 w 2");
    assert!(moves_from(&game, "B1").is_empty());
}

#[test]
fn core_returns_to_any_ray_with_both_squares_clear() {
    let game = position("C,A1,A2/A6,A7,B8 w 2");
    assert_eq!(
        moves_from(&game, "C"),
        ["C-A10", "C-A11", "C-A12", "C-A3", "C-A4", "C-A5", "C-A9"]
    );
}

#[test]
fn two_paths_to_one_square_are_one_move() {
    let rules = Rules {
        pieces: 6,
        ..Rules::default()
    };
    // Clockwise B4 boosts over A4, A6, A8 to B10; counterclockwise B2 boosts
    // over A2, A12 to B10 as well.
    let game = with_rules(rules, "A2,A3,A4,A6,A8,A12/A5,A7,A9,A10,A11 w 2");
    let moves = moves_from(&game, "A3");
    assert_eq!(
        moves.iter().filter(|m| *m == "A3-B10").count(),
        1,
        "{moves:?}"
    );
    assert_eq!(moves, ["A3-B10", "A3-B3", "A3-C"]);
}

#[test]
fn a_full_row_on_the_inner_orbit_ends_and_scores_three_plus_two() {
    let game = position("B1,B2,B3,A4/A6,A7,A8,A9 w 2");
    let end = after(&game, "A4-B4");
    let outcome = end.outcome().expect("a full row ends the game");
    assert_eq!(outcome.results[WHITE], SeatResult::Win);
    // White: 3 for the row, 2 because black has no more than half inside.
    assert_eq!(outcome.scores.as_ref().unwrap()[WHITE], 5);
    assert_eq!(outcome.scores.as_ref().unwrap()[BLACK], 0);
    assert_eq!(
        outcome.reason,
        Ending::InnerRow {
            seat: "white".into()
        }
    );
    assert_eq!(end.to_decide(), None);
}

#[test]
fn rows_wrap_from_b12_to_b1() {
    let game = position("B11,B12,B1,B2/A6,A7,A8,A9 b 3");
    assert!(game.outcome().is_some());
}

#[test]
fn all_but_one_scores_one_point() {
    let game = position("B1,B2,B3,A11/B6,B7,B8,B9 w 4");
    let outcome = game.outcome().expect("black's row ends the game");
    let scores = outcome.scores.unwrap();
    assert_eq!((scores[WHITE], scores[BLACK]), (1, 3));
    assert_eq!(outcome.results[BLACK], SeatResult::Win);
}

#[test]
fn losing_half_the_pieces_ends_the_game() {
    let game = position("A3,A9,A10,A11/A7,A8,B5 w 2");
    let end = after(&game, "A3-B4");
    let outcome = end.outcome().expect("black lost two of four");
    assert_eq!(
        outcome.reason,
        Ending::HalfPiecesLost {
            seat: "black".into()
        }
    );
}

#[test]
fn a_side_with_no_move_ends_the_game() {
    let game = position("A1,A2,A3/B1,B2,B3,A5 w 4");
    let outcome = game.outcome().expect("white cannot move");
    assert_eq!(
        outcome.reason,
        Ending::NoLegalMove {
            seat: "white".into()
        }
    );
    let scores = outcome.scores.unwrap();
    assert_eq!((scores[WHITE], scores[BLACK]), (0, 3));
}

#[test]
fn equal_scores_draw() {
    let rules = Rules {
        ply_limit: 10,
        ..Rules::default()
    };
    let game = with_rules(rules, "A1,A2,A3,A4/A6,A7,A8,A9 w 10");
    let outcome = game.outcome().expect("the ply limit ends the game");
    assert_eq!(outcome.results[WHITE], SeatResult::Draw);
    assert_eq!(outcome.scores.unwrap()[WHITE], 2);
}

#[test]
fn move_notation_accepts_lowercase_and_checks_claimed_captures() {
    let game = position("A3,A9,A10/A7,A8,B5 w 2");
    assert_eq!(
        game.clone()
            .play_notation("a3-b4")
            .map(|mv| mv.to.to_string()),
        Ok("B4".into())
    );
    assert!(game.parse_move("A3-B4xB5").is_ok());
    let wrong = game.parse_move("A3-B4xB3").unwrap_err();
    assert!(wrong.expected.contains("A3-B4xB5"), "{wrong}");
}

#[test]
fn move_parse_errors_say_what_is_expected() {
    let game = position("A3,A9,A10/A7,A8,B5 w 2");
    let err = game.parse_move("A3B4").unwrap_err();
    assert!(err.to_string().contains("FROM-TO"), "{err}");
    let err = game.parse_move("A13-B4").unwrap_err();
    assert!(err.to_string().contains("A1..A12"), "{err}");
    let err = game.clone().play_notation("A3-B9").unwrap_err();
    assert_eq!(err.to_string(), "A3-B9 is not a legal move here");
}

#[test]
fn position_errors_name_the_problem() {
    let bad = |text: &str| {
        SpaceCheckers::from_position(&Rules::default(), text)
            .unwrap_err()
            .to_string()
    };
    assert!(bad("A1,A2/A1,A5 w 0").contains("A1 holds both"));
    assert!(bad("A1,A2,A3,A4,A5/A7 w 0").contains("white has 5 pieces"));
    assert!(bad("A1/A7 b 0").contains("does not match ply 0"));
    assert!(bad("A1/A7 w").contains("expected 3 fields"));
    assert!(bad("A1/A7 x 0").contains("expected w or b"));
    assert!(bad("A1,Q3/A7 w 0").contains("white piece 2"));
    assert!(bad("A1,A1/A7 w 0").contains("lists A1 twice"));
    assert!(bad("A1 A7 w 0").contains("expected 3 fields"));
    assert!(bad("A1/A7 w -1").contains("ply"));
}

#[test]
fn rules_outside_the_supported_range_are_refused() {
    let rules = Rules {
        pieces: 7,
        ..Rules::default()
    };
    let err = SpaceCheckers::from_position(&rules, "A1/A7 w 0").unwrap_err();
    assert!(err.to_string().contains("pieces must be 3 to 6"));
}

/// Parses a move for a test, panicking with the reason when it fails.
trait ParseIn {
    fn parse_move_in(&self, game: &SpaceCheckers) -> Move;
}

impl ParseIn for str {
    fn parse_move_in(&self, game: &SpaceCheckers) -> Move {
        game.parse_move(self).expect("test move parses")
    }
}
