//! The list of games, and [`AnyGame`] for code that picks a game at run time
//! (the CLI, the service, stored games) and speaks notation strings.

use super::dejarik::Dejarik;
use super::djambi::Djambi;
use super::holochess::Holochess;
use super::space_checkers::SpaceCheckers;
use super::{
    Decider, Game, GameKind, LeaveError, Outcome, PlayError, PositionError, Seat, SeatLeft,
};
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// One game of any kind, for callers that choose the game at run time.
///
/// Generic code (the engine, perft) runs on the concrete type through
/// [`with_game!`](crate::with_game); everything else here speaks notation
/// strings, which is what crosses the service and storage boundaries.
#[derive(Clone, Debug)]
pub enum AnyGame {
    SpaceCheckers(SpaceCheckers),
    Holochess(Holochess),
    Dejarik(Dejarik),
    Djambi(Djambi),
}

/// Runs `$body` with `$game` bound to the concrete game inside an
/// [`AnyGame`](crate::AnyGame) (by reference or by value, as given).
#[macro_export]
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            $crate::AnyGame::SpaceCheckers($game) => $body,
            $crate::AnyGame::Holochess($game) => $body,
            $crate::AnyGame::Dejarik($game) => $body,
            $crate::AnyGame::Djambi($game) => $body,
        }
    };
}

/// One legal move as `holotable legal --json` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMove {
    #[serde(rename = "move")]
    pub notation: String,
    /// The position string after the move.
    pub position: String,
    pub captures: Vec<String>,
}

/// Rule options in their stored form: a JSON object, `{}` for the defaults.
pub type RulesJson = serde_json::Value;

fn parse_rules<G: Game>(rules: &RulesJson) -> Result<G::Rules, PositionError> {
    let parsed = if rules.is_null() || rules.as_object().is_some_and(|o| o.is_empty()) {
        G::Rules::default()
    } else {
        serde_json::from_value(rules.clone())
            .map_err(|e| PositionError::new(format!("bad rules: {e}")))?
    };
    G::check_rules(&parsed)?;
    Ok(parsed)
}

impl AnyGame {
    /// A new game with its starting position (random setups drawn from `rng`).
    ///
    /// # Errors
    /// When `rules` does not describe valid options for `kind`.
    pub fn new_game(
        kind: GameKind,
        rules: &RulesJson,
        rng: &mut dyn RngCore,
    ) -> Result<AnyGame, PositionError> {
        Ok(match kind {
            GameKind::SpaceCheckers => AnyGame::SpaceCheckers(SpaceCheckers::new_game(
                &parse_rules::<SpaceCheckers>(rules)?,
                rng,
            )),
            GameKind::Holochess => {
                AnyGame::Holochess(Holochess::new_game(&parse_rules::<Holochess>(rules)?, rng))
            }
            GameKind::Dejarik => {
                AnyGame::Dejarik(Dejarik::new_game(&parse_rules::<Dejarik>(rules)?, rng))
            }
            GameKind::Djambi => {
                AnyGame::Djambi(Djambi::new_game(&parse_rules::<Djambi>(rules)?, rng))
            }
        })
    }

    /// # Errors
    /// When the rules or the position string are not valid for `kind`.
    pub fn from_position(
        kind: GameKind,
        rules: &RulesJson,
        text: &str,
    ) -> Result<AnyGame, PositionError> {
        Ok(match kind {
            GameKind::SpaceCheckers => AnyGame::SpaceCheckers(SpaceCheckers::from_position(
                &parse_rules::<SpaceCheckers>(rules)?,
                text,
            )?),
            GameKind::Holochess => AnyGame::Holochess(Holochess::from_position(
                &parse_rules::<Holochess>(rules)?,
                text,
            )?),
            GameKind::Dejarik => AnyGame::Dejarik(Dejarik::from_position(
                &parse_rules::<Dejarik>(rules)?,
                text,
            )?),
            GameKind::Djambi => {
                AnyGame::Djambi(Djambi::from_position(&parse_rules::<Djambi>(rules)?, text)?)
            }
        })
    }

    pub fn kind(&self) -> GameKind {
        with_game!(self, g => kind_of(g))
    }

    pub fn rules_json(&self) -> RulesJson {
        with_game!(self, g => serde_json::to_value(g.rules()).expect("rules serialise to JSON"))
    }

    pub fn position(&self) -> String {
        with_game!(self, g => g.position())
    }

    pub fn to_decide(&self) -> Option<Decider> {
        with_game!(self, g => g.to_decide())
    }

    pub fn decision(&self) -> Option<super::Decision> {
        with_game!(self, g => g.decision())
    }

    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, g => g.outcome())
    }

    pub fn seat_count(&self) -> usize {
        with_game!(self, g => g.seat_count())
    }

    pub fn seat_name(&self, seat: Seat) -> &'static str {
        with_game!(self, g => g.seat_name(seat))
    }

    /// Every legal move in notation, in the game's stable order.
    pub fn legal_notations(&self) -> Vec<String> {
        with_game!(self, g => {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            moves.into_iter().map(|mv| g.move_notation(mv)).collect()
        })
    }

    /// Every legal move with what it leads to, for machine-readable output.
    pub fn legal_details(&self) -> Vec<LegalMove> {
        with_game!(self, g => {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|mv| {
                    let mut after = g.clone();
                    after.play_unchecked(mv);
                    LegalMove {
                        notation: g.move_notation(mv),
                        position: after.position(),
                        captures: g.captures(mv),
                    }
                })
                .collect()
        })
    }

    /// Draws a chance result (dice) with `rng`, in notation.
    pub fn sample_chance(&self, rng: &mut dyn RngCore) -> String {
        with_game!(self, g => g.move_notation(g.sample_chance(rng)))
    }

    /// `seat` leaves the game; see [`Game::seat_leaves`].
    ///
    /// # Errors
    /// As [`Game::seat_leaves`]; the position is unchanged on error.
    pub fn seat_leaves(&mut self, seat: Seat) -> Result<SeatLeft, LeaveError> {
        with_game!(self, g => g.seat_leaves(seat))
    }

    /// Whether `seat` still plays: the game is not over and the seat has
    /// not left it. Asked of [`Game::seat_leaves`] itself, on a copy, so
    /// the answer cannot drift from what leaving would do.
    pub fn seat_in_play(&self, seat: Seat) -> bool {
        self.clone().seat_leaves(seat).is_ok()
    }

    /// Plays a move given in notation and returns its canonical notation
    /// (as it was before the move, so captures are shown).
    ///
    /// # Errors
    /// As [`Game::play_notation`]; the position is unchanged on error.
    pub fn play_notation(&mut self, text: &str) -> Result<String, PlayError> {
        with_game!(self, g => {
            let before = g.clone();
            let mv = g.play_notation(text)?;
            Ok(before.move_notation(mv))
        })
    }
}

fn kind_of<G: Game>(_: &G) -> GameKind {
    G::KIND
}
