//! Gamer of the Day's settings for a server.

use crate::Millis;

/// A server's daily-post settings, as stored (validated by the service).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailySettings {
    pub server: String,
    pub channel: String,
    /// Local time of the post, `HH:MM`.
    pub post_time: String,
    /// IANA time zone name.
    pub time_zone: String,
    /// Ping the member of the day (otherwise they are named without a ping).
    pub mentions: bool,
    pub configured_at: Millis,
}
