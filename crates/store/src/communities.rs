//! The names servers go by in community-against-community games, and
//! whether other servers may see them. A module of its own because both
//! invitations and tables write them, each inside its own transaction.

use super::{Millis, Store, StoreError, Tx, Written, on_pool, on_tx};

/// A community's name and whether other servers may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommunityName {
    pub server: String,
    pub name: String,
    pub shown: bool,
}

impl Store {
    /// Remembers a server's name; `shown` once set stays set.
    pub async fn name_community(
        &self,
        server: &str,
        name: &str,
        shown: bool,
        now: Millis,
    ) -> Result<(), StoreError> {
        let named = CommunityName {
            server: server.to_string(),
            name: name.to_string(),
            shown,
        };
        let mut tx = self.begin().await?;
        name_in(&mut tx, &named, now).await?;
        tx.commit().await
    }

    pub async fn community_name(&self, server: &str) -> Result<Option<CommunityName>, StoreError> {
        let row: Option<(String, String, bool)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT server, name, shown FROM communities WHERE server = $1"
        )
        .bind(server)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(|(server, name, shown)| CommunityName {
            server,
            name,
            shown,
        }))
    }
}

/// [`Store::name_community`] inside `tx`: an accept that names its server
/// does so in the transaction that accepts, so an accept refused at its
/// last step shows no name it never agreed to show.
pub(super) async fn name_in(
    tx: &mut Tx,
    named: &CommunityName,
    now: Millis,
) -> Result<(), StoreError> {
    on_tx!(tx, |db| {
        sqlx::query(
        "INSERT INTO communities (server, name, shown, updated_at, page_token) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (server) DO UPDATE SET name = excluded.name,
            shown = communities.shown OR excluded.shown, updated_at = excluded.updated_at"
    )
    .bind(&named.server)
    .bind(&named.name)
    .bind(named.shown)
    .bind(now)
    .bind(super::tokens::new_token())
    .execute(db)
    .await
    .map(Written::from)
    })?;
    Ok(())
}
