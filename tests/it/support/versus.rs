//! A fixture for community-against-community tests at the service: two
//! servers' channels, a manual clock, and an engine stand-in whose choices
//! a test can predict.

use holotable::games::GameKind;
use holotable::service::{
    AcceptChallenge, Accepted, Announcement, ChallengeCommunity, Clock as _, ManualClock, Service,
    ServiceError, Settings, Side,
};
use holotable_store::{BallotFormat, GameId, QueuedAnnouncement, Store};

use crate::support::actors::manager;
use crate::support::backends::{Backend, TestDatabase};
use crate::support::engines::FirstMove;
use crate::support::service::{Fresh, fresh_service};
use std::sync::Arc;

pub const MINUTE: i64 = 60_000;
pub const HOST: &str = "discord:100";
pub const GUEST: &str = "discord:200";

pub struct Versus {
    _db: TestDatabase,
    pub clock: ManualClock,
    pub store: Store,
    pub service: Service,
}

impl Versus {
    pub async fn new(backend: Backend) -> Versus {
        let clock = ManualClock::starting_at(1_700_000_000_000);
        let settings = Settings {
            vote_ms: 10 * MINUTE,
            max_extensions: 1,
            ..Settings::default()
        };
        let Fresh { db, store, service } = fresh_service(
            backend,
            &clock,
            Arc::new(FirstMove::at(&["normal"])),
            settings,
        )
        .await;
        Versus {
            _db: db,
            clock,
            store,
            service,
        }
    }

    pub fn challenge(&self, public: bool) -> ChallengeCommunity {
        challenge(public)
    }

    pub fn accept(&self, code: &str, channel: &str) -> AcceptChallenge {
        accept(code, channel)
    }

    /// A challenge from HOST accepted in GUEST: the game's id.
    pub async fn started(&self) -> GameId {
        let invitation = self
            .service
            .versus()
            .challenge(self.challenge(false))
            .await
            .unwrap();
        match self
            .service
            .versus()
            .accept(self.accept(&invitation.code, GUEST))
            .await
            .unwrap()
        {
            Accepted::Started(id) => id,
            joined => panic!("a two-community game did not start: {joined:?}"),
        }
    }

    /// Every undelivered announcement of `channel`, oldest first.
    pub async fn shown_in(&self, channel: &str) -> Vec<Announcement> {
        self.rows_in(channel)
            .await
            .iter()
            .map(|r| serde_json::from_str(&r.payload).unwrap())
            .collect()
    }

    pub async fn rows_in(&self, channel: &str) -> Vec<QueuedAnnouncement> {
        self.store
            .outbox()
            .pending_in_channel(channel, i64::MAX, 10_000)
            .await
            .unwrap()
    }

    /// Lets the open ballot's deadline pass and closes it.
    pub async fn close(&self) {
        self.clock.advance(11 * MINUTE);
        let report = self.service.turns().close_due().await.unwrap();
        assert_eq!(report.closed, 1, "{report:?}");
    }

    pub async fn vote(&self, channel: &str, voter: &str, text: &str) -> Result<(), ServiceError> {
        self.service
            .votes()
            .cast(channel, voter, text, self.clock.now())
            .await
            .map(|_| ())
    }
}

/// HOST's challenge, from server 1 ("Rebel Base").
pub fn challenge(public: bool) -> ChallengeCommunity {
    ChallengeCommunity {
        channel: HOST.into(),
        server: Some("discord-server:1".into()),
        server_name: Some("Rebel Base".into()),
        kind: GameKind::SpaceCheckers,
        rules: serde_json::json!({}),
        side: Side::White,
        vote_ms: None,
        ballot_format: BallotFormat::Auto,
        deliberation: Default::default(),
        public,
        communities: 2,
        by: manager("alice"),
    }
}

/// An accept of `code` in `channel`, from server 2 ("Echo Station").
pub fn accept(code: &str, channel: &str) -> AcceptChallenge {
    AcceptChallenge {
        code: code.into(),
        channel: channel.into(),
        server: Some("discord-server:2".into()),
        server_name: Some("Echo Station".into()),
        by: manager("bob"),
    }
}
