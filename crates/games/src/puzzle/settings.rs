//! The stated terms of every puzzle of one game: how deep its proof
//! searches, on what node budget, by what margin the answer must win, and
//! which engine levels calibrate its difficulty.
//!
//! They live in code, not in the data, because [`super::check`] must
//! re-derive a puzzle from the same terms it was made under; a change here
//! means generating the shipped puzzles again (the check test says so).
//! The budgets are small enough that checking every shipped puzzle takes
//! seconds: generation may look at far more positions, but what a puzzle
//! claims is only what this budget proves.

use super::Difficulty;
use crate::GameKind;
use crate::engine::Level;

/// One game's puzzle terms.
#[derive(Clone, Copy, Debug)]
pub(super) struct Settings {
    /// Plies of the proving search (unused for Space Checkers, which reads
    /// the solved table).
    pub proof_depth: u32,
    /// Nodes the proving search may spend; it must complete `proof_depth`
    /// within them, or the position is not a puzzle.
    pub proof_nodes: u64,
    /// How much better than every other move the answer must score, in the
    /// game's evaluation units.
    pub margin: i32,
    /// Nodes each calibrating search may spend.
    pub calibration_nodes: u64,
    /// Steps a puzzle may have: more than one only where the solver's line
    /// can be told without dice.
    pub max_steps: usize,
    /// Plies of self-play skipped before positions are looked at: openings
    /// are book knowledge more than puzzles.
    pub skip_plies: usize,
    /// At most this share of a generated set is easy (found by `greedy`),
    /// where the harder ones are common enough to make up the rest.
    pub easy_share: f64,
}

impl Settings {
    pub fn of(kind: GameKind) -> Settings {
        match kind {
            GameKind::SpaceCheckers => Settings {
                proof_depth: 0,
                proof_nodes: 0,
                margin: 0,
                calibration_nodes: 20_000,
                max_steps: 3,
                skip_plies: 4,
                easy_share: 0.4,
            },
            // A piece is 300 here: the margin is two thirds of one.
            GameKind::Holochess => Settings {
                proof_depth: 6,
                proof_nodes: 150_000,
                margin: 200,
                calibration_nodes: 40_000,
                max_steps: 3,
                skip_plies: 4,
                easy_share: 0.4,
            },
            // A piece is 240; chance nodes cost no depth, so three plies
            // already see both actions of a turn and the dice between.
            GameKind::Dejarik => Settings {
                proof_depth: 3,
                proof_nodes: 60_000,
                margin: 150,
                calibration_nodes: 30_000,
                max_steps: 1,
                skip_plies: 4,
                // Greedy already weighs the exact odds of every attack, so
                // few Dejarik puzzles are harder than easy: no share.
                easy_share: 1.0,
            },
            // A piece is 200. Djambi's levels are a ply shallower than the
            // other games' (thousands of compound moves); the proof is as
            // deep as `hard`.
            GameKind::Djambi => Settings {
                proof_depth: 3,
                proof_nodes: 60_000,
                margin: 150,
                calibration_nodes: 30_000,
                max_steps: 1,
                skip_plies: 8,
                easy_share: 0.4,
            },
        }
    }

    /// The levels that calibrate difficulty, weakest first, each with its
    /// depth in `kind` (as `level.rs` sets it, searched without softmax
    /// or clock) and the difficulty of a puzzle it is the first to solve.
    /// A level deeper than the proof is not asked: the proof is the
    /// deepest look a puzzle gets, and a level as deep as the proof finds
    /// the answer by the proof itself. A puzzle none of them solves is
    /// expert, which only games whose proof is deeper than `hard`
    /// (holochess) or that read a table (Space Checkers) can have.
    pub fn levels(kind: GameKind) -> Vec<(u32, Difficulty)> {
        let proof = Settings::of(kind).proof_depth;
        [
            (Level::Greedy, Difficulty::Easy),
            (Level::Easy, Difficulty::Medium),
            (Level::Normal, Difficulty::Hard),
            (Level::Hard, Difficulty::Hard),
        ]
        .into_iter()
        .map(|(level, difficulty)| (level.budget(kind).depth, difficulty))
        .filter(|&(depth, _)| kind == GameKind::SpaceCheckers || depth <= proof)
        .collect()
    }
}
