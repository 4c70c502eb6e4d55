//! The daily puzzle: a position where one move wins, posted with the
//! Gamer of the Day at the server's time and voted on by the community,
//! then revealed with the share of voters who found it; and the same
//! puzzles solved privately by each member, rated with Glicko-2.
//!
//! The puzzles are shipped data, made and checked by the games crate
//! (`holotable_games::puzzle`); this module decides which a server sees
//! when, and keeps the promises: a round is claimed once per server and
//! local date with its post (the daily pass, `upkeep/daily.rs`, calls
//! [`Service::claim_puzzle`] and [`Service::settle_puzzles`]), a
//! vote counts once and only while the round is open, and a reveal is
//! queued once with every vote taken before it. `solve.rs` has the
//! private tries, `words.rs` what is said.

pub(crate) mod refusals;
mod solve;
mod words;

pub use solve::{
    Answered, PuzzleChoice, PuzzleStanding, SolveStatus, SolveView, puzzle_candidates,
};
pub use words::{
    PuzzlePost, PuzzleReveal, heading as puzzle_heading, line_text as puzzle_line,
    task as puzzle_task, why as puzzle_why,
};

use crate::gotd::Active;
use crate::{Actor, Announcement, BoardImage, Failure, Refusal, Service, ServiceError};
use crate::{DailyRefusal, PuzzleRefusal};
use holotable_games::GameKind;
use holotable_games::puzzle::{self, Puzzle};
use holotable_i18n::Lang;
use holotable_model::Millis;
use holotable_render::Overlay;
use holotable_store::{NewPuzzleRound, PuzzleSettings, PuzzleVote};
use jiff::civil::Date;

/// The door to the daily puzzle: `service.puzzles().open(..)`.
#[derive(Clone, Copy)]
pub struct Puzzles<'a>(pub(crate) &'a crate::Service);

const HOUR: Millis = 3_600_000;
/// How long the community's vote stays open unless the server says.
pub const DEFAULT_PUZZLE_HOURS: u32 = 12;
/// The longest vote asked for; a round claimed late is also cut short so
/// that it ends before the next day's opens.
pub const MAX_PUZZLE_HOURS: u32 = 23;

/// `/puzzle daily`, in the service's words.
#[derive(Clone, Debug)]
pub struct PuzzleSetup {
    pub server: String,
    pub channel: String,
    /// `None` rotates through the games, a day each.
    pub game: Option<GameKind>,
    pub hours: Option<u32>,
    pub by: Actor,
}

/// What a setup decided, for the adapter to confirm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzlePlan {
    pub channel: String,
    pub game: Option<GameKind>,
    pub hours: u32,
    /// The daily post's time and zone, which the puzzle goes out with.
    pub post_time: String,
    pub time_zone: String,
}

/// A member's vote on the day's puzzle, as the service took it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleVoted {
    Counted {
        mv: String,
        closes_at: Millis,
    },
    Changed {
        from: String,
        mv: String,
        closes_at: Millis,
    },
    Unchanged {
        mv: String,
        closes_at: Millis,
    },
}

/// The puzzle a shipped id names, or the inconsistency of a stored one.
pub(crate) fn shipped(id: &str) -> Result<&'static Puzzle, ServiceError> {
    puzzle::by_id(id)
        .ok_or_else(|| Failure::Inconsistent(format!("puzzle {id} is no longer shipped")).into())
}

impl Puzzles<'_> {
    /// Turns the daily puzzle on (or changes it) for a server whose daily
    /// post is set up; it goes out with that post, and today's at once
    /// when today's time has passed.
    ///
    /// # Errors
    /// Refused for non-managers, hours out of range, or a server without
    /// the daily post.
    pub async fn set_up(self, setup: PuzzleSetup) -> Result<PuzzlePlan, ServiceError> {
        setup.by.must_manage("set-up-puzzles")?;
        let hours = setup.hours.unwrap_or(DEFAULT_PUZZLE_HOURS);
        if !(1..=MAX_PUZZLE_HOURS).contains(&hours) {
            return Err(PuzzleRefusal::PuzzleHours {
                hours: i64::from(hours),
                max: i64::from(MAX_PUZZLE_HOURS),
            }
            .into());
        }
        let active = self
            .0
            .active(&setup.server)
            .await
            .map_err(|error| match error {
                ServiceError::Refused(Refusal::Daily(DailyRefusal::NoDailyPost)) => {
                    PuzzleRefusal::PuzzleNeedsDaily.into()
                }
                other => other,
            })?;
        self.0
            .servers()
            .note_channel_server(&setup.channel, &setup.server)
            .await?;
        self.0
            .store
            .set_puzzle_settings(&PuzzleSettings {
                server: setup.server.clone(),
                channel: setup.channel.clone(),
                game: setup.game.map(|g| g.as_str().to_string()),
                hours: i64::from(hours),
                configured_at: self.0.now(),
            })
            .await?;
        self.0.daily_scan.forget();
        self.0.deadlines_changed.notify_one();
        Ok(PuzzlePlan {
            channel: setup.channel,
            game: setup.game,
            hours,
            post_time: active.settings.post_time.clone(),
            time_zone: active.settings.time_zone.clone(),
        })
    }

    /// Turns the daily puzzle off; whether it was on. A round already
    /// posted is still revealed at its time.
    ///
    /// # Errors
    /// Refused for non-managers.
    pub async fn off(self, by: &Actor, server: &str) -> Result<bool, ServiceError> {
        by.must_manage("turn-off-puzzles")?;
        let was_on = self.0.store.remove_puzzle_settings(server).await?;
        self.0.daily_scan.forget();
        Ok(was_on)
    }

    /// Whether the server has the daily puzzle on.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn is_on(self, server: &str) -> Result<bool, ServiceError> {
        Ok(self.0.store.puzzle_settings(server).await?.is_some())
    }

    /// `/puzzle reveal`: closes today's vote now and reveals the answer.
    ///
    /// # Errors
    /// Refused for non-managers, or when no round is open.
    pub async fn reveal_now(self, by: &Actor, server: &str) -> Result<(), ServiceError> {
        by.must_manage("reveal-puzzle")?;
        let round = self.0.store.latest_puzzle_round(server).await?;
        match round {
            Some(round) if round.revealed_at.is_none() => {
                if self
                    .reveal(server, &round.local_date, self.0.now(), true)
                    .await?
                {
                    self.0.daily_scan.forget();
                    return Ok(());
                }
                Err(PuzzleRefusal::NoOpenPuzzle.into())
            }
            _ => Err(PuzzleRefusal::NoOpenPuzzle.into()),
        }
    }

    async fn reveal(
        self,
        server: &str,
        date: &str,
        now: Millis,
        early: bool,
    ) -> Result<bool, ServiceError> {
        let revealed = self
            .0
            .store
            .reveal_puzzle_round(server, date, now, early, |round, tally| {
                Announcement::PuzzleRevealed {
                    reveal: PuzzleReveal {
                        server: server.to_string(),
                        date: date.to_string(),
                        puzzle: round.puzzle.clone(),
                        tally: tally.to_vec(),
                    },
                }
                .to_outbox()
            })
            .await?;
        if let Some((round, tally)) = &revealed {
            let voters: i64 = tally.iter().map(|(_, n)| n).sum();
            tracing::info!(server, date, puzzle = %round.puzzle, voters, "daily puzzle revealed");
        }
        Ok(revealed.is_some())
    }

    /// A member's vote for candidate `choice` (1-based) of the server's
    /// round of `date`, sent at `sent_at` (it counts if sent before the
    /// round closed, though it waited its turn past that).
    ///
    /// # Errors
    /// Refused when the round is closed or the choice is not one of its
    /// candidates.
    pub async fn vote(
        self,
        server: &str,
        date: &str,
        voter: &str,
        choice: usize,
        sent_at: Millis,
    ) -> Result<PuzzleVoted, ServiceError> {
        let Some(round) = self.0.store.puzzle_round(server, date).await? else {
            return Err(PuzzleRefusal::NoOpenPuzzle.into());
        };
        let puzzle = shipped(&round.puzzle)?;
        let candidates = &puzzle.steps[0].candidates;
        let Some(mv) = choice.checked_sub(1).and_then(|i| candidates.get(i)) else {
            return Err(PuzzleRefusal::PuzzleChoice {
                count: candidates.len() as i64,
            }
            .into());
        };
        // Someone who has solved (or missed) it alone knows too much for
        // their vote to say what the community found.
        if let Some(tried) = self.0.store.puzzle_attempt(voter, &round.puzzle).await?
            && tried.status != holotable_store::AttemptStatus::Open
        {
            return Err(PuzzleRefusal::PuzzleTriedAlone.into());
        }
        let closes_at = round.closes_at;
        let mv = mv.clone();
        Ok(
            match self
                .0
                .store
                .vote_puzzle(server, date, voter, &mv, sent_at.min(self.0.now()))
                .await?
            {
                PuzzleVote::Counted => PuzzleVoted::Counted { mv, closes_at },
                PuzzleVote::Changed { from } => PuzzleVoted::Changed {
                    from,
                    mv,
                    closes_at,
                },
                PuzzleVote::Unchanged => PuzzleVoted::Unchanged { mv, closes_at },
                PuzzleVote::Closed => return Err(PuzzleRefusal::NoOpenPuzzle.into()),
            },
        )
    }

    /// Where a round's post is, once posted, so its reveal takes the
    /// voting buttons down.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn note_post(self, server: &str, date: &str, post: &str) -> Result<(), ServiceError> {
        Ok(self.0.store.note_puzzle_post(server, date, post).await?)
    }

    /// The post of a round, if it was posted: what
    /// [`Puzzles::note_post`] noted.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn posted(self, server: &str, date: &str) -> Result<Option<String>, ServiceError> {
        Ok(self
            .0
            .store
            .puzzle_round(server, date)
            .await?
            .and_then(|round| round.post))
    }

    /// The board of `puzzle` before answer `step`, with `numbered` moves
    /// drawn as the numbered options a vote or the buttons show.
    ///
    /// # Errors
    /// An unknown puzzle, or a render that failed.
    pub async fn board(
        self,
        puzzle: &str,
        step: usize,
        numbered: bool,
        size: u32,
        lang: Lang,
    ) -> Result<BoardImage, ServiceError> {
        let puzzle = shipped(puzzle)?;
        let render = move || -> Result<BoardImage, Failure> {
            let game = puzzle.game_at(step);
            let featured: Vec<String> = match puzzle.steps.get(step) {
                Some(step) if numbered => step.candidates.clone(),
                _ => Vec::new(),
            };
            let mut overlay = Overlay::new(size).with_lang(lang);
            for (index, mv) in featured.iter().enumerate() {
                let number = u8::try_from(index + 1).unwrap_or(u8::MAX);
                overlay = overlay
                    .with_candidate(&game, number, mv)
                    .map_err(|e| Failure::Inconsistent(e.to_string()))?;
            }
            Ok(BoardImage {
                bytes: holotable_render::board_png(&game, &overlay),
                alt_text: holotable_render::alt_text(&game, None, &featured, lang),
            })
        };
        Ok(tokio::task::spawn_blocking(render)
            .await
            .map_err(|e| Failure::Engine(e.to_string()))??)
    }
}

impl Service {
    /// Claims and queues the server's puzzle of `date` if the server has
    /// the daily puzzle and it was not claimed yet; called with the daily
    /// post, at its time.
    ///
    /// Returns when the new round's vote closes, so the pass that claimed
    /// it wakes for its reveal.
    pub(crate) async fn claim_puzzle(
        &self,
        active: &Active,
        date: Date,
    ) -> Result<Option<Millis>, ServiceError> {
        let server = active.settings.server.as_str();
        let Some(settings) = self.store.puzzle_settings(server).await? else {
            return Ok(None);
        };
        let date_text = date.to_string();
        let game = day_game(&settings, date);
        let candidates = draw_order(server, &date_text, game);
        if candidates.is_empty() {
            tracing::error!(
                server,
                game = game.as_str(),
                "no puzzles shipped for the game"
            );
            return Ok(None);
        }
        let now = self.now();
        // A round claimed late (after downtime) still ends before the next
        // day's opens, so a server has one open vote at a time.
        let next_day = date
            .tomorrow()
            .map_or(Millis::MAX, |tomorrow| active.due(tomorrow));
        let closes_at = (now + settings.hours * HOUR).min(next_day).max(now + 1);
        let claimed = self
            .store
            .claim_puzzle_round(
                &NewPuzzleRound {
                    server,
                    local_date: &date_text,
                    channel: &settings.channel,
                    game: game.as_str(),
                    candidates: &candidates,
                    opened_at: now,
                    closes_at,
                },
                |puzzle| {
                    Announcement::DailyPuzzle {
                        post: PuzzlePost {
                            server: server.to_string(),
                            date: date_text.clone(),
                            puzzle: puzzle.to_string(),
                            closes_at,
                        },
                    }
                    .to_outbox()
                },
            )
            .await?;
        if let Some(puzzle) = &claimed {
            tracing::info!(server, date = %date_text, puzzle, "daily puzzle queued");
        }
        Ok(claimed.map(|_| closes_at))
    }

    /// Whether the server's puzzle of `date` is still to be claimed (a day
    /// whose game has no puzzles has none to claim).
    pub(crate) async fn puzzle_unclaimed(
        &self,
        server: &str,
        date: Date,
    ) -> Result<bool, ServiceError> {
        let Some(settings) = self.store.puzzle_settings(server).await? else {
            return Ok(false);
        };
        let game = day_game(&settings, date);
        Ok(puzzle::shipped().iter().any(|p| p.game == game)
            && self
                .store
                .puzzle_round(server, &date.to_string())
                .await?
                .is_none())
    }

    /// Reveals every round whose vote has closed, in every server (also
    /// one whose daily post was turned off since); returns when the next
    /// open one closes. A reveal that fails is logged and tried again on
    /// the next pass.
    pub(crate) async fn settle_puzzles(&self, now: Millis) -> Result<Option<Millis>, ServiceError> {
        const RETRY_MS: Millis = 5_000;
        let mut next: Option<Millis> = None;
        let mut soonest = |at: Millis| next = Some(next.map_or(at, |n: Millis| n.min(at)));
        let rounds = match self.store.unrevealed_puzzle_rounds().await {
            Ok(rounds) => rounds,
            Err(error) => {
                tracing::error!(%error, "reading the puzzle rounds to reveal failed; retrying soon");
                return Ok(Some(now + RETRY_MS));
            }
        };
        // Votes sent before a due round closed may still wait in a queue of
        // requests, here or in another process: sent in time, they count
        // (as a ballot's close waits).
        let last_due = rounds
            .iter()
            .map(|round| round.closes_at)
            .filter(|closes_at| *closes_at <= now)
            .max();
        if let Some(closed) = last_due {
            match self.requests_settled(closed).await {
                Ok(true) => {}
                Ok(false) => tracing::warn!(
                    "requests sent before this puzzle reveal are still not done; revealing without them"
                ),
                Err(error) => tracing::warn!(
                    %error,
                    "could not read other processes' waiting requests; revealing without them"
                ),
            }
        }
        for round in rounds {
            if round.closes_at > now {
                soonest(round.closes_at);
            } else if let Err(error) = self
                .puzzles()
                .reveal(&round.server, &round.local_date, now, false)
                .await
            {
                tracing::error!(server = %round.server, date = %round.local_date, %error, "revealing a puzzle failed; retrying soon");
                soonest(now + RETRY_MS);
            }
        }
        Ok(next)
    }
}

/// The game of a server's puzzle on `date`: its chosen one, or the day's
/// turn.
fn day_game(settings: &PuzzleSettings, date: Date) -> GameKind {
    settings
        .game
        .as_deref()
        .and_then(|g| g.parse::<GameKind>().ok())
        .unwrap_or_else(|| rotating_game(date))
}

/// With no game chosen, the games take turns by date, so a server sees
/// each in four days.
fn rotating_game(date: Date) -> GameKind {
    const ORDER: [GameKind; 4] = [
        GameKind::SpaceCheckers,
        GameKind::Holochess,
        GameKind::Dejarik,
        GameKind::Djambi,
    ];
    let days = date
        .since(Date::constant(2026, 1, 1))
        .map_or(0, |span| i64::from(span.get_days()));
    ORDER[days.rem_euclid(4) as usize]
}

/// The game's puzzles in the order a server draws them on `date`: the
/// daily post's stable shuffle, so servers see different sequences and a
/// retry on the same date draws the same one.
fn draw_order(server: &str, date: &str, game: GameKind) -> Vec<&'static str> {
    let ids = puzzle::shipped()
        .iter()
        .filter(|p| p.game == game)
        .map(|p| p.id.as_str());
    crate::gotd::draw_order(server, date, ids)
}
