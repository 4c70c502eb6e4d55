//! How Discord writes what the service leaves to a platform (see
//! `service::Style`): members and roles as mentions, within Discord's
//! length limit.

use super::limits::DISCORD_LIMIT;
use crate::service::Style;

/// Members as `<@id>` and roles as `<@&id>` (shown as their names; the
/// allowed mentions decide who is pinged), within Discord's 2000
/// characters.
pub struct DiscordStyle;

impl Style for DiscordStyle {
    fn member(&self, id: &str) -> String {
        format!("<@{id}>")
    }

    fn role(&self, id: &str) -> String {
        format!("<@&{id}>")
    }

    fn limit(&self) -> Option<usize> {
        Some(DISCORD_LIMIT)
    }
}
