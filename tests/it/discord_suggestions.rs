//! Arguing for a move through the Discord stand-in: two members suggest
//! moves with reasons, others back them with the suggestion's button, and
//! the ballot's post lists them with their backers and marks them in its
//! menus; a reason that pings, one of 5,000 characters and backing one's
//! own suggestion are refused or harmless.

use crate::support::discord_bot::{
    MENUS_ONLY, STEP, assert_clean, next_ballot, reply_message, start_game, start_standin_and_bot,
    voter,
};
use crate::support::discord_standin::{Answer, StandIn};
use serde_json::{Value, json};
use std::collections::HashSet;

fn suggest_options(mv: &str, why: &str) -> Value {
    json!([
        { "name": "move", "type": 3, "value": mv },
        { "name": "why", "type": 3, "value": why },
    ])
}

async fn suggest(standin: &StandIn, n: u64, mv: &str, why: &str) -> Answer {
    let id = standin.slash(&voter(n), "suggest", suggest_options(mv, why), 2);
    standin.answer(id).await
}

/// The label of the first button an answer left (its update, else itself).
fn button_label(answer: &Answer) -> String {
    answer.callbacks[0]["data"]["components"][0]["components"][0]["label"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_argued_moves_and_their_backers_show_on_the_ballot_and_its_menus() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[MENUS_ONLY]).await;
    start_game(&standin, "60s").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    let options = ballot.menu_options();
    let (first, second) = (options[0].1.clone(), options[1].1.clone());

    let made = suggest(
        &standin,
        1,
        "1",
        "Take the centre, @everyone <@700000000000000102>",
    )
    .await;
    assert!(!made.ephemeral(), "a suggestion is posted for all to see");
    let text = made.text().unwrap_or_default();
    assert!(text.contains(&format!("suggests **{first}**")), "{text}");
    // The reason mentions everyone and a member: neither is pinged.
    assert_pings_nobody(&made);
    let post = reply_message(&made);
    let other = reply_message(&suggest(&standin, 2, &second, "Safer on the rim").await);

    for n in [2, 3] {
        let id = standin.press(&voter(n), &post, &format!("back:{}", button_id(&post)));
        let backed = standin.answer(id).await;
        assert_pings_nobody(&backed);
        assert!(
            button_label(&backed).contains(&format!("{} backer", n - 1)),
            "{}",
            button_label(&backed)
        );
    }
    let own = standin.press(&voter(1), &post, &format!("back:{}", button_id(&post)));
    let own = standin.answer(own).await;
    assert!(own.ephemeral());
    assert!(
        own.text()
            .unwrap_or_default()
            .contains("your own suggestion")
    );
    let long = suggest(&standin, 3, "3", &"x".repeat(5_000)).await;
    assert!(long.ephemeral());
    assert!(
        long.text().unwrap_or_default().contains("keep it to 200"),
        "{:?}",
        long.text()
    );

    let listed = format!(
        "Suggested: **{first}** from <@{}> (2 backers) · **{second}** from <@{}> (no backers yet).",
        voter(1).id,
        voter(2).id
    );
    let shown = standin
        .wait_for(STEP, "the suggestions on the ballot's post", |s| {
            s.messages()
                .into_iter()
                .find(|m| m.id == ballot.id && m.content.contains(&listed))
        })
        .await;
    let marked: Vec<String> = shown
        .components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .flat_map(|menu| menu["options"].as_array().cloned().unwrap_or_default())
        .filter_map(|o| {
            o["label"]
                .as_str()
                .filter(|l| l.starts_with('💬'))
                .map(String::from)
        })
        .collect();
    assert_eq!(marked.len(), 2, "{marked:?}");
    assert!(
        marked.iter().any(|l| l.ends_with(&first)) && marked.iter().any(|l| l.ends_with(&second))
    );
    let _ = other;
    assert_clean(&standin);
}

/// The suggestion id a posted suggestion's button carries.
fn button_id(post: &crate::support::discord_standin::Posted) -> String {
    post.components[0]["components"][0]["custom_id"]
        .as_str()
        .and_then(|id| id.strip_prefix("back:"))
        .unwrap_or_default()
        .to_string()
}

/// The answer's message pings nobody: an explicit, empty allowed_mentions
/// (Discord pings what the content mentions when it is absent).
fn assert_pings_nobody(answer: &Answer) {
    let mentions = &answer.callbacks[0]["data"]["allowed_mentions"];
    assert_eq!(mentions["parse"], json!([]), "{mentions}");
    for kind in ["users", "roles"] {
        assert!(
            mentions.get(kind).is_none() || mentions[kind] == json!([]),
            "{mentions}"
        );
    }
}
