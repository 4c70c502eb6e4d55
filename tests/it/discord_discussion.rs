//! A discussion before each ballot's votes, and a hidden tally, through
//! the Discord stand-in: the board comes with when voting opens and no
//! ballot; an early vote is refused with when it opens; a suggestion made
//! meanwhile is listed on the ballot once it is posted; the menus' tally
//! shows who voted, never for what, and so does `/community status`. The
//! game's first post opens a thread to talk it over, whose suggestions
//! are the game's.

use crate::support::discord_bot::{
    MENUS_ONLY, STEP, admin, assert_clean, next_ballot, reply_message, start_standin_and_bot,
    vote_options, voter, wait_text,
};
use crate::support::discord_standin::{CHANNEL, Posted, StandIn};
use serde_json::json;
use std::collections::HashSet;

/// Hidden, as the `tally:` choice's index.
const HIDDEN: u64 = 1;

async fn start_discussed(standin: &StandIn, discuss: &str) {
    let options = json!([{ "name": "start", "type": 1, "options": [
        { "name": "game", "type": 4, "value": 0 },
        { "name": "vote", "type": 3, "value": "5m" },
        { "name": "level", "type": 4, "value": 0 },
        { "name": "discuss", "type": 3, "value": discuss },
        { "name": "tally", "type": 4, "value": HIDDEN },
    ]}]);
    let answer = standin
        .answer(standin.slash(&admin(), "community", options, 2))
        .await;
    assert!(
        answer.text().unwrap_or_default().contains("started"),
        "{answer:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn votes_open_after_the_discussion_and_the_tally_names_only_voters() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[MENUS_ONLY]).await;

    // A discussion time the bot cannot read is refused, saying what is.
    let bad = json!([{ "name": "start", "type": 1, "options": [
        { "name": "game", "type": 4, "value": 0 },
        { "name": "discuss", "type": 3, "value": "soon" },
    ]}]);
    let refused = standin
        .answer(standin.slash(&admin(), "community", bad, 2))
        .await;
    assert!(refused.ephemeral());
    assert!(
        refused.text().unwrap_or_default().contains("soon"),
        "{refused:?}"
    );

    start_discussed(&standin, "20s").await;
    let board = wait_text(&standin, "Talk it over first").await;
    assert!(
        board.content.contains("Voting opens <t:"),
        "{}",
        board.content
    );
    assert!(
        standin
            .messages()
            .iter()
            .all(|m| m.menu_options().is_empty()),
        "a ballot was posted before its votes open"
    );

    let early = standin
        .answer(standin.slash(&voter(1), "vote", vote_options("1"), 2))
        .await;
    assert!(early.ephemeral());
    let said = early.text().unwrap_or_default();
    assert!(said.starts_with("Voting on this move opens in"), "{said}");
    // The game's first post opened a thread to talk it over in, and a
    // suggestion made there is the game's.
    let thread = standin
        .wait_for(STEP, "the game's discussion thread", |s| {
            s.threads().into_iter().find(|t| t.parent == CHANNEL)
        })
        .await;
    assert_eq!(thread.name, "Space Checkers: talk it over");
    let first_post = standin
        .messages()
        .into_iter()
        .find(|m| m.content.starts_with("A new game of Space Checkers begins"))
        .expect("the game's first post");
    assert_eq!(thread.message, Some(first_post.id));
    let suggestion = json!([
        { "name": "move", "type": 3, "value": "1" },
        { "name": "why", "type": 3, "value": "it holds the centre" },
    ]);
    let made = standin
        .answer(standin.slash_in(thread.id, &voter(2), "suggest", suggestion, 2))
        .await;
    assert!(!made.ephemeral(), "{made:?}");
    // Backed in the thread, where it was posted.
    let posted = Posted {
        channel: thread.id,
        ..reply_message(&made)
    };
    let back = posted.components[0]["components"][0]["custom_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let backed = standin
        .answer(standin.press(&voter(3), &posted, &back))
        .await;
    let label = backed.callbacks[0]["data"]["components"][0]["components"][0]["label"].clone();
    assert!(label.to_string().contains("1 backer"), "{backed:?}");

    // The ballot, when the discussion ends, lists what was suggested.
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    let (menu, first) = ballot.menu_options()[0].clone();
    standin
        .wait_for(STEP, "the discussion's suggestion on the ballot", |s| {
            s.messages().into_iter().find(|m| {
                m.id == ballot.id && m.content.contains(&format!("Suggested: **{first}**"))
            })
        })
        .await;
    for n in 1..=2 {
        let picked = standin
            .answer(standin.pick(&voter(n), &ballot, &menu, &first))
            .await;
        assert!(picked.ephemeral(), "{picked:?}");
    }
    // A vote typed in the thread is the game's too.
    let typed = standin
        .answer(standin.slash_in(thread.id, &voter(3), "vote", vote_options("1"), 2))
        .await;
    assert!(
        typed
            .text()
            .unwrap_or_default()
            .contains(&format!("You voted for {first}")),
        "{typed:?}"
    );
    let names = (1..=3)
        .map(|n| format!("<@{}>", voter(n).id))
        .collect::<Vec<_>>()
        .join(", ");
    let hidden = format!("The votes stay hidden until the close; 3 members have voted: {names}.");
    let shown = standin
        .wait_for(STEP, "the hidden tally", |s| {
            s.messages()
                .into_iter()
                .find(|m| m.id == ballot.id && m.content.contains(&hidden))
        })
        .await;
    assert!(
        !shown.content.contains(&format!("{first} 3")),
        "{}",
        shown.content
    );
    let status = json!([{ "name": "status", "type": 1, "options": [] }]);
    let status = standin
        .answer(standin.slash(&voter(4), "community", status, 2))
        .await;
    let status = status.text().unwrap_or_default();
    assert!(status.contains("3 votes"), "{status}");
    assert!(!status.contains(&format!("{first} 3")), "{status}");
    assert_clean(&standin);
}
