//! Dejarik with dice combat (seed 001, the Spanish article; translated in
//! `shared/seeds/README.md`).
//!
//! Each side has four of the eight monsters on the 25-square round board. A
//! turn is two actions, each a move (exactly the monster's movement, through
//! empty squares, never re-entering a square it crossed this turn) or an
//! attack on an adjacent enemy. An attack is settled by dice: a margin of 7
//! kills, a smaller win lets the winner push the loser to an adjacent empty
//! square of the winner's choosing, a decision made by the winner's player
//! even in the opponent's turn. At one monster each, a duel to the death
//! decides. `docs/rules/dejarik.md` has every reading this module settles.
//!
//! Decisions, in [`Game`] terms: the mover's actions, then a chance node for
//! each roll (its legal moves are one representative roll per combat
//! result, so the engine sees at most four outcomes; any real roll is
//! accepted when played), then the pusher's choice.

mod board;
mod dice;
mod monsters;
mod moves;
mod notation;
mod walks;

pub use board::{Square, SquareSet, path_through};
pub use dice::{Combat, combat};
pub use monsters::{KINDS, Monster, default_monsters};
pub use moves::Move;

use super::{
    BySeat, Decider, Decision, Ending, Game, GameKind, MoveParseError, Outcome, PositionError,
    Seat, SeatResult,
};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub const WHITE: Seat = Seat(0);
pub const BLACK: Seat = Seat(1);

/// Rule options fixed for a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Replaces the built-in figures (eight monsters).
    pub monsters: Option<Vec<Monster>>,
    /// Some tables require a move to end exactly its movement away by the
    /// shortest path; the seed allows any path of that length.
    pub shortest_paths: bool,
    /// The game is drawn after this many decisions (dice included): the seed
    /// has no rule for two players who never attack.
    pub ply_limit: u16,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            monsters: None,
            shortest_paths: false,
            ply_limit: 400,
        }
    }
}

impl Rules {
    pub fn monsters(&self) -> &[Monster] {
        self.monsters.as_deref().unwrap_or(default_monsters())
    }
}

/// A monster on the board: its kind (index into the monster table) and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub kind: u8,
    pub owner: Seat,
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The side to move chooses an action.
    Action,
    /// Dice decide the attack of the monster on `attacker` against `defender`.
    Roll {
        attacker: Square,
        defender: Square,
    },
    /// The winner of a combat chooses where the monster on `target` goes.
    Push {
        target: Square,
    },
    /// One monster each: the duel to the death is rolled.
    Duel,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dejarik {
    rules: Arc<Rules>,
    board: [Option<Piece>; Square::COUNT],
    to_move: Seat,
    /// Actions left in the current turn, counting the one in progress.
    actions_left: u8,
    phase: Phase,
    /// Per monster kind, the squares it crossed in moves this turn.
    passed: [SquareSet; KINDS],
    ply: u16,
    /// How the game ended, once it has.
    end: Option<End>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum End {
    Eliminated {
        winner: Seat,
    },
    Duel {
        winner: Seat,
    },
    /// The duel cannot be decided (custom one-die figures on both sides).
    UndecidableDuel,
    PlyLimit,
}

impl Dejarik {
    pub fn piece(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    pub fn monster(&self, piece: Piece) -> &Monster {
        &self.rules.monsters()[usize::from(piece.kind)]
    }

    /// Every monster on the board with its square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.board[sq.index()].map(|p| (sq, p)))
    }

    pub fn occupied(&self) -> SquareSet {
        self.pieces()
            .fold(SquareSet::EMPTY, |set, (sq, _)| set.with(sq))
    }

    pub fn count(&self, seat: Seat) -> usize {
        self.pieces().filter(|(_, p)| p.owner == seat).count()
    }

    pub fn side_to_move(&self) -> Seat {
        self.to_move
    }

    pub fn actions_left(&self) -> u8 {
        self.actions_left
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn ply(&self) -> u16 {
        self.ply
    }

    pub fn passed(&self, kind: u8) -> SquareSet {
        self.passed[usize::from(kind)]
    }

    fn place(&mut self, square: Square, piece: Option<Piece>) {
        self.board[square.index()] = piece;
    }

    /// After an action is fully resolved: the next action, the next turn,
    /// the duel, or the end.
    fn finish_action(&mut self) {
        self.phase = Phase::Action;
        self.actions_left -= 1;
        if self.actions_left == 0 {
            self.to_move = other(self.to_move);
            self.actions_left = 2;
            self.passed = [SquareSet::EMPTY; KINDS];
        }
        self.settle();
    }

    /// Checks the end conditions (seed: a player without live monsters
    /// loses; at one monster each the duel decides) and the ply limit.
    fn settle(&mut self) {
        let (white, black) = (self.count(WHITE), self.count(BLACK));
        if white == 0 || black == 0 {
            let winner = if white == 0 { BLACK } else { WHITE };
            self.end = Some(End::Eliminated { winner });
            self.phase = Phase::Over;
        } else if white == 1 && black == 1 && self.phase == Phase::Action {
            self.phase = Phase::Duel;
            if dice_for_duel(self).is_none() {
                self.end = Some(End::UndecidableDuel);
                self.phase = Phase::Over;
            }
        } else if self.ply >= self.rules.ply_limit && self.phase == Phase::Action {
            self.end = Some(End::PlyLimit);
            self.phase = Phase::Over;
        }
    }
}

fn other(seat: Seat) -> Seat {
    if seat == WHITE { BLACK } else { WHITE }
}

fn seat_name(seat: Seat) -> &'static str {
    if seat == WHITE { "white" } else { "black" }
}

/// The duel's dice: each beast rolls its higher figure (seed: "utilizan su
/// número de ataque o defensa más alto"). `None` when neither side can
/// ever win a round by 7.
fn dice_for_duel(game: &Dejarik) -> Option<(u8, u8)> {
    let figure = |seat: Seat| {
        game.pieces()
            .find(|(_, p)| p.owner == seat)
            .map(|(_, p)| {
                let m = game.monster(p);
                m.attack.max(m.defence)
            })
            .unwrap_or(1)
    };
    let (w, b) = (figure(WHITE), figure(BLACK));
    dice::duel(w, b).decisive.then_some((w, b))
}

/// White's and black's starting squares (docs/rules/dejarik.md, Setup),
/// the outer squares Space Checkers starts on.
const START: [[&str; 4]; 2] = [["A11", "A12", "A1", "A2"], ["A5", "A6", "A7", "A8"]];

impl Game for Dejarik {
    type Move = Move;
    type Rules = Rules;
    const KIND: GameKind = GameKind::Dejarik;

    fn check_rules(rules: &Rules) -> Result<(), PositionError> {
        if let Some(table) = &rules.monsters {
            monsters::check(table)?;
        }
        if rules.ply_limit == 0 {
            return Err(PositionError::new("ply_limit must be at least 1"));
        }
        Ok(())
    }

    /// Deals four distinct monsters to each side and draws who starts, all
    /// from `rng` (seed 001: "se sortea" both).
    fn new_game(rules: &Rules, rng: &mut dyn RngCore) -> Self {
        let mut kinds: Vec<u8> = (0..KINDS as u8).collect();
        // Fisher-Yates with the game's own RNG, so the seed decides the deal.
        for i in (1..kinds.len()).rev() {
            let j = (rng.next_u32() as usize) % (i + 1);
            kinds.swap(i, j);
        }
        let mut game = Dejarik {
            rules: Arc::new(rules.clone()),
            board: [None; Square::COUNT],
            to_move: if rng.next_u32().is_multiple_of(2) {
                WHITE
            } else {
                BLACK
            },
            actions_left: 2,
            phase: Phase::Action,
            passed: [SquareSet::EMPTY; KINDS],
            ply: 0,
            end: None,
        };
        for (side, seat) in [WHITE, BLACK].into_iter().enumerate() {
            for (slot, square) in START[side].iter().enumerate() {
                let square: Square = square.parse().expect("start squares are valid");
                let kind = kinds[side * 4 + slot];
                game.place(square, Some(Piece { kind, owner: seat }));
            }
        }
        game
    }

    fn from_position(rules: &Rules, text: &str) -> Result<Self, PositionError> {
        Self::check_rules(rules)?;
        notation::parse_position(rules, text)
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
        match self.phase {
            Phase::Action => Some(Decider::Seat(self.to_move)),
            Phase::Roll { .. } | Phase::Duel => Some(Decider::Chance),
            Phase::Push { target } => {
                let victim = self.piece(target).expect("a push target holds a monster");
                Some(Decider::Seat(other(victim.owner)))
            }
            Phase::Over => None,
        }
    }

    fn decision(&self) -> Option<Decision> {
        match self.phase {
            Phase::Action => Some(Decision::Action {
                seat: seat_name(self.to_move).to_string(),
                number: if self.actions_left >= 2 { 1 } else { 2 },
            }),
            Phase::Push { target } => {
                let victim = self.piece(target).expect("a push target holds a monster");
                Some(Decision::Push {
                    seat: seat_name(other(victim.owner)).to_string(),
                    square: target.to_string(),
                })
            }
            Phase::Roll { .. } | Phase::Duel | Phase::Over => None,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        moves::generate(self, out);
    }

    fn is_legal(&self, mv: Move) -> bool {
        moves::is_legal(self, mv)
    }

    fn play_unchecked(&mut self, mv: Move) {
        moves::apply(self, mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        let end = self.end?;
        let (results, reason) = match end {
            End::Eliminated { winner } => (
                BySeat::from_fn(2, |s| {
                    if s == winner {
                        SeatResult::Win
                    } else {
                        SeatResult::Loss
                    }
                }),
                Ending::NoMonstersLeft {
                    loser: seat_name(other(winner)).to_string(),
                },
            ),
            End::Duel { winner } => (
                BySeat::from_fn(2, |s| {
                    if s == winner {
                        SeatResult::Win
                    } else {
                        SeatResult::Loss
                    }
                }),
                Ending::DuelWon {
                    winner: seat_name(winner).to_string(),
                },
            ),
            End::UndecidableDuel => (
                BySeat::from_fn(2, |_| SeatResult::Draw),
                Ending::UndecidableDuel,
            ),
            End::PlyLimit => (
                BySeat::from_fn(2, |_| SeatResult::Draw),
                Ending::DecisionLimit {
                    limit: self.rules.ply_limit.into(),
                },
            ),
        };
        Some(Outcome {
            results,
            scores: None,
            reason,
        })
    }

    fn captures(&self, mv: Move) -> Vec<String> {
        moves::kills(self, mv)
            .map(|sq| sq.to_string())
            .into_iter()
            .collect()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        notation::parse_move(self, text)
    }

    fn move_notation(&self, mv: Move) -> String {
        notation::format_move(self, mv)
    }

    fn chance_probability(&self, mv: Move) -> f64 {
        moves::chance_probability(self, mv)
    }

    /// Rolls real dice one by one, so the recorded sums are honest rolls
    /// rather than representatives.
    fn sample_chance(&self, rng: &mut dyn RngCore) -> Move {
        let roll = |dice: u8, rng: &mut dyn RngCore| -> u8 {
            (0..dice).map(|_| (rng.next_u32() % 6) as u8 + 1).sum()
        };
        match self.phase {
            Phase::Roll { attacker, defender } => {
                let a = self.monster(self.piece(attacker).expect("attacker")).attack;
                let d = self
                    .monster(self.piece(defender).expect("defender"))
                    .defence;
                Move::Roll {
                    attack: roll(a, rng),
                    defence: roll(d, rng),
                }
            }
            Phase::Duel => {
                let (w, b) = dice_for_duel(self).expect("a duel phase has dice");
                loop {
                    let (x, y) = (roll(w, rng), roll(b, rng));
                    // Rounds that kill nobody are rolled again (seed: the duel
                    // goes on "hasta que se produce una muerte").
                    if (i32::from(x) - i32::from(y)).abs() >= 7 {
                        return Move::Duel { white: x, black: y };
                    }
                }
            }
            _ => unreachable!("sample_chance is only called at chance nodes"),
        }
    }
}

#[cfg(test)]
mod tests;
