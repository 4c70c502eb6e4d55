//! A match's decisions: a player's move, the engine's and the dice's
//! replies, resignation, the half-time reminder and the forfeit.
//!
//! A player's move is written at once with everything that follows without
//! thinking (dice, the next player's turn, the end); when the engine is to
//! reply, that is a second write (`advance_match`), so a move is never lost
//! to a slow or crashing engine, and `recover_matches` finishes the step
//! after a restart.

use super::Matches;
use super::announce::{DICE_PREFIX, ENGINE_PREFIX, MatchAnnouncement};
use super::{label, rating};
use crate::MatchRefusal;
use crate::RETRIES;
use crate::autoplay::Stop;
use crate::ballot::{self, VoteTextError};
use crate::games::load;
use crate::leases::Leased;
use crate::{Failure, Refusal, Service, ServiceError};
use holotable_games::{AnyGame, BySeat, Ending, Outcome, PlayError, Seat, SeatResult};
use holotable_store::{
    ClaimKind, DecidedBy, EndReason, GameId, GameState, GameStatus, MatchEnd, MatchState,
    MatchTimers, Millis, NewMove, StoreError, Transition,
};

/// How long after a player's move the engine's reply is asked for again
/// if it has not been written (the engine failed, or the process died).
const ENGINE_RETRY_MS: Millis = 60_000;

/// A planned write: the transition, the timers after it, how the match
/// ends (if it does), and whether the engine is to decide next.
pub(super) struct Plan {
    pub change: Transition,
    pub timers: MatchTimers,
    pub end: Option<(EndReason, Outcome)>,
    pub engine_next: bool,
}

/// A move that was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReceipt {
    pub game: GameId,
    pub mv: String,
    /// Whether the match ended with it (or with the replies it caused).
    pub finished: bool,
}

impl Matches<'_> {
    /// Plays `player`'s move in their match in `channel`.
    ///
    /// # Errors
    /// Refused when they have no live match there, it is not their
    /// decision, or the text is not a legal move (with suggestions).
    pub async fn play(
        self,
        channel: &str,
        player: &str,
        text: &str,
    ) -> Result<MoveReceipt, ServiceError> {
        let id = self
            .0
            .store
            .match_of(player, channel)
            .await?
            .ok_or(Refusal::Match(MatchRefusal::NoMatch))?;
        self.play_at(id, None, player, text).await
    }

    /// Plays `player`'s move in match `game`; with `ply`, only if the match
    /// is still at that decision (a button on an older message names it).
    /// Two moves at once: exactly one applies, the other is refused.
    ///
    /// # Errors
    /// As [`Matches::play`], and [`MatchRefusal::MatchMoved`] when the
    /// match moved on.
    pub async fn play_at(
        self,
        game: GameId,
        ply: Option<u32>,
        player: &str,
        text: &str,
    ) -> Result<MoveReceipt, ServiceError> {
        let view = self.view(game).await?;
        if !view.is_live() {
            return Err(MatchRefusal::MatchOver.into());
        }
        let seat = view
            .seat_of(player)
            .ok_or(Refusal::Match(MatchRefusal::NotAPlayer))?
            .seat;
        if ply.is_some_and(|p| p != view.game.ply) {
            return Err(MatchRefusal::MatchMoved.into());
        }
        match &view.waiting {
            Some(waiting) if waiting.seat == seat => {}
            Some(waiting) => {
                return Err(MatchRefusal::NotYourTurn {
                    waiting: waiting.name.clone(),
                }
                .into());
            }
            None => return Err(MatchRefusal::EngineDeciding.into()),
        }
        let mut position = load(&view.game)?;
        let mv = resolve(&position, &view.legal, text)?;
        let played = position
            .play_notation(&mv)
            .map_err(|e| Failure::Inconsistent(format!("legal move {mv}: {e}")))?;
        let moves = vec![NewMove {
            notation: played.clone(),
            decided_by: DecidedBy::Player,
            seat: Some(seat),
            votes: None,
        }];
        let plan = self
            .0
            .plan_match(
                &view.game,
                &view.info,
                position,
                view.game.ply + 1,
                moves,
                false,
            )
            .await?;
        let finished = plan.end.is_some();
        match self.write(&view.game, &view.info, plan).await {
            Ok(engine_next) => {
                // The move stands even if the engine fails now: its retry
                // timer (or a restart) asks it again.
                if engine_next && let Err(error) = self.0.advance_match(game).await {
                    tracing::error!(game = game.0, %error, "the engine's reply failed; will retry");
                }
                let finished = finished
                    || self
                        .0
                        .store
                        .game(game)
                        .await?
                        .is_some_and(|g| g.status != GameStatus::Active);
                Ok(MoveReceipt {
                    game,
                    mv: played,
                    finished,
                })
            }
            // Someone (this player's other click, a timeout) changed the
            // match first: exactly one of the two applies.
            Err(StoreError::Conflict) => Err(self.moved_on(game).await),
            Err(e) => Err(e.into()),
        }
    }

    /// Resigns `player`'s live match in `channel`: they lose, everyone else
    /// wins. Allowed at any time, not only on one's turn.
    ///
    /// # Errors
    /// Refused without a live match.
    pub async fn resign(self, channel: &str, player: &str) -> Result<GameId, ServiceError> {
        let id = self
            .0
            .store
            .match_of(player, channel)
            .await?
            .ok_or(Refusal::Match(MatchRefusal::NoMatch))?;
        for _ in 0..RETRIES {
            let view = self.view(id).await?;
            if !view.is_live() {
                return Err(MatchRefusal::MatchOver.into());
            }
            let seat = view
                .seat_of(player)
                .ok_or(Refusal::Match(MatchRefusal::NotAPlayer))?;
            let ending = Ending::Resigned {
                player: seat.name.clone(),
            };
            let plan = self.plan_loss(
                &view.game,
                &view.info,
                Seat(seat.seat),
                EndReason::Resigned,
                ending,
            )?;
            match self.write(&view.game, &view.info, plan).await {
                Ok(_) => return Ok(id),
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("match {id} kept changing while resigning")).into())
    }

    /// Sends due half-time reminders and forfeits players whose time ran
    /// out. Returns how many matches were handled.
    ///
    /// # Errors
    /// Storage failures; each match is handled on its own.
    pub async fn handle_due(self) -> Result<usize, ServiceError> {
        let mut handled = 0;
        for id in self.0.store.due_matches(self.0.now()).await? {
            if self.0.timer_retries.waiting(id).is_none() && self.0.handle_one_timer(id).await {
                handled += 1;
            }
        }
        Ok(handled)
    }

    async fn handle_timer(self, id: GameId) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let view = self.view(id).await?;
            let now = self.0.now();
            let Some(next_at) = view.info.next_at else {
                return Ok(());
            };
            if now < next_at || !view.is_live() {
                return Ok(());
            }
            let Some(deadline) = view.info.deadline else {
                // The engine's reply is overdue: ask again, and on failure
                // try later rather than spin. The stored timer is that
                // backoff, on the game's own clock; once it is written,
                // this timer is handled.
                if let Err(error) = self.0.advance_match(id).await {
                    self.0.store.postpone(id, now + ENGINE_RETRY_MS).await?;
                    tracing::warn!(game = id.0, %error, retry_in_ms = ENGINE_RETRY_MS, "the engine's reply in a match failed; it will be asked for again");
                }
                return Ok(());
            };
            let Some(waiting) = view.waiting.clone() else {
                return Ok(());
            };
            let position = load(&view.game)?;
            if now < deadline {
                let reminder = MatchAnnouncement::TurnReminder {
                    ply: view.game.ply,
                    seat: label(&position, &waiting),
                    deadline,
                };
                self.0
                    .store
                    .remind(id, &view.game.channel, deadline, &reminder.to_outbox(), now)
                    .await?;
                self.0.deadlines_changed.notify_one();
                return Ok(());
            }
            let ending = Ending::OutOfTime {
                player: waiting.name.clone(),
            };
            let plan = self.plan_loss(
                &view.game,
                &view.info,
                Seat(waiting.seat),
                EndReason::Forfeit,
                ending,
            )?;
            match self.write(&view.game, &view.info, plan).await {
                Ok(_) => return Ok(()),
                // A move landed just in time: read again.
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("match {id} kept changing at its deadline")).into())
    }

    /// The end of a match that `loser` loses (resigned or out of time):
    /// every other seat wins.
    fn plan_loss(
        self,
        row: &GameState,
        info: &MatchState,
        loser: Seat,
        reason: EndReason,
        ending: Ending,
    ) -> Result<Plan, ServiceError> {
        let seats = info.seats.len();
        let outcome = Outcome {
            results: BySeat::from_fn(seats, |seat| {
                if seat == loser {
                    SeatResult::Loss
                } else {
                    SeatResult::Win
                }
            }),
            scores: None,
            reason: ending,
        };
        let change = Transition {
            expected_version: row.version,
            at: self.0.now(),
            ..Transition::default()
        };
        Ok(finishing(change, info, reason, outcome, Vec::new()))
    }

    /// Writes a plan; returns whether the engine is to decide next.
    async fn write(
        self,
        row: &GameState,
        info: &MatchState,
        plan: Plan,
    ) -> Result<bool, StoreError> {
        let rate = plan
            .end
            .as_ref()
            .filter(|_| info.rated)
            .map(|(_, outcome)| rating::rater(row.kind, info, outcome));
        let end = plan.end.as_ref().map(|(reason, _)| MatchEnd {
            reason: *reason,
            rate: rate.as_ref().map(|r| r as _),
        });
        self.0
            .store
            .apply_match(row.id, &plan.change, plan.timers, end)
            .await?;
        self.0.deadlines_changed.notify_one();
        Ok(plan.engine_next)
    }

    /// Why a guarded move lost its race, as the player should hear it.
    async fn moved_on(self, game: GameId) -> ServiceError {
        match self.0.store.game(game).await {
            Ok(Some(row)) if row.status != GameStatus::Active => MatchRefusal::MatchOver.into(),
            Ok(_) => MatchRefusal::MatchMoved.into(),
            Err(e) => e.into(),
        }
    }
}

impl Service {
    /// Handles one due match timer, keeping its backoff: a failure is
    /// logged and tried again later. Returns whether it was handled.
    pub(crate) async fn handle_one_timer(&self, id: GameId) -> bool {
        let result = match self.lease(ClaimKind::Timer, id.0.to_string()).await {
            Ok(Leased::Ours(lease)) => {
                let handled = self.matches().handle_timer(id).await;
                lease.release().await;
                handled
            }
            Ok(Leased::Elsewhere { free_in, .. }) => {
                self.timer_retries.hold(
                    id,
                    tokio::time::Instant::now() + free_in,
                    "another process is handling this timer".into(),
                );
                return false;
            }
            Err(error) => Err(error),
        };
        match result {
            Ok(()) => {
                self.timer_retries.succeeded(id);
                true
            }
            Err(error) => {
                let failing = self.timer_retries.failed(id, &error);
                tracing::warn!(
                    game = id.0,
                    attempt = failing.attempts,
                    retry_in_ms = failing.retry_in().as_millis() as u64,
                    %error,
                    "a match timer failed; it will be tried again"
                );
                false
            }
        }
    }

    /// Plays the engine's and the dice's decisions of a live match until a
    /// player is to decide or the match ends. Idempotent.
    ///
    /// # Errors
    /// Storage or engine failures.
    pub(crate) async fn advance_match(&self, id: GameId) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let Some(row) = self.store.game(id).await? else {
                return Ok(());
            };
            let Some(info) = self.store.match_row(id).await? else {
                return Ok(());
            };
            if row.status != GameStatus::Active || info.deadline.is_some() {
                return Ok(());
            }
            let game = load(&row)?;
            let plan = self
                .plan_match(&row, &info, game, row.ply, Vec::new(), true)
                .await?;
            match self.matches().write(&row, &info, plan).await {
                Ok(_) => return Ok(()),
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("match {id} kept changing while advancing")).into())
    }

    /// After a restart: finishes interrupted engine steps and handles
    /// timers that fell due while the process was down. Later timers are
    /// waited for by the scheduler, which reads them from the store.
    ///
    /// # Errors
    /// Storage failures.
    pub(crate) async fn recover_matches(&self) -> Result<(), ServiceError> {
        for id in self.store.matches_awaiting_step().await? {
            // Another process holding the timer is advancing it already.
            let advanced = match self.lease(ClaimKind::Timer, id.0.to_string()).await {
                Ok(Leased::Ours(lease)) => {
                    let advanced = self.advance_match(id).await;
                    lease.release().await;
                    advanced
                }
                Ok(Leased::Elsewhere { .. }) => Ok(()),
                Err(error) => Err(error),
            };
            if let Err(error) = advanced {
                tracing::error!(game = id.0, %error, "recovering a match failed");
            }
        }
        self.matches().handle_due().await?;
        self.deadlines_changed.notify_one();
        Ok(())
    }

    /// Plans from `game` at `ply` (after `moves`): the dice, and the
    /// engine's moves when `think`, until a player is to decide or the
    /// game ends. Without `think` it stops before the engine's decision.
    pub(super) async fn plan_match(
        &self,
        row: &GameState,
        info: &MatchState,
        mut game: AnyGame,
        ply: u32,
        mut moves: Vec<NewMove>,
        think: bool,
    ) -> Result<Plan, ServiceError> {
        let now = self.now();
        let decided_before = moves.len();
        let player_of = |seat: Seat| {
            info.seats
                .iter()
                .find(|s| s.seat == seat.0 && s.player.is_some())
        };
        let stop_at = |seat: Seat| !think || player_of(seat).is_some();
        let stop = self
            .play_automatic(row, &mut game, ply, &mut moves, stop_at)
            .await?;
        let replies = replies_of(&moves[decided_before..]);
        let last_move = moves.last().map(|m| m.notation.clone());
        let change = Transition {
            expected_version: row.version,
            position: Some(game.position()),
            moves,
            at: now,
            ..Transition::default()
        };
        Ok(match stop {
            Stop::Over(outcome) => finishing(change, info, EndReason::Played, outcome, replies),
            Stop::Seat { seat, ply } => match player_of(seat) {
                Some(player) => {
                    let deadline = now + info.turn_ms;
                    let turn = MatchAnnouncement::TurnStarted {
                        ply,
                        seat: label(&game, player),
                        deadline,
                        legal_count: game.legal_notations().len(),
                        replies,
                        last_move,
                    };
                    turn_plan(change, turn, deadline, now + info.turn_ms / 2)
                }
                None => engine_plan(change, now),
            },
        })
    }
}

/// The plan that ends a match with `outcome`.
fn finishing(
    mut change: Transition,
    info: &MatchState,
    reason: EndReason,
    outcome: Outcome,
    replies: Vec<String>,
) -> Plan {
    change.status = Some(GameStatus::Finished);
    change.outcome = Some(outcome.clone());
    change.announce.push(
        MatchAnnouncement::MatchFinished {
            reason,
            outcome: outcome.clone(),
            replies,
            rated: info.rated,
        }
        .to_outbox(),
    );
    Plan {
        change,
        timers: MatchTimers::default(),
        end: Some((reason, outcome)),
        engine_next: false,
    }
}

/// The plan that waits for a player's decision until `deadline`, with
/// `turn` announced and a reminder due at `remind_at`.
fn turn_plan(
    mut change: Transition,
    turn: MatchAnnouncement,
    deadline: Millis,
    remind_at: Millis,
) -> Plan {
    change.announce.push(turn.to_outbox());
    Plan {
        change,
        timers: MatchTimers {
            deadline: Some(deadline),
            next_at: Some(remind_at),
            reminded: false,
        },
        end: None,
        engine_next: false,
    }
}

/// The plan that leaves the engine's decision to a second write, with a
/// retry timer in case that reply fails: the scheduler then asks the
/// engine again.
fn engine_plan(change: Transition, now: Millis) -> Plan {
    Plan {
        change,
        timers: MatchTimers {
            deadline: None,
            next_at: Some(now + ENGINE_RETRY_MS),
            reminded: false,
        },
        end: None,
        engine_next: true,
    }
}

/// The automatic decisions in `moves` as a match's posts report them:
/// each says whose it is.
fn replies_of(moves: &[NewMove]) -> Vec<String> {
    moves
        .iter()
        .map(|m| match m.decided_by {
            DecidedBy::Chance => format!("{DICE_PREFIX}{}", m.notation),
            _ => format!("{ENGINE_PREFIX}{}", m.notation),
        })
        .collect()
}

/// A move's text as a legal move: notation in any case, with or without
/// captures; otherwise a refusal naming the closest legal moves.
fn resolve(game: &AnyGame, legal: &[String], text: &str) -> Result<String, ServiceError> {
    let shown: String = text.trim().chars().take(40).collect();
    ballot::resolve_vote(game, legal, &[], text).map_err(|e| {
        match e {
            VoteTextError::Unreadable => Refusal::Match(MatchRefusal::UnreadableMove {
                text: shown,
                game: game.kind(),
            }),
            VoteTextError::Illegal { suggestions } => Refusal::IllegalMove {
                text: shown,
                suggestions,
            },
            // Matches number no options: a number is simply not a move.
            VoteTextError::NoSuchOption { .. } => match game.clone().play_notation(text) {
                Err(PlayError::Parse(_)) => Refusal::Match(MatchRefusal::UnreadableMove {
                    text: shown,
                    game: game.kind(),
                }),
                _ => Refusal::IllegalMove {
                    text: shown,
                    suggestions: ballot::nearest(legal, text, 3),
                },
            },
        }
        .into()
    })
}
