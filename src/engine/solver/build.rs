//! Retrograde analysis of Space Checkers by repeated forward passes.
//!
//! Pass 0 scores every finished position. Each later pass looks at every
//! unresolved position: a move to a position lost for the opponent makes it
//! won (in one more ply than that loss); if every move leads to a position
//! won for the opponent, it is lost (in one more ply than the slowest). The
//! passes stop when one resolves nothing; what is left is a draw by endless
//! play in the uncapped game. Forward passes need no move un-generation
//! (boosts and captures make un-moves awkward), at the price of re-reading
//! unresolved positions every pass.
//!
//! The table is shared by the worker threads as atomic bytes: a worker may
//! see a result written earlier in the same pass, which only speeds things up
//! (distances stay consistent: each is one more than a child's stored one).

use super::code::{self, DRAW, MAX_DISTANCE, UNKNOWN};
use super::index::{Indexer, State};
use super::{Table, uncapped};
use crate::engine::evaluate::Probe;
use crate::games::space_checkers::{Rules, SpaceCheckers, SquareSet};
use crate::games::{Game, SeatResult};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Positions handed to a worker at a time.
const CHUNK: u64 = 1 << 14;

/// What one pass did, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct PassReport {
    pub pass: u32,
    pub resolved: u64,
    pub elapsed: Duration,
}

/// Solves Space Checkers with `pieces` pieces a side using `threads`
/// threads, calling `report` after every pass.
pub fn solve(pieces: u8, threads: usize, mut report: impl FnMut(PassReport)) -> Table {
    let indexer = Indexer::new(pieces);
    let rules = uncapped(pieces);
    let codes: Vec<AtomicU8> = (0..indexer.len()).map(|_| AtomicU8::new(UNKNOWN)).collect();
    for pass in 0.. {
        let started = Instant::now();
        let resolved = run_pass(&indexer, &rules, &codes, pass, threads);
        report(PassReport {
            pass,
            resolved,
            elapsed: started.elapsed(),
        });
        if resolved == 0 && pass > 0 {
            break;
        }
    }
    Table {
        pieces,
        indexer,
        codes,
    }
}

fn run_pass(
    indexer: &Indexer,
    rules: &Rules,
    codes: &[AtomicU8],
    pass: u32,
    threads: usize,
) -> u64 {
    let next = AtomicU64::new(0);
    let resolved = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut moves = Vec::new();
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= indexer.len() {
                        break;
                    }
                    let mut count = 0;
                    for index in start..(start + CHUNK).min(indexer.len()) {
                        if codes[index as usize].load(Ordering::Relaxed) != UNKNOWN {
                            continue;
                        }
                        let game = position(indexer, rules, index);
                        let found = if pass == 0 {
                            terminal_code(&game)
                        } else {
                            step_code(indexer, codes, &game, &mut moves)
                        };
                        if found != UNKNOWN {
                            codes[index as usize].store(found, Ordering::Relaxed);
                            count += 1;
                        }
                    }
                    resolved.fetch_add(count, Ordering::Relaxed);
                }
            });
        }
    });
    resolved.into_inner()
}

/// The game at `index`; ply 2 or 3, past the first-turn rule.
pub(super) fn position(indexer: &Indexer, rules: &Rules, index: u64) -> SpaceCheckers {
    let state = indexer.state(index);
    let ply = 2 + u16::from(state.side);
    SpaceCheckers::from_pieces(
        rules,
        SquareSet::from_bits(state.white),
        SquareSet::from_bits(state.black),
        ply,
    )
    .expect("indexed states have disjoint pieces within the count")
}

/// The code of a finished game for the side to move; `UNKNOWN` if it goes on.
pub(super) fn terminal_code(game: &SpaceCheckers) -> u8 {
    let Some(outcome) = game.outcome() else {
        return UNKNOWN;
    };
    match outcome.results[game.side_to_move()] {
        SeatResult::Win => code::win(0),
        SeatResult::Loss => code::loss(0),
        SeatResult::Draw => DRAW,
    }
}

/// What a position's children say about it, as a code (`UNKNOWN` if they do
/// not settle it yet).
pub(super) fn step_code(
    indexer: &Indexer,
    codes: &[AtomicU8],
    game: &SpaceCheckers,
    moves: &mut Vec<crate::games::space_checkers::Move>,
) -> u8 {
    game.legal_moves(moves);
    let mut fastest_win = None::<u32>;
    let mut slowest_loss = Some(0u32);
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play_unchecked(mv);
        match child_probe(indexer, codes, &child) {
            Some(Probe::Loss(d)) => fastest_win = Some(fastest_win.map_or(d, |f| f.min(d))),
            Some(Probe::Win(d)) => slowest_loss = slowest_loss.map(|s| s.max(d)),
            None => slowest_loss = None,
        }
    }
    match (fastest_win, slowest_loss) {
        (Some(d), _) if d < MAX_DISTANCE => code::win(d + 1),
        (None, Some(d)) if d < MAX_DISTANCE => code::loss(d + 1),
        _ => UNKNOWN,
    }
}

/// A child's result for its side to move: from the rules if it is over,
/// from the table otherwise.
pub(super) fn child_probe(
    indexer: &Indexer,
    codes: &[AtomicU8],
    child: &SpaceCheckers,
) -> Option<Probe> {
    if child.to_decide().is_none() {
        return code::decode(terminal_code(child));
    }
    let index = indexer
        .index(state_of(child))
        .expect("a game that goes on has counts in range");
    code::decode(codes[index as usize].load(Ordering::Relaxed))
}

pub(super) fn state_of(game: &SpaceCheckers) -> State {
    let (white, black, ply) = game.key();
    State {
        white,
        black,
        side: (ply % 2) as u8,
    }
}
