//! Who may vote, through the real bot and the Discord stand-in, on SQLite
//! and PostgreSQL: a manager sets a minimum account age with `/settings
//! voters` (members may not, and a bad length changes nothing); a member
//! whose account is younger is refused by command, menu and poll, told
//! only that they cannot vote yet, and nothing of theirs is counted; the
//! managers' `/community stats` shows each refusal.

use crate::support::backends::{TestDatabase, on_each_backend};
use crate::support::discord_bot::{
    MENUS_ONLY, STEP, admin, assert_clean, next_ballot, start_game, start_standin_and_bot,
    vote_options, voter,
};
use crate::support::discord_standin::{CHANNEL, GUILD, StandIn, User};
use holotable_store::{BallotId, Store};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::time::{SystemTime, UNIX_EPOCH};

const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
const DAY_MS: u64 = 86_400_000;

/// A member whose account Discord made `days` ago: a snowflake's top bits
/// are its creation time.
fn account_made_days_ago(days: u64, name: &str) -> User {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    User::new((now - days * DAY_MS - DISCORD_EPOCH_MS) << 22, name, 0)
}

fn settings_voters(options: Value) -> Value {
    json!([{ "name": "voters", "type": 1, "options": options }])
}

fn min_account_age(text: &str) -> Value {
    settings_voters(json!([{ "name": "min-account-age", "type": 3, "value": text }]))
}

async fn answer(standin: &StandIn, id: u64) -> (String, bool) {
    let answer = standin.answer(id).await;
    (answer.text().unwrap_or_default(), answer.ephemeral())
}

const NOT_YET: &str = "You cannot vote in this server's games yet. If you think you should, ask one of the server's managers.";

/// The votes stored on the channel's open ballot, by voter id.
async fn stored_voters(url: &str) -> (BallotId, Vec<String>) {
    let store = Store::open(url).await.unwrap();
    let game = store
        .live_game(&format!("discord:{CHANNEL}"))
        .await
        .unwrap()
        .expect("the channel has a game");
    let ballot = store
        .current_ballot(game.id)
        .await
        .unwrap()
        .expect("the game has a ballot");
    let mut voters: Vec<String> = store
        .votes(ballot.id)
        .await
        .unwrap()
        .into_iter()
        .map(|(voter, _)| voter)
        .collect();
    store.close().await;
    voters.sort();
    (ballot.id, voters)
}

/// Waits until the server's voter rules have refused `count` votes in
/// all: the refused member's answer has been read and checked.
async fn until_refused(url: &str, count: i64) {
    let store = Store::open(url).await.unwrap();
    let server = format!("discord:{GUILD}");
    let deadline = std::time::Instant::now() + STEP;
    loop {
        let refused: i64 = store
            .vote_refusals(&server)
            .await
            .unwrap()
            .iter()
            .map(|(_, n)| n)
            .sum();
        if refused >= count {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "waiting for {count} refused votes, {refused} so far"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    store.close().await;
}

async fn stats_as(standin: &StandIn, member: &User) -> String {
    let id = standin.slash(
        member,
        "community",
        json!([{ "name": "stats", "type": 1, "options": [] }]),
        2,
    );
    answer(standin, id).await.0
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_below_the_account_age_rule_is_refused_and_nothing_is_counted(backend) {
    let dir = tempfile::tempdir().unwrap();
    let db = TestDatabase::fresh(backend);
    let (standin, _bot) =
        start_standin_and_bot(dir.path(), &[("DATABASE_URL", &db.url), MENUS_ONLY]).await;

    // Only a manager sees or sets the rules; a bad length changes nothing.
    let id = standin.slash(&voter(1), "settings", min_account_age("7d"), 2);
    let (text, ephemeral) = answer(&standin, id).await;
    assert!(text.starts_with("Only server managers can see or choose who may vote"), "{text}");
    assert!(ephemeral);
    let id = standin.slash(&admin(), "settings", min_account_age("7 days"), 2);
    let (text, _) = answer(&standin, id).await;
    assert!(text.starts_with("“7 days” is not a length of time I can read."), "{text}");
    let id = standin.slash(&admin(), "settings", settings_voters(json!([])), 2);
    let (text, _) = answer(&standin, id).await;
    assert!(text.contains("Accounts of any age may vote."), "{text}");
    let id = standin.slash(&admin(), "settings", min_account_age("7d"), 2);
    let (text, ephemeral) = answer(&standin, id).await;
    assert!(text.starts_with("Saved."), "{text}");
    assert!(text.contains("An account must be at least 7 days old to vote."), "{text}");
    assert!(ephemeral);

    start_game(&standin, "5m").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("the first ballot");
    let newcomer = account_made_days_ago(6, "newcomer");
    let id = standin.slash(&newcomer, "vote", vote_options("1"), 2);
    let (text, ephemeral) = answer(&standin, id).await;
    assert_eq!(text, NOT_YET);
    assert!(ephemeral);
    let (menu, mv) = ballot.menu_options()[0].clone();
    let id = standin.pick(&newcomer, &ballot, &menu, &mv);
    assert_eq!(answer(&standin, id).await.0, NOT_YET);
    let id = standin.slash(&voter(1), "vote", vote_options("1"), 2);
    let (text, _) = answer(&standin, id).await;
    assert!(text.contains("You voted for"), "{text}");

    let (_, voters) = stored_voters(&db.url).await;
    assert_eq!(voters, [voter(1).id.to_string()], "the newcomer's votes are not counted");
    let stats = stats_as(&standin, &admin()).await;
    assert!(stats.contains("- Account too new: 2 votes"), "{stats}");
    let stats = stats_as(&standin, &voter(1)).await;
    assert!(!stats.contains("Account too new"), "a member sees no refusals: {stats}");
    assert_clean(&standin);
}
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poll_answer_below_the_rule_is_left_out_and_one_whose_event_was_lost_is_checked_at_the_close(backend) {
    let dir = tempfile::tempdir().unwrap();
    let db = TestDatabase::fresh(backend);
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[("DATABASE_URL", &db.url)]).await;
    let id = standin.slash(&admin(), "settings", min_account_age("7d"), 2);
    assert!(answer(&standin, id).await.0.starts_with("Saved."));

    start_game(&standin, "6s").await;
    let ballot = standin
        .wait_for(STEP, "a poll", |s| s.messages().into_iter().find(|m| m.poll.is_some()))
        .await;
    let newcomer = account_made_days_ago(1, "newcomer");
    // The newcomer answers, changes their mind, answers again: refused
    // each time, and read each time (a manager may have let them in
    // meanwhile). The old hand is read once, for both their answers.
    // Another old hand's answer comes with no event: the close reads
    // them and counts it.
    // (Each refusal is awaited: answers that come together share one
    // read, as they should.)
    standin.poll_vote(&newcomer, &ballot, 1, true, true);
    until_refused(&db.url, 1).await;
    standin.poll_vote(&newcomer, &ballot, 1, false, true);
    standin.poll_vote(&newcomer, &ballot, 2, true, true);
    until_refused(&db.url, 2).await;
    standin.poll_vote(&voter(1), &ballot, 2, true, true);
    standin.poll_vote(&voter(1), &ballot, 1, true, true);
    standin.poll_vote(&voter(2), &ballot, 1, true, false);
    let (ballot_id, _) = stored_voters(&db.url).await;
    let played = standin
        .wait_for(STEP, "the ballot's result", |s| {
            s.messages()
                .into_iter()
                .find(|m| m.content.contains("The community played"))
        })
        .await;
    assert!(played.content.contains("(2 of 2 votes)"), "{}", played.content);
    let store = Store::open(&db.url).await.unwrap();
    let voters: Vec<String> = store
        .votes(ballot_id)
        .await
        .unwrap()
        .into_iter()
        .map(|(voter, _)| voter)
        .collect();
    store.close().await;
    let mut expected = [voter(1).id.to_string(), voter(2).id.to_string()];
    expected.sort();
    let mut voters = voters;
    voters.sort();
    assert_eq!(voters, expected);
    assert_eq!(
        standin.member_reads(),
        4,
        "the newcomer at each answer, the first old hand once, the close only the second \
         (the refused newcomer as read at their answer)"
    );
    let stats = stats_as(&standin, &admin()).await;
    assert!(stats.contains("- Account too new: 2 votes"), "{stats}");
    assert_clean(&standin);
}
}
