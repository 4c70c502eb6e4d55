//! Matches on Discord: the commands, the clicks on challenge buttons and
//! turn menus, the menus' layouts and a thread per match. Rules (who may
//! act, what a move means) stay in the service; refusals are ephemeral.
//!
//! The files depend one way: `players`, `present` and `threads` use
//! nothing else here; `start`, `turns`, `status` and `clicks` use them.
//! Ratings' embeds are `discord/commands/ratings.rs`; posting a match's turns and
//! results is the outbox's (`discord/delivery/matches.rs`), which shares
//! its private posting steps with every other announcement.

mod clicks;
mod players;
mod present;
mod start;
mod status;
mod threads;
mod turns;

pub(in crate::discord) use clicks::on_component;
pub(in crate::discord) use players::{mention, player_of, whole};
pub(in crate::discord) use present::turn_rows;
pub(in crate::discord) use start::{challenge, play};
pub(in crate::discord) use status::match_;
pub(in crate::discord) use threads::Switch;
pub(in crate::discord) use turns::{move_, resign};
