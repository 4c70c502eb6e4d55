//! Djambi board images: renders views, decodes the PNG and checks pixels
//! where the grid says things are. Colours are compared exactly, as in
//! `render/tests.rs`: the army, corpse and marker colours are reserved
//! palette entries.

use super::super::drawing::Drawing;
use super::super::marks::{Highlight, MoveMarks};
use super::super::renderer::Renderer;
use super::super::scene::{FollowUp, Tint};
use super::super::theme::{HOLO, Rgb};
use super::super::{Frame, Overlay, board_png, replay_gif};
use super::*;
use holotable_games::{AnyGame, GameRecord};
use holotable_i18n::Lang;
use rand::SeedableRng;
use std::sync::OnceLock;

const SIZE: usize = 512;
const RED: u8 = 0;
const BLUE: u8 = 1;
const YELLOW: u8 = 2;
const GREEN: u8 = 3;
const LEADER: u8 = 0;
const ASSASSIN: u8 = 1;
const REPORTER: u8 = 2;
const DIPLOMAT: u8 = 3;
const NECROMOBILE: u8 = 4;
const MILITANT: u8 = 5;

/// The cell of a square name such as "E5" (column, then row from the top).
fn cell(square: &str) -> u8 {
    let bytes = square.as_bytes();
    let column = bytes[0] - b'A';
    let row = bytes[1] - b'1';
    row * 9 + column
}

/// One army's corner as the seed lays it out, from the Leader in the outer
/// corner towards the Necromobile in the inner one: (row step, column
/// step, kind).
const CORNER: [(u8, u8, u8); 9] = [
    (0, 0, LEADER),
    (0, 1, ASSASSIN),
    (0, 2, MILITANT),
    (1, 0, REPORTER),
    (1, 1, DIPLOMAT),
    (1, 2, MILITANT),
    (2, 0, MILITANT),
    (2, 1, MILITANT),
    (2, 2, NECROMOBILE),
];

fn put(view: &mut View, square: &str, occupant: Option<Occupant>) {
    view.squares[usize::from(cell(square))] = occupant;
}

fn piece(army: u8, kind: u8) -> Option<Occupant> {
    Some(Occupant::Piece { army, kind })
}

/// The seed's start: Red bottom left (its Leader on A9), Blue bottom
/// right, Yellow top right, Green top left.
fn start() -> View {
    let mut squares = [None; 81];
    let corners = [(RED, 8, 0), (BLUE, 8, 8), (YELLOW, 0, 8), (GREEN, 0, 0)];
    for (army, row0, column0) in corners {
        for (dr, dc, kind) in CORNER {
            let row = if row0 == 0 { dr } else { 8 - dr };
            let column = if column0 == 0 { dc } else { 8 - dc };
            squares[usize::from(row * 9 + column)] = piece(army, kind);
        }
    }
    View {
        squares,
        commanders: [Some(RED), Some(BLUE), Some(YELLOW), Some(GREEN)],
        to_move: Some(RED),
        status: vec!["Red to move".to_string()],
    }
}

/// Red's Leader, out on D4, kills Yellow's Militant on G1 and lays the
/// corpse on E4; earlier Red killed Green's Leader (its corpse on A1), so
/// Green's pieces serve Red.
fn after_a_kill() -> (View, Overlay) {
    let mut view = start();
    put(&mut view, "A9", None);
    put(&mut view, "A1", Some(Occupant::Corpse));
    put(&mut view, "G1", piece(RED, LEADER));
    put(&mut view, "E4", Some(Occupant::Corpse));
    view.commanders[usize::from(GREEN)] = Some(RED);
    view.to_move = Some(BLUE);
    view.status = vec!["Blue to move".to_string()];
    let mut marks = MoveMarks::default();
    marks.path.push(cell("D4"));
    marks.path.push(cell("G1"));
    marks.follow_ups.push(FollowUp {
        from: cell("G1"),
        to: cell("E4"),
        kill: true,
    });
    let mut overlay = Overlay::new(SIZE as u32);
    overlay.marks.last_move = Some(marks);
    (view, overlay)
}

fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::new(GameKind::Djambi, SIZE, &HOLO))
}

fn render(view: &View, overlay: &Overlay) -> Vec<u8> {
    let mut frame = Frame::default();
    renderer().draw(&scene(view, &overlay.marks, overlay.lang), &mut frame);
    let mut png = Vec::new();
    renderer().encode_png(&frame, &mut png);
    png
}

struct Decoded {
    width: usize,
    rgb: Vec<u8>,
}

impl Decoded {
    fn new(png: &[u8]) -> Decoded {
        let image = image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .expect("our PNG decodes")
            .to_rgb8();
        Decoded {
            width: image.width() as usize,
            rgb: image.into_raw(),
        }
    }

    fn at(&self, (x, y): (i32, i32)) -> Rgb {
        let i = (y as usize * self.width + x as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

fn offset((x, y): (i32, i32), dx: f32, dy: f32) -> (i32, i32) {
    (x + dx.round() as i32, y + dy.round() as i32)
}

/// Below the letter and inside the rim: where a piece shows its body.
fn body(square: &str) -> (i32, i32) {
    offset(
        renderer().spot(cell(square)),
        0.0,
        renderer().piece_radius() * 0.6,
    )
}

#[test]
fn png_decodes_at_the_renderers_size() {
    let png = render(&start(), &Overlay::new(SIZE as u32));
    let image = image::load_from_memory_with_format(&png, image::ImageFormat::Png)
        .expect("our PNG decodes");
    assert_eq!((image.width(), image.height()), (SIZE as u32, SIZE as u32));
}

#[test]
fn each_army_wears_its_colour_and_its_letter_in_its_ink() {
    let png = Decoded::new(&render(&start(), &Overlay::new(SIZE as u32)));
    for (square, army) in [("A9", RED), ("I9", BLUE), ("I1", YELLOW), ("A1", GREEN)] {
        let army = usize::from(army);
        assert_eq!(png.at(body(square)), HOLO.armies[army], "body on {square}");
    }
    // The stem of Green's Militant's M on C1 is in Green's ink.
    let m = offset(
        renderer().spot(cell("C1")),
        -renderer().piece_radius() * 0.38,
        0.0,
    );
    assert_eq!(png.at(m), HOLO.army_ink[usize::from(GREEN)]);
}

#[test]
fn the_labyrinth_is_painted_apart_and_corpses_are_grey_and_crossed() {
    let (view, overlay) = after_a_kill();
    let png = Decoded::new(&render(&view, &overlay));
    let labyrinth = renderer().spot(LABYRINTH as u8);
    assert_eq!(png.at(labyrinth), HOLO.labyrinth);
    assert_ne!(png.at(renderer().spot(cell("D5"))), HOLO.labyrinth);
    // Green's Leader lies dead on A1: a grey body, a dark cross at its
    // centre, and none of Green's colour.
    assert_eq!(png.at(renderer().spot(cell("A1"))), HOLO.corpse_mark);
    assert_eq!(png.at(body("A1")), HOLO.corpse);
}

#[test]
fn the_last_move_shows_its_path_and_where_the_corpse_went() {
    let (view, overlay) = after_a_kill();
    let png = Decoded::new(&render(&view, &overlay));
    let r = renderer();
    // Halfway along D4-G1 (through E3 and F2) the move's line.
    let (d4, g1) = (r.spot(cell("D4")), r.spot(cell("G1")));
    let middle = ((d4.0 + g1.0) / 2, (d4.1 + g1.1) / 2);
    assert_eq!(png.at(middle), HOLO.last_move);
    // The killer stands on G1; the corpse it carried off is ringed on E4.
    assert_eq!(png.at(body("G1")), HOLO.armies[usize::from(RED)]);
    let ring = offset(r.spot(cell("E4")), r.piece_radius() * 1.16, 0.0);
    assert_eq!(png.at(ring), HOLO.capture);
    assert_eq!(png.at(body("E4")), HOLO.corpse);
    // Without the overlay neither the line nor the ring is there.
    let plain = Decoded::new(&render(&view, &Overlay::new(SIZE as u32)));
    assert_ne!(plain.at(middle), HOLO.last_move);
    assert_ne!(plain.at(ring), HOLO.capture);
}

#[test]
fn a_relocated_piece_is_ringed_in_the_move_colour() {
    let mut view = start();
    put(&mut view, "B8", None);
    put(&mut view, "E5", None);
    put(&mut view, "F4", piece(RED, DIPLOMAT));
    put(&mut view, "D6", piece(YELLOW, MILITANT));
    let mut marks = MoveMarks::default();
    marks.path.extend([cell("B8"), cell("F4")]);
    marks.follow_ups.push(FollowUp {
        from: cell("F4"),
        to: cell("D6"),
        kill: false,
    });
    let mut overlay = Overlay::new(SIZE as u32);
    overlay.marks.last_move = Some(marks);
    let png = Decoded::new(&render(&view, &overlay));
    let r = renderer();
    let ring = offset(r.spot(cell("D6")), r.piece_radius() * 1.16, 0.0);
    assert_eq!(png.at(ring), HOLO.last_move);
    assert_eq!(png.at(body("D6")), HOLO.armies[usize::from(YELLOW)]);
}

#[test]
fn the_panel_names_each_armys_commander_and_keys_every_piece() {
    let (view, overlay) = after_a_kill();
    let scene = scene(&view, &overlay.marks, overlay.lang);
    let entries: Vec<(Figure, &str, Option<Figure>)> = scene
        .panel
        .iter()
        .filter_map(|line| match line {
            PanelLine::Entry { figure, text, then } => Some((*figure, text.as_str(), *then)),
            PanelLine::Heading(_) => None,
        })
        .collect();
    assert_eq!(entries[0], (Figure::Djambi(RED, LEADER), "Red", None));
    assert_eq!(
        entries[3],
        (
            Figure::Djambi(GREEN, LEADER),
            "Green →",
            Some(Figure::Djambi(RED, LEADER))
        )
    );
    let keyed: Vec<&str> = entries[4..].iter().map(|e| e.1).collect();
    assert_eq!(
        keyed,
        [
            "Leader",
            "Assassin",
            "Reporter",
            "Diplomat",
            "Necromobile",
            "Militant",
            "Dead"
        ]
    );
    // And the commander's figure is drawn: Red's colour after Green's text.
    assert_eq!(scene.caption.turn, Some(Figure::Djambi(BLUE, LEADER)));
}

#[test]
fn a_highlight_tints_enemies_as_targets_and_empty_squares_as_options() {
    let view = start();
    let mut overlay = Overlay::new(SIZE as u32);
    overlay.marks.highlight = Some(Highlight {
        from: cell("C7"),
        to: vec![cell("D6"), cell("G3")],
    });
    let scene = scene(&view, &overlay.marks, overlay.lang);
    assert!(scene.tints.contains(&(cell("G3"), Tint::Captured)));
    assert!(scene.tints.contains(&(cell("D6"), Tint::Option)));
    assert_eq!(scene.options.as_slice(), [cell("D6")]);
}

fn start_game() -> AnyGame {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    AnyGame::new_game(GameKind::Djambi, &Default::default(), &mut rng).expect("default rules")
}

#[test]
fn a_played_move_is_drawn_through_the_public_path() {
    let before = start_game();
    let first = before
        .legal_notations()
        .into_iter()
        .next()
        .expect("Red can move");
    let mut after = before.clone();
    after.play_notation(&first).expect("a legal move plays");
    let overlay = Overlay::new(SIZE as u32)
        .with_last_move(&before, &first)
        .expect("legal");
    let png = Decoded::new(&board_png(&after, &overlay));
    let marks = match &before {
        AnyGame::Djambi(g) => g.move_marks(&first).expect("legal"),
        _ => unreachable!("a Djambi game"),
    };
    let r = renderer();
    let (from, to) = (r.spot(marks.path[0]), r.spot(marks.path[1]));
    let middle = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
    assert_eq!(png.at(middle), HOLO.last_move, "the line of {first}");
}

#[test]
fn a_djambi_replay_decodes_with_a_frame_per_position() {
    let mut position = start_game();
    let mut record = GameRecord::starting_at(&position);
    for _ in 0..6 {
        let first = position
            .legal_notations()
            .into_iter()
            .next()
            .expect("the game goes on");
        record
            .moves
            .push(position.play_notation(&first).expect("a legal move plays"));
    }
    let gif = replay_gif(&record, 256, Lang::En).expect("the record replays");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.as_slice())
        .expect("our GIF decodes");
    let mut frames = 0;
    while decoder.read_next_frame().expect("frames decode").is_some() {
        frames += 1;
    }
    assert_eq!(frames, record.moves.len() + 1);
}

/// Writes the sample images to look at: `cargo test --lib
/// render::djambi -- --ignored`, then open `/tmp/djambi-*.png`.
#[test]
#[ignore]
fn write_samples() {
    std::fs::write(
        "/tmp/djambi-start.png",
        render(&start(), &Overlay::new(512)),
    )
    .unwrap();
    let (view, overlay) = after_a_kill();
    std::fs::write("/tmp/djambi-kill.png", render(&view, &overlay)).unwrap();
    for size in [256, 1024] {
        let renderer = Renderer::new(GameKind::Djambi, size, &HOLO);
        let mut frame = Frame::default();
        renderer.draw(&scene(&view, &overlay.marks, overlay.lang), &mut frame);
        let mut png = Vec::new();
        renderer.encode_png(&frame, &mut png);
        std::fs::write(format!("/tmp/djambi-kill-{size}.png"), png).unwrap();
    }
}

#[test]
fn a_side_leaving_is_a_replay_frame_and_a_board_without_a_move_mark() {
    let mut position = start_game();
    let mut record = GameRecord::starting_at(&position);
    let first = position
        .legal_notations()
        .into_iter()
        .next()
        .expect("Red can move");
    record
        .moves
        .push(position.play_notation(&first).expect("a legal move plays"));
    let before = position.clone();
    let leave = holotable_games::leave_step(&position, holotable_games::Seat(1));
    position
        .seat_leaves(holotable_games::Seat(1))
        .expect("blue can leave");
    record.moves.push(leave.clone());

    let overlay = Overlay::new(SIZE as u32)
        .with_last_move(&before, &leave)
        .expect("a leave is a step of the record");
    assert_eq!(
        board_png(&position, &overlay),
        board_png(&position, &Overlay::new(SIZE as u32)),
        "a leave moves no piece, so it marks none"
    );
    let gif = replay_gif(&record, 256, Lang::En).expect("the record replays, leave included");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.as_slice())
        .expect("our GIF decodes");
    let mut frames = 0;
    while decoder.read_next_frame().expect("frames decode").is_some() {
        frames += 1;
    }
    assert_eq!(frames, record.moves.len() + 1);
}
