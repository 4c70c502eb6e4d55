//! Djambi, Machiavelli's chess (seed 002): four armies on a 9x9 board with
//! the Labyrinth in the centre, for four players or for two players who
//! command two armies each.
//!
//! Killed pieces stay on the board as corpses, a killed Leader's pieces pass
//! to its killer, a Leader in the Labyrinth plays after every other army,
//! and a side walled in by corpses is out, as is a side that leaves the
//! game. `docs/rules/djambi.md` has the rules and every reading of the seed
//! this module settles.
//!
//! A [`Move`] is the whole compound action of one turn (the piece, where it
//! goes, where the corpse or relocated piece is put, whom the Reporter
//! kills, where a piece flees from the Labyrinth), so the legal list of a
//! turn with kills runs into the thousands. Each army plays its own turns in
//! the seed's order; in the seed's two-player game a seat simply owns two
//! armies, in djambi.net's the second army of each seat is a vassal that
//! moves in its commander's turns.

mod board;
mod leave;
mod moves;
mod notation;
mod rules;

pub use board::{Army, BadSquare, DIRECTIONS, Kind, LABYRINTH, Piece, SIZE, Square};
pub use moves::Move;
pub use rules::{Encirclement, ReporterKill, Rules, Ruleset};

use super::{
    Decider, Game, GameKind, LeaveError, MoveParseError, Outcome, PositionError, Seat, SeatLeft,
    SeatResult,
};
use crate::{BySeat, Decision, Ending};
use rand::RngCore;

/// Why a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Every other side's Leader is dead or encircled.
    Won { winner: Seat },
    /// [`Rules::quiet_turns`] turns passed without a death.
    Quiet,
    /// One move walled in the last sides' Leaders together, the mover's
    /// too (djambi.net, see [`Rules::mover_can_be_encircled`]): nobody is
    /// left to win, and the game is drawn.
    AllEncircled,
}

/// A Djambi position.
///
/// # Examples
/// ```
/// use holotable_games::Game;
/// use holotable_games::djambi::{Djambi, Rules};
///
/// let mut game = Djambi::new_game(&Rules::default(), &mut rand::rng());
/// game.play_notation("NC7-E5").unwrap_err(); // only a Leader stops in the Labyrinth
/// game.play_notation("NC7-D6").unwrap();
/// assert!(game.position().ends_with(" B RBYG 1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Djambi {
    rules: Rules,
    cells: [Option<Piece>; 81],
    /// `control[army]`: the army whose turns move `army`'s live pieces:
    /// itself while its Leader commands, its killer's after, `None` while
    /// the pieces of an encircled side wait for a Leader to take the
    /// Labyrinth.
    control: [Option<Army>; 4],
    to_move: Army,
    /// The army whose regular turn is current or was last; differs from
    /// `to_move` during a Labyrinth holder's extra turn.
    cursor: Army,
    /// Turns in a row without a death.
    quiet: u16,
    end: Option<End>,
}

impl Djambi {
    pub fn piece(&self, square: Square) -> Option<Piece> {
        self.cells[square.index()]
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|s| self.piece(s).map(|p| (s, p)))
    }

    /// The army whose turns move `army`'s live pieces (see the field doc).
    pub fn controller(&self, army: Army) -> Option<Army> {
        self.control[army.index()]
    }

    /// Whether `army` still plays its own turns: its Leader lives, commands
    /// and is not encircled.
    pub fn is_active(&self, army: Army) -> bool {
        self.controller(army) == Some(army)
    }

    /// The army that controls a live piece (`None` for corpses and for the
    /// pieces of an encircled side).
    pub fn controller_of(&self, piece: Piece) -> Option<Army> {
        if piece.dead {
            None
        } else {
            self.controller(piece.army)
        }
    }

    /// The army whose turn it is (also after the end).
    pub fn to_move(&self) -> Army {
        self.to_move
    }

    /// Whether the current turn is a Labyrinth holder's extra turn.
    pub fn extra_turn(&self) -> bool {
        self.to_move != self.cursor
    }

    pub fn quiet_turns(&self) -> u16 {
        self.quiet
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The seat that plays `army`'s turns: one army each with four players,
    /// Red and Blue for seat 0 and Yellow and Green for seat 1 with two.
    pub fn seat_of(&self, army: Army) -> Seat {
        if self.rules.players == 2 {
            Seat(army.index() as u8 / 2)
        } else {
            Seat(army.index() as u8)
        }
    }

    /// The armies a seat started with.
    pub fn armies_of(&self, seat: Seat) -> impl Iterator<Item = Army> + '_ {
        Army::ALL
            .into_iter()
            .filter(move |&a| self.seat_of(a) == seat)
    }

    /// The seat whose side a live piece is on now (`None` for corpses and
    /// the pieces of an encircled side).
    pub fn seat_of_piece(&self, piece: Piece) -> Option<Seat> {
        self.controller_of(piece).map(|a| self.seat_of(a))
    }

    /// Where `army`'s own Leader stands while alive.
    pub fn leader_square(&self, army: Army) -> Option<Square> {
        self.pieces()
            .find(|(_, p)| !p.dead && p.kind == Kind::Leader && p.army == army)
            .map(|(s, _)| s)
    }

    /// The army that holds the Labyrinth: the one whose Leader stands
    /// there commanding it, or under djambi.net the one that controls the
    /// Leader standing there.
    pub fn holder(&self) -> Option<Army> {
        let piece = self
            .piece(LABYRINTH)
            .filter(|p| !p.dead && p.kind == Kind::Leader)?;
        if self.rules.controlled_leaders_hold() {
            self.controller(piece.army)
        } else {
            self.is_active(piece.army).then_some(piece.army)
        }
    }

    /// Whether `piece`, moved by `mover`, may stop on the Labyrinth.
    fn may_hold(&self, piece: Piece, mover: Army) -> bool {
        piece.kind == Kind::Leader && (piece.army == mover || self.rules.controlled_leaders_hold())
    }

    /// Seats with at least one active army.
    pub fn seats_in_play(&self) -> usize {
        Seat::all(self.seat_count())
            .filter(|&seat| self.armies_of(seat).any(|a| self.is_active(a)))
            .count()
    }

    /// The squares a move kills on, for captions and images.
    pub fn kills(&self, mv: Move) -> Vec<Square> {
        moves::kills(self, mv)
    }

    /// The moves of `army` as if it were to move, for evaluation (threats,
    /// mobility) without changing the position.
    pub fn moves_of(&self, army: Army, out: &mut Vec<Move>) {
        out.clear();
        moves::generate(self, army, out);
    }

    /// A position from its parts, checked like a position string.
    fn from_parts(rules: &Rules, setup: notation::Setup) -> Result<Self, PositionError> {
        rules.validate()?;
        let mut game = Djambi {
            rules: rules.clone(),
            cells: setup.cells,
            control: setup.control,
            to_move: setup.to_move,
            cursor: setup.cursor,
            quiet: setup.quiet,
            end: None,
        };
        game.check()?;
        game.refresh_end();
        Ok(game)
    }

    /// The invariants every reachable position keeps.
    fn check(&self) -> Result<(), PositionError> {
        for army in Army::ALL {
            for kind in Kind::ALL {
                let count = self
                    .pieces()
                    .filter(|(_, p)| p.army == army && p.kind == kind)
                    .count();
                let most = if kind == Kind::Militant { 4 } else { 1 };
                if count > most {
                    return Err(PositionError::new(format!(
                        "{army} has {count} {kind}s; at most {most}"
                    )));
                }
            }
            match self.controller(army) {
                Some(master) if master == army && self.leader_square(army).is_none() => {
                    return Err(PositionError::new(format!(
                        "{army} commands itself but has no live Leader; give its control to another army or `-`"
                    )));
                }
                Some(master) if !self.is_active(master) => {
                    return Err(PositionError::new(format!(
                        "{army} is controlled by {master}, which does not command itself"
                    )));
                }
                _ => {}
            }
        }
        if self.rules.vassals() && (self.is_active(Army::Blue) || self.is_active(Army::Green)) {
            return Err(PositionError::new(
                "under djambi.net rules with two players Blue and Green are vassals: Blue's control must be R and Green's Y (or another army, or -)",
            ));
        }
        // Under djambi.net a Leader there may have lost its controller
        // since it came (walled-in commander): it stays, holding nothing.
        if let Some(piece) = self.piece(LABYRINTH).filter(|p| !p.dead)
            && (piece.kind != Kind::Leader
                || !(self.is_active(piece.army) || self.rules.controlled_leaders_hold()))
        {
            return Err(PositionError::new(
                if self.rules.controlled_leaders_hold() {
                    "only a Leader may stand on the Labyrinth (E5)"
                } else {
                    "only a commanding Leader may stand on the Labyrinth (E5)"
                },
            ));
        }
        // Only a game that ended with every side walled in at once has
        // nobody in play to move.
        if !self.is_active(self.to_move) && Army::ALL.into_iter().any(|a| self.is_active(a)) {
            return Err(PositionError::new(format!(
                "{} is to move but does not command itself",
                self.to_move
            )));
        }
        if self.extra_turn()
            && (self.holder() != Some(self.to_move) || !self.is_active(self.cursor))
        {
            return Err(PositionError::new(format!(
                "an extra turn `{}+{}` needs {} holding the Labyrinth and {} still in play",
                self.to_move.letter(),
                self.cursor.letter(),
                self.to_move,
                self.cursor
            )));
        }
        Ok(())
    }

    /// Works out whether the game is over.
    fn refresh_end(&mut self) {
        let in_play = Seat::all(self.seat_count())
            .find(|&seat| self.armies_of(seat).any(|a| self.is_active(a)));
        self.end = if self.seats_in_play() <= 1 {
            Some(in_play.map_or(End::AllEncircled, |winner| End::Won { winner }))
        } else if self.quiet >= self.rules.quiet_turns {
            Some(End::Quiet)
        } else {
            None
        };
    }

    /// Hands the turn on: a Labyrinth holder plays after every other army's
    /// turn; otherwise the next army in play in turn order.
    ///
    /// Under the seed a holder whose own turn comes next is not doubled
    /// (with four armies the extra turns already come thrice a round).
    /// djambi.net's two-player game has only two armies in turn, so there
    /// the holder always plays its extra turn, then its own; and a side
    /// that left the Labyrinth in its extra turn does not play again at
    /// once (the site: no side plays straight after leaving power).
    fn advance_turn(&mut self, was_extra: bool) {
        let mover = self.to_move;
        let vassals = self.rules.vassals();
        let mut next = self.next_active(self.cursor);
        if vassals && was_extra && next == mover && self.holder() != Some(mover) {
            next = self.next_active(next);
        }
        match self.holder() {
            Some(holder) if holder != mover && (holder != next || vassals) => {
                self.to_move = holder;
            }
            _ => {
                self.to_move = next;
                self.cursor = next;
            }
        }
    }

    /// The first army after `army` in turn order that plays its own turns.
    fn next_active(&self, army: Army) -> Army {
        let mut next = army.next();
        while !self.is_active(next) {
            next = next.next();
        }
        next
    }
}

/// Control at the start of djambi.net's two-player game: Red commands
/// Blue, Yellow commands Green.
const VASSAL_CONTROL: [Option<Army>; 4] = [
    Some(Army::Red),
    Some(Army::Red),
    Some(Army::Yellow),
    Some(Army::Yellow),
];

/// Seat names for two players: each seat is its two armies.
const PAIRS: [&str; 2] = ["red-blue", "yellow-green"];

impl Game for Djambi {
    type Move = Move;
    type Rules = Rules;

    const KIND: GameKind = GameKind::Djambi;

    fn check_rules(rules: &Rules) -> Result<(), PositionError> {
        rules.validate()
    }

    fn new_game(rules: &Rules, _rng: &mut dyn RngCore) -> Self {
        let mut setup = notation::Setup::start(rules.ruleset == Ruleset::DjambiNet);
        if rules.vassals() {
            setup.control = VASSAL_CONTROL;
        }
        Djambi::from_parts(rules, setup).expect("the start is valid under checked rules")
    }

    fn from_position(rules: &Rules, text: &str) -> Result<Self, PositionError> {
        Djambi::from_parts(rules, notation::parse_position(text)?)
    }

    fn position(&self) -> String {
        notation::position(self)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seat_count(&self) -> usize {
        usize::from(self.rules.players)
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        if self.rules.players == 2 {
            PAIRS[seat.index().min(1)]
        } else {
            Army::from_index(seat.index()).name()
        }
    }

    fn to_decide(&self) -> Option<Decider> {
        match self.end {
            Some(_) => None,
            None => Some(Decider::Seat(self.seat_of(self.to_move))),
        }
    }

    /// With two players a seat commands two armies and moves them in turn,
    /// so the army is what a ballot decides; with four, the seat is the army.
    fn decision(&self) -> Option<Decision> {
        if self.end.is_some() || self.rules.players != 2 {
            return None;
        }
        Some(Decision::ArmyMove {
            army: self.to_move.name().to_string(),
            extra_turn: self.extra_turn(),
        })
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        moves::generate(self, self.to_move, out);
        if out.is_empty() {
            // The seed has no rule for an army that cannot move; it passes.
            out.push(Move::PASS);
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let was_extra = self.extra_turn();
        let deaths = moves::apply(self, mv);
        self.quiet = if deaths {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.refresh_end();
        if self.end.is_none() {
            self.advance_turn(was_extra);
        } else {
            // A finished game has no extra turn pending: the last mover
            // stays "to move", so the final position reads back like any
            // other; under djambi.net a move can wall in its own side, and
            // then the winner's army takes its place.
            if let Some(End::Won { winner }) = self.end
                && !self.is_active(self.to_move)
            {
                let army = self.armies_of(winner).find(|&a| self.is_active(a));
                self.to_move = army.expect("the winning seat has an army in play");
            }
            self.cursor = self.to_move;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        let count = self.seat_count();
        let (results, reason) = match end {
            End::Won { winner } => (
                BySeat::from_fn(count, |seat| {
                    if seat == winner {
                        SeatResult::Win
                    } else {
                        SeatResult::Loss
                    }
                }),
                Ending::EveryRivalEliminated {
                    winner: self.seat_name(winner).to_string(),
                },
            ),
            End::Quiet => (
                BySeat::from_fn(count, |seat| {
                    if self.armies_of(seat).any(|a| self.is_active(a)) {
                        SeatResult::Draw
                    } else {
                        SeatResult::Loss
                    }
                }),
                Ending::QuietTurns {
                    turns: self.rules.quiet_turns.into(),
                },
            ),
            End::AllEncircled => (
                BySeat::from_fn(count, |_| SeatResult::Draw),
                Ending::EverySideEncircled,
            ),
        };
        Some(Outcome {
            results,
            scores: None,
            reason,
        })
    }

    /// With four players the army is out as if its Leader fell, and the
    /// others play on (see `leave.rs`); with two, the seat's side is gone
    /// and the game ends.
    fn seat_leaves(&mut self, seat: Seat) -> Result<SeatLeft, LeaveError> {
        self.leave(seat)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        let (kind, mv) = notation::parse_move(text)?;
        if let (Some(kind), Some(from)) = (kind, mv.from())
            && let Some(piece) = self.piece(from).filter(|p| p.kind != kind)
        {
            return Err(MoveParseError::new(
                text,
                format!("{from} holds a {}, not a {kind}", piece.kind),
            ));
        }
        Ok(mv)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::move_notation(self, mv)
    }

    fn captures(&self, mv: Move) -> Vec<String> {
        self.kills(mv).iter().map(Square::to_string).collect()
    }
}

#[cfg(test)]
mod leave_tests;
#[cfg(test)]
mod net_tests;
#[cfg(test)]
mod tests;
