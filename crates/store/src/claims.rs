//! Leases on scheduled work shared by several processes: who
//! closes a ballot, fires a match timer, makes a daily post or delivers a
//! channel's outbox. The game changes themselves stay guarded by the
//! game's version; a lease keeps a second process from doing the same work
//! twice (the engine's search, the poll reads, a Discord post) and lets
//! another take over once the holder stops renewing.
//!
//! The SQL is written for SQLite and PostgreSQL alike: numbered
//! placeholders and an `ON CONFLICT … DO UPDATE … WHERE` upsert.

use super::{Millis, Store, StoreError, Written, on_pool};
use crate::ClaimKind;

/// The answer to taking (or renewing) a lease.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claimed {
    /// Ours until the lease runs out.
    Taken,
    /// Another process holds it until `until` (wall-clock milliseconds).
    HeldElsewhere { owner: String, until: Millis },
}

impl Store {
    /// Takes the lease on `(kind, key)` for `owner` until `now + lease_ms`
    /// when it is free, expired, or already `owner`'s (which renews it).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_claim(
        &self,
        kind: ClaimKind,
        key: &str,
        owner: &str,
        now: Millis,
        lease_ms: Millis,
    ) -> Result<Claimed, StoreError> {
        let taken = on_pool!(self, |db| {
            sqlx::query(
                "INSERT INTO claims (kind, claim_key, owner, expires_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (kind, claim_key) DO UPDATE
                 SET owner = excluded.owner, expires_at = excluded.expires_at
                 WHERE claims.owner = excluded.owner OR claims.expires_at <= $5",
            )
            .bind(kind.as_str())
            .bind(key)
            .bind(owner)
            .bind(now.saturating_add(lease_ms))
            .bind(now)
            .execute(db)
            .await
            .map(Written::from)
        })?
        .rows_affected();
        if taken == 1 {
            return Ok(Claimed::Taken);
        }
        let holder: Option<(String, Millis)> = on_pool!(self, |db| {
            sqlx::query_as(
                "SELECT owner, expires_at FROM claims WHERE kind = $1 AND claim_key = $2",
            )
            .bind(kind.as_str())
            .bind(key)
            .fetch_optional(db)
            .await
        })?;
        // Released between the two statements: free now, try again at once.
        let (owner, until) = holder.unwrap_or_else(|| (String::new(), now));
        Ok(Claimed::HeldElsewhere { owner, until })
    }

    /// Takes the lease on `(kind, key)` over from `gone`, a holder the
    /// caller knows has ended (a process of this machine that is no
    /// longer running), without waiting for it to run out; as
    /// [`Store::take_claim`] when `gone` no longer holds it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_claim_from(
        &self,
        kind: ClaimKind,
        key: &str,
        gone: &str,
        owner: &str,
        now: Millis,
        lease_ms: Millis,
    ) -> Result<Claimed, StoreError> {
        let taken = on_pool!(self, |db| {
            sqlx::query(
                "UPDATE claims SET owner = $1, expires_at = $2
                 WHERE kind = $3 AND claim_key = $4 AND owner = $5",
            )
            .bind(owner)
            .bind(now.saturating_add(lease_ms))
            .bind(kind.as_str())
            .bind(key)
            .bind(gone)
            .execute(db)
            .await
            .map(Written::from)
        })?
        .rows_affected();
        if taken == 1 {
            return Ok(Claimed::Taken);
        }
        self.take_claim(kind, key, owner, now, lease_ms).await
    }

    /// Gives the lease up, if `owner` still holds it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn release_claim(
        &self,
        kind: ClaimKind,
        key: &str,
        owner: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query("DELETE FROM claims WHERE kind = $1 AND claim_key = $2 AND owner = $3")
                .bind(kind.as_str())
                .bind(key)
                .bind(owner)
                .execute(db)
                .await
                .map(Written::from)
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("claims.db").display());
        (dir, Store::open(&url).await.unwrap())
    }

    #[tokio::test]
    async fn a_lease_is_taken_once_until_it_expires_or_is_released() {
        let (_dir, store) = store().await;
        let take = |owner: &'static str, now: Millis| {
            let store = store.clone();
            async move {
                store
                    .take_claim(ClaimKind::Close, "7", owner, now, 1_000)
                    .await
                    .unwrap()
            }
        };
        assert_eq!(take("a", 0).await, Claimed::Taken);
        let held = Claimed::HeldElsewhere {
            owner: "a".into(),
            until: 1_000,
        };
        assert_eq!(take("b", 999).await, held);
        assert_eq!(take("a", 500).await, Claimed::Taken, "renewed by its owner");
        assert_eq!(
            take("b", 1_400).await,
            Claimed::HeldElsewhere {
                owner: "a".into(),
                until: 1_500
            },
            "the renewal moved the expiry"
        );
        assert_eq!(
            take("b", 1_500).await,
            Claimed::Taken,
            "expired: taken over"
        );
        store
            .release_claim(ClaimKind::Close, "7", "a")
            .await
            .unwrap();
        assert!(
            matches!(take("a", 1_600).await, Claimed::HeldElsewhere { .. }),
            "a former owner cannot release a lease taken over from it"
        );
        store
            .release_claim(ClaimKind::Close, "7", "b")
            .await
            .unwrap();
        assert_eq!(take("a", 1_600).await, Claimed::Taken, "released: free");
        assert_eq!(
            store
                .take_claim(ClaimKind::Timer, "7", "b", 1_600, 1_000)
                .await
                .unwrap(),
            Claimed::Taken,
            "each kind has its own keys"
        );
    }
}
