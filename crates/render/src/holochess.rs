//! How holochess is drawn, on the round board of four centres: 12 + 12 + a
//! centre ring of 4. Its squares are the board's cells in the same order
//! (O1..O12, M1..M12, C1..C4).
//!
//! Each creature type has its own silhouette (Brute a square block,
//! Predator a triangle, Guardian a shield, Scout a diamond) so the types
//! read at a glance without the letter; light and dark differ in lightness
//! and in the mark inside (a hollow outline on light, a filled core on
//! dark), which survive colour blindness. The home halves are marked by a
//! band round the rim in the owner's tone.

use super::board::{Board, BoardSpec};
use super::drawing::Drawing;
use super::marks::{Highlight, Marks, MoveMarks, OverlayError};
use super::raster::RgbImage;
use super::round::Ring;
use super::scene::{Caption, Figure, LegendLine, Scene};
use super::theme::Theme;
use holotable_games::holochess::{Creature, DARK, Holochess, LIGHT, Move, Square};
use holotable_games::round_board::FourCentres;
use holotable_games::{Game, GameKind, PlayError, Seat};
use holotable_i18n::Lang;
use holotable_i18n::t;

/// The outer ring is the widest (most traffic, and a name beside every
/// piece); the centre ring of four is a quarter disc each, big enough for
/// a piece and its name. Centre names sit round the middle point, so they
/// stay clear of both the pieces and the middle ring's names.
const RINGS: [Ring; 3] = [
    Ring {
        sectors: 12,
        inner: 0.63,
        outer: 1.0,
        piece_at: 0.785,
        label_at: 0.935,
    },
    Ring {
        sectors: 12,
        inner: 0.31,
        outer: 0.63,
        piece_at: 0.49,
        label_at: 0.36,
    },
    Ring {
        sectors: 4,
        inner: 0.0,
        outer: 0.31,
        piece_at: 0.195,
        label_at: 0.075,
    },
];

/// The key: each creature's shape with its name, light's down the left
/// corner and dark's down the right, as a newcomer cannot tell a Brute
/// from a Guardian by its silhouette alone. The names are the
/// catalogue's `key-creature`, selected by [`creature_key`].
pub const KEY: [Creature; 4] = [
    Creature::Brute,
    Creature::Predator,
    Creature::Guardian,
    Creature::Scout,
];

/// How the catalogue's messages select a creature.
fn creature_key(creature: Creature) -> &'static str {
    match creature {
        Creature::Brute => "brute",
        Creature::Predator => "predator",
        Creature::Guardian => "guardian",
        Creature::Scout => "scout",
    }
}

/// Every figure a holochess board shows.
const FIGURES: [Figure; 8] = [
    Figure::LightBrute,
    Figure::LightPredator,
    Figure::LightGuardian,
    Figure::LightScout,
    Figure::DarkBrute,
    Figure::DarkPredator,
    Figure::DarkGuardian,
    Figure::DarkScout,
];

/// Marks the home halves with a band just outside the rim: the upper half
/// (light's home, O10..O3) in the light pieces' colours, the lower half
/// (dark's, O4..O9) in the dark pieces' colours, each edged like its
/// pieces. The halves meet at 3 and 9 o'clock, where a small gap
/// separates the bands.
fn paint_homes(layers: &mut [RgbImage], theme: &Theme, centre: (f32, f32), radius: f32) {
    let Some(area) = layers.first().map(|layer| layer.area) else {
        return;
    };
    let (inner, outer) = (radius * 1.014, radius * 1.05);
    let edge = (radius * 0.006).max(1.0);
    let gap = radius * 0.02;
    let y0 = (centre.1 - outer - 2.0).max(0.0) as usize;
    let y1 = (centre.1 + outer + 2.0) as usize + 1;
    let x0 = (centre.0 - outer - 2.0).max(0.0) as usize;
    let x1 = (centre.0 + outer + 2.0) as usize + 1;
    for y in area.rows(y0..y1) {
        let dy = y as f32 + 0.5 - centre.1;
        for x in area.columns(x0..x1) {
            let dx = x as f32 + 0.5 - centre.0;
            let r = dx.hypot(dy);
            // Coverage of the band, and of its edge lines, with soft borders.
            let band = ((r - inner + 0.5).min(outer - r + 0.5) / 1.0).clamp(0.0, 1.0);
            let ends = (dy.abs() - gap / 2.0 + 0.5).clamp(0.0, 1.0);
            let coverage = band * ends;
            if coverage <= 0.0 {
                continue;
            }
            let (fill, mark) = if dy < 0.0 {
                (theme.white_piece, theme.white_mark)
            } else {
                (theme.black_piece, theme.black_mark)
            };
            let border = (r - inner).min(outer - r).min(dy.abs() - gap / 2.0);
            let line = (edge - border + 0.5).clamp(0.0, 1.0);
            for layer in layers.iter_mut() {
                layer.blend(x as i32, y as i32, fill, coverage * 0.85);
                layer.blend(x as i32, y as i32, mark, coverage * line);
            }
        }
    }
}

fn cell(square: Square) -> u8 {
    square.index() as u8
}

/// The sprite of `seat`'s `creature`.
pub fn figure(seat: Seat, creature: Creature) -> Figure {
    let light = seat == LIGHT;
    match creature {
        Creature::Brute if light => Figure::LightBrute,
        Creature::Brute => Figure::DarkBrute,
        Creature::Predator if light => Figure::LightPredator,
        Creature::Predator => Figure::DarkPredator,
        Creature::Guardian if light => Figure::LightGuardian,
        Creature::Guardian => Figure::DarkGuardian,
        Creature::Scout if light => Figure::LightScout,
        Creature::Scout => Figure::DarkScout,
    }
}

/// Parses and checks a move without touching `game`.
fn legal_move(game: &Holochess, notation: &str) -> Result<Move, PlayError> {
    game.clone().play_notation(notation)
}

impl Drawing for Holochess {
    fn board() -> BoardSpec {
        BoardSpec::round::<FourCentres>(&RINGS)
    }

    fn figures() -> &'static [Figure] {
        &FIGURES
    }

    fn decorate(layers: &mut [RgbImage], theme: &Theme, board: &Board) {
        if let Board::Round(round, _) = board {
            paint_homes(layers, theme, round.centre(), round.radius());
        }
    }

    fn scene(&self, marks: &Marks, lang: Lang) -> Scene {
        let mut scene = Scene::default();
        for seat in [LIGHT, DARK] {
            for creature in Creature::ALL {
                if let Some(square) = self.square_of(seat, creature) {
                    scene.pieces.push((cell(square), figure(seat, creature)));
                }
            }
        }
        // The site lights up "the enemy squares it can attack" apart from the
        // empty squares a creature can move to.
        let enemy = self.occupied_by(Seat(1 - self.side_to_move().0));
        marks.apply(&mut scene, |c| {
            Square::from_index(usize::from(c)).is_some_and(|sq| enemy.contains(sq))
        });
        for (seat, left) in [(LIGHT, true), (DARK, false)] {
            for creature in KEY {
                scene.legend.push(LegendLine {
                    figure: figure(seat, creature),
                    text: t!(lang, "key-creature", creature = creature_key(creature)),
                    left,
                });
            }
        }
        scene.caption = caption(self, lang);
        scene
    }

    fn move_marks(&self, notation: &str) -> Result<MoveMarks, PlayError> {
        let trace = self.trace(legal_move(self, notation)?);
        Ok(MoveMarks {
            path: trace.path.iter().map(|&sq| cell(sq)).collect(),
            captures: trace.capture.iter().map(|&sq| cell(sq)).collect(),
            ..MoveMarks::default()
        })
    }

    fn destination(&self, notation: &str) -> Result<u8, PlayError> {
        Ok(match legal_move(self, notation)? {
            Move::Place { to, .. } | Move::Act { to, .. } => cell(to),
        })
    }

    /// The squares the creature on `square` can move to and attack (a
    /// Scout's attack squares as well as where it ends). The scene tells
    /// them apart by what stands there.
    fn highlight(&self, square: &str) -> Result<Highlight, OverlayError> {
        let from: Square = square.parse()?;
        let side = self.side_to_move();
        if !self.occupied_by(side).contains(from) {
            return Err(OverlayError::NoPieceToMove {
                side: self.seat_name(side),
                square: from.to_string(),
            });
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut to = Vec::new();
        for mv in moves {
            if let Move::Act {
                from: origin,
                to: end,
                capture,
            } = mv
                && origin == from
            {
                for square in std::iter::once(end).chain(capture) {
                    if !to.contains(&cell(square)) {
                        to.push(cell(square));
                    }
                }
            }
        }
        Ok(Highlight {
            from: cell(from),
            to,
        })
    }

    fn pieces_sentence(&self, look: Figure, count: usize, squares: &str, lang: Lang) -> String {
        let shown = [LIGHT, DARK]
            .into_iter()
            .flat_map(|seat| Creature::ALL.map(|creature| (seat, creature)))
            .find(|&(seat, creature)| figure(seat, creature) == look);
        let Some((seat, creature)) = shown else {
            return String::new();
        };
        t!(
            lang,
            "alt-creatures",
            seat = self.seat_name(seat),
            creature = creature_key(creature),
            count = count,
            squares = squares
        )
    }
}

fn caption(game: &Holochess, lang: Lang) -> Caption {
    let side = game.side_to_move();
    let seat = game.seat_name(side);
    let (status, turn) = match game.outcome() {
        None if game.placing() => (
            vec![
                t!(lang, "caption-placement", placement = game.ply() + 1),
                t!(lang, "caption-to-place", seat = seat),
            ],
            Some(figure(side, Creature::Brute)),
        ),
        None => {
            let mut status = vec![
                // Numbered as the ballot numbers it: every decision since
                // the start, placements included.
                t!(lang, "caption-move", move = game.ply() + 1),
                t!(lang, "caption-to-move", seat = seat),
            ];
            // The last-creature count is what decides endgames; show it.
            for counting in [LIGHT, DARK] {
                if game.counting(counting) {
                    let side = t!(lang, "render-side", seat = game.seat_name(counting));
                    let count = game.counter(counting);
                    status.push(t!(lang, "caption-counting", side = side, count = count));
                }
            }
            (status, Some(figure(side, Creature::Brute)))
        }
        Some(outcome) => {
            let result = match outcome.winner() {
                Some(winner) => t!(lang, "caption-wins", seat = game.seat_name(winner)),
                None => t!(lang, "caption-draw"),
            };
            (vec![t!(lang, "caption-game-over"), result], None)
        }
    };
    Caption {
        title: t!(lang, "game-title", game = GameKind::Holochess.as_str()),
        status,
        turn,
        note: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Tint;
    use holotable_games::holochess::Rules;

    fn game(position: &str) -> Holochess {
        Holochess::from_position(&Rules::default(), position).expect("test position is valid")
    }

    fn cell_of(square: &str) -> u8 {
        cell(square.parse().expect("test square"))
    }

    #[test]
    fn highlight_tells_attacks_from_moves() {
        // The dark Scout on C2 can move to C4, O4, and (after attacks)
        // C3, M7; it can attack C1, M5 and (after a move) O3.
        let game = game("BC1,PM5,GO3,SM3/BO6,PO2,GM1,SC2 d 21 0,0");
        let overlay = crate::Overlay::new(256)
            .with_highlight(&holotable_games::AnyGame::Holochess(game.clone()), "C2")
            .expect("a dark creature");
        let scene = game.scene(&overlay.marks, overlay.lang);
        let tinted = |tint: Tint| -> Vec<u8> {
            let mut cells: Vec<u8> = scene
                .tints
                .iter()
                .filter(|(_, t)| *t == tint)
                .map(|(c, _)| *c)
                .collect();
            cells.sort();
            cells
        };
        let mut attacks: Vec<u8> = ["C1", "M5", "O3"].map(cell_of).to_vec();
        attacks.sort();
        assert_eq!(tinted(Tint::Captured), attacks);
        let mut moves: Vec<u8> = ["C4", "O4", "C3", "M7"].map(cell_of).to_vec();
        moves.sort();
        assert_eq!(tinted(Tint::Option), moves);
        assert_eq!(tinted(Tint::Selected), [cell_of("C2")]);
    }

    #[test]
    fn a_scout_that_attacks_then_moves_leaves_a_trail_through_its_capture() {
        let before = game("BC1,PM5,GO3,SM12/BO6,PO2,GM1,SC2 l 20 0,0");
        let marks = before.move_marks("SM12xM1-M3").expect("legal");
        assert_eq!(
            marks.path.as_slice(),
            ["M12", "M1", "M2", "M3"].map(cell_of)
        );
        assert_eq!(marks.captures.as_slice(), [cell_of("M1")]);
    }

    #[test]
    fn placements_mark_their_square_and_caption_the_phase() {
        let before = game("BO1,PO2/BO6,PO7 d 4 0,0");
        let marks = before.move_marks("G@O5").expect("legal");
        assert_eq!(marks.path.as_slice(), [cell_of("O5")]);
        assert_eq!(before.destination("G@O5"), Ok(cell_of("O5")));
        let caption = caption(&before, Lang::En);
        assert_eq!(caption.status_line(), "Placement 5 of 8 · Dark to place");
    }

    #[test]
    fn the_caption_shows_a_running_last_creature_count() {
        // The 32nd decision: eight placements and 23 moves were made.
        let caption = caption(&game("BM3/SC3,GO8 d 31 2,0"), Lang::En);
        assert_eq!(caption.status_line(), "Move 32 · Dark to move · Light 2/3");
    }
}
