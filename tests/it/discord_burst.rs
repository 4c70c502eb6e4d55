//! More interactions at once than the bot works on together
//! (`HOLOTABLE_INTERACTIONS_AT_ONCE`): every command and click is
//! answered, the ones past the bound with the busy refusal, and a refused
//! one does nothing. The bound's worth of commands is held in progress by
//! the stand-in, which keeps their answers until the test lets them go,
//! so which interactions are refused does not depend on timing.

use crate::support::discord_bot::{
    MENUS_ONLY, STEP, next_ballot, start_game, start_standin_and_bot, vote_options, voter,
};
use crate::support::discord_standin::{Answer, Guild, StandIn};
use serde_json::json;
use std::collections::HashSet;

const BUSY: &str = "I'm handling too many requests at once, so I did nothing with this one. \
                    Please try again in a moment.";
const NO_GAME: &str = "There is no game in this channel.";
const AT_ONCE: usize = 4;
/// Of each kind in the burst: `/vote`, a ballot menu's pick, `/community status`.
const EACH: u64 = 12;

/// `/community status` in `channel`.
fn status_in(standin: &StandIn, channel: u64) -> u64 {
    let options = json!([{ "name": "status", "type": 1, "options": [] }]);
    standin.slash_in(channel, &voter(0), "community", options, 2)
}

/// The one answer of interaction `id`: a single callback, ephemeral.
async fn only_answer(standin: &StandIn, id: u64) -> Answer {
    let answer = standin.answer(id).await;
    assert_eq!(answer.callbacks.len(), 1, "answered once: {answer:?}");
    assert!(answer.ephemeral(), "{answer:?}");
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_past_the_bound_was_all_worked_on_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let env = [MENUS_ONLY, ("HOLOTABLE_INTERACTIONS_AT_ONCE", "4")];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    start_game(&standin, "1h").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    let (menu, mv) = ballot.menu_options().last().cloned().expect("a menu vote");
    let game_channel = Guild::nth(0).channel;
    let quiet_channel = Guild::nth(0).nth_channel(1);

    let release = standin.hold_next(AT_ONCE, "/callback", NO_GAME);
    let held: Vec<u64> = (0..AT_ONCE)
        .map(|_| status_in(&standin, quiet_channel))
        .collect();
    standin
        .wait_for(STEP, "the bound's worth of commands in progress", |s| {
            (s.held().len() == AT_ONCE).then_some(())
        })
        .await;

    let typing = standin.slash(
        &voter(1),
        "vote",
        json!([{ "name": "move", "type": 3, "value": "a", "focused": true }]),
        4,
    );
    let mut burst = Vec::new();
    for n in 1..=EACH {
        burst.push(standin.slash(&voter(n), "vote", vote_options(&mv), 2));
        burst.push(standin.pick(&voter(100 + n), &ballot, &menu, &mv));
        burst.push(status_in(&standin, quiet_channel));
    }
    for id in &burst {
        let answer = only_answer(&standin, *id).await;
        assert_eq!(answer.text().as_deref(), Some(BUSY), "{answer:?}");
    }

    release.release();
    for id in held {
        let answer = only_answer(&standin, id).await;
        assert_eq!(answer.text().as_deref(), Some(NO_GAME));
    }
    let status = only_answer(&standin, status_in(&standin, game_channel)).await;
    let status = status.text().unwrap_or_default();
    assert!(
        status.contains("Ballot for move 1") && status.contains("0 votes"),
        "no refused vote or pick counted: {status}"
    );
    let vote = standin.slash(&voter(1), "vote", vote_options(&mv), 2);
    let vote = only_answer(&standin, vote).await.text().unwrap_or_default();
    assert!(
        vote.contains("You voted for"),
        "the bound was let go: {vote}"
    );

    let answers = standin.answers();
    let typed = answers.iter().find(|a| a.id == typing).expect("sent");
    assert!(
        typed.callbacks.is_empty(),
        "autocomplete past the bound is left unanswered: {typed:?}"
    );
    assert!(
        answers.iter().all(|a| a.id == typing || a.answered()),
        "every command and click was answered"
    );
    assert!(
        standin.violations().is_empty(),
        "{:?}",
        standin.violations()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_speaks_the_members_language() {
    let dir = tempfile::tempdir().unwrap();
    let env = [("HOLOTABLE_INTERACTIONS_AT_ONCE", "1")];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    let channel = Guild::nth(0).channel;
    let release = standin.hold_next(1, "/callback", NO_GAME);
    let held = status_in(&standin, channel);
    standin
        .wait_for(STEP, "a command in progress", |s| {
            (s.held().len() == 1).then_some(())
        })
        .await;
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
    only_answer(&standin, held).await;
    assert!(
        texts[0].starts_with("Ahora mismo estoy atendiendo"),
        "{}",
        texts[0]
    );
    assert!(texts[1].starts_with("ただいま"), "{}", texts[1]);
}
