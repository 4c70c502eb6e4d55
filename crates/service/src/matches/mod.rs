//! Matches: players against each other (2 to 4 seats) or against the
//! engine, with a time limit per decision and Glicko-2 ratings.
//!
//! This file holds the start of a match and what status commands read;
//! `challenges.rs` invites players and starts the match once all have
//! accepted; `moves.rs` plays decisions, resignations and timeouts;
//! `rating.rs` turns a result into new ratings. A match is a game row like
//! a community game's, so its moves, replays and announcements reuse that
//! machinery; every change is one version-guarded store transition. A
//! match has no ballots, so none of this is the turns' clockwork
//! (`turns/`): a match's timers are its own (`moves.rs`).

mod announce;
mod challenges;
mod moves;
mod rating;
pub(crate) mod refusals;

pub use announce::{MatchAnnouncement, SeatLabel, rated_key, versus_line};
pub use challenges::{Acceptance, CHALLENGE_MS, ChallengeRequest};
pub use moves::MoveReceipt;

use super::seeds::seeded_rng;
use super::{Refusal, ServiceError};
use crate::MatchRefusal;
use holotable_games::{AnyGame, Decider, GameKind, RulesJson, Seat};
use holotable_store::{
    BallotFormat, ChallengeId, GameId, GameState, GameStatus, MatchSeat, MatchState, Millis,
    NewGame, NewMatch, PlayerRating, PlayerRef, StoreError,
};

/// The door to matches: `service.matches().challenge(..)`.
#[derive(Clone, Copy)]
pub struct Matches<'a>(pub(crate) &'a crate::Service);

const MINUTE: Millis = 60_000;
const HOUR: Millis = 60 * MINUTE;
/// Each decision's time when the challenge names none.
pub const DEFAULT_TURN_MS: Millis = 24 * HOUR;
pub const MIN_TURN_MS: Millis = MINUTE;
pub const MAX_TURN_MS: Millis = 14 * 24 * HOUR;

#[derive(Clone, Debug)]
pub struct EngineMatchRequest {
    pub channel: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub by: PlayerRef,
    pub level: Option<String>,
    pub turn_ms: Option<Millis>,
    pub seed: Option<u64>,
}

/// A match as status commands show it.
#[derive(Clone, Debug)]
pub struct MatchView {
    pub game: GameState,
    pub info: MatchState,
    /// The seat to decide and its player; `None` when the engine or dice
    /// are to decide, or the match is over.
    pub waiting: Option<MatchSeat>,
    /// The waiting player's legal moves, in the game's order.
    pub legal: Vec<String>,
}

impl MatchView {
    pub fn is_live(&self) -> bool {
        self.game.status == GameStatus::Active
    }

    /// The seat `player` holds, if any.
    pub fn seat_of(&self, player: &str) -> Option<&MatchSeat> {
        self.info
            .seats
            .iter()
            .find(|s| s.player.as_deref() == Some(player))
    }
}

impl Matches<'_> {
    /// The level of the engine's seats in a match when none is asked for:
    /// the bot's default, except that `adaptive` follows a channel's
    /// results and a match has no channel side, so it gets the level a new
    /// channel starts at.
    fn match_default_level(self) -> String {
        if self.0.settings.level == super::adaptive::ADAPTIVE {
            super::adaptive::START_LEVEL.as_str().to_string()
        } else {
            self.0.settings.level.clone()
        }
    }

    /// Starts a match against the engine (never rated); the player's seat
    /// is drawn by lot.
    ///
    /// # Errors
    /// Refused for a bad level, turn time or rules, or a player already in
    /// a match in the channel.
    pub async fn play_engine(self, request: EngineMatchRequest) -> Result<GameId, ServiceError> {
        let turn_ms = self.check_turn(request.turn_ms)?;
        let level = request.level.unwrap_or_else(|| self.match_default_level());
        if !self.0.opponent.knows_level(&level) {
            return Err(Refusal::UnknownLevel { level }.into());
        }
        self.ensure_free(&request.by, &request.channel).await?;
        let seed = request.seed.unwrap_or_else(rand::random);
        let game = new_position(request.kind, &request.rules, seed)?;
        let mut rng = seeded_rng(seed);
        let human = rand::Rng::random_range(&mut rng, 0..game.seat_count());
        let seats = Seat::all(game.seat_count())
            .map(|seat| MatchSeat {
                seat: seat.0,
                player: (seat.index() == human).then(|| request.by.id.clone()),
                name: if seat.index() == human {
                    request.by.name.clone()
                } else {
                    "the engine".to_string()
                },
                rating_before: None,
                rating_after: None,
            })
            .collect();
        let start = MatchStart {
            channel: request.channel,
            seed,
            level,
            started_by: request.by.id.clone(),
            turn_ms,
            seats,
            rated: false,
        };
        self.start_match(None, game, start).await
    }

    async fn start_match(
        self,
        challenge: Option<(ChallengeId, &[String])>,
        game: AnyGame,
        start: MatchStart,
    ) -> Result<GameId, ServiceError> {
        let row = NewGame {
            channel: start.channel.clone(),
            kind: game.kind(),
            rules: game.rules_json(),
            start_position: game.position(),
            seed: start.seed,
            level: start.level.clone(),
            vote_ms: start.turn_ms,
            max_extensions: 0,
            community_seats: Vec::new(),
            ballot_format: BallotFormat::default(),
            deliberation: Default::default(),
            started_by: start.started_by.clone(),
            created_at: self.0.now(),
            sides: Vec::new(),
        };
        let info = MatchState {
            game: GameId(0),
            challenge: challenge.map(|(c, _)| c),
            turn_ms: start.turn_ms,
            rated: start.rated,
            deadline: None,
            reminded: false,
            next_at: None,
            end_reason: None,
            seats: start.seats.clone(),
        };
        let view = crate::games::row_view(&row);
        let started = MatchAnnouncement::MatchStarted {
            kind: game.kind(),
            seats: info.seats.iter().map(|s| label(&game, s)).collect(),
            rated: start.rated,
            turn_ms: start.turn_ms,
            level: (!start.rated).then(|| start.level.clone()),
        };
        // The engine's first moves are written later (`advance_match`), so
        // starting never waits on it.
        let mut plan = self
            .0
            .plan_match(&view, &info, game, 0, Vec::new(), false)
            .await?;
        plan.change.announce.insert(0, started.to_outbox());
        let id = match self
            .0
            .store
            .start_match(
                &NewMatch {
                    challenge,
                    game: &row,
                    seats: &start.seats,
                    turn_ms: start.turn_ms,
                    rated: start.rated,
                },
                &plan.change,
                plan.timers,
            )
            .await
        {
            Ok(id) => id,
            Err(StoreError::PlayerBusy { player }) => {
                return Err(MatchRefusal::PlayerBusy { player }.into());
            }
            Err(e) => return Err(e.into()),
        };
        tracing::info!(game = id.0, kind = %row.kind, rated = start.rated, "match started");
        self.0.deadlines_changed.notify_one();
        // The match stands even if the engine fails now: its retry timer
        // asks again.
        if plan.engine_next
            && let Err(error) = self.0.advance_match(id).await
        {
            tracing::error!(game = id.0, %error, "the engine's first move failed; will retry");
        }
        Ok(id)
    }

    /// A match as it stands.
    ///
    /// # Errors
    /// Refused for a game that is not a match.
    pub async fn view(self, game: GameId) -> Result<MatchView, ServiceError> {
        let info = self
            .0
            .store
            .match_row(game)
            .await?
            .ok_or(Refusal::Match(MatchRefusal::NoMatch))?;
        let row = self
            .0
            .store
            .game(game)
            .await?
            .ok_or(Refusal::Match(MatchRefusal::NoMatch))?;
        let position = crate::games::load(&row)?;
        let waiting = match position.to_decide() {
            Some(Decider::Seat(seat)) if row.status == GameStatus::Active => info
                .seats
                .iter()
                .find(|s| s.seat == seat.0 && s.player.is_some())
                .cloned(),
            _ => None,
        };
        let legal = if waiting.is_some() {
            position.legal_notations()
        } else {
            Vec::new()
        };
        Ok(MatchView {
            game: row,
            info,
            waiting,
            legal,
        })
    }

    /// The player's live match in `channel`, else their latest one there.
    ///
    /// # Errors
    /// Refused when they never played a match in the channel.
    pub async fn of(self, channel: &str, player: &str) -> Result<MatchView, ServiceError> {
        let id = self
            .0
            .store
            .match_of(player, channel)
            .await?
            .ok_or(Refusal::Match(MatchRefusal::NoMatch))?;
        self.view(id).await
    }

    /// The channels where `player` has a live match, newest first: the
    /// platform may know that one of them (a thread) belongs to the channel
    /// the player asked in.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn live_channels(self, player: &str) -> Result<Vec<String>, ServiceError> {
        Ok(self.0.store.live_match_channels(player).await?)
    }

    /// The best rated players of a game.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn leaderboard(
        self,
        kind: GameKind,
        limit: i64,
    ) -> Result<Vec<PlayerRating>, ServiceError> {
        let rows = self.0.store.leaderboard(kind, limit).await?;
        Ok(rows.into_iter().map(PlayerRating::from).collect())
    }

    /// A player's rating and record in each game they played rated.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn profile(self, player: &str) -> Result<Vec<PlayerRating>, ServiceError> {
        let rows = self.0.store.ratings_of(player).await?;
        Ok(rows.into_iter().map(PlayerRating::from).collect())
    }

    fn check_turn(self, turn_ms: Option<Millis>) -> Result<Millis, ServiceError> {
        let turn_ms = turn_ms.unwrap_or(DEFAULT_TURN_MS);
        if (MIN_TURN_MS..=MAX_TURN_MS).contains(&turn_ms) {
            Ok(turn_ms)
        } else {
            Err(MatchRefusal::TurnLength {
                min: MIN_TURN_MS,
                max: MAX_TURN_MS,
            }
            .into())
        }
    }

    async fn ensure_free(self, player: &PlayerRef, channel: &str) -> Result<(), ServiceError> {
        if let Some(id) = self.0.store.match_of(&player.id, channel).await?
            && let Some(game) = self.0.store.game(id).await?
            && game.status == GameStatus::Active
        {
            return Err(MatchRefusal::PlayerBusy {
                player: player.name.clone(),
            }
            .into());
        }
        Ok(())
    }
}

/// What a new match is made of, besides its position.
struct MatchStart {
    channel: String,
    seed: u64,
    level: String,
    started_by: String,
    turn_ms: Millis,
    seats: Vec<MatchSeat>,
    rated: bool,
}

fn new_position(kind: GameKind, rules: &RulesJson, seed: u64) -> Result<AnyGame, ServiceError> {
    let mut rng = seeded_rng(seed);
    AnyGame::new_game(kind, rules, &mut rng).map_err(|e| {
        Refusal::BadRules {
            detail: e.to_string(),
        }
        .into()
    })
}

fn label(game: &AnyGame, seat: &MatchSeat) -> SeatLabel {
    SeatLabel {
        seat: seat.seat,
        seat_name: game.seat_name(Seat(seat.seat)).to_string(),
        player: seat.player.as_ref().map(|id| PlayerRef {
            id: id.clone(),
            name: seat.name.clone(),
        }),
    }
}
