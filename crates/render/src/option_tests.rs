//! Ten numbered options stay readable in every game, at the size Discord
//! shows an attachment in a channel (512 px). Checked on the layout the
//! renderer draws from, over positions of seeded games: no two numbers
//! overlap, no number covers a square's name, and every number is nearer
//! its own option's mark (its arrow, or its numbered destination) than any
//! other option's.

use super::describe::scene_of;
use super::geometry::{distance, polyline_distance};
use super::renderer::Renderer;
use super::theme::HOLO;
use super::{Overlay, board_png};
use holotable_games::{AnyGame, Decider, GameKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SIZE: u32 = 512;
const OPTIONS: usize = 10;

/// Up to ten of `moves` as numbered options, skipping any drawn exactly as
/// one already taken (Djambi moves differing only in where a corpse goes,
/// holochess placements of different creatures on one square): no layout
/// can tell those apart by where their numbers sit.
fn overlay(game: &AnyGame, moves: impl Iterator<Item = String>) -> Overlay {
    let mut overlay = Overlay::new(SIZE);
    for mv in moves {
        let number = overlay.marks.candidates.len() as u8 + 1;
        if usize::from(number) > OPTIONS {
            break;
        }
        let with = overlay
            .clone()
            .with_candidate(game, number, &mv)
            .expect("legal");
        let [seen @ .., new] = with.marks.candidates.as_slice() else {
            unreachable!("one was just added")
        };
        if seen.iter().all(|c| c.path != new.path) {
            overlay = with;
        }
    }
    overlay
}

/// Positions of seeded random games where a seat decides, each with two
/// ballots of ten: the first ten legal moves (often one piece's, the
/// tightest fan of arrows) and ten spread over the whole list.
fn ballots(kind: GameKind) -> Vec<(AnyGame, Overlay)> {
    let mut found = Vec::new();
    for seed in 0..3 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = AnyGame::new_game(kind, &Default::default(), &mut rng).expect("defaults");
        for ply in 0..90 {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_notations();
            let seat = matches!(game.to_decide(), Some(Decider::Seat(_)));
            if seat && ply % 6 == 5 {
                let step = (legal.len() / OPTIONS).max(1);
                for moves in [
                    overlay(&game, legal.iter().cloned()),
                    overlay(&game, legal.iter().step_by(step).cloned()),
                ] {
                    if moves.marks.candidates.len() == OPTIONS {
                        found.push((game.clone(), moves));
                    }
                }
            }
            let mv = match seat {
                true => legal[rng.random_range(0..legal.len())].clone(),
                false => game.sample_chance(&mut rng),
            };
            game.play_notation(&mv).expect("legal");
        }
    }
    found
}

/// Every broken promise of one layout, in words.
fn broken_promises(kind: GameKind, game: &AnyGame, overlay: &Overlay) -> Vec<String> {
    let renderer = Renderer::get(kind, SIZE);
    let scene = scene_of(game, overlay);
    let (r, room) = (renderer.badge_radius(), renderer.room(&scene));
    let numbered = renderer.candidate_arrows(&scene);
    let at = format!("{kind:?} {}", game.position());
    let mut broken = Vec::new();
    if numbered.len() != OPTIONS {
        broken.push(format!("{at}: {} numbers", numbered.len()));
    }
    let marks: Vec<_> = numbered.iter().map(|n| n.mark()).collect();
    for (i, a) in numbered.iter().enumerate() {
        for b in &numbered[i + 1..] {
            if distance(a.badge, b.badge) < 2.0 * r {
                broken.push(format!("{at}: {} overlaps {}", a.number, b.number));
            }
        }
        if let Some(name) = room.labels.iter().position(|l| l.meets_disc(a.badge, r)) {
            broken.push(format!("{at}: {} covers the name of cell {name}", a.number));
        }
        let own = polyline_distance(a.badge, &marks[i]);
        for (j, mark) in marks.iter().enumerate().filter(|&(j, _)| j != i) {
            if own >= polyline_distance(a.badge, mark) {
                let other = numbered[j].number;
                broken.push(format!("{at}: {} is as near option {other}", a.number));
            }
        }
    }
    broken
}

/// Asserts the promises for ten options over every ballot of `kinds`.
fn assert_readable(kinds: &[GameKind]) {
    let mut broken = Vec::new();
    for &kind in kinds {
        let ballots = ballots(kind);
        assert!(
            ballots.len() >= 6,
            "{kind:?}: {} ballots of ten",
            ballots.len()
        );
        for (game, overlay) in &ballots {
            broken.extend(broken_promises(kind, game, overlay));
        }
    }
    assert!(
        broken.is_empty(),
        "{} broken:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn ten_options_keep_their_numbers_apart_off_the_names_and_by_their_own_marks() {
    assert_readable(&[
        GameKind::SpaceCheckers,
        GameKind::Holochess,
        GameKind::Djambi,
    ]);
}

/// Dejarik's options of one piece are walks through a web of squares,
/// and walks to one square differ only by their paths (each draws steps of
/// its own): the hardest ballots, so a test of their own.
#[test]
fn ten_dejarik_walks_keep_their_numbers_apart_off_the_names_and_by_their_own_marks() {
    assert_readable(&[GameKind::Dejarik]);
}

#[test]
fn every_number_of_ten_is_drawn_where_the_layout_puts_it() {
    for kind in GameKind::ALL {
        let renderer = Renderer::get(kind, SIZE);
        let (game, overlay) = ballots(kind).swap_remove(0);
        let numbered = renderer.candidate_arrows(&scene_of(&game, &overlay));
        let png = image::load_from_memory(&board_png(&game, &overlay))
            .expect("our PNG decodes")
            .to_rgb8();
        let reach = (renderer.badge_radius() * 0.6) as i32;
        for option in &numbered {
            let (x, y) = (option.badge.0 as i32, option.badge.1 as i32);
            let digits = (-reach..=reach)
                .flat_map(|dy| (-reach..=reach).map(move |dx| (x + dx, y + dy)))
                .filter(|&(x, y)| png.get_pixel(x as u32, y as u32).0 == HOLO.badge_text)
                .count();
            assert!(digits > 4, "{kind:?}: number {} at {x},{y}", option.number);
        }
    }
}

/// Writes `/tmp/arrows-<game>.png`, ten options at 512 px, the images in
/// docs/rendering.md: `cargo test --lib render::option_tests::write_samples
/// -- --ignored`. Space Checkers and Djambi on the positions of the older
/// samples, holochess and Dejarik on a seeded game's first ballot of ten.
#[test]
#[ignore = "writes sample images to /tmp"]
fn write_samples() {
    let fixed = |kind, position: &str| {
        let game = AnyGame::from_position(kind, &Default::default(), position).expect("valid");
        let moves = overlay(&game, game.legal_notations().into_iter());
        (game, moves)
    };
    let samples = [
        fixed(GameKind::SpaceCheckers, "A11,A2,A4,B6/A7,A8,A9 b 11"),
        ballots(GameKind::Holochess).swap_remove(0),
        ballots(GameKind::Dejarik).swap_remove(0),
        fixed(
            GameKind::Djambi,
            "GLGAGM3YMYAYL/GRGDGM3YMYDYR/GMGMGN3YN1YM/9/3YM5/9/RMRMRN3BNBMBM/RRRDRM3BMBDBR/\
             RLRARM3BMBABL R RBYG 0",
        ),
    ];
    for (game, overlay) in samples {
        let path = format!("/tmp/arrows-{}.png", game.kind().as_str());
        std::fs::write(&path, board_png(&game, &overlay)).expect("/tmp is writable");
    }
}

/// A number over a piece hides what stands there, often the piece that
/// moves. Where the three promises leave no clear spot a number may still
/// land on one; before numbers looked for clear spots, 158 of Djambi's
/// 440 did.
#[test]
fn numbers_of_ten_options_seldom_hide_a_piece() {
    for kind in GameKind::ALL {
        let renderer = Renderer::get(kind, SIZE);
        let r = renderer.badge_radius();
        let (mut numbers, mut hiding) = (0, Vec::new());
        for (game, overlay) in ballots(kind) {
            let scene = scene_of(&game, &overlay);
            let room = renderer.room(&scene);
            for option in renderer.candidate_arrows(&scene) {
                numbers += 1;
                if room.pieces.hidden_by(option.badge, r) {
                    hiding.push(format!("{} in {}", option.number, game.position()));
                }
            }
        }
        assert!(
            hiding.len() * 100 <= numbers,
            "{kind:?}: {} of {numbers} numbers hide a piece: {hiding:#?}",
            hiding.len()
        );
    }
}
