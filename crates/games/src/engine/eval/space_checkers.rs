//! What a good Space Checkers position looks like.
//!
//! The game is scored when it ends (seed 000): 3 points for all pieces in a
//! row on the inner orbit, 1 for all but one, and 2 for the opponent when a
//! side has no more than half its pieces there; and it ends early when a
//! side has lost half its pieces. So the evaluation counts, in order of
//! weight: pieces (losing two of four ends the game), the score the position
//! would get if it ended now, pieces on the inner orbit and the longest row
//! there. The weights are guesses checked by `holotable arena`, not tuned.

use crate::engine::evaluate::{Evaluate, Probe, mix_key};
use crate::engine::solver;
use crate::round_board::Ring;
use crate::space_checkers::{Move, SpaceCheckers, Square, SquareSet, longest_inner_row};
use crate::{Game, Seat};

const PIECE: i32 = 200;
const SCORE_POINT: i32 = 40;
const INNER: i32 = 15;
const ROW: i32 = 10;
/// The side to move can act first on a threat, worth a little.
const TEMPO: i32 = 5;

impl Evaluate for SpaceCheckers {
    const PIECE: i32 = PIECE;

    fn evaluate(&self, seat: Seat) -> i32 {
        let other = Seat(1 - seat.0);
        let (mine, theirs) = (self.pieces(seat), self.pieces(other));
        let start = u32::from(self.rules().pieces);
        let material = (mine.len() as i32 - theirs.len() as i32) * PIECE;
        let score = (points(mine, theirs, start) - points(theirs, mine, start)) * SCORE_POINT;
        let inner = (inner_count(mine) - inner_count(theirs)) * INNER;
        let row = (longest_inner_row(mine) as i32 - longest_inner_row(theirs) as i32) * ROW;
        let tempo = if self.side_to_move() == seat {
            TEMPO
        } else {
            -TEMPO
        };
        material + score + inner + row + tempo
    }

    /// Captures first (each is half the way to winning), then moves onto the
    /// inner orbit, then the rest.
    fn order_hint(&self, mv: Move) -> i32 {
        let theirs = self.pieces(Seat(1 - self.side_to_move().0));
        let diagonal = mv.from.ring() == Ring::Outer && mv.from.ray() != mv.to.ray();
        let captures = match (diagonal, mv.to.ray()) {
            (true, Some(ray)) => {
                let ray = i32::from(ray);
                [Square::middle(ray - 1), Square::middle(ray + 1)]
                    .into_iter()
                    .filter(|&sq| theirs.contains(sq))
                    .count() as i32
            }
            _ => 0,
        };
        captures * 100 + i32::from(mv.to.ring() == Ring::Middle) * 10
    }

    /// The ply is part of the key: it decides the first-turn rule and the ply
    /// limit, and positions met at one search depth share it anyway.
    fn key(&self) -> u64 {
        let (white, black, ply) = self.key();
        mix_key(&[u64::from(white), u64::from(black), u64::from(ply)])
    }

    fn probe(&self) -> Option<Probe> {
        solver::probe(self)
    }
}

fn inner_count(pieces: SquareSet) -> i32 {
    pieces.middle_mask().count_ones() as i32
}

/// The points `mine` would score if the game ended now (see `scoring.rs` in
/// the rules: row points plus the 2-point gift from an opponent with no more
/// than half its starting pieces on the inner orbit).
fn points(mine: SquareSet, theirs: SquareSet, start: u32) -> i32 {
    let row = longest_inner_row(mine);
    let own = match mine.len() {
        0 => 0,
        n if row == n => 3,
        n if row + 1 == n => 1,
        _ => 0,
    };
    let gift = if 2 * theirs.middle_mask().count_ones() <= start {
        2
    } else {
        0
    };
    own + gift
}
