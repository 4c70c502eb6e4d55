//! The small types every part of a league speaks: entrants, rounds,
//! colours, fixtures and results. Plain `Copy` values, so a swapped
//! argument is a type error rather than a wrong table.

use serde::{Deserialize, Serialize};

/// Milliseconds since the Unix epoch, UTC, or a span of them (`_ms`): the
/// same alias as `holotable_model::Millis`, declared here so this crate
/// needs nothing of the model's.
pub type Millis = i64;

/// A community in a league, by its place in the entry order (0 for the
/// first to enter). Entry order is the last tie-break, so an entrant's
/// number is also what settles a tie nothing else settles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Entrant(pub u16);

impl Entrant {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The entrants of a league of `count`, in entry order; at most the
    /// 65,536 an entrant's number can name.
    pub fn all(count: usize) -> impl Iterator<Item = Entrant> {
        (0..=u16::MAX).take(count).map(Entrant)
    }
}

/// A round's number, as shown: the first round is 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Round(pub u16);

impl Round {
    /// The round's place in a list of rounds (round 1 at 0); none for
    /// `Round(0)`, which names no round.
    pub fn index(self) -> Option<usize> {
        usize::from(self.0).checked_sub(1)
    }

    /// The round at `index` of a list of rounds (0 for round 1); none past
    /// the 65,535th.
    pub fn from_index(index: usize) -> Option<Round> {
        u16::try_from(index.checked_add(1)?).ok().map(Round)
    }
}

impl std::fmt::Display for Round {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Which side of a two-sided game an entrant takes: `First` is the seat
/// that moves first (seat 0 in the games' terms), `Second` the other.
/// Chess clubs say white and black; holotable's games name their seats
/// themselves, so the league speaks only of the order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    First,
    Second,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::First => Colour::Second,
            Colour::Second => Colour::First,
        }
    }
}

/// One game to play: who takes which colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Fixture {
    pub first: Entrant,
    pub second: Entrant,
}

impl Fixture {
    /// The same two entrants with colours swapped.
    pub fn swapped(self) -> Fixture {
        Fixture {
            first: self.second,
            second: self.first,
        }
    }

    pub fn entrant(self, colour: Colour) -> Entrant {
        match colour {
            Colour::First => self.first,
            Colour::Second => self.second,
        }
    }

    /// The colour `entrant` plays, if it plays in this game.
    pub fn colour_of(self, entrant: Entrant) -> Option<Colour> {
        if entrant == self.first {
            Some(Colour::First)
        } else if entrant == self.second {
            Some(Colour::Second)
        } else {
            None
        }
    }

    /// The other side of `entrant`, if it plays in this game.
    pub fn opponent_of(self, entrant: Entrant) -> Option<Entrant> {
        self.colour_of(entrant).map(|c| self.entrant(c.other()))
    }
}

/// How a game played on the board ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    FirstWon,
    Drawn,
    SecondWon,
}

impl Outcome {
    /// The outcome in which `colour` wins.
    pub fn won_by(colour: Colour) -> Outcome {
        match colour {
            Colour::First => Outcome::FirstWon,
            Colour::Second => Outcome::SecondWon,
        }
    }

    /// The points `colour` scores, in halves: a win 2, a draw 1, a loss 0.
    /// Halves keep a draw an integer, so totals add exactly and compare
    /// without rounding; the table shows them as 1, ½ and 0.
    pub fn halves(self, colour: Colour) -> u32 {
        match (self, colour) {
            (Outcome::Drawn, _) => 1,
            (Outcome::FirstWon, Colour::First) | (Outcome::SecondWon, Colour::Second) => 2,
            _ => 0,
        }
    }
}

/// How a game counts in the table: played to its end, or forfeited by a
/// side whose community left the league. A forfeit is its own variant (not
/// a win of the other side) so the table can say which wins were not
/// played, and "games won" can leave them out.
///
/// Both sides never forfeit one game: communities leave one at a time, and
/// the first to leave forfeits every game it had not finished, this one
/// included, so the one that leaves later finds it already decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Finish {
    Played(Outcome),
    Forfeited { by: Colour },
}

impl Finish {
    /// What the game counts as: a forfeit is a win of the other side.
    pub fn outcome(self) -> Outcome {
        match self {
            Finish::Played(outcome) => outcome,
            Finish::Forfeited { by } => Outcome::won_by(by.other()),
        }
    }

    pub fn is_forfeit(self) -> bool {
        matches!(self, Finish::Forfeited { .. })
    }
}

/// A finished game of the league.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    pub fixture: Fixture,
    pub finish: Finish,
}

impl GameResult {
    /// The points `entrant` scored in this game, in halves, if it played.
    pub fn halves_for(&self, entrant: Entrant) -> Option<u32> {
        let colour = self.fixture.colour_of(entrant)?;
        Some(self.finish.outcome().halves(colour))
    }
}

/// A round an entrant of a four-army league sat out because the entrants
/// playing were not a multiple of four. It scores a table's average
/// (`standings::BYE_POINTS`, 1½) and is marked as a bye in the table; it
/// is no game, so it adds nothing to the tie-breaks beyond its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Bye {
    pub entrant: Entrant,
    pub round: Round,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers past what a league holds are answered, not panicked on.
    #[test]
    fn rounds_and_entrants_out_of_range_are_none_or_cut_short() {
        assert_eq!(Round(0).index(), None);
        assert_eq!(Round(1).index(), Some(0));
        assert_eq!(Round::from_index(0), Some(Round(1)));
        assert_eq!(Round::from_index(65_534), Some(Round(u16::MAX)));
        assert_eq!(Round::from_index(65_535), None);
        assert_eq!(Round::from_index(usize::MAX), None);
        assert_eq!(Entrant::all(3).collect::<Vec<_>>(), [0, 1, 2].map(Entrant));
        assert_eq!(Entrant::all(70_000).count(), 65_536);
    }
}
