//! Djambi's [`Drawing`]: from a position to the image's [`View`], and from
//! a move's notation to its marks: the path (with a flight from the
//! Labyrinth), the corpse or passenger it sent elsewhere, and the
//! Reporter's victim.

use super::{ARMIES, FILES, LABYRINTH, Occupant, PIECES, RANKS, View};
use crate::board::BoardSpec;
use crate::drawing::Drawing;
use crate::marks::{Highlight, Marks, MoveMarks, OverlayError};
use crate::scene::{Figure, FollowUp, Scene};
use holotable_games::djambi::{Army, Djambi, End, Kind, Move, Square};
use holotable_games::{Game, PlayError};
use holotable_i18n::Lang;
use holotable_i18n::t;

fn cell(square: Square) -> u8 {
    square.index() as u8
}

fn army(army: Army) -> u8 {
    army.index() as u8
}

/// The view of `game`, its caption in `lang`.
pub fn view(game: &Djambi, lang: Lang) -> View {
    let mut squares = [None; 81];
    for (square, piece) in game.pieces() {
        squares[square.index()] = Some(if piece.dead {
            Occupant::Corpse
        } else {
            Occupant::Piece {
                army: army(piece.army),
                kind: piece.kind as u8,
            }
        });
    }
    View {
        squares,
        commanders: Army::ALL.map(|a| game.controller(a).map(army)),
        to_move: game.end().is_none().then(|| army(game.to_move())),
        status: status(game, lang),
    }
}

fn status(game: &Djambi, lang: Lang) -> Vec<String> {
    match game.end() {
        Some(End::Won { winner }) => vec![
            t!(lang, "caption-game-over"),
            t!(lang, "caption-wins", seat = game.seat_name(winner)),
        ],
        Some(End::Quiet | End::AllEncircled) => {
            vec![t!(lang, "caption-game-over"), t!(lang, "caption-draw")]
        }
        None => {
            let mover = game.to_move().name();
            let mut status = vec![if game.extra_turn() {
                t!(lang, "caption-labyrinth-turn", seat = mover)
            } else {
                t!(lang, "caption-to-move", seat = mover)
            }];
            // Two players command two armies each; say whose army it is.
            if game.seat_count() == 2 {
                let seat = game.seat_name(game.seat_of(game.to_move()));
                status.push(t!(lang, "render-side", seat = seat));
            }
            status
        }
    }
}

fn legal_move(game: &Djambi, notation: &str) -> Result<Move, PlayError> {
    game.clone().play_notation(notation)
}

impl Drawing for Djambi {
    fn board() -> BoardSpec {
        BoardSpec::Grid {
            files: &FILES,
            ranks: &RANKS,
            special: Some(LABYRINTH),
        }
    }

    fn figures() -> &'static [Figure] {
        super::figures()
    }

    fn scene(&self, marks: &Marks, lang: Lang) -> Scene {
        super::scene(&view(self, lang), marks, lang)
    }

    fn move_marks(&self, notation: &str) -> Result<MoveMarks, PlayError> {
        let mv = legal_move(self, notation)?;
        let mut marks = MoveMarks::default();
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            return Ok(marks);
        };
        marks.path.push(cell(from));
        marks.path.push(cell(to));
        marks.path.extend(mv.flee().map(cell));
        let Some(mover) = self.piece(from) else {
            return Ok(marks);
        };
        let kills = self.kills(mv);
        // Where the piece that stood on `to` went: an Assassin leaves the
        // corpse where it came from; other killers and the two movers put it
        // on the move's extra square.
        let sent = match mover.kind {
            Kind::Assassin => Some(from),
            Kind::Leader | Kind::Militant | Kind::Diplomat | Kind::Necromobile => mv.extra(),
            Kind::Reporter => None,
        };
        if let Some(sent) = sent
            && self.piece(to).is_some()
        {
            marks.follow_ups.push(FollowUp {
                from: cell(to),
                to: cell(sent),
                kill: kills.contains(&to),
            });
        }
        // A Reporter's victim dies where it stands.
        marks
            .captures
            .extend(kills.iter().filter(|&&k| k != to).map(|&k| cell(k)));
        Ok(marks)
    }

    fn destination(&self, notation: &str) -> Result<u8, PlayError> {
        let mv = legal_move(self, notation)?;
        // A pass has no square; its badge goes on the Labyrinth, the one
        // square every player looks at.
        Ok(mv.flee().or(mv.to()).map_or(LABYRINTH as u8, cell))
    }

    fn highlight(&self, square: &str) -> Result<Highlight, OverlayError> {
        let from: Square = square.parse().map_err(|_| OverlayError::NotASquare {
            text: square.chars().take(12).collect(),
            expected: "a column A-I and a row 1-9, like E5",
        })?;
        let mover = self.to_move();
        if self
            .piece(from)
            .is_none_or(|p| self.controller_of(p) != Some(mover))
        {
            return Err(OverlayError::NoPieceToMove {
                side: mover.name(),
                square: from.to_string(),
            });
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut to = Vec::new();
        for mv in moves.iter().filter(|mv| mv.from() == Some(from)) {
            if let Some(end) = mv.to().map(cell)
                && !to.contains(&end)
            {
                to.push(end);
            }
        }
        Ok(Highlight {
            from: cell(from),
            to,
        })
    }

    fn pieces_sentence(&self, figure: Figure, count: usize, squares: &str, lang: Lang) -> String {
        match figure {
            Figure::Djambi(army, kind) => t!(
                lang,
                "alt-djambi-pieces",
                army = ARMIES.get(usize::from(army)).copied().unwrap_or_default(),
                kind = PIECES.get(usize::from(kind)).copied().unwrap_or_default(),
                count = count,
                squares = squares
            ),
            Figure::Corpse => t!(lang, "alt-corpses", count = count, squares = squares),
            _ => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holotable_games::djambi::Rules;

    /// Red's piece of the given kind on C9 facing a Yellow Militant down
    /// the C column on C3; Green's and Yellow's Leaders top left and right,
    /// Red's (unless it is the piece) and Blue's on the bottom row.
    fn facing(kind: char) -> Djambi {
        let bottom = match kind {
            'L' => "2RL5BL".to_string(),
            _ => format!("2R{kind}2RL2BL"),
        };
        let position = format!("GL7YL/9/2YM6/9/9/9/9/9/{bottom} R RBYG 0");
        Djambi::from_position(&Rules::default(), &position).expect("test position is valid")
    }

    fn sq(name: &str) -> u8 {
        cell(name.parse().expect("test square"))
    }

    #[test]
    fn a_leaders_kill_sends_the_corpse_where_the_move_says() {
        let marks = facing('L').move_marks("LC9-C3x@F6").expect("legal");
        assert_eq!(marks.path.as_slice(), [sq("C9"), sq("C3")]);
        assert_eq!(
            marks.follow_ups.as_slice(),
            [FollowUp {
                from: sq("C3"),
                to: sq("F6"),
                kill: true
            }]
        );
        assert!(marks.captures.is_empty());
    }

    #[test]
    fn an_assassins_victim_lies_where_the_assassin_came_from() {
        let marks = facing('A').move_marks("AC9-C3x").expect("legal");
        assert_eq!(marks.follow_ups[0].to, sq("C9"));
        assert!(marks.follow_ups[0].kill);
    }

    #[test]
    fn a_reporters_victim_dies_in_place_and_a_diplomats_passenger_moves_alive() {
        let marks = facing('R').move_marks("RC9-C4xC3").expect("legal");
        assert_eq!(marks.captures.as_slice(), [sq("C3")]);
        assert!(marks.follow_ups.is_empty());
        let marks = facing('D').move_marks("DC9-C3@F6").expect("legal");
        assert_eq!(
            marks.follow_ups.as_slice(),
            [FollowUp {
                from: sq("C3"),
                to: sq("F6"),
                kill: false
            }]
        );
    }

    #[test]
    fn a_fallen_leaders_army_shows_its_new_commander() {
        let mut game =
            Djambi::from_position(&Rules::default(), "GL7YL/9/9/9/9/9/9/9/4BL3RL R RBYG 0")
                .expect("test position is valid");
        game.play_notation("LI9-I1x@A5").expect("legal");
        let view = view(&game, Lang::En);
        assert_eq!(view.commanders, [Some(0), Some(1), Some(0), Some(3)]);
        assert_eq!(view.squares[usize::from(sq("A5"))], Some(Occupant::Corpse));
        assert_eq!(view.to_move, Some(1));
        assert_eq!(view.status, ["Blue to move"]);
    }

    #[test]
    fn highlight_lists_each_destination_once() {
        let game = facing('L');
        let highlight = game.highlight("C9").expect("Red's Leader");
        let c3 = highlight.to.iter().filter(|&&c| c == sq("C3")).count();
        assert_eq!(c3, 1, "one kill square, however many corpse squares");
        assert!(matches!(
            highlight_err(&game, "C3"),
            OverlayError::NoPieceToMove { .. }
        ));
        assert!(matches!(
            highlight_err(&game, "Z0"),
            OverlayError::NotASquare { .. }
        ));
    }

    fn highlight_err(game: &Djambi, square: &str) -> OverlayError {
        game.highlight(square)
            .expect_err("not a piece of the side to move")
    }
}
