//! An announcement waiting in a channel's queue to be delivered.

use crate::Millis;

#[derive(Clone, Debug, PartialEq)]
pub struct QueuedAnnouncement {
    pub id: i64,
    /// The game the message is about; none for messages of no game (the
    /// daily post).
    pub game_id: Option<i64>,
    pub channel: String,
    pub kind: String,
    pub payload: String,
    /// When it was queued: the moment of the change it announces.
    pub created_at: Millis,
    pub attempts: i64,
    pub delivery_ref: Option<String>,
}
