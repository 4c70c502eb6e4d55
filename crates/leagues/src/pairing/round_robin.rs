//! Round robins by Berger tables: every entrant meets every other once per
//! cycle, nobody plays twice in a round, and with an odd number of
//! entrants each sits out one round per cycle (the bye).
//!
//! Berger tables are what FIDE publishes for round robins (Handbook C.05,
//! annex 1), so an organiser who knows chess can check a league's rounds
//! against the printed table: entrant 1 is the table's player 1, and with
//! an odd count the missing last player is the bye.

use super::{PairingError, check_count};
use crate::{Entrant, Fixture, Round};
use serde::{Deserialize, Serialize};

/// One cycle, or two: the second is the printed table with colours
/// swapped, and the first plays the table's last two rounds in reverse
/// order (FIDE's rule for double round robins), so nobody plays one colour
/// three rounds running across the change of cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cycles {
    Single,
    Double,
}

/// One round's pairings, and who sits it out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairings {
    pub round: Round,
    /// Board order of the Berger table: the first board pairs the
    /// table's last player (`m`, the entrants rounded up to even) with its
    /// partner. With an odd count player `m` is missing, so that board is
    /// left out and its partner is the `bye`.
    pub pairings: Vec<Fixture>,
    pub bye: Option<Entrant>,
}

/// A whole round robin's pairings, drawn once at the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    entrants: usize,
    rounds: Vec<RoundPairings>,
}

impl RoundRobin {
    /// The fewest entrants a round robin takes.
    pub const MIN_ENTRANTS: usize = 2;

    /// The Berger tables for `entrants` (entrant `i` is the table's player
    /// `i + 1`), once or twice (see [`Cycles::Double`] for the order).
    ///
    /// # Errors
    /// Fewer than [`Self::MIN_ENTRANTS`], or more than [`crate::MAX_ENTRANTS`].
    ///
    /// # Examples
    /// ```
    /// use holotable_leagues::pairing::{Cycles, RoundRobin};
    /// use holotable_leagues::{Entrant, Fixture};
    ///
    /// let league = RoundRobin::new(4, Cycles::Single).unwrap();
    /// let first = &league.rounds()[0];
    /// // FIDE's table for four: 1-4, 2-3.
    /// let f = |a, b| Fixture { first: Entrant(a), second: Entrant(b) };
    /// assert_eq!(first.pairings, [f(0, 3), f(1, 2)]);
    /// assert_eq!(league.rounds().len(), 3);
    /// ```
    pub fn new(entrants: usize, cycles: Cycles) -> Result<RoundRobin, PairingError> {
        check_count(entrants, Self::MIN_ENTRANTS)?;
        let per_cycle = rounds_per_cycle(entrants);
        let table: Vec<RoundPairings> = (0..per_cycle)
            .map(|index| berger_round(entrants, index))
            .collect();
        let rounds = match cycles {
            Cycles::Single => table,
            Cycles::Double => {
                // FIDE's annex: for a double round robin, the first cycle
                // plays its last two rounds in reverse order. Played as
                // printed, two entrants (players 1 and m/2 + 1) take one
                // colour three rounds running across the change of cycle.
                let mut first = table.clone();
                if per_cycle >= 2 {
                    let (a, b) = (per_cycle - 2, per_cycle - 1);
                    let (round_a, round_b) = (first[a].round, first[b].round);
                    first.swap(a, b);
                    (first[a].round, first[b].round) = (round_a, round_b);
                }
                let second = table.iter().map(|r| RoundPairings {
                    round: round_number(per_cycle + usize::from(r.round.0) - 1),
                    pairings: r.pairings.iter().map(|f| f.swapped()).collect(),
                    bye: r.bye,
                });
                first.into_iter().chain(second).collect()
            }
        };
        Ok(RoundRobin { entrants, rounds })
    }

    /// Every round in order, both cycles for a double round robin.
    pub fn rounds(&self) -> &[RoundPairings] {
        &self.rounds
    }

    pub fn round(&self, round: Round) -> Option<&RoundPairings> {
        self.rounds.get(usize::from(round.0.checked_sub(1)?))
    }

    /// Rounds in one cycle: one fewer than the entrants rounded up to even.
    pub fn rounds_per_cycle(&self) -> usize {
        rounds_per_cycle(self.entrants)
    }
}

/// Round `index` (0 for round 1) of a round robin, which has at most 126.
fn round_number(index: usize) -> Round {
    Round::from_index(index).expect("a round robin has at most 126 rounds")
}

fn rounds_per_cycle(entrants: usize) -> usize {
    entrants.next_multiple_of(2) - 1
}

/// Round `index + 1` of the Berger table for `entrants` (`index` counts
/// from 0; rounds as shown count from 1).
///
/// With `m` players (the entrants rounded up to even), player `m` stays on
/// the first board and the others turn: in round `index + 1` the first
/// board's other player is `p = index·m/2 mod (m−1) + 1`, and board `k`
/// pairs `p + k` (first colour) with `p − k`, both counted round `1..m−1`.
/// Player `m` takes the second colour in rounds 1, 3, 5, … and the first in
/// rounds 2, 4, …, which is what keeps every player's colours within one
/// of even.
fn berger_round(entrants: usize, index: usize) -> RoundPairings {
    let m = entrants.next_multiple_of(2);
    let turning = m - 1;
    // Player numbers 1..=m as the tables print them.
    let wrap = |x: isize| -> usize {
        let t = turning as isize;
        ((x - 1).rem_euclid(t) + 1) as usize
    };
    let p = (index * (m / 2)) % turning + 1;
    let entrant = |player: usize| Entrant(u16::try_from(player - 1).expect("at most 64"));

    let mut pairings = Vec::with_capacity(m / 2);
    let mut bye = None;
    if m > entrants {
        // Player m is the missing one: p sits out.
        bye = Some(entrant(p));
    } else if index.is_multiple_of(2) {
        pairings.push(Fixture {
            first: entrant(p),
            second: entrant(m),
        });
    } else {
        pairings.push(Fixture {
            first: entrant(m),
            second: entrant(p),
        });
    }
    for k in 1..m / 2 {
        let k = k as isize;
        pairings.push(Fixture {
            first: entrant(wrap(p as isize + k)),
            second: entrant(wrap(p as isize - k)),
        });
    }
    RoundPairings {
        round: round_number(index),
        pairings,
        bye,
    }
}

#[cfg(test)]
mod tests;
