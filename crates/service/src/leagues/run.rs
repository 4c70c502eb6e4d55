//! The scheduler's half of leagues: the start (entry numbers, ratings,
//! pairings, round 1), each next round when `schedule::next_round` says,
//! and the end once every game has its result; and the threads the
//! games' sides play in.
//!
//! Each step reads the league, decides with `holotable_leagues`, and
//! writes one guarded transaction, so two processes (or a retry after a
//! crash) that take the same step write it once: the start's status
//! change, the round's primary key and the end's "no game without a
//! result" are the guards. A game's result is written by the transaction
//! that ends its community game (the store's `league_games` hook), which
//! also makes the league due at once, so the next look here comes as
//! soon as a round may be over.

use super::{Leagues, by_number, games_per_pairing};
use crate::RETRIES;
use crate::seeds::seeded_rng;
use crate::{Announcement, Failure, Service, ServiceError};
use holotable_games::AnyGame;
use holotable_leagues::pairing::{Cycles, RoundPairings, RoundRobin};
use holotable_leagues::schedule::{GameProgress, RoundClock, RoundEnds, next_round};
use holotable_leagues::{Colour, Entrant, Finish, Fixture, Round};
use holotable_store::{
    ChannelKey, EntrantRow, GameId, GameSide, LeagueFormat, LeagueGameKey, LeagueId, LeagueRow,
    LeagueStatus, Millis, NewGame, NewLeagueGame, NewRound, RoundRow, StoreError,
};

/// What one pass of [`Leagues::run_due`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DueReport {
    pub started: Vec<LeagueId>,
    /// Leagues cancelled at their start for want of entrants.
    pub cancelled: Vec<LeagueId>,
    /// Rounds started after the first, by league.
    pub rounds: Vec<(LeagueId, Round)>,
    pub finished: Vec<LeagueId>,
    /// Leagues whose step failed (logged); still due, so the next pass
    /// tries again.
    pub failed: Vec<LeagueId>,
}

/// What one league's step did.
enum Step {
    Started,
    Cancelled,
    Round(Round),
    Finished,
    Waiting,
}

impl Leagues<'_> {
    /// Takes every league step due at `now`: starts, next rounds, ends.
    /// Safe to run in several processes at once: each step is written
    /// once, and a step another process took is skipped. A league whose
    /// step fails is logged and reported, and the others go on: one
    /// league's broken records must not stop every other season.
    ///
    /// # Errors
    /// Storage failures reading which leagues are due.
    pub async fn run_due(self, now: Millis) -> Result<DueReport, ServiceError> {
        let mut report = DueReport::default();
        for id in self.0.store.due_leagues(now).await? {
            match self.step(id, now).await {
                Ok(Step::Started) => report.started.push(id),
                Ok(Step::Cancelled) => report.cancelled.push(id),
                Ok(Step::Round(round)) => report.rounds.push((id, round)),
                Ok(Step::Finished) => report.finished.push(id),
                Ok(Step::Waiting) => {}
                Err(error) => {
                    tracing::error!(league = id.0, %error, "league step failed");
                    report.failed.push(id);
                }
            }
        }
        Ok(report)
    }

    /// League `id`'s step due at `now`.
    async fn step(self, id: LeagueId, now: Millis) -> Result<Step, ServiceError> {
        let Some(row) = self.0.store.league(id).await? else {
            return Ok(Step::Waiting);
        };
        match row.status {
            LeagueStatus::Entering | LeagueStatus::Closed if row.league.start_at <= now => {
                let needed = super::minimum(row.league.format);
                if self.0.store.cancel_unfilled_league(id, needed, now).await? {
                    tracing::info!(
                        league = id.0,
                        entered = row.entered,
                        "league cancelled at its start: too few communities"
                    );
                    Ok(Step::Cancelled)
                } else if self.start(&row, now).await? {
                    Ok(Step::Started)
                } else {
                    Ok(Step::Waiting)
                }
            }
            // Due before its start only if its start was moved: look
            // again then.
            LeagueStatus::Entering | LeagueStatus::Closed => {
                self.0
                    .store
                    .set_league_next(id, row.next_at, Some(row.league.start_at))
                    .await?;
                Ok(Step::Waiting)
            }
            LeagueStatus::Running => self.advance(&row, now).await,
            LeagueStatus::Finished | LeagueStatus::Cancelled => Ok(Step::Waiting),
        }
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
    pub(super) async fn start(self, row: &LeagueRow, now: Millis) -> Result<bool, ServiceError> {
        for _ in 0..RETRIES {
            let entrants = self.0.store.league_entrants(row.id).await?;
            let ordered = by_number(&entrants)?;
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
            let schedule = pairings(row, playing.len())?;
            let first = schedule.round(Round(1)).ok_or_else(|| {
                Failure::Inconsistent(format!("league {} has no round 1", row.id))
            })?;
            let round = self.plan_round(row, &playing, first, now).await?;
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

    /// The running league's next step: the next round when the current
    /// one is over (its last game ended, or its deadline passed), the end
    /// when every game of the last round has its result, else the time to
    /// look again.
    async fn advance(self, row: &LeagueRow, now: Millis) -> Result<Step, ServiceError> {
        let id = row.id;
        let rounds = self.0.store.league_rounds(id).await?;
        let Some(current) = rounds.last().copied() else {
            return Err(Failure::Inconsistent(format!("running league {id} has no round")).into());
        };
        let entrants = self.0.store.league_entrants(id).await?;
        let schedule = pairings(row, entrants.len())?;
        let games = self.0.store.league_games(id).await?;
        let progress: Vec<GameProgress> = games
            .iter()
            .filter(|g| g.key.round == current.round)
            .map(|g| match (g.finish, g.ended_at) {
                (Some(_), Some(at)) => GameProgress::Ended { at },
                (Some(_), None) => GameProgress::Ended {
                    at: current.started_at,
                },
                (None, _) => GameProgress::Playing,
            })
            .collect();
        let clock = round_clock(row, current.started_at);
        let Some(next) = next_round(clock, &progress, RoundEnds::LastGameOrDeadline) else {
            return Err(
                Failure::Inconsistent("a round robin's next round is always known".into()).into(),
            );
        };
        let last = usize::from(current.round.0) >= schedule.rounds().len();
        if last {
            if games.iter().all(|g| g.finish.is_some()) {
                if self.0.store.finish_league(id, current.round, now).await? {
                    tracing::info!(league = id.0, "league finished");
                    return Ok(Step::Finished);
                }
                return Ok(Step::Waiting);
            }
            // Each remaining game's end makes the league due again.
            self.0.store.set_league_next(id, row.next_at, None).await?;
            return Ok(Step::Waiting);
        }
        if next.at > now {
            self.0
                .store
                .set_league_next(id, row.next_at, Some(next.at))
                .await?;
            return Ok(Step::Waiting);
        }
        let round = Round(current.round.0 + 1);
        let pairings = schedule
            .round(round)
            .ok_or_else(|| Failure::Inconsistent(format!("league {id} has no round {round}")))?;
        let playing: Vec<EntrantRow> = by_number(&entrants)?.into_iter().cloned().collect();
        let new = self.plan_round(row, &playing, pairings, now).await?;
        if self.0.store.start_round(id, &new).await? {
            self.0.deadlines_changed.notify_one();
            tracing::info!(league = id.0, %round, cause = ?next.cause, "league round started");
            Ok(Step::Round(round))
        } else {
            Ok(Step::Waiting)
        }
    }

    /// A round's games: each pairing's one or two games as community
    /// games in placeholders, or already forfeited by a side that left.
    pub(super) async fn plan_round(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        pairings: &RoundPairings,
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let deadline = round_clock(row, now).deadline();
        let per_pairing = games_per_pairing(row.league.pairing_games);
        let mut games = Vec::new();
        for (board, pairing) in pairings.pairings.iter().enumerate() {
            for (leg, fixture) in per_pairing.fixtures(*pairing).enumerate() {
                let key = LeagueGameKey {
                    round: pairings.round,
                    board: u16::try_from(board).expect("at most 32 pairings a round"),
                    leg: u8::try_from(leg).expect("at most two games a pairing"),
                };
                let side = |colour: Colour| -> Result<&EntrantRow, ServiceError> {
                    entrants
                        .get(fixture.entrant(colour).index())
                        .ok_or_else(|| {
                            Failure::Inconsistent(format!(
                                "league {} has no entrant {}",
                                row.id,
                                fixture.entrant(colour).0
                            ))
                            .into()
                        })
                };
                let (first, second) = (side(Colour::First)?, side(Colour::Second)?);
                // A community that left forfeits its games not yet begun;
                // if both have left, the first named forfeits, so the game
                // still has one result.
                let left = if first.left_at.is_some() {
                    Some(Colour::First)
                } else if second.left_at.is_some() {
                    Some(Colour::Second)
                } else {
                    None
                };
                games.push(match left {
                    Some(by) => NewLeagueGame::Forfeit {
                        key,
                        fixture,
                        finish: Finish::Forfeited { by },
                    },
                    None => {
                        self.plan_game(row, key, fixture, [first, second], now)
                            .await?
                    }
                });
            }
        }
        Ok(NewRound {
            round: RoundRow {
                round: pairings.round,
                started_at: now,
                deadline,
            },
            games,
            next_at: deadline,
        })
    }

    /// One league game: a community game between the two communities'
    /// sides, each under a placeholder until its thread is reported, with
    /// its first ballot.
    async fn plan_game(
        self,
        row: &LeagueRow,
        key: LeagueGameKey,
        fixture: Fixture,
        sides: [&EntrantRow; 2],
        now: Millis,
    ) -> Result<NewLeagueGame, ServiceError> {
        let league = &row.league;
        let seed = game_seed(league.seed, key);
        let game = AnyGame::new_game(league.kind, &league.rules, &mut seeded_rng(seed))
            .map_err(|e| Failure::Inconsistent(format!("league {} rules: {e}", row.id)))?;
        let mut threads = Vec::with_capacity(2);
        let mut game_sides = Vec::with_capacity(2);
        for (colour, entrant) in [Colour::First, Colour::Second].into_iter().zip(sides) {
            let placeholder = placeholder(row.id, key, &entrant.channel);
            threads.push((entrant.channel.clone(), placeholder.clone()));
            game_sides.push(GameSide {
                channel: placeholder,
                server: Some(entrant.server.as_str().to_string()),
                seats: vec![seat_of(colour)],
            });
        }
        let new = NewGame {
            channel: game_sides[0].channel.clone(),
            kind: league.kind,
            rules: game.rules_json(),
            start_position: game.position(),
            seed,
            level: self.0.settings.level.clone(),
            vote_ms: league.move_ms,
            max_extensions: self.0.settings.max_extensions,
            community_seats: vec![0, 1],
            ballot_format: league.ballot_format,
            deliberation: league.deliberation,
            started_by: league.created_by.clone(),
            created_at: now,
            sides: game_sides,
        };
        let planned = self.0.label_sides(new.sides.clone(), &game, None).await?;
        let mut first = self
            .0
            .plan_step(&crate::games::row_view(&new), game, 0, Vec::new(), &planned)
            .await?;
        let started = planned.per_side(|side| {
            Some(Announcement::SharedGameStarted {
                kind: new.kind,
                yours: side.label.seats.clone(),
                opponents: planned
                    .0
                    .iter()
                    .filter(|other| other.side.channel != side.side.channel)
                    .map(|other| other.label.clone())
                    .collect(),
                engine: None,
                ballot_format: new.ballot_format,
            })
        });
        first.announce.splice(0..0, started);
        Ok(NewLeagueGame::Play {
            key,
            fixture,
            game: Box::new(new),
            first: Box::new(first),
            threads,
        })
    }
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

/// The round robin of `count` entrants in `row`'s format.
fn pairings(row: &LeagueRow, count: usize) -> Result<RoundRobin, ServiceError> {
    let cycles = match row.league.format {
        LeagueFormat::RoundRobin => Cycles::Single,
        LeagueFormat::DoubleRoundRobin => Cycles::Double,
        other => {
            return Err(Failure::Inconsistent(format!(
                "league {} is a {} league, which the scheduler does not run yet",
                row.id,
                other.as_str()
            ))
            .into());
        }
    };
    RoundRobin::new(count, cycles)
        .map_err(|e| Failure::Inconsistent(format!("league {}: {e}", row.id)).into())
}

fn round_clock(row: &LeagueRow, start: Millis) -> RoundClock {
    RoundClock {
        start,
        move_ms: u64::try_from(row.league.move_ms).unwrap_or(0),
        moves: row.league.round_moves,
    }
}

/// The channel key a side plays under until its thread is reported: one
/// no platform has (the adapters' keys are `discord:`, `cli:`, …), unique
/// per league game and side, and known before the game has an id, so the
/// round's one transaction can write the game and its sides together.
fn placeholder(league: LeagueId, key: LeagueGameKey, parent: &ChannelKey) -> String {
    format!(
        "league:{}:{}:{}:{}:{}",
        league.0,
        key.round.0,
        key.board,
        key.leg,
        parent.as_str()
    )
}

/// A game's seed from the league's and its place: distinct per game, and
/// the same on every retry of the round, so two processes planning it
/// plan the same games.
fn game_seed(league: u64, key: LeagueGameKey) -> u64 {
    let place = (u64::from(key.round.0) << 32) | (u64::from(key.board) << 8) | u64::from(key.leg);
    // SplitMix64's finaliser: nearby places give unrelated seeds.
    let mut z = league ^ place.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Which side of a league game `colour` is, as seat numbers.
fn seat_of(colour: Colour) -> u8 {
    match colour {
        Colour::First => 0,
        Colour::Second => 1,
    }
}
