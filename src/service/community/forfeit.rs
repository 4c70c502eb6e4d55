//! How a side of a shared game loses without a move: its ballot drew no
//! vote even after its extensions (out of time), or one of its managers
//! resigned for it. A game against the engine pauses instead, since
//! nobody else waits on it; between communities nobody waits on a side
//! that is gone.

use super::rating::finishing;
use super::{RETRIES, Sides, load};
use crate::games::{BySeat, Ending, Outcome, Seat, SeatResult};
use crate::service::{Actor, Failure, Refusal, Service, ServiceError};
use crate::store::{
    BallotChange, BallotStatus, GameId, GameRow, GameSide, Millis, StoreError, Transition,
};

impl Service {
    /// Resigns the shared game of `channel` for that channel's side: the
    /// side loses, every other side wins, and every channel is told.
    ///
    /// # Errors
    /// Refused without the right to manage, with no game, or in a game no
    /// other community plays.
    pub async fn resign_side(&self, channel: &str, by: &Actor) -> Result<GameId, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "resign-game",
            }
            .into());
        }
        for _ in 0..RETRIES {
            let game = self
                .store
                .live_game(channel)
                .await?
                .ok_or(Refusal::NoGame)?;
            let position = load(&game)?;
            let sides = self.sides_of(game.id, &position).await?;
            if !sides.shared() {
                return Err(Refusal::NotShared.into());
            }
            let Some(side) = sides.0.iter().find(|s| s.side.channel == channel) else {
                return Err(Refusal::NoGame.into());
            };
            let ending = Ending::CommunityResigned {
                seat: side.label.seats.first().cloned().unwrap_or_default(),
            };
            let open = self
                .store
                .current_ballot(game.id)
                .await?
                .filter(|b| b.status == BallotStatus::Open)
                .map(|b| b.id.ply);
            let change = side_loses(
                &game,
                &sides,
                position.seat_count(),
                &side.side,
                ending,
                open,
                self.now(),
            );
            match self.store.apply(game.id, &change).await {
                Ok(()) => {
                    self.forget_sides(&sides);
                    tracing::info!(game = game.id.0, %channel, "a side resigned");
                    return Ok(game.id);
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!(
            "the game in {channel} kept changing while resigning"
        ))
        .into())
    }

    pub(super) fn forget_sides(&self, sides: &Sides) {
        for side in &sides.0 {
            self.forget_ballot(&side.side.channel);
        }
    }
}

/// The write that ends `game` (of `seats` seats) with `loser`'s seats lost
/// and every other seat won, abandoning the open ballot at `open`, if any.
pub(super) fn side_loses(
    game: &GameRow,
    sides: &Sides,
    seats: usize,
    loser: &GameSide,
    ending: Ending,
    open: Option<u32>,
    now: Millis,
) -> Transition {
    let outcome = Outcome {
        results: BySeat::from_fn(seats, |seat: Seat| {
            if loser.plays(seat.0) {
                SeatResult::Loss
            } else {
                SeatResult::Win
            }
        }),
        scores: None,
        reason: ending,
    };
    Transition {
        expected_version: game.version,
        ballot: open.map(|ply| BallotChange::Abandon { ply }),
        at: now,
        ..finishing(game.kind, sides, outcome, Vec::new(), game.position.clone())
    }
}
