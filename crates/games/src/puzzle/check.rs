//! [`check`]: a puzzle's claims derived again from its data alone, with the
//! same judgement ([`super::analyse`]) and terms ([`super::settings`])
//! that made it. What it does not re-derive is how tempting the wrong
//! candidates are: that is presentation, not a claim.

use super::analyse::{self, NotAPuzzle};
use super::settings::Settings;
use super::{Difficulty, Proof, Puzzle, Theme};
use crate::{AnyGame, Decider, PositionError};
use std::collections::HashSet;

/// What is wrong with a puzzle; every variant names the puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error("{id}: the id of this position is {stable}")]
    Id { id: String, stable: String },
    #[error("{id}: {source}")]
    Position { id: String, source: PositionError },
    #[error("{id}: {count} steps, expected 1 to {max}")]
    StepCount {
        id: String,
        count: usize,
        max: usize,
    },
    #[error("{id}: step {step}: the solver is not to move")]
    NotSolversTurn { id: String, step: usize },
    #[error("{id}: step {step}: {text:?} does not play: {why}")]
    Illegal {
        id: String,
        step: usize,
        text: String,
        why: String,
    },
    #[error("{id}: step {step}: {text:?} is not in canonical notation (it plays as {canonical:?})")]
    NotCanonical {
        id: String,
        step: usize,
        text: String,
        canonical: String,
    },
    #[error("{id}: step {step} is not a puzzle: {why}")]
    NotAPuzzle {
        id: String,
        step: usize,
        why: NotAPuzzle,
    },
    #[error("{id}: step {step}: the answer is {found:?}, not {stated:?}")]
    WrongAnswer {
        id: String,
        step: usize,
        stated: String,
        found: String,
    },
    #[error("{id}: the proof is {found:?}, not {stated:?}")]
    Proof {
        id: String,
        stated: Proof,
        found: Proof,
    },
    #[error("{id}: the theme is {found}, not {stated}")]
    Theme {
        id: String,
        stated: Theme,
        found: Theme,
    },
    #[error("{id}: the difficulty is {found}, not {stated}")]
    Difficulty {
        id: String,
        stated: Difficulty,
        found: Difficulty,
    },
    #[error("{id}: step {step}: candidates {candidates:?}: {why}")]
    Candidates {
        id: String,
        step: usize,
        candidates: Vec<String>,
        why: &'static str,
    },
    #[error("{id}: step {step}: the reply {why}")]
    Reply {
        id: String,
        step: usize,
        why: &'static str,
    },
}

/// Re-derives every claim of `puzzle`: the position parses and the solver
/// is to move; at every step the answer is the one move the table or the
/// stated search allows, and the first step's proof and theme are what
/// the search finds; candidates are 2 to 5 distinct legal moves with the
/// answer among them; every answer and reply plays, and the replies end
/// exactly where the solver decides again; the difficulty is what the
/// calibrating levels make of the hardest step.
///
/// # Errors
/// The first claim that does not hold, as a [`CheckError`].
pub fn check(puzzle: &Puzzle) -> Result<(), CheckError> {
    let id = || puzzle.id.clone();
    let max = Settings::of(puzzle.game).max_steps;
    if puzzle.steps.is_empty() || puzzle.steps.len() > max {
        return Err(CheckError::StepCount {
            id: id(),
            count: puzzle.steps.len(),
            max,
        });
    }
    let mut game = puzzle
        .start()
        .map_err(|source| CheckError::Position { id: id(), source })?;
    let Some(Decider::Seat(solver)) = game.to_decide() else {
        return Err(CheckError::NotSolversTurn { id: id(), step: 0 });
    };
    let mut hardest = Difficulty::Easy;
    for (step, expected) in puzzle.steps.iter().enumerate() {
        if game.to_decide() != Some(Decider::Seat(solver)) {
            return Err(CheckError::NotSolversTurn { id: id(), step });
        }
        let finding = analyse::find(&game).map_err(|why| CheckError::NotAPuzzle {
            id: id(),
            step,
            why,
        })?;
        if finding.answer != expected.answer {
            return Err(CheckError::WrongAnswer {
                id: id(),
                step,
                stated: expected.answer.clone(),
                found: finding.answer,
            });
        }
        if step == 0 && finding.proof != puzzle.proof {
            return Err(CheckError::Proof {
                id: id(),
                stated: puzzle.proof,
                found: finding.proof,
            });
        }
        if step == 0 && finding.theme != puzzle.theme {
            return Err(CheckError::Theme {
                id: id(),
                stated: puzzle.theme,
                found: finding.theme,
            });
        }
        check_candidates(puzzle, step, &game)?;
        hardest = hardest.max(analyse::difficulty(&game, &expected.answer));
        play(puzzle, step, &mut game, &expected.answer)?;
        let last = step + 1 == puzzle.steps.len();
        for text in &expected.reply {
            if last {
                return Err(CheckError::Reply {
                    id: id(),
                    step,
                    why: "goes on after the last step",
                });
            }
            if matches!(game.to_decide(), Some(Decider::Seat(seat)) if seat == solver) {
                return Err(CheckError::Reply {
                    id: id(),
                    step,
                    why: "goes on when the solver is to move",
                });
            }
            play(puzzle, step, &mut game, text)?;
        }
        if !last && game.to_decide() != Some(Decider::Seat(solver)) {
            return Err(CheckError::Reply {
                id: id(),
                step,
                why: "stops before the solver is to move again",
            });
        }
    }
    if hardest != puzzle.difficulty {
        return Err(CheckError::Difficulty {
            id: id(),
            stated: puzzle.difficulty,
            found: hardest,
        });
    }
    // Last, so a tampered puzzle is named by what is wrong with it first.
    if puzzle.id != puzzle.stable_id() {
        return Err(CheckError::Id {
            id: id(),
            stable: puzzle.stable_id(),
        });
    }
    Ok(())
}

/// Plays `text`, which must be legal and in canonical notation.
fn play(puzzle: &Puzzle, step: usize, game: &mut AnyGame, text: &str) -> Result<(), CheckError> {
    let canonical = game
        .play_notation(text)
        .map_err(|error| CheckError::Illegal {
            id: puzzle.id.clone(),
            step,
            text: text.to_owned(),
            why: error.to_string(),
        })?;
    if canonical != text {
        return Err(CheckError::NotCanonical {
            id: puzzle.id.clone(),
            step,
            text: text.to_owned(),
            canonical,
        });
    }
    Ok(())
}

fn check_candidates(puzzle: &Puzzle, step: usize, game: &AnyGame) -> Result<(), CheckError> {
    let expected = &puzzle.steps[step];
    let fail = |why| CheckError::Candidates {
        id: puzzle.id.clone(),
        step,
        candidates: expected.candidates.clone(),
        why,
    };
    if !(2..=5).contains(&expected.candidates.len()) {
        return Err(fail("expected 2 to 5"));
    }
    if !expected.candidates.contains(&expected.answer) {
        return Err(fail("the answer is not among them"));
    }
    let distinct: HashSet<&String> = expected.candidates.iter().collect();
    if distinct.len() != expected.candidates.len() {
        return Err(fail("one is listed twice"));
    }
    for text in &expected.candidates {
        play(puzzle, step, &mut game.clone(), text)?;
    }
    Ok(())
}
