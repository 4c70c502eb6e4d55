//! How a match's people are named on Discord: a member as a player, a
//! player as a mention, a rating as people read it. Shared by the match
//! commands, their clicks, match delivery and the rating embeds.

use crate::model::PlayerRef;
use poise::serenity_prelude as serenity;

/// The player a Discord user is; their global display name, else their
/// user name, is what the match's posts call them.
pub fn player_of(user: &serenity::User) -> PlayerRef {
    PlayerRef {
        id: user.id.get().to_string(),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
    }
}

/// A mention of the user `id`, which Discord shows as their name.
pub fn mention(id: &str) -> String {
    format!("<@{id}>")
}

/// A rating as people read it: whole points ("1523").
pub fn whole(rating: f64) -> String {
    format!("{rating:.0}")
}
