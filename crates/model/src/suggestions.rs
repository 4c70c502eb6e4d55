//! A move a member argued for on a ballot, and how many back it.

use crate::BallotId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub id: i64,
    pub ballot: BallotId,
    pub mv: String,
    /// The member who suggested it, by platform id.
    pub author: String,
    /// Why, on one line, as the service kept it.
    pub reason: String,
    /// Members who back it, its author not counted.
    pub backers: u32,
}
