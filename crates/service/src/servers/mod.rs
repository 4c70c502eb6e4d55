//! What a server or a channel sets for itself: the language its posts
//! speak, the role that may start games, whether matches get threads.
//!
//! `languages.rs` decides a channel's language, `settings.rs` keeps the
//! per-channel roles and switches. The role a ballot calls and its
//! reminder are the votes' (`votes/calling.rs`).

mod languages;
mod settings;

pub use languages::ServerLanguage;
pub(crate) use languages::channel_lang;

use std::collections::HashSet;
use std::sync::Mutex;

/// The door to what a server sets: `service.servers().channel_language(..)`.
#[derive(Clone, Copy)]
pub struct Servers<'a>(pub(crate) &'a crate::Service);

/// The (channel, server) pairs this process has noted, so commands in a
/// known channel (votes are the hot path) cost no write.
#[derive(Debug, Default)]
pub(crate) struct Noted(Mutex<HashSet<(String, String)>>);

impl Noted {
    pub(crate) fn contains(&self, key: &(String, String)) -> bool {
        self.0.lock().expect("not poisoned").contains(key)
    }

    pub(crate) fn insert(&self, key: (String, String)) {
        self.0.lock().expect("not poisoned").insert(key);
    }
}
