//! More interactions at once than the bot works on together
//! (`HOLOTABLE_INTERACTIONS_AT_ONCE`): every command and click past the
//! bound is acknowledged at once, inside Discord's three seconds, then done
//! in its turn, and a vote that waited counts on the ballot it was sent
//! for, even past that ballot's deadline. Only past the queue's depth
//! (`HOLOTABLE_INTERACTIONS_QUEUED`) is one refused, as fast. The bound's
//! worth of commands is held in progress by the stand-in, which keeps their
//! answers until the test lets them go, so which interactions wait does
//! not depend on timing.

use crate::support::discord_bot::{
    MENUS_ONLY, STEP, free_port, metric_sample, next_ballot, reply_message, start_game,
    start_standin_and_bot, stated_closing, unix_now, vote_options, voter,
};
use crate::support::discord_standin::{Answer, Guild, Release, StandIn};
use holotable::discord::ANSWERS_AT_ONCE;
use serde_json::{Value, json};
use std::collections::HashSet;
use std::time::Duration;

const BUSY: &str = "I'm handling too many requests at once, so I did nothing with this one. \
                    Please try again in a moment.";
const NO_GAME: &str = "There is no game in this channel.";
const AT_ONCE: usize = 4;
/// Of each kind in the burst: `/vote`, a ballot menu's pick, `/community status`.
const EACH: u64 = 12;
/// Discord's window for the first answer to an interaction.
const WINDOW: Duration = Duration::from_secs(3);
/// What the stand-in adds to every REST request where a test says so: a
/// round trip to Discord from far away.
const LATENCY: Duration = Duration::from_millis(100);

/// `/community status` in `channel`.
fn status_in(standin: &StandIn, channel: u64) -> u64 {
    let options = json!([{ "name": "status", "type": 1, "options": [] }]);
    standin.slash_in(channel, &voter(0), "community", options, 2)
}

/// Holds `count` commands in progress in a channel with no game (their
/// answers are kept by the stand-in), so that many places of the bound
/// are taken until the test releases them. Returns their ids.
async fn take_the_bound(standin: &StandIn, count: usize) -> (Release, Vec<u64>) {
    let release = standin.hold_next(count, "/callback", NO_GAME);
    let quiet = Guild::nth(0).nth_channel(1);
    let held = (0..count).map(|_| status_in(standin, quiet)).collect();
    standin
        .wait_for(STEP, "the bound's worth of commands in progress", |s| {
            (s.held().len() == count).then_some(())
        })
        .await;
    (release, held)
}

/// Waits until every one of `ids` has its first answer, and returns them.
async fn acknowledged(standin: &StandIn, ids: &[u64]) -> Vec<Answer> {
    standin
        .wait_for(STEP, "every interaction acknowledged", |s| {
            let answers = s.answers();
            let found: Vec<Answer> = ids
                .iter()
                .filter_map(|id| answers.iter().find(|a| a.id == *id && a.answered()))
                .cloned()
                .collect();
            (found.len() == ids.len()).then_some(found)
        })
        .await
}

/// The one answer of interaction `id`, ephemeral: a reply, or a deferral
/// and the edit that followed.
async fn only_answer(standin: &StandIn, id: u64) -> Answer {
    let answer = standin.answer(id).await;
    assert_eq!(answer.callbacks.len(), 1, "answered once: {answer:?}");
    assert!(answer.ephemeral(), "{answer:?}");
    answer
}

fn flags(body: &Value) -> u64 {
    body["flags"].as_u64().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_past_the_bound_is_acknowledged_then_done() {
    let dir = tempfile::tempdir().unwrap();
    let env = [MENUS_ONLY, ("HOLOTABLE_INTERACTIONS_AT_ONCE", "4")];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    start_game(&standin, "1h").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    let (menu, mv) = ballot.menu_options().last().cloned().expect("a menu vote");
    // A suggestion, answered in public with a button, for a click that
    // edits its message.
    let why = json!([
        { "name": "move", "type": 3, "value": mv },
        { "name": "why", "type": 3, "value": "it holds the centre" },
    ]);
    let suggestion = standin.slash(&voter(300), "suggest", why, 2);
    let suggestion = reply_message(&standin.answer(suggestion).await);
    let back = suggestion.components[0]["components"][0]["custom_id"]
        .as_str()
        .expect("a Back it button")
        .to_string();

    let (release, held) = take_the_bound(&standin, AT_ONCE).await;
    let typing = standin.slash(
        &voter(1),
        "vote",
        json!([{ "name": "move", "type": 3, "value": "a", "focused": true }]),
        4,
    );
    let (mut votes, mut picks, mut statuses) = (Vec::new(), Vec::new(), Vec::new());
    for n in 1..=EACH {
        votes.push(standin.slash(&voter(n), "vote", vote_options(&mv), 2));
        picks.push(standin.pick(&voter(100 + n), &ballot, &menu, &mv));
        statuses.push(status_in(&standin, Guild::nth(0).nth_channel(1)));
    }
    let voters = standin.slash(
        &voter(301),
        "community",
        json!([{ "name": "voters", "type": 1, "options": [] }]),
        2,
    );
    let backing = standin.press(&voter(302), &suggestion, &back);
    let own = standin.press(&voter(300), &suggestion, &back);

    // Acknowledged while the bound is still taken: none of it has been
    // worked on yet. Commands and ballot picks say "thinking…" to the
    // member alone; the clicks on the suggestion wait to edit its message.
    let burst: Vec<u64> = [&votes[..], &picks, &statuses, &[voters, backing, own]].concat();
    for answer in acknowledged(&standin, &burst).await {
        let (expected, ephemeral) = if [backing, own].contains(&answer.id) {
            (6, false)
        } else {
            (5, true)
        };
        assert_eq!(answer.first_type(), Some(expected), "{answer:?}");
        assert_eq!(answer.ephemeral(), ephemeral, "{answer:?}");
        assert!(answer.later.is_empty(), "nothing done yet: {answer:?}");
    }
    assert_eq!(standin.held().len(), AT_ONCE, "the bound is still taken");

    release.release();
    for id in held {
        let answer = only_answer(&standin, id).await;
        assert_eq!(answer.text().as_deref(), Some(NO_GAME));
    }
    for id in votes.iter().chain(&picks) {
        let text = only_answer(&standin, *id).await.text().unwrap_or_default();
        assert!(text.contains(&format!("You voted for {mv}")), "{text}");
    }
    for id in &statuses {
        let answer = only_answer(&standin, *id).await;
        assert_eq!(answer.text().as_deref(), Some(NO_GAME));
    }
    // `/community voters` answers the channel: after a deferral only its
    // member saw, the answer is a message of its own, and the "thinking…"
    // goes away.
    let ranking = standin
        .wait_for(STEP, "the ranking posted", |s| {
            let answer = s.answers().into_iter().find(|a| a.id == voters)?;
            (answer.original_deleted && !answer.followups.is_empty()).then_some(answer)
        })
        .await;
    assert_eq!(ranking.followups.len(), 1, "{ranking:?}");
    assert_eq!(flags(&ranking.followups[0]) & 64, 0, "{ranking:?}");
    let backed = standin
        .wait_for(STEP, "the suggestion's message edited", |s| {
            let answer = s.answers().into_iter().find(|a| a.id == backing)?;
            answer.later.first().cloned()
        })
        .await;
    assert!(
        backed.to_string().contains("1 backer"),
        "the edit of the clicked message: {backed}"
    );
    // Its author's click is refused, to them alone, in a message of its own.
    let refused = standin
        .wait_for(STEP, "the author's click answered", |s| {
            let answer = s.answers().into_iter().find(|a| a.id == own)?;
            answer.followups.first().cloned()
        })
        .await;
    assert_ne!(flags(&refused) & 64, 0, "{refused}");
    assert!(
        refused.to_string().contains("your own suggestion"),
        "{refused}"
    );

    let status = only_answer(&standin, status_in(&standin, Guild::nth(0).channel)).await;
    let status = status.text().unwrap_or_default();
    assert!(
        status.contains(&format!("{} votes", 2 * EACH)),
        "every vote and pick that waited counted: {status}"
    );
    let answers = standin.answers();
    let typed = answers.iter().find(|a| a.id == typing).expect("sent");
    assert!(
        typed.callbacks.is_empty(),
        "autocomplete past the bound is left unanswered: {typed:?}"
    );
    assert!(
        standin.violations().is_empty(),
        "{:?}",
        standin.violations()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn votes_waiting_past_the_deadline_counted_on_their_ballot() {
    const VOTES: u64 = 5;
    let dir = tempfile::tempdir().unwrap();
    let env = [MENUS_ONLY, ("HOLOTABLE_INTERACTIONS_AT_ONCE", "1")];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    start_game(&standin, "10s").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    let (_, mv) = ballot.menu_options().last().cloned().expect("a menu vote");
    let (release, held) = take_the_bound(&standin, 1).await;
    let votes: Vec<u64> = (1..=VOTES)
        .map(|n| standin.slash(&voter(n), "vote", vote_options(&mv), 2))
        .collect();
    acknowledged(&standin, &votes).await;

    // Past the deadline, the votes still wait: the ballot stays open.
    let closes = stated_closing(&ballot.content);
    while unix_now() < closes + 3 {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let closed = |s: &StandIn| {
        s.messages().into_iter().find(|m| {
            m.content.contains("The community played") || m.content.contains("Nobody voted")
        })
    };
    assert!(
        closed(&standin).is_none(),
        "the ballot closed while votes sent before its deadline waited: {:?}",
        closed(&standin).map(|m| m.content)
    );

    release.release();
    only_answer(&standin, held[0]).await;
    for id in votes {
        let text = only_answer(&standin, id).await.text().unwrap_or_default();
        assert!(text.contains(&format!("You voted for {mv}")), "{text}");
    }
    let close = standin.wait_for(STEP, "the close", closed).await;
    assert!(
        close.content.contains(&format!(
            "The community played {mv} ({VOTES} of {VOTES} votes"
        )),
        "{}",
        close.content
    );
    assert!(
        standin.violations().is_empty(),
        "{:?}",
        standin.violations()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_queue_a_command_is_refused_within_discords_window() {
    const QUEUED: usize = 4;
    const REFUSED: usize = 8;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("HOLOTABLE_INTERACTIONS_AT_ONCE", "1"),
        ("HOLOTABLE_INTERACTIONS_QUEUED", "4"),
    ];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    standin.add_latency(LATENCY);
    let (release, held) = take_the_bound(&standin, 1).await;
    let burst: Vec<u64> = (0..QUEUED + REFUSED)
        .map(|_| status_in(&standin, Guild::nth(0).channel))
        .collect();
    let answers = acknowledged(&standin, &burst).await;
    // Which ones were refused depends on the order they reached the bot;
    // how many does not.
    let refused: Vec<&Answer> = answers
        .iter()
        .filter(|a| a.first_type() == Some(4))
        .collect();
    assert_eq!(refused.len(), REFUSED, "{answers:?}");
    for answer in &refused {
        assert_eq!(answer.text().as_deref(), Some(BUSY), "{answer:?}");
        assert!(answer.ephemeral(), "{answer:?}");
    }
    // Twenty requests of 100 ms against a three-second window: a wide
    // margin, which a busy machine does not eat.
    for answer in &answers {
        let took = answer.answered_in.expect("timed");
        assert!(took < WINDOW, "acknowledged after {took:?}: {answer:?}");
    }

    release.release();
    only_answer(&standin, held[0]).await;
    for answer in answers.iter().filter(|a| a.first_type() == Some(5)) {
        let done = only_answer(&standin, answer.id).await;
        assert_eq!(done.text().as_deref(), Some(NO_GAME), "{done:?}");
    }
    assert!(
        standin.violations().is_empty(),
        "{:?}",
        standin.violations()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_speaks_the_members_language() {
    let dir = tempfile::tempdir().unwrap();
    // No queue: what cannot start at once is refused.
    let env = [
        ("HOLOTABLE_INTERACTIONS_AT_ONCE", "1"),
        ("HOLOTABLE_INTERACTIONS_QUEUED", "0"),
    ];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    let channel = Guild::nth(0).channel;
    let (release, held) = take_the_bound(&standin, 1).await;
    let options = json!([{ "name": "status", "type": 1, "options": [] }]);
    let mut refused = Vec::new();
    for locale in ["es-ES", "ja"] {
        let member = voter(1).speaking(locale);
        refused.push(standin.slash_in(channel, &member, "community", options.clone(), 2));
    }
    let mut texts = Vec::new();
    for id in refused {
        texts.push(only_answer(&standin, id).await.text().unwrap_or_default());
    }
    release.release();
    only_answer(&standin, held[0]).await;
    assert!(
        texts[0].starts_with("Ahora mismo estoy atendiendo"),
        "{}",
        texts[0]
    );
    assert!(texts[1].starts_with("ただいま"), "{}", texts[1]);
}

/// The bot's metric `name`, scraped from `metrics`.
async fn scraped(metrics: &str, name: &str) -> Option<f64> {
    let text = reqwest::get(format!("http://{metrics}/metrics"))
        .await
        .ok()?
        .text()
        .await
        .ok()?;
    metric_sample(&text, name)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_acknowledgement_that_cannot_start_in_time_is_dropped_and_counted() {
    const LATE: usize = 8;
    let dir = tempfile::tempdir().unwrap();
    let metrics = format!("127.0.0.1:{}", free_port());
    let env = [
        MENUS_ONLY,
        ("HOLOTABLE_INTERACTIONS_AT_ONCE", "1"),
        ("HOLOTABLE_METRICS_ADDR", metrics.as_str()),
    ];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    let (release, held) = take_the_bound(&standin, 1).await;
    // Discord now takes longer than its own window to answer: the first
    // acknowledgements are still in flight when those queued behind them
    // run out of time, which must not be sent. The margin past the window
    // is the time the whole burst has to reach the bot.
    standin.add_latency(WINDOW + Duration::from_secs(8));
    let quiet = Guild::nth(0).nth_channel(1);
    let burst: Vec<u64> = (0..ANSWERS_AT_ONCE + LATE)
        .map(|_| status_in(&standin, quiet))
        .collect();
    let expired = "holotable_interactions_expired_total";
    let counted = async {
        while scraped(&metrics, expired).await < Some(LATE as f64) {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    tokio::time::timeout(STEP, counted)
        .await
        .expect("the late acknowledgements counted as expired");
    // Which ones were sent at once depends on how the gateway's events
    // were taken in, nearly but not exactly in order: count them.
    let sent: Vec<u64> = standin
        .wait_for(STEP, "the acknowledgements in flight answered", |s| {
            let answered: Vec<u64> = s
                .answers()
                .iter()
                .filter(|a| burst.contains(&a.id) && a.answered())
                .map(|a| a.id)
                .collect();
            (answered.len() >= ANSWERS_AT_ONCE).then_some(answered)
        })
        .await;
    assert_eq!(sent.len(), ANSWERS_AT_ONCE, "only those sent at once");

    standin.add_latency(Duration::ZERO);
    release.release();
    only_answer(&standin, held[0]).await;
    for &id in &sent {
        let text = only_answer(&standin, id).await.text().unwrap_or_default();
        assert_eq!(text, NO_GAME);
    }
    let late = burst.iter().filter(|id| !sent.contains(id));
    let answered: Vec<u64> = late
        .filter(|id| {
            standin
                .answers()
                .iter()
                .any(|a| a.id == **id && a.answered())
        })
        .copied()
        .collect();
    assert!(
        answered.is_empty(),
        "answered past the window: {answered:?}"
    );
    assert_eq!(scraped(&metrics, expired).await, Some(LATE as f64));
    assert!(
        standin.violations().is_empty(),
        "{:?}",
        standin.violations()
    );
}
