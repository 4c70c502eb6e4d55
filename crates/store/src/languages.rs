//! The language each server's channel posts speak, kept as the
//! catalogue's language code.

use super::{Millis, Store, StoreError, Written, on_pool};

impl Store {
    /// A manager's choice of language for `server`; it stands until the
    /// next choice, whatever Discord later says of the guild.
    pub async fn choose_server_language(
        &self,
        server: &str,
        language: &str,
        now: Millis,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query(
                "INSERT INTO server_languages (server, language, chosen, updated_at)
                 VALUES ($1, $2, TRUE, $3)
                 ON CONFLICT (server) DO UPDATE SET language = excluded.language,
                    chosen = TRUE, updated_at = excluded.updated_at",
            )
            .bind(server)
            .bind(language)
            .bind(now)
            .execute(db)
            .await
            .map(Written::from)
        })?;
        Ok(())
    }

    /// The guild's preferred language as Discord sent it; ignored once a
    /// manager has chosen, and written only when it changed, so the call
    /// that comes with every command costs a read.
    pub async fn note_server_language(
        &self,
        server: &str,
        language: &str,
        now: Millis,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query(
                "INSERT INTO server_languages (server, language, chosen, updated_at)
                 VALUES ($1, $2, FALSE, $3)
                 ON CONFLICT (server) DO UPDATE SET language = excluded.language,
                    updated_at = excluded.updated_at
                 WHERE server_languages.chosen = FALSE
                   AND server_languages.language != excluded.language",
            )
            .bind(server)
            .bind(language)
            .bind(now)
            .execute(db)
            .await
            .map(Written::from)
        })?;
        Ok(())
    }

    /// The language code of `server`, and whether a manager chose it.
    pub async fn server_language(
        &self,
        server: &str,
    ) -> Result<Option<(String, bool)>, StoreError> {
        let row = on_pool!(self, |db| {
            sqlx::query_as("SELECT language, chosen FROM server_languages WHERE server = $1")
                .bind(server)
                .fetch_optional(db)
                .await
        })?;
        Ok(row)
    }

    /// The language code of the server `channel` belongs to, if known.
    pub async fn channel_language(&self, channel: &str) -> Result<Option<String>, StoreError> {
        let code = on_pool!(self, |db| {
            sqlx::query_scalar(
                "SELECT l.language FROM channel_servers c
                 JOIN server_languages l ON l.server = c.server
                 WHERE c.channel = $1",
            )
            .bind(channel)
            .fetch_optional(db)
            .await
        })?;
        Ok(code)
    }
}
