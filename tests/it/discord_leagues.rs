//! A league through the real bot: two communities on two servers, two
//! games a pairing, started by a second process on the bot's database
//! (the service with a hand-moved clock, as the commands to come will
//! call it). Each side's round message opens exactly one thread, the
//! game's first ballot is posted in the thread of the side that votes,
//! and a thread whose answer was lost (a process gone between the
//! thread's making and its record) is read back, not made again.

use super::discord_versus::start;
use crate::support::discord_bot::{STEP, admin, assert_clean};
use crate::support::discord_standin::{Guild, Posted, StandIn};
use crate::support::discord_versus::{in_channel, subcommand};
use crate::support::engines::FirstMove;
use crate::support::service::open_service;
use holotable::games::GameKind;
use holotable::service::{Actor, GamesPerPairing, JoinLeague, LeagueSpec, ManualClock, Settings};
use holotable_store::{BallotFormat, ChannelKey, Deliberation, LeagueFormat, ServerKey};
use std::sync::Arc;

const HOUR_MS: i64 = 3_600_000;

fn server(guild: Guild) -> ServerKey {
    ServerKey(format!("discord:{}", guild.id))
}

fn channel(guild: Guild) -> ChannelKey {
    ChannelKey(format!("discord:{}", guild.channel))
}

fn manager(n: u64) -> Actor {
    Actor {
        id: format!("70000000000000000{n}"),
        name: format!("Manager {n}"),
        can_manage: true,
    }
}

/// The round messages posted in `channel`: one per game its side plays.
fn round_messages(standin: &StandIn, channel: u64) -> Vec<Posted> {
    in_channel(standin, channel)
        .into_iter()
        .filter(|m| m.content.contains("The game is in this thread."))
        .collect()
}

/// Whether `message` is a ballot: its menus to vote with.
fn is_ballot(message: &Posted) -> bool {
    !message.menu_options().is_empty() || message.poll.is_some()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_side_plays_its_league_game_in_one_thread_of_its_channel() {
    let (dir, standin, _bot) = start(2, &[]).await;
    let guilds = [Guild::nth(0), Guild::nth(1)];
    let url = format!("sqlite://{}", dir.path().join("bot.db").display());
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap();
    let clock = ManualClock::starting_at(now);
    let (_store, other) = open_service(
        &url,
        &clock,
        Arc::new(FirstMove::at_every_level()),
        Settings::default(),
    )
    .await;
    let leagues = other.leagues();
    let league = leagues
        .create(LeagueSpec {
            name: "Outer Rim Cup".into(),
            kind: GameKind::SpaceCheckers,
            rules: serde_json::json!({}),
            format: LeagueFormat::RoundRobin,
            games_per_pairing: GamesPerPairing::Two,
            move_ms: HOUR_MS,
            start_at: now + HOUR_MS,
            public: false,
            ballot_format: BallotFormat::Auto,
            deliberation: Deliberation::default(),
            server: server(guilds[0]),
            channel: channel(guilds[0]),
            by: manager(1),
        })
        .await
        .unwrap();
    for (n, guild) in (1..).zip(guilds) {
        clock.advance(1);
        leagues
            .join(JoinLeague {
                code: league.code.clone(),
                server: server(guild),
                channel: channel(guild),
                channel_usable: true,
                by: manager(n),
            })
            .await
            .unwrap();
    }
    // The first thread is made but its answer lost: the bot learns
    // nothing of it, as if it had died before recording it.
    standin.lose_answer(500, "/threads");
    leagues.start_now(league.id, &manager(1)).await.unwrap();

    // Both sides of both games: four round messages, four threads.
    standin
        .wait_for(STEP, "a thread on every round message", |s| {
            let messages: Vec<Posted> = guilds
                .iter()
                .flat_map(|g| round_messages(s, g.channel))
                .collect();
            let threads = s.threads();
            (messages.len() == 4
                && messages
                    .iter()
                    .all(|m| threads.iter().any(|t| t.message == Some(m.id))))
            .then_some(())
        })
        .await;
    // Each game's first ballot, in the thread of the side that votes first.
    let ballots = standin
        .wait_for(STEP, "each game's first ballot in a thread", |s| {
            let threads = s.threads();
            let ballots: Vec<Posted> = s
                .messages()
                .into_iter()
                .filter(|m| is_ballot(m) && threads.iter().any(|t| t.id == m.channel))
                .collect();
            (ballots.len() == 2).then_some(ballots)
        })
        .await;
    let threads = standin.threads();
    assert_eq!(
        threads.len(),
        4,
        "one thread per side and game: {threads:?}"
    );
    for guild in guilds {
        let messages = round_messages(&standin, guild.channel);
        assert_eq!(messages.len(), 2, "two games a pairing");
        for message in &messages {
            let on: Vec<_> = threads
                .iter()
                .filter(|t| t.message == Some(message.id))
                .collect();
            assert_eq!(on.len(), 1, "{}", message.content);
            assert_eq!(on[0].parent, guild.channel);
        }
        // The schedule before the rounds, and nothing of the games' own
        // ballots in the parent channel.
        let posted = in_channel(&standin, guild.channel);
        assert!(
            posted[0].content.contains("“Outer Rim Cup” has started"),
            "{}",
            posted[0].content
        );
        assert!(posted.iter().all(|m| !is_ballot(m)));
    }
    let parents: Vec<u64> = ballots
        .iter()
        .map(|b| threads.iter().find(|t| t.id == b.channel).unwrap().parent)
        .collect();
    assert!(
        parents
            .iter()
            .all(|p| guilds.iter().any(|g| g.channel == *p)),
        "{parents:?}"
    );
    // The lost answer's retry read the message's thread: five requests to
    // make threads (one refused with 160004), four threads.
    let asked = standin
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/threads"))
        .count();
    assert_eq!(asked, 5);
    let read_back = standin
        .requests()
        .into_iter()
        .filter(|r| r.method == "GET" && r.path.contains("/messages/"))
        .count();
    assert_eq!(read_back, 1, "the refused thread read from its message");

    // A thread cannot hold a league: Discord opens no thread in a thread,
    // so a side entered from one would never see its games.
    let second = leagues
        .create(LeagueSpec {
            name: "Second Cup".into(),
            kind: GameKind::SpaceCheckers,
            rules: serde_json::json!({}),
            format: LeagueFormat::RoundRobin,
            games_per_pairing: GamesPerPairing::One,
            move_ms: HOUR_MS,
            start_at: now + 2 * HOUR_MS,
            public: false,
            ballot_format: BallotFormat::Auto,
            deliberation: Deliberation::default(),
            server: server(guilds[1]),
            channel: channel(guilds[1]),
            by: manager(2),
        })
        .await
        .unwrap();
    let join = subcommand(
        "join",
        serde_json::json!([{ "name": "code", "type": 3, "value": second.code.shown() }]),
    );
    let id = standin.slash_in(threads[0].id, &admin(), "league", join, 2);
    let answer = standin.answer(id).await;
    let text = answer.text().unwrap_or_default();
    assert!(text.contains("(not a thread)"), "{text}");
    let table = leagues.standings(second.id).await.unwrap();
    assert!(table.rows.is_empty(), "nothing entered from the thread");
    assert_clean(&standin);
    other.close().await;
}
