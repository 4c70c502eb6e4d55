//! Promises the bot keeps when things go wrong, each of which an outside
//! test of the released binary once found broken: the token never reaches a
//! log at any level, in any encoding; interaction replies that Discord
//! answers with a 502 or a 429 are retried, and what the person reads
//! matches what happened; a ballot's voting time starts when its message is
//! delivered; `/move` in a channel whose match plays in a thread points to
//! the thread. The real `holotable bot` against the local stand-in, as in
//! `discord_e2e.rs`.

use crate::support::discord_bot::{
    self, STEP, admin, assert_clean, bot_command, next_ballot, player, start_options,
    start_standin_and_bot, stated_closing, vote_options, voter, wait_text,
};
use crate::support::discord_standin::{self, CHANNEL, StandIn, TOKEN, User};

use serde_json::json;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// Every way the token could be written: as text, as hex in either case,
/// and as the decimal bytes Rust's `Debug` prints for a `[u8]`.
fn encodings(token: &str) -> Vec<String> {
    let bytes = token.as_bytes();
    let lower: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let decimal: Vec<String> = bytes.iter().map(u8::to_string).collect();
    vec![
        token.to_string(),
        lower.clone(),
        lower.to_uppercase(),
        decimal.join(", "),
        decimal.join(","),
    ]
}

/// Runs the bot at `filter` until it is connected and has started a game,
/// and returns everything it wrote.
async fn output_at(filter: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let standin = StandIn::start().await;
    let mut command = bot_command(dir.path());
    command
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", standin.api_url())
        .env("DEV_GUILD_ID", discord_standin::GUILD.to_string())
        .env("RUST_LOG", filter)
        .stdout(std::fs::File::create(dir.path().join("out.log")).unwrap())
        .stderr(std::fs::File::create(dir.path().join("err.log")).unwrap());
    let mut child = command.spawn().expect("starting holotable bot");
    standin.wait_ready().await;
    let id = standin.slash(&admin(), "community", start_options("1h"), 2);
    standin.answer(id).await;
    wait_text(&standin, "Ballot for move 1").await;
    // A heartbeat or two more go over the gateway.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = child.kill();
    let _ = child.wait();
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap_or_default();
    format!("{}{}", read("out.log"), read("err.log"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_reached_the_log_at_trace_level() {
    for filter in ["trace", "info,tungstenite=trace"] {
        let output = output_at(filter).await;
        // The search means something only if the output was captured.
        assert!(
            output.contains("connected to Discord"),
            "{filter}: the bot's log was not captured: {output}"
        );
        for encoding in encodings(TOKEN) {
            if let Some(at) = output.find(&encoding) {
                let line = output[..at].lines().count();
                panic!(
                    "RUST_LOG={filter}: the token reached the log as {encoding:?} on line {line}"
                );
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_discord_answered_with_a_502_or_429_was_reported_as_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    // The deferral is rate limited, the answer after the start hits a 502.
    standin.fail_next(429, 1, "/callback");
    standin.fail_next(502, 1, "/webhooks/");
    let id = standin.slash(&admin(), "community", start_options("1h"), 2);
    let answer = standin.answer(id).await;
    let text = answer.text().unwrap_or_default();
    assert!(text.contains("Game 1 started"), "{answer:?}");
    assert!(answer.ephemeral());
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    // Trying again tells the admin it was their own start that went through.
    let id = standin.slash(&admin(), "community", start_options("1h"), 2);
    let again = standin.answer(id).await.text().unwrap_or_default();
    assert!(
        again.contains("You started game 1 in this channel") && again.contains("already"),
        "{again}"
    );
    // Anyone else still hears that the channel is busy.
    let other = User::new(
        700_000_000_000_000_002,
        "Bea",
        discord_standin::MANAGE_GUILD,
    );
    let id = standin.slash(&other, "community", start_options("1h"), 2);
    let busy = standin.answer(id).await.text().unwrap_or_default();
    assert!(busy.contains("already has a game (game 1)"), "{busy}");

    // A vote whose reply hits a 502 is recorded and says so.
    standin.fail_next(502, 1, "/callback");
    let mv = ballot.poll_answers()[0]
        .split_once(". ")
        .map(|(_, mv)| mv.to_string())
        .expect("a numbered answer");
    let id = standin.slash(&voter(1), "vote", vote_options(&mv), 2);
    let voted = standin.answer(id).await.text().unwrap_or_default();
    assert!(voted.contains("You voted for"), "{voted}");
    // A reply whose answer is lost after Discord took it is not an error:
    // the retry hears "already acknowledged", and the reply stands.
    standin.lose_answer(500, "/callback");
    let id = standin.slash(&voter(2), "vote", vote_options(&mv), 2);
    let voted = standin.answer(id).await.text().unwrap_or_default();
    assert!(voted.contains("You voted for"), "{voted}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let status = standin.slash(
        &voter(3),
        "community",
        json!([{ "name": "status", "type": 1, "options": [] }]),
        2,
    );
    let status = standin.answer(status).await.text().unwrap_or_default();
    assert!(status.contains("2 votes"), "{status}");
    for answer in standin.answers() {
        let text = answer.text().unwrap_or_default();
        assert!(
            !text.contains("Sorry"),
            "an apology for a reply that went through: {text}"
        );
    }
    // A rate-limited callback was retried after its retry_after.
    let callbacks: Vec<_> = standin
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .collect();
    for pair in callbacks.windows(2) {
        if pair[0].status == 429 {
            let gap = pair[1].at - pair[0].at;
            assert!(gap >= Duration::from_millis(280), "retried after {gap:?}");
        }
    }
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ballot_shown_late_lost_the_time_it_was_delayed() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    // The ballot message (a poll) takes 3 s to get through; the vote is 6 s.
    let posts = format!("/channels/{CHANNEL}/messages");
    standin.delay_next(1, &posts, "\"poll\"", Duration::from_secs(3));
    let id = standin.slash(&admin(), "community", start_options("6s"), 2);
    standin.answer(id).await;
    next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    let shown = Instant::now();
    let extended = wait_text(&standin, "Nobody voted yet, so the vote is extended").await;
    let open_for = shown.elapsed();
    assert!(
        open_for >= Duration::from_millis(5_500),
        "members could vote for {open_for:?} of the 6 s"
    );
    // The extension names a deadline still ahead.
    let closes = stated_closing(&extended.content);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert!(
        closes + 1 >= now,
        "the extension closes at {closes}, now is {now}"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_extension_names_the_closing_time_its_slow_ballot_ends_up_with() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let id = standin.slash(&admin(), "community", start_options("6s"), 2);
    standin.answer(id).await;
    let first = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    // Nobody votes; the extended ballot's poll takes 2.5 s to get through,
    // after the extension has named a closing time.
    let posts = format!("/channels/{CHANNEL}/messages");
    standin.delay_next(1, &posts, "\"poll\"", Duration::from_millis(2_500));
    let extended = wait_text(&standin, "Nobody voted yet, so the vote is extended").await;
    let ballot = next_ballot(&standin, &HashSet::from([first.id]))
        .await
        .expect("the extended ballot");
    // The poll's slow post moves the deadline; the extension is edited.
    let named = stated_closing(&extended.content);
    standin
        .wait_for(STEP, "the extension edited", |s| {
            s.messages()
                .into_iter()
                .find(|m| m.id == extended.id && stated_closing(&m.content) != named)
        })
        .await;
    let status = json!([{ "name": "status", "type": 1, "options": [] }]);
    let id = standin.slash(&admin(), "community", status, 2);
    let status = standin.answer(id).await.text().unwrap_or_default();
    let ballot_closes = stated_closing(&status);
    assert_ne!(
        stated_closing(&extended.content),
        ballot_closes,
        "the slow poll was meant to move the deadline: {status:?}"
    );
    let expected =
        format!("the extension and the ballot put right to /community status: {status:?}");
    standin
        .wait_for(STEP, &expected, |s| {
            let messages = s.messages();
            let reads = |id| {
                messages
                    .iter()
                    .any(|m| m.id == id && stated_closing(&m.content) == ballot_closes)
            };
            (reads(extended.id) && reads(ballot.id)).then_some(())
        })
        .await;
    assert_clean(&standin);
}

fn threads_options(switch: u64) -> serde_json::Value {
    json!([{ "name": "threads", "type": 1, "options": [
        { "name": "switch", "type": 4, "value": switch },
    ] }])
}

/// `by` challenges `opponent` to Space Checkers, and they accept.
async fn challenge_accepted(standin: &StandIn, by: &User, opponent: &User) {
    let options = json!([
        { "name": "opponent", "type": 6, "value": opponent.id.to_string() },
        { "name": "game", "type": 4, "value": 0 },
    ]);
    let id = standin.slash(by, "challenge", options, 2);
    let challenge = discord_bot::reply_message(&standin.answer(id).await);
    let accept = challenge.components[0]["components"][0]["custom_id"]
        .as_str()
        .expect("an Accept button")
        .to_string();
    let id = standin.press(opponent, &challenge, &accept);
    let accepted = standin.answer(id).await.text().unwrap_or_default();
    assert!(accepted.contains("Challenge accepted"), "{accepted}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_in_the_channel_of_a_match_played_in_a_thread_said_the_match_is_over() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let (ann, bob) = (player(1, "ann"), player(2, "bob"));
    // An older match in the channel itself, over.
    challenge_accepted(&standin, &ann, &bob).await;
    let id = standin.slash(&ann, "resign", json!([]), 2);
    let resigned = standin.answer(id).await.text().unwrap_or_default();
    assert!(resigned.contains("You resigned"), "{resigned}");
    wait_text(&standin, "Match over").await;
    // Then a match in a thread of the channel.
    let id = standin.slash(&admin(), "match", threads_options(0), 2);
    standin.answer(id).await;
    challenge_accepted(&standin, &ann, &bob).await;
    let thread = standin
        .wait_for(STEP, "the match's thread", |s| {
            s.threads().first().map(|t| t.id)
        })
        .await;
    for command in ["move", "resign"] {
        let options = if command == "move" {
            json!([{ "name": "move", "type": 3, "value": "A1-B1" }])
        } else {
            json!([])
        };
        let id = standin.slash(&ann, command, options, 2);
        let text = standin.answer(id).await.text().unwrap_or_default();
        assert_eq!(
            text,
            format!("Your match is played in its thread, <#{thread}>: use `/{command}` there.")
        );
    }
    assert_clean(&standin);
}
