//! Matches on Discord: the commands, the clicks on challenge buttons and
//! turn menus, and a thread per match. Rules (who may act, what a move
//! means) stay in the service; refusals are ephemeral.
//!
//! The files depend one way: `players` and `threads` use nothing else
//! here; `start`, `turns`, `status` and `clicks` use them. The menus' and
//! buttons' layouts are `discord/layout/matches.rs`, which the outbox's
//! posting of a match's turns (`discord/delivery/matches.rs`) uses too;
//! ratings' embeds are `discord/commands/ratings.rs`.

mod clicks;
mod players;
mod start;
mod status;
mod threads;
mod turns;

pub(in crate::discord) use clicks::on_component;
pub(in crate::discord) use players::{mention, player_of, whole};
pub(in crate::discord) use start::{challenge, play};
pub(in crate::discord) use status::match_;
pub(in crate::discord) use threads::Switch;
pub(in crate::discord) use turns::{move_, resign};
