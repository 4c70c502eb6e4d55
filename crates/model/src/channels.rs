//! A platform's channel as the service keys it (`discord:100`), as a type,
//! so a channel passed where a server, a member or a message belongs is a
//! compile error rather than a post in the wrong place.
//!
//! The key is the platform adapter's to write and read (Discord's
//! `keys.rs`); the service and the store keep it whole and never parse it.

use serde::{Deserialize, Serialize};

/// A platform's channel or thread, as the service keys it (`discord:100`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ChannelKey(pub String);

impl ChannelKey {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ChannelKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
