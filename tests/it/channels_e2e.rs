//! Many communities served at once, end to end: the real bot against the
//! Discord stand-in, two channels due together, on each database backend.
//! One channel is in trouble throughout its close (its poll reads fail with
//! 500, or hang, or its engine searches at `max` for its whole budget); the
//! other's ballot must still close within half a second of its deadline, as
//! seen from outside (the stand-in's record of its poll being ended).
//!
//! In each test the troubled channel's ballot falls due first, by
//! [`LEAD`], so its trouble has begun when the healthy one falls due, and
//! a scheduler that closes one after another reaches the healthy one only
//! after it.

use crate::support::backends::{self, TestDatabase, on_each_backend};
use crate::support::discord_bot::{
    Bot, HOLOCHESS, SPACE_CHECKERS, STEP, admin, start_standin_and_bot, voter,
};
use crate::support::discord_standin::{CHANNEL, Posted, Request, StandIn};

use holotable_store::Store;
use serde_json::json;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const TROUBLED: u64 = CHANNEL;
const HEALTHY: u64 = CHANNEL + 100;
const BOUND: Duration = Duration::from_millis(500);

/// How much sooner the troubled channel's ballot falls due. Started back
/// to back, the two fell due within milliseconds of each other, and on a
/// loaded machine the healthy close could reach Discord before the
/// troubled close's first read did, which says nothing about scheduling.
/// The trouble lasts far longer than the lead (failing reads are retried
/// for 7.75 s, a hung one is cut at 20 s, `max` searches 5 s), so a
/// scheduler that waited on it would still be seconds late.
const LEAD: Duration = Duration::from_millis(300);

/// `/community start`'s level choices, by their index.
const RANDOM: u64 = 0;
const NORMAL: u64 = 3;
const MAX: u64 = 5;
/// `/community start`'s ballot choices, by their index.
const BALLOT_POLL: u64 = 1;

/// The bound is about scheduling, not about the machine: these tests run
/// one at a time, so two bots with engine searches never share the two
/// cores with each other. The other modules' bots, which now share this
/// test process, all play the random engine, which does not search.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The bot on a fresh database of `backend`, ready, with a game of
/// `troubled_game` at `troubled_level` in the troubled channel and one of
/// Space Checkers at `healthy_level` in the healthy channel, a vote in each
/// poll.
struct Scene {
    // Fields drop in this order: the bot stops before its database goes.
    _bot: Bot,
    _db: TestDatabase,
    _dir: tempfile::TempDir,
    standin: StandIn,
    troubled: Posted,
    healthy: Posted,
    healthy_due: i64,
}

impl Scene {
    async fn start(
        backend: backends::Backend,
        (troubled_game, troubled_level): (u64, u64),
        healthy_level: u64,
    ) -> Scene {
        let dir = tempfile::tempdir().unwrap();
        let db = TestDatabase::fresh(backend);
        let (standin, bot) = start_standin_and_bot(dir.path(), &[("DATABASE_URL", &db.url)]).await;
        // In holochess the engine places first, so the troubled channel's
        // first poll may come a whole search after the start.
        start_in(&standin, TROUBLED, troubled_game, troubled_level).await;
        let troubled = poll_in(&standin, TROUBLED).await;
        tokio::time::sleep(LEAD).await;
        start_in(&standin, HEALTHY, SPACE_CHECKERS, healthy_level).await;
        let healthy = poll_in(&standin, HEALTHY).await;
        standin.poll_vote(&voter(1), &troubled, 1, true, true);
        standin.poll_vote(&voter(2), &healthy, 1, true, true);
        let troubled_due = deadline_in(&db.url, TROUBLED).await;
        let healthy_due = deadline_in(&db.url, HEALTHY).await;
        assert!(
            troubled_due + (LEAD.as_millis() as i64) <= healthy_due,
            "the troubled channel is due {LEAD:?} first ({troubled_due} vs {healthy_due})"
        );
        Scene {
            _bot: bot,
            _db: db,
            _dir: dir,
            standin,
            troubled,
            healthy,
            healthy_due,
        }
    }

    /// Waits for the healthy channel's poll to be ended, and checks that
    /// this came within [`BOUND`] of its deadline and after `trouble` began.
    async fn assert_healthy_closed_in_time(&self, trouble: &Request) -> Request {
        let expire = format!("/channels/{HEALTHY}/polls/{}/expire", self.healthy.id);
        let ended = self
            .standin
            .wait_for(STEP, "the healthy channel's poll ended", |s| {
                s.requests()
                    .into_iter()
                    .find(|r| r.method == "POST" && r.path.ends_with(&expire))
            })
            .await;
        assert!(
            trouble.at <= ended.at,
            "the healthy channel's poll ended {:?} before the troubled channel's trouble began",
            trouble.at - ended.at
        );
        let late = wall_millis(ended.at) - self.healthy_due;
        assert!(
            late < BOUND.as_millis() as i64,
            "the healthy channel's poll ended {late} ms after its deadline"
        );
        let violations = self.standin.violations();
        assert!(violations.is_empty(), "{violations:?}");
        ended
    }
}

async fn start_in(standin: &StandIn, channel: u64, game: u64, level: u64) {
    let options = json!([{ "name": "start", "type": 1, "options": [
        { "name": "game", "type": 4, "value": game },
        { "name": "vote", "type": 3, "value": "6s" },
        { "name": "level", "type": 4, "value": level },
        // A poll even when the moves do not all fit (holochess).
        { "name": "ballot", "type": 4, "value": BALLOT_POLL },
    ]}]);
    let id = standin.slash_in(channel, &admin(), "community", options, 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("started"), "{text}");
}

async fn poll_in(standin: &StandIn, channel: u64) -> Posted {
    standin
        .wait_for(STEP, "the channel's poll", |s| {
            s.messages()
                .into_iter()
                .find(|m| m.channel == channel && m.poll.is_some())
        })
        .await
}

/// The open ballot's deadline in `channel`, from the bot's database.
async fn deadline_in(url: &str, channel: u64) -> i64 {
    let store = Store::open(url).await.unwrap();
    let game = store
        .live_game(&format!("discord:{channel}"))
        .await
        .unwrap()
        .expect("the channel has a game");
    let ballot = store
        .current_ballot(game.id)
        .await
        .unwrap()
        .expect("the game has an open ballot");
    store.close().await;
    ballot.deadline
}

fn wall_millis(at: Instant) -> i64 {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    (now - at.elapsed()).as_millis() as i64
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_whose_poll_reads_fail_delayed_another_channels_close(backend) {
    let _turn = ONE_AT_A_TIME.lock().await;
    let scene = Scene::start(backend, (SPACE_CHECKERS, RANDOM), RANDOM).await;
    let polls = format!("/channels/{TROUBLED}/polls");
    scene.standin.fail_next(500, 100_000, &polls);
    let first_failure = scene
        .standin
        .wait_for(STEP, "the troubled channel's poll reads failing", |s| {
            s.requests()
                .into_iter()
                .find(|r| r.path.contains(&polls) && r.status == 500)
        })
        .await;
    scene.assert_healthy_closed_in_time(&first_failure).await;
}
}

on_each_backend! {
/// A read that never answers is cut by the bot's poll timeout (20 s),
/// four times the healthy channel's whole vote.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_whose_poll_reads_hang_delayed_another_channels_close(backend) {
    let _turn = ONE_AT_A_TIME.lock().await;
    let scene = Scene::start(backend, (SPACE_CHECKERS, RANDOM), RANDOM).await;
    let polls = format!("/channels/{TROUBLED}/polls");
    scene
        .standin
        .delay_next(100_000, &polls, "", Duration::from_secs(600));
    let first_hang = scene
        .standin
        .wait_for(STEP, "the troubled channel's poll read hanging", |s| {
            s.held().into_iter().find(|r| r.path.contains(&polls))
        })
        .await;
    let ended = scene.assert_healthy_closed_in_time(&first_hang).await;
    assert!(
        !scene
            .standin
            .requests()
            .iter()
            .any(|r| r.path.contains(&polls) && r.at <= ended.at),
        "a troubled channel's poll read was answered before the healthy one closed: it did not hang"
    );
}
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_whose_engine_searches_at_max_delayed_another_channels_close(backend) {
    let _turn = ONE_AT_A_TIME.lock().await;
    // Holochess: `max` reads a solved table in Space Checkers and answers
    // at once, but searches holochess for its whole budget.
    let scene = Scene::start(backend, (HOLOCHESS, MAX), NORMAL).await;
    let replies = |s: &StandIn| {
        s.messages()
            .into_iter()
            .filter(|m| m.channel == TROUBLED && m.content.starts_with("I reply"))
            .count()
    };
    // The engine's first placement came before the first poll, seconds
    // before the poll can close.
    let placed = replies(&scene.standin);
    let expire = format!("/channels/{TROUBLED}/polls/{}/expire", scene.troubled.id);
    let troubled_closed = scene
        .standin
        .wait_for(STEP, "the troubled channel's poll ended", |s| {
            s.requests()
                .into_iter()
                .find(|r| r.method == "POST" && r.path.ends_with(&expire))
        })
        .await;
    let ended = scene.assert_healthy_closed_in_time(&troubled_closed).await;
    // The engine's reply is a message of its own; the post that made it
    // is the channel's latest when it is first seen.
    scene
        .standin
        .wait_for(STEP, "the engine's reply in the troubled channel", |s| {
            (replies(s) > placed).then_some(())
        })
        .await;
    let posts = format!("/channels/{TROUBLED}/messages");
    let replied = scene
        .standin
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with(&posts))
        .map(|r| r.at)
        .max()
        .expect("the reply was posted");
    let searched = replied - troubled_closed.at;
    assert!(
        searched >= Duration::from_millis(4_500),
        "the engine at max answered {searched:?} after the close: it did not use its 5 s budget"
    );
    assert!(
        ended.at < replied,
        "the healthy channel closed while the engine searched"
    );
}
}
