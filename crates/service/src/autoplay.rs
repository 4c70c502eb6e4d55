//! The decisions nobody at the table makes: the engine's moves for the
//! seats it plays and the dice at chance nodes. Community games and
//! matches both play them forward with [`Service::play_automatic`] until
//! a seat that people decide for is to decide, or the game ends; what
//! follows (a ballot, a player's turn, the result) is theirs.

use super::seeds::{decision_seed, seeded_rng};
use super::{Failure, Service, ServiceError};
use holotable_games::{AnyGame, Decider, Outcome, Seat};
use holotable_store::{DecidedBy, GameState, NewMove};

/// Where the automatic decisions stopped.
pub(super) enum Stop {
    Over(Outcome),
    /// `seat` decides next, at `ply`.
    Seat {
        seat: Seat,
        ply: u32,
    },
}

impl Service {
    /// Plays the engine's and the dice's decisions in `game` from `ply`,
    /// each appended to `moves`, until the game is over or a seat for
    /// which `stop_at` holds is to decide. Each decision is seeded from
    /// the game's seed and its ply, so a retried step plays the same.
    ///
    /// # Errors
    /// The engine failed, or chose a move the game refuses.
    pub(super) async fn play_automatic(
        &self,
        row: &GameState,
        game: &mut AnyGame,
        mut ply: u32,
        moves: &mut Vec<NewMove>,
        stop_at: impl Fn(Seat) -> bool,
    ) -> Result<Stop, ServiceError> {
        loop {
            let decider = match game.to_decide() {
                None => {
                    let outcome = game
                        .outcome()
                        .expect("a game with nobody to decide is over");
                    return Ok(Stop::Over(outcome));
                }
                Some(Decider::Seat(seat)) if stop_at(seat) => {
                    return Ok(Stop::Seat { seat, ply });
                }
                Some(decider) => decider,
            };
            let seed = decision_seed(row.seed, ply);
            let (notation, decided_by, seat) = match decider {
                Decider::Chance => (
                    game.sample_chance(&mut seeded_rng(seed)),
                    DecidedBy::Chance,
                    None,
                ),
                Decider::Seat(seat) => (
                    self.choose(game, &row.level, seed).await?,
                    DecidedBy::Engine,
                    Some(seat.0),
                ),
            };
            let played = game
                .play_notation(&notation)
                .map_err(|e| Failure::Inconsistent(format!("engine move {notation}: {e}")))?;
            moves.push(NewMove {
                notation: played,
                decided_by,
                seat,
                votes: None,
            });
            ply += 1;
        }
    }
}
