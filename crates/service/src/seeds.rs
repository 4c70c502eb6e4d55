//! Where every random draw of the service comes from: a game's stored seed.
//!
//! A game's setup, its seats by lot, and each dice roll and engine search
//! are drawn from ChaCha8 streams seeded here, so a retried step decides
//! exactly as the first try did. Changing either function changes what
//! games already stored would draw next: both must stay as they are.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A decision's seed: the game's seed mixed with the ply (splitmix64), so
/// every decision has its own stream and a retry repeats it exactly.
pub fn decision_seed(game_seed: u64, ply: u32) -> u64 {
    let mut z = game_seed ^ (u64::from(ply).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The random stream of `seed`: a game's seed for its setup and seats, a
/// [`decision_seed`] for one roll of the dice.
pub(super) fn seeded_rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Stored games replay only while these draws stay what they were
    /// when those games were played.
    #[test]
    fn seeds_draw_what_stored_games_drew() {
        assert_eq!(decision_seed(0, 0), 0);
        assert_eq!(decision_seed(42, 7), 6_029_533_247_520_485_195);
        assert_eq!(
            seeded_rng(decision_seed(42, 7)).random::<u64>(),
            1_531_678_046_950_117_182
        );
        assert_eq!(seeded_rng(42).random::<u64>(), 12_578_764_544_318_200_737);
    }
}
