//! Renders, decodes what was encoded, and checks pixels where the geometry
//! says things are. Colours are compared exactly: the theme's colours are
//! reserved palette entries, so a piece that comes out in another colour is
//! a bug, not rounding.
//!
//! The snapshot pins a hash of the decoded pixels of a small rendering per
//! theme. After an intended change of the look, regenerate it with
//! `INSTA_UPDATE=always cargo test --lib render` (or `cargo insta review`)
//! and look at `docs/images/` before committing.

use super::arrows::point_along;
use super::badges::Numbered;
use super::geometry::distance;
use super::renderer::Renderer;
use super::theme::{HOLO, Rgb, THEMES};
use super::{Frame, Overlay, OverlayError, board_png, replay_gif};
use holotable_games::space_checkers::Square;
use holotable_games::{AnyGame, GameKind, GameRecord};
use holotable_i18n::Lang;

const SIZE: u32 = 512;
const BEFORE: &str = "A11,A1,A2,A4/A7,A8,A9,B7 w 10";
/// Boosted twice (at B2 by A2 and at B4 by A4) and captures B7.
const BOOSTED_CAPTURE: &str = "A1-B6xB7";

fn game(position: &str) -> AnyGame {
    AnyGame::from_position(GameKind::SpaceCheckers, &Default::default(), position)
        .expect("test positions are valid")
}

fn cell(square: &str) -> u8 {
    square
        .parse::<Square>()
        .expect("test squares are valid")
        .index() as u8
}

struct Decoded {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Decoded {
    fn new(png: &[u8]) -> Decoded {
        let image = image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .expect("our PNG decodes")
            .to_rgb8();
        Decoded {
            width: image.width(),
            height: image.height(),
            rgb: image.into_raw(),
        }
    }

    fn at(&self, (x, y): (i32, i32)) -> Rgb {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// The position after the boosted capture, with the move marked.
fn midgame(size: u32) -> (AnyGame, Overlay) {
    let before = game(BEFORE);
    let mut after = before.clone();
    after
        .play_notation(BOOSTED_CAPTURE)
        .expect("the test move is legal");
    let overlay = Overlay::new(size)
        .with_last_move(&before, BOOSTED_CAPTURE)
        .expect("the test move is legal");
    (after, overlay)
}

fn renderer() -> std::sync::Arc<Renderer> {
    Renderer::get(GameKind::SpaceCheckers, SIZE)
}

fn offset((x, y): (i32, i32), dx: f32, dy: f32) -> (i32, i32) {
    (x + dx.round() as i32, y + dy.round() as i32)
}

#[test]
fn png_has_the_requested_size_clamped_to_the_range() {
    let start = game("A11,A12,A1,A2/A5,A6,A7,A8 w 0");
    let png = Decoded::new(&board_png(&start, &Overlay::new(300)));
    assert_eq!((png.width, png.height), (300, 300));
    let png = Decoded::new(&board_png(&start, &Overlay::new(10)));
    assert_eq!((png.width, png.height), (256, 256));
}

#[test]
fn piece_centres_show_each_sides_colours() {
    let (after, overlay) = midgame(SIZE);
    let png = Decoded::new(&board_png(&after, &overlay));
    let r = renderer();
    let radius = r.piece_radius();
    // White: a light disc; black: a dark disc with a light diamond inside.
    for square in ["A11", "A2", "A4", "B6"] {
        assert_eq!(
            png.at(r.spot(cell(square))),
            HOLO.white_piece,
            "white on {square}"
        );
    }
    for square in ["A7", "A8", "A9"] {
        let spot = r.spot(cell(square));
        assert_eq!(png.at(spot), HOLO.black_mark, "diamond on {square}");
        assert_eq!(
            png.at(offset(spot, radius * 0.65, 0.0)),
            HOLO.black_piece,
            "black on {square}"
        );
    }
}

#[test]
fn last_move_path_is_drawn_through_every_square_including_boosts() {
    let (after, overlay) = midgame(SIZE);
    let png = Decoded::new(&board_png(&after, &overlay));
    let r = renderer();
    for square in ["A1", "B1", "B2", "B3", "B4", "B5"] {
        assert_eq!(
            png.at(r.spot(cell(square))),
            HOLO.last_move,
            "path on {square}"
        );
    }
    // A square the move did not pass stays unmarked.
    assert_ne!(png.at(r.spot(cell("B9"))), HOLO.last_move);
}

#[test]
fn captured_piece_is_marked_by_a_ring_and_a_cross() {
    let (after, overlay) = midgame(SIZE);
    let png = Decoded::new(&board_png(&after, &overlay));
    let r = renderer();
    let spot = r.spot(cell("B7"));
    assert_eq!(png.at(spot), HOLO.capture, "cross centre");
    assert_eq!(
        png.at(offset(spot, r.piece_radius() * 0.9, 0.0)),
        HOLO.capture,
        "ring"
    );
    let plain = game(BEFORE);
    let png = Decoded::new(&board_png(&plain, &Overlay::new(SIZE)));
    assert_ne!(
        png.at(offset(spot, r.piece_radius() * 0.9, 0.0)),
        HOLO.capture
    );
}

/// Points along an arrow's shaft, away from every number on the image.
fn shaft_samples(arrow: &Numbered, numbers: &[Numbered], badge: f32) -> Vec<(i32, i32)> {
    (1..20)
        .map(|k| point_along(&arrow.shaft, k as f32 / 20.0))
        .filter(|&p| numbers.iter().all(|n| distance(n.badge, p) > badge * 1.4))
        .map(|(x, y)| (x.round() as i32, y.round() as i32))
        .collect()
}

/// Pixels of the digit colour well inside a number's disc (its rim ring
/// is that colour too, so only the inner part counts).
fn digit_pixels(png: &Decoded, centre: (f32, f32), badge: f32) -> usize {
    let reach = (badge * 0.6) as i32;
    let (cx, cy) = (centre.0.round() as i32, centre.1.round() as i32);
    (-reach..=reach)
        .flat_map(|dy| (-reach..=reach).map(move |dx| (cx + dx, cy + dy)))
        .filter(|&p| png.at(p) == HOLO.badge_text)
        .count()
}

#[test]
fn candidates_sharing_a_destination_are_told_apart_by_their_arrows() {
    let (after, _) = midgame(SIZE);
    // Options 2 and 3 both end on B10, from the pieces on A7 and A9.
    let overlay = Overlay::new(SIZE)
        .with_candidate(&after, 2, "A7-B10")
        .and_then(|o| o.with_candidate(&after, 3, "A9-B10"))
        .expect("the candidates are legal");
    let r = renderer();
    let arrows = r.candidate_arrows(&super::describe::scene_of(&after, &overlay));
    let plain = Decoded::new(&board_png(&after, &Overlay::new(SIZE)));
    let png = Decoded::new(&board_png(&after, &overlay));
    let badge = r.badge_radius();
    for (arrow, origin) in arrows.iter().zip(["A7", "A9"]) {
        // The shaft leaves its piece at the rim, so the piece shows under it.
        let (x, y) = r.spot(cell(origin));
        let from_centre = distance(arrow.shaft[0], (x as f32, y as f32));
        assert!(
            (r.piece_radius() * 0.5..r.piece_radius()).contains(&from_centre),
            "option {} starts {from_centre} px from its piece's centre",
            arrow.number
        );
        let samples = shaft_samples(arrow, &arrows, badge);
        assert!(samples.len() >= 5, "{samples:?}");
        for p in samples {
            assert_eq!(png.at(p), HOLO.badge, "option {} at {p:?}", arrow.number);
            assert_ne!(plain.at(p), HOLO.badge, "nothing there without it");
        }
        let [tip, ..] = arrow.head.expect("both moves have an origin");
        let tip = (tip.0.round() as i32, tip.1.round() as i32);
        let to = r.spot(cell("B10"));
        assert!(
            (tip.0 - to.0).abs() + (tip.1 - to.1).abs() < (r.piece_radius() * 0.8) as i32,
            "option {} points at B10: {tip:?} against {to:?}",
            arrow.number
        );
        assert!(
            digit_pixels(&png, arrow.badge, badge) > 4,
            "a number is drawn"
        );
    }
    assert!(distance(arrows[0].badge, arrows[1].badge) >= 2.0 * badge);
    // Each number sits nearer its own piece than the other option's.
    for (arrow, (own, other)) in arrows.iter().zip([("A7", "A9"), ("A9", "A7")]) {
        let spot = |square| {
            let (x, y) = r.spot(cell(square));
            (x as f32, y as f32)
        };
        assert!(distance(arrow.badge, spot(own)) < distance(arrow.badge, spot(other)));
    }
}

#[test]
fn every_game_draws_a_candidate_as_an_arrow_from_its_piece() {
    use rand::SeedableRng;
    for kind in GameKind::ALL {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(20);
        let mut game = AnyGame::new_game(kind, &Default::default(), &mut rng).expect("defaults");
        let r = Renderer::get(kind, SIZE);
        let reach = |path: &[u8]| {
            let [first, .., last] = path else { return 0 };
            let ((x0, y0), (x1, y1)) = (r.spot(*first), r.spot(*last));
            (x1 - x0).abs() + (y1 - y0).abs()
        };
        // Play first moves until one starts from a piece on the board (a
        // holochess opening only places creatures); the longest such move,
        // so its shaft shows clear of its number.
        let (mv, overlay) = (0..40)
            .find_map(|_| {
                let moves = game.legal_notations();
                let found = moves
                    .iter()
                    .filter_map(|mv| {
                        let overlay = Overlay::new(SIZE).with_candidate(&game, 1, mv).ok()?;
                        let path = &overlay.marks.candidates[0].path;
                        let far = reach(path);
                        (path.len() >= 2).then(|| (far, mv.clone(), overlay))
                    })
                    .max_by_key(|(reach, ..)| *reach)
                    .map(|(_, mv, overlay)| (mv, overlay));
                if found.is_none() {
                    game.play_notation(&moves[0]).expect("a legal move plays");
                }
                found
            })
            .unwrap_or_else(|| panic!("{kind:?} has a move from a square"));
        let arrows = r.candidate_arrows(&super::describe::scene_of(&game, &overlay));
        let png = Decoded::new(&board_png(&game, &overlay));
        let plain = Decoded::new(&board_png(&game, &Overlay::new(SIZE)));
        let samples = shaft_samples(&arrows[0], &arrows, r.badge_radius());
        assert!(!samples.is_empty(), "{kind:?} {mv}");
        for p in samples {
            assert_eq!(png.at(p), HOLO.badge, "{kind:?} {mv} at {p:?}");
        }
        assert_ne!(png.rgb, plain.rgb);
        assert!(digit_pixels(&png, arrows[0].badge, r.badge_radius()) > 4);
    }
}

#[test]
fn ten_candidates_show_ten_numbers_apart() {
    let (after, _) = midgame(SIZE);
    let overlay = after
        .legal_notations()
        .iter()
        .take(10)
        .zip(1..)
        .try_fold(Overlay::new(SIZE), |o, (mv, n)| {
            o.with_candidate(&after, n, mv)
        })
        .expect("legal moves");
    let r = renderer();
    let arrows = r.candidate_arrows(&super::describe::scene_of(&after, &overlay));
    assert_eq!(arrows.len(), 10);
    let png = Decoded::new(&board_png(&after, &overlay));
    for (i, a) in arrows.iter().enumerate() {
        assert!(digit_pixels(&png, a.badge, r.badge_radius()) > 4, "{a:?}");
        for b in &arrows[i + 1..] {
            assert!(
                distance(a.badge, b.badge) > r.badge_radius(),
                "{} and {} overlap",
                a.number,
                b.number
            );
        }
    }
}

#[test]
fn highlight_shows_the_selected_pieces_destinations() {
    let start = game("A11,A12,A1,A2/A5,A6,A7,A8 w 0");
    let overlay = Overlay::new(SIZE)
        .with_highlight(&start, "A1")
        .expect("A1 holds a white piece");
    let png = Decoded::new(&board_png(&start, &overlay));
    let r = renderer();
    assert_eq!(png.at(r.spot(cell("B1"))), HOLO.option);
    assert_eq!(png.at(r.spot(cell("C"))), HOLO.option);
    assert_ne!(png.at(r.spot(cell("B2"))), HOLO.option);
}

#[test]
fn overlay_rejects_what_it_cannot_draw() {
    let start = game("A11,A12,A1,A2/A5,A6,A7,A8 w 0");
    let overlay = Overlay::new(SIZE);
    assert!(matches!(
        overlay.clone().with_candidate(&start, 1, "A1-B6"),
        Err(OverlayError::Move(_))
    ));
    assert!(matches!(
        overlay.clone().with_last_move(&start, "nonsense"),
        Err(OverlayError::Move(_))
    ));
    assert!(matches!(
        overlay.clone().with_highlight(&start, "Z9"),
        Err(OverlayError::NotASquare { .. })
    ));
    assert!(matches!(
        overlay.with_highlight(&start, "A5"),
        Err(OverlayError::NoPieceToMove { .. })
    ));
}

/// FNV-1a: stable across Rust versions, unlike `DefaultHasher`.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn rendering_matches_the_snapshot_per_theme() {
    let (after, overlay) = midgame(256);
    let overlay = overlay
        .with_candidate(&after, 1, "A8-B8")
        .expect("legal")
        .with_candidate(&after, 2, "A9-B8")
        .expect("legal");
    for theme in THEMES {
        let renderer = Renderer::new(GameKind::SpaceCheckers, 256, theme);
        let mut frame = Frame::default();
        renderer.render(&after, &overlay, &mut frame);
        let mut png = Vec::new();
        renderer.encode_png(&frame, &mut png);
        let decoded = Decoded::new(&png);
        let hash = format!("{:016x}", fnv1a(&decoded.rgb));
        insta::assert_snapshot!(format!("midgame-256-{}", theme.name), hash);
    }
}

#[test]
fn replay_has_one_frame_per_position_and_holds_the_last() {
    let mut position = game("A11,A12,A1,A2/A5,A6,A7,A8 w 0");
    let mut record = GameRecord::starting_at(&position);
    for _ in 0..7 {
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
    assert_eq!((decoder.width(), decoder.height()), (256, 256));
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("frames decode") {
        delays.push(frame.delay);
    }
    assert_eq!(delays.len(), record.moves.len() + 1);
    let last = delays.pop().expect("frames");
    assert!(
        delays.iter().all(|&d| d < last),
        "the last frame is held longest: {delays:?} then {last}"
    );
}

#[test]
fn replay_reports_an_illegal_move() {
    let start = game("A11,A12,A1,A2/A5,A6,A7,A8 w 0");
    let mut record = GameRecord::starting_at(&start);
    record.moves.push("A1-B6".to_string());
    assert!(replay_gif(&record, 256, Lang::En).is_err());
}

#[test]
fn holochess_keys_every_creature_of_both_sides() {
    use holotable_games::holochess::{DARK, LIGHT};
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let game = AnyGame::new_game(GameKind::Holochess, &Default::default(), &mut rng)
        .expect("default rules");
    let scene = super::describe::scene_of(&game, &Overlay::new(SIZE));
    for (seat, left) in [(LIGHT, true), (DARK, false)] {
        for (creature, name) in super::holochess::KEY
            .into_iter()
            .zip(["Brute", "Predator", "Guardian", "Scout"])
        {
            let figure = super::holochess::figure(seat, creature);
            assert!(
                scene
                    .legend
                    .iter()
                    .any(|l| l.figure == figure && l.text == name && l.left == left),
                "{name} of seat {seat:?} in {:?}",
                scene.legend
            );
        }
    }
    // The key is drawn: the top corners are no longer bare backdrop.
    let png = Decoded::new(&board_png(&game, &Overlay::new(SIZE)));
    let inked = |x0: u32| {
        (0..SIZE / 8)
            .flat_map(|y| (x0..x0 + SIZE / 8).map(move |x| (x as i32, y as i32)))
            .filter(|&p| png.at(p) != HOLO.backdrop)
            .count()
    };
    assert!(inked(0) > 50 && inked(SIZE - SIZE / 8) > 50);
}
