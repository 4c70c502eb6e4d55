//! The league table: points, then Sonneborn-Berger, then games won, then
//! head to head, then entry order, computed from the finished games alone.
//!
//! The table is a pure function of the results, so it is recomputed
//! rather than updated: a result counted twice or missed cannot drift the
//! table, and a test can compute the expected table from the same results.
//! Four-army tables enter as their pairwise games (`crate::tables`), and
//! their sit-outs as byes.
//!
//! A forfeit counts in Sonneborn-Berger as the game it stands for (a win of
//! the side that stayed), on purpose: the opponent's points are what the
//! rule weighs, and a community that left still scored what it scored.
//! FIDE's 2023 tie-break rules treat unplayed games apart; "games won" here
//! does (it leaves forfeits out), Sonneborn-Berger does not.

use crate::{Bye, Entrant, Finish, GameResult};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::fmt;

/// Points in halves: a win 2, a draw 1, a loss 0, shown as 1, ½ and 0.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub u32);

impl fmt::Display for Points {
    /// `1½`, `½`, `3`: whole points and a half sign, as crosstables print
    /// them; the language adapters need no number formatting for it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, half) = (self.0 / 2, self.0 % 2 == 1);
        match (whole, half) {
            (0, true) => write!(f, "½"),
            (w, true) => write!(f, "{w}½"),
            (w, false) => write!(f, "{w}"),
        }
    }
}

/// What a four-army sit-out ([`Bye`]) scores: a table's average, its 6
/// points over 4 seats.
pub const BYE_POINTS: Points = Points(3);

/// Sonneborn-Berger in quarter points: the sum, over an entrant's games,
/// of its score in the game times the opponent's final points. A draw
/// against an opponent on ½ point adds ¼, so quarters keep it exact.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct SonnebornBerger(pub u32);

impl fmt::Display for SonnebornBerger {
    /// `6.25`, `6.5`, `6`: decimals, since a quarter has no common sign.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, quarters) = (self.0 / 4, self.0 % 4);
        match quarters {
            0 => write!(f, "{whole}"),
            1 => write!(f, "{whole}.25"),
            2 => write!(f, "{whole}.5"),
            _ => write!(f, "{whole}.75"),
        }
    }
}

/// What put a row below the one above it: the first rule, in order, on
/// which the two differ. The table can show it, and tests can check it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    Points,
    SonnebornBerger,
    GamesWon,
    HeadToHead,
    EntryOrder,
}

/// One entrant's line in the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub entrant: Entrant,
    pub points: Points,
    pub sonneborn_berger: SonnebornBerger,
    /// Games won on the board. A forfeit win scores its points but is not
    /// a game won: the third rule rewards play, as FIDE's "games won"
    /// tie-break leaves unplayed games out.
    pub won: u32,
    pub drawn: u32,
    /// Games lost on the board.
    pub lost: u32,
    /// Wins because the other side left the league.
    pub won_by_forfeit: u32,
    /// Games forfeited by leaving; more than zero means the entrant left.
    pub forfeited: u32,
    /// Rounds sat out at a four-army league's tables, each scoring
    /// [`BYE_POINTS`] in `points`. No game: nothing in Sonneborn-Berger,
    /// games won, head to head or [`Row::played`].
    pub byes: u32,
    /// Points scored against the other entrants level with this one on
    /// points, Sonneborn-Berger and games won; `None` when none is level,
    /// or when the level group has not all met each other equally often
    /// (the rule is then skipped).
    pub head_to_head: Option<Points>,
    /// Why this row is below the one above; `None` for the first row.
    pub below_by: Option<TieBreak>,
}

impl Row {
    /// Games counted, forfeits included, byes not. In a four-army league
    /// these are pairwise games, three a table, so a page shows tables as
    /// `played() / 3`.
    pub fn played(&self) -> u32 {
        self.won + self.drawn + self.lost + self.won_by_forfeit + self.forfeited
    }

    /// The key of the first three rules, best first when sorted.
    fn key(&self) -> (Reverse<Points>, Reverse<SonnebornBerger>, Reverse<u32>) {
        (
            Reverse(self.points),
            Reverse(self.sonneborn_berger),
            Reverse(self.won),
        )
    }
}

/// Results the table cannot count: the caller's records are wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    #[error("entrant {} is not among the league's {entrants}", .entrant.0)]
    UnknownEntrant { entrant: Entrant, entrants: usize },
    #[error("entrant {} plays itself", .0.0)]
    PlaysItself(Entrant),
    #[error("{got} entrants; a league takes at most {}", crate::MAX_ENTRANTS)]
    TooMany { got: usize },
    #[error("entrant {} sits out round {} twice", .0.entrant.0, .0.round)]
    ByeTwice(Bye),
}

/// The table of a league of `entrants` after `results` and `byes`, best
/// first.
///
/// `byes` are a four-army league's sit-outs ([`TableRound::byes`]), each
/// scoring [`BYE_POINTS`]. A round robin's bye is not passed: with an odd
/// count every entrant has one per cycle, and it scores nothing, as in
/// FIDE's round robins.
///
/// [`TableRound::byes`]: crate::tables::TableRound::byes
///
/// The order is total (entry order settles what nothing else does) and
/// depends only on the set of results, not on their order.
///
/// Head to head compares the points each scored against the others in
/// its group of entrants level on the first three rules, once, as a
/// mini-table, and only when every pair of the group has met, equally
/// often; what stays level there (or a group that has not all met) goes
/// by entry order, rather than re-applying the rules to the smaller group,
/// which is simpler to explain in one line of the table's legend.
///
/// # Errors
/// More entrants than [`crate::MAX_ENTRANTS`]; a result or a bye naming
/// an entrant outside the league; one playing itself; a bye twice.
///
/// # Examples
/// ```
/// use holotable_leagues::standings::{standings, TieBreak};
/// use holotable_leagues::{Entrant, Finish, Fixture, GameResult, Outcome};
///
/// let drawn = GameResult {
///     fixture: Fixture { first: Entrant(1), second: Entrant(0) },
///     finish: Finish::Played(Outcome::Drawn),
/// };
/// let table = standings(2, &[drawn], &[]).unwrap();
/// assert_eq!(table[0].entrant, Entrant(0));
/// assert_eq!(table[1].below_by, Some(TieBreak::EntryOrder));
/// assert_eq!(table[1].points.to_string(), "½");
/// ```
pub fn standings(
    entrants: usize,
    results: &[GameResult],
    byes: &[Bye],
) -> Result<Vec<Row>, StandingsError> {
    refuse_impossible(entrants, results, byes)?;
    let mut rows = tally(entrants, results, byes);
    rows.sort_by_key(|r| (r.key(), r.entrant));
    let mut start = 0;
    while start < rows.len() {
        let key = rows[start].key();
        let end = start + rows[start..].iter().take_while(|r| r.key() == key).count();
        if end - start > 1 {
            head_to_head(&mut rows[start..end], results);
        }
        start = end;
    }
    for i in 1..rows.len() {
        let (above, row) = (&rows[i - 1], &rows[i]);
        let by = if above.points != row.points {
            TieBreak::Points
        } else if above.sonneborn_berger != row.sonneborn_berger {
            TieBreak::SonnebornBerger
        } else if above.won != row.won {
            TieBreak::GamesWon
        } else if above.head_to_head != row.head_to_head {
            TieBreak::HeadToHead
        } else {
            TieBreak::EntryOrder
        };
        rows[i].below_by = Some(by);
    }
    Ok(rows)
}

/// Refuses results and byes naming an entrant outside the league, a game
/// against oneself, or a bye given twice.
fn refuse_impossible(
    entrants: usize,
    results: &[GameResult],
    byes: &[Bye],
) -> Result<(), StandingsError> {
    if entrants > crate::MAX_ENTRANTS {
        return Err(StandingsError::TooMany { got: entrants });
    }
    let mut seen = std::collections::BTreeSet::new();
    for &bye in byes {
        if bye.entrant.index() >= entrants {
            return Err(StandingsError::UnknownEntrant {
                entrant: bye.entrant,
                entrants,
            });
        }
        if !seen.insert(bye) {
            return Err(StandingsError::ByeTwice(bye));
        }
    }
    for result in results {
        let fixture = result.fixture;
        for entrant in [fixture.first, fixture.second] {
            if entrant.index() >= entrants {
                return Err(StandingsError::UnknownEntrant { entrant, entrants });
            }
        }
        if fixture.first == fixture.second {
            return Err(StandingsError::PlaysItself(fixture.first));
        }
    }
    Ok(())
}

/// Each entrant's points, games and Sonneborn-Berger, in entry order.
fn tally(entrants: usize, results: &[GameResult], byes: &[Bye]) -> Vec<Row> {
    let mut rows: Vec<Row> = Entrant::all(entrants)
        .map(|entrant| Row {
            entrant,
            points: Points(0),
            sonneborn_berger: SonnebornBerger(0),
            won: 0,
            drawn: 0,
            lost: 0,
            won_by_forfeit: 0,
            forfeited: 0,
            byes: 0,
            head_to_head: None,
            below_by: None,
        })
        .collect();
    for result in results {
        for entrant in [result.fixture.first, result.fixture.second] {
            let halves = result.halves_for(entrant).expect("it plays");
            let row = &mut rows[entrant.index()];
            row.points.0 += halves;
            match (result.finish, halves) {
                (Finish::Forfeited { .. }, 2) => row.won_by_forfeit += 1,
                (Finish::Forfeited { .. }, _) => row.forfeited += 1,
                (Finish::Played(_), 2) => row.won += 1,
                (Finish::Played(_), 1) => row.drawn += 1,
                (Finish::Played(_), _) => row.lost += 1,
            }
        }
    }
    for bye in byes {
        let row = &mut rows[bye.entrant.index()];
        row.byes += 1;
        row.points.0 += BYE_POINTS.0;
    }
    // Halves times halves: quarter points.
    let points: Vec<u32> = rows.iter().map(|r| r.points.0).collect();
    for result in results {
        let fixture = result.fixture;
        for (entrant, opponent) in [
            (fixture.first, fixture.second),
            (fixture.second, fixture.first),
        ] {
            let halves = result.halves_for(entrant).expect("it plays");
            rows[entrant.index()].sonneborn_berger.0 += halves * points[opponent.index()];
        }
    }
    rows
}

/// Orders a group level on the first three rules by the points each
/// scored against the rest of the group, then by entry order; only when
/// every pair of the group has met, and equally often. Otherwise the rule
/// is skipped (`head_to_head` stays `None`) and entry order settles the
/// group: mid-season, a mini-table would rank entrants on games some of
/// them have not had yet, as FIDE's direct-encounter rule forbids (it
/// applies only when all the tied players have met).
fn head_to_head(group: &mut [Row], results: &[GameResult]) {
    let members: Vec<Entrant> = group.iter().map(|r| r.entrant).collect();
    let meetings = |a: Entrant, b: Entrant| {
        results
            .iter()
            .filter(|g| g.fixture.opponent_of(a) == Some(b))
            .count()
    };
    let first = meetings(members[0], members[1]);
    let all_met_equally = first > 0
        && members
            .iter()
            .enumerate()
            .all(|(i, &a)| members[i + 1..].iter().all(|&b| meetings(a, b) == first));
    if !all_met_equally {
        return;
    }
    for row in group.iter_mut() {
        let halves = results
            .iter()
            .filter(|g| {
                g.fixture
                    .opponent_of(row.entrant)
                    .is_some_and(|o| members.contains(&o))
            })
            .filter_map(|g| g.halves_for(row.entrant))
            .sum();
        row.head_to_head = Some(Points(halves));
    }
    group.sort_by_key(|r| (Reverse(r.head_to_head), r.entrant));
}

#[cfg(test)]
mod tests;
