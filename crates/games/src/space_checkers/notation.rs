//! Position strings and move notation for Space Checkers.
//!
//! Position: `<white squares>/<black squares> <w|b> <ply>`, squares
//! comma-separated, e.g. the start `A11,A12,A1,A2/A5,A6,A7,A8 w 0`.
//! Move: `FROM-TO` with TO the final square after boosts (`A3-B6`), and
//! optionally the captures (`A3-B6xB5xB7`).

use super::board::{Square, SquareSet};
use super::{Move, SpaceCheckers, moves};
use crate::{MoveParseError, PositionError};

/// A parsed but unchecked position: the squares may overlap.
pub(super) struct Setup {
    pub pieces: [SquareSet; 2],
    pub ply: u16,
}

pub(super) fn parse_position(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [pieces, side, ply] = fields[..] else {
        return Err(PositionError::new(format!(
            "expected 3 fields `<white>/<black> <w|b> <ply>`, found {}",
            fields.len()
        )));
    };
    let Some((white, black)) = pieces.split_once('/') else {
        return Err(PositionError::new(
            "expected white and black squares separated by `/`, like A11,A12,A1,A2/A5,A6,A7,A8",
        ));
    };
    let pieces = [("white", white), ("black", black)].map(|(name, list)| parse_squares(name, list));
    let [white, black] = pieces;
    let pieces = [white?, black?];
    let ply: u16 = ply
        .parse()
        .ok()
        .filter(|_| ply.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            PositionError::new(format!("ply {ply:?} is not a number from 0 to 65535"))
        })?;
    let expected_side = if ply.is_multiple_of(2) { "w" } else { "b" };
    if side != "w" && side != "b" {
        return Err(PositionError::new(format!(
            "side to move {side:?}: expected w or b"
        )));
    }
    if side != expected_side {
        return Err(PositionError::new(format!(
            "side to move {side} does not match ply {ply}: white moves on even plies"
        )));
    }
    Ok(Setup { pieces, ply })
}

fn parse_squares(side: &str, list: &str) -> Result<SquareSet, PositionError> {
    let mut set = SquareSet::EMPTY;
    if list.is_empty() {
        return Ok(set);
    }
    for (index, text) in list.split(',').enumerate() {
        let square: Square = text
            .parse()
            .map_err(|e| PositionError::new(format!("{side} piece {}: {e}", index + 1)))?;
        if set.contains(square) {
            return Err(PositionError::new(format!("{side} lists {square} twice")));
        }
        set = set.with(square);
    }
    Ok(set)
}

/// Squares are written outer orbit first, then inner, then the core; each
/// orbit clockwise starting from the ray opposite the side's home, so the
/// start reads `A11,A12,A1,A2/A5,A6,A7,A8` as the rules write it.
pub(super) fn format_position(game: &SpaceCheckers) -> String {
    let side = |set: SquareSet, first_ray: u8| {
        let mut squares: Vec<Square> = set.iter().collect();
        squares.sort_by_key(|&sq| {
            let ray = sq.ray().unwrap_or(first_ray);
            (sq.index() / 12, (ray + 12 - first_ray) % 12)
        });
        squares
            .iter()
            .map(Square::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "{}/{} {} {}",
        side(game.pieces[0], 7),
        side(game.pieces[1], 1),
        if game.ply.is_multiple_of(2) { "w" } else { "b" },
        game.ply
    )
}

const MOVE_FORM: &str = "expected FROM-TO like A1-B1, A3-B6 or C-A7 (squares A1..A12, B1..B12, C)";

pub(super) fn parse_move(game: &SpaceCheckers, text: &str) -> Result<Move, MoveParseError> {
    let trimmed = text.trim();
    let (from, rest) = trimmed
        .split_once('-')
        .ok_or_else(|| MoveParseError::new(text, MOVE_FORM))?;
    let mut parts = rest.split(['x', 'X']);
    let to = parts.next().unwrap_or_default();
    let square = |s: &str| {
        s.trim()
            .parse::<Square>()
            .map_err(|e| MoveParseError::new(text, format!("{e}; {MOVE_FORM}")))
    };
    let mv = Move {
        from: square(from)?,
        to: square(to)?,
    };
    let mut claimed = SquareSet::EMPTY;
    for capture in parts {
        claimed = claimed.with(square(capture)?);
    }
    // A capture list is optional, but when given it must be the truth: a
    // voter who wrote the wrong captures may mean another move.
    if !claimed.is_empty() && crate::Game::is_legal(game, mv) {
        let actual = moves::captures(game, mv);
        if actual != claimed {
            return Err(MoveParseError::new(
                text,
                format!("that move is written {}", format_move(game, mv)),
            ));
        }
    }
    Ok(mv)
}

pub(super) fn format_move(game: &SpaceCheckers, mv: Move) -> String {
    let mut text = format!("{}-{}", mv.from, mv.to);
    // Counterclockwise neighbour first, as in A3-B6xB5xB7.
    let landing = i32::from(mv.to.ray().unwrap_or(0));
    let mut captured: Vec<Square> = moves::captures(game, mv).iter().collect();
    captured.sort_by_key(|&sq| (i32::from(sq.ray().unwrap_or(0)) - landing).rem_euclid(12) == 1);
    for square in captured {
        text.push('x');
        text.push_str(&square.to_string());
    }
    text
}
