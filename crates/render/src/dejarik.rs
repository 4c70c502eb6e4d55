//! How Dejarik is drawn, on the round board of one centre that it shares
//! with Space Checkers (the same 25 cells in the same order). Each monster is its side's disc with its two-letter code; the
//! top corners list every monster on the board with its name and figures
//! (attack·defence·movement), white's left, black's right. The caption
//! names the phase (whose action, dice, a push to choose).

use super::board::BoardSpec;
use super::drawing::Drawing;
use super::marks::{Highlight, Marks, MoveMarks, OverlayError};
use super::round::ONE_CENTRE;
use super::scene::{Caption, Figure, LegendLine, Scene};
use holotable_games::dejarik::{BLACK, Dejarik, Move, Phase, Piece, Square, WHITE, path_through};
use holotable_games::round_board::OneCentre;
use holotable_games::{Game, GameKind, PlayError, Seat};
use holotable_i18n::Lang;
use holotable_i18n::t;

fn cell(square: Square) -> u8 {
    square.index() as u8
}

/// Every figure a Dejarik board shows: the plain discs (the caption's
/// turn marker) and each monster on either side; the palette is built
/// from these.
const FIGURES: [Figure; 18] = [
    Figure::LightDisc,
    Figure::DarkDisc,
    Figure::LightMonster(0),
    Figure::LightMonster(1),
    Figure::LightMonster(2),
    Figure::LightMonster(3),
    Figure::LightMonster(4),
    Figure::LightMonster(5),
    Figure::LightMonster(6),
    Figure::LightMonster(7),
    Figure::DarkMonster(0),
    Figure::DarkMonster(1),
    Figure::DarkMonster(2),
    Figure::DarkMonster(3),
    Figure::DarkMonster(4),
    Figure::DarkMonster(5),
    Figure::DarkMonster(6),
    Figure::DarkMonster(7),
];

/// The caption's turn marker: the side's plain disc.
fn figure(seat: Seat) -> Figure {
    if seat == WHITE {
        Figure::LightDisc
    } else {
        Figure::DarkDisc
    }
}

fn monster_figure(piece: Piece) -> Figure {
    if piece.owner == WHITE {
        Figure::LightMonster(piece.kind)
    } else {
        Figure::DarkMonster(piece.kind)
    }
}

fn legal_move(game: &Dejarik, notation: &str) -> Result<Move, PlayError> {
    game.clone().play_notation(notation)
}

impl Drawing for Dejarik {
    /// Space Checkers' board (seed 001: two rings of twelve round one
    /// centre).
    fn board() -> BoardSpec {
        BoardSpec::round::<OneCentre>(&ONE_CENTRE)
    }

    fn figures() -> &'static [Figure] {
        &FIGURES
    }

    fn scene(&self, marks: &Marks, lang: Lang) -> Scene {
        let mut scene = Scene::default();
        for (square, piece) in self.pieces() {
            scene.pieces.push((cell(square), monster_figure(piece)));
            let monster = self.monster(piece);
            scene.legend.push(LegendLine {
                figure: monster_figure(piece),
                text: t!(
                    lang,
                    "key-monster",
                    name = monster.short_name(),
                    attack = monster.attack,
                    defence = monster.defence,
                    movement = monster.movement
                ),
                left: piece.owner == WHITE,
            });
        }
        // Attack targets are enemy monsters; they get the capture tint.
        let mover = self.side_to_move();
        marks.apply(&mut scene, |c| {
            Square::from_index(usize::from(c))
                .and_then(|sq| self.piece(sq))
                .is_some_and(|p| p.owner != mover)
        });
        scene.caption = caption(self, lang);
        scene
    }

    fn move_marks(&self, notation: &str) -> Result<MoveMarks, PlayError> {
        let mv = legal_move(self, notation)?;
        let mut marks = MoveMarks::default();
        match mv {
            Move::Step { from, to, via } => {
                // A move that names its path shows it: the path is the choice.
                marks.path.push(cell(from));
                marks
                    .path
                    .extend(path_through(from, to, via).into_iter().map(cell));
                marks.path.push(cell(to));
            }
            Move::Attack { from, target: to } => {
                marks.path.push(cell(from));
                marks.path.push(cell(to));
            }
            Move::Push { to } => {
                if let Phase::Push { target } = self.phase() {
                    marks.path.push(cell(target));
                    marks.path.push(cell(to));
                }
            }
            Move::Roll { .. } | Move::Duel { .. } | Move::Pass => {}
        }
        for square in self.captures(mv) {
            if let Ok(sq) = square.parse::<Square>() {
                marks.captures.push(cell(sq));
            }
        }
        Ok(marks)
    }

    fn destination(&self, notation: &str) -> Result<u8, PlayError> {
        Ok(match legal_move(self, notation)? {
            Move::Step { to, .. } | Move::Attack { target: to, .. } | Move::Push { to } => cell(to),
            Move::Roll { .. } | Move::Duel { .. } | Move::Pass => cell(Square::CORE),
        })
    }

    fn highlight(&self, square: &str) -> Result<Highlight, OverlayError> {
        let from: Square = square.parse()?;
        let side = self.side_to_move();
        if self.piece(from).is_none_or(|p| p.owner != side) {
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
                .filter_map(|mv| match *mv {
                    Move::Step { from: f, to, .. }
                    | Move::Attack {
                        from: f,
                        target: to,
                    } if f == from => Some(cell(to)),
                    _ => None,
                })
                .collect(),
        })
    }

    /// Each monster is one of a kind, so the count goes unsaid.
    fn pieces_sentence(&self, figure: Figure, _count: usize, squares: &str, lang: Lang) -> String {
        let (seat, kind) = match figure {
            Figure::LightMonster(kind) => ("white", kind),
            Figure::DarkMonster(kind) => ("black", kind),
            // The board shows monsters only; the plain discs mark the
            // turn in the caption.
            _ => return String::new(),
        };
        let name = self
            .rules()
            .monsters()
            .get(usize::from(kind))
            .map(|m| m.name.clone());
        t!(
            lang,
            "alt-monster",
            seat = seat,
            name = name.unwrap_or_default(),
            squares = squares
        )
    }
}

fn caption(game: &Dejarik, lang: Lang) -> Caption {
    let (status, turn) = match (game.outcome(), game.phase()) {
        (Some(outcome), _) => {
            let result = match outcome.winner() {
                Some(winner) => t!(lang, "caption-wins", seat = game.seat_name(winner)),
                None => t!(lang, "caption-draw"),
            };
            (vec![t!(lang, "caption-game-over"), result], None)
        }
        (None, Phase::Roll { .. }) => (vec![t!(lang, "caption-dice-roll")], None),
        (None, Phase::Duel) => (vec![t!(lang, "caption-duel")], None),
        (None, Phase::Push { target }) => {
            let pusher = game
                .piece(target)
                .map_or(BLACK, |p| if p.owner == WHITE { BLACK } else { WHITE });
            (
                vec![t!(lang, "caption-push", seat = game.seat_name(pusher))],
                Some(figure(pusher)),
            )
        }
        (None, _) => {
            let side = game.side_to_move();
            let action = 3 - game.actions_left();
            (
                vec![
                    t!(lang, "render-side", seat = game.seat_name(side)),
                    t!(lang, "caption-action", action = action),
                ],
                Some(figure(side)),
            )
        }
    };
    Caption {
        title: t!(lang, "game-title", game = GameKind::Dejarik.as_str()),
        status,
        turn,
        note: String::new(),
    }
}
