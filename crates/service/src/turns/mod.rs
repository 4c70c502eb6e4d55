//! The turns' clockwork: what happens to a community game's ballots as
//! time passes, with nobody asking. A ballot's votes open when its
//! discussion ends (`open.rs`), and when it is due it closes, the engine
//! and the dice reply, and the next ballot opens or the game ends
//! (`close.rs`). A deadline moved because the ballot was shown late is the
//! deliveries' (`deliveries/shown.rs`): they alone know when it was shown.
//!
//! Apart from `games/` because its callers are: the scheduler, the
//! recovery after a restart and the terminal's clock drive these, while
//! members drive the game's lifecycle. Both write through the same guarded
//! transitions, so neither needs the other's door.
//!
//! Community ballots only: a match's moves and timers are the matches'
//! (`matches/`), which has no ballots. The reviews of finished games are
//! time-driven too (`games().post_due_reviews`) but stay with the game:
//! they read a game that has ended, not ballots, and what they post is
//! the game's.

mod close;
mod open;

pub use close::{CloseReport, FailingClose};

use crate::ServiceError;
use holotable_store::{BallotId, Millis};

/// The door to the turns' clockwork: `service.turns().close_due()`.
#[derive(Clone, Copy)]
pub struct Turns<'a>(pub(crate) &'a crate::Service);

impl Turns<'_> {
    /// Open ballots whose deadline is at or before `at`, earliest first:
    /// what [`Turns::close_due`] would close at `at`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn due_ballots(self, at: Millis) -> Result<Vec<BallotId>, ServiceError> {
        Ok(self.0.store.due_ballots(at).await?)
    }

    /// The earliest deadline of an open ballot after `after`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn next_deadline(self, after: Millis) -> Result<Option<Millis>, ServiceError> {
        Ok(self.0.store.earliest_deadline(after).await?)
    }
}
