//! When a Space Checkers game ends, and the seed's scoring of the final
//! position.

use super::board::{Square, SquareSet, longest_inner_row};
use super::{BLACK, SpaceCheckers, WHITE, seat_name};
use crate::round_board::Ring;
use crate::{BySeat, Ending, Outcome, Seat};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EndReason {
    /// This side has all its remaining pieces in a row on the inner orbit.
    Row(Seat),
    /// This side has lost half (or more) of its starting pieces.
    HalfLost(Seat),
    /// The side to move has no legal move.
    Stuck(Seat),
    PlyLimit,
}

/// Why the game is over, or `None` while it goes on. The side that just
/// moved is looked at first, so a move that ends the game for both sides
/// reports the mover's achievement. Only the reason text depends on this
/// order; the score does not.
pub(super) fn end_reason(game: &SpaceCheckers) -> Option<EndReason> {
    let start = u32::from(game.rules.pieces);
    // The side that just moved is the opponent of the side to move.
    let just_moved = opponent(game.side_to_move());
    for seat in [just_moved, game.side_to_move()] {
        let pieces = game.pieces(seat);
        if 2 * (start - pieces.len()) >= start {
            return Some(EndReason::HalfLost(seat));
        }
    }
    for seat in [just_moved, game.side_to_move()] {
        if all_in_a_row(game.pieces(seat)) {
            return Some(EndReason::Row(seat));
        }
    }
    if !has_any_move(game) {
        return Some(EndReason::Stuck(game.side_to_move()));
    }
    (game.ply >= game.rules.ply_limit).then_some(EndReason::PlyLimit)
}

fn opponent(seat: Seat) -> Seat {
    if seat == WHITE { BLACK } else { WHITE }
}

fn all_in_a_row(pieces: SquareSet) -> bool {
    !pieces.is_empty() && longest_inner_row(pieces) == pieces.len()
}

/// Every move needs one square to be empty (An→Bn needs Bn, Bn→An needs An,
/// C→An needs Bn and An), so this answers without generating moves.
fn has_any_move(game: &SpaceCheckers) -> bool {
    let occupied = game.occupied();
    let empty = |sq: Square| !occupied.contains(sq);
    game.pieces(game.side_to_move()).iter().any(|sq| {
        let ray = sq.ray().map(i32::from);
        match (sq.ring(), ray) {
            (Ring::Outer, Some(ray)) => empty(Square::middle(ray)),
            (Ring::Middle, Some(ray)) => empty(Square::outer(ray)),
            _ => (1..=12).any(|ray| empty(Square::middle(ray)) && empty(Square::outer(ray))),
        }
    })
}

/// The seed's points for one side's own pieces: 3 for all remaining pieces in
/// a row on the inner orbit, 1 for all but one.
fn row_points(pieces: SquareSet) -> u32 {
    let row = longest_inner_row(pieces);
    match pieces.len() {
        0 => 0,
        n if row == n => 3,
        n if row + 1 == n => 1,
        _ => 0,
    }
}

/// A side with no more than half of its *starting* pieces on the inner orbit
/// gives the opponent 2 points (see the rules document for why starting).
fn gives_away_two(pieces: SquareSet, start: u32) -> bool {
    2 * pieces.middle_mask().count_ones() <= start
}

pub(super) fn scores(game: &SpaceCheckers) -> BySeat<u32> {
    let start = u32::from(game.rules.pieces);
    BySeat::from_fn(2, |seat| {
        let own = row_points(game.pieces(seat));
        let gift = if gives_away_two(game.pieces(opponent(seat)), start) {
            2
        } else {
            0
        };
        own + gift
    })
}

pub(super) fn outcome(game: &SpaceCheckers) -> Option<Outcome> {
    if !game.over {
        return None;
    }
    let name = |seat: Seat| seat_name(seat).to_string();
    let reason = match end_reason(game).expect("a finished game has an end reason") {
        EndReason::Row(seat) => Ending::InnerRow { seat: name(seat) },
        EndReason::HalfLost(seat) => Ending::HalfPiecesLost { seat: name(seat) },
        EndReason::Stuck(seat) => Ending::NoLegalMove { seat: name(seat) },
        EndReason::PlyLimit => Ending::MoveLimit {
            limit: game.rules.ply_limit.into(),
        },
    };
    Some(Outcome::from_scores(scores(game), reason))
}
