//! Whether one position is a puzzle step, and how hard it is: the judgement
//! that generation makes and [`super::check`] repeats, so both share it.
//!
//! - Space Checkers reads the solved table: the side to move wins, and
//!   exactly one move keeps the win (every other one draws or loses).
//! - The other games ask a deterministic search (no clock, a node budget,
//!   [`Settings`]) for the two best moves: the answer must beat the next by
//!   the margin and reach a goal, a proven win, a piece won against the
//!   static value, or the only move that does not lose. With dice in the
//!   tree (Dejarik) the values are expectations and the goal is the best
//!   odds.

use super::settings::Settings;
use super::{Difficulty, Proof, Theme};
use crate::engine::solver::probe;
use crate::engine::{Budget, Engine, EngineError, Evaluate, Level, PROVEN, Probe};
use crate::space_checkers::SpaceCheckers;
use crate::{AnyGame, Decider, Game, GameKind, Outcome, SeatResult, with_game};

/// What makes a position one step of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Finding {
    /// The one right move, in canonical notation.
    pub answer: String,
    pub theme: Theme,
    pub proof: Proof,
}

/// Why a position is not a puzzle step; [`super::CheckError`] shows it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAPuzzle {
    #[error("the game is over")]
    Over,
    #[error("the dice decide, not a player")]
    Dice,
    #[error("there is only one legal move")]
    NoChoice,
    #[error("the solved table does not say the side to move wins")]
    NotWon,
    #[error("{count} moves keep the win, not one")]
    SeveralWins { count: usize },
    #[error("the search reached depth {reached} of {wanted} within its nodes")]
    Shallow { reached: u32, wanted: u32 },
    #[error("the best move scores {best}, the next {second}: less than {margin} apart")]
    Close { best: i32, second: i32, margin: i32 },
    #[error("the best move ({best}) neither wins, nor wins a piece, nor alone saves the game")]
    NoGoal { best: i32 },
}

/// The step at `game`, if it is one.
///
/// # Errors
/// [`NotAPuzzle`] says why not.
pub(super) fn find(game: &AnyGame) -> Result<Finding, NotAPuzzle> {
    match game {
        AnyGame::SpaceCheckers(g) => solved(g),
        other => with_game!(other, g => searched(g)),
    }
}

/// The step by the solved table.
fn solved(game: &SpaceCheckers) -> Result<Finding, NotAPuzzle> {
    let Some(Decider::Seat(seat)) = game.to_decide() else {
        return Err(NotAPuzzle::Over);
    };
    let Some(Probe::Win(distance)) = probe(game) else {
        return Err(NotAPuzzle::NotWon);
    };
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.len() < 2 {
        return Err(NotAPuzzle::NoChoice);
    }
    let winning: Vec<_> = moves
        .iter()
        .copied()
        .filter(|&mv| {
            let mut child = game.clone();
            child.play_unchecked(mv);
            match child.outcome() {
                Some(outcome) => wins(&outcome, seat),
                // Only a result the table trusts counts: beyond the ply
                // limit the game is drawn whatever the table says.
                None => matches!(probe(&child), Some(Probe::Loss(_))),
            }
        })
        .collect();
    match winning[..] {
        [answer] => Ok(Finding {
            answer: game.move_notation(answer),
            theme: Theme::Win,
            proof: Proof::Solved { distance },
        }),
        _ => Err(NotAPuzzle::SeveralWins {
            count: winning.len(),
        }),
    }
}

fn wins(outcome: &Outcome, seat: crate::Seat) -> bool {
    outcome.results[seat] == SeatResult::Win
}

/// A search without clock or softmax: the same answer on every machine.
fn engine(depth: u32, nodes: u64) -> Engine {
    Engine::new(Level::Normal, 0).with_budget(Budget {
        time: None,
        nodes: Some(nodes),
        depth,
    })
}

/// The step by a deep search.
fn searched<G: Evaluate>(game: &G) -> Result<Finding, NotAPuzzle> {
    let settings = Settings::of(G::KIND);
    let seat = match game.to_decide() {
        None => return Err(NotAPuzzle::Over),
        Some(Decider::Chance) => return Err(NotAPuzzle::Dice),
        Some(Decider::Seat(seat)) => seat,
    };
    let ranking = engine(settings.proof_depth, settings.proof_nodes)
        .rank(game, 2)
        .map_err(|error| match error {
            EngineError::DiceDecide => NotAPuzzle::Dice,
            _ => NotAPuzzle::Over,
        })?;
    let [first, next, ..] = ranking.scored[..] else {
        return Err(NotAPuzzle::NoChoice);
    };
    if ranking.depth < settings.proof_depth {
        return Err(NotAPuzzle::Shallow {
            reached: ranking.depth,
            wanted: settings.proof_depth,
        });
    }
    let (best, second, margin) = (first.score, next.score, settings.margin);
    if best - second < margin {
        return Err(NotAPuzzle::Close {
            best,
            second,
            margin,
        });
    }
    let dice = G::KIND == GameKind::Dejarik;
    // The static value is where the position stands before the move: a
    // piece up on it is a piece won.
    let standing = game.evaluate(seat);
    let theme = if best >= PROVEN {
        Theme::Win
    } else if dice {
        Theme::BestOdds
    } else if best - standing >= G::PIECE {
        Theme::Material
    } else if best > -G::PIECE / 2 && (second <= -PROVEN || second <= -margin) {
        // The answer holds the balance (within half a piece) where every
        // other move loses the game or a good part of a piece.
        Theme::Defence
    } else {
        return Err(NotAPuzzle::NoGoal { best });
    };
    let depth = settings.proof_depth;
    let proof = if dice {
        Proof::Expectation {
            depth,
            best,
            second,
            margin,
        }
    } else {
        Proof::Search {
            depth,
            best,
            second,
            margin,
        }
    };
    Ok(Finding {
        answer: game.move_notation(first.mv),
        theme,
        proof,
    })
}

/// The difficulty of one step: the first calibrating level whose search
/// puts `answer` strictly first. A tie is not a find: a level that plays
/// one of several equal moves finds the answer only by luck.
pub(super) fn difficulty(game: &AnyGame, answer: &str) -> Difficulty {
    with_game!(game, g => difficulty_of(g, answer))
}

fn difficulty_of<G: Evaluate>(game: &G, answer: &str) -> Difficulty {
    let settings = Settings::of(G::KIND);
    for (depth, difficulty) in Settings::levels(G::KIND) {
        // A level as deep as the proof is the proof's own search, which
        // found the answer: no need to search again.
        if depth == settings.proof_depth {
            return difficulty;
        }
        let nodes = settings.calibration_nodes;
        let Ok(ranking) = engine(depth, nodes).rank(game, 2) else {
            break;
        };
        let finds = match &ranking.scored[..] {
            [first, next, ..] => first.score > next.score,
            [_] => true,
            [] => false,
        };
        if finds && game.move_notation(ranking.scored[0].mv) == answer {
            return difficulty;
        }
    }
    Difficulty::Expert
}

/// The moves a shallow look likes best, other than `answer`, at most
/// `count`: the wrong candidates a solver is offered beside the answer.
pub(super) fn tempting(game: &AnyGame, answer: &str, count: usize) -> Vec<String> {
    with_game!(game, g => {
        engine(1, u64::MAX)
            .rank(g, usize::MAX)
            .map(|ranking| {
                ranking
                    .scored
                    .iter()
                    .map(|s| g.move_notation(s.mv))
                    .filter(|notation| notation != answer)
                    .take(count)
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// The move a defender plays against the solver's line: in Space Checkers
/// the one that resists longest by the table, elsewhere the proving
/// search's best. Dice are not for this: lines with dice stop at the answer.
pub(super) fn reply(game: &AnyGame) -> Option<String> {
    match game {
        AnyGame::SpaceCheckers(g) => longest_resistance(g),
        other => with_game!(other, g => {
            let settings = Settings::of(kind_of(g));
            engine(settings.proof_depth.max(1), settings.proof_nodes)
                .rank(g, 1)
                .ok()
                .and_then(|r| r.scored.first().map(|s| g.move_notation(s.mv)))
        }),
    }
}

fn kind_of<G: Game>(_: &G) -> GameKind {
    G::KIND
}

/// The losing side's move that loses slowest by the table (the first of
/// equals, in the stable move order).
fn longest_resistance(game: &SpaceCheckers) -> Option<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut best: Option<(u32, _)> = None;
    for mv in moves {
        let mut child = game.clone();
        child.play_unchecked(mv);
        let distance = match (child.outcome(), probe(&child)) {
            (Some(_), _) => 0,
            (None, Some(Probe::Win(d))) => d,
            // Not lost after all (beyond the table's trust): the best reply.
            (None, _) => u32::MAX,
        };
        if best.is_none_or(|(d, _)| distance > d) {
            best = Some((distance, mv));
        }
    }
    best.map(|(_, mv)| game.move_notation(mv))
}
