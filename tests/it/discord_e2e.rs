//! The real `holotable bot` process against the local Discord stand-in:
//! whole games through native polls and menus, a restart mid-vote, a 429
//! storm, a dropped gateway, permissions and junk votes. No test reaches
//! the internet: the bot's `DISCORD_API_URL` points at 127.0.0.1.

use crate::support::discord_bot::{
    Bot, STEP, admin, assert_clean, bot_command, next_ballot, player, reply_message, start_game,
    start_options, start_standin_and_bot, vote_options, voter, wait_text, wait_text_within,
};
use crate::support::discord_standin::{self, CHANNEL, Posted, StandIn, TOKEN, User};

use serde_json::{Value, json};
use std::collections::HashSet;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The crowd's choice among a ballot's moves: one that heads for the end
/// of the game (a capture, else a step into the inner orbit), so a game
/// takes a handful of ballots instead of shuffling to the 200-ply limit.
fn purposeful(moves: &[&str]) -> usize {
    // White wins Space Checkers by walking straight in (An-Bn): prefer
    // captures, then straight exits, so the game ends in a few ballots
    // whatever the random black engine does.
    let straight = |mv: &str| {
        let (from, to) = mv.split_once('-').unwrap_or((mv, ""));
        from.starts_with('A') && to.starts_with('B') && from[1..] == to[1..]
    };
    let score = |mv: &str| match mv {
        mv if mv.contains('x') => 0,
        mv if straight(mv) => 1,
        mv if mv.starts_with('A') && mv.contains("-B") => 2,
        mv if mv.contains("-C") => 3,
        _ => 4,
    };
    (0..moves.len())
        .min_by_key(|&i| score(moves[i]))
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_through_polls_and_menus() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    start_game(&standin, "4s").await;
    wait_text(&standin, "A new game of Space Checkers begins").await;

    let mut seen = HashSet::new();
    let started = Instant::now();
    let (mut polls, mut menus) = (0, 0);
    let mut old_menu: Option<(Posted, String, String)> = None;
    while let Some(ballot) = next_ballot(&standin, &seen).await {
        seen.insert(ballot.id);
        // Purposeful votes usually win in under ten ballots, but the random
        // black engine (a fresh seed each run) can make it last; the rules'
        // 200-ply limit ends every game within 100 ballots.
        assert!(seen.len() <= 100, "the game outlived its 200-ply limit");
        let before = standin.messages().len();
        let (winner, votes) = if ballot.poll.is_some() {
            polls += 1;
            // Two answers arrive as events, one only in the final results
            // (its event is lost), and one is withdrawn.
            let answers = ballot.poll_answers();
            let moves: Vec<&str> = answers
                .iter()
                .map(|a| a.split_once(". ").map_or(a.as_str(), |(_, mv)| mv))
                .collect();
            let last = purposeful(&moves) as u64 + 1;
            standin.poll_vote(&voter(1), &ballot, last, true, true);
            standin.poll_vote(&voter(2), &ballot, last, true, true);
            standin.poll_vote(&voter(3), &ballot, last, true, false);
            standin.poll_vote(&voter(4), &ballot, 1, true, true);
            standin.poll_vote(&voter(4), &ballot, 1, false, true);
            (moves[last as usize - 1].to_string(), "3 of 3 votes")
        } else {
            menus += 1;
            let options = ballot.menu_options();
            let values: Vec<&str> = options.iter().map(|(_, mv)| mv.as_str()).collect();
            let (menu, mv) = options[purposeful(&values)].clone();
            let other = options.last().map(|(_, mv)| mv.clone()).expect("an option");
            // Sent together, as a crowd would: three answers awaited in turn
            // could outlast the 4-second ballot on a busy machine.
            let ids = [
                standin.pick(&voter(1), &ballot, &menu, &mv),
                standin.pick(&voter(2), &ballot, &menu, &mv),
                standin.slash(&voter(3), "vote", vote_options(&other), 2),
            ];
            for id in ids {
                let answer = standin.answer(id).await;
                assert!(
                    answer.text().unwrap_or_default().contains("You voted for"),
                    "{answer:?}"
                );
            }
            old_menu = Some((ballot.clone(), menu, mv.clone()));
            let votes = if other == mv {
                "3 of 3 votes"
            } else {
                "2 of 3 votes"
            };
            (mv, votes)
        };
        let played = format!("The community played {winner} ({votes})");
        standin
            .wait_for(STEP, &played, |s| {
                s.messages()[before..]
                    .iter()
                    .any(|m| m.content.contains(&played))
                    .then_some(())
            })
            .await;
    }
    assert!(polls >= 1, "the first ballot (8 moves) is a native poll");
    let messages = standin.messages();
    // Boards: one PNG per ballot and one at the end.
    let boards: Vec<&Posted> = messages
        .iter()
        .filter(|m| m.content.contains("Ballot for move"))
        .collect();
    assert_eq!(boards.len(), seen.len(), "one board per ballot");
    for board in &boards {
        assert_eq!(board.images.len(), 1);
        assert_eq!(board.images[0].format, image::ImageFormat::Png);
        assert_eq!((board.images[0].width, board.images[0].height), (256, 256));
    }
    let end = messages
        .iter()
        .find(|m| m.content.contains("Game over"))
        .unwrap();
    assert_eq!(end.images.len(), 1, "the final board");
    let review = assert_review_of_each_decision(&standin, seen.len()).await;
    assert_review_shown_again(&standin, &review).await;
    let messages = standin.messages();
    assert!(
        messages
            .iter()
            .filter(|m| m.poll.is_some())
            .all(|m| m.poll_expired),
        "every poll was ended"
    );
    assert!(
        messages.iter().all(|m| m.menu_options().is_empty()),
        "every menu was taken down"
    );
    // A click on a menu of an earlier ballot is refused, not misapplied.
    if let Some((message, menu, mv)) = old_menu {
        let id = standin.pick(&voter(5), &message, &menu, &mv);
        let text = standin.answer(id).await.text().unwrap_or_default();
        assert!(
            text.contains("closed") || text.contains("no game"),
            "{text}"
        );
    }
    let id = standin.slash(
        &voter(1),
        "community",
        json!([{ "name": "history", "type": 1, "options": [] }]),
        2,
    );
    let history = standin.answer(id).await;
    assert!(
        history.text().unwrap_or_default().contains("1. "),
        "{history:?}"
    );
    assert_eq!(history.images.len(), 1);
    assert_eq!(history.images[0].format, image::ImageFormat::Gif);
    eprintln!(
        "ballots: {polls} polls, {menus} menus in {:.0?}",
        started.elapsed()
    );
    assert_eq!(
        standin.member_reads(),
        0,
        "a server without voter rules has no member read for its poll answers"
    );
    assert_clean(&standin);
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(log.contains("ballot posted"), "the log is written");
    assert!(!log.contains(TOKEN), "the token is never logged");
}

/// The review comes once after the game, with a verdict for each of the
/// `ballots` decisions in the order they were played, and a turning point
/// exactly when a decision was a mistake or worse. Returns the review.
async fn assert_review_of_each_decision(standin: &StandIn, ballots: usize) -> String {
    const HEADING: &str = "My review of the community's decisions as white";
    // Each decision is searched to a node budget, about a second on an
    // idle machine here (`REVIEW_NODES`), a side's move and the engine's
    // best each: 4 s a ballot leaves room for both cores being busy.
    let within = STEP + Duration::from_secs(4) * ballots as u32;
    wait_text_within(standin, within, HEADING).await;
    let messages = standin.messages();
    let reviews: Vec<&Posted> = messages
        .iter()
        .filter(|m| m.content.starts_with(HEADING))
        .collect();
    assert_eq!(reviews.len(), 1, "one review");
    let review = &reviews[0].content;
    let played: Vec<&str> = messages
        .iter()
        .filter_map(|m| m.content.strip_prefix("The community played "))
        .filter_map(|rest| rest.split(" (").next())
        .collect();
    assert_eq!(played.len(), ballots, "{played:?}");
    let verdicts = [
        "only move",
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ];
    let lines: Vec<(&str, &str)> = review
        .lines()
        .skip(1)
        .map(|line| {
            let (_, rest) = line.split_once(". ").expect(line);
            let (mv, verdict) = rest.split_once(": ").expect(line);
            let verdict = verdict.split(" (I preferred").next().unwrap();
            assert!(verdicts.contains(&verdict), "{line}");
            (mv, verdict)
        })
        .collect();
    if !review.contains("Every decision not listed") {
        let moves: Vec<&str> = lines.iter().map(|(mv, _)| *mv).collect();
        assert_eq!(moves, played, "{review}");
    }
    let lost = lines
        .iter()
        .any(|(_, v)| ["mistake", "blunder"].contains(v));
    assert_eq!(
        review.contains("The turning point was move"),
        lost,
        "{review}"
    );
    assert_eq!(
        review.contains("No decision lost as much as a mistake."),
        !lost,
        "{review}"
    );
    assert!(
        review.contains("Votes closest to my choices: <@"),
        "{review}"
    );
    review.clone()
}

/// `/community review` shows `review` again, only to the member who asks
/// and pinging nobody; a game this channel did not play is refused.
async fn assert_review_shown_again(standin: &StandIn, review: &str) {
    let posts_before = standin.messages().len();
    let id = standin.slash(
        &voter(2),
        "community",
        json!([{ "name": "review", "type": 1, "options": [] }]),
        2,
    );
    let answer = standin.answer(id).await;
    assert!(answer.ephemeral());
    assert_eq!(answer.text().as_deref(), Some(review));
    let id = standin.slash(
        &voter(2),
        "community",
        json!([{ "name": "review", "type": 1,
                 "options": [{ "name": "game", "type": 4, "value": 999 }] }]),
        2,
    );
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert_eq!(
        text,
        "Game 999 was not played in this channel; give the number of one of this \
         channel's games, or leave `game` out for the latest."
    );
    assert_eq!(standin.messages().len(), posts_before, "nothing posted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_vote_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    // Menus only: component votes, and the menu must not be posted twice.
    let menus_only = [("HOLOTABLE_POLL_MIN_SECS", "100000")];
    let (standin, bot) = start_standin_and_bot(dir.path(), &menus_only).await;
    start_game(&standin, "8s").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    assert!(ballot.poll.is_none());
    let (menu, mv) = ballot.menu_options().last().cloned().unwrap();
    let id = standin.pick(&voter(1), &ballot, &menu, &mv);
    standin.answer(id).await;
    // The live tally is edited into the menu message.
    standin
        .wait_for(STEP, "the live tally", |s| {
            let message = s.messages().into_iter().find(|m| m.id == ballot.id)?;
            message.content.contains("1 vote so far").then_some(())
        })
        .await;
    bot.stop();

    let _bot = Bot::start(&standin, dir.path(), &menus_only);
    standin
        .wait_for(STEP, "the bot to connect again", |s| {
            (s.gateway_counts().1 >= 2).then_some(())
        })
        .await;
    let id = standin.slash(&voter(2), "vote", vote_options(&mv), 2);
    assert!(
        standin
            .answer(id)
            .await
            .text()
            .unwrap_or_default()
            .contains("You voted for")
    );
    wait_text(
        &standin,
        &format!("The community played {mv} (2 of 2 votes)"),
    )
    .await;
    wait_text(&standin, "Ballot for move 3").await;
    let messages = standin.messages();
    let count = |text: &str| messages.iter().filter(|m| m.content.contains(text)).count();
    assert_eq!(count("A new game of"), 1);
    assert_eq!(count("Ballot for move 1:"), 1, "the first board once");
    assert_eq!(count("**Move 1**"), 1, "the first menu once");
    let first = messages.iter().find(|m| m.id == ballot.id).unwrap();
    assert!(
        first.menu_options().is_empty(),
        "its menu came down at the close"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_storm_while_posting_is_waited_out_without_double_posts() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let posts = format!("/channels/{CHANNEL}/messages");
    standin.fail_next(429, 5, &posts);
    standin.fail_next(502, 1, &posts);
    // Then a post whose answer is lost: the retry must not post it again.
    standin.lose_answer(500, &posts);
    start_game(&standin, "30s").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    assert!(ballot.poll.is_some());
    let messages = standin.messages();
    let count = |text: &str| messages.iter().filter(|m| m.content.contains(text)).count();
    assert_eq!(count("A new game of"), 1, "{messages:#?}");
    assert_eq!(count("Ballot for move 1:"), 1);
    assert_eq!(messages.iter().filter(|m| m.poll.is_some()).count(), 1);
    // Every retry after a 429 waited at least its retry_after.
    let requests: Vec<_> = standin
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/messages"))
        .collect();
    let limited = requests.iter().filter(|r| r.status == 429).count();
    assert_eq!(limited, 5);
    for pair in requests.windows(2) {
        if pair[0].status == 429 {
            let gap = pair[1].at - pair[0].at;
            assert!(gap >= Duration::from_millis(280), "retried after {gap:?}");
        }
    }
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_reconnects_and_commands_still_work() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    standin.drop_gateway();
    standin
        .wait_for(STEP, "a reconnection", |s| {
            let (connections, identifies, resumes) = s.gateway_counts();
            (connections >= 2 && identifies + resumes >= 2).then_some(())
        })
        .await;
    start_game(&standin, "1h").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    standin.poll_vote(&voter(1), &ballot, 2, true, true);
    // The vote event and the command are handled concurrently: let the
    // event land first.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let id = standin.slash(
        &voter(1),
        "community",
        json!([{ "name": "status", "type": 1, "options": [] }]),
        2,
    );
    let status = standin
        .wait_for(STEP, "the poll vote in the status", |s| {
            let answer = s.answers().into_iter().find(|a| a.id == id)?;
            answer.text()
        })
        .await;
    assert!(
        status.contains("Ballot for move 1") && status.contains("1 vote"),
        "{status}"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_non_admin_cannot_start_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let id = standin.slash(&voter(1), "community", start_options("1h"), 2);
    let answer = standin.answer(id).await;
    assert_eq!(
        answer.text().as_deref(),
        Some("Only server managers can start a game.")
    );
    assert!(answer.ephemeral());
    let id = standin.slash(
        &voter(1),
        "community",
        json!([{ "name": "stop", "type": 1, "options": [] }]),
        2,
    );
    assert_eq!(
        standin.answer(id).await.text().as_deref(),
        Some("Only server managers can stop a game.")
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(standin.messages().is_empty(), "nothing was posted");
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_in_vote_gets_an_answer_saying_what_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let id = standin.slash(&voter(1), "vote", vote_options("A1-B1"), 2);
    assert_eq!(
        standin.answer(id).await.text().as_deref(),
        Some("There is no game in this channel.")
    );
    let id = standin.slash(&admin(), "community", start_options("soon"), 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("like 90s, 10m, 2h or 1d"), "{text}");
    start_game(&standin, "1h").await;
    next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    for (junk, expected) in [
        ("checkmate!", "I cannot read “checkmate!”"),
        ("#99", "There is no option 99; options are numbered 1 to 8."),
        ("A1-B2", "did you mean"),
        ("'; DROP TABLE votes; --", "I cannot read"),
    ] {
        let id = standin.slash(&voter(1), "vote", vote_options(junk), 2);
        let answer = standin.answer(id).await;
        let text = answer.text().unwrap_or_default();
        assert!(text.contains(expected), "{junk}: {text}");
        assert!(answer.ephemeral());
    }
    // Autocomplete offers the open ballot's moves.
    let id = standin.slash(
        &voter(1),
        "vote",
        json!([{ "name": "move", "type": 3, "value": "a1", "focused": true }]),
        4,
    );
    let choices = standin.answer(id).await.choices();
    assert!(
        !choices.is_empty() && choices.iter().all(|c| c.contains("A1")),
        "{choices:?}"
    );
    assert_clean(&standin);
}

#[tokio::test]
async fn a_missing_or_rejected_token_is_one_line_and_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let standin = StandIn::start().await;
    let run = |token: &str| {
        let mut command = bot_command(dir.path());
        command
            .env("RUST_LOG", "warn")
            .env("DISCORD_TOKEN", token)
            .env("DISCORD_API_URL", standin.api_url())
            .stderr(Stdio::piped());
        command
    };
    let started = Instant::now();
    let output = tokio::task::spawn_blocking({
        let mut command = run("not-the-token");
        move || command.output().expect("running the bot")
    })
    .await
    .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("rejected DISCORD_TOKEN"), "{stderr}");
    assert!(
        !stderr.contains("not-the-token"),
        "the token leaked: {stderr}"
    );
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(20));
    let output = run("").output().expect("running the bot");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("DISCORD_TOKEN is not set"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_vote_is_extended_then_pauses_and_resume_reopens_it() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    start_game(&standin, "2s").await;
    let first = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    wait_text(&standin, "Nobody voted yet, so the vote is extended").await;
    let second = next_ballot(&standin, &HashSet::from([first.id]))
        .await
        .expect("the ballot again");
    wait_text(&standin, "The game is paused: nobody voted").await;
    let id = standin.slash(
        &voter(1),
        "community",
        json!([{ "name": "resume", "type": 1, "options": [] }]),
        2,
    );
    assert_eq!(
        standin.answer(id).await.text().as_deref(),
        Some("Only server managers can resume a game.")
    );
    let id = standin.slash(
        &admin(),
        "community",
        json!([{ "name": "resume", "type": 1, "options": [] }]),
        2,
    );
    assert!(
        standin
            .answer(id)
            .await
            .text()
            .unwrap_or_default()
            .contains("resumes")
    );
    wait_text(&standin, "The game resumes!").await;
    let third = next_ballot(&standin, &HashSet::from([first.id, second.id]))
        .await
        .expect("a new ballot");
    standin.poll_vote(&voter(1), &third, 1, true, true);
    wait_text(&standin, "(1 of 1 vote)").await;
    let messages = standin.messages();
    for old in [first.id, second.id] {
        let message = messages.iter().find(|m| m.id == old).unwrap();
        assert!(
            message.poll_expired,
            "an earlier poll of the same ballot was ended"
        );
    }
    assert_clean(&standin);
}

fn gotd_setup_options(time: &str, zone: &str) -> Value {
    json!([{ "name": "setup", "type": 1, "options": [
        { "name": "channel", "type": 7, "value": CHANNEL.to_string() },
        { "name": "time", "type": 3, "value": time },
        { "name": "timezone", "type": 3, "value": zone },
    ]}])
}

fn gotd_options(sub: &str) -> Value {
    json!([{ "name": sub, "type": 1, "options": [] }])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gotd_setup_posts_the_gamer_of_the_day_once_without_pinging() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;

    // The time zone is autocompleted from the IANA names.
    let focused = json!([{ "name": "setup", "type": 1, "options": [
        { "name": "timezone", "type": 3, "value": "new_y", "focused": true },
    ]}]);
    let id = standin.slash(&admin(), "gotd", focused, 4);
    let choices = standin.answer(id).await.choices();
    assert_eq!(
        choices.first().map(String::as_str),
        Some("America/New_York")
    );

    // Members are refused, bad input is explained.
    let id = standin.slash_with_channels(
        &voter(1),
        "gotd",
        gotd_setup_options("09:00", "UTC"),
        &[CHANNEL],
    );
    assert_eq!(
        standin.answer(id).await.text().as_deref(),
        Some("Only server managers can set up the Gamer of the Day.")
    );
    let id = standin.slash_with_channels(
        &admin(),
        "gotd",
        gotd_setup_options("9h", "UTC"),
        &[CHANNEL],
    );
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("HH:MM"), "{text}");
    let id = standin.slash(&admin(), "gotd", gotd_options("preview"), 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("not set up"), "{text}");

    // 00:00 UTC has always passed today: the first post goes out at once.
    let id = standin.slash_with_channels(
        &admin(),
        "gotd",
        gotd_setup_options("00:00", "utc"),
        &[CHANNEL],
    );
    let answer = standin.answer(id).await;
    let text = answer.text().unwrap_or_default();
    assert!(answer.ephemeral());
    assert!(
        text.contains("every day at 00:00 (UTC)") && text.contains("without a ping"),
        "{text}"
    );
    let post = wait_text(&standin, "Today's Gamer of the Day is:").await;
    assert_eq!(post.channel, CHANNEL);
    assert!(
        post.content.contains("Trooper ST-3V3 Fun Fact:"),
        "{}",
        post.content
    );
    assert!(
        post.content.contains("Nobody played yesterday"),
        "{}",
        post.content
    );

    // The preview shows what was posted; /gotd now does not post again.
    let id = standin.slash(&admin(), "gotd", gotd_options("preview"), 2);
    let answer = standin.answer(id).await;
    let text = answer.text().unwrap_or_default();
    assert!(answer.ephemeral());
    assert!(
        text.contains("already posted") && text.contains(&post.content),
        "{text}"
    );
    let id = standin.slash(&admin(), "gotd", gotd_options("now"), 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("gone out already"), "{text}");
    tokio::time::sleep(Duration::from_millis(700)).await;
    let posts = standin
        .messages()
        .into_iter()
        .filter(|m| m.content.contains("Gamer of the Day"))
        .count();
    assert_eq!(posts, 1);

    let id = standin.slash(&admin(), "gotd", gotd_options("off"), 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("is off"), "{text}");
    assert_clean(&standin);
}

fn button_ids(message: &Posted) -> Vec<String> {
    message
        .components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(String::from))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_between_two_members() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let (ann, bob, carl) = (player(1, "ann"), player(2, "bob"), player(3, "carl"));
    let options = json!([
        { "name": "opponent", "type": 6, "value": bob.id.to_string() },
        { "name": "game", "type": 4, "value": 0 },
        { "name": "turn", "type": 3, "value": "1h" },
    ]);
    let id = standin.slash(&ann, "challenge", options, 2);
    let answer = standin.answer(id).await;
    assert!(!answer.ephemeral(), "the challenge is public");
    let challenge = reply_message(&answer);
    assert!(
        challenge.content.contains(&format!("<@{}>", bob.id)),
        "{challenge:?}"
    );
    let buttons = button_ids(&challenge);
    assert_eq!(buttons.len(), 2, "accept and decline");
    // Only the challenged may accept.
    let id = standin.press(&carl, &challenge, &buttons[0]);
    let refused = standin.answer(id).await;
    assert!(refused.ephemeral());
    assert!(
        refused
            .text()
            .unwrap_or_default()
            .contains("Only the challenged"),
        "{refused:?}"
    );
    let id = standin.press(&bob, &challenge, &buttons[0]);
    let accepted = standin.answer(id).await;
    assert!(
        accepted
            .text()
            .unwrap_or_default()
            .contains("Challenge accepted"),
        "{accepted:?}"
    );
    // A second press starts nothing new.
    let id = standin.press(&bob, &challenge, &buttons[0]);
    standin.answer(id).await;
    wait_text(&standin, "rated match of Space Checkers begins").await;

    let mut seen = HashSet::new();
    for turn in 0..4 {
        let message = standin
            .wait_for(STEP, "a turn with its menu", |s| {
                s.messages().into_iter().find(|m| {
                    !seen.contains(&m.id)
                        && m.content.contains("to decide")
                        && !m.menu_options().is_empty()
                })
            })
            .await;
        seen.insert(message.id);
        assert_eq!(message.images.len(), 1, "the board");
        let (mover, idle) = if message.content.contains(&format!("<@{}>", ann.id)) {
            (&ann, &bob)
        } else {
            (&bob, &ann)
        };
        let options = message.menu_options();
        let values: Vec<&str> = options.iter().map(|(_, mv)| mv.as_str()).collect();
        let (menu, mv) = options[purposeful(&values)].clone();
        // Whoever is not to decide is refused, privately.
        let id = standin.pick(idle, &message, &menu, &mv);
        let refused = standin.answer(id).await;
        assert!(refused.ephemeral());
        assert!(
            refused
                .text()
                .unwrap_or_default()
                .contains("not your decision"),
            "{refused:?}"
        );
        let played = if turn == 1 {
            let id = standin.slash(
                mover,
                "move",
                json!([{ "name": "move", "type": 3, "value": mv }]),
                2,
            );
            standin.answer(id).await
        } else {
            let id = standin.pick(mover, &message, &menu, &mv);
            standin.answer(id).await
        };
        assert!(
            played.text().unwrap_or_default().contains("You played"),
            "{played:?}"
        );
    }
    let id = standin.slash(
        &ann,
        "match",
        json!([{ "name": "status", "type": 1, "options": [] }]),
        2,
    );
    let status = standin.answer(id).await.text().unwrap_or_default();
    assert!(
        status.contains("rated") && status.contains("4 decisions"),
        "{status}"
    );
    let id = standin.slash(&bob, "resign", json!([]), 2);
    assert!(
        standin
            .answer(id)
            .await
            .text()
            .unwrap_or_default()
            .contains("You resigned")
    );
    let end = wait_text(&standin, "Match over").await;
    let messages = standin.messages();
    assert!(
        messages.iter().all(|m| m.menu_options().is_empty()),
        "every turn's menu came down"
    );
    assert!(end.content.contains("resigned"), "{end:?}");
    assert!(end.content.contains("rating 1500 →"), "{end:?}");
    assert_eq!(end.images.len(), 1);
    let id = standin.slash(
        &ann,
        "match",
        json!([{ "name": "history", "type": 1, "options": [] }]),
        2,
    );
    let history = standin.answer(id).await;
    assert!(history.text().unwrap_or_default().contains("1. "));
    assert_eq!(history.images[0].format, image::ImageFormat::Gif);
    let id = standin.slash(
        &carl,
        "leaderboard",
        json!([{ "name": "game", "type": 4, "value": 0 }]),
        2,
    );
    let board = standin.answer(id).await;
    let embed = &board.callbacks[0]["data"]["embeds"][0];
    let lines = embed["description"].as_str().unwrap_or_default();
    assert!(
        lines.starts_with(&format!("1. <@{}>", ann.id)),
        "the winner leads: {lines}"
    );
    let id = standin.slash(
        &bob,
        "profile",
        json!([{ "name": "user", "type": 6, "value": ann.id.to_string() }]),
        2,
    );
    let profile = standin.answer(id).await;
    let field = &profile.callbacks[0]["data"]["embeds"][0]["fields"][0];
    assert!(
        field["value"]
            .as_str()
            .unwrap_or_default()
            .contains("(1 game, 1 win, 1 win in a row)\nBest streak: 1 win; 0 draws and 0 losses."),
        "{profile:?}"
    );
    assert_clean(&standin);
}

fn threads_options(switch: u64) -> Value {
    json!([{ "name": "threads", "type": 1, "options": [
        { "name": "switch", "type": 4, "value": switch },
    ] }])
}

/// Challenges `opponent` for `by` to Space Checkers and has them accept;
/// returns the accepting click's answer.
async fn challenge_accepted(
    standin: &StandIn,
    by: &User,
    opponent: &User,
) -> discord_standin::Answer {
    let options = json!([
        { "name": "opponent", "type": 6, "value": opponent.id.to_string() },
        { "name": "game", "type": 4, "value": 0 },
    ]);
    let id = standin.slash(by, "challenge", options, 2);
    let challenge = reply_message(&standin.answer(id).await);
    let id = standin.press(opponent, &challenge, &button_ids(&challenge)[0]);
    standin.answer(id).await
}

/// The next turn message with a menu posted in `channel`.
async fn turn_in(standin: &StandIn, channel: u64, seen: &HashSet<u64>) -> Posted {
    standin
        .wait_for(STEP, "a turn with its menu", |s| {
            s.messages().into_iter().find(|m| {
                m.channel == channel && !seen.contains(&m.id) && !m.menu_options().is_empty()
            })
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_threads_on_a_match_is_played_in_its_own_thread() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let (ann, bob, carl) = (player(1, "ann"), player(2, "bob"), player(3, "carl"));
    // Only server managers choose where matches are played.
    let id = standin.slash(&ann, "match", threads_options(0), 2);
    let refused = standin.answer(id).await.text().unwrap_or_default();
    assert!(refused.contains("Only server managers"), "{refused}");
    assert!(standin.threads().is_empty());
    let id = standin.slash(&admin(), "match", threads_options(0), 2);
    let on = standin.answer(id).await.text().unwrap_or_default();
    assert!(on.contains("thread of its own"), "{on}");

    let accepted = challenge_accepted(&standin, &ann, &bob).await;
    let threads = standin.threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let thread = &threads[0];
    assert_eq!(thread.parent, CHANNEL);
    assert!(
        thread.name.starts_with("Space Checkers: ann vs "),
        "{thread:?}"
    );
    assert!(
        accepted
            .text()
            .unwrap_or_default()
            .contains(&format!("is on in <#{}>", thread.id)),
        "{accepted:?}"
    );
    let mut seen = HashSet::new();
    let turn = turn_in(&standin, thread.id, &seen).await;
    seen.insert(turn.id);
    let mover = if turn.content.contains(&format!("<@{}>", ann.id)) {
        &ann
    } else {
        &bob
    };
    let mv = turn.menu_options()[0].1.clone();
    let id = standin.slash_in(
        thread.id,
        mover,
        "move",
        json!([{ "name": "move", "type": 3, "value": mv }]),
        2,
    );
    let played = standin.answer(id).await.text().unwrap_or_default();
    assert!(played.contains("You played"), "{played}");
    // The next turn comes in the thread too, and the old one's menu came down.
    turn_in(&standin, thread.id, &seen).await;
    let id = standin.slash_in(
        thread.id,
        &ann,
        "match",
        json!([{ "name": "status", "type": 1, "options": [] }]),
        2,
    );
    let status = standin.answer(id).await.text().unwrap_or_default();
    assert!(status.contains("1 decision played"), "{status}");
    // In the channel itself, ann has no match.
    let id = standin.slash(&ann, "resign", json!([]), 2);
    let nothing = standin.answer(id).await;
    assert!(
        !nothing.text().unwrap_or_default().contains("You resigned"),
        "{nothing:?}"
    );
    let id = standin.slash_in(thread.id, &ann, "resign", json!([]), 2);
    let resigned = standin.answer(id).await.text().unwrap_or_default();
    assert!(resigned.contains("You resigned"), "{resigned}");
    let end = wait_text(&standin, "Match over").await;
    assert_eq!(end.channel, thread.id);
    assert!(
        standin.messages().iter().all(|m| m.channel == thread.id),
        "everything of the match went to its thread"
    );

    // A thread Discord refuses costs nothing: the match plays in the channel.
    standin.fail_next(403, 1, "/threads");
    let accepted = challenge_accepted(&standin, &ann, &carl).await;
    let text = accepted.text().unwrap_or_default();
    assert!(
        text.contains("is on.") && !text.contains("<#"),
        "{accepted:?}"
    );
    turn_in(&standin, CHANNEL, &seen).await;
    assert_eq!(standin.threads().len(), 1);

    // A match against the engine gets a thread of its own too.
    let id = standin.slash(
        &bob,
        "play",
        json!([{ "name": "game", "type": 4, "value": 0 }]),
        2,
    );
    let started = standin.answer(id).await.text().unwrap_or_default();
    let threads = standin.threads();
    assert_eq!(threads.len(), 2, "{threads:?}");
    let engine = &threads[1];
    assert_eq!((engine.parent, engine.message), (CHANNEL, None));
    assert!(engine.name.contains("vs the engine"), "{engine:?}");
    assert!(
        started.contains(&format!("started in <#{}>", engine.id)),
        "{started}"
    );
    turn_in(&standin, engine.id, &seen).await;
    // A refused `/play` leaves no empty thread behind.
    let id = standin.slash(
        &carl,
        "play",
        json!([
            { "name": "game", "type": 4, "value": 0 },
            { "name": "turn", "type": 3, "value": "5s" },
        ]),
        2,
    );
    let refused = standin.answer(id).await.text().unwrap_or_default();
    assert!(refused.contains("A turn must last"), "{refused}");
    assert_eq!(standin.threads().len(), 2);
    assert!(
        standin
            .requests()
            .iter()
            .any(|r| r.method == "DELETE" && r.status == 200),
        "the unused thread was opened, then deleted"
    );
    assert_clean(&standin);
}

/// A service manager stops the bot with SIGTERM: it leaves through its
/// shutdown (which withdraws its published queue, so other processes'
/// closes stop waiting for it), not killed mid-work.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_through_its_shutdown() {
    let dir = tempfile::tempdir().unwrap();
    let (_standin, bot) = start_standin_and_bot(dir.path(), &[]).await;
    let status = bot.terminate().await.expect("the bot left after SIGTERM");
    assert!(status.success(), "{status:?}");
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(log.contains("stopping"), "{log}");
}
