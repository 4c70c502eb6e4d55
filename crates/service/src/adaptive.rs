//! The adaptive level: a community's Glicko-2 rating against the engine,
//! and the engine level that gives it about even chances.
//!
//! Pure arithmetic over [`ratings`] and the measured ladders of
//! [`holotable_games::engine::ladder`]; where the rating is kept (per channel and
//! game, moved in the transaction that ends a game) is the community
//! module's and the store's business.
//!
//! The rating lives on the ladder's scale (`random` is 0), so a rating
//! reads as "plays like the level this many points up". Every finished
//! game against the engine moves it, whatever level was asked for: a game
//! against a fixed level is a result against a measured opponent like any
//! other. Glicko-2's arithmetic depends only on rating differences, so the
//! ladder's origin needs no translation to the paper's 1500.

use super::ratings::{self, Game, Rating};
use holotable_games::engine::{Level, ladder};
use holotable_games::{GameKind, SeatResult};

/// What `/community start level:adaptive` asks for.
pub const ADAPTIVE: &str = "adaptive";

/// Where a channel with no games against the engine starts: at `normal`,
/// the level a channel got before the adaptive level existed, and as
/// unknown as Glicko-2's new player, so the first results move it far.
pub const START_LEVEL: Level = Level::Normal;

/// The deviation a level is rated with: the calibration's 95% intervals
/// are 50 to 250 points wide a pair, and chained they widen further up the
/// ladder; 60 is a guess at a typical rung's uncertainty. It matters
/// little: Glicko-2 weighs an opponent of deviation 60 at 0.98 of a
/// certain one.
pub const LEVEL_DEVIATION: f64 = 60.0;

/// A channel's rating before its first game against the engine in `game`.
pub fn first_rating(game: GameKind) -> Rating {
    Rating {
        rating: ladder::elo(game, START_LEVEL),
        ..Rating::default()
    }
}

/// The rating after a game against `level` in `game` that the community
/// ended with `result`.
pub fn after_game(before: Rating, game: GameKind, level: Level, result: SeatResult) -> Rating {
    let opponent = Rating {
        rating: ladder::elo(game, level),
        deviation: LEVEL_DEVIATION,
        ..Rating::default()
    };
    ratings::update(
        before,
        &[Game {
            opponent,
            score: result.points(),
        }],
        ratings::TAU,
    )
}

/// The level for a community rated `rating` in `game`: the one whose Elo
/// is nearest, so the community has about even chances.
pub fn level_for(game: GameKind, rating: Rating) -> Level {
    ladder::nearest(game, rating.rating)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normal(game: GameKind) -> f64 {
        ladder::elo(game, Level::Normal)
    }

    /// A new channel that beats the level it was given: 350 of deviation
    /// against the level's 60 moves it a long way up, and the deviation
    /// falls. The figures are Glickman's steps computed by hand (a Python
    /// transcription of the paper, not this crate), from 350 of deviation
    /// against a level of the same rating: μ′ = +1.0078 on the Glicko-2 scale, so +175.1 points,
    /// and φ′ = 1.4324 (248.8 points).
    #[test]
    fn a_first_win_moves_the_rating_up_by_the_papers_amount() {
        let game = GameKind::Holochess;
        let start = first_rating(game);
        assert_eq!(start.rating, normal(game));
        assert_eq!(start.deviation, 350.0);
        let after = after_game(start, game, Level::Normal, SeatResult::Win);
        assert!(
            (after.rating - start.rating - 175.07).abs() < 0.01,
            "{after:?}"
        );
        assert!((after.deviation - 248.83).abs() < 0.01, "{after:?}");
    }

    /// A loss is the mirror image of a win against an equal opponent.
    #[test]
    fn a_first_loss_moves_it_down_by_as_much() {
        let game = GameKind::Holochess;
        let start = first_rating(game);
        let won = after_game(start, game, Level::Normal, SeatResult::Win);
        let lost = after_game(start, game, Level::Normal, SeatResult::Loss);
        assert!((start.rating - lost.rating - (won.rating - start.rating)).abs() < 1e-9);
        assert_eq!(lost.deviation, won.deviation);
        let drawn = after_game(start, game, Level::Normal, SeatResult::Draw);
        assert!((drawn.rating - start.rating).abs() < 1e-9);
    }

    /// Beating a weaker level says less than beating an equal one, and
    /// losing to a stronger one costs less than losing to an equal one.
    #[test]
    fn results_count_by_the_level_they_came_against() {
        let game = GameKind::Holochess;
        let start = first_rating(game);
        let equal = after_game(start, game, Level::Normal, SeatResult::Win);
        let weaker = after_game(start, game, Level::Greedy, SeatResult::Win);
        assert!(weaker.rating > start.rating && weaker.rating < equal.rating);
        let lost_equal = after_game(start, game, Level::Normal, SeatResult::Loss);
        let lost_stronger = after_game(start, game, Level::Max, SeatResult::Loss);
        assert!(lost_stronger.rating < start.rating && lost_stronger.rating > lost_equal.rating);
    }

    /// After a first win the next game is a level up, after a first loss a
    /// level down: the first result is worth about a rung.
    #[test]
    fn the_next_level_follows_the_result() {
        let game = GameKind::Holochess;
        let start = first_rating(game);
        assert_eq!(level_for(game, start), Level::Normal);
        let won = after_game(start, game, Level::Normal, SeatResult::Win);
        assert_eq!(level_for(game, won), Level::Hard);
        let lost = after_game(start, game, Level::Normal, SeatResult::Loss);
        assert_eq!(level_for(game, lost), Level::Easy);
    }

    /// A community that keeps winning climbs to the strongest level and one
    /// that keeps losing sinks to the bottom of the ladder. (In Space Checkers `hard` and
    /// `max` measure the same, both win as white, and the tie goes to the
    /// cheaper `hard`.)
    #[test]
    fn streaks_reach_the_ends_of_the_ladder() {
        for game in GameKind::ALL {
            let (mut up, mut down) = (first_rating(game), first_rating(game));
            for _ in 0..30 {
                up = after_game(up, game, level_for(game, up), SeatResult::Win);
                down = after_game(down, game, level_for(game, down), SeatResult::Loss);
            }
            let top = ladder::ladder(game)
                .iter()
                .map(|r| r.elo)
                .fold(0.0, f64::max);
            assert_eq!(ladder::elo(game, level_for(game, up)), top, "{game}");
            // Losses to a level far above `random` (Djambi's greedy, +708)
            // move a settled rating little, so 30 reach the bottom two rungs.
            assert!(level_for(game, down) <= Level::Greedy, "{game}");
        }
    }
}
