//! What a server or a channel sets for itself: the language its posts
//! speak, the role that may start games, whether matches get threads.
//!
//! `languages.rs` decides a channel's language, `settings.rs` keeps the
//! per-channel roles and switches. The role a ballot calls and its
//! reminder are the votes' (`votes/calling.rs`).

mod languages;
mod settings;

pub use languages::ServerLanguage;

/// The door to what a server sets: `service.servers().channel_language(..)`.
#[derive(Clone, Copy)]
pub struct Servers<'a>(pub(crate) &'a crate::Service);
