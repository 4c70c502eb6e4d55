//! Matches on Discord: the commands, the clicks on challenge buttons and
//! turn menus, the menus' layouts and a thread per match. Rules (who may
//! act, what a move means) stay in the service; refusals are ephemeral.
//!
//! The files depend one way: `players`, `present` and `threads` use
//! nothing else here; `start`, `turns`, `status` and `clicks` use them.
//! Ratings' embeds are `discord/ratings.rs`; posting a match's turns and
//! results is the outbox's (`discord/deliver/matches.rs`), which shares
//! its private posting steps with every other announcement.

mod clicks;
mod players;
mod present;
mod start;
mod status;
mod threads;
mod turns;

pub(super) use clicks::on_component;
pub(super) use players::{mention, player_of, whole};
pub(super) use present::turn_rows;
pub(super) use start::{challenge, play};
pub(super) use status::match_;
pub(super) use turns::{move_, resign};
