//! Tables of four, for four-army Djambi leagues: each round seats the
//! communities four to a table so that pairs repeat as little as
//! possible, turns each one through the seats, and scores a table by
//! placing.
//!
//! **Scoring.** A table scores 3, 2, 1 and 0 points for first to fourth
//! place (6, 4, 2 and 0 halves), and entrants level on a place share the
//! places they cover (two level first take 2½ each). That is exactly the
//! table read as its six pairs: each entrant beats everyone placed below
//! it and draws everyone level with it, a win 2 halves and a draw 1. So a
//! table enters the standings as six games ([`TableResult::games`]), and
//! the points, Sonneborn-Berger, games won and head to head of
//! `crate::standings` need nothing of their own for four-army leagues.
//!
//! **Sitting out.** When the entrants playing are not a multiple of four,
//! the remainder sits the round out: those who have sat out least, so
//! over a season nobody sits out twice before everyone still playing has
//! sat out once. A sit-out scores a table's average, 1½ points (the
//! table's 6 points over 4 seats), as a [`Bye`] in the standings: a season
//! whose length does not share the sit-outs out evenly still leaves
//! nobody a table's points behind for the draw alone.
//!
//! **Seating** is a heuristic, not an optimum: a greedy seating improved
//! by swaps until no swap lowers the cost. Whether a season can avoid
//! every repeat at all is a hard design problem (the social golfer
//! problem); the tests pin what this finds for the sizes leagues have.

use crate::pairing::PairingError;
use crate::{Bye, Entrant, Finish, Fixture, GameResult, Outcome, Round};
use serde::{Deserialize, Serialize};

/// The fewest entrants a four-army league takes: one full table.
pub const MIN_ENTRANTS: usize = 4;

/// Seats at a table.
pub const SEATS: usize = 4;

/// One table: `seats[0]` takes the game's first seat (it moves first),
/// and so on round the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Table {
    pub seats: [Entrant; SEATS],
}

/// One round's tables, and who sits it out when the entrants still
/// playing are not a multiple of four.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRound {
    pub round: Round,
    pub tables: Vec<Table>,
    pub sitting_out: Vec<Entrant>,
}

impl TableRound {
    /// The round's sit-outs, for the standings: each scores a table's
    /// average, so sitting out neither helps nor hurts an entrant against
    /// those who played.
    pub fn byes(&self) -> impl Iterator<Item = Bye> + '_ {
        self.sitting_out.iter().map(|&entrant| Bye {
            entrant,
            round: self.round,
        })
    }
}

/// The fewest rounds in which each of `entrants` could meet every other
/// once (three new rivals a round): a default for a league's length.
pub fn rounds_to_meet_all(entrants: usize) -> usize {
    entrants.saturating_sub(1).div_ceil(3)
}

/// What the seating remembers of earlier rounds: who met whom, who sat
/// out, who sat where. Rebuilt from the stored rounds
/// ([`Seating::from_rounds`]), so the next round depends only on them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    entrants: usize,
    /// `met[a][b]`: tables `a` and `b` shared.
    met: Vec<Vec<u16>>,
    sat_out: Vec<u16>,
    /// `seat_count[e][s]`: rounds `e` sat in seat `s`.
    seat_count: Vec<[u16; SEATS]>,
    rounds: usize,
}

impl Seating {
    /// A league's seating before its first round.
    ///
    /// # Errors
    /// Fewer than four entrants or more than [`crate::MAX_ENTRANTS`].
    pub fn new(entrants: usize) -> Result<Seating, PairingError> {
        crate::pairing::check_count(entrants, MIN_ENTRANTS)?;
        Ok(Seating {
            entrants,
            met: vec![vec![0; entrants]; entrants],
            sat_out: vec![0; entrants],
            seat_count: vec![[0; SEATS]; entrants],
            rounds: 0,
        })
    }

    /// The seating after `rounds`, the league's rounds so far in order.
    ///
    /// # Errors
    /// As [`Seating::new`]; rounds not numbered 1, 2, … in order; a round
    /// naming an entrant outside the league, or one twice.
    pub fn from_rounds(entrants: usize, rounds: &[TableRound]) -> Result<Seating, PairingError> {
        let mut seating = Seating::new(entrants)?;
        for (index, round) in rounds.iter().enumerate() {
            if round.round.index() != Some(index) {
                return Err(PairingError::RoundOutOfOrder { got: round.round });
            }
            let seated = round.tables.iter().flat_map(|t| t.seats);
            seating.check(seated.chain(round.sitting_out.iter().copied()))?;
            seating.record(round);
        }
        Ok(seating)
    }

    /// Each of `entrants` in the league, and once.
    fn check(&self, entrants: impl Iterator<Item = Entrant>) -> Result<(), PairingError> {
        let mut seen = vec![false; self.entrants];
        for entrant in entrants {
            let seen = seen
                .get_mut(entrant.index())
                .ok_or(PairingError::UnknownEntrant(entrant))?;
            if std::mem::replace(seen, true) {
                return Err(PairingError::EnteredTwice(entrant));
            }
        }
        Ok(())
    }

    /// How often `a` and `b` have shared a table; none when either is not
    /// in the league.
    pub fn met(&self, a: Entrant, b: Entrant) -> Option<u16> {
        self.met.get(a.index())?.get(b.index()).copied()
    }

    /// The rounds `entrant` sat out; none when it is not in the league.
    pub fn sat_out(&self, entrant: Entrant) -> Option<u16> {
        self.sat_out.get(entrant.index()).copied()
    }

    /// The next round's tables for `playing`, the entrants still in the
    /// league (those who left are not seated), and records it.
    ///
    /// Those who sat out least sit out (the latest entrants first among
    /// equals, so the first to enter play first); the rest are seated to
    /// keep repeated pairs fewest, a pair's k-th meeting costing
    /// (k − 1)², so two second meetings are better than one third.
    ///
    /// # Errors
    /// Fewer than four entrants playing; an entrant outside the league or
    /// named twice; a round past the 65,535th. Nothing is recorded then.
    pub fn next_round(&mut self, playing: &[Entrant]) -> Result<TableRound, PairingError> {
        if playing.len() < MIN_ENTRANTS {
            return Err(PairingError::TooFew {
                needed: MIN_ENTRANTS,
                got: playing.len(),
            });
        }
        self.check(playing.iter().copied())?;
        let mut playing = playing.to_vec();
        playing.sort();

        let mut by_sat_out = playing.clone();
        by_sat_out.sort_by_key(|e| (self.sat_out[e.index()], std::cmp::Reverse(*e)));
        let mut sitting_out: Vec<Entrant> = by_sat_out[..playing.len() % SEATS].to_vec();
        sitting_out.sort();
        playing.retain(|e| !sitting_out.contains(e));

        let groups = self.improve(self.greedy(&playing));
        let tables = groups.into_iter().map(|g| self.seat(g)).collect();
        let round = Round::from_index(self.rounds).ok_or(PairingError::TooManyRounds)?;
        let round = TableRound {
            round,
            tables,
            sitting_out,
        };
        self.record(&round);
        Ok(round)
    }

    fn record(&mut self, round: &TableRound) {
        for table in &round.tables {
            for (s, a) in table.seats.iter().enumerate() {
                self.seat_count[a.index()][s] += 1;
                for b in &table.seats[s + 1..] {
                    self.met[a.index()][b.index()] += 1;
                    self.met[b.index()][a.index()] += 1;
                }
            }
        }
        for e in &round.sitting_out {
            self.sat_out[e.index()] += 1;
        }
        self.rounds += 1;
    }

    /// The cost of seating `a` with `b` once more.
    fn pair_cost(&self, a: Entrant, b: Entrant) -> u32 {
        let m = u32::from(self.met[a.index()][b.index()]);
        m * m
    }

    fn group_cost(&self, group: &[Entrant; SEATS]) -> u32 {
        let mut cost = 0;
        for (i, a) in group.iter().enumerate() {
            for b in &group[i + 1..] {
                cost += self.pair_cost(*a, *b);
            }
        }
        cost
    }

    /// Tables filled one at a time: each opened by the unseated entrant
    /// with the most meetings among the unseated (the hardest to place),
    /// then the entrant adding least cost, until four.
    fn greedy(&self, playing: &[Entrant]) -> Vec<[Entrant; SEATS]> {
        let mut left: Vec<Entrant> = playing.to_vec();
        let mut groups = Vec::with_capacity(left.len() / SEATS);
        while !left.is_empty() {
            let busiest = |e: &Entrant| -> u32 {
                left.iter()
                    .map(|o| u32::from(self.met[e.index()][o.index()]))
                    .sum()
            };
            let opener = *left
                .iter()
                .max_by_key(|e| (busiest(e), std::cmp::Reverse(**e)))
                .expect("left is not empty");
            let mut group = vec![opener];
            left.retain(|e| *e != opener);
            while group.len() < SEATS {
                let next = *left
                    .iter()
                    .min_by_key(|e| {
                        let added: u32 = group.iter().map(|g| self.pair_cost(*g, **e)).sum();
                        (added, **e)
                    })
                    .expect("a multiple of four are seated");
                group.push(next);
                left.retain(|e| *e != next);
            }
            groups.push(group.try_into().expect("four seats"));
        }
        groups
    }

    /// Swaps two entrants of different tables while that lowers the total
    /// cost; every swap lowers it, so this ends.
    fn improve(&self, mut groups: Vec<[Entrant; SEATS]>) -> Vec<[Entrant; SEATS]> {
        loop {
            let mut improved = false;
            for t in 0..groups.len() {
                for u in t + 1..groups.len() {
                    for i in 0..SEATS {
                        for j in 0..SEATS {
                            let before = self.group_cost(&groups[t]) + self.group_cost(&groups[u]);
                            let (mut a, mut b) = (groups[t], groups[u]);
                            std::mem::swap(&mut a[i], &mut b[j]);
                            if self.group_cost(&a) + self.group_cost(&b) < before {
                                groups[t] = a;
                                groups[u] = b;
                                improved = true;
                            }
                        }
                    }
                }
            }
            if !improved {
                return groups;
            }
        }
    }

    /// The seat order that sends each entrant where it has sat least: of
    /// the 24 orders, the one with the lowest sum of seat counts squared,
    /// so over a season each entrant moves first about as often as the
    /// others (the first move matters in Djambi as in chess).
    fn seat(&self, mut group: [Entrant; SEATS]) -> Table {
        group.sort();
        let cost = |order: &[Entrant; SEATS]| -> u32 {
            order
                .iter()
                .enumerate()
                .map(|(s, e)| {
                    let c = u32::from(self.seat_count[e.index()][s]);
                    c * c
                })
                .sum()
        };
        let mut best = group;
        let mut best_cost = cost(&group);
        for order in permutations(group) {
            let c = cost(&order);
            if c < best_cost {
                best = order;
                best_cost = c;
            }
        }
        Table { seats: best }
    }
}

/// The 24 orders of four, in lexicographic order of positions.
fn permutations(items: [Entrant; SEATS]) -> impl Iterator<Item = [Entrant; SEATS]> {
    (0..SEATS).flat_map(move |a| {
        (0..SEATS).filter(move |&b| b != a).flat_map(move |b| {
            (0..SEATS).filter(move |&c| c != a && c != b).map(move |c| {
                let d = (0..SEATS)
                    .find(|&d| d != a && d != b && d != c)
                    .expect("four positions");
                [items[a], items[b], items[c], items[d]]
            })
        })
    })
}

/// How a table finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableResult {
    pub table: Table,
    /// Each seat's place: 1 plus the number of seats placed strictly
    /// ahead (two level first are both 1, and the next is 3).
    pub places: [u8; SEATS],
    /// Seats whose community left the league during the game: their army
    /// was taken out, and a rival placed above them won by forfeit.
    pub left: [bool; SEATS],
}

/// Places that are not a ranking.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("places {0:?} are not a ranking: each must be 1 plus the seats placed ahead")]
pub struct BadPlaces(pub [u8; SEATS]);

impl TableResult {
    /// The table as its six pairwise games, for the standings: the better
    /// placed wins (by forfeit when the other left), level places draw.
    /// The earlier seat takes the first colour.
    ///
    /// # Errors
    /// Places that are not a ranking (see [`TableResult::places`]).
    ///
    /// # Examples
    /// ```
    /// use holotable_leagues::tables::{Table, TableResult};
    /// use holotable_leagues::Entrant;
    ///
    /// let table = Table { seats: [Entrant(0), Entrant(1), Entrant(2), Entrant(3)] };
    /// // Seats 1 and 3 level second: 3, 1½, 0 and 1½ points.
    /// let result = TableResult { table, places: [1, 2, 4, 2], left: [false; 4] };
    /// let halves: Vec<u32> = table.seats.iter().map(|e| {
    ///     result.games().unwrap().iter().filter_map(|g| g.halves_for(*e)).sum()
    /// }).collect();
    /// assert_eq!(halves, [6, 3, 0, 3]);
    /// ```
    pub fn games(&self) -> Result<[GameResult; 6], BadPlaces> {
        let places = self.places;
        for (s, place) in places.iter().enumerate() {
            let ahead = places
                .iter()
                .enumerate()
                .filter(|(o, p)| *o != s && *p < place)
                .count();
            if usize::from(*place) != ahead + 1 {
                return Err(BadPlaces(places));
            }
        }
        let mut games = Vec::with_capacity(6);
        for a in 0..SEATS {
            for b in a + 1..SEATS {
                let fixture = Fixture {
                    first: self.table.seats[a],
                    second: self.table.seats[b],
                };
                let finish = match places[a].cmp(&places[b]) {
                    std::cmp::Ordering::Equal => Finish::Played(Outcome::Drawn),
                    std::cmp::Ordering::Less if self.left[b] => Finish::Forfeited {
                        by: crate::Colour::Second,
                    },
                    std::cmp::Ordering::Less => Finish::Played(Outcome::FirstWon),
                    std::cmp::Ordering::Greater if self.left[a] => Finish::Forfeited {
                        by: crate::Colour::First,
                    },
                    std::cmp::Ordering::Greater => Finish::Played(Outcome::SecondWon),
                };
                games.push(GameResult { fixture, finish });
            }
        }
        Ok(games.try_into().expect("six pairs of four"))
    }
}

#[cfg(test)]
mod tests;
