//! Which language a server's channel posts speak: a manager's
//! choice, else the guild's preferred locale as Discord last sent it, else
//! English. What a single member reads in reply to their own request is
//! their own locale's business, decided by the adapter.

use super::Servers;
use crate::{Actor, Refusal, ServiceError};
use holotable_i18n::Lang;
use holotable_store::Store;

/// [`Servers::channel_language`], read from `store`: the deliveries word
/// their posts with it, and they hold the store, not the service.
pub(crate) async fn channel_lang(store: &Store, channel: &str) -> Result<Lang, ServiceError> {
    let code = store.channel_language(channel).await?;
    Ok(code.and_then(|c| c.parse().ok()).unwrap_or_default())
}

/// A server's language and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerLanguage {
    pub lang: Lang,
    /// A manager chose it; otherwise it follows the guild's locale.
    pub chosen: bool,
}

impl Servers<'_> {
    /// The language posts in `channel` speak. A code the catalogue no
    /// longer knows reads as English rather than failing the post.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn channel_language(self, channel: &str) -> Result<Lang, ServiceError> {
        channel_lang(&self.0.store, channel).await
    }

    /// # Errors
    /// Storage failures.
    pub async fn server_language(self, server: &str) -> Result<ServerLanguage, ServiceError> {
        Ok(match self.0.store.server_language(server).await? {
            Some((code, chosen)) => ServerLanguage {
                lang: code.parse().unwrap_or_default(),
                chosen,
            },
            None => ServerLanguage {
                lang: Lang::default(),
                chosen: false,
            },
        })
    }

    /// Sets the language of `server`'s posts; it stands until the next
    /// choice, whatever the guild's locale becomes.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server.
    pub async fn choose_language(
        self,
        server: &str,
        lang: Lang,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        if !by.can_manage {
            return Err(Refusal::NotAllowed {
                action: "choose-language",
            }
            .into());
        }
        Ok(self
            .0
            .store
            .choose_server_language(server, lang.code(), self.0.now())
            .await?)
    }

    /// The guild's preferred locale, as the platform reports it with each
    /// request; a locale the catalogue lacks means English.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn note_server_locale(self, server: &str, locale: &str) -> Result<(), ServiceError> {
        let lang = Lang::from_discord_locale(locale).unwrap_or_default();
        Ok(self
            .0
            .store
            .note_server_language(server, lang.code(), self.0.now())
            .await?)
    }
}
