//! Dice arithmetic: distributions of sums of six-sided dice and the chances
//! of each combat result, computed exactly rather than sampled so the
//! engine's expectations are exact.

use super::monsters::MAX_FIGURE;
use std::sync::OnceLock;

const MAX_DICE: usize = MAX_FIGURE as usize;
const MAX_SUM: usize = 6 * MAX_DICE;

/// `ways[n][s]`: the number of ways `n` dice sum to `s`.
fn ways() -> &'static [[f64; MAX_SUM + 1]; MAX_DICE + 1] {
    static WAYS: OnceLock<[[f64; MAX_SUM + 1]; MAX_DICE + 1]> = OnceLock::new();
    WAYS.get_or_init(|| {
        let mut table = [[0.0; MAX_SUM + 1]; MAX_DICE + 1];
        table[0][0] = 1.0;
        for n in 1..=MAX_DICE {
            for s in n..=6 * n {
                table[n][s] = (1..=6)
                    .filter(|f| *f <= s)
                    .map(|f| table[n - 1][s - f])
                    .sum();
            }
        }
        table
    })
}

/// The probability that `dice` six-sided dice sum to `sum`.
pub fn p_sum(dice: u8, sum: u8) -> f64 {
    let (n, s) = (usize::from(dice), usize::from(sum));
    if n == 0 || n > MAX_DICE || s < n || s > 6 * n {
        return 0.0;
    }
    ways()[n][s] / 6f64.powi(dice.into())
}

/// Whether `dice` dice can sum to `sum`.
pub fn possible(dice: u8, sum: u8) -> bool {
    p_sum(dice, sum) > 0.0
}

/// The four results of an attack (seed 001), decided by the margin
/// attacker minus defender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combat {
    /// Attacker wins by 7 or more.
    AttackerKills,
    /// Attacker wins by 1 to 6.
    AttackerPushes,
    /// Defender ties or wins by 1 to 6.
    DefenderPushes,
    /// Defender wins by 7 or more.
    DefenderKills,
}

impl Combat {
    pub const ALL: [Combat; 4] = [
        Combat::AttackerKills,
        Combat::AttackerPushes,
        Combat::DefenderPushes,
        Combat::DefenderKills,
    ];

    pub fn of(attack_sum: u8, defence_sum: u8) -> Combat {
        match i32::from(attack_sum) - i32::from(defence_sum) {
            m if m >= 7 => Combat::AttackerKills,
            m if m >= 1 => Combat::AttackerPushes,
            m if m >= -6 => Combat::DefenderPushes,
            _ => Combat::DefenderKills,
        }
    }
}

/// The probability of a combat result with these dice counts, and its most
/// likely pair of sums (the representative the engine searches).
pub fn combat(attack: u8, defence: u8, result: Combat) -> (f64, Option<(u8, u8)>) {
    let mut total = 0.0;
    let mut best: Option<((u8, u8), f64)> = None;
    for a in attack..=6 * attack {
        for d in defence..=6 * defence {
            if Combat::of(a, d) != result {
                continue;
            }
            let p = p_sum(attack, a) * p_sum(defence, d);
            total += p;
            if best.is_none_or(|(_, q)| p > q) {
                best = Some(((a, d), p));
            }
        }
    }
    (total, best.map(|(pair, _)| pair))
}

/// The odds of the duel to the death, where rounds repeat until one side
/// wins a round by 7 or more.
pub struct DuelOdds {
    /// The probability that the first side wins (the undecided rounds
    /// factored out); meaningless when `decisive` is false.
    pub first_share: f64,
    /// Whether any round can be decisive at all (1d6 against 1d6 cannot).
    pub decisive: bool,
    /// Each side's most likely decisive pair of sums.
    pub first_wins: Option<(u8, u8)>,
    pub second_wins: Option<(u8, u8)>,
}

pub fn duel(first: u8, second: u8) -> DuelOdds {
    let (p_first, first_wins) = combat(first, second, Combat::AttackerKills);
    let (p_second, second_wins) = combat(first, second, Combat::DefenderKills);
    let decided = p_first + p_second;
    DuelOdds {
        first_share: if decided > 0.0 {
            p_first / decided
        } else {
            0.5
        },
        decisive: decided > 0.0,
        first_wins,
        second_wins,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_distribution_is_triangular() {
        assert!((p_sum(2, 7) - 6.0 / 36.0).abs() < 1e-12);
        assert!((p_sum(2, 2) - 1.0 / 36.0).abs() < 1e-12);
        assert_eq!(p_sum(2, 13), 0.0);
        let total: f64 = (0..=72).map(|s| p_sum(8, s)).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn combat_results_cover_every_roll_once() {
        let total: f64 = Combat::ALL.iter().map(|&c| combat(7, 3, c).0).sum();
        assert!((total - 1.0).abs() < 1e-9);
        assert_eq!(Combat::of(10, 3), Combat::AttackerKills);
        assert_eq!(Combat::of(9, 3), Combat::AttackerPushes);
        assert_eq!(
            Combat::of(5, 5),
            Combat::DefenderPushes,
            "a tie goes to the defender"
        );
        assert_eq!(Combat::of(3, 10), Combat::DefenderKills);
    }

    #[test]
    fn a_strong_attacker_usually_kills_a_weak_defender() {
        let (p, pair) = combat(8, 2, Combat::AttackerKills);
        assert!(p > 0.9, "{p}");
        let (a, d) = pair.unwrap();
        assert!(i32::from(a) - i32::from(d) >= 7);
    }
}
