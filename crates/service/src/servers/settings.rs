//! Per-channel settings: which platform role may start and stop games,
//! and whether matches made in the channel get a thread each.

use crate::{Actor, Refusal, Service, ServiceError};

impl Service {
    /// The role (a platform's id, as text) that may start and stop games in
    /// `channel`, besides server managers.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn starter_role(&self, channel: &str) -> Result<Option<String>, ServiceError> {
        Ok(self.store.starter_role(channel).await?)
    }

    /// Sets (or with `None` clears) the channel's starter role.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server.
    pub async fn set_starter_role(
        &self,
        channel: &str,
        role: Option<&str>,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        by.must_manage("choose-starters")?;
        if let Some(role) = role
            && let Some(calls) = self.store.call_settings(channel).await?
            && calls.role == role
        {
            return Err(Refusal::CallRoleStarts.into());
        }
        Ok(self.store.set_starter_role(channel, role).await?)
    }

    /// Whether each match made in `channel` should get a thread of its own.
    /// Making the thread is the platform adapter's work: the service only
    /// keeps the choice, and plays the match wherever it is started.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn match_threads(&self, channel: &str) -> Result<bool, ServiceError> {
        Ok(self.store.match_threads(channel).await?)
    }

    /// Turns a thread per match in `channel` on or off; matches already
    /// started stay where they are.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server.
    pub async fn set_match_threads(
        &self,
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
        Ok(self.store.set_match_threads(channel, on).await?)
    }
}
