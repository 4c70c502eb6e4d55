//! Dejarik's position string and move notation.
//!
//! Position: `<white>/<black> <w|b> <actions> <phase> <passed> <ply>`, e.g.
//! `GhA11,KlA12,MoA1,StA2/HoA5,NgA6,SaA7,GrA8 w 2 - - 0`:
//! - monsters as code + square (`KlA12`: the K'lor'slug on A12);
//! - the side to move and its actions left in this turn (1 or 2);
//! - the phase: `-` (an action), `roll:A3xB4` (dice for that attack),
//!   `push:B4` (the monster on B4 is pushed by the combat's winner),
//!   `duel`, or `won-duel` (over: the duel was decided);
//! - squares crossed this turn by monsters that moved, `Kl:A3.A4` comma
//!   separated, or `-`;
//! - decisions played so far.
//!
//! Moves: `Kl:A3-B4` (move), `Gh:B1-B3 via C` (a move whose path matters
//! later in the turn, the squares between in walking order, `-` between
//! them), `Kl:A3xB4` (attack), `pass`, `roll 7v5` (attacker's sum v
//! defender's), `push B5`, `duel 20v11` (white's sum v black's). The
//! monster code is optional when parsing, checked if given.

use super::{
    BLACK, Dejarik, End, KINDS, Move, Phase, Piece, Rules, Square, SquareSet, WHITE, other,
};
use crate::{MoveParseError, PositionError, Seat};
use std::sync::Arc;

pub(super) fn parse_position(rules: &Rules, text: &str) -> Result<Dejarik, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [pieces, side, actions, phase, passed, ply] = fields[..] else {
        return Err(PositionError::new(format!(
            "expected 6 fields `<white>/<black> <w|b> <actions> <phase> <passed> <ply>`, found {}",
            fields.len()
        )));
    };
    let monsters = rules.monsters();
    let mut game = Dejarik {
        rules: Arc::new(rules.clone()),
        board: [None; Square::COUNT],
        to_move: match side {
            "w" => WHITE,
            "b" => BLACK,
            other => {
                return Err(PositionError::new(format!(
                    "side to move {other:?}: expected w or b"
                )));
            }
        },
        actions_left: match actions {
            "1" => 1,
            "2" => 2,
            other => {
                return Err(PositionError::new(format!(
                    "actions left {other:?}: expected 1 or 2"
                )));
            }
        },
        phase: super::Phase::Action,
        passed: [SquareSet::EMPTY; KINDS],
        ply: ply
            .parse()
            .ok()
            .filter(|_| ply.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                PositionError::new(format!("ply {ply:?} is not a number from 0 to 65535"))
            })?,
        end: None,
    };
    let Some((white, black)) = pieces.split_once('/') else {
        return Err(PositionError::new(
            "expected white and black monsters separated by `/`, like KlA12,MoA1/HoA5",
        ));
    };
    let mut seen_kinds = [false; KINDS];
    for (seat, list) in [(WHITE, white), (BLACK, black)] {
        for token in list.split(',').filter(|t| !t.is_empty()) {
            let (kind, square) = parse_monster(monsters, token)?;
            if seen_kinds[usize::from(kind)] {
                return Err(PositionError::new(format!(
                    "{} appears twice",
                    monsters[usize::from(kind)].code
                )));
            }
            seen_kinds[usize::from(kind)] = true;
            if game.piece(square).is_some() {
                return Err(PositionError::new(format!("{square} holds two monsters")));
            }
            game.place(square, Some(Piece { kind, owner: seat }));
        }
    }
    for seat in [WHITE, BLACK] {
        if game.count(seat) > 4 {
            return Err(PositionError::new(format!(
                "{} has more than four monsters",
                super::seat_name(seat)
            )));
        }
    }
    if passed != "-" {
        for entry in passed.split(',') {
            let (code, squares) = entry.split_once(':').ok_or_else(|| {
                PositionError::new(format!(
                    "passed squares {entry:?}: expected CODE:SQ.SQ like Kl:A3.A4"
                ))
            })?;
            let kind = kind_of(monsters, code).ok_or_else(|| {
                PositionError::new(format!("passed squares: unknown monster {code:?}"))
            })?;
            for sq in squares.split('.') {
                let square: Square = sq
                    .parse()
                    .map_err(|e| PositionError::new(format!("passed squares: {e}")))?;
                game.passed[usize::from(kind)] = game.passed[usize::from(kind)].with(square);
            }
        }
    }
    game.phase = parse_phase(&game, phase)?;
    if game.phase == Phase::Over {
        let winner = if game.count(WHITE) > 0 { WHITE } else { BLACK };
        game.end = Some(End::Duel { winner });
    } else if game.phase == Phase::Action {
        game.settle();
    }
    Ok(game)
}

fn parse_phase(game: &Dejarik, text: &str) -> Result<Phase, PositionError> {
    let square = |s: &str| {
        s.parse::<Square>()
            .map_err(|e| PositionError::new(format!("phase {text:?}: {e}")))
    };
    let occupied_by = |sq: Square, owner: Option<Seat>, role: &str| -> Result<(), PositionError> {
        match game.piece(sq) {
            Some(p) if owner.is_none_or(|o| o == p.owner) => Ok(()),
            _ => Err(PositionError::new(format!(
                "phase {text:?}: no {role} on {sq}"
            ))),
        }
    };
    Ok(match text {
        "-" => Phase::Action,
        "duel" => {
            if game.count(WHITE) != 1 || game.count(BLACK) != 1 {
                return Err(PositionError::new("a duel needs exactly one monster each"));
            }
            Phase::Duel
        }
        "won-duel" => {
            if game.count(WHITE) + game.count(BLACK) != 1 {
                return Err(PositionError::new(
                    "after a duel exactly one monster is left",
                ));
            }
            Phase::Over
        }
        _ => {
            if let Some(rest) = text.strip_prefix("roll:") {
                let (a, d) = rest.split_once(['x', 'X']).ok_or_else(|| {
                    PositionError::new(format!("phase {text:?}: expected roll:A3xB4"))
                })?;
                let (attacker, defender) = (square(a)?, square(d)?);
                occupied_by(attacker, Some(game.to_move), "attacker of the side to move")?;
                occupied_by(defender, Some(other(game.to_move)), "enemy defender")?;
                if !attacker.neighbours().contains(defender) {
                    return Err(PositionError::new(format!(
                        "phase {text:?}: {attacker} and {defender} are not adjacent"
                    )));
                }
                Phase::Roll { attacker, defender }
            } else if let Some(rest) = text.strip_prefix("push:") {
                let target = square(rest)?;
                occupied_by(target, None, "monster to push")?;
                Phase::Push { target }
            } else {
                return Err(PositionError::new(format!(
                    "phase {text:?}: expected -, roll:A3xB4, push:B4, duel or won-duel"
                )));
            }
        }
    })
}

fn kind_of(monsters: &[super::Monster], code: &str) -> Option<u8> {
    monsters
        .iter()
        .position(|m| m.code == code)
        .map(|i| i as u8)
}

fn parse_monster(monsters: &[super::Monster], token: &str) -> Result<(u8, Square), PositionError> {
    let split = token.char_indices().nth(2).map_or(token.len(), |(i, _)| i);
    let (code, square) = token.split_at(split);
    let kind = kind_of(monsters, code).ok_or_else(|| {
        let codes: Vec<&str> = monsters.iter().map(|m| m.code.as_str()).collect();
        PositionError::new(format!(
            "monster {token:?}: expected a code ({}) then a square",
            codes.join(", ")
        ))
    })?;
    let square = square
        .parse()
        .map_err(|e| PositionError::new(format!("monster {token:?}: {e}")))?;
    Ok((kind, square))
}

pub(super) fn format_position(game: &Dejarik) -> String {
    // As in Space Checkers: outer ring, inner ring, centre; each ring
    // clockwise from the ray opposite the side's home, so the start reads
    // GhA11,KlA12,MoA1,StA2/HoA5,NgA6,SaA7,GrA8.
    let side = |seat: Seat| {
        let first_ray = if seat == WHITE { 7 } else { 1 };
        let mut list: Vec<((usize, u8), String)> = game
            .pieces()
            .filter(|(_, p)| p.owner == seat)
            .map(|(sq, p)| {
                let ray = sq.ray().unwrap_or(first_ray);
                let order = (sq.index() / 12, (ray + 12 - first_ray) % 12);
                (order, format!("{}{sq}", game.monster(p).code))
            })
            .collect();
        list.sort();
        list.into_iter()
            .map(|(_, t)| t)
            .collect::<Vec<_>>()
            .join(",")
    };
    let phase = match game.phase {
        Phase::Action => "-".to_string(),
        Phase::Roll { attacker, defender } => format!("roll:{attacker}x{defender}"),
        Phase::Push { target } => format!("push:{target}"),
        Phase::Duel => "duel".to_string(),
        Phase::Over => match game.end {
            Some(End::Duel { .. }) => "won-duel".to_string(),
            _ => "-".to_string(),
        },
    };
    let passed: Vec<String> = (0..KINDS)
        .filter(|&k| !game.passed[k].is_empty())
        .map(|k| {
            let squares: Vec<String> = game.passed[k].iter().map(|sq| sq.to_string()).collect();
            format!("{}:{}", game.rules.monsters()[k].code, squares.join("."))
        })
        .collect();
    format!(
        "{}/{} {} {} {phase} {} {}",
        side(WHITE),
        side(BLACK),
        if game.to_move == WHITE { "w" } else { "b" },
        game.actions_left,
        if passed.is_empty() {
            "-".to_string()
        } else {
            passed.join(",")
        },
        game.ply
    )
}

const MOVE_FORMS: &str = "expected a move like Kl:A3-B4 or Gh:B1-B3 via C, an attack like Kl:A3xB4, pass, roll 7v5, push B5 or duel 20v11";

pub(super) fn parse_move(game: &Dejarik, text: &str) -> Result<Move, MoveParseError> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    let bad = |why: &str| MoveParseError::new(text, why.to_string());
    if lower == "pass" {
        return Ok(Move::Pass);
    }
    let sums = |rest: &str| -> Result<(u8, u8), MoveParseError> {
        let (a, b) = rest.trim().split_once('v').ok_or_else(|| bad(MOVE_FORMS))?;
        let number = |s: &str| {
            s.trim()
                .parse::<u8>()
                .map_err(|_| bad("dice sums are whole numbers, like roll 7v5"))
        };
        Ok((number(a)?, number(b)?))
    };
    if let Some(rest) = lower.strip_prefix("roll") {
        let (attack, defence) = sums(rest)?;
        return Ok(Move::Roll { attack, defence });
    }
    if let Some(rest) = lower.strip_prefix("duel") {
        let (white, black) = sums(rest)?;
        return Ok(Move::Duel { white, black });
    }
    if let Some(rest) = lower.strip_prefix("push") {
        let to = rest
            .trim()
            .parse()
            .map_err(|e| MoveParseError::new(text, format!("{e}; expected push B5")))?;
        return Ok(Move::Push { to });
    }
    // An optional monster code, then FROM-TO or FROMxTO, then the path.
    let (trimmed, via) = match lower.find(" via ") {
        Some(at) => (trimmed[..at].trim(), Some(&trimmed[at + 5..])),
        None => (trimmed, None),
    };
    let (code, squares) = match trimmed.split_once(':') {
        Some((code, rest)) => (Some(code.trim()), rest.trim()),
        None => (None, trimmed),
    };
    let (from, to, attack) = if let Some((f, t)) = squares.split_once('-') {
        (f, t, false)
    } else if let Some((f, t)) = squares.split_once(['x', 'X']) {
        (f, t, true)
    } else {
        return Err(bad(MOVE_FORMS));
    };
    let square = |s: &str| {
        s.trim()
            .parse::<Square>()
            .map_err(|e| MoveParseError::new(text, format!("{e}; {MOVE_FORMS}")))
    };
    let (from, to) = (square(from)?, square(to)?);
    if let Some(code) = code {
        let actual = game.piece(from).map(|p| game.monster(p).code.as_str());
        if actual.is_none_or(|c| !c.eq_ignore_ascii_case(code)) {
            let holder = actual.map_or("no monster".to_string(), |c| c.to_string());
            return Err(MoveParseError::new(
                text,
                format!("{from} holds {holder}, not {code}"),
            ));
        }
    }
    if attack {
        if via.is_some() {
            return Err(bad("an attack has no path; write it like Kl:A3xB4"));
        }
        return Ok(Move::Attack { from, target: to });
    }
    let via = match via {
        Some(list) => Some(
            list.split('-')
                .map(square)
                .collect::<Result<Vec<Square>, _>>()?
                .into_iter()
                .fold(SquareSet::EMPTY, SquareSet::with),
        ),
        None => None,
    };
    step(game, text, from, to, via)
}

/// A move action as listed: any path typed names the listed move that
/// stands for it; no path is fine unless the paths to `to` matter.
fn step(
    game: &Dejarik,
    text: &str,
    from: Square,
    to: Square,
    via: Option<SquareSet>,
) -> Result<Move, MoveParseError> {
    let walks: Vec<_> = super::walks::walks(game, from)
        .into_iter()
        .filter(|walk| walk.to == to)
        .collect();
    let listed = |via| Move::Step { from, to, via };
    match via {
        Some(via) => {
            let crossed = via.with(from).with(to);
            Ok(walks
                .iter()
                .find(|walk| walk.covers.contains(&crossed))
                .map_or(listed(via), |walk| listed(walk.via)))
        }
        None if walks.len() > 1 => {
            let options: Vec<String> = walks
                .iter()
                .map(|walk| format_move(game, listed(walk.via)))
                .collect();
            Err(MoveParseError::new(
                text,
                format!(
                    "the way there matters later this turn; say which: {}",
                    options.join(" or ")
                ),
            ))
        }
        None => Ok(listed(
            walks.first().map_or(SquareSet::EMPTY, |walk| walk.via),
        )),
    }
}

pub(super) fn format_move(game: &Dejarik, mv: Move) -> String {
    let code = |sq: Square| {
        game.piece(sq)
            .map_or("??", |p| game.monster(p).code.as_str())
            .to_string()
    };
    match mv {
        Move::Step { from, to, via } if via.is_empty() => format!("{}:{from}-{to}", code(from)),
        Move::Step { from, to, via } => {
            let path: Vec<String> = super::board::path_through(from, to, via)
                .iter()
                .map(Square::to_string)
                .collect();
            format!("{}:{from}-{to} via {}", code(from), path.join("-"))
        }
        Move::Attack { from, target } => format!("{}:{from}x{target}", code(from)),
        Move::Pass => "pass".to_string(),
        Move::Roll { attack, defence } => format!("roll {attack}v{defence}"),
        Move::Push { to } => format!("push {to}"),
        Move::Duel { white, black } => format!("duel {white}v{black}"),
    }
}
