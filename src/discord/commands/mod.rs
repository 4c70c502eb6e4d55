//! The slash commands and the clicks on their buttons and menus: each
//! turns Discord's ids and options into the service's words, calls the
//! service and answers the member. What the channel sees afterwards is
//! [`delivery`](super::delivery)'s.

pub(super) mod calling;
pub(super) mod community;
mod community_leaderboard;
mod community_review;
mod community_stats;
mod gotd;
pub(super) mod matches;
mod pages;
pub(super) mod puzzle;
mod ratings;
mod settings;
pub(super) mod suggest;
pub(super) mod versus;
pub(super) mod vote;

use super::{Data, Error};

/// Every slash command the bot registers.
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    // The versus subcommands use `/community start`'s choices, so
    // `community.rs` cannot name them without the two importing each other.
    let mut community = community::community();
    community.subcommands.extend(versus::subcommands());
    community.subcommands.extend(calling::subcommands());
    community.subcommands.extend(pages::subcommands());
    vec![
        community,
        vote::vote(),
        suggest::suggest(),
        gotd::gotd(),
        puzzle::puzzle(),
        matches::challenge(),
        matches::play(),
        matches::move_(),
        matches::resign(),
        matches::match_(),
        ratings::leaderboard(),
        ratings::profile(),
        settings::settings(),
    ]
}
