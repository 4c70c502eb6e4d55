//! The shipped puzzles against [`check`], `check` against tampering, and
//! [`Puzzle::judge`] against every kind of text.

use super::*;
use crate::{AnyGame, GameKind};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};
use std::time::Instant;

/// A year of daily puzzles, and a few days over.
const PER_GAME: usize = 370;

fn of(kind: GameKind) -> Vec<&'static Puzzle> {
    shipped().iter().filter(|p| p.game == kind).collect()
}

/// Every shipped puzzle proves again, on all cores: the data and the
/// terms in `settings.rs` agree, and the engine still judges as it did.
#[test]
fn every_shipped_puzzle_passes_its_check() {
    let started = Instant::now();
    let puzzles = shipped();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    // Interleaved, so each thread gets its share of every game.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    puzzles
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .filter_map(|p| check(p).err().map(|e| e.to_string()))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("no checker panics"))
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
    eprintln!(
        "checked {} puzzles in {:.1} s",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn every_game_ships_a_year_of_puzzles_with_unique_ids_and_positions() {
    let mut ids = HashSet::new();
    for puzzle in shipped() {
        assert!(ids.insert(puzzle.id.as_str()), "{} twice", puzzle.id);
        assert!(puzzle.id.starts_with(puzzle.game.as_str()), "{}", puzzle.id);
        assert_eq!(by_id(&puzzle.id), Some(puzzle));
    }
    for kind in GameKind::ALL {
        let puzzles = of(kind);
        assert!(puzzles.len() >= PER_GAME, "{kind}: {}", puzzles.len());
        let positions: HashSet<&str> = puzzles.iter().map(|p| p.position.as_str()).collect();
        assert_eq!(positions.len(), puzzles.len(), "{kind}: a position twice");
    }
    assert_eq!(by_id("space-checkers-99999"), None);
}

/// The counts the data holds, per game: a regenerated set that loses its
/// mix of difficulties, or its multi-step lines, shows here.
#[test]
fn themes_difficulties_and_steps_are_as_shipped() {
    let mut counts: HashMap<(GameKind, String), usize> = HashMap::new();
    for p in shipped() {
        *counts
            .entry((p.game, p.difficulty.to_string()))
            .or_default() += 1;
        *counts.entry((p.game, p.theme.to_string())).or_default() += 1;
        *counts
            .entry((p.game, format!("{} steps", p.steps.len())))
            .or_default() += 1;
    }
    let count = |kind, what: &str| counts.get(&(kind, what.to_owned())).copied().unwrap_or(0);
    for kind in GameKind::ALL {
        let total = of(kind).len();
        let by_difficulty: usize = Difficulty::ALL
            .iter()
            .map(|d| count(kind, d.as_str()))
            .sum();
        let by_theme: usize = Theme::ALL.iter().map(|t| count(kind, t.as_str())).sum();
        assert_eq!((by_difficulty, by_theme), (total, total), "{kind}");
        // No game is all one difficulty, but for Dejarik (see settings.rs).
        if kind != GameKind::Dejarik {
            assert!(
                count(kind, "easy") * 10 <= total * 5,
                "{kind}: too many easy"
            );
            assert!(count(kind, "easy") > 0 && count(kind, "hard") > 0, "{kind}");
        }
    }
    // Space Checkers has only wins; dice games only best odds or wins.
    assert_eq!(
        count(GameKind::SpaceCheckers, "win"),
        of(GameKind::SpaceCheckers).len()
    );
    assert_eq!(
        count(GameKind::Dejarik, "win") + count(GameKind::Dejarik, "best-odds"),
        of(GameKind::Dejarik).len()
    );
    assert!(
        count(GameKind::SpaceCheckers, "2 steps") + count(GameKind::SpaceCheckers, "3 steps") >= 60
    );
    assert!(count(GameKind::Holochess, "2 steps") + count(GameKind::Holochess, "3 steps") >= 20);
    assert_eq!(
        count(GameKind::Dejarik, "1 steps"),
        of(GameKind::Dejarik).len()
    );
    assert_eq!(
        count(GameKind::Djambi, "1 steps"),
        of(GameKind::Djambi).len()
    );
}

/// A multi-step Space Checkers puzzle, for the tampering tests.
fn two_step() -> Puzzle {
    of(GameKind::SpaceCheckers)
        .into_iter()
        .find(|p| p.steps.len() >= 2)
        .expect("a multi-step Space Checkers puzzle")
        .clone()
}

#[test]
fn an_id_is_the_positions_own_so_a_renumbered_puzzle_is_refused() {
    let mut puzzle = two_step();
    assert_eq!(puzzle.id, puzzle.stable_id());
    assert!(puzzle.id.starts_with("space-checkers-"));
    puzzle.id = "space-checkers-0042".into();
    assert!(matches!(check(&puzzle), Err(CheckError::Id { .. })));
}

#[test]
fn check_refuses_a_wrong_answer() {
    for original in [two_step(), of(GameKind::Holochess)[0].clone()] {
        let mut puzzle = original.clone();
        let step = &mut puzzle.steps[0];
        let wrong = step
            .candidates
            .iter()
            .find(|c| **c != step.answer)
            .expect("a wrong candidate")
            .clone();
        step.answer = wrong;
        assert!(
            matches!(check(&puzzle), Err(CheckError::WrongAnswer { .. })),
            "{:?}",
            check(&puzzle)
        );
    }
}

/// A position where the winner has two winning moves is no puzzle. None
/// ships, so one is looked for two plies from the shipped starts, where
/// the winner usually had several ways, and put in a puzzle's place.
#[test]
fn check_refuses_a_position_with_a_second_winning_move() {
    let nearby = of(GameKind::SpaceCheckers).into_iter().flat_map(|p| {
        p.game_at(0)
            .legal_details()
            .into_iter()
            .flat_map(move |child| {
                AnyGame::from_position(p.game, &p.rules, &child.position)
                    .unwrap()
                    .legal_details()
            })
            .map(|grandchild| grandchild.position)
    });
    let mut puzzle = two_step();
    for position in nearby {
        let game = AnyGame::from_position(puzzle.game, &puzzle.rules, &position).unwrap();
        if matches!(analyse::find(&game), Err(NotAPuzzle::SeveralWins { .. })) {
            puzzle.position = position;
            let result = check(&puzzle);
            assert!(
                matches!(
                    result,
                    Err(CheckError::NotAPuzzle {
                        why: NotAPuzzle::SeveralWins { .. },
                        ..
                    })
                ),
                "{result:?}"
            );
            return;
        }
    }
    panic!("no position with two winning moves near the shipped ones");
}

#[test]
fn check_refuses_a_wrong_difficulty_theme_proof_or_candidates() {
    let original = two_step();
    let mut puzzle = original.clone();
    puzzle.difficulty = if original.difficulty == Difficulty::Expert {
        Difficulty::Easy
    } else {
        Difficulty::Expert
    };
    assert!(matches!(check(&puzzle), Err(CheckError::Difficulty { .. })));

    let mut puzzle = original.clone();
    puzzle.theme = Theme::Material;
    assert!(matches!(check(&puzzle), Err(CheckError::Theme { .. })));

    let mut puzzle = original.clone();
    let Proof::Solved { distance } = original.proof else {
        panic!("Space Checkers proofs are the table's")
    };
    puzzle.proof = Proof::Solved {
        distance: distance + 2,
    };
    assert!(matches!(check(&puzzle), Err(CheckError::Proof { .. })));

    let mut puzzle = original.clone();
    puzzle.steps[0].candidates = vec![original.steps[0].answer.clone()];
    assert!(matches!(check(&puzzle), Err(CheckError::Candidates { .. })));

    let mut puzzle = original.clone();
    let answer = original.steps[0].answer.clone();
    puzzle.steps[0].candidates = vec![answer.clone(), answer];
    assert!(matches!(check(&puzzle), Err(CheckError::Candidates { .. })));

    let mut puzzle = original.clone();
    puzzle.steps[0].reply.clear();
    assert!(matches!(check(&puzzle), Err(CheckError::Reply { .. })));

    let mut puzzle = original.clone();
    puzzle.steps[0].reply = vec!["Z9-Z8".into()];
    assert!(matches!(check(&puzzle), Err(CheckError::Illegal { .. })));

    let mut puzzle = original;
    puzzle.position = "nonsense".into();
    assert!(matches!(check(&puzzle), Err(CheckError::Position { .. })));
}

#[test]
fn judge_accepts_the_answer_in_every_form_and_refuses_the_rest() {
    for kind in GameKind::ALL {
        let puzzle = of(kind)[0];
        let step = &puzzle.steps[0];
        assert_eq!(puzzle.judge(0, &step.answer), Ok(Verdict::Right), "{kind}");
        // Lower case and padding are notation the parsers read too.
        let loose = format!("  {}  ", step.answer.to_lowercase());
        assert_eq!(
            puzzle.judge(0, &loose),
            Ok(Verdict::Right),
            "{kind}: {loose:?}"
        );
        for wrong in step.candidates.iter().filter(|c| **c != step.answer) {
            assert_eq!(
                puzzle.judge(0, wrong),
                Ok(Verdict::Wrong),
                "{kind}: {wrong}"
            );
        }
        assert!(puzzle.judge(0, "").is_err());
        assert!(puzzle.judge(0, "no such move").is_err());
        assert_eq!(
            puzzle.judge(puzzle.steps.len(), &step.answer),
            Err(crate::PlayError::GameOver)
        );
    }
}

#[test]
fn space_checkers_judges_a_capture_with_the_captured_square_left_out() {
    // The canonical form names the captured piece ("A5-B3xB2"); the parser
    // needs only FROM-TO.
    let puzzle = of(GameKind::SpaceCheckers)
        .into_iter()
        .find(|p| p.steps[0].answer.contains('x'))
        .expect("a capturing answer");
    let answer = &puzzle.steps[0].answer;
    let short = answer.split('x').next().unwrap();
    assert_eq!(
        puzzle.judge(0, short),
        Ok(Verdict::Right),
        "{answer} as {short}"
    );
}

#[test]
fn game_at_and_line_tell_the_same_story() {
    for puzzle in shipped().iter().filter(|p| p.steps.len() > 1).take(40) {
        let line = puzzle.line();
        let mut game = puzzle.game_at(0);
        assert_eq!(game.position(), puzzle.position);
        let mut played = 0;
        for (index, step) in puzzle.steps.iter().enumerate() {
            assert_eq!(
                game.position(),
                puzzle.game_at(index).position(),
                "{}",
                puzzle.id
            );
            assert_eq!(
                game.to_decide(),
                Some(crate::Decider::Seat(puzzle.solver()))
            );
            assert_eq!(line[played], step.answer);
            for text in std::iter::once(&step.answer).chain(&step.reply) {
                assert_eq!(&line[played], text);
                game.play_notation(text).unwrap();
                played += 1;
            }
        }
        assert_eq!(played, line.len());
        assert_eq!(
            game.position(),
            puzzle.game_at(puzzle.steps.len()).position()
        );
    }
}

#[test]
fn puzzles_round_trip_through_json_in_kebab_case() {
    let puzzle = of(GameKind::Dejarik)[0];
    let text = serde_json::to_string(puzzle).unwrap();
    assert!(text.contains("\"game\":\"dejarik\""), "{text}");
    assert!(text.contains("\"expectation\""), "{text}");
    let back: Puzzle = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, puzzle);
    for d in Difficulty::ALL {
        assert_eq!(d.as_str().parse::<Difficulty>(), Ok(d));
    }
    assert_eq!(Difficulty::Easy.rating(), 1200.0);
    assert_eq!(Difficulty::Expert.rating(), 2100.0);
    assert!("impossible".parse::<Difficulty>().is_err());
}

#[test]
fn generation_is_reproducible_and_its_puzzles_pass_check() {
    let count = |threads| generate(GameKind::SpaceCheckers, 6, 99, threads, |_| {});
    let one = count(1);
    assert_eq!(one.len(), 6);
    assert_eq!(one, count(2));
    for puzzle in &one {
        check(puzzle).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever the text, `judge` answers and never panics; text that is
    /// not a legal move is an error, never a verdict.
    #[test]
    fn judge_never_panics(text in "\\PC{0,24}", which in 0usize..4, step in 0usize..4) {
        let puzzle = of(GameKind::ALL[which])[0];
        if let Ok(verdict) = puzzle.judge(step, &text) {
            prop_assert!(step < puzzle.steps.len());
            let legal = puzzle.game_at(step).play_notation(&text).is_ok();
            prop_assert!(legal);
            prop_assert_eq!(verdict == Verdict::Right, puzzle.game_at(step).play_notation(&text).unwrap() == puzzle.steps[step].answer);
        }
    }
}
