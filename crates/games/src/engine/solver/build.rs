//! Retrograde analysis of Space Checkers by repeated forward passes.
//!
//! Pass 0 scores every finished position. Pass n finds the positions decided
//! in exactly n plies among those still unresolved: won if a move leads to a
//! position lost in n - 1 for the opponent, lost if every move leads to a
//! position won for the opponent in n - 1 plies or fewer. The passes stop
//! when one resolves nothing (a position decided in n + 1 plies needs a
//! child decided in n); what is left is a draw by endless play in the
//! uncapped game. Forward passes need no move un-generation (boosts and
//! captures make un-moves awkward), at the price of re-reading unresolved
//! positions every pass.
//!
//! The table is shared by the worker threads as atomic bytes, so a worker
//! may see a result written earlier in the same pass. Such a result is
//! ignored (its distance is n, too long to count in pass n): building on it
//! would resolve more per pass, but a position could then take a slow win
//! before the pass has found its fastest one.

use super::code::{self, DRAW, MAX_DISTANCE, UNKNOWN};
use super::index::{Numbering, State, Symmetric};
use super::{Table, uncapped};
use crate::engine::evaluate::Probe;
use crate::space_checkers::{Rules, SpaceCheckers, SquareSet};
use crate::{Game, SeatResult};
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
pub fn solve(pieces: u8, threads: usize, report: impl FnMut(PassReport)) -> Table {
    let numbering = Symmetric::new(pieces);
    let codes = solve_codes(&numbering, pieces, threads, report);
    Table {
        pieces,
        numbering,
        codes,
    }
}

/// The codes of every position `numbering` covers.
pub(super) fn solve_codes(
    numbering: &impl Numbering,
    pieces: u8,
    threads: usize,
    mut report: impl FnMut(PassReport),
) -> Vec<AtomicU8> {
    let rules = uncapped(pieces);
    let codes: Vec<AtomicU8> = (0..numbering.len())
        .map(|_| AtomicU8::new(UNKNOWN))
        .collect();
    for pass in 0.. {
        let started = Instant::now();
        let resolved = run_pass(numbering, &rules, &codes, pass, threads);
        report(PassReport {
            pass,
            resolved,
            elapsed: started.elapsed(),
        });
        if resolved == 0 && pass > 0 {
            break;
        }
    }
    codes
}

fn run_pass(
    numbering: &impl Numbering,
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
                    if start >= numbering.len() {
                        break;
                    }
                    let mut count = 0;
                    for index in start..(start + CHUNK).min(numbering.len()) {
                        if codes[index as usize].load(Ordering::Relaxed) != UNKNOWN {
                            continue;
                        }
                        let game = position(numbering, rules, index);
                        let found = if pass == 0 {
                            terminal_code(&game)
                        } else {
                            step_code(numbering, codes, &game, pass, &mut moves)
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
pub(super) fn position(numbering: &impl Numbering, rules: &Rules, index: u64) -> SpaceCheckers {
    let state = numbering.state(index);
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

/// The code of an unresolved position in pass `pass`: decided in exactly
/// `pass` plies, or `UNKNOWN`.
pub(super) fn step_code(
    numbering: &impl Numbering,
    codes: &[AtomicU8],
    game: &SpaceCheckers,
    pass: u32,
    moves: &mut Vec<crate::space_checkers::Move>,
) -> u8 {
    if pass > MAX_DISTANCE {
        return UNKNOWN;
    }
    game.legal_moves(moves);
    let mut every_move_loses = true;
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play_unchecked(mv);
        match child_probe(numbering, codes, &child) {
            Some(Probe::Loss(d)) if d + 1 == pass => return code::win(pass),
            Some(Probe::Win(d)) if d < pass => {}
            _ => every_move_loses = false,
        }
    }
    if every_move_loses {
        code::loss(pass)
    } else {
        UNKNOWN
    }
}

/// A child's result for its side to move: from the rules if it is over,
/// from the table otherwise.
pub(super) fn child_probe(
    numbering: &impl Numbering,
    codes: &[AtomicU8],
    child: &SpaceCheckers,
) -> Option<Probe> {
    if child.to_decide().is_none() {
        return code::decode(terminal_code(child));
    }
    let index = numbering
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
