//! Votes: a member's say on the open ballot, however it reaches us (a
//! command, a menu, a platform's native poll), the suggestions argued
//! beside it, the calls and reminders that bring members to vote, and the
//! figures of what their votes did.
//!
//! `cast.rs` records votes (the hot path, from a per-channel cache of the
//! open ballot), `polls.rs` reconciles a native poll's answers at the
//! deadline, `suggestions.rs` takes and backs suggestions, `calling.rs`
//! calls the role and sends the reminder, `stats.rs` counts, `voters.rs`
//! keeps who may vote and refuses, before anything else, those who may not. Closing the
//! ballot is the turns' clockwork's (`turns/close.rs`).

mod calling;
mod cast;
mod polls;
pub(crate) mod refusals;
mod stats;
mod suggestions;
mod voters;

pub use calling::{ReminderChange, parse_quiet_hours};
pub(crate) use cast::BallotContext;
pub use polls::{MemberFacts, MembersFuture, PollAnswers, PollFuture, PollSource};
pub use stats::{VoterRanking, VotersPeriod};
pub use voters::{MAX_VOTER_THRESHOLD_MS, ServerMember, parse_voter_threshold};

/// The door to votes: `service.votes().cast(..)`.
#[derive(Clone, Copy)]
pub struct Votes<'a>(pub(crate) &'a crate::Service);
