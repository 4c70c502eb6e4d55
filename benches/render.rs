//! Board image speed: render + encode of a 1024 px PNG, encoding
//! the same finished frame alone, and a 60-ply GIF replay; the Djambi
//! board after a kill that carried the corpse off; each board
//! again with its words in Japanese ("… ja"), whose glyphs come
//! from the fallback font; building a renderer, and a fresh renderer's
//! first image (render + encode) in each language, which is what one
//! `holotable render` pays; and the bot's first 640 px ballot board of
//! each game beside the same board from a warm renderer.
//!
//! `cargo bench --bench render -- --warm-up-time 1 --measurement-time 5`

use criterion::{Criterion, criterion_group, criterion_main};
use holotable::games::{AnyGame, GameKind, GameRecord};
use holotable::i18n::Lang;
use holotable::render::theme::HOLO;
use holotable::render::{Frame, Overlay, Renderer, board_png, replay_gif};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

const BEFORE: &str = "A11,A1,A2,A4/A7,A8,A9,B7 w 10";

/// A mid-game board with a boosted capture and five numbered candidates.
fn midgame() -> (AnyGame, Overlay) {
    let before = AnyGame::from_position(GameKind::SpaceCheckers, &Default::default(), BEFORE)
        .expect("valid position");
    let mut after = before.clone();
    after.play_notation("A1-B6xB7").expect("legal");
    let mut overlay = Overlay::new(1024)
        .with_last_move(&before, "A1-B6xB7")
        .expect("legal");
    for (number, mv) in ["A8-B7xB6", "A7-B10", "A9-B10", "A8-B8", "A8-C"]
        .iter()
        .enumerate()
    {
        overlay = overlay
            .with_candidate(&after, number as u8 + 1, mv)
            .expect("legal");
    }
    (after, overlay)
}

/// Djambi with all four armies out, after a Red Militant killed a Yellow
/// one on D5 and laid the corpse on E4 (the image in docs/rendering.md).
fn djambi() -> (AnyGame, Overlay) {
    let before = AnyGame::from_position(
        GameKind::Djambi,
        &Default::default(),
        "GLGAGM3YMYAYL/GRGDGM3YMYDYR/GMGMGN3YN1YM/9/3YM5/9/RMRMRN3BNBMBM/RRRDRM3BMBDBR/\
         RLRARM3BMBABL R RBYG 0",
    )
    .expect("valid position");
    let mut after = before.clone();
    after.play_notation("MB7-D5x@E4").expect("legal");
    let overlay = Overlay::new(1024)
        .with_last_move(&before, "MB7-D5x@E4")
        .expect("legal");
    (after, overlay)
}

/// The mid-game board with its first ten legal moves numbered, as a ballot
/// of ten options draws them.
fn ten_candidates() -> (AnyGame, Overlay) {
    let (game, _) = midgame();
    let moves = game.legal_notations();
    assert!(moves.len() >= 10, "the mid-game has ten legal moves");
    let overlay = moves
        .iter()
        .take(10)
        .zip(1..)
        .fold(Overlay::new(1024), |o, (mv, n)| {
            o.with_candidate(&game, n, mv).expect("legal")
        });
    (game, overlay)
}

/// Dejarik with one monster's walks to one square told apart by their
/// paths, its first ten legal moves numbered.
fn dejarik_walks() -> (AnyGame, Overlay) {
    let game = AnyGame::from_position(
        GameKind::Dejarik,
        &Default::default(),
        "KlA9,SaB5/HoA5,MoA12,NgB10 b 2 - - 83",
    )
    .expect("valid position");
    let overlay = game
        .legal_notations()
        .iter()
        .take(10)
        .zip(1..)
        .fold(Overlay::new(1024), |o, (mv, n)| {
            o.with_candidate(&game, n, mv).expect("legal")
        });
    (game, overlay)
}

/// What the bot posts when a ballot opens, at its 640 px: a seeded game
/// of `kind` a few decisions in, its last move and ten options marked.
fn ballot(kind: GameKind) -> (AnyGame, Overlay) {
    let record = random_record(kind, 6);
    let mut game = AnyGame::from_position(kind, &Default::default(), &record.start)
        .expect("the record's start");
    let (last, played) = record.moves.split_last().expect("six decisions");
    for mv in played {
        game.play_notation(mv).expect("legal");
    }
    let mut overlay = Overlay::new(640)
        .with_last_move(&game, last)
        .expect("legal");
    game.play_notation(last).expect("legal");
    for (mv, number) in game.legal_notations().iter().take(10).zip(1..) {
        overlay = overlay.with_candidate(&game, number, mv).expect("legal");
    }
    (game, overlay)
}

/// A game of at least `plies` seeded random moves, cut to `plies`.
fn random_record(kind: GameKind, plies: usize) -> GameRecord {
    for seed in 0.. {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game =
            AnyGame::new_game(kind, &Default::default(), &mut rng).expect("default rules");
        let mut record = GameRecord::starting_at(&game);
        while record.moves.len() < plies {
            let moves = game.legal_notations();
            if moves.is_empty() {
                break;
            }
            let pick = moves[rng.random_range(0..moves.len())].clone();
            record.moves.push(game.play_notation(&pick).expect("legal"));
        }
        if record.moves.len() == plies {
            return record;
        }
    }
    unreachable!("some seed plays 60 plies")
}

fn bench(c: &mut Criterion) {
    let (game, overlay) = midgame();
    // Build the renderer outside the timings: it is made once per size.
    let renderer = Renderer::get(GameKind::SpaceCheckers, 1024);
    let png = board_png(&game, &overlay);
    eprintln!("1024 px mid-game PNG: {} bytes", png.len());
    c.bench_function("render+encode 1024 png", |b| {
        b.iter(|| board_png(black_box(&game), black_box(&overlay)))
    });
    let japanese = overlay.clone().with_lang(Lang::Ja);
    eprintln!(
        "1024 px mid-game PNG in Japanese: {} bytes",
        board_png(&game, &japanese).len()
    );
    c.bench_function("render+encode 1024 png ja", |b| {
        b.iter(|| board_png(black_box(&game), black_box(&japanese)))
    });
    let mut frame = Frame::default();
    renderer.render(&game, &overlay, &mut frame);
    let mut out = Vec::with_capacity(256 * 1024);
    c.bench_function("encode only 1024 png", |b| {
        b.iter(|| {
            out.clear();
            renderer.encode_png(black_box(&frame), &mut out);
        })
    });
    c.bench_function("render only 1024", |b| {
        b.iter(|| renderer.render(black_box(&game), &overlay, &mut frame))
    });
    c.bench_function("render only 1024 ja", |b| {
        b.iter(|| renderer.render(black_box(&game), &japanese, &mut frame))
    });
    let (crowded, crowded_overlay) = ten_candidates();
    c.bench_function("render only 1024 10 candidates", |b| {
        b.iter(|| renderer.render(black_box(&crowded), &crowded_overlay, &mut frame))
    });
    let (walks, walks_overlay) = dejarik_walks();
    let dejarik = Renderer::get(GameKind::Dejarik, 1024);
    c.bench_function("dejarik render only 1024 10 walks", |b| {
        b.iter(|| dejarik.render(black_box(&walks), &walks_overlay, &mut frame))
    });
    let (djambi, djambi_overlay) = djambi();
    Renderer::get(GameKind::Djambi, 1024);
    let png = board_png(&djambi, &djambi_overlay);
    eprintln!("1024 px Djambi PNG: {} bytes", png.len());
    c.bench_function("djambi render+encode 1024 png", |b| {
        b.iter(|| board_png(black_box(&djambi), black_box(&djambi_overlay)))
    });
    let djambi_japanese = djambi_overlay.clone().with_lang(Lang::Ja);
    c.bench_function("djambi render+encode 1024 png ja", |b| {
        b.iter(|| board_png(black_box(&djambi), black_box(&djambi_japanese)))
    });
    let record = random_record(GameKind::SpaceCheckers, 60);
    let gif = replay_gif(&record, 1024, Lang::En).expect("replays");
    eprintln!("60-ply 1024 px GIF: {} bytes", gif.len());
    let mut group = c.benchmark_group("setup");
    group.sample_size(10);
    group.bench_function("build renderer 1024", |b| {
        b.iter(|| Renderer::new(GameKind::SpaceCheckers, 1024, &HOLO))
    });
    for lang in Lang::ALL {
        let overlay = overlay.clone().with_lang(lang);
        group.bench_function(format!("first render 1024 {}", lang.code()), |b| {
            b.iter(|| {
                let renderer = Renderer::new(GameKind::SpaceCheckers, 1024, &HOLO);
                renderer.render(black_box(&game), &overlay, &mut frame);
                out.clear();
                renderer.encode_png(&frame, &mut out);
            })
        });
    }
    // The bot's first board of each game after it starts, and the same
    // board again once the renderer is built.
    for kind in GameKind::ALL {
        let (game, overlay) = ballot(kind);
        let png = |renderer: &Renderer, frame: &mut Frame, out: &mut Vec<u8>| {
            renderer.render(black_box(&game), &overlay, frame);
            out.clear();
            renderer.encode_png(frame, out);
        };
        group.bench_function(format!("first ballot 640 {}", kind.as_str()), |b| {
            b.iter(|| png(&Renderer::new(kind, 640, &HOLO), &mut frame, &mut out))
        });
        let warm = Renderer::new(kind, 640, &HOLO);
        group.bench_function(format!("warm ballot 640 {}", kind.as_str()), |b| {
            b.iter(|| png(&warm, &mut frame, &mut out))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("gif 60 plies 1024", |b| {
        b.iter(|| replay_gif(black_box(&record), 1024, Lang::En))
    });
    group.bench_function("gif 60 plies 1024 ja", |b| {
        b.iter(|| replay_gif(black_box(&record), 1024, Lang::Ja))
    });
    let djambi_record = random_record(GameKind::Djambi, 60);
    group.bench_function("djambi gif 60 plies 1024", |b| {
        b.iter(|| replay_gif(black_box(&djambi_record), 1024, Lang::En))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
