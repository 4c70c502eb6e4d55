//! Knockout brackets: entrants seeded by rating, byes to the top seeds
//! when the count is not a power of two, each round drawn from the last
//! one's winners. A tie's games and its deciding game are `tie`'s.
//!
//! Seeds take the bracket's standard places (1 v 8, 4 v 5, 2 v 7, 3 v 6 for
//! eight): each round keeps the better seeds apart as long as possible, so
//! seeds 1 and 2 sit in different halves and can meet only in the final,
//! and the missing seeds beyond the entrant count leave their first
//! opponents, the top seeds, a walkover.

use super::{PairingError, check_count};
use crate::{Entrant, Fixture};
use serde::{Deserialize, Serialize};

/// A place in the seeding: 1 is the best rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seed(pub u16);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seeded {
    pub entrant: Entrant,
    pub seed: Seed,
}

/// A knockout's first-round places, drawn once at the start.
///
/// Only [`Bracket::seeded`] makes one, and a stored one is read back
/// through the same checks (`Deserialize` refuses places no seeding
/// gives), so every bracket's rounds halve to one final.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredBracket")]
pub struct Bracket {
    /// A power of two of places, top to bottom; `None` is a bye.
    slots: Vec<Option<Seeded>>,
}

/// A bracket as stored, before its checks.
#[derive(Deserialize)]
struct StoredBracket {
    slots: Vec<Option<Seeded>>,
}

impl TryFrom<StoredBracket> for Bracket {
    type Error = PairingError;

    /// The places must be the ones [`Bracket::seeded`] gives for their
    /// entrants: every seed from 1 to the count in its standard place, a
    /// bye in the place of each missing seed, each entrant once.
    fn try_from(stored: StoredBracket) -> Result<Bracket, PairingError> {
        let slots = stored.slots;
        let count = slots.iter().flatten().count();
        check_count(count, Self::MIN_ENTRANTS)?;
        if slots.len() != count.next_power_of_two() {
            return Err(PairingError::NotABracket);
        }
        for (seed, slot) in seed_places(slots.len()).into_iter().zip(&slots) {
            let expected = usize::from(seed.0) <= count;
            if slot.map(|s| s.seed) != expected.then_some(seed) {
                return Err(PairingError::NotABracket);
            }
        }
        if let Some(twice) = first_twice(slots.iter().flatten().map(|s| s.entrant)) {
            return Err(PairingError::EnteredTwice(twice));
        }
        Ok(Bracket { slots })
    }
}

/// The first entrant that `entrants` names a second time.
fn first_twice(entrants: impl Iterator<Item = Entrant>) -> Option<Entrant> {
    let mut seen = std::collections::BTreeSet::new();
    entrants.into_iter().find(|e| !seen.insert(*e))
}

impl Bracket {
    /// The fewest entrants a knockout takes: with fewer than four a
    /// knockout is a single match (or a bye and a final), which a league
    /// does not need a bracket for.
    pub const MIN_ENTRANTS: usize = 4;

    /// Seeds `entrants` by rating, best first (equal ratings by entry
    /// order), and places them.
    ///
    /// The service passes Glicko-2 ratings, which are finite; a rating that
    /// is not (NaN would sort above every number) is refused.
    ///
    /// # Errors
    /// Fewer than [`Self::MIN_ENTRANTS`], more than [`crate::MAX_ENTRANTS`],
    /// an entrant listed twice, or a rating that is not finite.
    ///
    /// # Examples
    /// ```
    /// use holotable_leagues::Entrant;
    /// use holotable_leagues::pairing::{Bracket, Tie};
    ///
    /// // Five entrants: a bracket of eight, walkovers for seeds 1 to 3.
    /// let ratings = [1500.0, 1700.0, 1400.0, 1600.0, 1550.0];
    /// let entrants: Vec<_> = ratings.iter().enumerate()
    ///     .map(|(i, r)| (Entrant(i as u16), *r)).collect();
    /// let bracket = Bracket::seeded(&entrants).unwrap();
    /// let first = bracket.first_round();
    /// let walkovers = first.ties().iter()
    ///     .filter(|t| matches!(t, Tie::Walkover(_))).count();
    /// assert_eq!((bracket.size(), walkovers), (8, 3));
    /// ```
    pub fn seeded(entrants: &[(Entrant, f64)]) -> Result<Bracket, PairingError> {
        check_count(entrants.len(), Self::MIN_ENTRANTS)?;
        if let Some((entrant, _)) = entrants.iter().find(|(_, r)| !r.is_finite()) {
            return Err(PairingError::RatingNotFinite(*entrant));
        }
        let mut order: Vec<(Entrant, f64)> = entrants.to_vec();
        order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        if let Some(twice) = first_twice(order.iter().map(|(e, _)| *e)) {
            return Err(PairingError::EnteredTwice(twice));
        }
        let size = order.len().next_power_of_two();
        let slots = seed_places(size)
            .into_iter()
            .map(|seed| {
                order
                    .get(usize::from(seed.0) - 1)
                    .map(|(entrant, _)| Seeded {
                        entrant: *entrant,
                        seed,
                    })
            })
            .collect();
        Ok(Bracket { slots })
    }

    /// Places in the first round: the entrants rounded up to a power of two.
    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// The rounds to a champion.
    pub fn rounds(&self) -> usize {
        self.size().trailing_zeros() as usize
    }

    /// The first round's places, top to bottom (`None` a bye).
    pub fn slots(&self) -> &[Option<Seeded>] {
        &self.slots
    }

    pub fn seed_of(&self, entrant: Entrant) -> Option<Seed> {
        self.slots
            .iter()
            .flatten()
            .find(|s| s.entrant == entrant)
            .map(|s| s.seed)
    }

    /// The first round: neighbouring places meet; a place beside a bye
    /// goes through without playing.
    pub fn first_round(&self) -> KnockoutRound {
        let ties = self
            .slots
            .chunks_exact(2)
            .map(|pair| match (pair[0], pair[1]) {
                (Some(a), Some(b)) => Tie::play(a, b),
                (Some(a), None) | (None, Some(a)) => Tie::Walkover(a),
                (None, None) => unreachable!("a bracket's byes are fewer than half its places"),
            })
            .collect();
        KnockoutRound { ties }
    }
}

/// The seeds in bracket order for `size` places (a power of two): from
/// `[1]`, each doubling puts beside every seed `s` its partner
/// `2·len + 1 − s`, so 1 meets the worst, and the sum of every pair is the
/// same.
fn seed_places(size: usize) -> Vec<Seed> {
    let mut places = vec![1u16];
    while places.len() < size {
        let total = u16::try_from(places.len() * 2 + 1).expect("at most 64 places");
        places = places.iter().flat_map(|&s| [s, total - s]).collect();
    }
    places.into_iter().map(Seed).collect()
}

/// One place in a knockout round: two entrants who play, or one who goes
/// through without playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tie {
    Walkover(Seeded),
    /// `upper` holds the better seed, who takes the first colour in the
    /// pairing's first game: the seeding's reward, stated once.
    Play {
        upper: Seeded,
        lower: Seeded,
    },
}

impl Tie {
    fn play(a: Seeded, b: Seeded) -> Tie {
        let (upper, lower) = if a.seed <= b.seed { (a, b) } else { (b, a) };
        Tie::Play { upper, lower }
    }

    /// The pairing played, as the fixture of its first game; none for a
    /// walkover.
    pub fn pairing(&self) -> Option<Fixture> {
        match self {
            Tie::Walkover(_) => None,
            Tie::Play { upper, lower } => Some(Fixture {
                first: upper.entrant,
                second: lower.entrant,
            }),
        }
    }

    fn holds(&self, entrant: Entrant) -> Option<Seeded> {
        match *self {
            Tie::Walkover(s) => (s.entrant == entrant).then_some(s),
            Tie::Play { upper, lower } => [upper, lower].into_iter().find(|s| s.entrant == entrant),
        }
    }
}

/// One round of a knockout, its ties in bracket order.
///
/// Drawn only by [`Bracket::first_round`] and [`KnockoutRound::next`], and
/// read back from storage through the same promises, so a round always
/// holds a power of two of ties (never none), each entrant in one: every
/// round halves, and the one of a single tie is the final.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredRound")]
pub struct KnockoutRound {
    ties: Vec<Tie>,
}

/// A round as stored, before its checks.
#[derive(Deserialize)]
struct StoredRound {
    ties: Vec<Tie>,
}

impl TryFrom<StoredRound> for KnockoutRound {
    type Error = KnockoutError;

    fn try_from(stored: StoredRound) -> Result<KnockoutRound, KnockoutError> {
        let ties = stored.ties;
        if !ties.len().is_power_of_two() {
            return Err(KnockoutError::TieCount { got: ties.len() });
        }
        for (tie, t) in ties.iter().enumerate() {
            if let Tie::Play { upper, lower } = t
                && upper.seed >= lower.seed
            {
                return Err(KnockoutError::SeedsReversed { tie });
            }
        }
        let entrants = ties.iter().flat_map(|t| match *t {
            Tie::Walkover(s) => [Some(s.entrant), None],
            Tie::Play { upper, lower } => [Some(upper.entrant), Some(lower.entrant)],
        });
        if let Some(twice) = first_twice(entrants.flatten()) {
            return Err(KnockoutError::InTwoTies(twice));
        }
        Ok(KnockoutRound { ties })
    }
}

/// A knockout asked for something its bracket does not allow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KnockoutError {
    #[error("the final has no next round")]
    AfterFinal,
    #[error("{got} winners for {ties} ties")]
    WinnerCount { ties: usize, got: usize },
    #[error("entrant {} is not in tie {tie}", .entrant.0)]
    NotInTie { tie: usize, entrant: Entrant },
    #[error("a game of entrants {} and {} is not this tie's", .fixture.first.0, .fixture.second.0)]
    OtherGame { fixture: Fixture },
    #[error("{got} ties; a round holds a power of two")]
    TieCount { got: usize },
    #[error("tie {tie} puts the worse seed above")]
    SeedsReversed { tie: usize },
    #[error("entrant {} is in two ties", .0.0)]
    InTwoTies(Entrant),
    #[error("{got} results for a pairing of {games} games")]
    TooManyGames { games: usize, got: usize },
    #[error("two games of the pairing with entrant {} first", .0.first.0)]
    ColoursTwice(Fixture),
}

impl KnockoutRound {
    pub fn ties(&self) -> &[Tie] {
        &self.ties
    }

    pub fn is_final(&self) -> bool {
        self.ties.len() == 1
    }

    /// The next round from this one's winners, one per tie in order:
    /// neighbouring ties' winners meet, so the bracket's halves stay apart.
    ///
    /// # Errors
    /// After the final, with a winner count other than the ties', or with
    /// a winner who is not in its tie.
    pub fn next(&self, winners: &[Entrant]) -> Result<KnockoutRound, KnockoutError> {
        if self.is_final() {
            return Err(KnockoutError::AfterFinal);
        }
        if winners.len() != self.ties.len() {
            return Err(KnockoutError::WinnerCount {
                ties: self.ties.len(),
                got: winners.len(),
            });
        }
        let through: Vec<Seeded> = self
            .ties
            .iter()
            .zip(winners)
            .enumerate()
            .map(|(tie, (t, &entrant))| {
                t.holds(entrant)
                    .ok_or(KnockoutError::NotInTie { tie, entrant })
            })
            .collect::<Result<_, _>>()?;
        // A power of two of ties, more than one: an even count of winners.
        let ties = through
            .chunks_exact(2)
            .map(|w| Tie::play(w[0], w[1]))
            .collect();
        Ok(KnockoutRound { ties })
    }
}

#[cfg(test)]
mod tests;
