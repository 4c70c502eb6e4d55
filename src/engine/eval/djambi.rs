//! What a good Djambi position looks like, for one seat against the rest.
//!
//! A side is out when its Leaders are, so the terms are, by weight: armies
//! still commanding, live pieces under the side's control (a captured
//! army's pieces count for their new master), the Labyrinth (a Leader there
//! plays after every other army), and danger: enemy killers with an open
//! line to one of the side's Leaders. Other seats are lumped together and
//! averaged, which suits the paranoid search (every other seat minimises
//! the root's value). The weights are guesses checked with
//! `holotable arena`, not tuned.

use crate::engine::evaluate::{Evaluate, mix_key};
use crate::games::djambi::{Army, DIRECTIONS, Djambi, Kind, LABYRINTH, Move, Piece, Square};
use crate::games::{Game, Seat};

/// An army whose Leader still commands.
const ARMY: i32 = 3_000;
/// Live pieces by kind: Leader, Assassin, Reporter, Diplomat, Necromobile,
/// Militant. The Leader's worth is mostly in [`ARMY`].
const VALUE: [i32; 6] = [300, 260, 240, 160, 150, 100];
/// Holding the Labyrinth.
const LABYRINTH_BONUS: i32 = 500;
/// Per enemy killer that could take a Leader next turn, for the side whose
/// Leader it is.
const DANGER: i32 = 700;
/// A Leader's distance from the Labyrinth, per king step.
const CENTRE: i32 = 10;

fn kind_index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

impl Evaluate for Djambi {
    fn evaluate(&self, seat: Seat) -> i32 {
        let mut values = [0i32; 4];
        for army in Army::ALL {
            if self.is_active(army) {
                let side = self.seat_of(army).index();
                values[side] += ARMY;
                if let Some(leader) = self.leader_square(army) {
                    values[side] -= DANGER * threats(self, army, leader);
                    values[side] -= CENTRE * distance(leader, LABYRINTH);
                }
            }
        }
        for (_, piece) in self.pieces() {
            if let Some(side) = self.seat_of_piece(piece) {
                values[side.index()] += VALUE[kind_index(piece.kind)];
            }
        }
        if let Some(holder) = self.holder() {
            values[self.seat_of(holder).index()] += LABYRINTH_BONUS;
        }
        let others: Vec<i32> = Seat::all(self.seat_count())
            .filter(|&s| s != seat)
            .map(|s| values[s.index()])
            .collect();
        let mean = others.iter().sum::<i32>() / others.len().max(1) as i32;
        values[seat.index()] - mean
    }

    /// Kills first (Leaders above all), then the Labyrinth.
    fn order_hint(&self, mv: Move) -> i32 {
        let kills = self.kills(mv);
        if let Some(&victim) = kills.first() {
            let piece = self.piece(victim).expect("a kill has a victim");
            return 10_000
                + VALUE[kind_index(piece.kind)] * if piece.kind == Kind::Leader { 20 } else { 1 };
        }
        if mv.to() == Some(LABYRINTH) {
            return 5_000;
        }
        0
    }

    /// Every square's contents (two squares a word), control, the army to
    /// move, whether it is an extra turn, and the quiet count.
    fn key(&self) -> u64 {
        let mut words = [0u64; 42];
        for (square, piece) in self.pieces() {
            let code = 1
                + kind_index(piece.kind) as u64
                + 8 * piece.army.index() as u64
                + 32 * u64::from(piece.dead);
            words[square.index() / 2] |= code << (32 * (square.index() % 2));
        }
        let mut state = 0u64;
        for army in Army::ALL {
            state = state * 8 + self.controller(army).map_or(7, |a| a.index() as u64);
        }
        state = state * 8 + self.to_move().index() as u64;
        state = state * 2 + u64::from(self.extra_turn());
        words[41] = state | (u64::from(self.quiet_turns()) << 32);
        mix_key(&words)
    }
}

/// King steps between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let rows = (i32::from(a.row()) - i32::from(b.row())).abs();
    let columns = (i32::from(a.column()) - i32::from(b.column())).abs();
    rows.max(columns)
}

/// Enemy killers with a clear line onto `army`'s Leader on `leader`: the
/// first piece along each line, if it is an enemy Leader or Assassin, or a
/// Militant within two squares when the rules let it kill Leaders, or an
/// enemy Reporter beside it orthogonally (which can step away and back).
fn threats(game: &Djambi, army: Army, leader: Square) -> i32 {
    let own = game.seat_of(army);
    let enemy = |piece: Piece| !piece.dead && game.seat_of_piece(piece).is_some_and(|s| s != own);
    let mut count = 0;
    for (index, direction) in DIRECTIONS.into_iter().enumerate() {
        let mut square = leader;
        for step in 1..=8 {
            let Some(next) = square.step(direction) else {
                break;
            };
            square = next;
            let Some(piece) = game.piece(square) else {
                continue;
            };
            if enemy(piece) {
                let kills = match piece.kind {
                    Kind::Leader | Kind::Assassin => true,
                    Kind::Militant => step <= 2 && game.rules().militant_kills_leaders(),
                    Kind::Reporter => step == 1 && index < 4,
                    Kind::Diplomat | Kind::Necromobile => false,
                };
                count += i32::from(kills);
            }
            break;
        }
    }
    count
}
