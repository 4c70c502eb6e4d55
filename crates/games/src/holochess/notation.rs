//! Position strings and move notation for holochess.
//!
//! Position: `<light>/<dark> <l|d> <ply> <light counter>,<dark counter>`.
//! Each side lists its creatures on the board as type letter + square,
//! Brute, Predator, Guardian, Scout in that order (`-` for none), e.g.
//! `BO1,PO2,GO11,SO12/BO6,PO7,GO5,SO8 l 8 0,0`. The start is
//! `-/- d 0 0,0`: nothing placed, dark (the second player by default) to
//! place.
//!
//! Moves, each with its type letter first (optional when parsing):
//! - placement `B@O3`;
//! - move `GO1-O3`, attack `PM3xO1`;
//! - a Scout's two actions as one move: move then attack `SO1-O3xM3`,
//!   attack then move `SO1xO2-O4`.

use super::board::Square;
use super::moves::scout_stops;
use super::{Creature, DARK, Holochess, LIGHT, Move, seat_name};
use crate::{Game, MoveParseError, PositionError, Seat};

/// A parsed but unchecked position.
pub(super) struct Setup {
    pub creatures: [[Option<Square>; 4]; 2],
    pub side: Seat,
    pub ply: u16,
    pub counters: [u8; 2],
}

const POSITION_FORM: &str = "`<light>/<dark> <l|d> <ply> <light counter>,<dark counter>`, like BO1,PO2,GO11,SO12/BO6,PO7,GO5,SO8 l 8 0,0";

pub(super) fn side_letter(seat: Seat) -> char {
    if seat == LIGHT { 'l' } else { 'd' }
}

pub(super) fn parse_position(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [pieces, side, ply, counters] = fields[..] else {
        return Err(PositionError::new(format!(
            "expected 4 fields {POSITION_FORM}; found {}",
            fields.len()
        )));
    };
    let Some((light, dark)) = pieces.split_once('/') else {
        return Err(PositionError::new(format!(
            "expected light and dark creatures separated by `/`; {POSITION_FORM}"
        )));
    };
    let creatures = [parse_side(LIGHT, light)?, parse_side(DARK, dark)?];
    let side = match side {
        "l" => LIGHT,
        "d" => DARK,
        _ => {
            return Err(PositionError::new(format!(
                "side to move {side:?}: expected l (light) or d (dark)"
            )));
        }
    };
    let ply = number(ply).ok_or_else(|| {
        PositionError::new(format!("ply {ply:?} is not a number from 0 to 65535"))
    })?;
    let bad_counters = || {
        PositionError::new(format!(
            "counters {counters:?}: expected two numbers 0 to 3 like 0,2 (light, dark)"
        ))
    };
    let (a, b) = counters.split_once(',').ok_or_else(bad_counters)?;
    let counter = |t: &str| {
        number(t)
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(bad_counters)
    };
    Ok(Setup {
        creatures,
        side,
        ply,
        counters: [counter(a)?, counter(b)?],
    })
}

/// A plain decimal number (`u16::from_str` would also take "+5").
fn number(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn parse_side(seat: Seat, list: &str) -> Result<[Option<Square>; 4], PositionError> {
    let mut squares = [None; 4];
    if list.is_empty() || list == "-" {
        return Ok(squares);
    }
    let name = seat_name(seat);
    for (index, item) in list.split(',').enumerate() {
        let bad = |why: String| {
            PositionError::new(format!(
                "{name} creature {} {item:?}: {why}; expected a type letter (B, P, G, S) and a square, like BO1",
                index + 1
            ))
        };
        let mut chars = item.chars();
        let creature = chars
            .next()
            .and_then(Creature::from_letter)
            .ok_or_else(|| bad("no type letter".into()))?;
        let square: Square = chars.as_str().parse().map_err(|e| bad(format!("{e}")))?;
        if squares[creature.index()].replace(square).is_some() {
            return Err(PositionError::new(format!(
                "{name} lists its {creature} twice; each side has one of each type"
            )));
        }
    }
    Ok(squares)
}

pub(super) fn format_position(game: &Holochess) -> String {
    let side = |seat: Seat| {
        let items: Vec<String> = Creature::ALL
            .into_iter()
            .filter_map(|c| {
                game.square_of(seat, c)
                    .map(|square| format!("{}{square}", c.letter()))
            })
            .collect();
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        }
    };
    format!(
        "{}/{} {} {} {},{}",
        side(LIGHT),
        side(DARK),
        side_letter(game.side_to_move()),
        game.ply(),
        game.counter(LIGHT),
        game.counter(DARK)
    )
}

const MOVE_FORM: &str = "expected a placement like B@O3, or a move like GO1-O3, an attack like PM3xO1, or a Scout's SO1-O3xM3 or SO1xO2-O4 (squares O1..O12, M1..M12, C1..C4; types B, P, G, S)";

/// The pieces of an action: the squares and the separators between them.
struct Written {
    creature: Option<Creature>,
    squares: Vec<Square>,
    /// `true` for `x` (attack), `false` for `-` (move), one per step.
    attacks: Vec<bool>,
}

fn parse_written(text: &str) -> Result<Written, MoveParseError> {
    let error = |why: String| MoveParseError::new(text, format!("{why}; {MOVE_FORM}"));
    let mut rest = text.trim();
    let mut creature = None;
    if let Some(first) = rest.chars().next()
        && let Some(c) = Creature::from_letter(first)
    {
        creature = Some(c);
        rest = &rest[1..];
    }
    let mut squares = Vec::new();
    let mut attacks = Vec::new();
    let mut start = 0;
    for (at, ch) in rest.char_indices() {
        if matches!(ch, '-' | 'x' | 'X') {
            squares.push(&rest[start..at]);
            attacks.push(ch != '-');
            start = at + ch.len_utf8();
        }
    }
    squares.push(&rest[start..]);
    if squares.len() < 2 {
        return Err(error("no `-` or `x` between squares".into()));
    }
    if squares.len() > 3 {
        return Err(error(
            "at most two steps, and only a Scout takes two".into(),
        ));
    }
    let squares = squares
        .into_iter()
        .map(|s| s.parse::<Square>().map_err(|e| error(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    if attacks.len() == 2 && attacks[0] == attacks[1] {
        return Err(error(
            "a Scout's two steps are one move and one attack (`-` then `x`, or `x` then `-`)"
                .into(),
        ));
    }
    Ok(Written {
        creature,
        squares,
        attacks,
    })
}

pub(super) fn parse_move(game: &Holochess, text: &str) -> Result<Move, MoveParseError> {
    let trimmed = text.trim();
    if let Some((letter, square)) = trimmed.split_once('@') {
        let mut letters = letter.trim().chars();
        let creature = match (
            letters.next().and_then(Creature::from_letter),
            letters.next(),
        ) {
            (Some(c), None) => c,
            _ => {
                return Err(MoveParseError::new(
                    text,
                    format!("a placement starts with one type letter, B, P, G or S; {MOVE_FORM}"),
                ));
            }
        };
        let to = square
            .trim()
            .parse()
            .map_err(|e| MoveParseError::new(text, format!("{e}; {MOVE_FORM}")))?;
        return Ok(Move::Place { creature, to });
    }
    let written = parse_written(trimmed)?;
    let from = written.squares[0];
    let mover = game.side_to_move();
    if let (Some(claimed), Some((seat, there))) = (written.creature, game.creature_at(from))
        && seat == mover
        && claimed != there
    {
        return Err(MoveParseError::new(
            text,
            format!("{from} holds the {there}, not the {claimed}"),
        ));
    }
    let enemy_on = |sq: Square| game.creature_at(sq).is_some_and(|(seat, _)| seat != mover);
    let mv = match (&written.squares[..], &written.attacks[..]) {
        // One step: an attack exactly when an enemy stands there, whichever
        // separator was written (the result is the same).
        ([_, to], _) => Move::Act {
            from,
            to: *to,
            capture: enemy_on(*to).then_some(*to),
        },
        ([_, stop, target], [false, true]) => {
            let mv = Move::Act {
                from,
                to: *target,
                capture: Some(*target),
            };
            // The stop is not part of the move, but a wrong one may mean
            // the voter had another move in mind.
            if game.is_legal(mv) && !scout_stops(game, from, *target).contains(stop) {
                return Err(MoveParseError::new(
                    text,
                    format!(
                        "the Scout cannot attack {target} from {stop}; that move is written {}",
                        format_move(game, mv)
                    ),
                ));
            }
            mv
        }
        ([_, target, to], _) => Move::Act {
            from,
            to: *to,
            capture: Some(*target),
        },
        _ => unreachable!("parse_written returns two or three squares"),
    };
    Ok(mv)
}

pub(super) fn format_move(game: &Holochess, mv: Move) -> String {
    let (from, to, capture) = match mv {
        Move::Place { creature, to } => return format!("{}@{to}", creature.letter()),
        Move::Act { from, to, capture } => (from, to, capture),
    };
    let creature = game.creature_at(from).map(|(_, c)| c);
    let letter = creature.map_or(String::new(), |c| c.letter().to_string());
    let adjacent = from.neighbours().contains(to);
    match capture {
        None => format!("{letter}{from}-{to}"),
        Some(target) if target != to => format!("{letter}{from}x{target}-{to}"),
        // A Scout's attack beyond its reach needs a move first: name a stop.
        Some(_) if creature == Some(Creature::Scout) && !adjacent => {
            match scout_stops(game, from, to).first() {
                Some(stop) => format!("{letter}{from}-{stop}x{to}"),
                None => format!("{letter}{from}x{to}"),
            }
        }
        Some(_) => format!("{letter}{from}x{to}"),
    }
}
