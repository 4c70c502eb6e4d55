//! Community against community across shards and processes: two guilds
//! on two shards, each served by its own `holotable bot` on one database,
//! play a game to its end while the processes are killed (SIGKILL) and
//! restarted. Every ballot is closed once, every move is announced once in
//! each channel and in the same order, and every vote the bot confirmed is
//! counted.
//!
//! Runs once on a SQLite file and once on PostgreSQL (see
//! `support::backends`). Kills happen between the test's interactions, so
//! every interaction is answered: what a kill can break here is the work
//! the processes do on their own (closing, announcing, posting ballots).

use crate::support::backends::{self, on_each_backend};
use crate::support::discord_bot::{Process, STEP, admin, assert_clean, voter, wait_connected};
use crate::support::discord_standin::{Guild, Posted, StandIn};
use crate::support::discord_versus::{
    accept_options, challenge_options, choose, code_in, in_channel,
};

use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Duration;

/// Kills per game at most: after the votes of the third move (each side
/// moved once before), then after those of a later move at random.
const KILLS: usize = 3;

/// `N` of a ballot menu's "**Move N**: …".
fn menu_move(message: &Posted) -> Option<u32> {
    let rest = message.content.strip_prefix("**Move ")?;
    rest.split("**").next()?.parse().ok()
}

/// `N` of "Ballot for move N: …".
fn board_move(message: &Posted) -> Option<u32> {
    let rest = message.content.split("Ballot for move ").nth(1)?;
    rest.split([':', ' ']).next()?.parse().ok()
}

/// A move's announcement in a channel: (move, votes, total) of "… played
/// X (v of t votes)." Closed menus, which repeat the result, start with
/// "**" and are not announcements.
fn played(message: &Posted) -> Option<(String, u32, u32)> {
    if message.content.starts_with("**") {
        return None;
    }
    let rest = message.content.split(" played ").nth(1)?;
    let (mv, counts) = rest.split_once(" (")?;
    let (votes, rest) = counts.split_once(" of ")?;
    let total = rest.split(' ').next()?;
    Some((mv.to_string(), votes.parse().ok()?, total.parse().ok()?))
}

fn count(standin: &StandIn, channel: u64, words: &str) -> usize {
    in_channel(standin, channel)
        .iter()
        .filter(|m| m.content.contains(words))
        .count()
}

/// The next open menu the test has not voted on, in either channel; `None`
/// once both channels read "Game over". A ballot that drew no vote (its
/// votes came after the deadline while its process was down) is extended
/// with a menu of its own, voted on again.
async fn next_ballot(
    standin: &StandIn,
    channels: [u64; 2],
    voted_menus: &HashSet<u64>,
) -> Option<Posted> {
    standin
        .wait_for(STEP, "a ballot or the end in both channels", |s| {
            if channels.iter().all(|&c| count(s, c, "Game over") > 0) {
                return Some(None);
            }
            let open = |c| {
                in_channel(s, c).into_iter().find(|m| {
                    !m.menu_options().is_empty()
                        && menu_move(m).is_some()
                        && !voted_menus.contains(&m.id)
                })
            };
            open(channels[0]).or_else(|| open(channels[1])).map(Some)
        })
        .await
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_between_guilds_on_two_killed_processes_announces_every_move_once(backend) {
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
    eprintln!("versus kill seed: {seed} (HOLOTABLE_KILL_SEED={seed} repeats the kill points)");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);

    let standin = StandIn::start_sharded(2, 2).await;
    let guilds = standin.guilds();
    let on = |shard| *guilds.iter().find(|g: &&Guild| g.shard(2) == shard).unwrap();
    let (a, b) = (on(0), on(1));
    let mut processes = [
        Process { log: "a.log", shards: "0/2", bot: None },
        Process { log: "b.log", shards: "1/2", bot: None },
    ];
    for process in &mut processes {
        process.start(&standin, dir.path(), &database);
    }
    standin.wait_ready().await;
    wait_connected(&standin, &[(0, 2), (1, 2)]).await;

    // Challenged on shard 0, accepted on shard 1.
    let id = standin.slash_in(a.channel, &admin(), "community", challenge_options("3s", false), 2);
    let code = code_in(&standin.answer(id).await.text().unwrap_or_default());
    let id = standin.slash_in(b.channel, &admin(), "community", accept_options(&code), 2);
    let accepted = standin.answer(id).await.text().unwrap_or_default();
    assert!(accepted.starts_with("Challenge accepted"), "{accepted}");

    let sides = [(a.channel, [voter(1), voter(2)]), (b.channel, [voter(11), voter(12)])];
    // The members whose votes the bot confirmed, by (channel, move number):
    // a member who votes again on an extended ballot still counts once.
    let mut voted: HashMap<(u64, u32), HashSet<u64>> = HashMap::new();
    let mut voted_menus = HashSet::new();
    let mut kills = 0;
    while let Some(ballot) = next_ballot(&standin, [a.channel, b.channel], &voted_menus).await {
        let ply = menu_move(&ballot).unwrap();
        assert!(ply <= 60, "the game should end in a few dozen moves");
        let white = ballot.channel == a.channel;
        let (_, voters) = &sides[usize::from(!white)];
        let (menu, mv) = choose(&ballot.menu_options(), white);
        let confirmed = voted.entry((ballot.channel, ply)).or_default();
        for voter in voters {
            let id = standin.pick(voter, &ballot, &menu, &mv);
            let reply = standin.answer(id).await.text().unwrap_or_default();
            // A vote that comes after the deadline (its shard's process
            // was down) is refused, saying so, and not counted.
            if reply.contains("You voted for") {
                confirmed.insert(voter.id);
            } else {
                assert!(reply.starts_with("Voting on th"), "move {ply}: {reply}");
                eprintln!("move {ply}: a late vote refused: {reply}");
            }
        }
        if confirmed.is_empty() {
            // Every vote came after the deadline, while a killed process
            // restarted: the close extends a ballot nobody voted on, and
            // its menu stays open, so vote on it again once that is done.
            tokio::time::sleep(Duration::from_millis(300)).await;
            continue;
        }
        voted_menus.insert(ballot.id);

        if ply >= 3 && kills < KILLS && (kills == 0 || rng.random_bool(0.5)) {
            // From the last second of the open ballot (its deadline is 3 s
            // after it opened) through its close, the announcements and
            // the next board: the work no interaction waits for.
            tokio::time::sleep(Duration::from_millis(rng.random_range(2_000..4_000))).await;
            let victim = &mut processes[rng.random_range(0..2)];
            eprintln!("move {ply}: killing the process of {}", victim.shards);
            victim.bot.take().expect("a running process").stop();
            tokio::time::sleep(Duration::from_millis(rng.random_range(0..2_500))).await;
            victim.start(&standin, dir.path(), &database);
            kills += 1;
        }
    }
    assert!(kills >= 1, "the game ended before any kill");
    wait_connected(&standin, &[(0, 2), (1, 2)]).await;
    standin
        .wait_for(STEP, "every interaction to be delivered", |s| {
            (s.waiting_events() == 0).then_some(())
        })
        .await;

    let messages = standin.messages();
    let dump = |channel: u64| -> Vec<String> {
        messages
            .iter()
            .filter(|m| m.channel == channel)
            .map(|m| m.content.clone())
            .collect()
    };
    let mut sequences = Vec::new();
    for (channel, _) in &sides {
        let channel = *channel;
        let mine: Vec<&Posted> = messages.iter().filter(|m| m.channel == channel).collect();
        // Each of this side's ballots: one board, one menu, closed.
        let mut boards: BTreeMap<u32, usize> = BTreeMap::new();
        let mut menus: BTreeMap<u32, Vec<&Posted>> = BTreeMap::new();
        for m in &mine {
            if let Some(n) = board_move(m) {
                *boards.entry(n).or_default() += 1;
            }
            if let Some(n) = menu_move(m) {
                menus.entry(n).or_default().push(m);
            }
        }
        assert!(
            boards.values().all(|&k| k == 1),
            "channel {channel}: a board posted twice: {boards:?}\n{:#?}",
            dump(channel)
        );
        for (n, posted) in &menus {
            assert!(
                posted.iter().all(|m| m.menu_options().is_empty()),
                "channel {channel}: the menu of move {n} is still open"
            );
            assert!(
                boards.contains_key(n),
                "channel {channel}: move {n} has a menu but no board"
            );
        }
        let sequence: Vec<(String, u32, u32)> = mine.iter().filter_map(|m| played(m)).collect();
        assert_eq!(count(&standin, channel, "Game over"), 1, "{:#?}", dump(channel));
        assert_eq!(
            count(&standin, channel, "New community ratings: "),
            1,
            "{:#?}",
            dump(channel)
        );
        let last = mine.iter().rposition(|m| played(m).is_some()).unwrap();
        let over = mine.iter().position(|m| m.content.contains("Game over")).unwrap();
        assert!(last < over, "channel {channel}: a move announced after the end");
        sequences.push((channel, sequence, menus.len()));
    }
    let (_, in_a, ballots_a) = &sequences[0];
    let (_, in_b, ballots_b) = &sequences[1];
    assert_eq!(
        in_a, in_b,
        "the moves differ between the channels:\n{:#?}\n{:#?}",
        dump(a.channel),
        dump(b.channel)
    );
    assert_eq!(
        in_a.len(),
        ballots_a + ballots_b,
        "one announcement per ballot in each channel\n{:#?}\n{:#?}",
        dump(a.channel),
        dump(b.channel)
    );
    assert_eq!(voted.len(), in_a.len(), "a ballot the test never voted on");
    // Moves are numbered from 1 across both sides: the k-th announcement
    // is the result of move k + 1, voted on in one of the channels.
    for (k, (mv, votes, total)) in in_a.iter().enumerate() {
        let ply = k as u32 + 1;
        let confirmed = [a.channel, b.channel]
            .iter()
            .find_map(|&c| voted.get(&(c, ply)).map(HashSet::len))
            .unwrap_or_else(|| panic!("move {ply} ({mv}) had no ballot the test voted on"));
        assert_eq!(
            (*votes as usize, *total as usize),
            (confirmed, confirmed),
            "move {ply} ({mv}): the bot confirmed {confirmed} votes\n{:#?}\n{:#?}",
            dump(a.channel),
            dump(b.channel)
        );
    }
    eprintln!(
        "{backend:?}: {kills} kills, {} moves, {} confirmed votes, {} posts repeated a nonce",
        in_a.len(),
        voted.values().map(HashSet::len).sum::<usize>(),
        standin.nonce_reuses()
    );
    assert_clean(&standin);
}
}
