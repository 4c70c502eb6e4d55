//! [`Engine`]: a level, a budget and a seeded random source, turned into a
//! move (or a ranked list of moves) for any game with an evaluator.

use super::evaluate::Evaluate;
use super::level::{Budget, Level};
use super::search::{Limits, RootResult, Search};
use crate::Decider;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The engine's answer for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    pub mv: M,
    /// The move's value for the side choosing (see [`super::WIN`]); 0 for a
    /// random or chance move.
    pub score: i32,
    /// The deepest search iteration completed (0: none, or no search).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// A move with its value for the side choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scored<M> {
    pub mv: M,
    pub score: i32,
}

/// Every root move with its value, and how deep the search got: what a
/// puzzle states as its proof, which must name the depth it reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking<M> {
    /// Best first; the first `k` values asked for are exact, the rest upper
    /// bounds.
    pub scored: Vec<Scored<M>>,
    /// The deepest iteration completed (0: none).
    pub depth: u32,
    pub nodes: u64,
}

/// A decision weighed against the engine's choice (see [`Engine::judge`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged<M> {
    /// The engine's move and its value.
    pub best: Scored<M>,
    /// The value of the move played.
    pub played: i32,
    /// How many legal moves there were: one is no choice at all.
    pub legal: usize,
    /// The depth both values come from.
    pub depth: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    #[error("the game is over")]
    GameOver,
    /// Only [`Engine::top_k`]: the dice decide next, and nobody ranks them.
    #[error("the dice decide next, not a player")]
    DiceDecide,
    /// Only [`Engine::judge`]: the move to judge is not legal here.
    #[error("the move to judge is not legal in this position")]
    NotLegal,
}

/// A player at one level. Given the same seed, level and budget without a
/// clock, it plays the same moves every time; with a clock, only how deep it
/// gets can differ between machines.
pub struct Engine {
    level: Level,
    /// `None`: the level's own budget for whichever game is asked.
    budget: Option<Budget>,
    rng: ChaCha8Rng,
    /// Whether the search reads solved tables ([`super::Evaluate::probe`]).
    reads_tables: bool,
}

impl Engine {
    pub fn new(level: Level, seed: u64) -> Engine {
        Engine {
            level,
            budget: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            // Only `max` plays from the tables: the other levels stay beatable.
            reads_tables: level == Level::Max,
        }
    }

    /// Reads solved tables at any level: the review judges a move by its
    /// exact result wherever a table has one.
    pub fn reading_tables(mut self) -> Engine {
        self.reads_tables = true;
        self
    }

    /// Replaces the level's default budget (the CLI's `--ms`, tests' node
    /// limits). The level keeps its style: easy still draws from a softmax.
    pub fn with_budget(mut self, budget: Budget) -> Engine {
        self.budget = Some(budget);
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// What this engine may spend on a move in a game of type `G`.
    fn budget<G: Evaluate>(&self) -> Budget {
        self.budget.unwrap_or_else(|| self.level.budget(G::KIND))
    }

    /// Picks a move. At a chance node it rolls the dice with its own seeded
    /// random source, so a whole game against the engine replays from a seed.
    ///
    /// # Errors
    /// [`EngineError::GameOver`] when nobody is to decide.
    pub fn choose<G: Evaluate>(&mut self, game: &G) -> Result<Choice<G::Move>, EngineError> {
        let started = Instant::now();
        let done = |mv, score, depth, nodes| Choice {
            mv,
            score,
            depth,
            nodes,
            elapsed: started.elapsed(),
        };
        match game.to_decide() {
            None => return Err(EngineError::GameOver),
            Some(Decider::Chance) => return Ok(done(game.sample_chance(&mut self.rng), 0, 0, 0)),
            Some(Decider::Seat(_)) => {}
        }
        if self.level == Level::Random {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let mv = moves[self.rng.random_range(0..moves.len())];
            return Ok(done(mv, 0, 0, 0));
        }
        let temperature = self.level.temperature(G::KIND);
        let wants_all = self.level == Level::Greedy || temperature.is_some();
        let (result, nodes) =
            self.search(game, if wants_all { usize::MAX } else { 1 }, None, started);
        let index = match temperature {
            Some(t) => self.softmax(&result.scored, t),
            None if wants_all => self.random_best(&result.scored),
            None => 0,
        };
        let (mv, score) = result.scored[index];
        Ok(done(mv, score, result.depth, nodes))
    }

    /// The `k` best moves with exact scores, best first, searched with this
    /// engine's budget (`random` and `greedy` rank one ply deep).
    ///
    /// # Errors
    /// [`EngineError::GameOver`] when nobody is to decide,
    /// [`EngineError::DiceDecide`] when the next decision is the dice's.
    pub fn top_k<G: Evaluate>(
        &mut self,
        game: &G,
        k: usize,
    ) -> Result<Vec<Scored<G::Move>>, EngineError> {
        match game.to_decide() {
            None => return Err(EngineError::GameOver),
            Some(Decider::Chance) => return Err(EngineError::DiceDecide),
            Some(Decider::Seat(_)) => {}
        }
        let (result, _) = self.search(game, k, None, Instant::now());
        Ok(result
            .scored
            .into_iter()
            .take(k)
            .map(|(mv, score)| Scored { mv, score })
            .collect())
    }

    /// Like [`Engine::top_k`], but every root move is listed and the depth
    /// reached is reported. With a node budget the transposition table is
    /// sized to it: a small deterministic search (a puzzle's proof, run over
    /// every shipped puzzle) would otherwise spend more time clearing a
    /// large table than searching.
    ///
    /// # Errors
    /// As [`Engine::top_k`].
    pub fn rank<G: Evaluate>(
        &mut self,
        game: &G,
        k: usize,
    ) -> Result<Ranking<G::Move>, EngineError> {
        let root = match game.to_decide() {
            None => return Err(EngineError::GameOver),
            Some(Decider::Chance) => return Err(EngineError::DiceDecide),
            Some(Decider::Seat(seat)) => seat,
        };
        let budget = self.budget::<G>();
        let limits = Limits {
            deadline: budget.time.map(|t| Instant::now() + t),
            max_nodes: budget.nodes,
            max_depth: budget.depth,
            probe: self.reads_tables,
        };
        let bits = match budget.nodes {
            // About one slot per node, within the usual bounds.
            Some(nodes) => (64 - nodes.max(1).leading_zeros()).clamp(12, 20),
            None => table_bits(budget),
        };
        let mut search = Search::new(root, limits, bits);
        let result = search.run(game, k, None);
        Ok(Ranking {
            scored: result
                .scored
                .into_iter()
                .map(|(mv, score)| Scored { mv, score })
                .collect(),
            depth: result.depth,
            nodes: search.nodes,
        })
    }

    /// The best move and the value of `played` beside it, both exact and
    /// for the side deciding, searched with this engine's budget (its
    /// level's depth, whatever the level's style: a review judges, it does
    /// not play).
    ///
    /// # Errors
    /// [`EngineError::GameOver`] when nobody is to decide,
    /// [`EngineError::DiceDecide`] when the next decision is the dice's,
    /// [`EngineError::NotLegal`] when `played` is not a legal move here.
    pub fn judge<G: Evaluate>(
        &mut self,
        game: &G,
        played: G::Move,
    ) -> Result<Judged<G::Move>, EngineError> {
        match game.to_decide() {
            None => return Err(EngineError::GameOver),
            Some(Decider::Chance) => return Err(EngineError::DiceDecide),
            Some(Decider::Seat(_)) => {}
        }
        let (result, _) = self.search(game, 1, Some(played), Instant::now());
        let played_score = result
            .scored
            .iter()
            .find(|&&(mv, _)| mv == played)
            .map(|&(_, score)| score)
            .ok_or(EngineError::NotLegal)?;
        let (mv, score) = result.scored[0];
        Ok(Judged {
            best: Scored { mv, score },
            played: played_score,
            legal: result.scored.len(),
            depth: result.depth,
        })
    }

    fn search<G: Evaluate>(
        &self,
        game: &G,
        exact: usize,
        first: Option<G::Move>,
        started: Instant,
    ) -> (RootResult<G::Move>, u64) {
        let Some(Decider::Seat(root)) = game.to_decide() else {
            unreachable!("callers check that a seat decides");
        };
        let budget = self.budget::<G>();
        let depth = match self.level {
            Level::Random | Level::Greedy => 1,
            _ => budget.depth,
        };
        let limits = Limits {
            deadline: budget.time.map(|t| started + t),
            max_nodes: budget.nodes,
            max_depth: depth,
            probe: self.reads_tables,
        };
        let mut search = Search::new(root, limits, table_bits(budget));
        let result = search.run(game, exact, first);
        (result, search.nodes)
    }

    /// Draws a move with probability proportional to `exp(score / t)`.
    fn softmax<M>(&mut self, scored: &[(M, i32)], temperature: f64) -> usize {
        let best = scored.first().map_or(0, |&(_, v)| v);
        let weights: Vec<f64> = scored
            .iter()
            .map(|&(_, v)| (f64::from(v - best) / temperature).exp())
            .collect();
        let mut point = self.rng.random::<f64>() * weights.iter().sum::<f64>();
        for (index, weight) in weights.iter().enumerate() {
            point -= weight;
            if point < 0.0 {
                return index;
            }
        }
        0
    }

    /// One of the moves sharing the best score, at random.
    fn random_best<M>(&mut self, scored: &[(M, i32)]) -> usize {
        let best = scored.first().map_or(0, |&(_, v)| v);
        let ties = scored.iter().take_while(|&&(_, v)| v == best).count();
        self.rng.random_range(0..ties.max(1))
    }
}

/// A table big enough for the nodes the budget allows, but no bigger: filling
/// a large table costs milliseconds that a short budget cannot spare.
fn table_bits(budget: Budget) -> u32 {
    match (budget.time, budget.depth) {
        (_, 0..=2) => 12,
        (Some(t), _) if t <= Duration::from_millis(100) => 16,
        (Some(t), _) if t <= Duration::from_secs(1) => 18,
        _ => 20,
    }
}
