//! Space Checkers against an independent reference: a deliberately naive
//! generator written straight from the seed's sentences, compared with the
//! bitboard rules on random positions, plus perft counts and random playouts.

use crate::support::perft_data;

use holotable::games::Game;
use holotable::games::space_checkers::{BLACK, Rules, SpaceCheckers, WHITE};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};

mod reference {
    //! Squares are strings, the board a map: slow and obvious on purpose.
    use std::collections::{BTreeSet, HashMap};

    pub type Board = HashMap<String, char>;
    /// (from, to, captured squares)
    pub type RefMove = (String, String, BTreeSet<String>);

    fn a(ray: i32) -> String {
        format!("A{}", (ray - 1).rem_euclid(12) + 1)
    }

    fn b(ray: i32) -> String {
        format!("B{}", (ray - 1).rem_euclid(12) + 1)
    }

    fn ray_of(square: &str) -> i32 {
        square[1..].parse().expect("orbit squares have a ray")
    }

    pub fn moves(board: &Board, mover: char, ply: u16) -> BTreeSet<RefMove> {
        let empty = |sq: &str| !board.contains_key(sq);
        let opponent = if mover == 'w' { 'b' } else { 'w' };
        let mut found = BTreeSet::new();
        for (from, _) in board.iter().filter(|(_, side)| **side == mover) {
            let none = BTreeSet::new;
            if from == "C" {
                for ray in 1..=12 {
                    if empty(&b(ray)) && empty(&a(ray)) {
                        found.insert((from.clone(), a(ray), none()));
                    }
                }
                continue;
            }
            let ray = ray_of(from);
            if from.starts_with('B') {
                if empty(&a(ray)) {
                    found.insert((from.clone(), a(ray), none()));
                }
                continue;
            }
            if !empty(&b(ray)) {
                continue;
            }
            found.insert((from.clone(), b(ray), none()));
            if empty("C") {
                found.insert((from.clone(), "C".into(), none()));
            }
            if ply < 2 {
                continue;
            }
            for dir in [1, -1] {
                for steps in [1, 2] {
                    let path_clear = (1..=steps).all(|k| empty(&b(ray + dir * k)));
                    let beside_clear = steps == 1 || empty(&a(ray + dir));
                    if !path_clear || !beside_clear {
                        continue;
                    }
                    let mut at = ray + dir * steps;
                    for _ in 0..3 {
                        let own_outside = board.get(&a(at)) == Some(&mover) && a(at) != *from;
                        if own_outside && empty(&b(at + dir)) && empty(&b(at + 2 * dir)) {
                            at += 2 * dir;
                        } else {
                            break;
                        }
                    }
                    let captures = [b(at - 1), b(at + 1)]
                        .into_iter()
                        .filter(|sq| board.get(sq) == Some(&opponent))
                        .collect();
                    found.insert((from.clone(), b(at), captures));
                }
            }
        }
        found
    }

    fn inner_rays(board: &Board, side: char) -> Vec<i32> {
        board
            .iter()
            .filter(|(sq, s)| **s == side && sq.starts_with('B'))
            .map(|(sq, _)| ray_of(sq))
            .collect()
    }

    fn longest_row(rays: &[i32]) -> usize {
        if rays.len() == 12 {
            return 12;
        }
        (1..=12)
            .map(|start| {
                (0..12)
                    .take_while(|k| rays.contains(&((start + k - 1) % 12 + 1)))
                    .count()
            })
            .max()
            .unwrap_or(0)
    }

    /// The scores if the game is over here, else `None`.
    pub fn final_scores(
        board: &Board,
        mover: char,
        ply: u16,
        rules_pieces: usize,
        limit: u16,
    ) -> Option<(u32, u32)> {
        let count = |side: char| board.values().filter(|s| **s == side).count();
        let half_lost = |side: char| 2 * (rules_pieces - count(side)) >= rules_pieces;
        let row_complete =
            |side: char| count(side) > 0 && longest_row(&inner_rays(board, side)) == count(side);
        let over = ['w', 'b'].iter().any(|&s| half_lost(s) || row_complete(s))
            || moves(board, mover, 2).is_empty()
            || ply >= limit;
        if !over {
            return None;
        }
        let points = |side: char, other: char| {
            let row = longest_row(&inner_rays(board, side));
            let own = match count(side) {
                0 => 0,
                n if row == n => 3,
                n if row + 1 == n => 1,
                _ => 0,
            };
            let gift = if 2 * inner_rays(board, other).len() <= rules_pieces {
                2
            } else {
                0
            };
            own + gift
        };
        Some((points('w', 'b'), points('b', 'w')))
    }
}

fn board_of(game: &SpaceCheckers) -> reference::Board {
    let mut board = HashMap::new();
    for (seat, side) in [(WHITE, 'w'), (BLACK, 'b')] {
        for square in game.pieces(seat).iter() {
            board.insert(square.to_string(), side);
        }
    }
    board
}

fn our_moves(game: &SpaceCheckers) -> BTreeSet<reference::RefMove> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            (
                mv.from.to_string(),
                mv.to.to_string(),
                game.captures(mv).into_iter().collect(),
            )
        })
        .collect()
}

fn reference_agrees(game: &SpaceCheckers) -> Result<(), TestCaseError> {
    let board = board_of(game);
    let mover = if game.side_to_move() == WHITE {
        'w'
    } else {
        'b'
    };
    let rules = game.rules();
    let scores = reference::final_scores(
        &board,
        mover,
        game.ply(),
        rules.pieces.into(),
        rules.ply_limit,
    );
    let ours = game.outcome().map(|o| {
        let s = o.scores.expect("space checkers scores");
        (s[WHITE], s[BLACK])
    });
    prop_assert_eq!(ours, scores, "outcome of {}", game.position());
    let expected = if scores.is_some() {
        BTreeSet::new()
    } else {
        reference::moves(&board, mover, game.ply())
    };
    prop_assert_eq!(our_moves(game), expected, "moves of {}", game.position());
    Ok(())
}

/// Any placement of `pieces` pieces a side, as a position that parses.
fn any_position(pieces: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = SpaceCheckers> {
    let squares: Vec<usize> = (0..25).collect();
    (
        Just(squares).prop_shuffle(),
        pieces.clone(),
        pieces,
        0u16..60,
    )
        .prop_map(|(order, w, b, ply)| {
            let name = |i: usize| {
                holotable::games::space_checkers::Square::from_index(i)
                    .unwrap()
                    .to_string()
            };
            let white: Vec<String> = order[..w].iter().map(|&i| name(i)).collect();
            let black: Vec<String> = order[w..w + b].iter().map(|&i| name(i)).collect();
            let side = if ply.is_multiple_of(2) { "w" } else { "b" };
            let text = format!("{}/{} {side} {ply}", white.join(","), black.join(","));
            SpaceCheckers::from_position(&Rules::default(), &text)
                .expect("generated positions are valid")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generator_agrees_with_the_reference(game in any_position(0..=4)) {
        reference_agrees(&game)?;
    }

    #[test]
    fn random_playouts_keep_every_invariant(start in any_position(3..=4), choices in prop::collection::vec(any::<prop::sample::Index>(), 200)) {
        let mut game = start;
        let mut moves = Vec::new();
        let mut plies = 0;
        for choice in &choices {
            reference_agrees(&game)?;
            let text = game.position();
            prop_assert_eq!(&SpaceCheckers::from_position(game.rules(), &text).unwrap(), &game, "round trip of {}", text);
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                prop_assert!(game.outcome().is_some());
                break;
            }
            let mv = *choice.get(&moves);
            let notation = game.move_notation(mv);
            prop_assert_eq!(game.parse_move(&notation), Ok(mv), "notation {}", notation);
            prop_assert!(game.play(mv).is_ok());
            prop_assert_eq!(game.pieces(WHITE).0 & game.pieces(BLACK).0, 0, "overlap after {}", notation);
            plies += 1;
        }
        prop_assert!(game.outcome().is_some() || plies == choices.len());
        prop_assert!(game.ply() <= game.rules().ply_limit);
    }

    #[test]
    fn parsers_never_panic_on_junk(text in ".{0,40}", moves in "[ABCabcx0-9,/ -]{0,20}") {
        let _ = SpaceCheckers::from_position(&Rules::default(), &text);
        let game = SpaceCheckers::from_position(&Rules::default(), "A11,A12,A1,A2/A5,A6,A7,A8 w 0").unwrap();
        let _ = game.parse_move(&moves);
        let _ = game.clone().play_notation(&text);
    }
}

fn perft_cases() -> Vec<(SpaceCheckers, Vec<(u32, u64)>)> {
    perft_data::perft_cases(include_str!("../data/space-checkers.perft"))
}

#[test]
fn perft_counts_match_the_data_file() {
    perft_data::assert_perft_counts::<SpaceCheckers>(include_str!("../data/space-checkers.perft"));
}

fn reference_perft(board: &reference::Board, mover: char, ply: u16, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if reference::final_scores(board, mover, ply, 4, 200).is_some() {
        return 0;
    }
    let next = if mover == 'w' { 'b' } else { 'w' };
    reference::moves(board, mover, ply)
        .into_iter()
        .map(|(from, to, captures)| {
            let mut child = board.clone();
            child.remove(&from);
            child.insert(to, mover);
            for square in captures {
                child.remove(&square);
            }
            reference_perft(&child, next, ply + 1, depth - 1)
        })
        .sum()
}

#[test]
fn perft_data_agrees_with_the_reference_to_depth_four() {
    for (game, counts) in perft_cases() {
        let mover = if game.side_to_move() == WHITE {
            'w'
        } else {
            'b'
        };
        for (depth, expected) in counts.into_iter().filter(|(d, _)| *d <= 4) {
            assert_eq!(
                reference_perft(&board_of(&game), mover, game.ply(), depth),
                expected
            );
        }
    }
}
