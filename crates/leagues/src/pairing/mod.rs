//! Who plays whom, for leagues of two-sided games: round robins by Berger
//! tables ([`RoundRobin`]) and knockout brackets seeded by rating
//! ([`Bracket`]). Four-army leagues seat tables instead (`crate::tables`).
//!
//! A pairing is written as the [`Fixture`] of its first game; a league
//! that plays two games at once per pairing adds the same fixture with
//! colours swapped ([`GamesPerPairing`]), so every pairing is even on
//! colours by itself.

mod bracket;
mod round_robin;
mod tie;

/// Short names for entrants and fixtures, shared by the tests of pairings
/// and tables.
#[cfg(test)]
pub(crate) mod testing {
    use crate::{Entrant, Fixture};

    pub(crate) fn e(i: u16) -> Entrant {
        Entrant(i)
    }

    pub(crate) fn fixture(first: u16, second: u16) -> Fixture {
        Fixture {
            first: e(first),
            second: e(second),
        }
    }
}

pub use bracket::{Bracket, KnockoutError, KnockoutRound, Seed, Seeded, Tie};
pub use round_robin::{Cycles, RoundPairings, RoundRobin};
pub use tie::{TieState, decider_winner, deciding_game};

use crate::{Entrant, Fixture, Round};
use serde::{Deserialize, Serialize};

/// How many games a pairing plays at once (chess.com's clubs call two a
/// "2 simul").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GamesPerPairing {
    One,
    /// Two games at once, each side taking each colour once.
    Two,
}

impl GamesPerPairing {
    pub fn count(self) -> usize {
        match self {
            GamesPerPairing::One => 1,
            GamesPerPairing::Two => 2,
        }
    }

    /// The games a pairing plays: its fixture, and with two games the
    /// same fixture with colours swapped.
    pub fn fixtures(self, pairing: Fixture) -> impl Iterator<Item = Fixture> {
        let second = match self {
            GamesPerPairing::One => None,
            GamesPerPairing::Two => Some(pairing.swapped()),
        };
        std::iter::once(pairing).chain(second)
    }
}

/// Why a league cannot be paired as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("{got} entrants; this format needs at least {needed}")]
    TooFew { needed: usize, got: usize },
    #[error("{got} entrants; a league takes at most {}", crate::MAX_ENTRANTS)]
    TooMany { got: usize },
    #[error("entrant {} is entered twice", .0.0)]
    EnteredTwice(Entrant),
    #[error("entrant {}'s rating is not a finite number", .0.0)]
    RatingNotFinite(Entrant),
    #[error("the places are not those of a seeded bracket")]
    NotABracket,
    #[error("entrant {} is not in the league", .0.0)]
    UnknownEntrant(Entrant),
    #[error("a league has at most 65,535 rounds")]
    TooManyRounds,
    #[error("round {got} is out of order")]
    RoundOutOfOrder { got: Round },
}

/// The entrant count checked against a format's minimum and the cap.
pub(crate) fn check_count(got: usize, needed: usize) -> Result<(), PairingError> {
    if got < needed {
        Err(PairingError::TooFew { needed, got })
    } else if got > crate::MAX_ENTRANTS {
        Err(PairingError::TooMany { got })
    } else {
        Ok(())
    }
}
