//! What a good holochess position looks like.
//!
//! The game is won by removing all four enemy creatures, or by an enemy
//! reduced to one creature failing to capture for three of its turns (seed
//! 003). So the evaluation counts, in order of weight: material (by type),
//! the danger of being down to a last creature, the best capture each side
//! has right now (the side to move may take it; the other side's threats
//! count for less), and mobility. The same terms judge the placement phase:
//! a placement is scored by the movement position it leads to, with the
//! first player to move. The weights are guesses checked by
//! `holotable arena`, not tuned values.

use crate::engine::evaluate::{Evaluate, mix_key};
use crate::holochess::{Creature, DARK, GEOMETRY, Holochess, LIGHT, Move};
use crate::{Game, Seat};
use std::cell::RefCell;

/// Creature values, Brute, Predator, Guardian, Scout. The Scout acts twice
/// a turn and the Brute reaches eight squares, the warp included; the
/// Predator jumps but reaches at most six; the Guardian attacks only two
/// squares sideways.
const VALUE: [i32; 4] = [320, 300, 220, 340];
/// Per legal move.
const MOBILITY: i32 = 4;
/// Down to one creature: the game is lost unless it captures soon.
const LAST_CREATURE: i32 = 250;
/// Per own turn already spent without a capture while counting.
const COUNTER_TURN: i32 = 120;
/// The side to move is credited with this share (in hundredths) of the
/// best capture it has: it may take it now. The other side's threats count
/// for less: the side to move can often parry them.
const TAKE_SHARE: i32 = 70;
const THREAT_SHARE: i32 = 15;
/// The side to move can act first on a threat.
const TEMPO: i32 = 10;

thread_local! {
    /// Move lists for the evaluation, reused so a leaf does not allocate.
    static BUFFERS: RefCell<[Vec<Move>; 2]> = const { RefCell::new([Vec::new(), Vec::new()]) };
}

impl Evaluate for Holochess {
    /// The creatures' values average about 300.
    const PIECE: i32 = 300;

    fn evaluate(&self, seat: Seat) -> i32 {
        let opponent = Seat(1 - seat.0);
        BUFFERS.with_borrow_mut(|moves| {
            let view = View::of(self, moves);
            let tempo = if view.to_move == seat { TEMPO } else { -TEMPO };
            view.side_value(seat) - view.side_value(opponent) + tempo
        })
    }

    /// Captures first, most valuable victims first, then by how many
    /// squares the destination reaches (the centre reaches the most).
    fn order_hint(&self, mv: Move) -> i32 {
        match mv {
            Move::Act {
                capture: Some(square),
                ..
            } => {
                1000 + self
                    .creature_at(square)
                    .map_or(0, |(_, c)| VALUE[c.index()])
            }
            Move::Act { to, .. } | Move::Place { to, .. } => {
                GEOMETRY.brute[to.index()].count_ones() as i32
            }
        }
    }

    /// Every creature's square (31 for none), the ply (it decides who is
    /// to move and sudden death) and both counters.
    fn key(&self) -> u64 {
        let mut squares = 0u64;
        for seat in [LIGHT, DARK] {
            for creature in Creature::ALL {
                let code = self
                    .square_of(seat, creature)
                    .map_or(31, |sq| sq.index() as u64);
                squares = (squares << 5) | code;
            }
        }
        let counters = (u64::from(self.counter(LIGHT)) << 8) | u64::from(self.counter(DARK));
        mix_key(&[squares, u64::from(self.ply()), counters])
    }
}

/// The position as the evaluation sees it: in the placement phase, the
/// movement position the placements so far lead to.
struct View<'a> {
    game: &'a Holochess,
    to_move: Seat,
    moves: &'a [Vec<Move>; 2],
}

impl<'a> View<'a> {
    fn of(game: &'a Holochess, moves: &'a mut [Vec<Move>; 2]) -> View<'a> {
        // Placements are not mobility: count the moves each side's placed
        // creatures would have, with the first player to move after the
        // placement phase.
        let to_move = if game.placing() {
            game.rules().first.seat()
        } else {
            game.side_to_move()
        };
        for seat in [LIGHT, DARK] {
            game.movement_moves_of(seat, &mut moves[seat.index()]);
        }
        View {
            game,
            to_move,
            moves,
        }
    }

    fn side_value(&self, seat: Seat) -> i32 {
        let game = self.game;
        let opponent = Seat(1 - seat.0);
        let mut value = 0;
        for creature in Creature::ALL {
            // Creatures still in hand count as material too.
            if game.square_of(seat, creature).is_some() || game.placing() {
                value += VALUE[creature.index()];
            }
        }
        if !game.placing() && game.count(seat) == 1 {
            value -= LAST_CREATURE;
        }
        if game.counting(seat) {
            value -= COUNTER_TURN * i32::from(game.counter(seat));
        }
        let moves = &self.moves[seat.index()];
        value += MOBILITY * moves.len() as i32;
        let best_capture = moves
            .iter()
            .filter_map(|mv| match mv {
                Move::Act {
                    capture: Some(square),
                    ..
                } => game
                    .creature_at(*square)
                    .filter(|(owner, _)| *owner == opponent)
                    .map(|(_, c)| VALUE[c.index()]),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let share = if seat == self.to_move {
            TAKE_SHARE
        } else {
            THREAT_SHARE
        };
        value + best_capture * share / 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Level};
    use crate::holochess::Rules;

    fn game(position: &str) -> Holochess {
        Holochess::from_position(&Rules::default(), position).expect("test position is valid")
    }

    fn choice(game: &Holochess, level: Level) -> String {
        let choice = Engine::new(level, 1).choose(game).expect("a move");
        game.move_notation(choice.mv)
    }

    #[test]
    fn the_evaluation_is_symmetric_between_the_sides() {
        let game = game("BC1,PM5,GO3,SM12/BO6,PO2,GM2,SC2 l 20 0,0");
        assert_eq!(game.evaluate(LIGHT), -game.evaluate(DARK));
        let placing = Holochess::new_game(&Rules::default(), &mut rand::rng());
        assert_eq!(placing.evaluate(LIGHT), -placing.evaluate(DARK));
    }

    #[test]
    fn greedy_takes_the_most_valuable_creature() {
        // The light Brute can take the dark Guardian (O7 by warp) or the
        // Scout (O6 by warp).
        let game = game("BO1,PO12/GO7,SO6,BO9 l 8 0,0");
        assert_eq!(choice(&game, Level::Greedy), "BO1xO6");
    }

    #[test]
    fn a_lone_creature_with_two_turns_gone_captures_when_it_can() {
        // Light has one turn left: only a capture saves it.
        let game = game("PM1/GO11,BO6 l 30 2,0");
        assert_eq!(choice(&game, Level::Normal), "PM1xO11");
    }

    #[test]
    fn normal_sees_a_lone_enemy_run_out_of_turns() {
        // Dark's lone Scout has used two turns; light wins by staying out
        // of its reach (or by taking it), never by stepping next to it.
        let game = game("BO1,PO2/SO7 l 30 0,2");
        let mut after = game.clone();
        let mv = Engine::new(Level::Normal, 1).choose(&game).unwrap().mv;
        after.play_unchecked(mv);
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        assert!(
            replies
                .iter()
                .all(|&r| matches!(r, Move::Act { capture: None, .. })),
            "{} lets the Scout capture",
            game.move_notation(mv)
        );
    }

    #[test]
    fn keys_differ_by_counter_and_ply() {
        let a = game("BO1,PO2/SO7 l 30 0,2");
        let b = game("BO1,PO2/SO7 l 30 0,1");
        let c = game("BO1,PO2/SO7 l 32 0,2");
        assert_ne!(Evaluate::key(&a), Evaluate::key(&b));
        assert_ne!(Evaluate::key(&a), Evaluate::key(&c));
    }
}
