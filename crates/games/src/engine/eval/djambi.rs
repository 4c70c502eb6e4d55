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

use crate::djambi::{Army, DIRECTIONS, Djambi, Kind, LABYRINTH, Move, Piece, Square};
use crate::engine::evaluate::{Evaluate, mix_key};
use crate::{Game, Seat};

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
/// Below the root, the follow-ups (corpse or relocation squares) searched
/// per piece and destination.
const FOLLOW_UPS_KEPT: usize = 4;

fn kind_index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

impl Evaluate for Djambi {
    /// A Militant is worth 100 and a Leader 300: a middling piece.
    const PIECE: i32 = 200;

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
        let advantage = values[seat.index()] - mean;
        // The quiet-turns rule draws a game in which nobody kills, so an
        // advantage that is not pressed fades (to half at the limit): the
        // side ahead looks for kills and trades before the count runs out
        // instead of shuffling into a draw.
        let limit = i64::from(self.rules().quiet_turns);
        let quiet = i64::from(self.quiet_turns()).min(limit);
        let faded = i64::from(advantage) * (2 * limit - quiet) / (2 * limit);
        i32::try_from(faded).expect("a faded advantage is smaller than the advantage")
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

    /// Keeps, for each piece and destination, the [`FOLLOW_UPS_KEPT`]
    /// follow-up squares nearest a Leader. A kill comes with a corpse square
    /// for each of the fifty-odd free squares, so whole-width search spends
    /// its time on placements that hardly differ; the ones that matter block
    /// a line onto a Leader or hem one in, and lie beside it. Families where
    /// the follow-up is not a placement near the Leaders as they stand are
    /// kept whole (see [`prunable`]).
    fn prune_below_root(&self, moves: &mut Vec<Move>) {
        let leaders = leader_squares(self);
        // Generation emits each piece-and-destination family in one run.
        let mut kept = 0;
        let mut start = 0;
        while start < moves.len() {
            let family = (moves[start].from(), moves[start].to());
            let len = moves[start..]
                .iter()
                .take_while(|mv| (mv.from(), mv.to()) == family)
                .count();
            let run = &mut moves[start..start + len];
            let keep = if len > FOLLOW_UPS_KEPT && prunable(self, family) {
                run.sort_by_key(|&mv| remoteness(&leaders, mv));
                FOLLOW_UPS_KEPT
            } else {
                len
            };
            moves.copy_within(start..start + keep, kept);
            kept += keep;
            start += len;
        }
        moves.truncate(kept);
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

/// Whether a piece-and-destination family's follow-ups may be cut to the
/// few nearest a Leader. Not when the follow-up is a Reporter's choice of
/// victim (a kill, not a placement), an escape from the Labyrinth (no
/// follow-up square to rank), or the fate of a Leader on the destination
/// (killed or relocated, it no longer stands where the ranking looks).
fn prunable(game: &Djambi, (from, to): (Option<Square>, Option<Square>)) -> bool {
    let (Some(from), Some(to)) = (from, to) else {
        return false;
    };
    let mover = game.piece(from).map(|piece| piece.kind);
    let target = game.piece(to).map(|piece| piece.kind);
    to != LABYRINTH && mover != Some(Kind::Reporter) && target != Some(Kind::Leader)
}

/// Where the live Leaders stand, of every army.
fn leader_squares(game: &Djambi) -> Vec<Square> {
    Army::ALL
        .into_iter()
        .filter_map(|army| game.leader_square(army))
        .collect()
}

/// How far a move's follow-up square (corpse, relocation, victim) lies
/// from the nearest Leader, in king steps; 0 for a move without one.
fn remoteness(leaders: &[Square], mv: Move) -> i32 {
    mv.extra().map_or(0, |square| {
        leaders
            .iter()
            .map(|&leader| distance(square, leader))
            .min()
            .unwrap_or(0)
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::djambi::Rules;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::{BTreeMap, BTreeSet};

    type Family = (Option<Square>, Option<Square>);

    fn families(moves: &[Move]) -> BTreeMap<Family, Vec<Move>> {
        let mut by_family: BTreeMap<Family, Vec<Move>> = BTreeMap::new();
        for &mv in moves {
            by_family.entry((mv.from(), mv.to())).or_default().push(mv);
        }
        by_family
    }

    /// Random playouts from both starts; at every position the pruned list
    /// keeps every family, at most four of each, and never drops a
    /// follow-up nearer a Leader than one it keeps.
    #[test]
    fn pruning_keeps_every_family_and_its_nearest_follow_ups() {
        let mut pruned_some = false;
        for (players, seed) in [(4, 1), (4, 2), (2, 3), (2, 4)] {
            let rules = Rules {
                players,
                ..Rules::default()
            };
            let mut game = Djambi::new_game(&rules, &mut ChaCha8Rng::seed_from_u64(seed));
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut all = Vec::new();
            while game.to_decide().is_some() && game.quiet_turns() < 40 {
                game.legal_moves(&mut all);
                let mut pruned = all.clone();
                game.prune_below_root(&mut pruned);
                let (before, after) = (families(&all), families(&pruned));
                assert_eq!(
                    before.keys().collect::<Vec<_>>(),
                    after.keys().collect::<Vec<_>>()
                );
                for (family, kept) in &after {
                    let whole = &before[family];
                    if !prunable(&game, *family) {
                        assert_eq!(kept, whole);
                        continue;
                    }
                    assert_eq!(kept.len(), whole.len().min(FOLLOW_UPS_KEPT));
                    let kept_set: BTreeSet<_> = kept.iter().map(|mv| mv.extra()).collect();
                    let leaders = leader_squares(&game);
                    let worst_kept = kept.iter().map(|&mv| remoteness(&leaders, mv)).max();
                    for &dropped in whole.iter().filter(|mv| !kept_set.contains(&mv.extra())) {
                        pruned_some = true;
                        assert!(Some(remoteness(&leaders, dropped)) >= worst_kept);
                    }
                }
                let mv = all[rng.random_range(0..all.len())];
                game.play_unchecked(mv);
            }
        }
        assert!(pruned_some, "no position had a family to prune");
    }

    #[test]
    fn an_unpressed_advantage_fades_towards_the_quiet_draw() {
        let rules = Rules {
            players: 2,
            ..Rules::default()
        };
        let mut game = Djambi::new_game(&rules, &mut ChaCha8Rng::seed_from_u64(0));
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut moves = Vec::new();
        while game.evaluate(Seat(0)) == 0 {
            game.legal_moves(&mut moves);
            game.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        let with_quiet = |quiet: u16| {
            let position = game.position();
            let (rest, _) = position.rsplit_once(' ').expect("the quiet count is last");
            Djambi::from_position(&rules, &format!("{rest} {quiet}")).expect("a valid position")
        };
        let (fresh, late) = (with_quiet(0), with_quiet(rules.quiet_turns));
        for seat in [Seat(0), Seat(1)] {
            assert_ne!(fresh.evaluate(seat), 0);
            assert_eq!(late.evaluate(seat), fresh.evaluate(seat) / 2);
        }
    }
}
