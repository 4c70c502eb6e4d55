//! A side leaving four-army Djambi before the end (its community ran out
//! of time or resigned): its army is out as if its Leader fell, and the
//! other armies play on. `docs/rules/djambi.md` ("A side that leaves") has
//! the reading of the rules this settles.
//!
//! With two players a seat is a whole side, so its leaving ends the game
//! like in every two-seat game; that is [`Game::seat_leaves`]'s default.

use super::moves::recover;
use super::{Army, Djambi, End};
use crate::leave::{check_seat_may_leave, leaving_ends_the_game};
use crate::{Game, LeaveError, Seat, SeatLeft};

impl Djambi {
    /// `seat` leaves; see [`Game::seat_leaves`] and the module doc.
    pub(super) fn leave(&mut self, seat: Seat) -> Result<SeatLeft, LeaveError> {
        if self.rules.players == 2 {
            return leaving_ends_the_game(self, seat);
        }
        check_seat_may_leave(self, seat)?;
        let army = Army::from_index(seat.index());
        if !self.is_active(army) {
            return Err(LeaveError::AlreadyOut {
                seat,
                side: self.seat_name(seat),
            });
        }
        self.fall_without_killer(army);
        self.pass_turn_from(army);
        Ok(match self.outcome() {
            Some(outcome) => SeatLeft::GameEnds {
                results: outcome.results,
            },
            None => SeatLeft::GameGoesOn,
        })
    }

    /// `army`'s Leader falls where it stands with nobody to hand its pieces
    /// to: they, and every army it had taken, wait controlled by nobody like
    /// an encircled side's, for the next Leader to take the Labyrinth (or
    /// the one holding it now, which takes them at once).
    fn fall_without_killer(&mut self, army: Army) {
        let leader = self
            .leader_square(army)
            .expect("an army that commands itself has a live Leader");
        let cell = &mut self.cells[leader.index()];
        *cell = cell.map(|piece| piece.killed());
        for control in &mut self.control {
            if *control == Some(army) {
                *control = None;
            }
        }
        recover(self);
        // A Leader fell: the count of turns without a death starts again,
        // as after an encirclement.
        self.quiet = 0;
        self.refresh_end();
    }

    /// Puts the turn where it belongs once `army` is out. Its own turn (a
    /// regular one or a Labyrinth extra turn) passes to the next army in
    /// play, with no holder's extra turn, because `army` played no turn for
    /// one to follow. A holder's extra turn after `army`'s last turn stays,
    /// and is written as following the army before it in play, which leads
    /// to the same next turn.
    fn pass_turn_from(&mut self, army: Army) {
        if let Some(End::Won { winner }) = self.end {
            // As after a winning move, the winner stays "to move" so the
            // final position reads back like any other.
            let last = self
                .armies_of(winner)
                .find(|&a| self.is_active(a))
                .expect("the winning seat has an army in play");
            self.to_move = last;
            self.cursor = last;
        } else if self.to_move == army {
            let next = self.next_active(self.cursor);
            self.to_move = next;
            self.cursor = next;
        } else if self.cursor == army {
            self.cursor = self.previous_active(army);
        }
    }

    /// The last army before `army` in turn order that plays its own turns.
    fn previous_active(&self, army: Army) -> Army {
        let mut previous = Army::from_index(army.index() + 3);
        while !self.is_active(previous) {
            previous = Army::from_index(previous.index() + 3);
        }
        previous
    }
}
