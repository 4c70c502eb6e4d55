//! The adaptive level through the service: a finished game against the
//! engine moves the channel's rating in the transaction that ends it, and
//! the next `level:adaptive` start picks the level nearest that rating and
//! says so; a stopped game moves nothing.

use holotable::games::{GameKind, Seat, SeatResult};
use holotable::service::{AdaptiveStart, Announcement, ManualClock, Settings, adaptive};
use holotable_store::{GameStatus, Store};

use crate::support::backends::on_each_backend;
use crate::support::engines::FirstMove;
use crate::support::service::{Fresh, admin, community_game, fresh_service};
use holotable::engine::Level;
use holotable::service::Service;
use std::sync::Arc;

const MINUTE: i64 = 60_000;
const CHANNEL: &str = "channel-1";
const KIND: GameKind = GameKind::SpaceCheckers;

/// Ten-minute votes, and the adaptive level by default.
fn settings() -> Settings {
    Settings {
        vote_ms: 10 * MINUTE,
        level: adaptive::ADAPTIVE.into(),
        ..Settings::default()
    }
}

/// Starts a game at the default level and reads the level it got.
async fn start(service: &Service, seed: u64) -> String {
    let request = holotable::service::StartGame {
        level: None,
        ..community_game(CHANNEL, "unused", seed)
    };
    service
        .games()
        .start(request)
        .await
        .expect("the game starts");
    service.games().status(CHANNEL).await.unwrap().game.level
}

/// Votes the first featured option until the game ends; the community's
/// result (it plays white, seat 0).
async fn play_out(service: &Service, clock: &ManualClock) -> SeatResult {
    for turn in 0.. {
        let status = service.games().status(CHANNEL).await.unwrap();
        if status.game.status == GameStatus::Finished {
            return status
                .game
                .outcome
                .expect("a finished game has an outcome")
                .results[Seat(0)];
        }
        assert!(turn < 200, "the game ends");
        let ballot = status.ballot.expect("an active game has a ballot");
        service
            .votes()
            .cast(CHANNEL, "ann", "1", service.now())
            .await
            .unwrap();
        clock.set(ballot.deadline);
        service.turns().close_due().await.unwrap();
    }
    unreachable!()
}

/// The `adaptive` field of every game-started announcement, in order.
async fn starts(store: &Store) -> Vec<Option<AdaptiveStart>> {
    let rows = store
        .outbox()
        .pending_announcements(i64::MAX, 10_000)
        .await
        .unwrap();
    rows.iter()
        .filter_map(|row| match serde_json::from_str(&row.payload).unwrap() {
            Announcement::GameStarted { adaptive, .. } => Some(adaptive),
            _ => None,
        })
        .collect()
}

on_each_backend! {
#[tokio::test]
async fn a_finished_game_moves_the_channels_rating_and_the_next_start_follows(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let Fresh { db: _db, store, service } =
        fresh_service(backend, &clock, Arc::new(FirstMove::at_every_level()), settings()).await;
    assert_eq!(store.engine_rating(CHANNEL, KIND).await.unwrap(), None);
    // A channel without games gets the first guess.
    assert_eq!(start(&service, 7).await, adaptive::START_LEVEL.as_str());
    let result = play_out(&service, &clock).await;
    assert_ne!(result, SeatResult::Draw, "this script decides the game");

    let row = store
        .engine_rating(CHANNEL, KIND)
        .await
        .unwrap()
        .expect("the game against the engine was rated");
    let expected = adaptive::after_game(
        adaptive::first_rating(KIND),
        KIND,
        adaptive::START_LEVEL,
        result,
    );
    assert!((row.rating - expected.rating).abs() < 1e-9, "{row:?} {expected:?}");
    assert!((row.deviation - expected.deviation).abs() < 1e-9, "{row:?}");
    assert_eq!(
        (row.games, row.wins, row.draws, row.losses),
        (1, i64::from(result == SeatResult::Win), 0, i64::from(result == SeatResult::Loss))
    );

    // The next game: the level nearest the new rating, a rung away from
    // the first guess in the direction of the result.
    let next = start(&service, 8).await;
    assert_eq!(next, adaptive::level_for(KIND, expected).as_str());
    let moved = next.parse::<Level>().unwrap().cmp(&adaptive::START_LEVEL);
    let wanted = if result == SeatResult::Win {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Less
    };
    assert_eq!(moved, wanted, "after a {result:?} the level is {next}");
    assert_eq!(
        starts(&store).await,
        vec![Some(AdaptiveStart { games: 0 }), Some(AdaptiveStart { games: 1 })]
    );
}
}

on_each_backend! {
#[tokio::test]
async fn a_stopped_game_moves_no_rating_and_a_fixed_level_says_no_adaptation(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let Fresh { db: _db, store, service } =
        fresh_service(backend, &clock, Arc::new(FirstMove::at_every_level()), settings()).await;
    service
        .games().start(community_game(CHANNEL, "hard", 7))
        .await
        .unwrap();
    assert_eq!(service.games().status(CHANNEL).await.unwrap().game.level, "hard");
    service.games().stop(CHANNEL, &admin()).await.unwrap();
    assert_eq!(store.engine_rating(CHANNEL, KIND).await.unwrap(), None);
    assert_eq!(starts(&store).await, vec![None]);
    assert_eq!(start(&service, 8).await, adaptive::START_LEVEL.as_str());
}
}
