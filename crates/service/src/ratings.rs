//! Glicko-2 ratings, exactly as in Glickman's "Example of the Glicko-2
//! system" (2013): pure arithmetic, no storage and no clock.
//!
//! The paper's steps are the `skillratings` crate's; this module holds
//! holotable's choices around them. Every finished rated match is one
//! rating period (as lichess does), so a rating moves after each match
//! rather than in monthly batches. A match of three or four seats is one
//! period in which each player met every other player once: beating a
//! seat scores 1, sharing its result ½, losing to it 0. Deviation does not
//! grow with idle time; see `docs/matches.md` for that choice.

use holotable_games::SeatResult;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

/// τ, how much volatility may change per period. Glickman suggests 0.3 to
/// 1.2; 0.5 is the paper's example and a common middle choice.
pub const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;
/// A deviation never exceeds the unrated player's.
const MAX_DEVIATION: f64 = 350.0;

/// A rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A new player's rating, the paper's: what a community or member is
/// shown before their first rated game.
pub const NEW_RATING: f64 = 1500.0;

impl Default for Rating {
    /// The paper's new player: 1500 ± 350, volatility 0.06.
    fn default() -> Self {
        Rating {
            rating: NEW_RATING,
            deviation: MAX_DEVIATION,
            volatility: 0.06,
        }
    }
}

/// One game of a rating period from the rated player's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    /// 1 for a win, ½ for a draw, 0 for a loss: the only results a game
    /// has (above ½ counts as a win, below as a loss).
    pub score: f64,
}

/// The player's rating after a period in which `games` were played (all
/// against the opponents' ratings from before the period). With no games
/// only the deviation grows (step 6 of the paper).
pub fn update(player: Rating, games: &[Game], tau: f64) -> Rating {
    let config = Glicko2Config {
        tau,
        convergence_tolerance: EPSILON,
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|game| (glicko(game.opponent), outcome(game.score)))
        .collect();
    let after = glicko2_rating_period(&glicko(player), &results, &config);
    Rating {
        rating: after.rating,
        // The paper, and the crate, let an upset that raises the volatility
        // widen the deviation past a new player's (800 beating 2100 does);
        // a player who has played is never less known than one who has not.
        deviation: after.deviation.min(MAX_DEVIATION),
        volatility: after.volatility,
    }
}

fn glicko(rating: Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

fn outcome(score: f64) -> Outcomes {
    match score.partial_cmp(&0.5) {
        Some(std::cmp::Ordering::Greater) => Outcomes::WIN,
        Some(std::cmp::Ordering::Less) => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    }
}

/// Everyone's rating after one match of several seats, each player having
/// met every other once (`points[i]` is seat i's match score: 1 win, ½
/// draw, 0 loss). All updates use the ratings from before the match.
pub fn update_match(players: &[Rating], points: &[f64], tau: f64) -> Vec<Rating> {
    players
        .iter()
        .enumerate()
        .map(|(i, &player)| {
            let games: Vec<Game> = players
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(j, &opponent)| Game {
                    opponent,
                    score: match points[i].partial_cmp(&points[j]) {
                        Some(std::cmp::Ordering::Greater) => 1.0,
                        Some(std::cmp::Ordering::Less) => 0.0,
                        _ => 0.5,
                    },
                })
                .collect();
            update(player, &games, tau)
        })
        .collect()
}

/// A rating kept with a record of games: a member's in one game, or a
/// community's. Both move the same way after a game, so they share
/// [`rate_records`]; [`impl_record!`] writes the implementation.
pub trait Record: Clone {
    fn rating(&self) -> Rating;
    /// Takes the rating after a game and counts the game's result.
    fn count(&mut self, after: Rating, result: SeatResult);
    /// This record with the unrated player's rating and no games: where a
    /// first rated game starts.
    fn unrated(self) -> Self;
}

/// Implements [`Record`] for a row with `rating`, `deviation`,
/// `volatility`, `games`, `wins`, `draws` and `losses` fields; `$more`, if
/// given, is called with the row and each result for what else it counts.
macro_rules! impl_record {
    ($row:ty $(, $more:path)?) => {
        impl $crate::ratings::Record for $row {
            fn rating(&self) -> $crate::ratings::Rating {
                $crate::ratings::Rating {
                    rating: self.rating,
                    deviation: self.deviation,
                    volatility: self.volatility,
                }
            }

            fn count(
                &mut self,
                after: $crate::ratings::Rating,
                result: holotable_games::SeatResult,
            ) {
                self.rating = after.rating;
                self.deviation = after.deviation;
                self.volatility = after.volatility;
                self.games += 1;
                *match result {
                    holotable_games::SeatResult::Win => &mut self.wins,
                    holotable_games::SeatResult::Draw => &mut self.draws,
                    holotable_games::SeatResult::Loss => &mut self.losses,
                } += 1;
                $($more(self, result);)?
            }

            fn unrated(mut self) -> Self {
                let new = $crate::ratings::Rating::default();
                self.rating = new.rating;
                self.deviation = new.deviation;
                self.volatility = new.volatility;
                (self.games, self.wins, self.draws, self.losses) = (0, 0, 0, 0);
                self
            }
        }
    };
}
pub(crate) use impl_record;

/// The records after one game in which each met every other once
/// (`results[i]` is record i's result), from the records before it.
pub fn rate_records<R: Record>(before: &[R], results: &[SeatResult]) -> Vec<R> {
    let ratings: Vec<Rating> = before.iter().map(Record::rating).collect();
    let points: Vec<f64> = results.iter().map(|r| r.points()).collect();
    let after = update_match(&ratings, &points, TAU);
    before
        .iter()
        .zip(after)
        .zip(results)
        .map(|((record, after), &result)| {
            let mut record = record.clone();
            record.count(after, result);
            record
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Glicko-2 scale factor between the Glicko scale (1500 ± 350) and
    /// the internal one (0 ± 2.01).
    const SCALE: f64 = 173.7178;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example: 1500 ± 200 beats 1400 ± 30 and loses to
    /// 1550 ± 100 and 1700 ± 300; the paper gives 1464.06 ± 151.52 and
    /// volatility 0.05999. The paper rounds its intermediates (μ′ = −0.2069
    /// to four places), which shifts its rating by under 0.01 from the
    /// unrounded 1464.0507; its volatility 0.05999 is 0.0599960 cut to five places.
    #[test]
    fn the_papers_worked_example() {
        let games = [
            Game {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = update(rating(1500.0, 200.0), &games, TAU);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
    }

    #[test]
    fn without_games_only_the_deviation_grows() {
        let before = rating(1500.0, 200.0);
        let after = update(before, &[], TAU);
        assert_eq!(after.rating, before.rating);
        assert_eq!(after.volatility, before.volatility);
        // φ* = sqrt(φ² + σ²) on the internal scale.
        let expected = ((200.0f64 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9);
        assert_eq!(update(Rating::default(), &[], TAU).deviation, 350.0);
    }

    #[test]
    fn a_two_seat_match_moves_winner_up_and_loser_down_symmetrically() {
        let after = update_match(&[Rating::default(), Rating::default()], &[1.0, 0.0], TAU);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        assert!((after[0].rating - 1500.0 - (1500.0 - after[1].rating)).abs() < 1e-9);
        assert!(after[0].deviation < 350.0);
        let drawn = update_match(
            &[rating(1600.0, 80.0), rating(1400.0, 80.0)],
            &[0.5, 0.5],
            TAU,
        );
        assert!(drawn[0].rating < 1600.0 && drawn[1].rating > 1400.0);
    }

    proptest::proptest! {
        /// Whatever the ratings, winning never lowers a rating, losing never
        /// raises one, and playing never widens the deviation beyond the
        /// period's growth.
        #[test]
        fn results_move_ratings_the_right_way(
            a in 800.0f64..2400.0, b in 800.0f64..2400.0,
            da in 30.0f64..350.0, db in 30.0f64..350.0,
            va in 0.03f64..0.09, vb in 0.03f64..0.09,
        ) {
            let players = [
                Rating { rating: a, deviation: da, volatility: va },
                Rating { rating: b, deviation: db, volatility: vb },
            ];
            let after = update_match(&players, &[1.0, 0.0], TAU);
            proptest::prop_assert!(after[0].rating >= a && after[1].rating <= b);
            for (before, after) in players.iter().zip(&after) {
                // A game only adds information: the deviation ends no wider
                // than the period's growth at the *new* volatility (step 6).
                // Not the old one: an upset raises the volatility, and the
                // deviation with it (800 beating 2100 does).
                let grown = Rating { volatility: after.volatility, ..*before };
                let phi = grown.deviation / SCALE;
                let bound = (phi * phi + grown.volatility * grown.volatility).sqrt() * SCALE;
                proptest::prop_assert!(after.deviation <= bound.min(MAX_DEVIATION) + 1e-9);
                proptest::prop_assert!(after.volatility.is_finite() && after.volatility > 0.0);
            }
        }
    }

    #[test]
    fn a_four_seat_match_is_pairwise() {
        let players = [Rating::default(); 4];
        let after = update_match(&players, &[1.0, 0.0, 0.0, 0.0], TAU);
        let single = update(
            Rating::default(),
            &[Game {
                opponent: Rating::default(),
                score: 1.0,
            }; 3],
            TAU,
        );
        assert_eq!(after[0], single);
        // The three losers drew among themselves and lost to the winner.
        assert!(
            after[1..]
                .iter()
                .all(|r| *r == after[1] && r.rating < 1500.0)
        );
    }
}
