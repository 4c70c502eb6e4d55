//! What a good Dejarik position looks like.
//!
//! Monsters die only in combat, so material dominates: each monster is worth
//! its figures (attack and defence, the dice it throws), plus a bonus per
//! monster because numbers decide the final duel.
//!
//! Then threats, because a static count cannot see the next attack coming.
//! The side to move will take its best attack: an adjacent enemy now, or one
//! it can reach with a move first when two actions are left. That attack is
//! worth its expected material (odds of killing times the victim's worth,
//! minus odds of dying times the attacker's), and most of it counts. The other
//! side's best threat counts a little: the mover may run or strike first, but
//! ending a turn beside a killer is how monsters are lost. Arena runs showed a
//! plain adjacency bonus let deeper searches play no better than shallow ones;
//! these terms are what make depth pay (docs/engine.md).

use crate::Seat;
use crate::dejarik::{Combat, Dejarik, Monster, Move, Phase, Square, SquareSet, combat};
use crate::engine::evaluate::{Evaluate, mix_key};
use std::sync::OnceLock;

const FIGURE: i32 = 12;
const MONSTER: i32 = 120;
const MOBILITY: i32 = 2;
/// Shares (in 1/16) of the best threat's expected material that count for
/// the side to move and for the side waiting.
const MOVER_THREAT: f32 = 12.0 / 16.0;
const WAITING_THREAT: f32 = 4.0 / 16.0;

impl Evaluate for Dejarik {
    /// About twice the most material a side can have (four monsters of about
    /// 240), so any sure win beats any material lead, while a long-shot
    /// attack on a last monster is worth its odds and no more.
    const CHANCE_WIN: i32 = 2_000;

    /// A monster with its threats and mobility, as `CHANCE_WIN` counts it.
    const PIECE: i32 = 240;

    fn evaluate(&self, seat: Seat) -> i32 {
        let mut value = 0;
        for (_, piece) in self.pieces() {
            let monster = self.monster(piece);
            let sign = if piece.owner == seat { 1 } else { -1 };
            value += sign * (worth(monster) + MOBILITY * i32::from(monster.movement));
        }
        if matches!(self.phase(), Phase::Action | Phase::Push { .. }) {
            let mover = self.side_to_move();
            let waiting = Seat(1 - mover.0);
            let mover_threat = MOVER_THREAT * best_threat(self, mover, self.actions_left().max(1));
            let waiting_threat = WAITING_THREAT * best_threat(self, waiting, 2);
            let for_mover = (mover_threat - waiting_threat).round() as i32;
            value += if mover == seat { for_mover } else { -for_mover };
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

fn worth(monster: &Monster) -> i32 {
    MONSTER + FIGURE * i32::from(monster.attack + monster.defence)
}

/// The expected material `side` wins with its best single attack, when it
/// has `actions` actions (with two, a move may come first); never negative,
/// since nobody has to attack.
fn best_threat(game: &Dejarik, side: Seat, actions: u8) -> f32 {
    let occupied = game.occupied();
    let mut best = 0.0f32;
    for (square, piece) in game.pieces().filter(|(_, p)| p.owner == side) {
        let attacker = game.monster(piece);
        let standing = if actions >= 2 {
            within(square, attacker.movement, occupied)
        } else {
            SquareSet::EMPTY.with(square)
        };
        let strike = standing
            .iter()
            .fold(SquareSet::EMPTY, |set, sq| set | sq.neighbours());
        for (target, enemy) in game.pieces().filter(|(_, p)| p.owner != side) {
            if !strike.contains(target) {
                continue;
            }
            let victim = game.monster(enemy);
            let (kill, die) = odds(attacker.attack, victim.defence);
            let gain = kill * worth(victim) as f32 - die * worth(attacker) as f32;
            best = best.max(gain);
        }
    }
    best
}

/// The squares a monster on `from` can stand on after one move: within
/// `steps` steps through empty squares (a superset of the exact-length
/// rule's destinations, which is close enough for judging threats), plus
/// `from` itself.
fn within(from: Square, steps: u8, occupied: SquareSet) -> SquareSet {
    let mut seen = SquareSet::EMPTY.with(from);
    let mut frontier = seen;
    for _ in 0..steps {
        let mut next = SquareSet::EMPTY;
        for sq in frontier.iter() {
            next = next | sq.neighbours();
        }
        next = next - occupied - seen;
        if next.is_empty() {
            break;
        }
        seen = seen | next;
        frontier = next;
    }
    seen
}

/// The chances that an attack with `attack` dice against `defence` dice kills
/// the defender, and that it kills the attacker, from a table built once.
fn odds(attack: u8, defence: u8) -> (f32, f32) {
    const SIDE: usize = 13;
    static TABLE: OnceLock<Vec<(f32, f32)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = vec![(0.0, 0.0); SIDE * SIDE];
        for a in 1..SIDE {
            for d in 1..SIDE {
                let kill = combat(a as u8, d as u8, Combat::AttackerKills).0;
                let die = combat(a as u8, d as u8, Combat::DefenderKills).0;
                table[a * SIDE + d] = (kill as f32, die as f32);
            }
        }
        table
    });
    table
        .get(usize::from(attack) * SIDE + usize::from(defence))
        .copied()
        .unwrap_or((0.0, 0.0))
}
