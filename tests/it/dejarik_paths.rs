//! Dejarik's "squares already crossed this turn" against a naive walker
//! written from the seed sentence ("Tampoco está permitido pasar por
//! casillas ya recorridas por la pieza en ese mismo turno") with its own
//! adjacency: for every path a first move can take, typing that path plays
//! a listed move after which the same monster's second moves are exactly
//! those that avoid the path's squares; and a destination lists one move
//! per distinct set of such second moves, no more.

use holotable::games::dejarik::{Dejarik, Phase, Rules};
use holotable::games::{Decider, Game};
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};

/// "Orthogonal" on the round board: along a ring, or along a ray.
fn adjacent(square: &str) -> Vec<String> {
    if square == "C" {
        return (1..=12).map(|n| format!("B{n}")).collect();
    }
    let (ring, n) = square.split_at(1);
    let n: i32 = n.parse().unwrap();
    let wrap = |k: i32| (k - 1).rem_euclid(12) + 1;
    let mut out = vec![
        format!("{ring}{}", wrap(n - 1)),
        format!("{ring}{}", wrap(n + 1)),
    ];
    if ring == "A" {
        out.push(format!("B{n}"));
    } else {
        out.push(format!("A{n}"));
        out.push("C".to_string());
    }
    out
}

/// Every path of exactly `steps` steps from `from` through empty squares,
/// entering no square twice and none of `banned`; each path lists its
/// squares from `from` on.
fn paths(
    from: &str,
    steps: u8,
    occupied: &BTreeSet<String>,
    banned: &BTreeSet<String>,
) -> Vec<Vec<String>> {
    let mut done = Vec::new();
    let mut open = vec![vec![from.to_string()]];
    while let Some(path) = open.pop() {
        if path.len() == usize::from(steps) + 1 {
            done.push(path);
            continue;
        }
        for next in adjacent(path.last().unwrap()) {
            if !occupied.contains(&next) && !banned.contains(&next) && !path.contains(&next) {
                let mut longer = path.clone();
                longer.push(next);
                open.push(longer);
            }
        }
    }
    done
}

/// The destinations of the listed moves of the monster on `from`.
fn listed_destinations(game: &Dejarik, code: &str, from: &str) -> Vec<String> {
    let prefix = format!("{code}:{from}-");
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| game.move_notation(mv))
        .filter_map(|m| m.strip_prefix(&prefix).map(str::to_string))
        .map(|rest| rest.split(' ').next().unwrap().to_string())
        .collect()
}

fn check_first_moves(game: &Dejarik) {
    let occupied: BTreeSet<String> = game.pieces().map(|(s, _)| s.to_string()).collect();
    let side = game.side_to_move();
    for (square, piece) in game.pieces().filter(|(_, p)| p.owner == side) {
        let monster = game.monster(piece);
        let (code, from) = (monster.code.as_str(), square.to_string());
        let mut effects: BTreeMap<String, BTreeSet<BTreeSet<String>>> = BTreeMap::new();
        for path in paths(&from, monster.movement, &occupied, &BTreeSet::new()) {
            let end = path.last().unwrap().clone();
            let between = &path[1..path.len() - 1];
            let text = if between.is_empty() {
                format!("{code}:{from}-{end}")
            } else {
                format!("{code}:{from}-{end} via {}", between.join("-"))
            };
            let mut after = game.clone();
            after
                .play_notation(&text)
                .unwrap_or_else(|e| panic!("{text} in {}: {e}", game.position()));
            let mut still = occupied.clone();
            still.remove(&from);
            still.insert(end.clone());
            let banned: BTreeSet<String> = path.iter().cloned().collect();
            let expected: BTreeSet<String> = paths(&end, monster.movement, &still, &banned)
                .into_iter()
                .map(|p| p.last().unwrap().clone())
                .collect();
            let seconds: BTreeSet<String> = listed_destinations(&after, code, &end)
                .into_iter()
                .collect();
            assert_eq!(seconds, expected, "after {text} in {}", game.position());
            effects.entry(end).or_default().insert(expected);
        }
        let listed = listed_destinations(game, code, &from);
        for (end, distinct) in effects {
            let count = listed.iter().filter(|d| **d == end).count();
            assert_eq!(
                count,
                distinct.len(),
                "{code}:{from}-{end} in {}",
                game.position()
            );
        }
    }
}

#[test]
fn first_moves_name_the_paths_that_matter_and_second_moves_respect_them() {
    let mut checked = 0;
    for seed in 0..40 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game = Dejarik::new_game(&Rules::default(), &mut rng);
        let mut moves = Vec::new();
        while let Some(decider) = game.to_decide() {
            if game.phase() == Phase::Action && game.actions_left() == 2 && rng.random_bool(0.3) {
                check_first_moves(&game);
                checked += 1;
            }
            let mv = match decider {
                Decider::Chance => game.sample_chance(&mut rng),
                Decider::Seat(_) => {
                    game.legal_moves(&mut moves);
                    moves[rng.random_range(0..moves.len())]
                }
            };
            game.play(mv).unwrap();
        }
    }
    assert!(checked > 100, "only {checked} positions checked");
}
