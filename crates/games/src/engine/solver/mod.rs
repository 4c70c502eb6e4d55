//! A solved table for Space Checkers: for every position with more than half
//! of each side's pieces left, whether the side to move wins or loses with
//! best play and in how many plies, or neither can force it.
//!
//! The table solves the *uncapped* game after the first turn: the ply limit
//! and the first-turn rule are not part of a table position. So a result is
//! trusted only from ply 2 on and when it ends before the ply limit
//! ([`probe`]); everything else is left to the search, which reaches the
//! table from the positions it cannot decide itself. `max` and the
//! post-game review read a table: the built-in one for 3 or 4 pieces, or one
//! loaded from a file (`holotable solve` writes it, `--table` or
//! `HOLOTABLE_SOLVED_TABLE` loads it); the other levels never look, so they
//! stay beatable.

mod build;
mod code;
mod index;
mod symmetry;

pub use build::{PassReport, solve};

use super::evaluate::Probe;
use crate::Game;
use crate::space_checkers::{Rules, SpaceCheckers};
use index::{Numbering, Symmetric};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

const MAGIC: &[u8; 6] = b"HTSC2\n";

/// The tables that ship inside the binary, made by `holotable solve
/// space-checkers --pieces N --out assets/space-checkers/solved-N.htsc`:
/// the default game's 4 pieces (1.8 MB) and the 3-piece variant (78 kB).
/// Larger variants are loaded from a file (`--table`,
/// `HOLOTABLE_SOLVED_TABLE`).
const BUILT_IN: [(u8, &[u8]); 2] = [
    (
        3,
        include_bytes!("../../../../../assets/space-checkers/solved-3.htsc"),
    ),
    (
        4,
        include_bytes!("../../../../../assets/space-checkers/solved-4.htsc"),
    ),
];

/// One byte per position family (see `code.rs` and `index.rs`).
pub struct Table {
    pieces: u8,
    numbering: Symmetric,
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
    /// Entries: one per family of symmetric positions.
    pub positions: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub unresolved: u64,
    /// The longest win; the longest loss is at most one ply longer.
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
        let index = self.numbering.index(build::state_of(game))?;
        code::decode(self.codes[index as usize].load(Ordering::Relaxed))
    }

    /// Writes the table: a short header, then the codes, deflated (runs of
    /// one result are long: the 5.3 million families of the 4-piece game
    /// deflate to 1.8 MB).
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
        let mut deflate =
            flate2::write::DeflateEncoder::new(&mut file, flate2::Compression::best());
        deflate.write_all(&bytes)?;
        deflate.finish()?;
        file.flush()?;
        Ok(())
    }

    /// # Errors
    /// When the file cannot be read or is not a table of the right size.
    pub fn load(path: &Path) -> Result<Table, TableError> {
        Table::from_bytes(&std::fs::read(path)?)
    }

    fn from_bytes(bytes: &[u8]) -> Result<Table, TableError> {
        if bytes.starts_with(b"HTSC1\n") {
            return Err(TableError::Format(
                "a table in the old format: the 3- and 4-piece tables are built in now, \
                 and other sizes must be solved again with `holotable solve`"
                    .into(),
            ));
        }
        let Some(rest) = bytes.strip_prefix(MAGIC) else {
            return Err(TableError::Format("missing header".into()));
        };
        let (&pieces, deflated) = rest
            .split_first()
            .ok_or_else(|| TableError::Format("truncated header".into()))?;
        if !Rules::PIECES.contains(&pieces) {
            return Err(TableError::Format(format!("{pieces} pieces")));
        }
        let numbering = Symmetric::new(pieces);
        let expected = numbering.len();
        let mut codes = Vec::with_capacity(expected as usize);
        // One byte more than expected is enough to tell a longer table.
        flate2::read::DeflateDecoder::new(deflated)
            .take(expected + 1)
            .read_to_end(&mut codes)
            .map_err(|error| match error.kind() {
                std::io::ErrorKind::InvalidData | std::io::ErrorKind::InvalidInput => {
                    TableError::Format(format!("damaged: {error}"))
                }
                _ => TableError::Io(error),
            })?;
        if codes.len() as u64 != expected {
            return Err(TableError::Format(format!(
                "{} positions, expected {expected} for {pieces} pieces",
                codes.len()
            )));
        }
        Ok(Table {
            pieces,
            numbering,
            codes: codes.into_iter().map(AtomicU8::new).collect(),
        })
    }

    /// Checks every position against its children: every win's fastest move
    /// leads to a loss one ply shorter, every loss has only moves to wins,
    /// the slowest one ply shorter, and an unresolved position has neither a
    /// winning move nor only losing ones. With the finished positions scored
    /// by the rules, a table that passes is the exact solution (while no
    /// result reaches `MAX_DISTANCE`, and given that one position per family
    /// speaks for all, which `symmetry.rs` tests): a wrong entry with the
    /// shortest true or stored distance would contradict one of these.
    /// Counts the results too. As slow as one solver pass.
    pub fn verify(&self) -> Summary {
        let numbering = &self.numbering;
        let rules = uncapped(self.pieces);
        let mut summary = Summary::default();
        let mut moves = Vec::new();
        for index in 0..numbering.len() {
            let game = build::position(numbering, &rules, index);
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
                && let Err(why) = self.check(&game, stored, &mut moves)
            {
                summary.inconsistent = Some(format!("{}: {why}", game.position()));
            }
        }
        summary
    }

    fn check(
        &self,
        game: &SpaceCheckers,
        stored: u8,
        moves: &mut Vec<crate::space_checkers::Move>,
    ) -> Result<(), &'static str> {
        let terminal = build::terminal_code(game);
        if terminal != code::UNKNOWN {
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
                build::child_probe(&self.numbering, &self.codes, &child)
            })
            .collect();
        let distances = |losses: bool| {
            children.iter().filter_map(move |c| match (c, losses) {
                (Some(Probe::Loss(d)), true) | (Some(Probe::Win(d)), false) => Some(*d),
                _ => None,
            })
        };
        let fastest_loss = distances(true).min();
        let slowest_win = distances(false).max();
        let all_wins = children.iter().all(|c| matches!(c, Some(Probe::Win(_))));
        match code::decode(stored) {
            Some(Probe::Win(0)) | Some(Probe::Loss(0)) => {
                Err("final result on a game that goes on")
            }
            Some(Probe::Win(d)) if fastest_loss != Some(d - 1) => {
                Err("win whose fastest move does not lose one ply sooner")
            }
            Some(Probe::Loss(d)) if !all_wins || slowest_win != Some(d - 1) => {
                Err("loss with a move that does not lose, or a slower one")
            }
            None if stored == code::DRAW => Err("draw on a game that goes on"),
            None if fastest_loss.is_some_and(|d| d < code::MAX_DISTANCE) => {
                Err("unresolved with a winning move")
            }
            None if all_wins && slowest_win.is_some_and(|d| d < code::MAX_DISTANCE) => {
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

/// Tables loaded from files, one slot per piece count (3 to 6).
static INSTALLED: [OnceLock<Table>; 7] = [const { OnceLock::new() }; 7];

/// The built-in tables, decompressed on first use (tens of milliseconds).
static BUILT_IN_TABLES: [OnceLock<Option<Table>>; 7] = [const { OnceLock::new() }; 7];

/// Makes `table` available to [`probe`] for the rest of the process, in
/// place of the built-in one for its piece count.
///
/// # Errors
/// [`TableError::AlreadyInstalled`] when a table for that piece count is in.
pub fn install(table: Table) -> Result<(), TableError> {
    let pieces = table.pieces;
    INSTALLED[usize::from(pieces)]
        .set(table)
        .map_err(|_| TableError::AlreadyInstalled(pieces))
}

/// The table `max` reads for games of `pieces` pieces a side: an installed
/// one, else the built-in one, if any.
pub fn table(pieces: u8) -> Option<&'static Table> {
    let slot = usize::from(pieces);
    if let Some(table) = INSTALLED.get(slot)?.get() {
        return Some(table);
    }
    BUILT_IN_TABLES[slot]
        .get_or_init(|| {
            let (_, bytes) = BUILT_IN.iter().find(|(p, _)| *p == pieces)?;
            Table::from_bytes(bytes)
                .inspect_err(|error| tracing::error!(pieces, %error, "built-in table unreadable"))
                .ok()
        })
        .as_ref()
}

/// The table's result for `game`, when one applies: from ply 2 (the table
/// knows no first-turn rule) and only if the game is decided before the ply
/// limit could end it.
pub fn probe(game: &SpaceCheckers) -> Option<Probe> {
    if game.ply() < 2 || game.to_decide().is_none() {
        return None;
    }
    let result = table(game.rules().pieces)?.get(game)?;
    let distance = match result {
        Probe::Win(d) | Probe::Loss(d) => d,
    };
    (u32::from(game.ply()) + distance <= u32::from(game.rules().ply_limit)).then_some(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SeatResult;
    use crate::engine::{Budget, Engine, Level};
    use crate::space_checkers::SquareSet;

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

    fn same_codes(a: &Table, b: &Table) -> bool {
        let bytes =
            |t: &Table| -> Vec<u8> { t.codes.iter().map(|c| c.load(Ordering::Relaxed)).collect() };
        bytes(a) == bytes(b)
    }

    /// The shipped tables are the exact solution: every entry agrees with
    /// its children and the rules (see [`Table::verify`] for why that is
    /// enough), and the 3-piece one is what the solver makes today.
    #[test]
    fn built_in_tables_are_exact() {
        for pieces in [3, 4] {
            let table = table(pieces).expect("a built-in table");
            let summary = table.verify();
            assert_eq!(summary.inconsistent, None, "{pieces} pieces");
            assert!(summary.wins > 0 && summary.losses > 0 && summary.unresolved > 0);
        }
        let fresh = solve(3, 2, |_| {});
        let shipped = table(3).unwrap();
        assert!(same_codes(&fresh, shipped));
    }

    #[test]
    fn a_table_file_round_trips_and_a_wrong_one_is_refused() {
        let fresh = solve(3, 2, |_| {});
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("3.htsc");
        fresh.save(&path).unwrap();
        let loaded = Table::load(&path).unwrap();
        assert_eq!(loaded.pieces(), 3);
        assert!(same_codes(&fresh, &loaded));
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[MAGIC.len()] = 4;
        assert!(matches!(
            Table::from_bytes(&bytes),
            Err(TableError::Format(why)) if why.contains("expected")
        ));
        assert!(matches!(
            Table::from_bytes(b"HTSC1\n\x04"),
            Err(TableError::Format(_))
        ));
    }

    /// Every position the solver numbers one by one, both sides to move,
    /// against the table of families: 9.4 million positions for 3 pieces.
    #[test]
    fn the_family_table_agrees_with_a_solve_of_every_position() {
        let dense = index::Dense::new(3);
        let every = build::solve_codes(&dense, 3, 2, |_| {});
        let families = table(3).unwrap();
        let rules = uncapped(3);
        for index in 0..dense.len() {
            let game = build::position(&dense, &rules, index);
            let stored = every[index as usize].load(Ordering::Relaxed);
            let family = families.numbering.index(build::state_of(&game)).unwrap();
            assert_eq!(
                families.codes[family as usize].load(Ordering::Relaxed),
                stored,
                "{}",
                game.position()
            );
        }
    }

    /// Whether the side to move can force a win within `plies` plies, by
    /// plain search of the rules: a check that shares nothing with the
    /// solver or its numbering.
    fn wins_within(game: &SpaceCheckers, plies: u32) -> bool {
        if let Some(outcome) = game.outcome() {
            return outcome.results[game.side_to_move()] == SeatResult::Win;
        }
        plies > 0 && children(game).iter().any(|c| loses_within(c, plies - 1))
    }

    fn loses_within(game: &SpaceCheckers, plies: u32) -> bool {
        if let Some(outcome) = game.outcome() {
            return outcome.results[game.side_to_move()] == SeatResult::Loss;
        }
        plies > 0 && children(game).iter().all(|c| wins_within(c, plies - 1))
    }

    fn children(game: &SpaceCheckers) -> Vec<SpaceCheckers> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                child
            })
            .collect()
    }

    /// Random 4-piece positions, either side to move, against a search of
    /// the rules five plies deep: every short result the table gives is
    /// found at exactly that distance and no sooner, and every longer or
    /// unresolved one is not found within five plies.
    #[test]
    fn the_four_piece_table_agrees_with_a_search_of_the_rules() {
        use rand::{Rng, SeedableRng, seq::SliceRandom};
        let table = table(4).unwrap();
        let rules = uncapped(4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let mut squares: Vec<u32> = (0..25).collect();
        let mut seen = [0; 3];
        while seen.iter().sum::<usize>() < 300 {
            squares.shuffle(&mut rng);
            let (white_count, black_count) = (rng.random_range(3..=4), rng.random_range(3..=4));
            let set = |part: &[u32]| SquareSet::from_bits(part.iter().fold(0, |s, &q| s | 1 << q));
            let game = SpaceCheckers::from_pieces(
                &rules,
                set(&squares[..white_count]),
                set(&squares[white_count..white_count + black_count]),
                2 + rng.random_range(0..2),
            )
            .unwrap();
            if game.to_decide().is_none() {
                continue;
            }
            let position = game.position();
            match table.get(&game) {
                Some(Probe::Win(d)) => {
                    seen[0] += 1;
                    if d <= 5 {
                        assert!(wins_within(&game, d), "{position}");
                    }
                    assert!(!wins_within(&game, (d - 1).min(5)), "{position}");
                }
                Some(Probe::Loss(d)) => {
                    seen[1] += 1;
                    if d <= 4 {
                        assert!(loses_within(&game, d), "{position}");
                    }
                    assert!(!loses_within(&game, (d - 1).min(4)), "{position}");
                }
                None => {
                    seen[2] += 1;
                    assert!(
                        !wins_within(&game, 5) && !loses_within(&game, 4),
                        "{position}"
                    );
                }
            }
        }
        assert!(seen.iter().all(|&n| n >= 30), "{seen:?}");
    }

    /// The result for the side to move with best play: from the table from
    /// ply 2, by minimax over the children before it.
    fn exact(table: &Table, game: &SpaceCheckers) -> Option<Probe> {
        if game.to_decide().is_none() {
            return code::decode(build::terminal_code(game));
        }
        if game.ply() >= 2 {
            return table.get(game);
        }
        let results: Vec<Option<Probe>> = children(game).iter().map(|c| exact(table, c)).collect();
        let fastest_win = results
            .iter()
            .filter_map(|r| match r {
                Some(Probe::Loss(d)) => Some(d + 1),
                _ => None,
            })
            .min();
        let slowest_loss = results
            .iter()
            .map(|r| match r {
                Some(Probe::Win(d)) => Some(d + 1),
                _ => None,
            })
            .collect::<Option<Vec<u32>>>()
            .and_then(|d| d.into_iter().max());
        fastest_win
            .map(Probe::Win)
            .or(slowest_loss.map(Probe::Loss))
    }

    /// The first turn, which the table does not cover: from the start and
    /// after each of white's first moves, `max` finds the exact result.
    #[test]
    fn max_is_exact_on_the_first_turn() {
        let table = table(4).unwrap();
        let start = SpaceCheckers::new_game(&Rules::default(), &mut rand::rng());
        let mut positions = vec![start.clone()];
        positions.extend(children(&start));
        for game in positions {
            let expected = exact(table, &game);
            let choice = Engine::new(Level::Max, 0).choose(&game).unwrap();
            let mut child = game.clone();
            child.play_unchecked(choice.mv);
            let position = game.position();
            match expected {
                Some(Probe::Win(d)) => {
                    assert_eq!(choice.score, crate::engine::WIN - d as i32, "{position}");
                    assert_eq!(exact(table, &child), Some(Probe::Loss(d - 1)), "{position}");
                }
                Some(Probe::Loss(d)) => {
                    assert_eq!(choice.score, -(crate::engine::WIN - d as i32), "{position}");
                    assert_eq!(exact(table, &child), Some(Probe::Win(d - 1)), "{position}");
                }
                None => assert_eq!(exact(table, &child), None, "{position}"),
            }
        }
    }

    /// In positions of the default game the table covers, `max` on a small
    /// budget plays the table's best move: the fastest win, the slowest
    /// loss, or a move that keeps an undecided game undecided.
    #[test]
    fn max_plays_the_tables_best_move() {
        let table = table(4).unwrap();
        let rules = Rules::default();
        let numbering = &table.numbering;
        let budget = Budget {
            time: None,
            nodes: Some(5_000),
            depth: 3,
        };
        let (mut wins, mut losses, mut open) = (0, 0, 0);
        for index in (0..numbering.len()).step_by(49_999) {
            let state = numbering.state(index);
            let game = SpaceCheckers::from_pieces(
                &rules,
                SquareSet::from_bits(state.white),
                SquareSet::from_bits(state.black),
                20,
            )
            .unwrap();
            if game.to_decide().is_none() {
                continue;
            }
            let stored = table.get(&game);
            let choice = Engine::new(Level::Max, 0)
                .with_budget(budget)
                .choose(&game)
                .unwrap();
            let mut child = game.clone();
            child.play_unchecked(choice.mv);
            let after = if child.to_decide().is_none() {
                code::decode(build::terminal_code(&child))
            } else {
                table.get(&child)
            };
            let position = game.position();
            match stored {
                Some(Probe::Win(d)) => {
                    wins += 1;
                    assert_eq!(after, Some(Probe::Loss(d - 1)), "{position}");
                }
                Some(Probe::Loss(d)) => {
                    losses += 1;
                    assert_eq!(after, Some(Probe::Win(d - 1)), "{position}");
                }
                None => {
                    open += 1;
                    assert_eq!(after, None, "{position}");
                }
            }
        }
        assert!(
            wins > 10 && losses > 10 && open > 10,
            "{wins} {losses} {open}"
        );
    }
}
