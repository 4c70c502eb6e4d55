//! A ballot's voting time runs from when members can see it.
//!
//! A ballot is written with its deadline, and the platform shows it when
//! delivery gets through: normally within a second, but retries after 429s
//! or 5xx can take longer, and members then lost that time, or saw a
//! ballot close before it appeared. The adapter reports when it is about
//! to show a ballot and when it did; each report moves the deadline to
//! "announced deadline + time since the announcement", forward only, by a
//! second or more, and only while the ballot is open, so a report repeated
//! (a retried post, a restart) changes nothing more than the later of them
//! asks for. The second of slack keeps the closing time that the board, the
//! ballot and an extension show one and the same when posts are quick:
//! times are shown to the second, and a post takes a fraction of one.

use super::Turns;
use crate::ServiceError;
use holotable_store::{BallotId, Millis};

/// Lags below this leave the deadline alone, and so do moves smaller than
/// this: drawing the board and posting it takes about that long on any day.
const LATE_MS: Millis = 1_000;

impl Turns<'_> {
    /// Ballot `id`, announced at `since` with voting until `announced`, is
    /// (about to be) shown at `at`: its deadline moves to `announced` plus
    /// the lag, if that is later than it is. Returns the new deadline, if
    /// it moved; the scheduler is woken then.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn ballot_shown(
        self,
        id: BallotId,
        announced: Millis,
        since: Millis,
        at: Millis,
    ) -> Result<Option<Millis>, ServiceError> {
        let lag = at.saturating_sub(since);
        if lag < LATE_MS {
            return Ok(None);
        }
        let deadline = announced.saturating_add(lag);
        if !self.0.store.delay_deadline(id, deadline, LATE_MS).await? {
            return Ok(None);
        }
        tracing::info!(
            game = id.game.0,
            ply = id.ply,
            lag_ms = lag,
            "the ballot was shown late; its vote runs from when it was shown"
        );
        self.0.deadlines_changed.notify_one();
        Ok(Some(deadline))
    }
}
