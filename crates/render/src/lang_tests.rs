//! Board images in Spanish and Japanese: every character the
//! catalogues can put on an image has a glyph, and a caption in another
//! language is drawn in its own words while the board stays the same.

use super::Frame;
use super::describe::scene_of;
use super::font::{self, CATALOGUES, Face, label_chars};
use super::renderer::Renderer;
use super::theme::{HOLO, Rgb};
use super::{Overlay, board_png, replay_gif};
use holotable_games::{AnyGame, GameKind, GameRecord};
use holotable_i18n::Lang;
use holotable_i18n::t;
use rand::SeedableRng;

const SIZE: u32 = 512;

/// The pixels of a PNG, row by row.
fn decode(png: &[u8]) -> Vec<Rgb> {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("our PNG decodes")
        .to_rgb8()
        .pixels()
        .map(|p| p.0)
        .collect()
}

/// The caption strip's rows of a decoded image (its bottom 7.5%).
fn strip(pixels: &[Rgb]) -> &[Rgb] {
    let top = SIZE as usize - (SIZE as f32 * 0.075).round() as usize;
    &pixels[top * SIZE as usize..]
}

fn board(pixels: &[Rgb]) -> &[Rgb] {
    let top = SIZE as usize - (SIZE as f32 * 0.075).round() as usize;
    &pixels[..top * SIZE as usize]
}

/// The strip's pixels that are not its background, below the hairline
/// at its top: what its text and turn marker cover.
fn ink(strip: &[Rgb]) -> usize {
    strip[4 * SIZE as usize..]
        .iter()
        .filter(|&&p| p != HOLO.caption_background)
        .count()
}

/// Fails when a translator adds a character that neither DejaVu Sans nor
/// the Japanese subset has: re-run `scripts/subset-japanese-font.sh`.
#[test]
fn every_character_of_the_image_texts_has_a_glyph() {
    for (lang, source) in CATALOGUES {
        let messages = source
            .lines()
            .filter(|line| !line.trim_start().starts_with('#'));
        for (number, line) in messages.enumerate() {
            for c in line.chars() {
                assert!(
                    font::drawable(c),
                    "{lang}/render.ftl, message line {}: {c:?} (U+{:04X}) has no glyph; \
                     run scripts/subset-japanese-font.sh",
                    number + 1,
                    c as u32
                );
                assert!(
                    c.is_whitespace() || label_chars().binary_search(&c).is_ok(),
                    "{c:?} is not in the glyph caches"
                );
            }
        }
    }
    // Japanese needs the fallback at all: DejaVu has no kana.
    assert!(font::drawable('手'));
}

/// The first number in `text`, if any.
fn first_number(text: &str) -> Option<u32> {
    let digits: String = text
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// A ballot numbers its move by the decisions stored before it, plus one
/// (holochess's placements and Dejarik's dice included); an image of the
/// same position that shows a move number must show that one.
#[test]
fn an_image_numbers_the_move_as_the_ballot_for_it_does() {
    let mut numbered = 0;
    for kind in GameKind::ALL {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let mut game = AnyGame::new_game(kind, &Default::default(), &mut rng).expect("defaults");
        for decisions in 0..30 {
            if game.outcome().is_some() {
                break;
            }
            for lang in Lang::ALL {
                let ballot = t!(lang, "ballot-opened", move = decisions + 1, legal = 2);
                let scene = scene_of(&game, &Overlay::new(SIZE).with_lang(lang));
                let shown = scene.caption.status.first().and_then(|s| first_number(s));
                if let Some(shown) = shown {
                    assert_eq!(Some(shown), first_number(&ballot), "{kind:?} {lang:?}");
                    numbered += 1;
                }
            }
            let legal = game.legal_notations();
            let mv = legal[decisions * 7 % legal.len()].clone();
            game.play_notation(&mv).expect("legal");
        }
    }
    assert!(numbered > 0, "some image shows a move number");
}

/// Each game's first position after a few seeded moves, so every scene
/// has pieces, a key where the game has one, and a turn.
fn midgame(kind: GameKind) -> AnyGame {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut game = AnyGame::new_game(kind, &Default::default(), &mut rng).expect("default rules");
    for ply in 0..12 {
        let legal = game.legal_notations();
        if legal.is_empty() {
            break;
        }
        let mv = legal[ply * 5 % legal.len()].clone();
        game.play_notation(&mv).expect("legal");
    }
    game
}

#[test]
fn a_spanish_and_a_japanese_caption_are_drawn_in_their_own_words() {
    for kind in GameKind::ALL {
        let game = midgame(kind);
        let image = |lang| decode(&board_png(&game, &Overlay::new(SIZE).with_lang(lang)));
        let english = image(Lang::En);
        for lang in [Lang::Es, Lang::Ja] {
            let other = image(lang);
            assert_ne!(strip(&other), strip(&english), "{kind:?} in {lang}");
            // The words are there, about as much ink as English's (a
            // skipped character would leave a gap, not a blank strip).
            let (theirs, ours) = (ink(strip(&other)), ink(strip(&english)));
            assert!(theirs * 3 > ours, "{kind:?} in {lang}: {theirs} vs {ours}");
            if matches!(kind, GameKind::SpaceCheckers) {
                // No key on this board: only the caption may change.
                assert!(board(&other) == board(&english), "{kind:?} in {lang}");
            }
        }
    }
}

/// A renderer builds a language's glyphs when first asked: a language
/// added later changes nothing in the images of the ones before it.
#[test]
fn a_language_drawn_later_leaves_the_others_images_unchanged() {
    for kind in GameKind::ALL {
        let game = midgame(kind);
        let renderer = Renderer::new(kind, SIZE as usize, &HOLO);
        let png = |lang| {
            let mut frame = Frame::default();
            renderer.render(&game, &Overlay::new(SIZE).with_lang(lang), &mut frame);
            let mut png = Vec::new();
            renderer.encode_png(&frame, &mut png);
            png
        };
        let english = png(Lang::En);
        let japanese = png(Lang::Ja);
        let spanish = png(Lang::Es);
        assert_eq!(png(Lang::En), english, "{kind:?} in English again");
        assert_eq!(png(Lang::Ja), japanese, "{kind:?} in Japanese again");
        // A renderer that met Spanish first draws it as the other did.
        let fresh = Renderer::new(kind, SIZE as usize, &HOLO);
        let mut frame = Frame::default();
        fresh.render(&game, &Overlay::new(SIZE).with_lang(Lang::Es), &mut frame);
        let mut first = Vec::new();
        fresh.encode_png(&frame, &mut first);
        assert_eq!(first, spanish, "{kind:?} in Spanish first");
    }
}

#[test]
fn keys_and_captions_are_worded_from_the_catalogue() {
    let holochess = midgame(GameKind::Holochess);
    let scene = scene_of(&holochess, &Overlay::new(SIZE).with_lang(Lang::Ja));
    let names: Vec<&str> = scene.legend.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        names,
        ["ブルート", "プレデター", "ガーディアン", "スカウト"].repeat(2)
    );
    assert!(
        scene.caption.status_line().contains("手番"),
        "{:?}",
        scene.caption
    );
    let djambi = midgame(GameKind::Djambi);
    let scene = scene_of(&djambi, &Overlay::new(SIZE).with_lang(Lang::Es));
    let panel = format!("{:?}", scene.panel);
    for word in [
        "Ejércitos",
        "Piezas",
        "Líder",
        "Necromóvil",
        "Muerta",
        "Rojo",
    ] {
        assert!(panel.contains(word), "{word} in {panel}");
    }
    let status = scene.caption.status_line();
    assert!(
        status.starts_with("Juega ") || status.starts_with("Turno del Laberinto de "),
        "{status}"
    );
}

#[test]
fn a_long_spanish_status_shrinks_rather_than_running_into_the_title() {
    // Space Checkers' longest status: a game won on points.
    let game = midgame(GameKind::SpaceCheckers);
    let mut scene = scene_of(&game, &Overlay::new(SIZE));
    scene.caption.status = vec![
        t!(Lang::Es, "caption-game-over"),
        t!(
            Lang::Es,
            "caption-wins-score",
            seat = "white",
            first = 12,
            second = 11
        ),
    ];
    scene.caption.turn = None;
    let renderer = Renderer::get(GameKind::SpaceCheckers, SIZE);
    let mut frame = Frame::default();
    renderer.draw(&scene, &mut frame);
    let mut png = Vec::new();
    renderer.encode_png(&frame, &mut png);
    let pixels = decode(&png);
    let strip = strip(&pixels);
    let rows = strip.len() / SIZE as usize;
    // Between the title's end and the status's start some column of the
    // strip holds no ink at all.
    let text_px = (SIZE as f32 * 0.075).round() * 0.38;
    let title_end = (SIZE as f32 * 0.03
        + font::text_width(Face::Bold, text_px.round(), "Space Checkers"))
        as usize;
    let blank = (title_end + 2..SIZE as usize).any(|x| {
        (0..rows).all(|y| {
            let p = strip[y * SIZE as usize + x];
            p != HOLO.caption_text && p != HOLO.caption_title
        })
    });
    assert!(blank, "the status runs into the title");
}

#[test]
fn a_replay_speaks_the_language_it_is_given() {
    let game = AnyGame::from_position(
        GameKind::SpaceCheckers,
        &Default::default(),
        "A11,A1,A2,A4/A7,A8,A9,B7 w 10",
    )
    .expect("valid position");
    let mut record = GameRecord::starting_at(&game);
    let mut after = game.clone();
    let mv = after.legal_notations()[0].clone();
    record.moves.push(after.play_notation(&mv).expect("legal"));
    let english = replay_gif(&record, 256, Lang::En).expect("replays");
    let japanese = replay_gif(&record, 256, Lang::Ja).expect("replays");
    assert_ne!(english, japanese);
}

/// Writes each game's board in Spanish and Japanese to
/// `/tmp/board-<lang>-<game>.png` to look at: `cargo test --lib
/// render::lang_tests -- --ignored`.
#[test]
#[ignore = "writes sample images to /tmp"]
fn write_samples() {
    for kind in GameKind::ALL {
        let game = midgame(kind);
        for lang in [Lang::Es, Lang::Ja] {
            let png = board_png(&game, &Overlay::new(SIZE).with_lang(lang));
            let path = format!("/tmp/board-{}-{}.png", lang.code(), kind.as_str());
            std::fs::write(&path, png).expect("/tmp is writable");
        }
    }
}
