//! The deliveries door on real databases: an announcement reaches the
//! adapter decoded, with its parts and its progress; one whose payload or
//! progress cannot be read is reported and counted as a failed attempt,
//! never posted as if nothing were; and what a delivery records is fenced,
//! by its channel's lease and by the attempts read, so a process that lost
//! the channel to another records nothing.

use holotable::games::{BySeat, Ending, Outcome, SeatResult};
use holotable::i18n::Lang;
use holotable::model::{ChannelKey, ClaimKind, EndReason, Millis, PostStyle};
use holotable::service::{
    Announcement, Closes, Delivery, EngineOpponent, Failure, Lease, ManualClock, MatchAnnouncement,
    News, Part, Progress, Queued, Service, ServiceError, Settings,
};
use holotable_store::{Pool, QueuedAnnouncement};
use std::sync::Arc;

use crate::support::backends::{Backend, on_each_backend};
use crate::support::service::{Fresh, Plain, community_game, delivery_lease, fresh_service};

const CHANNEL: &str = "deliveries-1";

/// A community game started in [`CHANNEL`], whose start and first ballot
/// are queued, on a fresh database.
async fn started(backend: Backend) -> (ManualClock, Fresh) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let fresh = fresh_service(
        backend,
        &clock,
        Arc::new(EngineOpponent),
        Settings::default(),
    )
    .await;
    fresh
        .service
        .games()
        .start(community_game(CHANNEL, "random", 3))
        .await
        .expect("the game starts");
    (clock, fresh)
}

/// The announcements due in [`CHANNEL`], oldest first.
async fn due(fresh: &Fresh) -> Vec<Queued> {
    fresh.service.deliveries().due(CHANNEL, 100).await.unwrap()
}

/// `queued` opened under `lease`, as the adapter holding it would.
async fn open(
    fresh: &Fresh,
    lease: &Lease,
    queued: &Queued,
) -> Result<Option<Delivery>, ServiceError> {
    fresh.service.deliveries().open(queued, lease, &Plain).await
}

/// Milliseconds since the Unix epoch: the clock leases are on.
fn wall_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// The outbox row `id` as stored, delivered or not.
async fn row(fresh: &Fresh, id: i64) -> QueuedAnnouncement {
    let rows = fresh
        .store
        .outbox()
        .pending_announcements(i64::MAX, 1000)
        .await
        .unwrap();
    rows.into_iter()
        .find(|row| row.id == id)
        .expect("the row is undelivered")
}

const DAMAGE_PAYLOAD: &str = "UPDATE outbox SET payload = $1 WHERE id = $2";
const DAMAGE_PROGRESS: &str = "UPDATE outbox SET delivery_ref = $1 WHERE id = $2";
/// Makes the row a rated match's result, keeping its game (a community
/// game: no match row).
const MATCH_RESULT: &str = "UPDATE outbox SET kind = 'match-finished', payload = $1 WHERE id = $2";
/// Makes the row a rated match's result of no game.
const MATCH_RESULT_OF_NO_GAME: &str =
    "UPDATE outbox SET kind = 'match-finished', payload = $1, game_id = NULL WHERE id = $2";

/// A rated match's result, as the outbox holds it: its delivery reads the
/// match's seats.
fn rated_result() -> String {
    serde_json::to_string(&MatchAnnouncement::MatchFinished {
        reason: EndReason::Resigned,
        outcome: Outcome {
            results: BySeat::from_fn(2, |_| SeatResult::Draw),
            scores: None,
            reason: Ending::UndecidableDuel,
        },
        replies: Vec::new(),
        rated: true,
    })
    .unwrap()
}

/// Writes `value` into the outbox row `id` with `sql` (one of the
/// `DAMAGE_` statements), as a damaged database or another version would
/// have it.
async fn damage(fresh: &Fresh, id: i64, sql: &'static str, value: &str) {
    match fresh.store.pool() {
        Pool::Sqlite(pool) => sqlx::query(sql)
            .bind(value)
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ()),
        Pool::Postgres(pool) => sqlx::query(sql)
            .bind(value)
            .bind(id)
            .execute(pool)
            .await
            .map(|_| ()),
    }
    .unwrap();
}

/// A second process on the same database, `the-quick-process`, that takes
/// [`CHANNEL`]'s delivery lease over once the first one's has run out
/// (here: as if an hour had passed): its service and its lease.
async fn quick_takes_over(fresh: &Fresh, clock: &ManualClock) -> (Service, Lease) {
    let quick_process = Service::new(
        fresh.store.clone(),
        Arc::new(clock.clone()),
        Arc::new(EngineOpponent),
        Settings {
            process_id: "the-quick-process".into(),
            ..Settings::default()
        },
    );
    let an_hour_on = wall_now() + 3_600_000;
    let taken = fresh
        .store
        .take_claim(
            ClaimKind::Delivery,
            CHANNEL,
            "the-quick-process",
            an_hour_on,
            60_000,
        )
        .await
        .unwrap();
    assert_eq!(taken, holotable_store::Claimed::Taken);
    let quick_lease = delivery_lease(&quick_process, CHANNEL).await;
    (quick_process, quick_lease)
}

/// The first announcement due in [`CHANNEL`] that posts a ballot, with the
/// ballot's ply and its deadline as announced; the ones before it are
/// delivered under `lease`.
async fn ballot_news(fresh: &Fresh, lease: &Lease) -> (Queued, u32, Millis) {
    for queued in due(fresh).await {
        let delivery = open(fresh, lease, &queued).await.unwrap().expect("due");
        let ballot = delivery.parts.iter().find_map(|part| match part {
            Part::Ballot { ply, deadline } => Some((*ply, *deadline)),
            _ => None,
        });
        if let Some((ply, announced)) = ballot {
            return (queued, ply, announced);
        }
        fresh
            .service
            .deliveries()
            .delivered(&delivery)
            .await
            .unwrap();
    }
    panic!("no announcement in {CHANNEL} posts a ballot");
}

/// The closing time a message of `delivery` states for a ballot, if one
/// does.
fn stated_closing(delivery: &Delivery) -> Option<Closes> {
    delivery.parts.iter().find_map(|part| match part {
        Part::Text(message) | Part::Board { message, .. } => {
            message.closes.filter(|closes| closes.ballot.is_some())
        }
        _ => None,
    })
}

fn unreadable(result: Result<Option<Delivery>, ServiceError>) -> i64 {
    match result {
        Err(ServiceError::Failed(Failure::Unreadable { id, .. })) => id,
        other => panic!("expected an unreadable announcement, got {other:?}"),
    }
}

fn lease_lost<T: std::fmt::Debug>(result: Result<T, ServiceError>) {
    match result {
        Err(error) if error.is_lease_lost() => {}
        other => panic!("expected the delivery taken over, got {other:?}"),
    }
}

on_each_backend! {
#[tokio::test]
async fn an_announcement_is_handed_over_decoded_with_its_parts(backend) {
    let (_clock, fresh) = started(backend).await;
    let held = delivery_lease(&fresh.service, CHANNEL).await;
    let first = due(&fresh).await.remove(0);
    assert_eq!(first.channel, ChannelKey(CHANNEL.into()));
    let delivery = open(&fresh, &held, &first).await.unwrap().expect("due");
    assert!(
        matches!(delivery.news, News::Community(Announcement::GameStarted { .. })),
        "{:?}",
        delivery.news
    );
    assert_eq!(delivery.channel, first.channel);
    assert_eq!(delivery.lang, Lang::En);
    assert!(!delivery.parts.is_empty());
    assert_eq!(delivery.progress, Progress::default());
    assert_eq!(delivery.attempts(), 0);
}
}

on_each_backend! {
// The channel's later news waits behind the damaged row, as behind any
// failing one, until it is given up.
#[tokio::test]
async fn a_damaged_announcement_is_reported_and_counted_as_a_failed_attempt(backend) {
    let (_clock, fresh) = started(backend).await;
    let held = delivery_lease(&fresh.service, CHANNEL).await;
    let queued = due(&fresh).await;
    let (first, later) = (&queued[0], &queued[1]);
    damage(&fresh, first.id, DAMAGE_PAYLOAD, "{\"type\":").await;
    assert_eq!(unreadable(open(&fresh, &held, first).await), first.id);
    assert_eq!(row(&fresh, first.id).await.attempts, 1);
    let ids: Vec<i64> = due(&fresh).await.iter().map(|q| q.id).collect();
    assert!(!ids.contains(&first.id), "due again before its wait: {ids:?}");
    assert!(open(&fresh, &held, later).await.unwrap().is_none(), "posted out of order");
}
}

on_each_backend! {
// Refusing it (as a user's mistake) would leave it due in every round,
// never counted, holding up its channel's later news for good.
#[tokio::test]
async fn match_news_whose_match_cannot_be_found_is_a_failed_attempt(backend) {
    let (_clock, fresh) = started(backend).await;
    let held = delivery_lease(&fresh.service, CHANNEL).await;
    let queued = due(&fresh).await;
    let (first, later) = (&queued[0], &queued[1]);
    damage(&fresh, first.id, MATCH_RESULT, &rated_result()).await;
    assert_eq!(unreadable(open(&fresh, &held, first).await), first.id);
    assert_eq!(row(&fresh, first.id).await.attempts, 1);
    assert!(open(&fresh, &held, later).await.unwrap().is_none(), "posted out of order");
    damage(&fresh, first.id, MATCH_RESULT_OF_NO_GAME, &rated_result()).await;
    let stored = row(&fresh, first.id).await;
    assert_eq!((stored.kind.as_str(), stored.game_id), ("match-finished", None));
    assert_eq!(unreadable(open(&fresh, &held, first).await), first.id);
    assert_eq!(row(&fresh, first.id).await.attempts, 2);
}
}

on_each_backend! {
// Read as "nothing posted yet", a damaged progress would post every part
// of the announcement again.
#[tokio::test]
async fn a_damaged_progress_is_reported_not_taken_for_nothing_posted(backend) {
    let (_clock, fresh) = started(backend).await;
    let held = delivery_lease(&fresh.service, CHANNEL).await;
    let first = due(&fresh).await.remove(0);
    damage(&fresh, first.id, DAMAGE_PROGRESS, "board posted").await;
    assert_eq!(unreadable(open(&fresh, &held, &first).await), first.id);
    let stored = row(&fresh, first.id).await;
    assert_eq!(stored.attempts, 1);
    assert_eq!(stored.delivery_ref.as_deref(), Some("board posted"));
}
}

on_each_backend! {
#[tokio::test]
async fn what_was_posted_is_handed_to_the_next_attempt(backend) {
    let (clock, fresh) = started(backend).await;
    let held = delivery_lease(&fresh.service, CHANNEL).await;
    let deliveries = fresh.service.deliveries();
    let first = due(&fresh).await.remove(0);
    let delivery = open(&fresh, &held, &first).await.unwrap().expect("due");
    let posted = Progress {
        text: Some("message-1".into()),
        ..Progress::default()
    };
    deliveries.progressed(&delivery, &posted).await.unwrap();
    assert!(!deliveries.failed(&delivery, "a 503").await.unwrap());
    clock.advance(60_000);
    let again = open(&fresh, &held, &first).await.unwrap().expect("due again");
    assert_eq!(again.progress, posted);
    assert_eq!(again.attempts(), 1);
}
}

on_each_backend! {
// Two processes read the same announcement: one whose lease ran out
// while it posted, and the one that took the channel over. While the
// second's attempt runs, the first records nothing: its writes name a
// lease holder that is no longer the channel's.
#[tokio::test]
async fn a_process_whose_lease_was_taken_over_records_nothing(backend) {
    let (clock, fresh) = started(backend).await;
    let first = due(&fresh).await.remove(0);
    let slow_lease = delivery_lease(&fresh.service, CHANNEL).await;
    let slow = open(&fresh, &slow_lease, &first).await.unwrap().expect("due");
    let (quick_process, mut quick_lease) = quick_takes_over(&fresh, &clock).await;
    let quick_deliveries = quick_process.deliveries();
    let quick = quick_deliveries
        .open(&first, &quick_lease, &Plain)
        .await
        .unwrap()
        .expect("due");
    let posted = Progress {
        text: Some("message-of-the-quick".into()),
        board: Some("board-of-the-quick".into()),
        ..Progress::default()
    };
    // A renewal rewrites the claim: the holder's writes still pass.
    assert!(quick_lease.confirm().await.unwrap(), "renewed");
    quick_deliveries.progressed(&quick, &posted).await.unwrap();
    let stale = Progress {
        text: Some("message-of-the-slow".into()),
        ..Progress::default()
    };
    let deliveries = fresh.service.deliveries();
    lease_lost(deliveries.progressed(&slow, &stale).await);
    lease_lost(deliveries.delivered(&slow).await);
    lease_lost(deliveries.failed(&slow, "a timeout").await);
    let stored = row(&fresh, first.id).await;
    assert_eq!(stored.attempts, 0, "the slow one counted no attempt");
    let again = quick_deliveries
        .open(&first, &quick_lease, &Plain)
        .await
        .unwrap()
        .expect("still due");
    assert_eq!(again.progress, posted, "the quick one's progress stands");
    quick_deliveries.delivered(&quick).await.unwrap();
    assert!(open(&fresh, &slow_lease, &first).await.unwrap().is_none(), "delivered");
}
}

on_each_backend! {
// Two reads of the same announcement under the same lease: what the
// first records after the second's attempt ended (failed or delivered)
// is refused, so it cannot undo the second's work nor count an attempt
// twice.
#[tokio::test]
async fn what_is_recorded_after_another_attempt_ended_is_refused(backend) {
    let (clock, fresh) = started(backend).await;
    let held = delivery_lease(&fresh.service, CHANNEL).await;
    let deliveries = fresh.service.deliveries();
    let first = due(&fresh).await.remove(0);
    let slow = open(&fresh, &held, &first).await.unwrap().expect("due");
    let quick = open(&fresh, &held, &first).await.unwrap().expect("due");
    assert!(!deliveries.failed(&quick, "a 503").await.unwrap());
    lease_lost(deliveries.progressed(&slow, &Progress::default()).await);
    lease_lost(deliveries.delivered(&slow).await);
    lease_lost(deliveries.failed(&slow, "a timeout").await);
    assert_eq!(row(&fresh, first.id).await.attempts, 1, "one failure, counted once");
    // The next attempt's own process delivers it; the slow one, late again,
    // still records nothing.
    clock.advance(60_000);
    let next = open(&fresh, &held, &first).await.unwrap().expect("due again");
    deliveries.delivered(&next).await.unwrap();
    lease_lost(deliveries.progressed(&slow, &Progress::default()).await);
    assert!(open(&fresh, &held, &first).await.unwrap().is_none(), "delivered");
}
}

on_each_backend! {
// What each post asks first. A process paused for longer than its lease
// wakes with its lease's flag unset (the renewer has not run yet), and one
// that takes the lease back after the process that took it over released
// it is the holder again: either way it still holds a delivery read before
// the takeover, and only the database can tell it that delivery is stale.
#[tokio::test]
async fn a_delivery_read_before_a_takeover_is_no_longer_current(backend) {
    let (clock, fresh) = started(backend).await;
    let deliveries = fresh.service.deliveries();
    let first = due(&fresh).await.remove(0);
    let mut slow_lease = delivery_lease(&fresh.service, CHANNEL).await;
    let slow = open(&fresh, &slow_lease, &first).await.unwrap().expect("due");
    assert!(deliveries.still_current(&slow).await.unwrap());
    let (quick_process, quick_lease) = quick_takes_over(&fresh, &clock).await;
    assert!(slow_lease.still_ours().await.unwrap(), "as after a pause: the flag is unset");
    assert!(
        !deliveries.still_current(&slow).await.unwrap(),
        "current while another process holds the channel"
    );
    let quick_deliveries = quick_process.deliveries();
    let quick = quick_deliveries
        .open(&first, &quick_lease, &Plain)
        .await
        .unwrap()
        .expect("due");
    assert!(quick_deliveries.still_current(&quick).await.unwrap());
    quick_deliveries.delivered(&quick).await.unwrap();
    quick_lease.release().await;
    assert!(slow_lease.confirm().await.unwrap(), "the released lease is taken back");
    assert!(
        !deliveries.still_current(&slow).await.unwrap(),
        "current after another process delivered it"
    );
}
}

on_each_backend! {
// A process that stalled past its lease computes a lag that includes its
// stall: were it to move the deadline of a ballot the taker already
// posted, the vote would stay open past the closing time the channel was
// shown, and nothing would restate it.
#[tokio::test]
async fn a_stale_delivery_moves_no_ballot_deadline(backend) {
    let (clock, fresh) = started(backend).await;
    let slow_lease = delivery_lease(&fresh.service, CHANNEL).await;
    let (queued, ply, announced) = ballot_news(&fresh, &slow_lease).await;
    let slow = open(&fresh, &slow_lease, &queued).await.unwrap().expect("due");
    let (quick_process, quick_lease) = quick_takes_over(&fresh, &clock).await;
    let quick_deliveries = quick_process.deliveries();
    let quick = quick_deliveries
        .open(&queued, &quick_lease, &Plain)
        .await
        .unwrap()
        .expect("due");
    let posted = quick_deliveries
        .ballot_to_post(&quick, ply, announced)
        .await
        .unwrap()
        .expect("the ballot is open");
    clock.advance(10 * 60_000);
    let deliveries = fresh.service.deliveries();
    lease_lost(deliveries.ballot_to_post(&slow, ply, announced).await);
    if let Some(closes) = stated_closing(&slow) {
        lease_lost(deliveries.closing_time(&slow, &closes).await);
    }
    // The stale post went out after all: it is recorded, so it is tidied
    // and closed, but moves nothing.
    lease_lost(
        deliveries
            .ballot_posted(&slow, ply, announced, PostStyle::Poll, "the-slow-poll")
            .await,
    );
    let ballot = deliveries.ballot(posted.ballot.id).await.unwrap().expect("the ballot");
    assert_eq!(ballot.deadline, posted.ballot.deadline, "the deadline moved");
    assert!(deliveries.ballot_post("the-slow-poll").await.unwrap().is_some());
}
}
