//! What a good Dejarik position looks like.
//!
//! Monsters die only in combat, so material dominates: each monster is worth
//! its figures (attack and defence, the dice it throws), plus a bonus per
//! monster because numbers decide the final duel. Then pressure: an enemy
//! monster beside one of mine is a chance to attack, weighed by how my
//! attack compares with its defence. The weights are guesses checked with
//! `holotable arena`, not tuned.

use crate::engine::evaluate::{Evaluate, mix_key};
use crate::games::Seat;
use crate::games::dejarik::{Dejarik, Move, Phase, neighbours};
use crate::games::space_checkers::Square;

const FIGURE: i32 = 12;
const MONSTER: i32 = 120;
const PRESSURE: i32 = 4;
const MOBILITY: i32 = 2;

impl Evaluate for Dejarik {
    fn evaluate(&self, seat: Seat) -> i32 {
        let mut value = 0;
        for (square, piece) in self.pieces() {
            let monster = self.monster(piece);
            let sign = if piece.owner == seat { 1 } else { -1 };
            value += sign * (MONSTER + FIGURE * i32::from(monster.attack + monster.defence));
            value += sign * MOBILITY * i32::from(monster.movement);
            for near in neighbours(square).iter() {
                if let Some(enemy) = self.piece(near).filter(|p| p.owner != piece.owner) {
                    let edge = i32::from(monster.attack) - i32::from(self.monster(enemy).defence);
                    value += sign * PRESSURE * edge;
                }
            }
        }
        value
    }

    /// Attacks first (they are what changes material), strongest odds first.
    fn order_hint(&self, mv: Move) -> i32 {
        match mv {
            Move::Attack { from, target } => {
                let attack = self
                    .piece(from)
                    .map_or(0, |p| i32::from(self.monster(p).attack));
                let defence = self
                    .piece(target)
                    .map_or(0, |p| i32::from(self.monster(p).defence));
                100 + attack - defence
            }
            _ => 0,
        }
    }

    fn key(&self) -> u64 {
        let mut words = Vec::with_capacity(40);
        for square in Square::all() {
            words.push(
                self.piece(square)
                    .map_or(0, |p| 1 + u64::from(p.kind) + 16 * u64::from(p.owner.0)),
            );
        }
        for kind in 0..8u8 {
            words.push(u64::from(self.passed(kind).0));
        }
        let phase = match self.phase() {
            Phase::Action => 0,
            Phase::Roll { attacker, defender } => {
                1 + 64 * attacker.index() as u64 + 4096 * defender.index() as u64
            }
            Phase::Push { target } => 2 + 64 * target.index() as u64,
            Phase::Duel => 3,
            Phase::Over => 4,
        };
        words.push(phase);
        words.push(
            u64::from(self.side_to_move().0)
                | u64::from(self.actions_left()) << 8
                | u64::from(self.ply()) << 16,
        );
        mix_key(&words)
    }
}
