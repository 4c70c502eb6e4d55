//! Holochess with four creature types (seed 003): a Japanese web site's
//! deterministic take on the game from Star Wars.
//!
//! Each player places a Brute, a Predator, a Guardian and a Scout on their
//! home half of the outer ring, then the players take turns moving or
//! attacking with one creature, until one side has lost all four, or a side
//! down to a single creature goes three of its own turns without a capture.
//! `docs/rules/holochess.md` has the rules, the geometry and every reading
//! of the seed that this module settles.
//!
//! A placement is a move like any other ("a move is one decision"), so the
//! engine searches the placement phase and the service turns placements
//! into ballots without knowing about them.

mod board;
mod moves;
mod notation;

pub use board::{GEOMETRY, HOME, Square, SquareSet};
pub use moves::{Move, MoveTrace};

use super::{Decider, Game, GameKind, MoveParseError, Outcome, PositionError, Seat, SeatResult};
use crate::{BySeat, Ending};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Player 1: home in the upper half of the board, light pieces.
pub const LIGHT: Seat = Seat(0);
/// Player 2: home in the lower half, dark pieces.
pub const DARK: Seat = Seat(1);

/// Plies of the placement phase: four creatures each.
pub const PLACEMENTS: u16 = 8;

/// A player's own turns without a capture, with a single creature left,
/// after which they lose (seed: "before you finish three of your own turns").
pub const LAST_CREATURE_TURNS: u8 = 3;

/// The four creature types; every player has one of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Creature {
    Brute,
    Predator,
    Guardian,
    Scout,
}

impl Creature {
    pub const ALL: [Creature; 4] = [
        Creature::Brute,
        Creature::Predator,
        Creature::Guardian,
        Creature::Scout,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter used in notation and position strings.
    pub fn letter(self) -> char {
        match self {
            Creature::Brute => 'B',
            Creature::Predator => 'P',
            Creature::Guardian => 'G',
            Creature::Scout => 'S',
        }
    }

    pub fn from_letter(letter: char) -> Option<Creature> {
        Creature::ALL
            .into_iter()
            .find(|c| c.letter() == letter.to_ascii_uppercase())
    }

    pub fn name(self) -> &'static str {
        match self {
            Creature::Brute => "Brute",
            Creature::Predator => "Predator",
            Creature::Guardian => "Guardian",
            Creature::Scout => "Scout",
        }
    }
}

impl fmt::Display for Creature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which player takes the first turn (and so places last).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum First {
    /// Seat 0, which the community plays in community games.
    #[default]
    Light,
    Dark,
}

impl First {
    pub fn seat(self) -> Seat {
        match self {
            First::Light => LIGHT,
            First::Dark => DARK,
        }
    }
}

/// Rule options fixed for a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Who moves first (`light` or `dark`); the other player places first.
    /// The seed leaves it to the players ("decide who goes first").
    pub first: First,
    /// Plies of the movement phase after which sudden death begins: every
    /// player counts turns without a capture as if down to one creature.
    /// The seed has no draws and no rule for a game that never ends; this
    /// ends every game within a bounded number of plies and still lets the
    /// seed's own rule decide it.
    pub sudden_death: u16,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            first: First::Light,
            sudden_death: 120,
        }
    }
}

impl Rules {
    /// Sudden death can start after at most this many movement plies, so the
    /// ply counter (a u16) can never overflow before the game ends.
    pub const MAX_SUDDEN_DEATH: u16 = 10_000;

    fn validate(&self) -> Result<(), PositionError> {
        if !(1..=Self::MAX_SUDDEN_DEATH).contains(&self.sudden_death) {
            return Err(PositionError::new(format!(
                "sudden_death must be 1 to {}, not {}",
                Self::MAX_SUDDEN_DEATH,
                self.sudden_death
            )));
        }
        Ok(())
    }
}

/// Why a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// This side captured all four of the other's creatures.
    AllCaptured { winner: Seat },
    /// This side went three of its own turns without a capture while it
    /// had a single creature (or in sudden death).
    NoCapture { loser: Seat },
    /// This side was to move and had no legal move.
    Stuck { loser: Seat },
}

impl End {
    fn loser(self) -> Seat {
        match self {
            End::AllCaptured { winner } => other(winner),
            End::NoCapture { loser } | End::Stuck { loser } => loser,
        }
    }
}

/// A holochess position: where each creature stands, the ply and the
/// last-creature counters.
///
/// # Examples
/// ```
/// use holotable_games::Game;
/// use holotable_games::holochess::{Holochess, Rules};
///
/// let mut game = Holochess::new_game(&Rules::default(), &mut rand::rng());
/// game.play_notation("B@O6").unwrap(); // dark, the second player, places first
/// assert_eq!(game.position(), "-/BO6 l 1 0,0");
///
/// // A Scout's attack and move are one move.
/// let game = Holochess::from_position(&Rules::default(), "SO1/BM1,PO5 l 8 0,0").unwrap();
/// let mv = game.parse_move("SO1xM1-M3").unwrap();
/// assert_eq!(game.captures(mv), ["M1"]);
/// assert_eq!(game.move_notation(mv), "SO1xM1-M3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Holochess {
    rules: Rules,
    /// `creatures[seat][type]`: the square, or `None` when not yet placed
    /// (placement phase) or captured (movement phase).
    creatures: [[Option<Square>; 4]; 2],
    occupied: [SquareSet; 2],
    /// Decisions made so far: placements are plies 0..8.
    ply: u16,
    /// Own turns in a row without a capture that counted towards the
    /// last-creature rule, per seat.
    counters: [u8; 2],
    end: Option<End>,
}

pub(crate) fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

impl Holochess {
    /// The squares of one side's creatures.
    pub fn occupied_by(&self, seat: Seat) -> SquareSet {
        self.occupied[seat.index()]
    }

    pub fn occupied(&self) -> SquareSet {
        self.occupied[0] | self.occupied[1]
    }

    /// Where `seat`'s creature of type `creature` stands, if on the board.
    pub fn square_of(&self, seat: Seat, creature: Creature) -> Option<Square> {
        self.creatures[seat.index()][creature.index()]
    }

    /// The creature on `square`, with its owner.
    pub fn creature_at(&self, square: Square) -> Option<(Seat, Creature)> {
        [LIGHT, DARK].into_iter().find_map(|seat| {
            Creature::ALL
                .into_iter()
                .find(|&c| self.square_of(seat, c) == Some(square))
                .map(|c| (seat, c))
        })
    }

    /// Creatures of `seat` on the board.
    pub fn count(&self, seat: Seat) -> u32 {
        self.occupied_by(seat).len()
    }

    /// Decisions made so far, placements included.
    pub fn ply(&self) -> u16 {
        self.ply
    }

    /// Whether creatures are still being placed.
    pub fn placing(&self) -> bool {
        self.ply < PLACEMENTS
    }

    /// Plies of the movement phase played so far.
    pub fn movement_plies(&self) -> u16 {
        self.ply.saturating_sub(PLACEMENTS)
    }

    /// Whether sudden death has begun (see [`Rules::sudden_death`]).
    pub fn sudden_death(&self) -> bool {
        self.movement_plies() >= self.rules.sudden_death
    }

    /// The last-creature counter of `seat`: own turns in a row without a
    /// capture while it had one creature (or in sudden death).
    pub fn counter(&self, seat: Seat) -> u8 {
        self.counters[seat.index()]
    }

    /// Whether `seat`'s turns count towards the last-creature rule now.
    pub fn counting(&self, seat: Seat) -> bool {
        !self.placing() && (self.count(seat) == 1 || self.sudden_death())
    }

    /// The side whose decision is next (also after the game has ended). The
    /// second player places on even plies; the first player moves on them.
    pub fn side_to_move(&self) -> Seat {
        let first = self.rules.first.seat();
        let even = self.ply.is_multiple_of(2);
        match (self.placing(), even) {
            (true, true) | (false, false) => other(first),
            (true, false) | (false, true) => first,
        }
    }

    /// Why the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The creatures `seat` has yet to place (all of its absent creatures
    /// during the placement phase, none afterwards).
    pub fn in_hand(&self, seat: Seat) -> impl Iterator<Item = Creature> + '_ {
        let placing = self.placing();
        Creature::ALL
            .into_iter()
            .filter(move |&c| placing && self.square_of(seat, c).is_none())
    }

    /// The squares a legal move passes and what it captures, for drawing.
    ///
    /// # Panics
    /// When `mv` is not legal here.
    pub fn trace(&self, mv: Move) -> MoveTrace {
        moves::trace(self, mv)
    }

    /// The moves and attacks `seat`'s creatures on the board would have if
    /// it were to move in the movement phase, for evaluation (mobility,
    /// threats; also during placement) without changing the position.
    pub fn movement_moves_of(&self, seat: Seat, out: &mut Vec<Move>) {
        out.clear();
        moves::actions(self, seat, out);
    }

    fn place(&mut self, seat: Seat, creature: Creature, square: Option<Square>) {
        let slot = &mut self.creatures[seat.index()][creature.index()];
        let set = &mut self.occupied[seat.index()];
        if let Some(old) = *slot {
            *set = set.without(old);
        }
        if let Some(new) = square {
            *set = set.with(new);
        }
        *slot = square;
    }

    /// Works out whether the position is final. `mover` is the side that
    /// just decided, looked at first: its capture of the last enemy or its
    /// third turn without a capture decides before anything else.
    fn refresh_end(&mut self, mover: Seat) {
        self.end = None;
        if self.placing() {
            return;
        }
        for seat in [mover, other(mover)] {
            if self.count(other(seat)) == 0 {
                self.end = Some(End::AllCaptured { winner: seat });
                return;
            }
        }
        for seat in [mover, other(mover)] {
            if self.counter(seat) >= LAST_CREATURE_TURNS {
                self.end = Some(End::NoCapture { loser: seat });
                return;
            }
        }
        let to_move = self.side_to_move();
        if !moves::has_any(self, to_move) {
            self.end = Some(End::Stuck { loser: to_move });
        }
    }

    /// A position from its parts, checked like a position string.
    fn from_parts(
        rules: &Rules,
        creatures: [[Option<Square>; 4]; 2],
        ply: u16,
        counters: [u8; 2],
    ) -> Result<Self, PositionError> {
        rules.validate()?;
        let mut game = Holochess {
            rules: rules.clone(),
            creatures: [[None; 4]; 2],
            occupied: [SquareSet::EMPTY; 2],
            ply,
            counters,
            end: None,
        };
        for seat in [LIGHT, DARK] {
            for creature in Creature::ALL {
                let Some(square) = creatures[seat.index()][creature.index()] else {
                    continue;
                };
                if let Some((owner, there)) = game.creature_at(square) {
                    return Err(PositionError::new(format!(
                        "{square} holds both the {} {} and the {} {}",
                        seat_name(owner),
                        there,
                        seat_name(seat),
                        creature
                    )));
                }
                game.place(seat, creature, Some(square));
            }
        }
        game.check_phase()?;
        game.check_counters()?;
        let mover = game.side_to_move();
        // The side that decided last is the one not to move now.
        game.refresh_end(other(mover));
        Ok(game)
    }

    /// During the placement phase each side has placed exactly its share,
    /// all on its home half; afterwards a side may have lost creatures, but
    /// not both sides all of them.
    fn check_phase(&self) -> Result<(), PositionError> {
        if self.placing() {
            let first = self.rules.first.seat();
            for seat in [LIGHT, DARK] {
                // The second player places on plies 0, 2, 4, 6.
                let expected = if seat == first {
                    self.ply / 2
                } else {
                    self.ply.div_ceil(2)
                };
                if self.count(seat) != u32::from(expected) {
                    return Err(PositionError::new(format!(
                        "{} has {} creatures on the board after {} placements; expected {expected}",
                        seat_name(seat),
                        self.count(seat),
                        self.ply
                    )));
                }
                let away = self.occupied_by(seat) - HOME[seat.index()];
                if let Some(square) = away.iter().next() {
                    return Err(PositionError::new(format!(
                        "{} placed on {square}, outside its home half ({})",
                        seat_name(seat),
                        home_text(seat)
                    )));
                }
            }
        } else if self.count(LIGHT) == 0 && self.count(DARK) == 0 {
            return Err(PositionError::new(
                "both sides have no creatures; one must have at least one",
            ));
        }
        Ok(())
    }

    /// A counter only runs while it counts: for a side with one creature
    /// (or none left: the counter stays as it was when the last one fell),
    /// or for everyone in sudden death; and only one side can reach three.
    fn check_counters(&self) -> Result<(), PositionError> {
        for seat in [LIGHT, DARK] {
            let counter = self.counter(seat);
            if counter > LAST_CREATURE_TURNS {
                return Err(PositionError::new(format!(
                    "{} counter {counter}: expected 0 to {LAST_CREATURE_TURNS}",
                    seat_name(seat)
                )));
            }
            let may_run = !self.placing() && (self.count(seat) <= 1 || self.sudden_death());
            if counter > 0 && !may_run {
                return Err(PositionError::new(format!(
                    "{} counter {counter}: expected 0, because it has {} creatures and sudden death has not begun",
                    seat_name(seat),
                    self.count(seat)
                )));
            }
        }
        if self.counters == [LAST_CREATURE_TURNS; 2] {
            return Err(PositionError::new(
                "both counters are 3; only one side can lose that way",
            ));
        }
        Ok(())
    }
}

fn home_text(seat: Seat) -> &'static str {
    if seat == LIGHT { "O10..O3" } else { "O4..O9" }
}

pub(crate) fn seat_name(seat: Seat) -> &'static str {
    if seat == LIGHT { "light" } else { "dark" }
}

impl Game for Holochess {
    type Move = Move;
    type Rules = Rules;
    const KIND: GameKind = GameKind::Holochess;

    fn check_rules(rules: &Rules) -> Result<(), PositionError> {
        rules.validate()
    }

    /// An empty board: the second player places first.
    fn new_game(rules: &Rules, _rng: &mut dyn RngCore) -> Self {
        Holochess {
            rules: rules.clone(),
            creatures: [[None; 4]; 2],
            occupied: [SquareSet::EMPTY; 2],
            ply: 0,
            counters: [0; 2],
            end: None,
        }
    }

    fn from_position(rules: &Rules, text: &str) -> Result<Self, PositionError> {
        rules.validate()?;
        let setup = notation::parse_position(text)?;
        let game = Holochess::from_parts(rules, setup.creatures, setup.ply, setup.counters)?;
        let expected = game.side_to_move();
        if setup.side != expected {
            return Err(PositionError::new(format!(
                "side to move {} does not match ply {} when {} moves first: expected {}",
                notation::side_letter(setup.side),
                setup.ply,
                seat_name(rules.first.seat()),
                notation::side_letter(expected)
            )));
        }
        Ok(game)
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
        self.end
            .is_none()
            .then(|| Decider::Seat(self.side_to_move()))
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_none() {
            moves::generate(self, self.side_to_move(), out);
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let mover = self.side_to_move();
        match mv {
            Move::Place { creature, to } => self.place(mover, creature, Some(to)),
            Move::Act { from, to, capture } => {
                let counts = self.counting(mover);
                if let Some(square) = capture {
                    let (owner, victim) = self
                        .creature_at(square)
                        .expect("a legal capture has a victim");
                    self.place(owner, victim, None);
                }
                let (_, creature) = self
                    .creature_at(from)
                    .expect("a legal move starts on a creature");
                self.place(mover, creature, Some(to));
                let counter = &mut self.counters[mover.index()];
                if capture.is_some() {
                    *counter = 0;
                } else if counts {
                    *counter += 1;
                }
            }
        }
        self.ply += 1;
        self.refresh_end(mover);
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        let loser = end.loser();
        let name = |seat: Seat| seat_name(seat).to_string();
        let reason = match end {
            End::AllCaptured { winner } => Ending::AllCaptured {
                winner: name(winner),
                loser: name(loser),
            },
            End::NoCapture { loser } if self.count(loser) == 1 => {
                Ending::NoCaptureWithLastCreature { loser: name(loser) }
            }
            End::NoCapture { loser } => Ending::NoCaptureInSuddenDeath { loser: name(loser) },
            End::Stuck { loser } => Ending::NoLegalMove { seat: name(loser) },
        };
        let results = BySeat::from_fn(2, |seat| {
            if seat == loser {
                SeatResult::Loss
            } else {
                SeatResult::Win
            }
        });
        Some(Outcome {
            results,
            scores: None,
            reason,
        })
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        notation::parse_move(self, text)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn captures(&self, mv: Move) -> Vec<String> {
        match mv {
            Move::Act {
                capture: Some(square),
                ..
            } => vec![square.to_string()],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
