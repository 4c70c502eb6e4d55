//! Space Checkers (seed 000): Igor Barzilai's speculative Dejarik ruleset.
//!
//! Each side moves one piece per turn between the outer orbit, the inner
//! orbit and the core, aiming to line all its pieces up on the inner orbit.
//! Diagonal exits may boost along the inner orbit and capture the enemy
//! pieces beside where they land. `docs/rules/space-checkers.md` has the
//! rules and every reading of the seed that this module settles.

mod board;
mod moves;
mod notation;
mod scoring;

pub use board::{Square, SquareSet, longest_inner_row};
pub use moves::{Move, MoveTrace};

use super::{Decider, Game, GameKind, MoveParseError, Outcome, PositionError, Seat};
use rand::RngCore;
use serde::{Deserialize, Serialize};

pub const WHITE: Seat = Seat(0);
pub const BLACK: Seat = Seat(1);

/// Rule options fixed for a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Pieces per side at the start, 3 to 6.
    pub pieces: u8,
    /// The game ends and is scored after this many plies. The seed has no
    /// rule for a game that cycles forever; a cap needs no history, so a
    /// position string alone says whether the game is over.
    pub ply_limit: u16,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            pieces: 4,
            ply_limit: 200,
        }
    }
}

impl Rules {
    pub const PIECES: std::ops::RangeInclusive<u8> = 3..=6;

    fn validate(&self) -> Result<(), PositionError> {
        if !Self::PIECES.contains(&self.pieces) {
            return Err(PositionError::new(format!(
                "pieces must be 3 to 6, not {}",
                self.pieces
            )));
        }
        if self.ply_limit == 0 {
            return Err(PositionError::new("ply_limit must be at least 1"));
        }
        Ok(())
    }

    /// White's starting squares: the `pieces` outer squares centred on the
    /// top of the board (A12/A1), the odd one clockwise. Black's are the same
    /// turned half way round.
    pub fn start_squares(&self, seat: Seat) -> impl Iterator<Item = Square> {
        let n = i32::from(self.pieces);
        let turn = if seat == WHITE { 0 } else { 6 };
        (1 - n / 2..=(n + 1) / 2).map(move |ray| Square::outer(ray + turn))
    }
}

/// A Space Checkers position: both sides' pieces and the ply count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpaceCheckers {
    rules: Rules,
    pieces: [SquareSet; 2],
    ply: u16,
    /// Set once the position is final, so asking is free on hot paths.
    over: bool,
}

impl SpaceCheckers {
    /// The pieces of one side.
    pub fn pieces(&self, seat: Seat) -> SquareSet {
        self.pieces[seat.index()]
    }

    pub fn occupied(&self) -> SquareSet {
        self.pieces[0] | self.pieces[1]
    }

    /// Plies played since the start; white moves on even plies.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// The side whose turn it is (also after the game has ended).
    pub fn side_to_move(&self) -> Seat {
        Seat((self.ply % 2) as u8)
    }

    /// Each side's own first move may not be a diagonal exit (seed 000:
    /// "You cannot make this move on your first turn").
    fn first_turn(&self) -> bool {
        self.ply < 2
    }

    fn refresh_over(&mut self) {
        self.over = scoring::end_reason(self).is_some();
    }

    /// The squares a legal move passes through and what it captures, for
    /// drawing it.
    ///
    /// # Panics
    /// When `mv` is not legal here.
    pub fn trace(&self, mv: Move) -> MoveTrace {
        moves::trace(self, mv)
    }

    /// A position from its piece sets, checked like a position string; for
    /// tools that enumerate positions (the engine's solver) without the
    /// string round trip.
    ///
    /// # Errors
    /// When the rules are invalid, a square holds pieces of both sides, or a
    /// side has more pieces than the rules start with.
    pub fn from_pieces(
        rules: &Rules,
        white: SquareSet,
        black: SquareSet,
        ply: u16,
    ) -> Result<Self, PositionError> {
        rules.validate()?;
        let pieces = [white, black];
        if let Some(square) = (white & black).iter().next() {
            return Err(PositionError::new(format!(
                "{square} holds both a white and a black piece"
            )));
        }
        for seat in [WHITE, BLACK] {
            let count = pieces[seat.index()].len();
            if count > u32::from(rules.pieces) {
                return Err(PositionError::new(format!(
                    "{} has {count} pieces; these rules start with {}",
                    seat_name(seat),
                    rules.pieces
                )));
            }
        }
        let mut game = SpaceCheckers {
            rules: rules.clone(),
            pieces,
            ply,
            over: false,
        };
        game.refresh_over();
        Ok(game)
    }

    /// A compact key of the position without its rules, for tables.
    pub fn key(&self) -> (u32, u32, u16) {
        (self.pieces[0].0, self.pieces[1].0, self.ply)
    }
}

impl Game for SpaceCheckers {
    type Move = Move;
    type Rules = Rules;
    const KIND: GameKind = GameKind::SpaceCheckers;

    fn check_rules(rules: &Rules) -> Result<(), PositionError> {
        rules.validate()
    }

    fn new_game(rules: &Rules, _rng: &mut dyn RngCore) -> Self {
        let mut game = SpaceCheckers {
            rules: rules.clone(),
            pieces: [WHITE, BLACK].map(|seat| {
                rules
                    .start_squares(seat)
                    .fold(SquareSet::EMPTY, SquareSet::with)
            }),
            ply: 0,
            over: false,
        };
        game.refresh_over();
        game
    }

    fn from_position(rules: &Rules, text: &str) -> Result<Self, PositionError> {
        rules.validate()?;
        let setup = notation::parse_position(text)?;
        let [white, black] = setup.pieces;
        SpaceCheckers::from_pieces(rules, white, black, setup.ply)
    }

    fn position(&self) -> String {
        notation::format_position(self)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        seat_name(seat)
    }

    fn to_decide(&self) -> Option<Decider> {
        (!self.over).then(|| Decider::Seat(self.side_to_move()))
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if !self.over {
            moves::generate(self, out);
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let mover = self.side_to_move().index();
        let captured = moves::captures(self, mv);
        self.pieces[mover] = self.pieces[mover].without(mv.from).with(mv.to);
        self.pieces[1 - mover] = self.pieces[1 - mover] - captured;
        self.ply += 1;
        self.refresh_over();
    }

    fn outcome(&self) -> Option<Outcome> {
        scoring::outcome(self)
    }

    fn captures(&self, mv: Move) -> Vec<String> {
        moves::captures(self, mv)
            .iter()
            .map(|sq| sq.to_string())
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        notation::parse_move(self, text)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }
}

fn seat_name(seat: Seat) -> &'static str {
    if seat == WHITE { "white" } else { "black" }
}

#[cfg(test)]
mod tests;
