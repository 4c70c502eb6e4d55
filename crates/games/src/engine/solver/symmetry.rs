//! The board's 24 symmetries: 12 turns, each with or without a mirror.
//!
//! Space Checkers treats every ray alike and both directions round the
//! orbits alike (exits, boosts and captures go either way), and the result
//! for the side to move does not depend on its colour. So a position, turned
//! or mirrored, with the colours swapped or not, has the same result, and the
//! table keeps one position of each family: about 48 times fewer.
//! `tests::symmetric_positions_play_alike` checks the claim against the rules.

/// The 12 squares of one orbit as bits, ray n at bit n - 1.
const ORBIT: u32 = 0xFFF;
const RAYS: u32 = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Symmetry {
    /// Mirror first (ray n to ray 13 - n), then turn clockwise.
    mirror: bool,
    turn: u32,
}

pub(super) const ALL: [Symmetry; 24] = all();

const fn all() -> [Symmetry; 24] {
    let mut out = [Symmetry {
        mirror: false,
        turn: 0,
    }; 24];
    let mut i = 0;
    while i < 24 {
        out[i] = Symmetry {
            mirror: i >= 12,
            turn: (i % 12) as u32,
        };
        i += 1;
    }
    out
}

impl Symmetry {
    /// The image of a set of squares (bits 0-11 the outer orbit, 12-23 the
    /// inner, 24 the core, which every symmetry keeps).
    pub fn apply(self, set: u32) -> u32 {
        let orbit = |bits: u32| {
            let bits = if self.mirror {
                bits.reverse_bits() >> (32 - RAYS)
            } else {
                bits
            };
            ((bits << self.turn) | (bits >> (RAYS - self.turn))) & ORBIT
        };
        orbit(set & ORBIT) | orbit((set >> RAYS) & ORBIT) << RAYS | set & !(ORBIT | ORBIT << RAYS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::space_checkers::{Move, Rules, SpaceCheckers, SquareSet};
    use proptest::prelude::*;

    fn image(symmetry: Symmetry, mv: Move) -> (u32, u32) {
        (symmetry.apply(mv.from.bit()), symmetry.apply(mv.to.bit()))
    }

    #[test]
    fn a_turn_moves_every_ray_and_a_mirror_swaps_directions() {
        let turn = Symmetry {
            mirror: false,
            turn: 1,
        };
        // A12 to A1, B12 to B1; the core stays.
        assert_eq!(
            turn.apply(1 << 11 | 1 << 23 | 1 << 24),
            1 | 1 << 12 | 1 << 24
        );
        let mirror = Symmetry {
            mirror: true,
            turn: 0,
        };
        // A1 to A12, B3 to B10.
        assert_eq!(mirror.apply(1 | 1 << 14), 1 << 11 | 1 << 21);
        for symmetry in ALL {
            assert_eq!(symmetry.apply((1 << 25) - 1), (1 << 25) - 1);
        }
    }

    proptest! {
        /// For random positions and each of the 48 maps (24 symmetries,
        /// colours swapped or not): the mapped position has exactly the
        /// images of the moves, each move leads to the image of the same
        /// child, and every position scores the same for the side to move.
        #[test]
        fn symmetric_positions_play_alike(
            squares in Just((0..25u32).collect::<Vec<_>>()).prop_shuffle(),
            (white_count, black_count) in (3usize..=4, 3usize..=4),
            black_to_move in any::<bool>(),
        ) {
            let bits = |part: &[u32]| part.iter().fold(0, |set, &sq| set | 1 << sq);
            let white = bits(&squares[..white_count]);
            let black = bits(&squares[white_count..white_count + black_count]);
            let rules = Rules { pieces: 4, ply_limit: u16::MAX };
            let ply = 2 + u16::from(black_to_move);
            let game = |white: u32, black: u32, ply: u16| {
                SpaceCheckers::from_pieces(&rules, SquareSet::from_bits(white), SquareSet::from_bits(black), ply).unwrap()
            };
            let mover_result = |g: &SpaceCheckers| g.outcome().map(|o| o.results[g.side_to_move()]);
            let original = game(white, black, ply);
            let mut moves = Vec::new();
            original.legal_moves(&mut moves);
            for symmetry in ALL {
                for swap in [false, true] {
                    let (w, b) = (symmetry.apply(white), symmetry.apply(black));
                    let mapped = if swap { game(b, w, ply ^ 1) } else { game(w, b, ply) };
                    prop_assert_eq!(mover_result(&original), mover_result(&mapped));
                    let mut mapped_moves = Vec::new();
                    mapped.legal_moves(&mut mapped_moves);
                    let mut expected: Vec<_> = moves.iter().map(|&mv| image(symmetry, mv)).collect();
                    let mut found: Vec<_> = mapped_moves.iter().map(|mv| (mv.from.bit(), mv.to.bit())).collect();
                    expected.sort_unstable();
                    found.sort_unstable();
                    prop_assert_eq!(&expected, &found);
                    for &mv in &moves {
                        let mut child = original.clone();
                        child.play_unchecked(mv);
                        let mapped_mv = *mapped_moves
                            .iter()
                            .find(|m| (m.from.bit(), m.to.bit()) == image(symmetry, mv))
                            .unwrap();
                        let mut mapped_child = mapped.clone();
                        mapped_child.play_unchecked(mapped_mv);
                        let (cw, cb, _) = child.key();
                        let (mw, mb, _) = mapped_child.key();
                        let images = (symmetry.apply(cw), symmetry.apply(cb));
                        prop_assert_eq!(if swap { (mb, mw) } else { (mw, mb) }, images);
                        prop_assert_eq!(mover_result(&child), mover_result(&mapped_child));
                    }
                }
            }
        }
    }
}
