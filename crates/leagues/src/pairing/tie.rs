//! A knockout tie once drawn: where it stands after its games
//! ([`TieState`]), and the deciding game of a level one, its colours drawn
//! from a caller's seed ([`deciding_game`], [`decider_winner`]).

use super::GamesPerPairing;
use super::bracket::KnockoutError;
use crate::{Colour, Entrant, Finish, Fixture, GameResult, Outcome};
use serde::{Deserialize, Serialize};

/// Where a tie stands after some of its games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieState {
    /// Games of the pairing are still to finish.
    Playing,
    Won(Entrant),
    /// Every game finished and the points are equal: a deciding game
    /// follows ([`deciding_game`]).
    Level,
}

impl TieState {
    /// Where `pairing`'s tie stands after `results`, its finished games
    /// (not counting a deciding game).
    ///
    /// A side that forfeited any game has left the league and loses the
    /// tie at once: otherwise a pairing of two games could end level on a
    /// forfeit and send a side that is gone to a deciding game.
    ///
    /// # Errors
    /// A result of a game between other entrants; more results than the
    /// pairing plays (a deciding game passed by mistake); two games with
    /// the same colours.
    pub fn of(
        pairing: Fixture,
        per: GamesPerPairing,
        results: &[GameResult],
    ) -> Result<TieState, KnockoutError> {
        if results.len() > per.count() {
            return Err(KnockoutError::TooManyGames {
                games: per.count(),
                got: results.len(),
            });
        }
        let mut halves = [0u32; 2];
        for (i, result) in results.iter().enumerate() {
            let fixture = result.fixture;
            if fixture != pairing && fixture != pairing.swapped() {
                return Err(KnockoutError::OtherGame { fixture });
            }
            if results[..i].iter().any(|r| r.fixture == fixture) {
                return Err(KnockoutError::ColoursTwice(fixture));
            }
            if let Finish::Forfeited { by } = result.finish {
                return Ok(TieState::Won(
                    fixture
                        .opponent_of(fixture.entrant(by))
                        .expect("the forfeiting side is in its game"),
                ));
            }
            for (i, side) in [pairing.first, pairing.second].into_iter().enumerate() {
                halves[i] += result.halves_for(side).expect("both sides play");
            }
        }
        Ok(if results.len() < per.count() {
            TieState::Playing
        } else if halves[0] > halves[1] {
            TieState::Won(pairing.first)
        } else if halves[1] > halves[0] {
            TieState::Won(pairing.second)
        } else {
            TieState::Level
        })
    }
}

/// The deciding game of a level pairing, its colours drawn from `seed`
/// (the caller derives it from the league's stored seed, so a retried step
/// draws the same colours).
pub fn deciding_game(pairing: Fixture, seed: u64) -> Fixture {
    if splitmix64(seed) & 1 == 0 {
        pairing
    } else {
        pairing.swapped()
    }
}

/// Who goes through after a deciding game: its winner, and on a draw the
/// side that moved second. The draw odds answer the first move's
/// advantage, as chess's Armageddon game does, and end the tie in one more
/// game however it goes; with colours drawn by lot, neither side is
/// favoured in advance.
pub fn decider_winner(decider: Fixture, finish: Finish) -> Entrant {
    match finish.outcome() {
        Outcome::FirstWon => decider.first,
        Outcome::SecondWon | Outcome::Drawn => decider.entrant(Colour::Second),
    }
}

/// One step of SplitMix64 (Steele, Lea and Flood, 2014): a seed's bits
/// mixed, so neighbouring seeds (one league's games, numbered) draw
/// independent-looking colours without a random-number crate.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests;
