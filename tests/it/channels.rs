//! Many communities served at once: a channel whose engine thinks for a
//! long time delays no other channel's close.

use holotable::games::{AnyGame, sort_naturally};
use holotable::service::{Clock, ManualClock, Opponent, Service, Settings, run_scheduler};
use holotable_store::GameId;

use crate::support::backends::on_each_backend;
use crate::support::service::{Fresh, community_game, fresh_service};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Replies with the first legal move; at level "slow" it first thinks for
/// two seconds, as `max` does on a hard position.
struct SlowAtOneLevel;

const THINKING: Duration = Duration::from_secs(2);

impl Opponent for SlowAtOneLevel {
    fn knows_level(&self, _level: &str) -> bool {
        true
    }

    fn choose(&self, game: &AnyGame, level: &str, _seed: u64) -> String {
        if level == "slow" {
            std::thread::sleep(THINKING);
        }
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

async fn start(service: &Service, channel: &str, level: &str) -> GameId {
    service
        .games()
        .start(community_game(channel, level, 3))
        .await
        .unwrap()
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_engine_in_one_channel_delayed_the_close_in_another(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let Fresh { db: _db, store, service } =
        fresh_service(backend, &clock, Arc::new(SlowAtOneLevel), Settings::default()).await;
    let service = Arc::new(service);
    // The slow channel's ballot falls due first, so a loop that closes
    // due ballots one after another reaches the healthy one only after it.
    let slow = start(&service, "slow-channel", "slow").await;
    clock.advance(1);
    let healthy = start(&service, "healthy-channel", "normal").await;
    for channel in ["slow-channel", "healthy-channel"] {
        service
            .votes().cast(channel, "ann", "1", clock.now())
            .await
            .unwrap();
    }
    let deadline = service
        .games().status("healthy-channel")
        .await
        .unwrap()
        .ballot
        .unwrap()
        .deadline;
    clock.set(deadline);

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let due = Instant::now();
    let scheduler = tokio::spawn(run_scheduler(service.clone(), async {
        let _ = stopped.await;
    }));
    let replied = |game: GameId| {
        let store = store.clone();
        async move {
            while store.moves(game).await.unwrap().len() < 2 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            due.elapsed()
        }
    };
    let healthy_after = replied(healthy).await;
    let slow_after = replied(slow).await;
    assert!(
        healthy_after < Duration::from_millis(500),
        "the healthy channel closed {healthy_after:?} after its deadline"
    );
    assert!(
        slow_after >= THINKING,
        "the slow channel took {slow_after:?}"
    );
    stop.send(()).unwrap();
    scheduler.await.unwrap();
}
}
