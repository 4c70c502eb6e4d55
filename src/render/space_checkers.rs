//! Space Checkers on the round board. Its squares are the board's cells in
//! the same order (A1..A12 the outer ring, B1..B12 the inner, C the centre),
//! white plays the light disc and black the dark one.

use super::overlay::{Highlight, MoveMarks, Overlay, OverlayError};
use super::round::Ring;
use super::scene::{Caption, Figure, Scene};
use crate::games::space_checkers::{BLACK, Move, SpaceCheckers, Square, WHITE};
use crate::games::{Game, GameKind, PlayError, Seat};
use crate::i18n::Lang;
use crate::t;

/// The outer orbit is the widest ring because it holds the most traffic
/// and a label beside every piece; the core is just big enough for one
/// piece and its name. Inner-orbit names sit on the core side of their
/// pieces, so the path of a move between the orbits never crosses a name
/// (only moves into or out of the core do).
pub const RINGS: [Ring; 3] = [
    Ring {
        sectors: 12,
        inner: 0.6,
        outer: 1.0,
        piece_at: 0.765,
        label_at: 0.925,
    },
    Ring {
        sectors: 12,
        inner: 0.27,
        outer: 0.6,
        piece_at: 0.475,
        label_at: 0.325,
    },
    Ring {
        sectors: 1,
        inner: 0.0,
        outer: 0.27,
        piece_at: 0.0,
        label_at: 0.165,
    },
];

/// Cell names in cell order.
pub fn names() -> Vec<String> {
    Square::all().map(|square| square.to_string()).collect()
}

fn cell(square: Square) -> u8 {
    square.index() as u8
}

fn figure(seat: Seat) -> Figure {
    if seat == WHITE {
        Figure::LightDisc
    } else {
        Figure::DarkDisc
    }
}

/// Parses and checks a move without touching `game`.
fn legal_move(game: &SpaceCheckers, notation: &str) -> Result<Move, PlayError> {
    game.clone().play_notation(notation)
}

pub fn move_marks(before: &SpaceCheckers, notation: &str) -> Result<MoveMarks, PlayError> {
    let trace = before.trace(legal_move(before, notation)?);
    Ok(MoveMarks {
        path: trace.path.iter().map(|&sq| cell(sq)).collect(),
        captures: trace.captures.iter().map(|&sq| cell(sq)).collect(),
        ..MoveMarks::default()
    })
}

pub fn destination(game: &SpaceCheckers, notation: &str) -> Result<u8, PlayError> {
    Ok(cell(legal_move(game, notation)?.to))
}

pub fn highlight(game: &SpaceCheckers, square: &str) -> Result<Highlight, OverlayError> {
    let from: Square = square.parse().map_err(|_| OverlayError::NotASquare {
        text: square.chars().take(12).collect(),
        expected: "A1..A12, B1..B12 or C",
    })?;
    let side = game.side_to_move();
    if !game.pieces(side).contains(from) {
        return Err(OverlayError::NoPieceToMove {
            side: game.seat_name(side),
            square: from.to_string(),
        });
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    Ok(Highlight {
        from: cell(from),
        to: moves
            .iter()
            .filter(|mv| mv.from == from)
            .map(|mv| cell(mv.to))
            .collect(),
    })
}

pub fn scene(game: &SpaceCheckers, overlay: &Overlay) -> Scene {
    let mut scene = Scene::default();
    for seat in [WHITE, BLACK] {
        for square in game.pieces(seat).iter() {
            scene.pieces.push((cell(square), figure(seat)));
        }
    }
    overlay.mark(&mut scene, |_| false);
    scene.caption = caption(game, overlay.lang);
    scene
}

fn caption(game: &SpaceCheckers, lang: Lang) -> Caption {
    let side = game.side_to_move();
    let (status, turn) = match game.outcome() {
        None => (
            vec![
                t!(lang, "caption-move", move = game.ply() + 1),
                t!(lang, "caption-to-move", seat = game.seat_name(side)),
            ],
            Some(figure(side)),
        ),
        Some(outcome) => {
            let result = match (outcome.winner(), &outcome.scores) {
                (Some(winner), Some(s)) => t!(
                    lang,
                    "caption-wins-score",
                    seat = game.seat_name(winner),
                    first = s[WHITE],
                    second = s[BLACK]
                ),
                (Some(winner), None) => t!(lang, "caption-wins", seat = game.seat_name(winner)),
                (None, Some(s)) => t!(
                    lang,
                    "caption-draw-score",
                    first = s[WHITE],
                    second = s[BLACK]
                ),
                (None, None) => t!(lang, "caption-draw"),
            };
            (vec![t!(lang, "caption-game-over"), result], None)
        }
    };
    Caption {
        title: GameKind::SpaceCheckers.title(),
        status,
        turn,
        note: String::new(),
    }
}
