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
mod league;
pub(super) mod matches;
mod pages;
pub(super) mod puzzle;
mod ratings;
mod settings;
mod settings_voters;
pub(super) mod suggest;
pub(super) mod versus;
pub(super) mod vote;

use super::layout::ballots::MenuAction;
use super::reply::{Acked, Click};
use super::{Data, Error};
use poise::serenity_prelude as serenity;

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
        league::league(),
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

/// Answers a click on any of the bot's buttons and menus: a match's, a
/// challenge's, a calling post's, a suggestion's or a puzzle's first;
/// anything else is a ballot menu.
///
/// # Errors
/// When a click that must be acknowledged before its work could not be:
/// nothing of it was done.
pub async fn on_click(data: &Data, click: &Click<'_>) -> Result<(), Error> {
    let handled = matches::on_component(data, click).await?
        || versus::on_component(data, click).await?
        || calling::on_component(data, click).await?
        || suggest::on_component(data, click).await?
        || puzzle::on_component(data, click).await?;
    if !handled {
        vote::on_menu(data, click).await?;
    }
    Ok(())
}

/// How a click that has to wait its turn is acknowledged as it arrives.
/// A ballot menu's pick is always answered with a message to its member
/// alone (the vote's receipt, or the picked piece's moves), so
/// "thinking…" shows them it was taken. Any other click may answer by
/// editing the message it is on, which only a deferred update allows; an
/// answer of the member's own then comes as a follow-up.
pub fn waiting_ack(click: &serenity::ComponentInteraction) -> Acked {
    if MenuAction::parse(&click.data.custom_id).is_some() {
        Acked::Reply
    } else {
        Acked::Update
    }
}
