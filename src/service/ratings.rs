//! Glicko-2 ratings, exactly as in Glickman's "Example of the Glicko-2
//! system" (2013): pure arithmetic, no storage and no clock.
//!
//! holotable treats every finished rated match as one rating period (as
//! lichess does), so a rating moves after each match rather than in
//! monthly batches. A match of three or four seats is one period in which
//! each player met every other player once: beating a seat scores 1,
//! sharing its result ½, losing to it 0. Deviation does not grow with idle
//! time; see `docs/matches.md` for that choice.

/// The Glicko-2 scale factor between the Glicko scale (1500 ± 350) and the
/// internal one (0 ± 2.01).
const SCALE: f64 = 173.7178;
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

impl Default for Rating {
    /// The paper's new player: 1500 ± 350, volatility 0.06.
    fn default() -> Self {
        Rating {
            rating: 1500.0,
            deviation: MAX_DEVIATION,
            volatility: 0.06,
        }
    }
}

/// One game of a rating period from the rated player's side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    /// 1 for a win, ½ for a draw, 0 for a loss.
    pub score: f64,
}

/// The player's rating after a period in which `games` were played (all
/// against the opponents' ratings from before the period). With no games
/// only the deviation grows (step 6 of the paper).
pub fn update(player: Rating, games: &[Game], tau: f64) -> Rating {
    // Step 2: onto the Glicko-2 scale.
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: (phi_star * SCALE).min(MAX_DEVIATION),
            ..player
        };
    }
    // Steps 3 and 4: the estimated variance v and the improvement Δ.
    let mut inverse_v = 0.0;
    let mut sum = 0.0;
    for game in games {
        let mu_j = (game.opponent.rating - 1500.0) / SCALE;
        let g = g(game.opponent.deviation / SCALE);
        let e = expected(mu, mu_j, g);
        inverse_v += g * g * e * (1.0 - e);
        sum += g * (game.score - e);
    }
    let v = 1.0 / inverse_v;
    let delta = v * sum;
    // Step 5: the new volatility.
    let sigma = new_volatility(phi, sigma, v, delta, tau);
    // Steps 6 and 7: the new deviation and rating.
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu = mu + phi * phi * sum;
    // Step 8: back to the Glicko scale.
    Rating {
        rating: SCALE * mu + 1500.0,
        deviation: (SCALE * phi).min(MAX_DEVIATION),
        volatility: sigma,
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, g: f64) -> f64 {
    1.0 / (1.0 + (-g * (mu - mu_j)).exp())
}

/// Step 5 of the paper: the Illinois variant of regula falsi on f(x).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let denominator = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * denominator * denominator)
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
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

#[cfg(test)]
mod tests {
    use super::*;

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
