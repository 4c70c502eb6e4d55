//! An announcement waiting in a channel's queue to be delivered, as the
//! store keeps it: its kind, payload and progress are the service's words
//! and JSON, kept as text, which the service alone reads (an adapter is
//! handed the service's decoded `Delivery`).

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
