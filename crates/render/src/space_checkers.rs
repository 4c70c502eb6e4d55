//! How Space Checkers is drawn, on the round board of one centre. Its
//! squares are the board's cells in the same order (A1..A12 the outer ring,
//! B1..B12 the inner, C the centre); white plays the light disc and black
//! the dark one.

use super::board::BoardSpec;
use super::drawing::Drawing;
use super::marks::{Highlight, Marks, MoveMarks, OverlayError};
use super::round::ONE_CENTRE;
use super::scene::{Caption, Figure, Scene};
use arrayvec::ArrayVec;
use holotable_games::round_board::OneCentre;
use holotable_games::space_checkers::{BLACK, Move, SpaceCheckers, Square, WHITE};
use holotable_games::{Game, GameKind, PlayError, Seat};
use holotable_i18n::Lang;
use holotable_i18n::t;

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

impl Drawing for SpaceCheckers {
    fn board() -> BoardSpec {
        BoardSpec::round::<OneCentre>(&ONE_CENTRE)
    }

    fn figures() -> &'static [Figure] {
        &[Figure::LightDisc, Figure::DarkDisc]
    }

    fn scene(&self, marks: &Marks, lang: Lang) -> Scene {
        let mut scene = Scene::default();
        for seat in [WHITE, BLACK] {
            for square in self.pieces(seat).iter() {
                scene.pieces.push((cell(square), figure(seat)));
            }
        }
        marks.apply(&mut scene, |_| false);
        scene.caption = caption(self, lang);
        scene
    }

    fn move_marks(&self, notation: &str) -> Result<MoveMarks, PlayError> {
        let trace = self.trace(legal_move(self, notation)?);
        Ok(MoveMarks {
            path: trace.path.iter().map(|&sq| cell(sq)).collect(),
            captures: trace.captures.iter().map(|&sq| cell(sq)).collect(),
            ..MoveMarks::default()
        })
    }

    /// A boost zigzags through the squares it bounces off, which reads as
    /// several arrows; its one straight line from piece to destination
    /// reads as one.
    fn option_path(&self, notation: &str) -> Result<ArrayVec<u8, 16>, PlayError> {
        let path = self.move_marks(notation)?.path;
        Ok(match path.as_slice() {
            [from, .., to] => [*from, *to].into_iter().collect(),
            _ => path,
        })
    }

    fn destination(&self, notation: &str) -> Result<u8, PlayError> {
        Ok(cell(legal_move(self, notation)?.to))
    }

    fn highlight(&self, square: &str) -> Result<Highlight, OverlayError> {
        let from: Square = square.parse()?;
        let side = self.side_to_move();
        if !self.pieces(side).contains(from) {
            return Err(OverlayError::NoPieceToMove {
                side: self.seat_name(side),
                square: from.to_string(),
            });
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        Ok(Highlight {
            from: cell(from),
            to: moves
                .iter()
                .filter(|mv| mv.from == from)
                .map(|mv| cell(mv.to))
                .collect(),
        })
    }

    fn pieces_sentence(&self, figure: Figure, count: usize, squares: &str, lang: Lang) -> String {
        let seat = if figure == Figure::DarkDisc {
            "black"
        } else {
            "white"
        };
        t!(
            lang,
            "alt-discs",
            seat = seat,
            count = count,
            squares = squares
        )
    }
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
        title: t!(lang, "game-title", game = GameKind::SpaceCheckers.as_str()),
        status,
        turn,
        note: String::new(),
    }
}
