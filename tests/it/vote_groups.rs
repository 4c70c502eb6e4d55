//! Votes written many per commit: each vote keeps the rules it has alone
//! (one per member per ballot, the later replaces, a closed ballot
//! refuses, the reply names what it replaced), a bad vote fails alone, and
//! a process killed in the middle of a burst has stored every vote it
//! answered and none it refused. On both backends.

use crate::support::backends::{TestDatabase, on_each_backend};
use crate::support::store_games::{NOW, new_game};
use crate::support::terminal::holotable;
use holotable_store::{
    BallotChange, BallotId, NewBallot, NewVote, Pool, Store, Transition, VoteError, VoteVia,
};
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

const DEADLINE: i64 = NOW + 60_000;

/// A game in `channel` whose first ballot is open until [`DEADLINE`].
async fn open_ballot(store: &Store, channel: &str) -> BallotId {
    let moves = vec!["a".to_string(), "b".to_string(), "c".to_string()];
    let opening = Transition {
        open_ballot: Some(NewBallot {
            ply: 0,
            seat: 0,
            legal: moves.clone(),
            ranking: moves.clone(),
            featured: moves,
            deadline: DEADLINE,
            remind_at: None,
            votes_open_at: None,
        }),
        at: NOW,
        ..Transition::default()
    };
    let game = store
        .insert_game(&new_game(channel), &opening)
        .await
        .unwrap();
    BallotId { game, ply: 0 }
}

async fn close(store: &Store, ballot: BallotId) {
    let version = store.game(ballot.game).await.unwrap().unwrap().version;
    let change = Transition {
        expected_version: version,
        ballot: Some(BallotChange::Close {
            ply: ballot.ply,
            winner: "a".to_string(),
            tally: store.tally(ballot).await.unwrap(),
            tie_broken: false,
        }),
        at: NOW + 1,
        ..Transition::default()
    };
    store.apply(ballot.game, &change).await.unwrap();
}

fn vote(ballot: BallotId, voter: &str, mv: &str, now: i64) -> NewVote {
    NewVote {
        ballot,
        voter: voter.to_string(),
        mv: mv.to_string(),
        via: VoteVia::Direct,
        now,
    }
}

fn stored(votes: Vec<(String, String)>) -> HashMap<String, String> {
    votes.into_iter().collect()
}

on_each_backend! {
/// One group with a member voting three times on one ballot, a vote on a
/// closed ballot, one on no ballot, and one after the deadline: each vote
/// is answered as it would be alone, in arrival order.
#[tokio::test]
async fn a_group_answers_each_vote_as_if_it_came_alone_in_arrival_order(backend) {
    let db = TestDatabase::fresh(backend);
    let store = Store::open(&db.url).await.unwrap();
    let open = open_ballot(&store, "open").await;
    let closed = open_ballot(&store, "closed").await;
    store.record_vote(open, "ann", "c", NOW).await.unwrap();
    close(&store, closed).await;
    let nowhere = BallotId { game: open.game, ply: 7 };

    let answers = store
        .record_votes(&[
            vote(open, "ann", "a", NOW),
            vote(open, "bob", "b", NOW),
            vote(closed, "ann", "a", NOW),
            vote(open, "ann", "b", NOW),
            vote(nowhere, "ann", "a", NOW),
            vote(open, "cat", "a", DEADLINE),
            vote(open, "ann", "c", NOW + 1),
        ])
        .await;
    let answers: Vec<_> = answers
        .into_iter()
        .map(|a| match a {
            Ok(replaced) => Ok(replaced),
            Err(VoteError::Closed) => Err("closed"),
            Err(VoteError::NoSuchBallot) => Err("no ballot"),
            Err(e) => panic!("{e}"),
        })
        .collect();
    assert_eq!(
        answers,
        [
            Ok(Some("c".to_string())),
            Ok(None),
            Err("closed"),
            Ok(Some("a".to_string())),
            Err("no ballot"),
            Err("closed"),
            Ok(Some("b".to_string())),
        ]
    );
    assert_eq!(
        stored(store.votes(open).await.unwrap()),
        stored(vec![("ann".into(), "c".into()), ("bob".into(), "b".into())]),
        "one vote per member, the last one"
    );
    assert!(store.votes(closed).await.unwrap().is_empty());
}
}

on_each_backend! {
/// A member's two votes that waited in a queue may be written out of
/// order: the one sent last stands, alone or in a group, and the other is
/// answered with the vote that stands.
#[tokio::test]
async fn a_vote_written_after_one_sent_later_replaced_it(backend) {
    let db = TestDatabase::fresh(backend);
    let store = Store::open(&db.url).await.unwrap();
    let ballot = open_ballot(&store, "open").await;
    let superseded = |answer: Result<Option<String>, VoteError>| match answer {
        Err(VoteError::Superseded { standing }) => standing,
        other => panic!("not superseded: {other:?}"),
    };

    // Alone: the later-sent vote is written first.
    store.record_vote(ballot, "ann", "b", NOW + 20).await.unwrap();
    let answer = store.record_vote(ballot, "ann", "a", NOW + 10).await;
    assert_eq!(superseded(answer), "b");
    // Sent at the same moment: the one written last stands, as before.
    let same = store.record_vote(ballot, "ann", "c", NOW + 20).await.unwrap();
    assert_eq!(same, Some("b".to_string()));

    // In one group: against the stored vote and against each other.
    let answers = store
        .record_votes(&[
            vote(ballot, "ann", "a", NOW + 5),
            vote(ballot, "bob", "b", NOW + 30),
            vote(ballot, "bob", "a", NOW + 25),
            vote(ballot, "ann", "b", NOW + 40),
        ])
        .await;
    let mut answers = answers.into_iter();
    assert_eq!(superseded(answers.next().unwrap()), "c");
    assert_eq!(answers.next().unwrap().unwrap(), None);
    assert_eq!(superseded(answers.next().unwrap()), "b");
    assert_eq!(answers.next().unwrap().unwrap(), Some("c".to_string()));
    assert_eq!(
        stored(store.votes(ballot).await.unwrap()),
        stored(vec![("ann".into(), "b".into()), ("bob".into(), "b".into())]),
        "each member's vote sent last"
    );
    // Bob's earlier-sent vote written later, alone (a group of one takes
    // the single vote's statement), leaves his vote alone.
    let late = store.record_votes(&[vote(ballot, "bob", "c", NOW + 29)]).await;
    assert_eq!(superseded(late.into_iter().next().unwrap()), "b");
    assert_eq!(store.tally(ballot).await.unwrap(), [("b".to_string(), 2)]);

    // The same move sent twice, out of order: it stands, and says so.
    let again = store.record_vote(ballot, "ann", "b", NOW + 35).await;
    assert_eq!(again.unwrap(), Some("b".to_string()));
    // Two votes of one member with one time, in a group: the later
    // arrival stands, as one after the other would.
    let tied = store
        .record_votes(&[
            vote(ballot, "dan", "a", NOW + 50),
            vote(ballot, "dan", "c", NOW + 50),
        ])
        .await;
    let tied: Vec<_> = tied.into_iter().map(Result::unwrap).collect();
    assert_eq!(tied, [None, Some("a".to_string())]);
    // Sent before the ballot opened (another process's clock behind):
    // both count from the opening, so the later arrival stands.
    store.record_vote(ballot, "eve", "a", NOW - 10).await.unwrap();
    let earlier = store.record_vote(ballot, "eve", "c", NOW - 20).await;
    assert_eq!(earlier.unwrap(), Some("a".to_string()));
    assert_eq!(
        stored(store.votes(ballot).await.unwrap()),
        stored(vec![
            ("ann".into(), "b".into()),
            ("bob".into(), "b".into()),
            ("dan".into(), "c".into()),
            ("eve".into(), "c".into()),
        ]),
    );
}
}

/// Makes the database refuse any vote by `mallory`, as a full disk or a
/// broken row would refuse one statement.
async fn refuse_mallory(store: &Store) {
    match store.pool() {
        Pool::Sqlite(pool) => sqlx::raw_sql(
            "CREATE TRIGGER no_mallory BEFORE INSERT ON votes WHEN NEW.voter = 'mallory'
             BEGIN SELECT RAISE(ABORT, 'mallory may not vote'); END;",
        )
        .execute(pool)
        .await
        .map(drop),
        Pool::Postgres(pool) => sqlx::raw_sql(
            "CREATE FUNCTION no_mallory() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
                 IF NEW.voter = 'mallory' THEN RAISE EXCEPTION 'mallory may not vote'; END IF;
                 RETURN NEW;
             END $$;
             CREATE TRIGGER no_mallory BEFORE INSERT ON votes
             FOR EACH ROW EXECUTE FUNCTION no_mallory();",
        )
        .execute(pool)
        .await
        .map(drop),
    }
    .unwrap();
}

on_each_backend! {
/// A group the database refuses because of one vote: the others are
/// stored and answered, and only that one fails, with the database's
/// reason.
#[tokio::test]
async fn one_bad_vote_fails_alone_and_the_rest_of_its_group_is_stored(backend) {
    let db = TestDatabase::fresh(backend);
    let store = Store::open(&db.url).await.unwrap();
    let ballot = open_ballot(&store, "channel").await;
    refuse_mallory(&store).await;
    let answers = store
        .record_votes(&[
            vote(ballot, "ann", "a", NOW),
            vote(ballot, "mallory", "b", NOW),
            vote(ballot, "bob", "b", NOW),
            vote(ballot, "ann", "c", NOW),
        ])
        .await;
    assert_eq!(answers[0].as_ref().unwrap(), &None);
    let refused = answers[1].as_ref().unwrap_err().to_string();
    assert!(refused.contains("mallory may not vote"), "{refused}");
    assert_eq!(answers[2].as_ref().unwrap(), &None);
    assert_eq!(answers[3].as_ref().unwrap(), &Some("a".to_string()));
    assert_eq!(
        stored(store.votes(ballot).await.unwrap()),
        stored(vec![("ann".into(), "c".into()), ("bob".into(), "b".into())])
    );
}
}

on_each_backend! {
/// Two processes on one database, each with many tasks voting at once,
/// every member changing their vote again and again: groups form (the
/// tasks outnumber the writers), each reply names the member's vote before
/// it, and the ballot keeps each member's last vote.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_changing_votes_from_two_processes_are_answered_in_order(backend) {
    const BALLOTS: usize = 4;
    const MEMBERS: usize = 24;
    const CHANGES: usize = 12;
    let db = TestDatabase::fresh(backend);
    let first = Store::open(&db.url).await.unwrap();
    let second = Store::open(&db.url).await.unwrap();
    let mut ballots = Vec::new();
    for b in 0..BALLOTS {
        ballots.push(open_ballot(&first, &format!("channel-{b}")).await);
    }
    let moves = ["a", "b", "c"];
    let mut tasks = Vec::new();
    for member in 0..MEMBERS {
        // Each member votes from one process, on every ballot in turn.
        let store = if member % 2 == 0 { first.clone() } else { second.clone() };
        let ballots = ballots.clone();
        tasks.push(tokio::spawn(async move {
            let mut last: Vec<Option<&str>> = vec![None; BALLOTS];
            for change in 0..CHANGES {
                for (b, ballot) in ballots.iter().enumerate() {
                    let mv = moves[(member + change + b) % moves.len()];
                    let replaced = store
                        .record_vote(*ballot, &format!("m{member}"), mv, NOW)
                        .await
                        .unwrap();
                    assert_eq!(replaced.as_deref(), last[b], "member {member}, change {change}");
                    last[b] = Some(mv);
                }
            }
            last
        }));
    }
    let mut expected: Vec<HashMap<String, String>> = vec![HashMap::new(); BALLOTS];
    for (member, task) in tasks.into_iter().enumerate() {
        for (b, mv) in task.await.unwrap().into_iter().enumerate() {
            expected[b].insert(format!("m{member}"), mv.unwrap().to_string());
        }
    }
    for (b, ballot) in ballots.iter().enumerate() {
        assert_eq!(stored(first.votes(*ballot).await.unwrap()), expected[b]);
    }
}
}

/// How many answers of each kind the crash test waits for before it kills.
const OK_BEFORE_KILL: usize = 500;
const REFUSED_BEFORE_KILL: usize = 100;

/// `holotable bench votes --report-each` on `url`, killed with SIGKILL
/// once it has answered enough votes of both kinds; then every vote it
/// answered `ok` is stored, and none it answered `refused`.
fn killed_mid_burst_keeps_every_answered_vote(url: &str) {
    let mut child = holotable()
        .args(["bench", "votes", "--report-each", "--db", url])
        .args(["--ballots", "200", "--voters", "2000", "--votes", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let started = Instant::now();
    let (mut ok, mut refused) = (Vec::new(), Vec::new());
    let mut killed = false;
    for line in stdout.split(b'\n') {
        let line = String::from_utf8(line.unwrap()).unwrap();
        let fields: Vec<&str> = line.split(' ').collect();
        let [word, game, ply, voter, mv] = fields[..] else {
            // Lines are written whole (one write each, shorter than a
            // pipe's atomic size), so only a kill can leave one cut.
            assert!(killed, "unexpected line {line:?}");
            break;
        };
        let answered = (
            BallotId {
                game: holotable_store::GameId(game.parse().unwrap()),
                ply: ply.parse().unwrap(),
            },
            voter.to_string(),
            mv.to_string(),
        );
        match word {
            "ok" => ok.push(answered),
            "refused" => refused.push(answered),
            other => panic!("a vote failed: {other} {line:?}"),
        }
        if !killed && ok.len() >= OK_BEFORE_KILL && refused.len() >= REFUSED_BEFORE_KILL {
            child.kill().expect("SIGKILL");
            killed = true;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no burst of both answers in two minutes: {} ok, {} refused",
            ok.len(),
            refused.len()
        );
    }
    let status = child.wait().unwrap();
    assert!(killed, "the burst ended before the kill: {status:?}");
    assert!(!status.success(), "killed, not finished: {status:?}");

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = Store::open(url).await.unwrap();
        let mut votes: HashMap<BallotId, HashMap<String, String>> = HashMap::new();
        for (ballot, _, _) in ok.iter().chain(&refused) {
            if !votes.contains_key(ballot) {
                votes.insert(*ballot, stored(store.votes(*ballot).await.unwrap()));
            }
        }
        for (ballot, voter, mv) in &ok {
            assert_eq!(
                votes[ballot].get(voter),
                Some(mv),
                "{voter}'s answered vote on {ballot:?} is stored"
            );
        }
        // Each member votes once per ballot in this load, so a refused
        // vote's member has no vote there at all.
        for (ballot, voter, mv) in &refused {
            assert_eq!(
                votes[ballot].get(voter),
                None,
                "{voter}'s refused vote {mv} on {ballot:?} is not stored"
            );
        }
        eprintln!(
            "killed after {} votes answered ok and {} refused; all checked",
            ok.len(),
            refused.len()
        );
        store.close().await;
    });
}

on_each_backend! {
#[test]
fn a_process_killed_mid_burst_has_stored_every_vote_it_answered(backend) {
    let db = TestDatabase::fresh(backend);
    killed_mid_burst_keeps_every_answered_vote(&db.url);
}
}
