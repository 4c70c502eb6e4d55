//! Many communities at once (issue #18, part 1), end to end: the real bot
//! against the Discord stand-in, two channels due together. One channel's
//! poll reads fail (500) throughout its close; the other's ballot must
//! still close within half a second of its deadline, as seen from outside
//! (the stand-in's record of its poll being ended).

mod discord_bot;
mod discord_standin;

use discord_bot::{Bot, STEP, admin, start_options, voter};
use discord_standin::{CHANNEL, Posted, StandIn};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const FAILING: u64 = CHANNEL;
const HEALTHY: u64 = CHANNEL + 100;
const BOUND: Duration = Duration::from_millis(500);

async fn start_in(standin: &StandIn, channel: u64) {
    let id = standin.slash_in(channel, &admin(), "community", start_options("6s"), 2);
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
async fn deadline_in(db: &std::path::Path, channel: u64) -> i64 {
    let url = format!("sqlite://{}", db.display());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let deadline = sqlx::query_scalar(
        "SELECT b.deadline FROM ballots b JOIN games g ON g.id = b.game_id
         WHERE b.status = 'open' AND g.channel = $1",
    )
    .bind(format!("discord:{channel}"))
    .fetch_one(&pool)
    .await
    .unwrap();
    pool.close().await;
    deadline
}

fn wall_millis(at: std::time::Instant) -> i64 {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    (now - at.elapsed()).as_millis() as i64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_whose_poll_reads_fail_delayed_another_channels_close() {
    let dir = tempfile::tempdir().unwrap();
    let standin = StandIn::start().await;
    let _bot = Bot::start(&standin, dir.path(), &[]);
    standin.wait_ready().await;
    // The failing channel's ballot falls due first, so a scheduler that
    // closes one after another reaches the healthy one only after it.
    start_in(&standin, FAILING).await;
    start_in(&standin, HEALTHY).await;
    let failing = poll_in(&standin, FAILING).await;
    let healthy = poll_in(&standin, HEALTHY).await;
    standin.poll_vote(&voter(1), &failing, 1, true, true);
    standin.poll_vote(&voter(2), &healthy, 1, true, true);
    standin.fail_next(500, 100_000, &format!("/channels/{FAILING}/polls"));
    let db = dir.path().join("bot.db");
    let failing_due = deadline_in(&db, FAILING).await;
    let deadline = deadline_in(&db, HEALTHY).await;
    assert!(
        failing_due <= deadline,
        "the failing channel is due first ({failing_due} vs {deadline})"
    );

    let failing_polls = format!("/channels/{FAILING}/polls");
    let first_failure = standin
        .wait_for(STEP, "the failing channel's poll reads failing", |s| {
            s.requests()
                .into_iter()
                .find(|r| r.path.contains(&failing_polls) && r.status == 500)
        })
        .await;
    let expire = format!("/channels/{HEALTHY}/polls/{}/expire", healthy.id);
    let ended = standin
        .wait_for(STEP, "the healthy channel's poll ended", |s| {
            s.requests()
                .into_iter()
                .find(|r| r.method == "POST" && r.path.ends_with(&expire))
        })
        .await;
    assert!(
        first_failure.at <= ended.at,
        "the healthy channel closed while the failing one's reads failed"
    );
    let late = wall_millis(ended.at) - deadline;
    assert!(
        late < BOUND.as_millis() as i64,
        "the healthy channel's poll ended {late} ms after its deadline"
    );
    assert!(
        standin.violations().is_empty(),
        "{:?}",
        standin.violations()
    );
}
