//! Per-channel settings: which platform role may start and stop games,
//! whether matches made in the channel get a thread each, and which server
//! a channel belongs to.

use super::Servers;
use crate::{Actor, Refusal, ServiceError};

impl Servers<'_> {
    /// The role (a platform's id, as text) that may start and stop games in
    /// `channel`, besides server managers.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn starter_role(self, channel: &str) -> Result<Option<String>, ServiceError> {
        Ok(self.0.store.starter_role(channel).await?)
    }

    /// Sets (or with `None` clears) the channel's starter role.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server.
    pub async fn set_starter_role(
        self,
        channel: &str,
        role: Option<&str>,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        by.must_manage("choose-starters")?;
        if let Some(role) = role
            && let Some(calls) = self.0.store.call_settings(channel).await?
            && calls.role == role
        {
            return Err(Refusal::CallRoleStarts.into());
        }
        Ok(self.0.store.set_starter_role(channel, role).await?)
    }

    /// Whether each match made in `channel` should get a thread of its own.
    /// Making the thread is the platform adapter's work: the service only
    /// keeps the choice, and plays the match wherever it is started.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn match_threads(self, channel: &str) -> Result<bool, ServiceError> {
        Ok(self.0.store.match_threads(channel).await?)
    }

    /// Turns a thread per match in `channel` on or off; matches already
    /// started stay where they are.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server.
    pub async fn set_match_threads(
        self,
        channel: &str,
        on: bool,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "choose-match-threads",
            }
            .into());
        }
        Ok(self.0.store.set_match_threads(channel, on).await?)
    }
}

impl Servers<'_> {
    /// Remembers which server a channel belongs to, so the server's record
    /// includes that channel's games. Cheap when already known.
    ///
    /// # Errors
    /// When the store fails.
    pub async fn note_channel_server(
        self,
        channel: &str,
        server: &str,
    ) -> Result<(), ServiceError> {
        let key = (channel.to_string(), server.to_string());
        if self.0.noted.contains(&key) {
            return Ok(());
        }
        self.0.store.note_channel_server(channel, server).await?;
        self.0.noted.insert(key);
        Ok(())
    }
}
