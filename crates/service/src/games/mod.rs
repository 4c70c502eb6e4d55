//! Community games: the use cases behind `/community`.
//!
//! This file holds the game's lifecycle (start, stop, resume, status) and
//! its reads; `board.rs` draws boards and replays, `review.rs` reviews a
//! finished game, `discussion.rs` runs the talk before a vote,
//! `forfeit.rs` resigns a side. Closing ballots and the rest of the
//! ballots' clockwork are `turns/` (`service.turns()`); votes themselves
//! are the `votes/` door's.

mod board;
mod discussion;
mod forfeit;
pub(crate) mod refusals;
pub mod review;
mod side;

pub use board::BoardImage;
pub(crate) use forfeit::Leaving;
pub use side::Side;

use super::ratings::{Rating, Record};
use super::seeds::seeded_rng;
use super::{
    Actor, AdaptiveStart, Announcement, Failure, Refusal, Service, ServiceError, Settings, adaptive,
};
use crate::{GameRefusal, RETRIES};
pub use discussion::MAX_DISCUSS_MS;
pub(crate) use discussion::check_deliberation;
use holotable_games::{AnyGame, GameKind, GameRecord, RulesJson, Seat, natural_cmp};
use holotable_store::{
    BallotChange, BallotFormat, BallotId, BallotState, BallotStatus, Deliberation, GameId,
    GameSide, GameState, GameStatus, Millis, NewGame, PlayedMove, StoreError, Transition,
};

/// The door to community games: `service.games().start(..)`.
#[derive(Clone, Copy)]
pub struct Games<'a>(pub(crate) &'a crate::Service);

#[derive(Clone, Debug)]
pub struct StartGame {
    pub channel: String,
    /// The channel's server, if it has one: a server's members' figures
    /// count the games of its channels.
    pub server: Option<String>,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub vote_ms: Option<Millis>,
    pub level: Option<String>,
    /// The game's seed; drawn at random when absent.
    pub seed: Option<u64>,
    pub by: Actor,
    /// The community's seat; the engine plays the others.
    pub side: Side,
    pub ballot_format: BallotFormat,
    pub deliberation: Deliberation,
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
    pub game: GameState,
    pub ballot: Option<BallotState>,
    /// The open ballot's votes per move; empty while another side of a
    /// shared game votes, which this channel may not see.
    pub tally: Vec<(String, u32)>,
    /// In a shared game, the seats of the side whose ballot is open when
    /// that side votes in another channel.
    pub voting_elsewhere: Option<Vec<String>>,
    /// While the game hides its tally (then `tally` is empty): who voted
    /// on the open ballot, not for what.
    pub voters: Option<Vec<String>>,
}

impl Games<'_> {
    /// Starts a community game in a channel and opens its first ballot.
    ///
    /// # Errors
    /// Refused when the actor may not start games, the channel is busy, or
    /// an option is out of range.
    pub async fn start(self, request: StartGame) -> Result<GameId, ServiceError> {
        if !request.by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "start-game",
            }
            .into());
        }
        let vote_ms = check_vote_length(&self.0.settings, request.vote_ms)?;
        let (deliberation, ballot_format) =
            check_deliberation(request.deliberation, request.ballot_format)?;
        let asked = request
            .level
            .unwrap_or_else(|| self.0.settings.level.clone());
        let (level, adaptive) = self
            .0
            .engine_level(&request.channel, request.kind, asked)
            .await?;
        if let Some(live) = self.0.store.live_game(&request.channel).await? {
            return Err(Refusal::ChannelBusy { game: live.id.0 }.into());
        }
        let seed = request.seed.unwrap_or_else(rand::random);
        let mut setup_rng = seeded_rng(seed);
        let game =
            AnyGame::new_game(request.kind, &request.rules, &mut setup_rng).map_err(|e| {
                Refusal::BadRules {
                    detail: e.to_string(),
                }
            })?;
        let previous = match request.side {
            Side::Alternate => self.0.store.latest_game(&request.channel).await?,
            Side::White | Side::Black => None,
        };
        let community_seats = request.side.seats(previous.as_ref());
        let row = NewGame {
            channel: request.channel.clone(),
            kind: request.kind,
            rules: game.rules_json(),
            start_position: game.position(),
            seed,
            level: level.clone(),
            vote_ms,
            max_extensions: self.0.settings.max_extensions,
            community_seats: community_seats.clone(),
            ballot_format,
            deliberation,
            started_by: request.by.id.clone(),
            created_at: self.0.now(),
            sides: vec![GameSide {
                channel: request.channel.clone(),
                server: request.server.clone(),
                seats: community_seats.clone(),
            }],
        };
        let started = Announcement::GameStarted {
            kind: request.kind,
            level,
            ballot_format,
            adaptive,
            community: community_seats
                .iter()
                .map(|&s| game.seat_name(Seat(s)).to_string())
                .collect(),
            engine: (0..game.seat_count())
                .map(|s| Seat(s as u8))
                .filter(|s| !community_seats.contains(&s.0))
                .map(|s| game.seat_name(s).to_string())
                .collect(),
        };
        // The first step (engine moves, if it starts, and the first ballot)
        // is planned from the start position and written with the game.
        let sides = self.0.label_sides(row.sides.clone(), &game, None).await?;
        let mut first = self
            .0
            .plan_step(&row_view(&row), game, 0, Vec::new(), &sides)
            .await?;
        first.announce.insert(0, started.to_outbox());
        let id = match self.0.store.insert_game(&row, &first).await {
            Ok(id) => id,
            Err(StoreError::ChannelBusy) => {
                let game = self
                    .0
                    .store
                    .live_game(&request.channel)
                    .await?
                    .map_or(0, |g| g.id.0);
                return Err(Refusal::ChannelBusy { game }.into());
            }
            Err(e) => return Err(e.into()),
        };
        self.0.forget_ballot(&request.channel);
        self.0.deadlines_changed.notify_one();
        tracing::info!(game = id.0, channel = %request.channel, kind = %request.kind, "game started");
        Ok(id)
    }

    /// `channel`'s rating against the engine in `kind` and how many games
    /// it counts; the first guess before any.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn engine_rating(
        self,
        channel: &str,
        kind: GameKind,
    ) -> Result<(Rating, i64), ServiceError> {
        Ok(match self.0.store.engine_rating(channel, kind).await? {
            Some(row) => (row.rating(), row.games),
            None => (adaptive::first_rating(kind), 0),
        })
    }

    /// Stops the channel's game for good.
    ///
    /// # Errors
    /// Refused without the right to manage, or with no game.
    pub async fn stop(self, channel: &str, by: &Actor) -> Result<GameId, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "stop-game",
            }
            .into());
        }
        for _ in 0..RETRIES {
            let game = self
                .0
                .store
                .live_game(channel)
                .await?
                .ok_or(Refusal::NoGame)?;
            if self.0.store.sides(game.id).await?.len() > 1 {
                return Err(GameRefusal::SharedGameStop.into());
            }
            let change = self.0.stop_transition(&game, by).await?;
            self.0.forget_ballot(channel);
            match self.0.store.apply(game.id, &change).await {
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
    pub async fn resume(self, channel: &str, by: &Actor) -> Result<GameId, ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "resume-game",
            }
            .into());
        }
        let game = self
            .0
            .store
            .live_game(channel)
            .await?
            .ok_or(Refusal::NoGame)?;
        if game.status != GameStatus::Paused {
            return Err(GameRefusal::NotPaused.into());
        }
        let ballot = self.0.store.current_ballot(game.id).await?.ok_or_else(|| {
            Failure::Inconsistent(format!("paused game {} has no ballot", game.id))
        })?;
        let deadline = self.0.now() + game.vote_ms;
        // Only a game of one channel pauses (a side of a shared game
        // leaves instead), so the channel is the voting one.
        let (_, remind_at) = self.0.calling_for(channel, self.0.now(), deadline).await?;
        let change = Transition {
            expected_version: game.version,
            status: Some(GameStatus::Active),
            ballot: Some(BallotChange::Reopen {
                ply: ballot.id.ply,
                deadline,
                remind_at,
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
                    deciding: load(&game)?.decision(),
                    replies: Vec::new(),
                    last_move: None,
                    // Called when it first opened; a resume is a manager's
                    // doing, not a new ballot.
                    call: None,
                    votes_open_at: None,
                }
                .to_outbox(),
            ],
            at: self.0.now(),
            ..Transition::default()
        };
        match self.0.store.apply(game.id, &change).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => return Err(GameRefusal::NotPaused.into()),
            Err(e) => return Err(e.into()),
        }
        self.0.forget_ballot(channel);
        self.0.deadlines_changed.notify_one();
        Ok(game.id)
    }

    /// The channel's live game (or its latest one) with the open ballot's tally.
    ///
    /// # Errors
    /// Refused when the channel never had a game.
    pub async fn status(self, channel: &str) -> Result<GameView, ServiceError> {
        let game = match self.0.store.live_game(channel).await? {
            Some(game) => game,
            None => self
                .0
                .store
                .latest_game(channel)
                .await?
                .ok_or(Refusal::NoGame)?,
        };
        let ballot = self.0.store.current_ballot(game.id).await?;
        let sides = self.0.store.sides(game.id).await?;
        let voting_side = match &ballot {
            Some(b) if sides.len() > 1 && b.status == BallotStatus::Open => {
                sides.iter().find(|s| s.plays(b.seat))
            }
            _ => None,
        };
        let voting_elsewhere = match voting_side.filter(|s| s.channel != channel) {
            Some(side) => Some(seat_names(&load(&game)?, &side.seats)),
            None => None,
        };
        let hidden = game.deliberation.hidden_tally;
        let (mut tally, voters) = match &ballot {
            Some(_) if voting_elsewhere.is_some() => (Vec::new(), None),
            Some(b) if hidden && b.status == BallotStatus::Open => {
                let votes = self.0.store.votes(b.id).await?;
                (
                    Vec::new(),
                    Some(votes.into_iter().map(|(voter, _)| voter).collect()),
                )
            }
            Some(b) => (self.0.store.tally(b.id).await?, None),
            None => (Vec::new(), None),
        };
        tally.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| natural_cmp(&a.0, &b.0)));
        Ok(GameView {
            game,
            ballot,
            tally,
            voting_elsewhere,
            voters,
        })
    }

    /// The game stored under `id`, community game or match, if any.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn get(self, id: GameId) -> Result<Option<GameState>, ServiceError> {
        Ok(self.0.store.game(id).await?)
    }

    /// Whether game `id` is a match (between players, or a player and the
    /// engine) rather than a community game.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn is_match(self, id: GameId) -> Result<bool, ServiceError> {
        Ok(self.0.store.match_row(id).await?.is_some())
    }

    /// The moves played in game `id`, in order.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn moves(self, id: GameId) -> Result<Vec<PlayedMove>, ServiceError> {
        Ok(self.0.store.moves(id).await?)
    }

    /// A ballot as stored now, open or closed.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn ballot(self, id: BallotId) -> Result<Option<BallotState>, ServiceError> {
        Ok(self.0.store.ballot(id).await?)
    }

    /// Open ballots in the whole database, every process's.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn open_ballot_count(self) -> Result<i64, ServiceError> {
        Ok(self.0.store.open_ballot_count().await?)
    }

    /// The whole game as a replayable record.
    ///
    /// # Errors
    /// Storage failures; refused for an unknown game.
    pub async fn record_of(self, id: GameId) -> Result<GameRecord, ServiceError> {
        let game = self.0.store.game(id).await?.ok_or(Refusal::NoGame)?;
        let moves = self.0.store.moves(id).await?;
        Ok(GameRecord {
            game: game.kind,
            rules: game.rules,
            start: game.start_position,
            moves: moves.into_iter().map(|m| m.notation).collect(),
        })
    }

    /// The latest instant anything of game `id` was written at (a ballot
    /// opened or closed, a move, a vote), if anything was: where a clock
    /// that resumes it must start so the game's history never runs
    /// backwards.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn latest_time(self, id: GameId) -> Result<Option<Millis>, ServiceError> {
        Ok(self.0.store.latest_time(id).await?)
    }
}

impl Service {
    /// The level a game in `channel` asked to be played at `asked` gets:
    /// the level itself, or for the adaptive level the ladder's level
    /// nearest the channel's rating against the engine in `kind`.
    ///
    /// # Errors
    /// Refused for a level the engine does not know; storage failures.
    pub(super) async fn engine_level(
        &self,
        channel: &str,
        kind: GameKind,
        asked: String,
    ) -> Result<(String, Option<AdaptiveStart>), ServiceError> {
        if asked != adaptive::ADAPTIVE {
            if !self.opponent.knows_level(&asked) {
                return Err(Refusal::UnknownLevel { level: asked }.into());
            }
            return Ok((asked, None));
        }
        let (rating, games) = self.games().engine_rating(channel, kind).await?;
        let level = adaptive::level_for(kind, rating);
        Ok((level.as_str().to_string(), Some(AdaptiveStart { games })))
    }
}

/// The vote length asked for, or the default, if it is in the bot's range.
pub(crate) fn check_vote_length(
    settings: &Settings,
    asked: Option<Millis>,
) -> Result<Millis, Refusal> {
    let vote_ms = asked.unwrap_or(settings.vote_ms);
    if !(settings.min_vote_ms..=settings.max_vote_ms).contains(&vote_ms) {
        return Err(Refusal::Game(GameRefusal::VoteLength {
            min: settings.min_vote_ms,
            max: settings.max_vote_ms,
        }));
    }
    Ok(vote_ms)
}

/// The seats' names in `game`, for a label.
pub(crate) fn seat_names(game: &AnyGame, seats: &[u8]) -> Vec<String> {
    seats
        .iter()
        .map(|&s| game.seat_name(Seat(s)).to_string())
        .collect()
}

pub(crate) fn load(game: &GameState) -> Result<AnyGame, ServiceError> {
    AnyGame::from_position(game.kind, &game.rules, &game.position)
        .map_err(|e| Failure::Inconsistent(format!("game {}: {e}", game.id)).into())
}

/// The stored row a new game will have, for planning its first step.
pub(crate) fn row_view(game: &NewGame) -> GameState {
    GameState {
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
        ballot_format: game.ballot_format,
        deliberation: game.deliberation,
        started_by: game.started_by.clone(),
        created_at: game.created_at,
        finished_at: None,
        outcome: None,
    }
}

/// "1 hour", "10 minutes", "30 seconds", "7 days".
pub fn human_duration(millis: Millis) -> String {
    crate::text::duration(holotable_i18n::Lang::En, millis)
}

impl Service {
    /// A live game stopped without a result: its open ballot abandoned,
    /// every side told who stopped it. One shape for a manager's stop and
    /// a league's cancel, so both end a game the same way.
    pub(crate) async fn stop_transition(
        &self,
        game: &GameState,
        by: &Actor,
    ) -> Result<Transition, ServiceError> {
        let ballot = self.store.current_ballot(game.id).await?;
        Ok(Transition {
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
        })
    }
}
