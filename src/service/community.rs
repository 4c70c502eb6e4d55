//! Community games: the use cases behind `/community` and `/vote`.

use super::ballot::{self, VoteTextError};
use super::{Actor, Announcement, Failure, Refusal, Service, ServiceError, decision_seed};
use crate::games::{AnyGame, Decider, GameKind, GameRecord, RulesJson, Seat, natural_key};
use crate::store::{
    BallotChange, BallotId, BallotRow, BallotStatus, DecidedBy, GameId, GameRow, GameStatus,
    Millis, NewBallot, NewGame, NewMove, StoreError, Transition, VoteError,
};
use rand::SeedableRng;
use std::sync::Arc;

/// How many moves the engine ranks for a ballot: enough to feature options
/// and break ties among the moves people actually vote for.
const RANKED_MOVES: usize = 24;

/// A guarded write that lost a race is re-read and retried this often.
const RETRIES: usize = 5;

#[derive(Clone, Debug)]
pub struct StartGame {
    pub channel: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub vote_ms: Option<Millis>,
    pub level: Option<String>,
    /// The game's seed; drawn at random when absent.
    pub seed: Option<u64>,
    pub by: Actor,
}

/// A vote that was recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoteReceipt {
    pub ballot: BallotId,
    pub mv: String,
    /// The voter's earlier vote on this ballot, now replaced.
    pub replaced: Option<String>,
    /// The move's option number, when it is featured.
    pub option: Option<usize>,
}

/// A game as a status command shows it.
#[derive(Clone, Debug)]
pub struct GameView {
    pub game: GameRow,
    pub ballot: Option<BallotRow>,
    pub tally: Vec<(String, u32)>,
}

/// What a vote needs, parsed once per ballot.
pub(super) struct BallotContext {
    id: BallotId,
    game: AnyGame,
    legal: Vec<String>,
    featured: Vec<String>,
}

impl Service {
    /// Starts a community game in a channel and opens its first ballot.
    ///
    /// # Errors
    /// Refused when the actor may not start games, the channel is busy, or
    /// an option is out of range.
    pub async fn start_game(&self, request: StartGame) -> Result<GameId, ServiceError> {
        if !request.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "start a game",
            }
            .into());
        }
        let vote_ms = request.vote_ms.unwrap_or(self.settings.vote_ms);
        if !(self.settings.min_vote_ms..=self.settings.max_vote_ms).contains(&vote_ms) {
            return Err(Refusal::BadOption(format!(
                "the vote must last from {} to {}",
                human_duration(self.settings.min_vote_ms),
                human_duration(self.settings.max_vote_ms)
            ))
            .into());
        }
        let level = request.level.unwrap_or_else(|| self.settings.level.clone());
        self.opponent
            .check_level(&level)
            .map_err(Refusal::BadOption)?;
        if let Some(live) = self.store.live_game(&request.channel).await? {
            return Err(Refusal::ChannelBusy { game: live.id.0 }.into());
        }
        let seed = request.seed.unwrap_or_else(rand::random);
        let mut setup_rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let game = AnyGame::new_game(request.kind, &request.rules, &mut setup_rng)
            .map_err(|e| Refusal::BadOption(e.to_string()))?;
        // The community plays the first seat (white); the engine the others.
        let community_seats = vec![0u8];
        let row = NewGame {
            channel: request.channel.clone(),
            kind: request.kind,
            rules: game.rules_json(),
            start_position: game.position(),
            seed,
            level: level.clone(),
            vote_ms,
            max_extensions: self.settings.max_extensions,
            community_seats: community_seats.clone(),
            started_by: request.by.id.clone(),
            created_at: self.now(),
        };
        let started = Announcement::GameStarted {
            kind: request.kind,
            level,
            community: community_seats
                .iter()
                .map(|&s| game.seat_name(Seat(s)).to_string())
                .collect(),
        };
        // The first step (engine moves, if it starts, and the first ballot)
        // is planned from the start position and written with the game.
        let mut first = self.plan_step(&row_view(&row), game, 0, Vec::new()).await?;
        first.announce.insert(0, started.to_outbox());
        let id = match self.store.insert_game(&row, &first).await {
            Ok(id) => id,
            Err(StoreError::ChannelBusy) => {
                let game = self
                    .store
                    .live_game(&request.channel)
                    .await?
                    .map_or(0, |g| g.id.0);
                return Err(Refusal::ChannelBusy { game }.into());
            }
            Err(e) => return Err(e.into()),
        };
        self.forget_ballot(&request.channel);
        self.deadlines_changed.notify_one();
        tracing::info!(game = id.0, channel = %request.channel, kind = %request.kind, "game started");
        Ok(id)
    }

    /// Records a vote on the channel's open ballot.
    ///
    /// # Errors
    /// Refused when there is no open ballot or the text is not a legal move
    /// (the message suggests the closest legal moves).
    pub async fn vote(
        &self,
        channel: &str,
        voter: &str,
        text: &str,
    ) -> Result<VoteReceipt, ServiceError> {
        for _ in 0..2 {
            let context = self.ballot_context(channel).await?;
            match self.record_vote(&context, voter, text).await {
                // The cached ballot may be stale (closed elsewhere): reload once.
                Err(ServiceError::Refused(Refusal::BallotClosed)) => self.forget_ballot(channel),
                other => return other,
            }
        }
        Err(Refusal::BallotClosed.into())
    }

    /// Records a vote on a specific ballot (a button or menu on an older
    /// message names its ballot, so a late click is refused, not misapplied).
    ///
    /// # Errors
    /// As [`Service::vote`], and [`Refusal::BallotClosed`] for another ballot.
    pub async fn vote_on(
        &self,
        channel: &str,
        ballot: BallotId,
        voter: &str,
        text: &str,
    ) -> Result<VoteReceipt, ServiceError> {
        let context = self.ballot_context(channel).await;
        match context {
            Ok(context) if context.id == ballot => self.record_vote(&context, voter, text).await,
            Ok(_) | Err(ServiceError::Refused(_)) => Err(Refusal::BallotClosed.into()),
            Err(e) => Err(e),
        }
    }

    async fn record_vote(
        &self,
        context: &BallotContext,
        voter: &str,
        text: &str,
    ) -> Result<VoteReceipt, ServiceError> {
        let mv = ballot::resolve_vote(&context.game, &context.legal, &context.featured, text)
            .map_err(|e| {
                let text: String = text.trim().chars().take(40).collect();
                match e {
                    VoteTextError::Unreadable { expected } => {
                        Refusal::UnreadableVote { text, expected }
                    }
                    VoteTextError::Illegal { suggestions } => {
                        Refusal::IllegalVote { text, suggestions }
                    }
                    VoteTextError::NoSuchOption { count } => Refusal::NoSuchOption {
                        text: text.trim_start_matches('#').to_string(),
                        count,
                    },
                }
            })?;
        let replaced = match self
            .store
            .record_vote(context.id, voter, &mv, self.now())
            .await
        {
            Ok(replaced) => replaced,
            Err(VoteError::Closed | VoteError::NoSuchBallot) => {
                return Err(Refusal::BallotClosed.into());
            }
            Err(VoteError::Store(e)) => return Err(e.into()),
        };
        let option = context
            .featured
            .iter()
            .position(|f| *f == mv)
            .map(|i| i + 1);
        Ok(VoteReceipt {
            ballot: context.id,
            mv,
            replaced,
            option,
        })
    }

    async fn ballot_context(&self, channel: &str) -> Result<Arc<BallotContext>, ServiceError> {
        if let Some(context) = self.ballots.lock().expect("ballot cache lock").get(channel) {
            return Ok(context.clone());
        }
        let game = self
            .store
            .live_game(channel)
            .await?
            .ok_or(Refusal::NoGame)?;
        if game.status != GameStatus::Active {
            return Err(Refusal::NotVoting {
                status: game.status.as_str(),
            }
            .into());
        }
        let ballot = self
            .store
            .current_ballot(game.id)
            .await?
            .filter(|b| b.status == BallotStatus::Open)
            .ok_or(Refusal::BallotClosed)?;
        let position = load(&game)?;
        let context = Arc::new(BallotContext {
            id: ballot.id,
            game: position,
            legal: ballot.legal,
            featured: ballot.featured,
        });
        self.ballots
            .lock()
            .expect("ballot cache lock")
            .insert(channel.to_string(), context.clone());
        Ok(context)
    }

    fn forget_ballot(&self, channel: &str) {
        self.ballots
            .lock()
            .expect("ballot cache lock")
            .remove(channel);
    }

    /// Closes every ballot whose deadline has passed, and lets the engine
    /// reply. Returns how many ballots were handled.
    ///
    /// # Errors
    /// Only storage or engine failures; each ballot is handled on its own.
    pub async fn close_due_ballots(&self) -> Result<usize, ServiceError> {
        let due = self.store.due_ballots(self.now()).await?;
        let mut handled = 0;
        for ballot in due {
            match self.close_ballot(ballot).await {
                Ok(()) => handled += 1,
                Err(error) => {
                    tracing::error!(game = ballot.game.0, ply = ballot.ply, %error, "closing a ballot failed")
                }
            }
        }
        Ok(handled)
    }

    /// Closes one ballot if it is open and due: plays the winner, or extends
    /// or pauses when nobody voted; then advances the game. Safe to call
    /// twice or concurrently: only one close applies.
    ///
    /// # Errors
    /// Storage or engine failures.
    pub async fn close_ballot(&self, id: BallotId) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let Some(game) = self.store.game(id.game).await? else {
                return Ok(());
            };
            let Some(ballot) = self.store.ballot(id).await? else {
                return Ok(());
            };
            let now = self.now();
            if ballot.status != BallotStatus::Open
                || now < ballot.deadline
                || game.status != GameStatus::Active
            {
                return Ok(());
            }
            let tally = self.store.tally(id).await?;
            let change = match ballot::winner(&tally, &ballot.ranking, &ballot.legal) {
                None => self.plan_empty_ballot(&game, &ballot, now),
                Some((winner, votes, tie_broken)) => {
                    self.plan_close(&game, &ballot, tally, winner, votes, tie_broken, now)
                        .await?
                }
            };
            self.forget_ballot(&game.channel);
            match self.store.apply(game.id, &change).await {
                Ok(()) => {
                    self.deadlines_changed.notify_one();
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

    fn plan_empty_ballot(&self, game: &GameRow, ballot: &BallotRow, now: Millis) -> Transition {
        if ballot.extensions < game.max_extensions {
            let deadline = now + game.vote_ms;
            Transition {
                expected_version: game.version,
                ballot: Some(BallotChange::Extend {
                    ply: ballot.id.ply,
                    deadline,
                }),
                announce: vec![
                    Announcement::BallotExtended {
                        ply: ballot.id.ply,
                        deadline,
                    }
                    .to_outbox(),
                ],
                at: now,
                ..Transition::default()
            }
        } else {
            Transition {
                expected_version: game.version,
                status: Some(GameStatus::Paused),
                ballot: Some(BallotChange::Abandon { ply: ballot.id.ply }),
                announce: vec![
                    Announcement::GamePaused {
                        ply: ballot.id.ply,
                        reason: "nobody voted".into(),
                    }
                    .to_outbox(),
                ],
                at: now,
                ..Transition::default()
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn plan_close(
        &self,
        game: &GameRow,
        ballot: &BallotRow,
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
        let closed = Announcement::BallotClosed {
            ply: ballot.id.ply,
            winner: played,
            votes,
            total,
            tie_broken,
        };
        // If the community decides again (a second action), the next ballot
        // opens in this same transaction; otherwise the engine's step follows.
        let mut change = self
            .plan_step(game, position, ballot.id.ply + 1, vec![community_move])
            .await?;
        change.expected_version = game.version;
        change.ballot = Some(BallotChange::Close {
            ply: ballot.id.ply,
            winner,
            tally,
            tie_broken,
        });
        change.announce.insert(0, closed.to_outbox());
        change.at = now;
        Ok(change)
    }

    /// Plays every decision that is not the community's (engine, dice) from
    /// `game` at `ply`, after `moves` already decided, and plans the write:
    /// those moves, then either the next ballot or the end of the game.
    async fn plan_step(
        &self,
        row: &GameRow,
        mut game: AnyGame,
        mut ply: u32,
        mut moves: Vec<NewMove>,
    ) -> Result<Transition, ServiceError> {
        let now = self.now();
        let mut replies = Vec::new();
        let last_move = |moves: &[NewMove]| moves.last().map(|m| m.notation.clone());
        loop {
            match game.to_decide() {
                None => {
                    let outcome = game
                        .outcome()
                        .expect("a game with nobody to decide is over");
                    return Ok(Transition {
                        expected_version: row.version,
                        position: Some(game.position()),
                        status: Some(GameStatus::Finished),
                        outcome: Some(outcome.clone()),
                        announce: vec![
                            Announcement::GameFinished {
                                replies,
                                position: game.position(),
                                outcome,
                            }
                            .to_outbox(),
                        ],
                        moves,
                        at: now,
                        ..Transition::default()
                    });
                }
                Some(Decider::Seat(seat)) if row.community_seats.contains(&seat.0) => {
                    let legal = game.legal_notations();
                    let seed = decision_seed(row.seed, ply);
                    let ranking = self.rank(&game, seed).await?;
                    let featured = ballot::featured(&legal, &ranking);
                    let deadline = now + row.vote_ms;
                    let opened = Announcement::BallotOpened {
                        ply,
                        position: game.position(),
                        deadline,
                        featured: featured.clone(),
                        legal_count: legal.len(),
                        replies,
                        last_move: last_move(&moves),
                    };
                    return Ok(Transition {
                        expected_version: row.version,
                        position: Some(game.position()),
                        open_ballot: Some(NewBallot {
                            ply,
                            seat: seat.0,
                            legal,
                            ranking,
                            featured,
                            deadline,
                        }),
                        announce: vec![opened.to_outbox()],
                        moves,
                        at: now,
                        ..Transition::default()
                    });
                }
                Some(decider) => {
                    let seed = decision_seed(row.seed, ply);
                    let (notation, decided_by, seat) = match decider {
                        Decider::Chance => (sample_chance(&game, seed), DecidedBy::Chance, None),
                        Decider::Seat(seat) => (
                            self.choose(&game, &row.level, seed).await?,
                            DecidedBy::Engine,
                            Some(seat.0),
                        ),
                    };
                    let played = game.play_notation(&notation).map_err(|e| {
                        Failure::Inconsistent(format!("engine move {notation}: {e}"))
                    })?;
                    replies.push(played.clone());
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
    }

    /// Finishes an interrupted step: an active game with no open ballot gets
    /// its engine replies and next ballot. Idempotent.
    ///
    /// # Errors
    /// Storage or engine failures.
    pub async fn advance(&self, id: GameId) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let Some(row) = self.store.game(id).await? else {
                return Ok(());
            };
            if row.status != GameStatus::Active {
                return Ok(());
            }
            if let Some(ballot) = self.store.current_ballot(id).await?
                && ballot.status == BallotStatus::Open
            {
                return Ok(());
            }
            let game = load(&row)?;
            let change = self.plan_step(&row, game, row.ply, Vec::new()).await?;
            match self.store.apply(id, &change).await {
                Ok(()) => {
                    self.forget_ballot(&row.channel);
                    self.deadlines_changed.notify_one();
                    return Ok(());
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("game {id} kept changing while advancing")).into())
    }

    /// After a restart: finishes interrupted steps and closes ballots whose
    /// deadline passed while the process was down. Returns the number of
    /// open ballots left armed.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn recover(&self) -> Result<i64, ServiceError> {
        for id in self.store.games_awaiting_step().await? {
            if let Err(error) = self.advance(id).await {
                tracing::error!(game = id.0, %error, "recovering a game failed");
            }
        }
        self.close_due_ballots().await?;
        self.deadlines_changed.notify_one();
        Ok(self.store.open_ballot_count().await?)
    }

    /// Stops the channel's game for good.
    ///
    /// # Errors
    /// Refused without the right to manage, or with no game.
    pub async fn stop_game(&self, channel: &str, by: &Actor) -> Result<GameId, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "stop a game",
            }
            .into());
        }
        for _ in 0..RETRIES {
            let game = self
                .store
                .live_game(channel)
                .await?
                .ok_or(Refusal::NoGame)?;
            let ballot = self.store.current_ballot(game.id).await?;
            let change = Transition {
                expected_version: game.version,
                status: Some(GameStatus::Stopped),
                ballot: ballot
                    .filter(|b| b.status == BallotStatus::Open)
                    .map(|b| BallotChange::Abandon { ply: b.id.ply }),
                announce: vec![
                    Announcement::GameStopped {
                        by: by.name.clone(),
                    }
                    .to_outbox(),
                ],
                at: self.now(),
                ..Transition::default()
            };
            self.forget_ballot(channel);
            match self.store.apply(game.id, &change).await {
                Ok(()) => return Ok(game.id),
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!(
            "the game in {channel} kept changing while stopping"
        ))
        .into())
    }

    /// Resumes a paused game: its ballot opens again for a full vote.
    ///
    /// # Errors
    /// Refused without the right to manage, with no game, or when not paused.
    pub async fn resume_game(&self, channel: &str, by: &Actor) -> Result<GameId, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "resume a game",
            }
            .into());
        }
        let game = self
            .store
            .live_game(channel)
            .await?
            .ok_or(Refusal::NoGame)?;
        if game.status != GameStatus::Paused {
            return Err(Refusal::NotPaused.into());
        }
        let ballot = self.store.current_ballot(game.id).await?.ok_or_else(|| {
            Failure::Inconsistent(format!("paused game {} has no ballot", game.id))
        })?;
        let deadline = self.now() + game.vote_ms;
        let change = Transition {
            expected_version: game.version,
            status: Some(GameStatus::Active),
            ballot: Some(BallotChange::Reopen {
                ply: ballot.id.ply,
                deadline,
            }),
            announce: vec![
                Announcement::GameResumed {
                    ply: ballot.id.ply,
                    deadline,
                }
                .to_outbox(),
                Announcement::BallotOpened {
                    ply: ballot.id.ply,
                    position: game.position.clone(),
                    deadline,
                    featured: ballot.featured.clone(),
                    legal_count: ballot.legal.len(),
                    replies: Vec::new(),
                    last_move: None,
                }
                .to_outbox(),
            ],
            at: self.now(),
            ..Transition::default()
        };
        match self.store.apply(game.id, &change).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Err(Refusal::NotPaused.into()),
            Err(e) => return Err(e.into()),
        }
        self.forget_ballot(channel);
        self.deadlines_changed.notify_one();
        Ok(game.id)
    }

    /// The channel's live game (or its latest one) with the open ballot's tally.
    ///
    /// # Errors
    /// Refused when the channel never had a game.
    pub async fn status(&self, channel: &str) -> Result<GameView, ServiceError> {
        let game = match self.store.live_game(channel).await? {
            Some(game) => game,
            None => self
                .store
                .latest_game(channel)
                .await?
                .ok_or(Refusal::NoGame)?,
        };
        let ballot = self.store.current_ballot(game.id).await?;
        let mut tally = match &ballot {
            Some(b) => self.store.tally(b.id).await?,
            None => Vec::new(),
        };
        tally.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then_with(|| natural_key(&a.0).cmp(&natural_key(&b.0)))
        });
        Ok(GameView {
            game,
            ballot,
            tally,
        })
    }

    /// The whole game as a replayable record.
    ///
    /// # Errors
    /// Storage failures; refused for an unknown game.
    pub async fn game_record(&self, id: GameId) -> Result<GameRecord, ServiceError> {
        let game = self.store.game(id).await?.ok_or(Refusal::NoGame)?;
        let moves = self.store.moves(id).await?;
        Ok(GameRecord {
            game: game.kind,
            rules: game.rules,
            start: game.start_position,
            moves: moves.into_iter().map(|m| m.notation).collect(),
        })
    }

    async fn choose(&self, game: &AnyGame, level: &str, seed: u64) -> Result<String, ServiceError> {
        let opponent = self.opponent.clone();
        let (game, level) = (game.clone(), level.to_string());
        tokio::task::spawn_blocking(move || opponent.choose(&game, &level, seed))
            .await
            .map_err(|e| Failure::Engine(e.to_string()).into())
    }

    async fn rank(&self, game: &AnyGame, seed: u64) -> Result<Vec<String>, ServiceError> {
        let opponent = self.opponent.clone();
        let game = game.clone();
        tokio::task::spawn_blocking(move || opponent.rank(&game, RANKED_MOVES, seed))
            .await
            .map_err(|e| Failure::Engine(e.to_string()).into())
    }
}

fn load(game: &GameRow) -> Result<AnyGame, ServiceError> {
    AnyGame::from_position(game.kind, &game.rules, &game.position)
        .map_err(|e| Failure::Inconsistent(format!("game {}: {e}", game.id)).into())
}

fn sample_chance(game: &AnyGame, seed: u64) -> String {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    game.sample_chance(&mut rng)
}

/// The stored row a new game will have, for planning its first step.
fn row_view(game: &NewGame) -> GameRow {
    GameRow {
        id: GameId(0),
        channel: game.channel.clone(),
        kind: game.kind,
        rules: game.rules.clone(),
        start_position: game.start_position.clone(),
        position: game.start_position.clone(),
        ply: 0,
        version: 0,
        status: GameStatus::Active,
        seed: game.seed,
        level: game.level.clone(),
        vote_ms: game.vote_ms,
        max_extensions: game.max_extensions,
        community_seats: game.community_seats.clone(),
        started_by: game.started_by.clone(),
        created_at: game.created_at,
        finished_at: None,
        outcome: None,
    }
}

/// "1 hour", "10 minutes", "30 seconds", "7 days".
pub fn human_duration(millis: Millis) -> String {
    let seconds = millis / 1000;
    let (value, unit) = match seconds {
        s if s % 86_400 == 0 && s > 0 => (s / 86_400, "day"),
        s if s % 3_600 == 0 && s > 0 => (s / 3_600, "hour"),
        s if s % 60 == 0 && s > 0 => (s / 60, "minute"),
        s => (s, "second"),
    };
    format!("{value} {unit}{}", if value == 1 { "" } else { "s" })
}
