//! Search speed: nodes per second of the engine on Space Checkers, with a
//! node budget so every iteration does the same work.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holotable::engine::{Budget, Engine, Level, MAX_DEPTH};
use holotable::games::Game;
use holotable::games::space_checkers::{Rules, SpaceCheckers};
use std::hint::black_box;

/// Enough nodes for several iterations of deepening, few enough to time
/// often; the positions are not solved within it, so all of it is spent.
const NODES: u64 = 200_000;

fn search(c: &mut Criterion) {
    let budget = Budget {
        time: None,
        nodes: Some(NODES),
        depth: MAX_DEPTH,
    };
    let mut group = c.benchmark_group("engine");
    for (name, position) in [
        ("opening", "A11,A12,A1,A2/A5,A6,A7,A8 w 2"),
        ("midgame", "A12,A2,B1,C/A5,A7,A9,B6 w 6"),
    ] {
        let game = SpaceCheckers::from_position(&Rules::default(), position)
            .expect("bench positions are valid");
        let nodes = Engine::new(Level::Hard, 0)
            .with_budget(budget)
            .choose(&game)
            .expect("the game goes on")
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}: {nodes} nodes"), |b| {
            b.iter(|| {
                let mut engine = Engine::new(Level::Hard, 0).with_budget(budget);
                engine.choose(black_box(&game)).expect("the game goes on")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
