//! Position strings and move notation for Djambi.
//!
//! Position: `<row 1>/<row 2>/…/<row 9> <turn> <control> <quiet>`.
//! - A row lists its squares from column A to I: a digit for that many
//!   empty squares, or a piece as its army letter (`R`, `B`, `Y`, `G`) then
//!   its kind letter (`L`eader, `A`ssassin, `R`eporter, `D`iplomat,
//!   `N`ecromobile, `M`ilitant), upper case alive, lower case dead: `RL` is
//!   the live Red Leader, `Bm` a dead Blue Militant.
//! - `<turn>`: the army to move, or `R+G` for Red's extra turn (its Leader
//!   holds the Labyrinth) after Green's regular turn.
//! - `<control>`: for Red, Blue, Yellow and Green in that order, the army
//!   that moves its live pieces, or `-` while nobody does (encircled, not
//!   yet recovered): `RBYG` at the start, `RRYG` once Red killed Blue's
//!   Leader.
//! - `<quiet>`: turns in a row without a death.
//!
//! Moves: an optional kind letter, `FROM-TO`, then the follow-ups:
//! - `x` after TO marks an occupying kill: `MC7-C5x@F4` (a Militant kills on
//!   C5 and puts the corpse on F4); an Assassin's corpse needs no square
//!   (`AB9-B5x`, it lies on B9);
//! - `@SQ` where a Diplomat or Necromobile puts its passenger: `DB8-D6@A5`;
//! - `xSQ` the Reporter's victim: `RA8-D4xD3`;
//! - `>SQ` where a piece leaves the Labyrinth to: `AB9-E5x>C3`;
//! - `pass` for an army that cannot move.

use super::board::{Army, Kind, Piece, Square, setup};
use super::{Djambi, LABYRINTH, Move};
use crate::{MoveParseError, PositionError};

/// A parsed but unchecked position.
pub(super) struct Setup {
    pub cells: [Option<Piece>; 81],
    pub control: [Option<Army>; 4],
    pub to_move: Army,
    pub cursor: Army,
    pub quiet: u16,
}

impl Setup {
    /// The starting position of the seed's or djambi.net's layout (see
    /// [`setup`]), Red to move.
    pub fn start(djambi_net: bool) -> Setup {
        let mut cells = [None; 81];
        for (square, piece) in setup(djambi_net) {
            cells[square.index()] = Some(piece);
        }
        Setup {
            cells,
            control: Army::ALL.map(Some),
            to_move: Army::Red,
            cursor: Army::Red,
            quiet: 0,
        }
    }
}

const POSITION_FORM: &str = "`<9 rows separated by /> <turn> <control> <quiet>`, like \
    YLYAYM3GMGAGL/... R RBYG 0 (see docs/rules/djambi.md)";

pub(super) fn parse_position(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [rows, turn, control, quiet] = fields[..] else {
        return Err(PositionError::new(format!(
            "expected 4 fields {POSITION_FORM}; found {}",
            fields.len()
        )));
    };
    let cells = parse_rows(rows)?;
    let army = |letter: &str, what: &str| {
        let mut chars = letter.chars();
        match (chars.next().and_then(Army::from_letter), chars.next()) {
            (Some(army), None) => Ok(army),
            _ => Err(PositionError::new(format!(
                "{what} {letter:?}: expected an army letter R, B, Y or G"
            ))),
        }
    };
    let (to_move, cursor) = match turn.split_once('+') {
        Some((holder, after)) => (army(holder, "turn")?, army(after, "extra turn after")?),
        None => {
            let mover = army(turn, "turn")?;
            (mover, mover)
        }
    };
    let letters: Vec<char> = control.chars().collect();
    if letters.len() != 4 {
        return Err(PositionError::new(format!(
            "control {control:?}: expected 4 letters (R, B, Y, G or -) for Red, Blue, Yellow, Green"
        )));
    }
    let mut controls = [None; 4];
    for (slot, letter) in controls.iter_mut().zip(letters) {
        *slot = match letter {
            '-' => None,
            other => Some(Army::from_letter(other).ok_or_else(|| {
                PositionError::new(format!(
                    "control letter {other:?}: expected R, B, Y, G or -"
                ))
            })?),
        };
    }
    let quiet = quiet.parse().ok().filter(|q| *q <= 60_000).ok_or_else(|| {
        PositionError::new(format!("quiet {quiet:?}: expected a number of turns"))
    })?;
    Ok(Setup {
        cells,
        control: controls,
        to_move,
        cursor,
        quiet,
    })
}

fn parse_rows(text: &str) -> Result<[Option<Piece>; 81], PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 9 {
        return Err(PositionError::new(format!(
            "expected 9 rows separated by `/`, found {}",
            rows.len()
        )));
    }
    let mut cells = [None; 81];
    for (r, row) in rows.iter().enumerate() {
        let number = r + 1;
        let mut column = 0usize;
        let mut chars = row.chars();
        while let Some(c) = chars.next() {
            if let Some(run) = c.to_digit(10).filter(|d| *d >= 1) {
                column += run as usize;
            } else {
                let army = Army::from_letter(c).filter(|_| c.is_ascii_uppercase());
                let kind_letter = chars.next();
                let kind = kind_letter.and_then(Kind::from_letter);
                let (Some(army), Some(kind), Some(letter)) = (army, kind, kind_letter) else {
                    return Err(PositionError::new(format!(
                        "row {number}: {c:?} starts no piece; expected a digit 1-9 or an army \
                         letter R/B/Y/G then a kind letter L/A/R/D/N/M (lower case when dead)"
                    )));
                };
                if column >= 9 {
                    return Err(PositionError::new(format!(
                        "row {number} has more than 9 squares"
                    )));
                }
                cells[r * 9 + column] = Some(Piece {
                    kind,
                    army,
                    dead: letter.is_ascii_lowercase(),
                });
                column += 1;
            }
        }
        if column != 9 {
            return Err(PositionError::new(format!(
                "row {number} has {column} squares; expected 9"
            )));
        }
    }
    Ok(cells)
}

pub(super) fn position(game: &Djambi) -> String {
    let mut text = String::with_capacity(120);
    for row in 1..=9 {
        if row > 1 {
            text.push('/');
        }
        let mut empty = 0;
        for column in 1..=9 {
            let square = Square::at(row, column).expect("on the board");
            match game.piece(square) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    text.push(piece.army.letter());
                    let letter = piece.kind.letter();
                    text.push(if piece.dead {
                        letter.to_ascii_lowercase()
                    } else {
                        letter
                    });
                }
            }
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
    }
    text.push(' ');
    text.push(game.to_move().letter());
    if game.extra_turn() {
        text.push('+');
        text.push(game.cursor.letter());
    }
    text.push(' ');
    for army in Army::ALL {
        text.push(game.controller(army).map_or('-', Army::letter));
    }
    text.push_str(&format!(" {}", game.quiet_turns()));
    text
}

const MOVE_FORM: &str = "expected [kind]FROM-TO then x, xSQ, @SQ or >SQ as needed, like \
    MC7-C5x@F4, AB9-E5x>C3, RA8-D4xD3, DB8-D6@A5, or pass";

/// Reads a move and its kind letter, if given, without looking at the
/// position; the caller checks the letter and the move's legality.
pub(super) fn parse_move(text: &str) -> Result<(Option<Kind>, Move), MoveParseError> {
    let bad = || MoveParseError::new(text, MOVE_FORM);
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case("pass") {
        return Ok((None, Move::PASS));
    }
    let chars: Vec<char> = trimmed.chars().collect();
    if !chars.iter().all(char::is_ascii) {
        return Err(bad());
    }
    let mut rest: &[char] = &chars;
    let mut kind = None;
    // A kind letter first when the second character is a letter too.
    if rest.len() > 1 && rest[1].is_ascii_alphabetic() {
        kind = Some(Kind::from_letter(rest[0]).ok_or_else(bad)?);
        rest = &rest[1..];
    }
    let square = |part: &[char]| -> Result<Square, MoveParseError> {
        let text: String = part.iter().collect();
        text.parse().map_err(|_| bad())
    };
    if rest.len() < 5 || rest[2] != '-' {
        return Err(bad());
    }
    let from = square(&rest[0..2])?;
    let to = square(&rest[3..5])?;
    rest = &rest[5..];
    let mut extra = None;
    let mut flee = None;
    if let Some((&'x' | &'X', tail)) = rest.split_first() {
        rest = tail;
        if rest.len() >= 2 && rest[0].is_ascii_alphabetic() {
            extra = Some(square(&rest[..2])?);
            rest = &rest[2..];
        }
    }
    if let Some((&'@', tail)) = rest.split_first() {
        if extra.is_some() || tail.len() < 2 {
            return Err(bad());
        }
        extra = Some(square(&tail[..2])?);
        rest = &tail[2..];
    }
    if let Some((&'>', tail)) = rest.split_first() {
        if tail.len() < 2 {
            return Err(bad());
        }
        flee = Some(square(&tail[..2])?);
        rest = &tail[2..];
    }
    if !rest.is_empty() {
        return Err(bad());
    }
    Ok((kind, Move::new(from, to, extra, flee)))
}

/// The move as people read it: kind letter, squares and follow-ups.
pub(super) fn move_notation(game: &Djambi, mv: Move) -> String {
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
        return "pass".to_string();
    };
    let mut text = String::with_capacity(16);
    let piece = game.piece(from);
    if let Some(piece) = piece {
        text.push(piece.kind.letter());
    }
    text.push_str(&format!("{from}-{to}"));
    let target = game.piece(to);
    let kind = piece.map(|p| p.kind);
    let kills = matches!(kind, Some(Kind::Leader | Kind::Militant | Kind::Assassin))
        && target.is_some_and(|t| !t.dead);
    if kills {
        text.push('x');
    }
    if let Some(extra) = mv.extra() {
        if kind == Some(Kind::Reporter) {
            text.push_str(&format!("x{extra}"));
        } else {
            text.push_str(&format!("@{extra}"));
        }
    }
    if let Some(flee) = mv.flee() {
        text.push_str(&format!(">{flee}"));
    }
    debug_assert!(mv.flee().is_none() || to == LABYRINTH);
    text
}
