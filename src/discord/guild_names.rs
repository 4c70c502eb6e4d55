//! The names of the servers the bot is in, as the gateway announces them:
//! the one thing the bot reads about a server beyond what an interaction
//! carries (a challenge shows the name to other servers).
//!
//! Kept here rather than in serenity's cache, which keeps each server
//! whole (every channel, role and member announced, a few kilobytes or
//! more each) when a name is all the bot reads; with ten thousand servers
//! that cache would be most of the process's memory.

use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::{PoisonError, RwLock};

#[derive(Default)]
pub struct GuildNames {
    names: RwLock<HashMap<serenity::GuildId, Box<str>>>,
}

impl GuildNames {
    pub fn get(&self, guild: serenity::GuildId) -> Option<String> {
        let names = self.names.read().unwrap_or_else(PoisonError::into_inner);
        names.get(&guild).map(|name| name.to_string())
    }

    pub fn set(&self, guild: serenity::GuildId, name: &str) {
        let mut names = self.names.write().unwrap_or_else(PoisonError::into_inner);
        names.insert(guild, name.into());
    }

    /// The bot left the server, or the server is gone.
    pub fn forget(&self, guild: serenity::GuildId) {
        let mut names = self.names.write().unwrap_or_else(PoisonError::into_inner);
        names.remove(&guild);
    }
}

#[cfg(test)]
mod tests {
    use super::GuildNames;
    use poise::serenity_prelude::GuildId;

    #[test]
    fn a_renamed_server_shows_its_new_name_and_a_left_one_none() {
        let names = GuildNames::default();
        let guild = GuildId::new(7);
        names.set(guild, "Rebel Base");
        names.set(guild, "Echo Base");
        assert_eq!(names.get(guild).as_deref(), Some("Echo Base"));
        names.forget(guild);
        assert_eq!(names.get(guild), None);
    }
}
