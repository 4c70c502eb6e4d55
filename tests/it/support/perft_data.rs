//! Helpers shared by the games' integration tests.

use holotable::games::{Game, perft};

/// The cases of a perft data file: lines `<position> ; <depth>:<count> ...`,
/// `#` comments and blank lines skipped, positions read with default rules.
pub fn perft_cases<G: Game>(data: &str) -> Vec<(G, Vec<(u32, u64)>)> {
    data.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (position, counts) = line.split_once(';').expect("position ; counts");
            let game = G::from_position(&G::Rules::default(), position.trim())
                .expect("valid perft position");
            let counts = counts
                .split_whitespace()
                .map(|pair| {
                    let (depth, count) = pair.split_once(':').expect("depth:count");
                    (depth.parse().unwrap(), count.parse().unwrap())
                })
                .collect();
            (game, counts)
        })
        .collect()
}

/// Asserts every count of a perft data file.
pub fn assert_perft_counts<G: Game>(data: &str) {
    for (game, counts) in perft_cases::<G>(data) {
        for (depth, expected) in counts {
            assert_eq!(
                perft(&game, depth),
                expected,
                "perft {depth} of {}",
                game.position()
            );
        }
    }
}
