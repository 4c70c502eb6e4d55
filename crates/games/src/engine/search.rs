//! The search behind every level: iterative deepening over a depth-limited
//! tree that never assumes players alternate.
//!
//! Every value is from one fixed seat's point of view (the seat deciding at
//! the root). At each node [`Game::to_decide`] says who moves: the root seat
//! maximises, every other seat minimises (plain minimax for two seats,
//! "paranoid" search for three or four), and [`Decider::Chance`] takes the
//! expectation over the results weighted by [`Game::chance_probability`].
//! So Dejarik's two actions in a row, a defender's push in the middle of the
//! attacker's turn and Djambi's extra turns need nothing special. Alpha-beta
//! pruning applies at seat nodes; chance nodes search their children with a
//! full window (no Star1/Star2 pruning: simple, and correct by construction)
//! and count a decided game as [`Evaluate::CHANCE_WIN`], on the evaluation's
//! scale, since an expectation mixes results with heuristic values.

use super::evaluate::{Evaluate, PROVEN, Probe, WIN, outcome_value};
use super::table::{Bound, Table};
use crate::{Decider, Seat};
use std::cmp::Reverse;
use std::time::Instant;

/// Larger than any value a position can have.
const INF: i32 = WIN + 1;

/// The clock is read once per this many nodes: often enough that a node
/// budget overshoots by microseconds, rarely enough to cost nothing.
const CLOCK_EVERY: u64 = 64;

/// When a search must stop. The node and depth limits are deterministic; the
/// deadline is a safety net that makes the result depend on the machine.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
    pub max_depth: u32,
    /// Whether to read solved tables ([`Evaluate::probe`]): `max` and the
    /// post-game review do.
    pub probe: bool,
}

/// What the last completed iteration found at the root.
pub(super) struct RootResult<M> {
    /// Every root move searched, best first. The first `exact` values are
    /// exact; the rest are upper bounds (they could not make the top `exact`).
    pub scored: Vec<(M, i32)>,
    /// The depth of the iteration these scores come from (0: not even depth 1
    /// completed, the moves are in hint order and score 0).
    pub depth: u32,
}

pub(super) struct Search<G: Evaluate> {
    root: Seat,
    limits: Limits,
    pub nodes: u64,
    stopped: bool,
    /// Set when some node was cut off by the depth limit in this iteration;
    /// if none was, the tree was searched to the end and deeper is the same.
    horizon: bool,
    table: Table<G::Move>,
    /// One reusable move list per ply, so generation does not allocate.
    buffers: Vec<Vec<G::Move>>,
    /// Per ply, the last two quiet moves that cut off a sibling: a move that
    /// refuted one position often refutes its neighbours (killer heuristic).
    killers: Vec<[Option<G::Move>; 2]>,
}

impl<G: Evaluate> Search<G> {
    pub fn new(root: Seat, limits: Limits, table_bits: u32) -> Self {
        Search {
            root,
            limits,
            nodes: 0,
            stopped: false,
            horizon: false,
            table: Table::new(table_bits),
            buffers: Vec::new(),
            killers: Vec::new(),
        }
    }

    /// Iterative deepening from depth 1, keeping the last iteration that
    /// completed. `exact` is how many of the best root moves need exact
    /// scores (1 to choose a move, k for `top_k`, all for softmax play).
    ///
    /// `first`, when given, is searched first at every iteration: the first
    /// move gets a full window, so its score is exact whatever `exact` is
    /// (a review needs the value of the move played beside the best one).
    pub fn run(&mut self, game: &G, exact: usize, first: Option<G::Move>) -> RootResult<G::Move> {
        let mut order = Vec::new();
        game.legal_moves(&mut order);
        order.sort_by_key(|&mv| Reverse(game.order_hint(mv)));
        put_first(&mut order, first);
        let mut result = RootResult {
            scored: order.iter().map(|&mv| (mv, 0)).collect(),
            depth: 0,
        };
        for depth in 1..=self.limits.max_depth.max(1) {
            self.horizon = false;
            let Some(scored) = self.root_iteration(game, depth, exact.max(1), &order) else {
                break;
            };
            order = scored.iter().map(|&(mv, _)| mv).collect();
            put_first(&mut order, first);
            let proven_win = scored.first().is_some_and(|&(_, v)| v >= PROVEN);
            result = RootResult { scored, depth };
            if !self.horizon || (proven_win && exact <= 1) {
                break;
            }
        }
        result
    }

    /// One iteration over the root moves, or `None` when the budget ran out.
    fn root_iteration(
        &mut self,
        game: &G,
        depth: u32,
        exact: usize,
        order: &[G::Move],
    ) -> Option<Vec<(G::Move, i32)>> {
        let mut scored = Vec::with_capacity(order.len());
        // The best `exact` values so far, best first: a move must beat the
        // last of them to need an exact score.
        let mut top: Vec<i32> = Vec::with_capacity(exact.min(order.len()) + 1);
        for &mv in order {
            let alpha = if top.len() < exact {
                -INF
            } else {
                top[exact - 1]
            };
            let mut child = game.clone();
            child.play_unchecked(mv);
            let value = self.node(&child, depth - 1, 1, alpha, INF);
            if self.stopped {
                return None;
            }
            scored.push((mv, value));
            let at = top.partition_point(|&v| v >= value);
            top.insert(at, value);
            top.truncate(exact);
        }
        // Stable: equal scores keep the previous iteration's order.
        scored.sort_by_key(|&(_, v)| Reverse(v));
        Some(scored)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.limits.max_nodes.is_some_and(|max| self.nodes >= max) {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CLOCK_EVERY)
            && self.limits.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The value of `game` for the root seat, searched `depth` plies deep
    /// (chance nodes do not use up depth), `ply` plies below the root.
    fn node(&mut self, game: &G, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        let decider = match game.to_decide() {
            None => {
                let outcome = game.outcome().expect("a game nobody decides in is over");
                return outcome_value(&outcome, self.root, ply);
            }
            Some(decider) => decider,
        };
        if let Decider::Seat(seat) = decider
            && self.limits.probe
            && let Some(probe) = game.probe()
        {
            return self.probe_value(seat, probe, ply);
        }
        // Dice pending at the horizon are rolled before judging: a static
        // evaluation cannot see an attack that has been declared but not yet
        // resolved, and would call every last-ply attack worthless.
        if depth == 0 && decider != Decider::Chance {
            self.horizon = true;
            return game.evaluate(self.root);
        }
        let key = game.key();
        let entry = self.table.get(key);
        if let Some(entry) = entry.filter(|e| e.depth >= depth) {
            let value = entry.value(ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
            };
            if usable {
                // A heuristic value stands for a cut-off subtree.
                self.horizon |= value.abs() < PROVEN;
                return value;
            }
        }
        match decider {
            Decider::Chance => self.chance_node(game, depth, ply, key),
            Decider::Seat(seat) => {
                let hint = entry.and_then(|e| e.best);
                self.seat_node(game, seat, depth, ply, (alpha, beta), key, hint)
            }
        }
    }

    /// A table result, turned into a value for the root seat. Tables exist
    /// only for two-seat games, where one seat's win is the other's loss.
    fn probe_value(&self, seat: Seat, probe: Probe, ply: u32) -> i32 {
        let for_decider = match probe {
            Probe::Win(n) => WIN - (ply + n).min(9_999) as i32,
            Probe::Loss(n) => -(WIN - (ply + n).min(9_999) as i32),
        };
        if seat == self.root {
            for_decider
        } else {
            -for_decider
        }
    }

    fn chance_node(&mut self, game: &G, depth: u32, ply: u32, key: u64) -> i32 {
        let mut results = self.take_buffer(ply);
        game.legal_moves(&mut results);
        let mut expected = 0.0;
        for &mv in &results {
            let mut child = game.clone();
            child.play_unchecked(mv);
            let value = self.node(&child, depth, ply + 1, -INF, INF);
            let value = if value.abs() >= PROVEN {
                value.signum() * G::CHANCE_WIN.min(value.abs())
            } else {
                value
            };
            expected += game.chance_probability(mv) * f64::from(value);
        }
        self.buffers[ply as usize] = results;
        if self.stopped {
            return 0;
        }
        let value = expected.round() as i32;
        self.table.put(key, depth, Bound::Exact, value, ply, None);
        value
    }

    #[allow(clippy::too_many_arguments)] // the alpha-beta state, kept flat for speed
    fn seat_node(
        &mut self,
        game: &G,
        seat: Seat,
        depth: u32,
        ply: u32,
        (mut alpha, mut beta): (i32, i32),
        key: u64,
        hint: Option<G::Move>,
    ) -> i32 {
        let maximise = seat == self.root;
        let window = (alpha, beta);
        let mut moves = self.take_buffer(ply);
        game.legal_moves(&mut moves);
        game.prune_below_root(&mut moves);
        // Cached: a comparison sort would ask for each hint about log n times,
        // and a Djambi hint lists the move's kills.
        moves.sort_by_cached_key(|&mv| Reverse(game.order_hint(mv)));
        // Kills and other hinted moves first, then the killers, then the
        // rest; the table's move before everything.
        let quiet = moves.partition_point(|&mv| game.order_hint(mv) > 0);
        for killer in self.killers_at(ply).into_iter().rev().flatten() {
            if let Some(at) = moves[quiet..].iter().position(|&mv| mv == killer) {
                moves[quiet..=quiet + at].rotate_right(1);
            }
        }
        if let Some(at) = hint.and_then(|h| moves.iter().position(|&mv| mv == h)) {
            moves[..=at].rotate_right(1);
        }
        let mut best = if maximise { -INF } else { INF };
        let mut best_move = None;
        for &mv in &moves {
            let mut child = game.clone();
            child.play_unchecked(mv);
            let value = self.node(&child, depth - 1, ply + 1, alpha, beta);
            if self.stopped {
                break;
            }
            let better = if maximise { value > best } else { value < best };
            if better {
                best = value;
                best_move = Some(mv);
            }
            if maximise {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                if game.order_hint(mv) <= 0 {
                    self.remember_killer(ply, mv);
                }
                break;
            }
        }
        self.buffers[ply as usize] = moves;
        if self.stopped {
            return 0;
        }
        let bound = if best <= window.0 {
            Bound::Upper
        } else if best >= window.1 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(key, depth, bound, best, ply, best_move);
        best
    }

    fn killers_at(&self, ply: u32) -> [Option<G::Move>; 2] {
        self.killers.get(ply as usize).copied().unwrap_or([None; 2])
    }

    fn remember_killer(&mut self, ply: u32, mv: G::Move) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let slots = &mut self.killers[ply];
        if slots[0] != Some(mv) {
            slots[1] = slots[0];
            slots[0] = Some(mv);
        }
    }

    fn take_buffer(&mut self, ply: u32) -> Vec<G::Move> {
        let ply = ply as usize;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.buffers[ply])
    }
}

/// Moves `mv` to the front of `order`, keeping the others' order.
fn put_first<M: PartialEq>(order: &mut [M], mv: Option<M>) {
    if let Some(at) = mv.and_then(|mv| order.iter().position(|m| *m == mv)) {
        order[..=at].rotate_right(1);
    }
}
