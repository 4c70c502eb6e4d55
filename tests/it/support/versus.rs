//! A fixture for community-against-community tests at the service: two
//! servers' channels, a manual clock, and an engine stand-in whose choices
//! a test can predict.

use holotable::games::{AnyGame, GameKind, sort_naturally};
use holotable::service::{
    AcceptChallenge, Accepted, Actor, Announcement, ChallengeCommunity, Clock as _, ManualClock,
    Opponent, Service, ServiceError, Settings, Side,
};
use holotable_store::{BallotFormat, GameId, QueuedAnnouncement, Store};

use crate::support::backends::{Backend, TestDatabase};
use crate::support::service::{Fresh, fresh_service};
use std::sync::Arc;

pub const MINUTE: i64 = 60_000;
pub const HOST: &str = "discord:100";
pub const GUEST: &str = "discord:200";

/// Plays and ranks moves in natural order, so a test knows which move
/// each side's first option is.
pub struct FirstMove;

impl Opponent for FirstMove {
    fn knows_level(&self, level: &str) -> bool {
        level == "normal"
    }

    fn choose(&self, game: &AnyGame, _level: &str, _seed: u64) -> String {
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.remove(0)
    }

    fn rank(&self, game: &AnyGame, k: usize, _seed: u64) -> Vec<String> {
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.truncate(k);
        legal
    }
}

pub struct Versus {
    _db: TestDatabase,
    pub clock: ManualClock,
    pub store: Store,
    pub service: Service,
}

pub fn manager(id: &str) -> Actor {
    Actor {
        id: id.into(),
        name: format!("manager {id}"),
        can_manage: true,
    }
}

pub fn member(id: &str) -> Actor {
    Actor {
        can_manage: false,
        ..manager(id)
    }
}

impl Versus {
    pub async fn new(backend: Backend) -> Versus {
        let clock = ManualClock::starting_at(1_700_000_000_000);
        let settings = Settings {
            vote_ms: 10 * MINUTE,
            max_extensions: 1,
            ..Settings::default()
        };
        let Fresh { db, store, service } =
            fresh_service(backend, &clock, Arc::new(FirstMove), settings).await;
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
