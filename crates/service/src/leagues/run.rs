//! The scheduler's half of leagues: the start (entry numbers, ratings,
//! round 1), each next round when `schedule::next_round` says, and the end
//! once every game has its result; and the threads the games' sides play
//! in. Who meets whom is each format's: `round_robin.rs`, `knockout.rs`
//! (with its deciding games), `tables.rs` (with its places); the games
//! are made by `plan.rs`.
//!
//! Each step reads the league, decides with `holotable_leagues`, and
//! writes one guarded transaction, so two processes (or a retry after a
//! crash) that take the same step write it once: the start's status
//! change, the round's primary key, a game's primary key and the end's
//! "no game without a result" are the guards. A game's result is written
//! by the transaction that ends its community game (the store's
//! `league_games` hook), which also makes the league due at once, so the
//! next look here comes as soon as a round may be over.
//!
//! A league whose step fails stays due, and waits out a backoff before its
//! next try (the service's `league_retries`), so one league's broken
//! records neither stop the others nor keep the scheduler busy.

use super::plan::round_clock;
use super::{Leagues, by_number};
use crate::{Failure, LeagueRefusal, RETRIES, Refusal, Service, ServiceError};
use holotable_leagues::schedule::{GameProgress, RoundEnds, StartCause, next_round};
use holotable_leagues::{Entrant, Round};
use holotable_store::{
    ChannelKey, EntrantRow, GameId, LeagueFormat, LeagueGameRow, LeagueId, LeagueRow, LeagueStatus,
    Millis, NewRound, RoundRow, StoreError,
};

/// What one pass of [`Leagues::run_due`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DueReport {
    pub started: Vec<LeagueId>,
    /// Leagues cancelled at their start for want of entrants.
    pub cancelled: Vec<LeagueId>,
    /// Rounds started after the first, by league.
    pub rounds: Vec<(LeagueId, Round)>,
    /// Knockout rounds whose level ties got their deciding games.
    pub deciding: Vec<(LeagueId, Round)>,
    pub finished: Vec<LeagueId>,
    /// Leagues whose step failed (logged); still due, so a later pass
    /// tries again once the backoff allows.
    pub failed: Vec<LeagueId>,
    /// Leagues due but waiting out the backoff of an earlier failure:
    /// not tried in this pass.
    pub held: Vec<LeagueId>,
}

impl DueReport {
    /// Whether the pass changed anything the scheduler waits on (new
    /// games and ballots, a league's next look, a failure's retry).
    pub fn changed(&self) -> bool {
        !(self.started.is_empty()
            && self.cancelled.is_empty()
            && self.rounds.is_empty()
            && self.deciding.is_empty()
            && self.finished.is_empty()
            && self.failed.is_empty())
    }
}

/// What one league's step did.
pub(super) enum Step {
    Started,
    Cancelled,
    Round(Round),
    /// Deciding games added to this knockout round.
    Deciding(Round),
    Finished,
    Waiting,
}

impl Leagues<'_> {
    /// Takes every league step due at `now`: starts, next rounds, deciding
    /// games, ends. Safe to run in several processes at once: each step is
    /// written once, and a step another process took is skipped. A league
    /// whose step fails is logged and reported, and the others go on: one
    /// league's broken records must not stop every other season. It is
    /// tried again by a later pass once its backoff (the service's retry
    /// policy, doubling per failure) has passed; until then it is `held`.
    ///
    /// # Errors
    /// Storage failures reading which leagues are due.
    pub async fn run_due(self, now: Millis) -> Result<DueReport, ServiceError> {
        let mut report = DueReport::default();
        let due = self.0.store.due_leagues(now).await?;
        // A league no longer due (stepped by another process, finished,
        // cancelled) would otherwise keep its failures for good.
        self.0.league_retries.retain(|id| due.contains(id));
        for id in due {
            if self.0.league_retries.waiting(id).is_some() {
                report.held.push(id);
                continue;
            }
            match self.step(id, now).await {
                Ok(step) => {
                    self.0.league_retries.succeeded(id);
                    match step {
                        Step::Started => report.started.push(id),
                        Step::Cancelled => report.cancelled.push(id),
                        Step::Round(round) => report.rounds.push((id, round)),
                        Step::Deciding(round) => report.deciding.push((id, round)),
                        Step::Finished => report.finished.push(id),
                        Step::Waiting => {}
                    }
                }
                Err(error) => {
                    let failing = self.0.league_retries.failed(id, &error);
                    tracing::error!(
                        league = id.0,
                        %error,
                        attempts = failing.attempts,
                        retry_in = ?failing.retry_in(),
                        "league step failed"
                    );
                    report.failed.push(id);
                }
            }
        }
        Ok(report)
    }

    /// League `id`'s step due at `now`, planned again from a new read
    /// when the league moved while it was planned (a community left, or
    /// another process stepped it: the store's epoch guard).
    async fn step(self, id: LeagueId, now: Millis) -> Result<Step, ServiceError> {
        for _ in 0..RETRIES {
            match self.step_once(id, now).await {
                Err(ServiceError::Failed(Failure::Store(StoreError::Conflict))) => continue,
                other => return other,
            }
        }
        Err(Failure::Inconsistent(format!("league {id} kept changing while stepping")).into())
    }

    /// One try at league `id`'s step due at `now`.
    async fn step_once(self, id: LeagueId, now: Millis) -> Result<Step, ServiceError> {
        let Some(row) = self.0.store.league(id).await? else {
            return Ok(Step::Waiting);
        };
        match row.status {
            LeagueStatus::Entering | LeagueStatus::Closed if row.league.start_at <= now => {
                let needed = super::minimum(row.league.format);
                if self.cancel_unfilled(&row, needed, now).await? {
                    Ok(Step::Cancelled)
                } else {
                    match self.start(&row, now).await {
                        Ok(true) => Ok(Step::Started),
                        Ok(false) => Ok(Step::Waiting),
                        // A withdrawal since the cancel's check: cancel now.
                        Err(ServiceError::Refused(Refusal::League(LeagueRefusal::TooFew {
                            ..
                        }))) if self.cancel_unfilled(&row, needed, now).await? => {
                            Ok(Step::Cancelled)
                        }
                        Err(ServiceError::Refused(Refusal::League(LeagueRefusal::TooFew {
                            ..
                        }))) => Ok(Step::Waiting),
                        Err(e) => Err(e),
                    }
                }
            }
            // Due before its start only if its start was moved: look
            // again then.
            LeagueStatus::Entering | LeagueStatus::Closed => {
                self.0
                    .store
                    .set_league_next(&row, Some(row.league.start_at))
                    .await?;
                Ok(Step::Waiting)
            }
            LeagueStatus::Running => match row.league.format {
                LeagueFormat::Knockout => self.advance_knockout(&row, now).await,
                LeagueFormat::RoundRobin
                | LeagueFormat::DoubleRoundRobin
                | LeagueFormat::Tables => self.advance(&row, now).await,
            },
            // Due after a cancel: its live games are stopped here, so a
            // cancel cut short by a process that died is finished.
            LeagueStatus::Cancelled => {
                self.stop_games(id).await?;
                self.0.store.cancel_done(id).await?;
                Ok(Step::Waiting)
            }
            LeagueStatus::Finished => Ok(Step::Waiting),
        }
    }

    /// Cancels `row`'s league at its start if it has fewer than `needed`
    /// communities, telling each; `false` when it has enough (a join came
    /// since the read) or was started or cancelled meanwhile.
    async fn cancel_unfilled(
        self,
        row: &LeagueRow,
        needed: usize,
        now: Millis,
    ) -> Result<bool, ServiceError> {
        let entered = self.0.store.league_entrants(row.id).await?.len();
        if entered >= needed {
            return Ok(false);
        }
        let news = Leagues::cancelled_news(row, Some((needed, entered)));
        let cancelled = self
            .0
            .store
            .cancel_unfilled_league(row.id, entered, now, &news)
            .await?;
        if cancelled {
            tracing::info!(
                league = row.id.0,
                entered,
                "league cancelled at its start: too few communities"
            );
        }
        Ok(cancelled)
    }

    /// The thread `thread` opened under `parent` for that community's side
    /// of league game `game`: the side plays there from now on, and what
    /// was queued for it moves there. A repeat is a no-op; `false` then.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn thread_opened(
        self,
        game: GameId,
        parent: &ChannelKey,
        thread: &ChannelKey,
    ) -> Result<bool, ServiceError> {
        let Some(placeholder) = self.0.store.thread_opened(game, parent, thread).await? else {
            return Ok(false);
        };
        // This process caches a ballot's context by the side's channel,
        // which just changed: drop what either key held.
        self.0.forget_ballot(&placeholder);
        self.0.forget_ballot(thread.as_str());
        tracing::info!(
            game = game.0,
            thread = thread.as_str(),
            "league thread opened"
        );
        Ok(true)
    }

    /// Starts `row`'s league at `now`: entry numbers in the order of
    /// entry, each community's rating, and round 1. `false` when another
    /// process (or an earlier try) started it, or it was cancelled.
    ///
    /// # Errors
    /// Refused with [`LeagueRefusal::TooFew`] when a community withdrew
    /// since the caller counted them, leaving fewer than the format needs.
    pub(super) async fn start(self, row: &LeagueRow, now: Millis) -> Result<bool, ServiceError> {
        let needed = super::minimum(row.league.format);
        for _ in 0..RETRIES {
            let entrants = self.0.store.league_entrants(row.id).await?;
            let ordered = by_number(&entrants)?;
            if ordered.len() < needed {
                return Err(LeagueRefusal::TooFew {
                    needed,
                    got: ordered.len(),
                }
                .into());
            }
            let mut numbered = Vec::with_capacity(ordered.len());
            let mut playing = Vec::with_capacity(ordered.len());
            for (entrant, e) in Entrant::all(ordered.len()).zip(&ordered) {
                let rating = self
                    .0
                    .community_rating(Some(e.server.as_str()), row.league.kind)
                    .await?;
                numbered.push((e.server.clone(), entrant, rating));
                playing.push(EntrantRow {
                    entrant: Some(entrant),
                    rating,
                    ..(*e).clone()
                });
            }
            let mut round = self.first_round(row, &playing, now).await?;
            round.told = self.schedule_told(row, &playing, &round).await?;
            match self.0.store.start_league(row.id, &numbered, &round).await {
                Ok(true) => {
                    self.0.deadlines_changed.notify_one();
                    tracing::info!(
                        league = row.id.0,
                        entrants = playing.len(),
                        "league started"
                    );
                    return Ok(true);
                }
                Ok(false) => return Ok(false),
                // A community joined or withdrew since the read: number
                // the entrants as they are now.
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("league {} kept changing while starting", row.id)).into())
    }

    /// Round 1 of `row`'s format for `entrants`, numbered.
    async fn first_round(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        match row.league.format {
            LeagueFormat::RoundRobin | LeagueFormat::DoubleRoundRobin => {
                let schedule = super::round_robin::schedule(row, entrants.len())?;
                let first = schedule.round(Round(1)).ok_or_else(|| {
                    Failure::Inconsistent(format!("league {} has no round 1", row.id))
                })?;
                self.plan_round(row, entrants, first, now).await
            }
            LeagueFormat::Knockout => self.first_knockout_round(row, entrants, now).await,
            LeagueFormat::Tables => self.first_tables(row, entrants, now).await,
        }
    }

    /// A round robin's or four-army league's next step: the next round
    /// when the current one is over (its last game ended, or its deadline
    /// passed: games still playing play on), the end when every game of
    /// the last round has its result, else the time to look again.
    async fn advance(self, row: &LeagueRow, now: Millis) -> Result<Step, ServiceError> {
        let id = row.id;
        let rounds = self.0.store.league_rounds(id).await?;
        let Some(current) = rounds.last().cloned() else {
            return Err(Failure::Inconsistent(format!("running league {id} has no round")).into());
        };
        // The games before the entrants, and the order matters: a leave
        // that ends a four-army table writes the leaver's `left_at` and
        // the table's `ended_at` in one transaction, so whatever of it
        // these games show, the entrants read after them show too (a
        // later statement, on PostgreSQL READ COMMITTED as well). Read
        // the other way round, a leave committing between the two reads
        // would show the table ended and the leaver not left, and
        // `place_tables` would store the leaver as beaten, for good
        // (`set_table_finish` writes once, with no epoch to guard it).
        let mut games = self.0.store.league_games(id).await?;
        #[cfg(test)]
        self.0.between_league_reads().await;
        let entrants = self.0.store.league_entrants(id).await?;
        let entrants: Vec<EntrantRow> = by_number(&entrants)?.into_iter().cloned().collect();
        if row.league.format == LeagueFormat::Tables
            && self.place_tables(row, &entrants, &games).await?
        {
            games = self.0.store.league_games(id).await?;
        }
        let progress = round_progress(&games, &current);
        let clock = round_clock(row, current.started_at);
        let Some(next) = next_round(clock, &progress, RoundEnds::LastGameOrDeadline) else {
            return Err(Failure::Inconsistent(
                "a round robin's or a table's next round is always known".into(),
            )
            .into());
        };
        let last = match row.league.format {
            LeagueFormat::Tables => super::tables::is_last(&entrants, current.round),
            _ => {
                let schedule = super::round_robin::schedule(row, entrants.len())?;
                usize::from(current.round.0) >= schedule.rounds().len()
            }
        };
        if last && games.iter().all(|g| g.finish.is_some()) {
            return self.end_when_played(row, &games, current.round, now).await;
        }
        self.report_played_rounds(row, &games, now).await?;
        if last {
            return self.end_when_played(row, &games, current.round, now).await;
        }
        if next.at > now {
            self.0.store.set_league_next(row, Some(next.at)).await?;
            return Ok(Step::Waiting);
        }
        let round = Round(current.round.0 + 1);
        let new = match row.league.format {
            LeagueFormat::Tables => {
                self.next_tables(row, &entrants, &rounds, &games, now)
                    .await?
            }
            _ => {
                let schedule = super::round_robin::schedule(row, entrants.len())?;
                let pairings = schedule.round(round).ok_or_else(|| {
                    Failure::Inconsistent(format!("league {id} has no round {round}"))
                })?;
                self.plan_round(row, &entrants, pairings, now).await?
            }
        };
        self.start_next(row, &new, next.cause).await
    }

    /// Writes round `new`, once; the step that did it, or waiting when
    /// another process did.
    pub(super) async fn start_next(
        self,
        row: &LeagueRow,
        new: &NewRound,
        cause: StartCause,
    ) -> Result<Step, ServiceError> {
        let round = new.round.round;
        if self.0.store.start_round(row.id, row.epoch, new).await? {
            self.0.deadlines_changed.notify_one();
            tracing::info!(league = row.id.0, %round, ?cause, "league round started");
            Ok(Step::Round(round))
        } else {
            Ok(Step::Waiting)
        }
    }

    /// The end of a league whose last round is `last`, once every game has
    /// its result; until then it waits, and each remaining game's end
    /// makes it due again.
    pub(super) async fn end_when_played(
        self,
        row: &LeagueRow,
        games: &[LeagueGameRow],
        last: Round,
        now: Millis,
    ) -> Result<Step, ServiceError> {
        if games.iter().all(|g| g.finish.is_some()) {
            let told = self.finished_told(row).await?;
            if self.0.store.finish_league(row.id, last, now, &told).await? {
                tracing::info!(league = row.id.0, "league finished");
                return Ok(Step::Finished);
            }
            return Ok(Step::Waiting);
        }
        self.0.store.set_league_next(row, None).await?;
        Ok(Step::Waiting)
    }
}

impl Leagues<'_> {
    /// The standings after each round of a round robin or a four-army
    /// league whose every game has its result and whose table is not
    /// posted yet, once each.
    async fn report_played_rounds(
        self,
        row: &LeagueRow,
        games: &[LeagueGameRow],
        now: Millis,
    ) -> Result<(), ServiceError> {
        for round in self.0.store.unreported_rounds(row.id).await? {
            let played = games
                .iter()
                .filter(|g| g.key.round == round)
                .all(|g| g.finish.is_some());
            if played {
                self.report_round(row, round, now).await?;
            }
        }
        Ok(())
    }

    /// Round `round`'s standings to every community still in, once.
    pub(super) async fn report_round(
        self,
        row: &LeagueRow,
        round: Round,
        now: Millis,
    ) -> Result<(), ServiceError> {
        let told = self.standings_told(row, round.0).await?;
        if self.0.store.report_round(row.id, round, &told, now).await? {
            tracing::info!(league = row.id.0, %round, "league round's standings posted");
        }
        Ok(())
    }
}

/// Where each game of round `current` is, for `schedule::next_round`: a
/// game is over once it has ended (a table's places may still be coming:
/// they do not change when it ended); a game forfeited before it began
/// ended at the round's start.
pub(super) fn round_progress(games: &[LeagueGameRow], current: &RoundRow) -> Vec<GameProgress> {
    games
        .iter()
        .filter(|g| g.key.round == current.round)
        .map(|g| match (g.finish, g.ended_at) {
            (_, Some(at)) => GameProgress::Ended { at },
            (Some(_), None) => GameProgress::Ended {
                at: current.started_at,
            },
            (None, None) => GameProgress::Playing,
        })
        .collect()
}

impl Service {
    /// Drops the cached ballots of every side of `game`, after a write
    /// that changed it from outside its own turns.
    pub(crate) async fn forget_game_sides(&self, game: GameId) -> Result<(), ServiceError> {
        for side in self.store.sides(game).await? {
            self.forget_ballot(&side.channel);
        }
        Ok(())
    }
}

#[cfg(test)]
impl crate::Service {
    /// The pause a test set for a step between its two reads, taken once.
    async fn between_league_reads(&self) {
        let pause = self
            .league_reads_pause
            .lock()
            .expect("the pause's lock is not poisoned")
            .take();
        if let Some((reached, resume)) = pause {
            let _ = reached.send(());
            let _ = resume.await;
        }
    }
}
