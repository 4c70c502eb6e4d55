//! Puzzles solved privately: a member's try goes one answer at a time, a
//! multi-move puzzle answering with the opponent's reply and asking again;
//! the first try of a puzzle is its only one, rated with Glicko-2 against
//! the puzzle's own rating (as lichess rates puzzles), and it keeps the
//! member's streak of puzzles solved in a row.
//!
//! While a server's community still votes on a puzzle, a wrong private
//! answer is told so without the right line, which would give the vote
//! away; the line comes once that vote is revealed.

use super::Puzzles;
use super::{shipped, words};
use crate::PuzzleRefusal;
use crate::ratings::{self, Rating};
use crate::{ServiceError, text};
use holotable_games::GameKind;
use holotable_games::puzzle::{self, Difficulty, Puzzle, Verdict};
use holotable_i18n::{Lang, t};
use holotable_model::Millis;
use holotable_store::{AttemptRow, AttemptStatus, EndAttempt, StoredRating};
use rand::seq::IndexedRandom;

/// Which puzzle `/puzzle` opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleChoice {
    /// The server's puzzle of the day, or one at the member's level when
    /// the server has none.
    Today,
    /// One the member has not tried, near their rating.
    AtMyLevel { game: Option<GameKind> },
    /// A shipped puzzle by its id: the daily post's "Solve it alone"
    /// button names its own.
    Named(String),
}

/// A puzzle as one member sees it now.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveView {
    pub puzzle: String,
    /// The answer wanted next (0-based); the puzzle's length once ended.
    pub step: usize,
    pub status: SolveStatus,
    /// The opponent's reply to the answer just given, if any.
    pub reply: Vec<String>,
    /// The server's vote on this puzzle is open until then: the line is
    /// not shown before.
    pub hidden_until: Option<Millis>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveStatus {
    Open,
    Solved,
    Failed,
}

/// What an answer did.
#[derive(Clone, Debug, PartialEq)]
pub enum Answered {
    /// Right, and there is more to find: the view after the reply.
    Next(SolveView),
    /// Right, and the puzzle is solved.
    Solved {
        view: SolveView,
        rating: (f64, f64),
        streak: i64,
    },
    /// A legal move that is not the answer: the try ends.
    Wrong {
        view: SolveView,
        tried: String,
        rating: (f64, f64),
    },
    /// Not a move of the position: nothing changes.
    NotAMove(SolveView),
    /// The try had already moved on (an old button, a double click).
    Stale(SolveView),
}

/// A member's puzzle rating and record.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleStanding {
    pub member: String,
    pub rating: f64,
    pub solved: i64,
    pub failed: i64,
    pub streak: i64,
    pub best_streak: i64,
}

fn status_of(row: &AttemptRow) -> SolveStatus {
    match row.status {
        AttemptStatus::Open => SolveStatus::Open,
        AttemptStatus::Solved => SolveStatus::Solved,
        AttemptStatus::Failed => SolveStatus::Failed,
    }
}

fn rating_of(stored: Option<StoredRating>, default: Rating) -> Rating {
    stored.map_or(default, |s| Rating {
        rating: s.rating,
        deviation: s.deviation,
        volatility: s.volatility,
    })
}

fn stored(rating: Rating) -> StoredRating {
    StoredRating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

/// A puzzle's rating before anyone has tried it: its difficulty's, as
/// unsure as a new player's.
fn unrated_puzzle(puzzle: &Puzzle) -> Rating {
    Rating {
        rating: puzzle.difficulty.rating(),
        ..Rating::default()
    }
}

impl Puzzles<'_> {
    /// Opens a puzzle for `member` alone: starts their try, or shows the
    /// one they have of it.
    ///
    /// # Errors
    /// When the store fails, or the member has tried every puzzle asked
    /// for.
    pub async fn open(
        self,
        member: &str,
        server: &str,
        choice: PuzzleChoice,
    ) -> Result<SolveView, ServiceError> {
        let id = match choice {
            PuzzleChoice::Today => match self.todays_puzzle(server).await? {
                Some(id) => id,
                None => self.puzzle_at_level(member, None).await?,
            },
            PuzzleChoice::AtMyLevel { game } => self.puzzle_at_level(member, game).await?,
            PuzzleChoice::Named(id) => shipped(&id)?.id.clone(),
        };
        let row = self
            .0
            .store
            .start_puzzle_attempt(member, &id, server, self.0.now())
            .await?;
        self.view_of(&row, Vec::new()).await
    }

    /// The server's newest round's puzzle, if the server has had one today
    /// or yesterday (a round older than that is no longer "today's").
    async fn todays_puzzle(self, server: &str) -> Result<Option<String>, ServiceError> {
        const TWO_DAYS: Millis = 48 * 3_600_000;
        Ok(self
            .0
            .store
            .latest_puzzle_round(server)
            .await?
            .filter(|round| self.0.now() - round.opened_at < TWO_DAYS)
            .map(|round| round.puzzle))
    }

    /// A puzzle the member has not tried, of the difficulty nearest their
    /// rating that has one left, drawn at random.
    async fn puzzle_at_level(
        self,
        member: &str,
        game: Option<GameKind>,
    ) -> Result<String, ServiceError> {
        let rating = self
            .0
            .store
            .puzzle_player(member)
            .await?
            .map_or(Rating::default().rating, |p| p.rating.rating);
        let tried: std::collections::HashSet<String> = self
            .0
            .store
            .tried_puzzles(member)
            .await?
            .into_iter()
            .collect();
        let mut difficulties = Difficulty::ALL.to_vec();
        difficulties.sort_by(|a, b| {
            (a.rating() - rating)
                .abs()
                .total_cmp(&(b.rating() - rating).abs())
        });
        for difficulty in difficulties {
            let left: Vec<&Puzzle> = puzzle::shipped()
                .iter()
                .filter(|p| p.difficulty == difficulty)
                .filter(|p| game.is_none_or(|g| p.game == g))
                .filter(|p| !tried.contains(&p.id))
                .collect();
            if let Some(puzzle) = left.choose(&mut rand::rng()) {
                return Ok(puzzle.id.clone());
            }
        }
        Err(PuzzleRefusal::NoPuzzleLeft.into())
    }

    async fn view_of(
        self,
        row: &AttemptRow,
        reply: Vec<String>,
    ) -> Result<SolveView, ServiceError> {
        let hidden_until = self
            .0
            .store
            .unrevealed_puzzle_rounds_of(&row.server)
            .await?
            .into_iter()
            .find(|round| round.puzzle == row.puzzle)
            .map(|round| round.closes_at);
        Ok(SolveView {
            puzzle: row.puzzle.clone(),
            step: row.step as usize,
            status: status_of(row),
            reply,
            hidden_until,
        })
    }

    /// Answers the member's try: of `puzzle` at `step` when a button says
    /// which, else their newest open try.
    ///
    /// # Errors
    /// Refused when the member has no open try.
    pub async fn answer(
        self,
        member: &str,
        at: Option<(&str, u32)>,
        answer: &str,
    ) -> Result<Answered, ServiceError> {
        let row = match at {
            Some((puzzle, _)) => self.0.store.puzzle_attempt(member, puzzle).await?,
            None => self.0.store.open_puzzle_attempt(member).await?,
        };
        let Some(row) = row else {
            return Err(PuzzleRefusal::NoPuzzleTry.into());
        };
        if row.status != AttemptStatus::Open || at.is_some_and(|(_, step)| step != row.step) {
            return Ok(Answered::Stale(self.view_of(&row, Vec::new()).await?));
        }
        let puzzle = shipped(&row.puzzle)?;
        let step = row.step as usize;
        let verdict = match puzzle.judge(step, answer) {
            Ok(verdict) => verdict,
            Err(_) => {
                return Ok(Answered::NotAMove(self.view_of(&row, Vec::new()).await?));
            }
        };
        let last = step + 1 == puzzle.steps.len();
        match verdict {
            Verdict::Right if !last => {
                if !self
                    .0
                    .store
                    .advance_puzzle_attempt(member, &row.puzzle, row.step)
                    .await?
                {
                    let now = self.0.store.puzzle_attempt(member, &row.puzzle).await?;
                    let now = now.unwrap_or(row);
                    return Ok(Answered::Stale(self.view_of(&now, Vec::new()).await?));
                }
                let moved = AttemptRow {
                    step: row.step + 1,
                    ..row
                };
                let reply = puzzle.steps[step].reply.clone();
                Ok(Answered::Next(self.view_of(&moved, reply).await?))
            }
            Verdict::Right => self.end_try(&row, puzzle, None).await,
            Verdict::Wrong => {
                let tried = puzzle
                    .game_at(step)
                    .play_notation(answer)
                    .unwrap_or_else(|_| answer.trim().to_string());
                self.end_try(&row, puzzle, Some(tried)).await
            }
        }
    }

    async fn end_try(
        self,
        row: &AttemptRow,
        puzzle: &Puzzle,
        wrong: Option<String>,
    ) -> Result<Answered, ServiceError> {
        let score = if wrong.is_none() { 1.0 } else { 0.0 };
        // A Glicko-2 game between the member and the puzzle, worked out by
        // the store from both ratings as they stand when it writes them.
        let rate = |member: Option<StoredRating>, rated: Option<StoredRating>| {
            let before = rating_of(member, Rating::default());
            let puzzle_before = rating_of(rated, unrated_puzzle(puzzle));
            let after = ratings::update(
                before,
                &[ratings::Game {
                    opponent: puzzle_before,
                    score,
                }],
                ratings::TAU,
            );
            let puzzle_after = ratings::update(
                puzzle_before,
                &[ratings::Game {
                    opponent: before,
                    score: 1.0 - score,
                }],
                ratings::TAU,
            );
            (stored(after), stored(puzzle_after))
        };
        let rated = self
            .0
            .store
            .end_puzzle_attempt(
                &EndAttempt {
                    member: &row.member,
                    puzzle: &row.puzzle,
                    server: &row.server,
                    step: row.step,
                    solved: wrong.is_none(),
                    wrong_move: wrong.as_deref(),
                    at: self.0.now(),
                },
                rate,
            )
            .await?;
        let now = self
            .0
            .store
            .puzzle_attempt(&row.member, &row.puzzle)
            .await?
            .unwrap_or_else(|| row.clone());
        let view = self.view_of(&now, Vec::new()).await?;
        let Some(rated) = rated else {
            return Ok(Answered::Stale(view));
        };
        let before = rating_of(rated.member_before, Rating::default()).rating;
        let rating = (before, rated.member_after.rating);
        Ok(match wrong {
            None => {
                let streak = self
                    .0
                    .store
                    .puzzle_player(&row.member)
                    .await?
                    .map_or(1, |p| p.streak);
                Answered::Solved {
                    view,
                    rating,
                    streak,
                }
            }
            Some(tried) => Answered::Wrong {
                view,
                tried,
                rating,
            },
        })
    }

    /// The member's puzzle rating and record, if they have tried one.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn standing(self, member: &str) -> Result<Option<PuzzleStanding>, ServiceError> {
        Ok(self.0.store.puzzle_player(member).await?.map(standing))
    }

    /// The server's members who tried its puzzles, best rating first.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn ranking(
        self,
        server: &str,
        limit: i64,
    ) -> Result<Vec<PuzzleStanding>, ServiceError> {
        Ok(self
            .0
            .store
            .puzzle_ranking(server, limit)
            .await?
            .into_iter()
            .map(standing)
            .collect())
    }
}

/// The candidates of a shipped puzzle's answer `step`; none for an
/// unknown puzzle or step (an old button).
pub fn puzzle_candidates(puzzle: &str, step: usize) -> Vec<String> {
    puzzle::by_id(puzzle)
        .and_then(|p| p.steps.get(step))
        .map(|s| s.candidates.clone())
        .unwrap_or_default()
}

fn standing(row: holotable_store::PuzzlePlayerRow) -> PuzzleStanding {
    PuzzleStanding {
        member: row.member,
        rating: row.rating.rating,
        solved: row.solved,
        failed: row.failed,
        streak: row.streak,
        best_streak: row.best_streak,
    }
}

impl SolveView {
    pub fn shipped(&self) -> Result<&'static Puzzle, ServiceError> {
        shipped(&self.puzzle)
    }

    /// The candidates to answer with now; none once the try has ended.
    pub fn candidates(&self) -> Vec<String> {
        match (self.status, self.shipped()) {
            (SolveStatus::Open, Ok(puzzle)) => puzzle
                .steps
                .get(self.step)
                .map(|s| s.candidates.clone())
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The words of the view: the puzzle, and what to do or what came of
    /// it. `time` writes a closing time the platform's way.
    pub fn text(&self, lang: Lang, time: impl Fn(Millis) -> String) -> String {
        let Ok(puzzle) = self.shipped() else {
            return String::new();
        };
        let mut lines = vec![words::heading(lang, puzzle), words::task(lang, puzzle)];
        if !self.reply.is_empty() {
            lines.push(t!(
                lang,
                "puzzle-solve-reply",
                reply = text::then_list(lang, &self.reply)
            ));
        }
        match self.status {
            SolveStatus::Open => lines.push(t!(
                lang,
                "puzzle-solve-ask",
                step = self.step + 1,
                steps = puzzle.steps.len()
            )),
            SolveStatus::Solved => {
                lines.push(t!(lang, "puzzle-solve-done-solved"));
                lines.push(words::line_text(lang, puzzle));
            }
            SolveStatus::Failed => {
                lines.push(t!(lang, "puzzle-solve-done-failed"));
                lines.push(self.line_or_wait(lang, puzzle, &time));
            }
        }
        lines.join("\n")
    }

    /// The line, or when it will be shown.
    pub fn line_or_wait(
        &self,
        lang: Lang,
        puzzle: &Puzzle,
        time: &impl Fn(Millis) -> String,
    ) -> String {
        match self.hidden_until {
            Some(at) => t!(lang, "puzzle-line-hidden", closes = time(at)),
            None => format!(
                "{}\n{}",
                words::line_text(lang, puzzle),
                words::why(lang, puzzle)
            ),
        }
    }
}

impl Answered {
    /// The view after the answer.
    pub fn view(&self) -> &SolveView {
        match self {
            Answered::Next(view) | Answered::Stale(view) | Answered::NotAMove(view) => view,
            Answered::Solved { view, .. } | Answered::Wrong { view, .. } => view,
        }
    }

    /// What the member is told.
    pub fn text(&self, lang: Lang, time: impl Fn(Millis) -> String) -> String {
        match self {
            Answered::Next(view) => format!(
                "{}\n{}",
                t!(lang, "puzzle-answer-right"),
                view.text(lang, time)
            ),
            Answered::Solved {
                view,
                rating,
                streak,
            } => {
                let Ok(puzzle) = view.shipped() else {
                    return String::new();
                };
                [
                    t!(lang, "puzzle-answer-solved"),
                    words::line_text(lang, puzzle),
                    rating_line(lang, *rating),
                    t!(lang, "puzzle-streak", count = *streak),
                ]
                .join("\n")
            }
            Answered::Wrong {
                view,
                tried,
                rating,
            } => {
                let Ok(puzzle) = view.shipped() else {
                    return String::new();
                };
                [
                    t!(lang, "puzzle-answer-wrong", tried = tried.as_str()),
                    view.line_or_wait(lang, puzzle, &time),
                    rating_line(lang, *rating),
                    t!(lang, "puzzle-streak-lost"),
                ]
                .join("\n")
            }
            Answered::NotAMove(view) => t!(
                lang,
                "puzzle-answer-not-a-move",
                moves = text::or_list(lang, &view.candidates())
            ),
            Answered::Stale(view) => format!(
                "{}\n{}",
                t!(lang, "puzzle-answer-stale"),
                view.text(lang, time)
            ),
        }
    }
}

/// "Your puzzle rating: 1500 → 1562."
fn rating_line(lang: Lang, (before, after): (f64, f64)) -> String {
    t!(
        lang,
        "puzzle-rating-change",
        before = before.round() as i64,
        after = after.round() as i64
    )
}
