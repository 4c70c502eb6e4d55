//! Pins the pixels of every game: a seeded mid-game with its last move,
//! numbered options and a highlighted piece (so every square tint shows),
//! in each language, at a size the bot does not use, and its replay. What
//! a renderer builds ahead and what it builds when first asked must come
//! out the same; a hash per game says when anything moved.
//!
//! After an intended change of the look: `INSTA_UPDATE=always cargo test
//! --lib render`, and look at the images before committing.

use super::drawing::board_art;
use super::renderer::Renderer;
use super::theme::HOLO;
use super::{Frame, Overlay, replay_gif};
use holotable_games::{AnyGame, GameKind, GameRecord};
use holotable_i18n::Lang;
use rand::SeedableRng;

const SIZE: usize = 320;

/// FNV-1a, fed in turn, so one hash covers several images.
struct Fnv(u64);

impl Fnv {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Up to twelve seeded decisions and the overlay that marks the last of them,
/// the first six legal moves after it and the first piece that can be
/// highlighted.
fn marked_midgame(kind: GameKind) -> (GameRecord, AnyGame, Overlay) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut game = AnyGame::new_game(kind, &Default::default(), &mut rng).expect("default rules");
    let mut record = GameRecord::starting_at(&game);
    let mut overlay = Overlay::new(SIZE as u32);
    for ply in 0..12 {
        let legal = game.legal_notations();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(ply * 7 + 3) % legal.len()].clone();
        let before = game.clone();
        record.moves.push(game.play_notation(&mv).expect("legal"));
        overlay = Overlay::new(SIZE as u32)
            .with_last_move(&before, &mv)
            .expect("legal");
    }
    for (mv, number) in game.legal_notations().iter().take(6).zip(1..) {
        overlay = overlay.with_candidate(&game, number, mv).expect("legal");
    }
    let names = board_art(kind).board.cell_names();
    if let Some(highlighted) = names
        .iter()
        .find_map(|name| overlay.clone().with_highlight(&game, name).ok())
    {
        overlay = highlighted;
    }
    (record, game, overlay)
}

#[test]
fn every_game_keeps_its_pixels_in_every_tint_and_language() {
    for kind in GameKind::ALL {
        let (record, game, marked) = marked_midgame(kind);
        let renderer = Renderer::new(kind, SIZE, &HOLO);
        let mut hash = Fnv(0xcbf2_9ce4_8422_2325);
        let mut frame = Frame::default();
        for lang in Lang::ALL {
            for overlay in [Overlay::new(SIZE as u32), marked.clone()] {
                renderer.render(&game, &overlay.with_lang(lang), &mut frame);
                hash.feed(frame.pixels());
                for index in frame.pixels().iter().copied() {
                    hash.feed(&renderer.palette().rgb(index));
                }
            }
        }
        let gif = replay_gif(&record, 256, Lang::Ja).expect("the record replays");
        let mut decoder = gif::DecodeOptions::new()
            .read_info(gif.as_slice())
            .expect("our GIF decodes");
        hash.feed(decoder.global_palette().expect("one global palette"));
        while let Some(frame) = decoder.read_next_frame().expect("frames decode") {
            hash.feed(&frame.buffer);
        }
        insta::assert_snapshot!(
            format!("{}-{SIZE}", kind.as_str()),
            format!("{:016x}", hash.0)
        );
    }
}
