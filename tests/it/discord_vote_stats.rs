//! `/community stats` and `/community voters` through the real bot and the
//! Discord stand-in: a game between two servers' channels with known
//! voters, and each server's figures equal to what the test counted, with
//! the other server's members never listed.

use crate::discord_versus::{community, start, text, wait_in};
use crate::support::discord_bot::{admin, assert_clean, voter};
use crate::support::discord_standin::{Guild, Posted, StandIn, User};
use crate::support::discord_versus::{accept_options, challenge_options, code_in, live_menu};

use serde_json::{Value, json};
use std::collections::HashSet;

/// `/community voters`' choice of all time (the third).
const ALL_TIME: u64 = 2;

/// The next ballot menu in `channel` not seen yet.
async fn next_menu(standin: &StandIn, channel: u64, seen: &mut HashSet<u64>) -> Posted {
    let ballot = standin
        .wait_for(crate::support::discord_bot::STEP, "a ballot", |s| {
            live_menu(s, channel, seen)
        })
        .await;
    seen.insert(ballot.id);
    ballot
}

/// `member` picks `mv` on `ballot`'s menu.
async fn pick(standin: &StandIn, member: &User, ballot: &Posted, mv: &str) {
    let options = ballot.menu_options();
    let (menu, _) = options
        .iter()
        .find(|(_, option)| option == mv)
        .expect("the move is on the menu");
    let id = standin.pick(member, ballot, menu, mv);
    let answer = text(&standin.answer(id).await);
    assert!(answer.contains("You voted for"), "{answer}");
}

fn stats(member: Option<&User>) -> Value {
    let options = match member {
        Some(member) => json!([{ "name": "member", "type": 6, "value": member.id.to_string() }]),
        None => json!([]),
    };
    json!([{ "name": "stats", "type": 1, "options": options }])
}

fn voters_of_all_time() -> Value {
    json!([{ "name": "voters", "type": 1,
             "options": [{ "name": "period", "type": 4, "value": ALL_TIME }] }])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_server_hears_its_own_members_figures_as_the_test_counted_them() {
    let (_dir, standin, _bot) = start(2, &[]).await;
    let (white, black) = (Guild::nth(0).channel, Guild::nth(1).channel);
    let code = code_in(&text(
        &community(&standin, white, &admin(), challenge_options("12s", false)).await,
    ));
    let accepted = community(&standin, black, &admin(), accept_options(&code)).await;
    assert!(
        text(&accepted).starts_with("Challenge accepted"),
        "{accepted:?}"
    );

    // White's server: voter 1 votes in its three ballots, voter 3 in the
    // first only, with voter 1, and voter 2 in the first only, for another
    // move, so each ballot's winner is voter 1's. Black's server: voter 4
    // votes in its two ballots.
    let mut seen = HashSet::new();
    for round in 0..3 {
        let ballot = next_menu(&standin, white, &mut seen).await;
        let options = ballot.menu_options();
        let (first, last) = (&options[0].1, &options[options.len() - 1].1);
        pick(&standin, &voter(1), &ballot, first).await;
        if round == 0 {
            pick(&standin, &voter(3), &ballot, first).await;
            pick(&standin, &voter(2), &ballot, last).await;
        }
        wait_in(&standin, black, &format!("played {first}")).await;
        let ballot = next_menu(&standin, black, &mut seen).await;
        if round < 2 {
            let mv = ballot.menu_options()[0].1.clone();
            pick(&standin, &voter(4), &ballot, &mv).await;
            wait_in(&standin, white, &format!("played {mv}")).await;
        }
    }

    let id = |n: u64| voter(n).id;
    let mine = community(&standin, white, &voter(1), stats(None)).await;
    assert!(mine.ephemeral());
    assert_eq!(
        text(&mine),
        format!(
            "What <@{}>'s votes did in this server's community games:\n\
             Voted in 3 ballots; the community played their vote in 3 of them.\n\
             None of those ballots has a figure from my reviews yet: I review a game when it \
             ends, and only moves and games reviewed before these figures were kept have none.\n\
             Current streak: they voted in each of this server's latest 3 ballots.\n\
             Suggestions: none yet.",
            id(1)
        )
    );
    let lapsed = community(&standin, white, &voter(1), stats(Some(&voter(2)))).await;
    assert!(
        text(&lapsed).contains(
            "Voted in 1 ballot; the community played their vote in 0 of them.\n\
             None of those ballots has a figure from my reviews yet"
        ),
        "{lapsed:?}"
    );
    assert!(
        text(&lapsed).ends_with(
            "Current streak: none, as they did not vote in this server's latest ballot.\n\
             Suggestions: none yet."
        ),
        "{lapsed:?}"
    );
    // Voter 4 played the same game, for the other server.
    let other = community(&standin, white, &voter(1), stats(Some(&voter(4)))).await;
    assert_eq!(
        text(&other),
        format!(
            "<@{}> has not voted in a ballot of this server's community games yet.",
            id(4)
        )
    );

    let ranking = community(&standin, white, &voter(2), voters_of_all_time()).await;
    assert!(!ranking.ephemeral());
    let lines: Vec<String> = text(&ranking).lines().map(str::to_string).collect();
    assert_eq!(
        lines[1..4],
        [
            format!(
                "1. <@{}>: 3 ballots, 3 played by the community, none reviewed yet",
                id(1)
            ),
            format!(
                "2. <@{}>: 1 ballot, 1 played by the community, none reviewed yet",
                id(3)
            ),
            format!(
                "3. <@{}>: 1 ballot, 0 played by the community, none reviewed yet",
                id(2)
            ),
        ],
        "{ranking:?}"
    );
    assert!(lines[0].starts_with(
        "Voters of all time in this server's community games, ranked by ballots voted"
    ));
    assert_eq!(
        lines.len(),
        5,
        "the ranking, then the note on my reviews: {lines:?}"
    );
    assert!(!text(&ranking).contains(&id(4).to_string()));

    let theirs = community(&standin, black, &voter(4), voters_of_all_time()).await;
    let lines: Vec<String> = text(&theirs).lines().map(str::to_string).collect();
    assert_eq!(
        lines[1..lines.len() - 1],
        [format!(
            "1. <@{}>: 2 ballots, 2 played by the community, none reviewed yet",
            id(4)
        )],
        "{theirs:?}"
    );
    assert_clean(&standin);
}
