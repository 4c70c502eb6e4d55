//! Move generation speed: perft from the Space Checkers start and from a
//! busy midgame position (the perft data file's second line).

use criterion::{Criterion, criterion_group, criterion_main};
use holotable::games::space_checkers::{Rules, SpaceCheckers};
use holotable::games::{Game, perft};
use std::hint::black_box;

fn movegen(c: &mut Criterion) {
    let start = SpaceCheckers::new_game(&Rules::default(), &mut rand::rng());
    let midgame = SpaceCheckers::from_position(&Rules::default(), "A12,A2,B1,C/A5,A7,A9,B6 w 6")
        .expect("bench position is valid");
    let mut group = c.benchmark_group("space-checkers");
    group.bench_function("perft 5 from start (86,040 leaves)", |b| {
        b.iter(|| perft(black_box(&start), 5))
    });
    group.bench_function("perft 4 from midgame (15,303 leaves)", |b| {
        b.iter(|| perft(black_box(&midgame), 4))
    });
    let mut moves = Vec::new();
    group.bench_function("legal moves of one midgame position", |b| {
        b.iter(|| {
            black_box(&midgame).legal_moves(&mut moves);
            moves.len()
        })
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
