//! Leagues between communities, as pure rules: who plays whom in each
//! round ([`pairing`], [`tables`]), how the table stands after the results
//! ([`standings`]), when the next round begins ([`schedule`]), and who may
//! vote in a community's games ([`eligibility`]).
//!
//! Everything here is a function of its inputs: no clock, no database, no
//! platform, no randomness but a seed the caller hands in. The service
//! keeps the league (its entrants, games and results) and the scheduler
//! asks these functions what follows; the adapters turn a platform's ids
//! into the plain values used here (an account's creation time read from a
//! Discord snowflake is the Discord adapter's job, for instance).
//!
//! The crate depends on no other holotable crate, so the records below
//! the service (the model, the store) may name its vocabulary.

pub mod eligibility;
pub mod pairing;
pub mod schedule;
pub mod standings;
pub mod tables;
mod vocabulary;

pub use vocabulary::{Bye, Colour, Entrant, Finish, Fixture, GameResult, Millis, Outcome, Round};

/// The most communities a league takes: what keeps a round robin's
/// schedule (63 rounds of 32 games) and a bracket (64 slots) small enough
/// to compute and show at once.
pub const MAX_ENTRANTS: usize = 64;
