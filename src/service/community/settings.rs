//! Per-channel settings: which platform role may start and stop games.

use crate::service::{Actor, Refusal, Service, ServiceError};

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
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "choose who starts games",
            }
            .into());
        }
        Ok(self.store.set_starter_role(channel, role).await?)
    }
}
