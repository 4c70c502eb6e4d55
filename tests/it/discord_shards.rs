//! Sharding end to end, so that one bot serves many servers: the real
//! `holotable bot` against a stand-in with several guilds. One process runs
//! every shard Discord recommends; two processes split them by range; and
//! two processes on one database, one of them killed again and again, close
//! every ballot once, post every announcement once and lose no vote.
//!
//! The kill test runs once on a SQLite file and once on PostgreSQL (see
//! `support::backends`), as several processes would share either.

use crate::support::backends::{self, on_each_backend};
use crate::support::discord_bot::{
    self, Bot, MENUS_ONLY, Process, STEP, admin, assert_clean, free_port, metric_sample, sorted,
    start_options, voter, wait_connected,
};
use crate::support::discord_standin::{self, Guild, Posted, StandIn};

use rand::{Rng, SeedableRng};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

async fn start_game_in(standin: &StandIn, guild: Guild, vote: &str) {
    let id = standin.slash_in(guild.channel, &admin(), "community", start_options(vote), 2);
    let text = standin.answer(id).await.text().unwrap_or_default();
    assert!(text.contains("started"), "{text}");
}

/// Every guild was sent, and each of its events went on its own shard.
fn assert_on_own_shards(standin: &StandIn, count: u32) {
    let dispatched = standin.dispatched();
    for guild in standin.guilds() {
        let events: Vec<_> = dispatched.iter().filter(|d| d.guild == guild.id).collect();
        assert!(
            events.iter().any(|d| d.kind == "GUILD_CREATE"),
            "guild {} was never sent",
            guild.id
        );
        assert!(
            events.iter().any(|d| d.kind == "INTERACTION_CREATE"),
            "guild {} had no interaction",
            guild.id
        );
        assert!(
            events
                .iter()
                .all(|d| d.shard == (guild.shard(count), count)),
            "guild {} (shard {}) had events on other shards: {events:?}",
            guild.id,
            guild.shard(count)
        );
    }
}

/// The live ballot menu in `channel`, if any.
fn live_menu(standin: &StandIn, channel: u64) -> Option<Posted> {
    standin
        .messages()
        .into_iter()
        .rev()
        .find(|m| m.channel == channel && !m.menu_options().is_empty())
}

fn log(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_runs_every_recommended_shard_and_serves_its_metrics() {
    let dir = tempfile::tempdir().unwrap();
    let standin = StandIn::start_sharded(4, 2).await;
    let metrics = format!("127.0.0.1:{}", free_port());
    let _bot = Bot::start(
        &standin,
        dir.path(),
        &[MENUS_ONLY, ("HOLOTABLE_METRICS_ADDR", &metrics)],
    );
    standin.wait_ready().await;
    wait_connected(&standin, &[(0, 2), (1, 2)]).await;
    assert_eq!(sorted(standin.identified()), vec![(0, 2), (1, 2)]);

    let guilds = standin.guilds();
    for &guild in &guilds {
        start_game_in(&standin, guild, "2s").await;
    }
    for &guild in &guilds {
        let ballot = standin
            .wait_for(STEP, "a ballot", |s| live_menu(s, guild.channel))
            .await;
        let (menu, mv) = ballot.menu_options()[0].clone();
        let id = standin.pick(&voter(1), &ballot, &menu, &mv);
        let text = standin.answer(id).await.text().unwrap_or_default();
        assert!(text.contains("You voted for"), "{text}");
    }
    for &guild in &guilds {
        standin
            .wait_for(STEP, "the ballot's result", |s| {
                s.messages()
                    .iter()
                    .any(|m| {
                        m.channel == guild.channel && m.content.contains("The community played")
                    })
                    .then_some(())
            })
            .await;
    }
    assert_on_own_shards(&standin, 2);

    let scraped = reqwest::get(format!("http://{metrics}/metrics"))
        .await
        .expect("scraping /metrics");
    assert_eq!(scraped.status(), 200);
    let text = scraped.text().await.unwrap();
    assert_eq!(
        metric_sample(&text, "holotable_shards_connected"),
        Some(2.0),
        "{text}"
    );
    assert!(
        metric_sample(&text, "holotable_ballot_closes_total") >= Some(4.0),
        "{text}"
    );
    assert!(
        metric_sample(&text, "holotable_close_lateness_seconds_count") >= Some(4.0),
        "{text}"
    );
    // Each close was followed by the next ballot, still open.
    assert_eq!(
        metric_sample(&text, "holotable_open_ballots"),
        Some(4.0),
        "{text}"
    );
    assert!(
        metric_sample(&text, "holotable_engine_seconds_count{level=\"random\"}") >= Some(4.0),
        "{text}"
    );
    assert_eq!(
        metric_sample(&text, "holotable_deliveries_given_up_total"),
        Some(0.0),
        "{text}"
    );
    let health = reqwest::get(format!("http://{metrics}/health"))
        .await
        .unwrap();
    assert_eq!(health.status(), 200);
    assert_eq!(
        health.text().await.unwrap(),
        "OK: 2 of 2 shards connected, and the database answers.\n"
    );

    assert_clean(&standin);
    assert!(log(dir.path(), "bot.log").contains("running all 2 shards"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_with_shard_ranges_split_the_guilds() {
    let dir = tempfile::tempdir().unwrap();
    let standin = StandIn::start_sharded(4, 2).await;
    let first = [MENUS_ONLY, ("HOLOTABLE_SHARDS", "0-0/2")];
    let second = [MENUS_ONLY, ("HOLOTABLE_SHARDS", "1/2")];
    let _a = Bot::start_logged(&standin, dir.path(), "a.log", &first);
    let b = Bot::start_logged(&standin, dir.path(), "b.log", &second);
    standin.wait_ready().await;
    wait_connected(&standin, &[(0, 2), (1, 2)]).await;
    // Each process identified its one shard, once.
    assert_eq!(sorted(standin.identified()), vec![(0, 2), (1, 2)]);
    let guilds = standin.guilds();
    for &guild in &guilds {
        start_game_in(&standin, guild, "1h").await;
    }
    assert_on_own_shards(&standin, 2);
    assert!(log(dir.path(), "a.log").contains("running shard 0 of 2"));
    assert!(log(dir.path(), "b.log").contains("running shard 1 of 2"));

    // With the second process gone, its guilds' interactions wait for
    // shard 1 while the first process still answers its own.
    b.stop();
    wait_connected(&standin, &[(0, 2)]).await;
    let on = |shard| *guilds.iter().find(|g| g.shard(2) == shard).unwrap();
    // A second start: refused (a game runs there), but answered.
    let again = || start_options("1h");
    let waiting = standin.slash_in(on(1).channel, &admin(), "community", again(), 2);
    let answered = standin.slash_in(on(0).channel, &admin(), "community", again(), 2);
    assert!(standin.answer(answered).await.answered());
    assert_eq!(standin.waiting_events(), 1, "shard 1's interaction waits");
    let _b = Bot::start_logged(&standin, dir.path(), "b.log", &second);
    assert!(standin.answer(waiting).await.answered());
    assert_clean(&standin);
}

/// Kills per run of the kill test.
const KILLS: usize = 20;

/// The votes the crowd sent, by ballot message: (voter, interaction).
type SentVotes = HashMap<u64, Vec<(u64, u64)>>;

/// Votes on every live ballot in `guilds` until `stop`: two voters at
/// once, then one more whenever every vote so far was refused (it reached
/// a dead shard too late) and none is waiting for its answer, so a game
/// never pauses for want of a vote while the test runs.
async fn crowd(
    standin: Arc<StandIn>,
    guilds: Vec<Guild>,
    stop: Arc<AtomicBool>,
    seed: u64,
) -> SentVotes {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut sent = SentVotes::new();
    let mut next_voter = 1;
    while !stop.load(Ordering::Relaxed) {
        let answers = standin.answers();
        let answer_of = |id: u64| answers.iter().find(|a| a.id == id);
        for guild in &guilds {
            let Some(ballot) = live_menu(&standin, guild.channel) else {
                continue;
            };
            let votes = sent.entry(ballot.id).or_default();
            let accepted = votes.iter().any(|(_, id)| {
                answer_of(*id)
                    .and_then(|a| a.text())
                    .is_some_and(|t| t.contains("You voted for"))
            });
            let waiting = votes
                .iter()
                .any(|(_, id)| answer_of(*id).is_none_or(|a| !a.answered()));
            let wanted = match votes.len() {
                0 => 2,
                _ if !accepted && !waiting => 1,
                _ => 0,
            };
            let options = ballot.menu_options();
            for _ in 0..wanted {
                let (menu, mv) = options[rng.random_range(0..options.len())].clone();
                let id = standin.pick(&voter(next_voter), &ballot, &menu, &mv);
                votes.push((next_voter, id));
                next_voter += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    sent
}

/// `N` of "... Ballot for move N: ...".
fn board_move(message: &Posted) -> Option<u32> {
    let rest = message.content.split("Ballot for move ").nth(1)?;
    rest.split(':').next()?.parse().ok()
}

/// `total` of "The community played X (v of total votes).".
fn result_total(message: &Posted) -> Option<usize> {
    let rest = message.content.strip_prefix("The community played ")?;
    let (_, counts) = rest.split_once(" (")?;
    let (_, total) = counts.split_once(" of ")?;
    total.split(' ').next()?.parse().ok()
}

/// Checks one channel's messages: each ply's board once; after each
/// board its menu, at most one extension (which posts a menu of its own)
/// and exactly one result before the next board; and each result counts
/// every accepted vote and no vote never sent. Returns the number of
/// ballots closed with a result.
fn check_channel(
    channel: u64,
    messages: &[Posted],
    sent: &SentVotes,
    accepted: &HashSet<u64>,
) -> usize {
    let messages: Vec<&Posted> = messages.iter().filter(|m| m.channel == channel).collect();
    let boards: Vec<usize> = (0..messages.len())
        .filter(|&i| board_move(messages[i]).is_some())
        .collect();
    let mut plies = HashSet::new();
    for &at in &boards {
        let ply = board_move(messages[at]).unwrap();
        assert!(
            plies.insert(ply),
            "channel {channel}: the board of move {ply} was posted twice"
        );
    }
    let is_end = |m: &Posted| m.content.contains("Game over") || m.content.contains("paused");
    let is_extension = |m: &Posted| m.content.starts_with("Nobody voted yet");
    // The review comes once, after the game is over, whichever process
    // computed it and however often one was killed.
    let is_review = |m: &Posted| {
        m.content
            .starts_with("My review of the community's decisions")
    };
    let reviews: Vec<usize> = (0..messages.len())
        .filter(|&i| is_review(messages[i]))
        .collect();
    assert!(
        reviews.len() <= 1,
        "channel {channel}: the review was posted {} times",
        reviews.len()
    );
    if let Some(&at) = reviews.first() {
        assert!(
            messages[..at]
                .iter()
                .any(|m| m.content.contains("Game over")),
            "channel {channel}: a review came before the game was over"
        );
    }
    let mut results = 0;
    for (k, &at) in boards.iter().enumerate() {
        let end = boards.get(k + 1).copied().unwrap_or(messages.len());
        let after: Vec<&Posted> = messages[at + 1..end].to_vec();
        let ply = board_move(messages[at]).unwrap();
        let contents = || after.iter().map(|m| &m.content).collect::<Vec<_>>();
        let closes: Vec<&&Posted> = after.iter().filter(|m| result_total(m).is_some()).collect();
        let extensions = after.iter().filter(|m| is_extension(m)).count();
        let menus: Vec<u64> = after
            .iter()
            .filter(|m| {
                result_total(m).is_none() && !is_extension(m) && !is_end(m) && !is_review(m)
            })
            .map(|m| m.id)
            .collect();
        assert!(
            closes.len() <= 1 && extensions <= 1,
            "channel {channel}: move {ply} was closed or extended more than once: {:#?}",
            contents()
        );
        assert_eq!(
            menus.len(),
            1 + extensions,
            "channel {channel}: move {ply} needs one menu, and one per extension: {:#?}",
            contents()
        );
        if k + 1 < boards.len() {
            assert_eq!(
                closes.len(),
                1,
                "channel {channel}: move {ply} has no result"
            );
        }
        let votes: Vec<(u64, u64)> = menus
            .iter()
            .flat_map(|menu| sent.get(menu).cloned().unwrap_or_default())
            .collect();
        let voters = |only_accepted: bool| {
            votes
                .iter()
                .filter(|(_, id)| !only_accepted || accepted.contains(id))
                .map(|(voter, _)| *voter)
                .collect::<HashSet<u64>>()
                .len()
        };
        match closes.first() {
            Some(close) => {
                let total = result_total(close).unwrap();
                assert!(
                    voters(true) <= total && total <= voters(false),
                    "channel {channel}: move {ply} counted {total} votes, but {} were accepted and {} sent",
                    voters(true),
                    voters(false)
                );
                results += 1;
            }
            None => assert_eq!(
                voters(true),
                0,
                "channel {channel}: move {ply} accepted votes but was never closed"
            ),
        }
    }
    results
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_killed_at_random_close_each_ballot_once_and_lose_no_vote(backend) {
    let dir = tempfile::tempdir().unwrap();
    let shared = backends::TestDatabase::fresh(backend);
    let database = shared.url.clone();
    let seed = std::env::var("HOLOTABLE_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    eprintln!("kill test seed: {seed} (HOLOTABLE_KILL_SEED={seed} repeats the kill points)");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let standin = Arc::new(StandIn::start_sharded(4, 2).await);
    let mut processes = [
        Process {
            log: "a.log",
            shards: "0-0/2",
            bot: None,
        },
        Process {
            log: "b.log",
            shards: "1-1/2",
            bot: None,
        },
    ];
    for process in &mut processes {
        process.start(&standin, dir.path(), &database);
    }
    standin.wait_ready().await;
    wait_connected(&standin, &[(0, 2), (1, 2)]).await;
    let guilds = standin.guilds();
    for &guild in &guilds {
        start_game_in(&standin, guild, "3s").await;
    }

    let stop = Arc::new(AtomicBool::new(false));
    let voting = tokio::spawn(crowd(standin.clone(), guilds.clone(), stop.clone(), seed));
    for _ in 0..KILLS {
        tokio::time::sleep(Duration::from_millis(rng.random_range(300..2_000))).await;
        let victim = &mut processes[rng.random_range(0..2)];
        if let Some(bot) = victim.bot.take() {
            bot.stop();
        }
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..300))).await;
        victim.start(&standin, dir.path(), &database);
    }
    wait_connected(&standin, &[(0, 2), (1, 2)]).await;
    stop.store(true, Ordering::Relaxed);
    let sent = voting.await.unwrap();

    // With no more votes, each game's last ballot is extended once, then
    // the game pauses: the end of every channel's story.
    standin
        .wait_for(Duration::from_secs(60), "every game to pause or end", |s| {
            let messages = s.messages();
            let done = guilds.iter().all(|g| {
                messages.iter().any(|m| {
                    m.channel == g.channel
                        && (m.content.contains("paused") || m.content.contains("Game over"))
                })
            });
            (done && s.waiting_events() == 0).then_some(())
        })
        .await;
    let accepted: HashSet<u64> = standin
        .answers()
        .iter()
        .filter(|a| a.text().is_some_and(|t| t.contains("You voted for")))
        .map(|a| a.id)
        .collect();
    let messages = standin.messages();
    let mut closed = 0;
    for guild in &guilds {
        closed += check_channel(guild.channel, &messages, &sent, &accepted);
    }
    let lost_answers = standin.answers().iter().filter(|a| !a.answered()).count();
    eprintln!(
        "{KILLS} kills: {closed} ballots closed, {} votes accepted of {} sent; {lost_answers} interactions went to a process as it died; {} posts repeated a nonce",
        accepted.len(),
        sent.values().map(Vec::len).sum::<usize>(),
        standin.nonce_reuses()
    );
    assert!(
        closed >= guilds.len(),
        "every channel closed a ballot at least"
    );
    let violations = standin.violations();
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

}

#[test]
fn bad_shard_or_metrics_settings_stop_the_bot_saying_what_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let run = |key: &str, value: &str| {
        let output = discord_bot::bot_command(dir.path())
            .env("DISCORD_TOKEN", discord_standin::TOKEN)
            .env(key, value)
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("running the bot");
        assert!(!output.status.success());
        String::from_utf8_lossy(&output.stderr).trim().to_string()
    };
    let stderr = run("HOLOTABLE_SHARDS", "4-8/8");
    assert!(
        stderr.contains(
            "HOLOTABLE_SHARDS=\"4-8/8\" is not a shard range: there is no shard 8 among 8 (they are numbered 0 to 7)"
        ),
        "{stderr}"
    );
    let stderr = run("HOLOTABLE_SHARDS", "all");
    assert!(stderr.contains("write FIRST-LAST/TOTAL"), "{stderr}");
    let stderr = run("HOLOTABLE_METRICS_ADDR", "localhost");
    assert!(
        stderr.contains("HOLOTABLE_METRICS_ADDR=\"localhost\" is not an address: write IP:PORT"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
