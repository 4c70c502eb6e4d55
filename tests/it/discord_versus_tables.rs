//! Community against community through the real bot, where a side runs
//! out of time: three servers at one four-army Djambi table (each seat's
//! ballot in its own channel, the fourth army the engine's), whose first
//! side to let its vote lapse is out while the game goes on; and a Space
//! Checkers game that a silent side loses on time, rated for both.

use super::discord_versus::{community, start, text, wait_in};
use crate::support::discord_bot::{DJAMBI, SPACE_CHECKERS, STEP, admin, assert_clean, voter};
use crate::support::discord_standin::{Guild, Posted, StandIn, User};
use crate::support::discord_versus::{accept_options, code_in, in_channel, live_menu, subcommand};

use serde_json::{Value, json};
use std::collections::HashSet;

/// `/community challenge`'s choice of three communities.
const THREE_COMMUNITIES: u64 = 1;

fn challenge(game: u64, vote: &str, communities: Option<u64>) -> Value {
    let mut options = vec![
        json!({ "name": "game", "type": 4, "value": game }),
        json!({ "name": "vote", "type": 3, "value": vote }),
    ];
    if let Some(count) = communities {
        options.push(json!({ "name": "communities", "type": 4, "value": count }));
    }
    subcommand("challenge", Value::Array(options))
}

/// The next ballot menu in any of `channels`, waiting for it.
async fn next_ballot(standin: &StandIn, channels: &[u64], seen: &HashSet<u64>) -> Posted {
    standin
        .wait_for(STEP, "the next ballot", |s| {
            channels.iter().find_map(|&c| live_menu(s, c, seen))
        })
        .await
}

fn dump(standin: &StandIn, channel: u64) -> Vec<String> {
    in_channel(standin, channel)
        .into_iter()
        .map(|m| m.content)
        .collect()
}

/// The announcements in `channel` that say `words`; a closed ballot,
/// which repeats its result, is not one.
fn count(standin: &StandIn, channel: u64, words: &str) -> usize {
    in_channel(standin, channel)
        .iter()
        .filter(|m| !m.content.starts_with("**") && m.content.contains(words))
        .count()
}

/// `voter` votes for the ballot's first option with `/vote 1`.
async fn vote_first(standin: &StandIn, ballot: &Posted, voter: &User) {
    let options = json!([{ "name": "move", "type": 3, "value": "1" }]);
    let id = standin.slash_in(ballot.channel, voter, "vote", options, 2);
    let reply = text(&standin.answer(id).await);
    assert!(reply.contains("You voted for"), "{reply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_servers_open_a_djambi_table_and_the_first_to_go_silent_is_out() {
    let (_dir, standin, _bot) = start(3, &[]).await;
    let [red, yellow, blue] = [0, 1, 2].map(|n| Guild::nth(n).channel);
    let all = [red, yellow, blue];

    let offer = community(
        &standin,
        red,
        &admin(),
        challenge(DJAMBI, "3s", Some(THREE_COMMUNITIES)),
    )
    .await;
    let code = code_in(&text(&offer));
    // The first accept takes the army across the board and waits.
    let joined = text(&community(&standin, yellow, &admin(), accept_options(&code)).await);
    assert!(
        joined.starts_with(
            "This channel has taken its seat at the table and will play yellow. \
             The game starts when one more community accepts the challenge; it expires <t:"
        ),
        "{joined}"
    );
    assert!(
        in_channel(&standin, red).is_empty(),
        "no game starts before the table is full"
    );
    let started = text(&community(&standin, blue, &admin(), accept_options(&code)).await);
    assert!(started.starts_with("Challenge accepted"), "{started}");
    for (channel, army) in [(red, "red"), (yellow, "yellow"), (blue, "blue")] {
        let opening = wait_in(&standin, channel, "A new game of Djambi begins against").await;
        let content = &opening.content;
        assert!(
            content.contains(&format!("This channel plays {army},")),
            "{content}"
        );
        assert!(
            content.contains("each other side votes in its own channel"),
            "{content}"
        );
        assert!(
            content.contains("I play the seats nobody took"),
            "{content}"
        );
    }

    // Red, blue, yellow vote in turn, each in its own channel only; then
    // the engine plays green, and red's ballot comes round again.
    let mut seen = HashSet::new();
    let voters = [(red, voter(1)), (blue, voter(2)), (yellow, voter(3))];
    for (ply, (channel, member)) in voters.iter().enumerate() {
        let ballot = next_ballot(&standin, &all, &seen).await;
        assert_eq!(
            ballot.channel,
            *channel,
            "ballot {} opened in the wrong channel",
            ply + 1
        );
        seen.insert(ballot.id);
        for &other in all.iter().filter(|&&c| c != *channel) {
            assert!(
                live_menu(&standin, other, &seen).is_none(),
                "two ballots open at once"
            );
            wait_in(&standin, other, &format!("Move {} is for", ply + 1)).await;
        }
        vote_first(&standin, &ballot, member).await;
        wait_in(&standin, *channel, "The community played").await;
        for &other in all.iter().filter(|&&c| c != *channel) {
            standin
                .wait_for(STEP, "the move in the other channels", |s| {
                    (count(s, other, " played ") > ply).then_some(())
                })
                .await;
        }
    }
    let again = next_ballot(&standin, &all, &seen).await;
    assert_eq!(
        again.channel, red,
        "after the engine's green move, red votes"
    );
    seen.insert(again.id);
    for channel in all {
        // Each channel is delivered on its own: red's next ballot may be
        // posted before another channel hears the engine's move.
        standin
            .wait_for(STEP, "the engine's move in every channel", |s| {
                (count(s, channel, "I reply ") > 0).then_some(())
            })
            .await;
        assert_eq!(
            count(&standin, channel, "I reply "),
            1,
            "green's move, told once: {:#?}",
            dump(&standin, channel)
        );
    }

    // Nobody votes in red's channel: extended once, then red is out, and
    // the game goes on with blue's ballot.
    for channel in all {
        wait_in(
            &standin,
            channel,
            "red ran out of time: its army is out, as if its Leader had fallen.",
        )
        .await;
    }
    let next = next_ballot(&standin, &all, &seen).await;
    assert_eq!(next.channel, blue, "the game goes on without red");
    // Red's ballot, posted again by its extension, came down when red left.
    assert!(
        live_menu(&standin, red, &seen).is_none(),
        "{:#?}",
        dump(&standin, red)
    );
    // Each closed ballot reads from its own channel's side.
    for (channel, ply) in [(red, 1), (blue, 2), (yellow, 3)] {
        let closed = format!("**Move {ply}**: voting has closed. The community played ");
        assert_eq!(
            in_channel(&standin, channel)
                .iter()
                .filter(|m| m.content.starts_with(&closed))
                .count(),
            1,
            "{:#?}",
            dump(&standin, channel)
        );
    }
    for channel in all {
        assert_eq!(count(&standin, channel, "Game over"), 0);
        assert_eq!(count(&standin, channel, "ran out of time"), 1, "told once");
    }
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_side_that_never_votes_loses_on_time_and_both_servers_read_it_rated() {
    let (_dir, standin, _bot) = start(2, &[]).await;
    let (white, black) = (Guild::nth(0).channel, Guild::nth(1).channel);
    let offer = community(
        &standin,
        white,
        &admin(),
        challenge(SPACE_CHECKERS, "2s", None),
    )
    .await;
    let code = code_in(&text(&offer));
    let accepted = text(&community(&standin, black, &admin(), accept_options(&code)).await);
    assert!(accepted.starts_with("Challenge accepted"), "{accepted}");

    let first = next_ballot(&standin, &[white, black], &HashSet::new()).await;
    assert_eq!(first.channel, white);
    wait_in(&standin, black, "Move 1 is for").await;
    for channel in [white, black] {
        let over = wait_in(&standin, channel, "Game over").await;
        assert!(over.content.contains("ran out of time"), "{}", over.content);
        assert!(
            over.content.contains("New community ratings: "),
            "{}",
            over.content
        );
    }
    // The silent side's vote was extended once before it lost, as the
    // other side was told.
    assert_eq!(
        count(&standin, white, "Voting now closes"),
        1,
        "{:#?}",
        dump(&standin, white)
    );
    assert_eq!(count(&standin, black, "so their vote is extended"), 1);
    for channel in [white, black] {
        assert_eq!(count(&standin, channel, "Game over"), 1);
        assert_eq!(
            count(&standin, channel, " played "),
            0,
            "no move was played"
        );
    }
    assert_clean(&standin);
}
