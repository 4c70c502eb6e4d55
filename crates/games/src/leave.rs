//! A seat leaving a game before its end, because its side ran out of time
//! or resigned: what [`Game::seat_leaves`] answers, and the answer of the
//! games that cannot go on without a side.
//!
//! Why a seat left is not the rules' concern (no game treats a resignation
//! differently from a timeout), so it is not asked here: the caller words it
//! as an [`Ending`] when the leave ends the game.

use super::{BySeat, Ending, Game, LeaveError, Outcome, Seat, SeatResult};

/// What a seat's leaving did to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatLeft {
    /// The game goes on without the seat: its side is out of the position
    /// and another seat decides next.
    GameGoesOn,
    /// The game is over with these results. The caller records them with
    /// its own [`Ending`] (see [`SeatLeft::outcome`]). Where the rules took
    /// the side out of the position, that position is over too and its
    /// [`Game::outcome`] has the same results; where they cannot go on
    /// without a side, the position is as it was.
    GameEnds { results: BySeat<SeatResult> },
}

impl SeatLeft {
    /// The outcome to record when the leave ended the game, with `reason`
    /// saying why in the caller's terms (a community that resigned, a
    /// player out of time); `None` while the game goes on.
    pub fn outcome(&self, reason: Ending) -> Option<Outcome> {
        match self {
            SeatLeft::GameGoesOn => None,
            SeatLeft::GameEnds { results } => Some(Outcome {
                results: results.clone(),
                scores: None,
                reason,
            }),
        }
    }
}

/// The leave of a game that cannot go on without a side, the default of
/// [`Game::seat_leaves`]: the position stays as it is, and the game ends
/// with `seat` losing and every other seat winning. That is the whole truth
/// of every two-seat game, including two-player Djambi, where the seat that
/// leaves takes both its armies with it.
///
/// # Errors
/// As [`check_seat_may_leave`].
pub(crate) fn leaving_ends_the_game<G: Game>(game: &G, seat: Seat) -> Result<SeatLeft, LeaveError> {
    check_seat_may_leave(game, seat)?;
    let results = BySeat::from_fn(game.seat_count(), |other| {
        if other == seat {
            SeatResult::Loss
        } else {
            SeatResult::Win
        }
    });
    Ok(SeatLeft::GameEnds { results })
}

/// What every game checks before a seat leaves.
///
/// # Errors
/// [`LeaveError::GameOver`] after the end, [`LeaveError::NoSuchSeat`] for a
/// seat the game does not have.
pub(crate) fn check_seat_may_leave<G: Game>(game: &G, seat: Seat) -> Result<(), LeaveError> {
    if game.to_decide().is_none() {
        return Err(LeaveError::GameOver);
    }
    let seats = game.seat_count();
    if seat.index() >= seats {
        return Err(LeaveError::NoSuchSeat { seat, seats });
    }
    Ok(())
}
