//! Pure game rules, one module per game, behind the [`Game`] trait.
//!
//! Nothing here does I/O, async or Discord: every game is a value that can be
//! cloned, asked for its legal moves and advanced by one decision. The engine,
//! the renderer and the service all build on this trait alone, so a new game
//! becomes playable everywhere by implementing it once.
//!
//! Design notes (see `docs/architecture.md` for the longer version):
//! - A *move* is one decision by one party. Multi-part turns (Dejarik's two
//!   actions), a placement phase (holochess), a push chosen by the defender in
//!   the attacker's turn, and extra turns (Djambi's Labyrinth) are all just
//!   "whose decision is next", answered by [`Game::to_decide`].
//! - Chance is a pseudo-party: when dice must be rolled, [`Game::to_decide`]
//!   says [`Decider::Chance`], the legal moves are the possible results with
//!   [`Game::chance_probability`], and whoever drives the game picks one with a
//!   seeded RNG ([`Game::sample_chance`]). The result is played and logged like
//!   any other move, so a game replays exactly from its move list, and the
//!   engine can take expectations over the same list.
//! - Move lists go into a caller-owned `Vec` that is cleared and reused, so
//!   generation does not allocate once warm; a fixed-capacity list would have
//!   to be sized for Djambi's thousands of corpse placements in every game.

mod any;
mod decision;
pub mod dejarik;
pub mod djambi;
pub mod engine;
mod error;
pub mod holochess;
mod kind;
mod leave;
#[cfg(test)]
mod leave_tests;
mod natural;
mod outcome;
pub mod puzzle;
mod record;
pub mod round_board;
mod seat;
pub mod space_checkers;

pub use any::{AnyGame, LegalMove, RulesJson};
pub use decision::Decision;
pub use error::{IllegalMove, LeaveError, MoveParseError, PlayError, PositionError};
pub use kind::{GameKind, UnknownGame};
pub use leave::SeatLeft;
pub use natural::{natural_cmp, sort_naturally};
pub use outcome::{Ending, Outcome, SeatResult};
pub use record::{GameRecord, ReplayError, leave_step, leaving_seat};
pub use seat::{BySeat, Seat};

use rand::RngCore;
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use std::hash::Hash;

/// Who makes the next decision in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum Decider {
    /// A player chooses among the legal moves.
    Seat(Seat),
    /// Dice (or another random draw) choose; see [`Game::sample_chance`].
    Chance,
}

/// The rules of one game, as an immutable-by-default position value.
///
/// Implementors provide generation, application and notation; the provided
/// methods add the checked variants on top, in the manner of shakmaty's
/// `Position`.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One decision. Small and `Copy` so move lists stay cheap.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Rule options fixed for a whole game (piece counts, variants).
    type Rules: Clone + Default + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    const KIND: GameKind;

    /// Checks rule options that serde alone cannot (ranges, combinations).
    /// Games whose every deserialisable option is valid keep the default.
    ///
    /// # Errors
    /// A [`PositionError`] naming the option and its accepted values.
    fn check_rules(_rules: &Self::Rules) -> Result<(), PositionError> {
        Ok(())
    }

    /// The starting position, for rules that passed [`Game::check_rules`]. Games with a random setup draw it from `rng`,
    /// which callers seed and record, so the same seed gives the same game.
    fn new_game(rules: &Self::Rules, rng: &mut dyn RngCore) -> Self;

    /// Parses a position string and checks that it is playable under `rules`.
    ///
    /// # Errors
    /// A [`PositionError`] that names the offending part and what was expected.
    fn from_position(rules: &Self::Rules, text: &str) -> Result<Self, PositionError>;

    /// The position string; `from_position` of it gives back an equal game.
    fn position(&self) -> String;

    fn rules(&self) -> &Self::Rules;

    /// Number of players (seats); 2 to 4.
    fn seat_count(&self) -> usize;

    /// A short human name for a seat, such as "white".
    fn seat_name(&self, seat: Seat) -> &'static str;

    /// Whose decision is next, or `None` when the game is over.
    fn to_decide(&self) -> Option<Decider>;

    /// Which part of a turn the next decision is, for a ballot to name
    /// ("white's second action of the turn", "the red army's move"), in
    /// games whose turn holds more than one decision; `None` where a
    /// decision is a whole turn, or the game is over.
    fn decision(&self) -> Option<Decision> {
        None
    }

    /// Fills `out` (after clearing it) with every legal move, in a stable
    /// order. Empty exactly when the game is over.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move known to be legal.
    ///
    /// # Panics
    /// May panic, or leave a nonsensical position, when `mv` is not legal
    /// here. Use [`Game::play`] for moves from outside.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The result once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Parses a move in this game's notation, in the context of this position.
    ///
    /// # Errors
    /// A [`MoveParseError`] for text that is not notation; a well-formed move
    /// that is not legal here is reported by [`Game::play_notation`].
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError>;

    /// The move in notation, as shown to people (it may add detail such as
    /// captures that the parser accepts but does not need).
    fn move_notation(&self, mv: Self::Move) -> String;

    /// The squares (in notation) whose pieces `mv` removes from play, for
    /// machine-readable listings and captions.
    fn captures(&self, mv: Self::Move) -> Vec<String>;

    /// The probability of a chance result; only meaningful when
    /// [`Game::to_decide`] is [`Decider::Chance`]. Games without chance never
    /// reach a chance node, so the default is unreachable.
    fn chance_probability(&self, _mv: Self::Move) -> f64 {
        unreachable!("{} has no chance nodes", Self::KIND.as_str())
    }

    /// Draws a chance result with `rng`. The default is
    /// [`sample_listed_chance`]; games that roll real dice may override it
    /// to roll them one by one (a result the legal list may only represent).
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Self::Move {
        sample_listed_chance(self, rng)
    }

    /// `seat` leaves the game before its end: its side ran out of time or
    /// resigned. A game that can go on without it (four-army Djambi) takes
    /// its side out of the position and says whether anyone is left to play
    /// against; the default is the answer of a game that cannot, correct for
    /// every two-seat game (Space Checkers, Dejarik, holochess, two-player
    /// Djambi): [`SeatLeft::GameEnds`] with `seat` losing and the others
    /// winning, the position untouched, for the caller to finish the game.
    ///
    /// # Errors
    /// [`LeaveError`] when the game is over, has no such seat, or the seat
    /// is already out; the position is then unchanged.
    fn seat_leaves(&mut self, seat: Seat) -> Result<SeatLeft, LeaveError> {
        leave::leaving_ends_the_game(self, seat)
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv` if it is legal; otherwise leaves the position untouched.
    ///
    /// # Errors
    /// [`IllegalMove`] when `mv` is not among the legal moves.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove {
                notation: self.move_notation(mv),
            })
        }
    }

    /// Parses and plays a move given in notation, returning the move played.
    ///
    /// # Errors
    /// [`PlayError::Parse`] for text that is not notation, [`PlayError::Illegal`]
    /// for a move that is not legal here, [`PlayError::GameOver`] after the end.
    fn play_notation(&mut self, text: &str) -> Result<Self::Move, PlayError> {
        if self.to_decide().is_none() {
            return Err(PlayError::GameOver);
        }
        let mv = self.parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }
}

/// Draws one of the chance results that [`Game::legal_moves`] lists,
/// weighted by [`Game::chance_probability`]: what the search expects, where
/// [`Game::sample_chance`] may roll a result the list only represents.
///
/// # Panics
/// When `game` is not at a chance node.
pub fn sample_listed_chance<G: Game>(game: &G, rng: &mut dyn RngCore) -> G::Move {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut point = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    for &mv in &moves {
        point -= game.chance_probability(mv);
        if point < 0.0 {
            return mv;
        }
    }
    *moves.last().expect("a chance node has at least one result")
}

/// Counts the leaf decision sequences `depth` plies deep; the standard check
/// that move generation and application agree with a known count.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    perft_into(game, depth, &mut buffers)
}

fn perft_into<G: Game>(game: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    game.legal_moves(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play_unchecked(mv);
        nodes += perft_into(&child, depth - 1, deeper);
    }
    nodes
}
