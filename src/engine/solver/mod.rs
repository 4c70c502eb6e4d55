//! A solved table for Space Checkers: for every position with more than half
//! of each side's pieces left, whether the side to move wins or loses with
//! best play and in how many plies, or neither can force it.
//!
//! The table solves the *uncapped* game after the first turn: the ply limit
//! and the first-turn rule are not part of a table position. So a result is
//! trusted only from ply 2 on and when it ends before the ply limit
//! ([`probe`]); everything else is left to the search, which reaches the
//! table from the positions it cannot decide itself. `max` loads a table
//! when one is installed (`holotable solve` writes it, `--table` loads it);
//! the other levels never look, so they stay beatable.

mod build;
mod code;
mod index;

pub use build::{PassReport, solve};

use super::evaluate::Probe;
use crate::games::Game;
use crate::games::space_checkers::{Rules, SpaceCheckers};
use index::Indexer;
use std::io::{Read, Write};
use std::path::Path;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

const MAGIC: &[u8; 6] = b"HTSC1\n";

/// One byte per indexed position (see `code.rs`).
pub struct Table {
    pieces: u8,
    indexer: Indexer,
    codes: Vec<AtomicU8>,
}

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("cannot read or write the table")]
    Io(#[from] std::io::Error),
    #[error("not a Space Checkers table: {0}")]
    Format(String),
    #[error("a table for {0} pieces is already loaded")]
    AlreadyInstalled(u8),
}

/// How a table's positions came out, and the first inconsistency if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub positions: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub unresolved: u64,
    pub longest_win: u32,
    /// The first position whose code its children contradict, as a position
    /// string, with what was wrong.
    pub inconsistent: Option<String>,
}

impl Table {
    pub fn pieces(&self) -> u8 {
        self.pieces
    }

    pub fn len(&self) -> usize {
        self.codes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The result for the side to move at `game`, if the table covers it.
    pub fn get(&self, game: &SpaceCheckers) -> Option<Probe> {
        let index = self.indexer.index(build::state_of(game))?;
        code::decode(self.codes[index as usize].load(Ordering::Relaxed))
    }

    /// Writes the table: a short header, then one byte per position.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
        file.write_all(MAGIC)?;
        file.write_all(&[self.pieces])?;
        let bytes: Vec<u8> = self
            .codes
            .iter()
            .map(|c| c.load(Ordering::Relaxed))
            .collect();
        file.write_all(&bytes)?;
        file.flush()?;
        Ok(())
    }

    /// # Errors
    /// When the file cannot be read or is not a table of the right size.
    pub fn load(path: &Path) -> Result<Table, TableError> {
        let mut bytes = Vec::new();
        std::fs::File::open(path)?.read_to_end(&mut bytes)?;
        let Some(rest) = bytes.strip_prefix(MAGIC) else {
            return Err(TableError::Format("missing header".into()));
        };
        let (&pieces, codes) = rest
            .split_first()
            .ok_or_else(|| TableError::Format("truncated header".into()))?;
        if !Rules::PIECES.contains(&pieces) {
            return Err(TableError::Format(format!("{pieces} pieces")));
        }
        let expected = Indexer::new(pieces).len();
        if codes.len() as u64 != expected {
            return Err(TableError::Format(format!(
                "{} positions, expected {expected} for {pieces} pieces",
                codes.len()
            )));
        }
        Ok(Table {
            pieces,
            indexer: Indexer::new(pieces),
            codes: codes.iter().map(|&c| AtomicU8::new(c)).collect(),
        })
    }

    /// Checks every position against its children (every win has a move to
    /// a loss one ply shorter, every loss has only moves to wins, the longest
    /// one ply shorter; every unresolved position has neither) and counts
    /// the results. As slow as one solver pass.
    pub fn verify(&self) -> Summary {
        let indexer = &self.indexer;
        let rules = uncapped(self.pieces);
        let mut summary = Summary::default();
        let mut moves = Vec::new();
        for index in 0..indexer.len() {
            let game = build::position(indexer, &rules, index);
            let stored = self.codes[index as usize].load(Ordering::Relaxed);
            summary.positions += 1;
            match (code::decode(stored), stored) {
                (Some(Probe::Win(d)), _) => {
                    summary.wins += 1;
                    summary.longest_win = summary.longest_win.max(d);
                }
                (Some(Probe::Loss(_)), _) => summary.losses += 1,
                (None, code::DRAW) => summary.draws += 1,
                (None, _) => summary.unresolved += 1,
            }
            if summary.inconsistent.is_none()
                && let Err(why) = self.check(indexer, &game, stored, &mut moves)
            {
                summary.inconsistent = Some(format!("{}: {why}", game.position()));
            }
        }
        summary
    }

    fn check(
        &self,
        indexer: &Indexer,
        game: &SpaceCheckers,
        stored: u8,
        moves: &mut Vec<crate::games::space_checkers::Move>,
    ) -> Result<(), &'static str> {
        let terminal = build::terminal_code(game);
        if terminal != code::UNKNOWN || game.to_decide().is_none() {
            return if terminal == stored {
                Ok(())
            } else {
                Err("wrong final result")
            };
        }
        game.legal_moves(moves);
        let children: Vec<Option<Probe>> = moves
            .iter()
            .map(|&mv| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                build::child_probe(indexer, &self.codes, &child)
            })
            .collect();
        let child_loss = |d| children.contains(&Some(Probe::Loss(d)));
        let any_loss = children.iter().any(|c| matches!(c, Some(Probe::Loss(_))));
        let all_wins = children.iter().all(|c| matches!(c, Some(Probe::Win(_))));
        let slowest = children
            .iter()
            .filter_map(|c| match c {
                Some(Probe::Win(d)) => Some(*d),
                _ => None,
            })
            .max();
        match code::decode(stored) {
            Some(Probe::Win(0)) | Some(Probe::Loss(0)) => {
                Err("final result on a game that goes on")
            }
            Some(Probe::Win(d)) if !child_loss(d - 1) => Err("win without a move to a loss"),
            Some(Probe::Loss(d)) if !all_wins || slowest != Some(d - 1) => {
                Err("loss with a move that does not lose")
            }
            None if stored == code::DRAW => Err("draw on a game that goes on"),
            None if any_loss => Err("unresolved with a winning move"),
            None if all_wins && slowest.is_some_and(|d| d < code::MAX_DISTANCE) => {
                Err("unresolved with only losing moves")
            }
            _ => Ok(()),
        }
    }
}

/// The rules a table is solved under: no ply limit in reach of any game.
fn uncapped(pieces: u8) -> Rules {
    Rules {
        pieces,
        ply_limit: u16::MAX,
    }
}

/// One slot per piece count (3 to 6).
static TABLES: [OnceLock<Table>; 7] = [const { OnceLock::new() }; 7];

/// Makes `table` available to [`probe`] for the rest of the process.
///
/// # Errors
/// [`TableError::AlreadyInstalled`] when a table for that piece count is in.
pub fn install(table: Table) -> Result<(), TableError> {
    let pieces = table.pieces;
    TABLES[usize::from(pieces)]
        .set(table)
        .map_err(|_| TableError::AlreadyInstalled(pieces))
}

/// The installed table's result for `game`, when one applies: from ply 2
/// (the table knows no first-turn rule) and only if the game is decided
/// before the ply limit could end it.
pub fn probe(game: &SpaceCheckers) -> Option<Probe> {
    let table = TABLES.get(usize::from(game.rules().pieces))?.get()?;
    if game.ply() < 2 || game.to_decide().is_none() {
        return None;
    }
    let result = table.get(game)?;
    let distance = match result {
        Probe::Win(d) | Probe::Loss(d) => d,
    };
    (u32::from(game.ply()) + distance <= u32::from(game.rules().ply_limit)).then_some(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Budget, Engine, Level, WIN};

    #[test]
    fn codes_round_trip() {
        assert_eq!(code::decode(code::win(0)), Some(Probe::Win(0)));
        assert_eq!(
            code::decode(code::win(code::MAX_DISTANCE)),
            Some(Probe::Win(125))
        );
        assert_eq!(code::decode(code::loss(7)), Some(Probe::Loss(7)));
        assert_eq!(code::decode(code::DRAW), None);
        assert_eq!(code::decode(code::UNKNOWN), None);
    }

    /// About 25 s in release, minutes in the test profile, so not run by
    /// default: `cargo test --release -- --ignored three_piece`.
    #[test]
    #[ignore = "slow: solves 9.4 million positions"]
    fn three_piece_solution_is_consistent_and_max_follows_it() {
        let table = solve(3, 2, |_| {});
        let summary = table.verify();
        assert_eq!(summary.inconsistent, None);
        assert_eq!(summary.positions, 9_361_000);
        assert!(summary.wins > 0 && summary.losses > 0 && summary.unresolved > 0);
        // A sample of won positions: `max`, reading the table, finds a win
        // at least as fast as the table promises.
        let rules = Rules {
            pieces: 3,
            ply_limit: 200,
        };
        let won: Vec<SpaceCheckers> = (0..table.indexer.len())
            .step_by(9_973)
            .filter_map(|i| {
                let state = table.indexer.state(i);
                let game = SpaceCheckers::from_pieces(
                    &rules,
                    crate::games::space_checkers::SquareSet::from_bits(state.white),
                    crate::games::space_checkers::SquareSet::from_bits(state.black),
                    10 + u16::from(state.side),
                )
                .ok()?;
                matches!(table.get(&game), Some(Probe::Win(d)) if d > 0).then_some(game)
            })
            .take(50)
            .collect();
        assert_eq!(won.len(), 50);
        let promised: Vec<u32> = won
            .iter()
            .map(|g| match table.get(g) {
                Some(Probe::Win(d)) => d,
                _ => unreachable!(),
            })
            .collect();
        install(table).expect("no other test installs a 3-piece table");
        let budget = Budget {
            time: None,
            nodes: Some(10_000),
            depth: 4,
        };
        for (game, d) in won.iter().zip(promised) {
            let choice = Engine::new(Level::Max, 0)
                .with_budget(budget)
                .choose(game)
                .unwrap();
            assert!(choice.score >= WIN - d as i32, "{}", game.position());
        }
    }
}
