//! How a side of a shared game loses without a move: its ballot drew no
//! vote even after its extensions (out of time), or one of its managers
//! resigned for it. A game against the engine pauses instead, since
//! nobody else waits on it; between communities nobody waits on a side
//! that is gone.
//!
//! Most games cannot go on without a side, so the side loses and the game
//! ends. Four-army Djambi goes on: the side's army is out as if its Leader
//! fell ([`AnyGame::seat_leaves`]), the leave is written into the game's
//! record like a move, so a replay sees it, and the next decision is
//! planned from the new position. An open ballot of another side is
//! opened again, since the board it was asked on is gone.

use super::Games;
use super::load;
use crate::GameRefusal;
use crate::RETRIES;
use crate::versus::Sides;
use crate::versus::finishing;
use crate::{Actor, Announcement, Failure, Refusal, Service, ServiceError};
use holotable_games::{AnyGame, BySeat, Ending, Outcome, Seat, SeatLeft, SeatResult, leave_step};
use holotable_store::{
    BallotChange, BallotStatus, DecidedBy, GameId, GameSide, GameState, NewMove, StoreError,
    Transition,
};

/// A game whose side a manager may resign now.
struct Resignable {
    game: GameState,
    position: AnyGame,
    sides: Sides,
    /// The index of the resigning channel's side in `sides`.
    side: usize,
}

/// Why a side leaves a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Leaving {
    OutOfTime,
    Resigned,
}

impl Leaving {
    fn ending(self, seat: String) -> Ending {
        match self {
            Leaving::OutOfTime => Ending::CommunityOutOfTime { seat },
            Leaving::Resigned => Ending::CommunityResigned { seat },
        }
    }
}

impl Games<'_> {
    /// The shared game `by` may resign for `channel`'s side now, without
    /// resigning it: what a confirmation asks about.
    ///
    /// # Errors
    /// As [`Games::resign_side`], and nothing changes.
    pub async fn resignable(self, channel: &str, by: &Actor) -> Result<GameId, ServiceError> {
        Ok(self.side_to_resign(channel, by).await?.game.id)
    }

    /// Resigns the shared game of `channel` for that channel's side: the
    /// side loses and every channel is told. The game ends, but for
    /// four-army Djambi, which goes on without the side's army while
    /// another community still plays.
    ///
    /// # Errors
    /// Refused without the right to manage, with no game, in a game no
    /// other community plays, or when the side is already out.
    pub async fn resign_side(self, channel: &str, by: &Actor) -> Result<GameId, ServiceError> {
        self.resign_expected(channel, by, None).await
    }

    /// As [`Games::resign_side`], only while `game` is the channel's game:
    /// `false`, and nothing changes, once another game has taken its place
    /// (a confirmation answered after its game ended).
    ///
    /// # Errors
    /// As [`Games::resign_side`].
    pub async fn resign_side_of(
        self,
        channel: &str,
        by: &Actor,
        game: GameId,
    ) -> Result<bool, ServiceError> {
        match self.resign_expected(channel, by, Some(game)).await {
            Ok(_) => Ok(true),
            Err(ServiceError::Refused(Refusal::NoGame)) => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// Resigns the channel's game, or only `expected` when given (a
    /// different game is refused as no game).
    async fn resign_expected(
        self,
        channel: &str,
        by: &Actor,
        expected: Option<GameId>,
    ) -> Result<GameId, ServiceError> {
        for _ in 0..RETRIES {
            let Resignable {
                game,
                position,
                sides,
                side,
            } = self.side_to_resign(channel, by).await?;
            if expected.is_some_and(|expected| expected != game.id) {
                return Err(Refusal::NoGame.into());
            }
            let open = self
                .0
                .store
                .current_ballot(game.id)
                .await?
                .filter(|b| b.status == BallotStatus::Open)
                .map(|b| (b.id.ply, b.seat));
            let leaver = sides.0[side].side.clone();
            let change = self
                .0
                .side_leaves(&game, position, &sides, &leaver, Leaving::Resigned, open)
                .await?;
            match self.0.store.apply(game.id, &change).await {
                Ok(()) => {
                    self.0.forget_sides(&sides);
                    self.0.deadlines_changed.notify_one();
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

    /// The live game of `channel` when `by` may resign its side now.
    async fn side_to_resign(self, channel: &str, by: &Actor) -> Result<Resignable, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "resign-game",
            }
            .into());
        }
        let game = self
            .0
            .store
            .live_game(channel)
            .await?
            .ok_or(Refusal::NoGame)?;
        let position = load(&game)?;
        let sides = self.0.sides_of(game.id, &position).await?;
        if !sides.shared() {
            return Err(GameRefusal::NotShared.into());
        }
        let side = sides
            .0
            .iter()
            .position(|s| s.side.channel == channel)
            .ok_or(Refusal::NoGame)?;
        let in_play = sides.0[side]
            .side
            .seats
            .iter()
            .any(|&s| position.seat_in_play(Seat(s)));
        if !in_play {
            return Err(GameRefusal::SideOut.into());
        }
        Ok(Resignable {
            game,
            position,
            sides,
            side,
        })
    }
}

impl Service {
    /// Drops the cached ballot of every side's channel: each caches the
    /// ballot it last voted on, and a vote checked against a closed one
    /// would be refused as illegal for a move the open ballot allows.
    pub(crate) fn forget_sides(&self, sides: &Sides) {
        for side in &sides.0 {
            self.forget_ballot(&side.side.channel);
        }
    }

    /// The write for `leaver` leaving `game` (at `position`), abandoning
    /// the open ballot, if any: `open` is its ply and the seat it decides.
    pub(crate) async fn side_leaves(
        &self,
        game: &GameState,
        mut position: AnyGame,
        sides: &Sides,
        leaver: &GameSide,
        why: Leaving,
        open: Option<(u32, u8)>,
    ) -> Result<Transition, ServiceError> {
        let now = self.now();
        let label = sides
            .0
            .iter()
            .find(|s| s.side.channel == leaver.channel)
            .map(|s| s.label.clone())
            .unwrap_or_default();
        let ending = why.ending(label.seats.first().cloned().unwrap_or_default());
        let before = position.position();
        let mut steps = Vec::new();
        let mut ended = None;
        for &seat in &leaver.seats {
            let step = leave_step(&position, Seat(seat));
            let left = position
                .seat_leaves(Seat(seat))
                .map_err(|e| Failure::Inconsistent(format!("{step} in game {}: {e}", game.id)))?;
            steps.push(NewMove {
                notation: step,
                decided_by: DecidedBy::Community,
                seat: Some(seat),
                votes: None,
            });
            if let SeatLeft::GameEnds { results } = left {
                ended = Some(results);
                break;
            }
        }
        if position.position() == before {
            // The rules could not go on without the side and left the board
            // as it was: the outcome says everything, the record needs no step.
            steps.clear();
        }
        let community_left = sides.0.iter().any(|s| {
            s.side.channel != leaver.channel
                && s.side
                    .seats
                    .iter()
                    .any(|&seat| position.seat_in_play(Seat(seat)))
        });
        let results = match ended {
            Some(results) => Some(results),
            // Nobody is left to play for: the engine's armies still in play
            // win, and the game is not played out between engines.
            None if !community_left => Some(BySeat::from_fn(position.seat_count(), |seat| {
                if position.seat_in_play(seat) {
                    SeatResult::Win
                } else {
                    SeatResult::Loss
                }
            })),
            None => None,
        };
        let abandon = open.map(|(ply, _)| BallotChange::Abandon { ply });
        let mut change = match results {
            Some(results) => {
                let outcome = Outcome {
                    results,
                    scores: None,
                    reason: ending,
                };
                Transition {
                    position: Some(position.position()),
                    moves: steps,
                    ..finishing(game, sides, outcome, Vec::new(), position.position())
                }
            }
            None => {
                let ply = game.ply + steps.len() as u32;
                let mut next = self.plan_step(game, position, ply, steps, sides).await?;
                let left = Announcement::SideLeft {
                    side: label,
                    resigned: why == Leaving::Resigned,
                    vote_again: open.is_some_and(|(_, seat)| !leaver.plays(seat)),
                };
                next.announce
                    .splice(0..0, sides.per_side(|_| Some(left.clone())));
                next
            }
        };
        change.expected_version = game.version;
        change.ballot = abandon;
        change.at = now;
        Ok(change)
    }
}
