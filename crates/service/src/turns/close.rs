//! Closing ballots and playing the decisions that are not the community's.

use super::Turns;
use crate::RETRIES;
use crate::announce::SideLabel;
use crate::autoplay::Stop;
use crate::ballot;
use crate::games::Leaving;
use crate::games::load;
use crate::leases::Leased;
use crate::scheduler::IN_FLIGHT;
use crate::versus::Sides;
use crate::versus::finishing;
use crate::{Announcement, Failing, Failure, Service, ServiceError, decision_seed};
use futures_util::StreamExt;
use holotable_games::{AnyGame, Seat};
use holotable_store::{
    BallotChange, BallotId, BallotState, BallotStatus, ClaimKind, DecidedBy, GameId, GameState,
    GameStatus, Millis, NewBallot, NewMove, StoreError, Transition,
};
use tokio::time::Instant;

/// What one pass over the due ballots did.
#[derive(Debug, Default)]
pub struct CloseReport {
    pub closed: usize,
    /// Due ballots whose close failed, this time or before, and that wait
    /// for their next try.
    pub failing: Vec<FailingClose>,
}

#[derive(Debug)]
pub struct FailingClose {
    pub ballot: BallotId,
    pub failing: Failing,
}

impl Turns<'_> {
    /// Closes every ballot whose deadline has passed, and lets the engine
    /// reply. A close that fails is logged and tried again after a backoff
    /// (see `retry.rs`), until it succeeds; the report says what is still
    /// failing, so a caller that cannot wait forever (the terminal) can give
    /// up and say so.
    ///
    /// # Errors
    /// Only when the due ballots cannot be read; each ballot's own failure
    /// is in the report.
    pub async fn close_due(self) -> Result<CloseReport, ServiceError> {
        let due = self.0.store.due_ballots(self.0.now()).await?;
        // Concurrently, as the scheduler does: after a restart one channel's
        // slow poll read or long search must not hold up the others.
        let closes = futures_util::stream::iter(due)
            .map(|ballot| async move { (ballot, self.close_with_backoff(ballot).await) })
            .buffer_unordered(IN_FLIGHT);
        let mut report = CloseReport::default();
        for (ballot, result) in closes.collect::<Vec<_>>().await {
            match result {
                Ok(()) => report.closed += 1,
                Err(failing) => report.failing.push(FailingClose { ballot, failing }),
            }
        }
        Ok(report)
    }

    /// Closes one ballot if it is due, keeping its backoff: while an
    /// earlier failure's backoff runs nothing is tried; a new failure is
    /// logged and returned with when it will be tried again. Another
    /// process closing the same game is waited for the same way, without
    /// counting as a failure (`attempts` does not grow).
    ///
    /// # Errors
    /// The ballot's failure, this time or before, or another process's
    /// lease on it.
    pub async fn close_with_backoff(self, ballot: BallotId) -> Result<(), Failing> {
        if let Some(failing) = self.0.close_retries.waiting(ballot) {
            return Err(failing);
        }
        let result = match self
            .0
            .lease(ClaimKind::Close, ballot.game.0.to_string())
            .await
        {
            Ok(Leased::Ours(lease)) => {
                let closed = self.close(ballot).await;
                lease.release().await;
                closed
            }
            Ok(Leased::Elsewhere { free_in, .. }) => {
                tracing::debug!(
                    game = ballot.game.0,
                    ply = ballot.ply,
                    "another process is closing this ballot"
                );
                return Err(self.0.close_retries.hold(
                    ballot,
                    Instant::now() + free_in,
                    "another process is closing this ballot".into(),
                ));
            }
            Err(error) => Err(error),
        };
        match result {
            Ok(()) => {
                self.0.close_retries.succeeded(ballot);
                Ok(())
            }
            Err(error) => {
                let failing = self.0.close_retries.failed(ballot, &error);
                tracing::warn!(
                    game = ballot.game.0,
                    ply = ballot.ply,
                    attempt = failing.attempts,
                    retry_in_ms = failing.retry_in().as_millis() as u64,
                    %error,
                    "closing a ballot failed; it will be tried again"
                );
                Err(failing)
            }
        }
    }

    /// Closes one ballot if it is open and due: plays the winner, or extends
    /// or pauses when nobody voted; then advances the game. Safe to call
    /// twice or concurrently: only one close applies.
    ///
    /// # Errors
    /// Storage or engine failures.
    pub async fn close(self, id: BallotId) -> Result<(), ServiceError> {
        let deadline = match self.0.store.ballot(id).await? {
            Some(ballot)
                if ballot.status == BallotStatus::Open && self.0.now() >= ballot.deadline =>
            {
                ballot.deadline
            }
            // Not due, or closed already: nothing to wait for.
            _ => return Ok(()),
        };
        // Votes sent before the deadline may still wait in a queue of
        // requests, here or in another process: sent in time, they count.
        // Those sent since cannot (the store refuses them), so they are not
        // waited for.
        if !self.0.requests_settled(deadline).await? {
            tracing::warn!(
                game = id.game.0,
                ply = id.ply,
                "requests sent before this close are still not done; closing without them"
            );
        }
        // A native poll's final answers count before the tally is read.
        self.0.settle_poll(id).await;
        for _ in 0..RETRIES {
            let Some(game) = self.0.store.game(id.game).await? else {
                return Ok(());
            };
            let Some(ballot) = self.0.store.ballot(id).await? else {
                return Ok(());
            };
            let now = self.0.now();
            if ballot.status != BallotStatus::Open
                || now < ballot.deadline
                || game.status != GameStatus::Active
            {
                return Ok(());
            }
            let tally = self.0.store.tally(id).await?;
            let position = load(&game)?;
            let sides = self.0.sides_of(game.id, &position).await?;
            let change = match ballot::winner(&tally, &ballot.ranking, &ballot.legal) {
                None => {
                    self.plan_empty_ballot(&game, position, &sides, &ballot, now)
                        .await?
                }
                Some((winner, votes, tie_broken)) => {
                    self.plan_close(
                        &game, &sides, &ballot, tally, winner, votes, tie_broken, now,
                    )
                    .await?
                }
            };
            // Every side's channel, not only the game's: in a shared game
            // each side's caches the ballot it voted on last.
            self.0.forget_ballot(&game.channel);
            self.0.forget_sides(&sides);
            match self.0.store.apply(game.id, &change).await {
                Ok(()) => {
                    crate::metrics::metrics().ballot_closed(now - ballot.deadline);
                    // A vote during the write may have cached the old
                    // ballot again.
                    self.0.forget_ballot(&game.channel);
                    self.0.forget_sides(&sides);
                    self.0.deadlines_changed.notify_one();
                    return self.advance(game.id).await;
                }
                // A vote landed after the tally was read, or another task
                // closed it: read everything again.
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!(
            "ballot {}:{} kept changing while closing",
            id.game, id.ply
        ))
        .into())
    }

    async fn plan_empty_ballot(
        self,
        game: &GameState,
        position: AnyGame,
        sides: &Sides,
        ballot: &BallotState,
        now: Millis,
    ) -> Result<Transition, ServiceError> {
        Ok(if ballot.extensions < game.max_extensions {
            let deadline = now + game.vote_ms;
            let extended = Announcement::BallotExtended {
                ply: ballot.id.ply,
                deadline,
            };
            let voting = sides.of_seat(ballot.seat).map(|s| s.label.clone());
            Transition {
                expected_version: game.version,
                ballot: Some(BallotChange::Extend {
                    ply: ballot.id.ply,
                    deadline,
                }),
                announce: sides.route(&extended, |side| {
                    Some(if side.side.plays(ballot.seat) {
                        extended.clone()
                    } else {
                        Announcement::OtherSideExtended {
                            ply: ballot.id.ply,
                            deadline,
                            side: voting.clone().unwrap_or_default(),
                        }
                    })
                }),
                at: now,
                ..Transition::default()
            }
        } else if let Some(side) = sides.of_seat(ballot.seat).filter(|_| sides.shared()) {
            // Between communities nobody waits on a side that is gone.
            self.0
                .side_leaves(
                    game,
                    position,
                    sides,
                    &side.side,
                    Leaving::OutOfTime,
                    Some((ballot.id.ply, ballot.seat)),
                )
                .await?
        } else {
            Transition {
                expected_version: game.version,
                status: Some(GameStatus::Paused),
                ballot: Some(BallotChange::Abandon { ply: ballot.id.ply }),
                announce: vec![
                    Announcement::GamePaused {
                        ply: ballot.id.ply,
                        reason: crate::announce::NOBODY_VOTED.into(),
                    }
                    .to_outbox(),
                ],
                at: now,
                ..Transition::default()
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    async fn plan_close(
        self,
        game: &GameState,
        sides: &Sides,
        ballot: &BallotState,
        tally: Vec<(String, u32)>,
        winner: String,
        votes: u32,
        tie_broken: bool,
        now: Millis,
    ) -> Result<Transition, ServiceError> {
        let mut position = load(game)?;
        let total = tally.iter().map(|(_, n)| n).sum();
        let played = position
            .play_notation(&winner)
            .map_err(|e| Failure::Inconsistent(format!("winning move {winner}: {e}")))?;
        let community_move = NewMove {
            notation: played.clone(),
            decided_by: DecidedBy::Community,
            seat: Some(ballot.seat),
            votes: Some(votes),
        };
        // If the community decides again (a second action), the next ballot
        // opens in this same transaction; otherwise the engine's step follows.
        let mut change = self
            .0
            .plan_step(
                game,
                position,
                ballot.id.ply + 1,
                vec![community_move],
                sides,
            )
            .await?;
        let replies = replies_of(&change.moves[1..]);
        let closed = |by: Option<SideLabel>| Announcement::BallotClosed {
            ply: ballot.id.ply,
            winner: played.clone(),
            votes,
            total,
            tie_broken,
            replies: replies.clone(),
            by,
        };
        // The voting side reads "the community played"; the others read
        // which side played.
        let voted = sides.of_seat(ballot.seat).map(|s| s.label.clone());
        let closed = sides.route(&closed(None), |side| {
            Some(closed(
                (!side.side.plays(ballot.seat))
                    .then(|| voted.clone())
                    .flatten(),
            ))
        });
        change.expected_version = game.version;
        change.ballot = Some(BallotChange::Close {
            ply: ballot.id.ply,
            winner,
            tally,
            tie_broken,
        });
        change.announce.splice(0..0, closed);
        change.at = now;
        Ok(change)
    }

    /// Finishes an interrupted step: an active game with no open ballot gets
    /// its engine replies and next ballot. Idempotent. It takes no lease,
    /// so it stays inside the service: from outside, the way in is
    /// [`Turns::recover`], which holds the game's close lease.
    ///
    /// # Errors
    /// Storage or engine failures.
    pub(crate) async fn advance(self, id: GameId) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let Some(row) = self.0.store.game(id).await? else {
                return Ok(());
            };
            if row.status != GameStatus::Active {
                return Ok(());
            }
            if let Some(ballot) = self.0.store.current_ballot(id).await?
                && ballot.status == BallotStatus::Open
            {
                return Ok(());
            }
            let game = load(&row)?;
            let sides = self.0.sides_of(id, &game).await?;
            let change = self
                .0
                .plan_step(&row, game, row.ply, Vec::new(), &sides)
                .await?;
            match self.0.store.apply(id, &change).await {
                Ok(()) => {
                    self.0.forget_ballot(&row.channel);
                    self.0.forget_sides(&sides);
                    self.0.deadlines_changed.notify_one();
                    return Ok(());
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("game {id} kept changing while advancing")).into())
    }

    /// Resumes one game whose driver stopped (a terminal `play` killed, say):
    /// finishes its interrupted step, if any, and touches no other game.
    /// Unlike [`Upkeep::recover`](crate::Upkeep::recover), nothing is closed here: a driver on a
    /// clock of its own (a terminal's runs ahead of real time) would find
    /// every other game's ballots due, so it closes its own game's ballot
    /// itself when that one is due.
    ///
    /// # Errors
    /// Storage or engine failures.
    pub async fn recover(self, id: GameId) -> Result<(), ServiceError> {
        self.0.advance_leased(id).await
    }
}

impl Service {
    /// Plays every decision that is not the community's (engine, dice) from
    /// `game` at `ply`, after `moves` already decided, and plans the write:
    /// those moves, then either the next ballot or the end of the game.
    pub(crate) async fn plan_step(
        &self,
        row: &GameState,
        mut game: AnyGame,
        ply: u32,
        mut moves: Vec<NewMove>,
        sides: &Sides,
    ) -> Result<Transition, ServiceError> {
        let now = self.now();
        let decided_before = moves.len();
        let community = |seat: Seat| row.community_seats.contains(&seat.0);
        let stop = self
            .play_automatic(row, &mut game, ply, &mut moves, community)
            .await?;
        let replies = replies_of(&moves[decided_before..]);
        let mut change = match stop {
            Stop::Over(outcome) => finishing(row, sides, outcome, replies, game.position()),
            Stop::Seat { seat, ply } => {
                let legal = game.legal_notations();
                let ranking = self.rank(&game, decision_seed(row.seed, ply)).await?;
                let featured = ballot::featured(&legal, &ranking);
                // A discussion comes first, and the ballot's own time after it.
                let discuss_ms = row.deliberation.discuss_ms;
                let votes_open_at = (discuss_ms > 0).then_some(now + discuss_ms);
                let deadline = votes_open_at.unwrap_or(now) + row.vote_ms;
                let last_move = moves.last().map(|m| m.notation.clone());
                let voting_channel = sides
                    .of_seat(seat.0)
                    .map_or(row.channel.as_str(), |s| s.side.channel.as_str());
                let (call, remind_at) = self
                    .calling_for(voting_channel, votes_open_at.unwrap_or(now), deadline)
                    .await?;
                let opened = Announcement::BallotOpened {
                    ply,
                    position: game.position(),
                    deadline,
                    featured: featured.clone(),
                    legal_count: legal.len(),
                    deciding: game.decision(),
                    replies: replies.clone(),
                    last_move: last_move.clone(),
                    call,
                    votes_open_at,
                };
                let voting = sides.of_seat(seat.0).map(|s| s.label.clone());
                let announce = sides.route(&opened, |side| {
                    if side.side.plays(seat.0) {
                        return Some(opened.clone());
                    }
                    Some(Announcement::OtherSideVoting {
                        ply,
                        position: game.position(),
                        deadline,
                        side: voting.clone().unwrap_or_default(),
                        replies: replies.clone(),
                        last_move: last_move.clone(),
                    })
                });
                Transition {
                    open_ballot: Some(NewBallot {
                        ply,
                        seat: seat.0,
                        legal,
                        ranking,
                        featured,
                        deadline,
                        remind_at,
                        votes_open_at,
                    }),
                    announce,
                    ..Transition::default()
                }
            }
        };
        change.expected_version = row.version;
        change.position = Some(game.position());
        change.moves = moves;
        change.at = now;
        Ok(change)
    }

    /// [`Turns::advance`] under the game's close lease; nothing when
    /// another process holds it (that process is closing or advancing).
    pub(crate) async fn advance_leased(&self, id: GameId) -> Result<(), ServiceError> {
        match self.lease(ClaimKind::Close, id.0.to_string()).await? {
            Leased::Ours(lease) => {
                let advanced = self.turns().advance(id).await;
                lease.release().await;
                advanced
            }
            Leased::Elsewhere { .. } => Ok(()),
        }
    }
}

/// The decisions in `moves` as the blog reports them; dice are not the
/// engine's choice, so they say whose they are.
fn replies_of(moves: &[NewMove]) -> Vec<String> {
    moves
        .iter()
        .map(|m| match m.decided_by {
            DecidedBy::Chance => format!("{}{}", crate::announce::DICE_PREFIX, m.notation),
            _ => m.notation.clone(),
        })
        .collect()
}
