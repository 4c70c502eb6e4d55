//! The service as the service-level tests open it: a store on a database
//! (a fresh one per backend, or one another process already uses), a
//! service over a clone of that store with a hand-moved clock, and the
//! actors, players, requests and refusals those tests share.
//!
//! A test reads the database, and injects faults into it, through the
//! [`Store`] handed back beside the service, never through the service:
//! the service is the only door to the store for the bot and the CLI and
//! keeps no accessor to it. A clone of a store shares its pool, so both
//! see the same connections, and closing either closes both.

use super::backends::{Backend, TestDatabase};
use holotable::games::GameKind;
use holotable::service::{
    Actor, ManualClock, Opponent, Refusal, Service, ServiceError, Settings, StartGame, Style,
};
use holotable_store::{PlayerRef, Store};
use std::sync::Arc;

/// Opens the database at `url` as one process does: its store, and a
/// service over a clone of it.
pub async fn open_service(
    url: &str,
    clock: &ManualClock,
    opponent: Arc<dyn Opponent>,
    settings: Settings,
) -> (Store, Service) {
    let store = Store::open(url).await.expect("the database opens");
    let service = Service::new(store.clone(), Arc::new(clock.clone()), opponent, settings);
    (store, service)
}

/// A fresh database, with a store and a service on it.
pub struct Fresh {
    pub db: TestDatabase,
    pub store: Store,
    pub service: Service,
}

/// [`open_service`] on a fresh database of `backend`.
pub async fn fresh_service(
    backend: Backend,
    clock: &ManualClock,
    opponent: Arc<dyn Opponent>,
    settings: Settings,
) -> Fresh {
    let db = TestDatabase::fresh(backend);
    let (store, service) = open_service(&db.url, clock, opponent, settings).await;
    Fresh { db, store, service }
}

/// A member who manages the server.
pub fn admin() -> Actor {
    crate::support::actors::manager("admin")
}

/// A player whose display name is their id in capitals.
pub fn player(id: &str) -> PlayerRef {
    PlayerRef {
        id: id.into(),
        name: id.to_uppercase(),
    }
}

/// [`admin`] starts a community game of Space Checkers in `channel`
/// against the engine at `level`, with the service's own vote length.
pub fn community_game(channel: &str, level: &str, seed: u64) -> StartGame {
    StartGame {
        side: Default::default(),
        ballot_format: Default::default(),
        deliberation: Default::default(),
        channel: channel.into(),
        server: None,
        kind: GameKind::SpaceCheckers,
        rules: serde_json::json!({}),
        vote_ms: None,
        level: Some(level.into()),
        seed: Some(seed),
        by: admin(),
    }
}

/// The refusal `result` holds.
///
/// # Panics
/// When `result` is a success or a failure other than a refusal.
pub fn refusal<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> Refusal {
    match result {
        Err(ServiceError::Refused(refusal)) => refusal,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A platform's writing with no markup at all, for tests that open
/// deliveries without caring how a platform names people: a member or a
/// role by their id.
pub struct Plain;

impl Style for Plain {
    fn member(&self, id: &str) -> String {
        id.to_string()
    }

    fn role(&self, id: &str) -> String {
        id.to_string()
    }
}

/// The delivery lease on `channel` for `service`'s process, as a platform
/// adapter takes it before opening the channel's deliveries.
///
/// # Panics
/// When another process holds it.
pub async fn delivery_lease(service: &Service, channel: &str) -> holotable::service::Lease {
    let leased = service
        .upkeep()
        .lease(holotable::model::ClaimKind::Delivery, channel.to_string())
        .await
        .expect("the lease is read");
    match leased {
        holotable::service::Leased::Ours(lease) => lease,
        holotable::service::Leased::Elsewhere { owner, .. } => {
            panic!("the delivery lease on {channel} is {owner}'s")
        }
    }
}
