//! The store's promises under concurrent writers, on both backends.
//!
//! SQLite orders every writer behind one write lock; PostgreSQL at READ
//! COMMITTED does not, so each race here is one the store must settle by
//! itself there (see `crates/store/src/lib.rs`).

use crate::support::backends::{self, on_each_backend};

use crate::support::store_games::{NOW, new_game};
use backends::TestDatabase;
use holotable_store::{
    BallotChange, BallotId, NewAnnouncement, NewBallot, NewDailyPost, Store, StoreError,
    Transition, VoteError,
};
use std::sync::Arc;

const VOTERS: usize = 12;
const TRIALS: usize = 30;

fn opening_ballot() -> Transition {
    Transition {
        open_ballot: Some(NewBallot {
            ply: 0,
            seat: 0,
            legal: vec!["a".to_string(), "b".to_string()],
            ranking: vec!["a".to_string(), "b".to_string()],
            featured: vec!["a".to_string(), "b".to_string()],
            deadline: NOW + 60_000,
            remind_at: None,
            votes_open_at: None,
        }),
        at: NOW,
        ..Transition::default()
    }
}

/// Closes the ballot from the tally it reads, as the scheduler does, again
/// each time the store says the tally changed under it.
async fn close(store: &Store, ballot: BallotId) -> Vec<(String, u32)> {
    loop {
        let version = store.game(ballot.game).await.unwrap().unwrap().version;
        let tally = store.tally(ballot).await.unwrap();
        let change = Transition {
            expected_version: version,
            ballot: Some(BallotChange::Close {
                ply: ballot.ply,
                winner: "a".to_string(),
                tally: tally.clone(),
                tie_broken: false,
            }),
            at: NOW + 1,
            ..Transition::default()
        };
        match store.apply(ballot.game, &change).await {
            Ok(()) => return tally,
            Err(StoreError::Conflict) => tokio::task::yield_now().await,
            Err(e) => panic!("closing: {e}"),
        }
    }
}

on_each_backend! {
/// Votes cast while the ballot closes are either in the closed tally or
/// refused as closed: none is accepted and then left out. On PostgreSQL
/// this failed without the vote's `FOR SHARE` on the ballot row (a vote
/// read the row as open while the close was between its tally and its
/// commit).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vote_racing_the_close_is_counted_or_refused_never_lost(backend) {
    let db = TestDatabase::fresh(backend);
    let store = Arc::new(Store::open(&db.url).await.unwrap());
    for trial in 0..TRIALS {
        let game = store
            .insert_game(&new_game(&format!("race-{trial}")), &opening_ballot())
            .await
            .unwrap();
        let ballot = BallotId { game, ply: 0 };
        let voters: Vec<_> = (0..VOTERS)
            .map(|voter| {
                let store = Arc::clone(&store);
                tokio::spawn(async move {
                    let mv = if voter % 3 == 0 { "b" } else { "a" };
                    match store
                        .record_vote(ballot, &format!("voter-{voter}"), mv, NOW)
                        .await
                    {
                        Ok(_) => 1,
                        Err(VoteError::Closed) => 0,
                        Err(e) => panic!("voting: {e}"),
                    }
                })
            })
            .collect();
        tokio::task::yield_now().await;
        let closed = close(&store, ballot).await;
        let mut accepted = 0;
        for voter in voters {
            accepted += voter.await.unwrap();
        }
        let counted: u32 = closed.iter().map(|(_, votes)| votes).sum();
        assert_eq!(
            counted, accepted,
            "trial {trial}: the closed tally {closed:?} counts every accepted vote"
        );
        let stored = store.ballot(ballot).await.unwrap().unwrap();
        assert_eq!(stored.tally, Some(closed), "trial {trial}");
        assert_eq!(
            store.votes(ballot).await.unwrap().len() as u32,
            accepted,
            "trial {trial}: no refused vote was stored"
        );
    }
}
}

on_each_backend! {
/// Two processes claiming one server's posts for two local dates at once
/// draw two different fun facts, and both claims succeed. On PostgreSQL
/// the claims do not wait for each other by themselves: without the
/// store's per-server lock both read the same unused fact and the second
/// failed on the `gotd_used` key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn claims_of_two_dates_at_once_draw_different_items(backend) {
    let db = TestDatabase::fresh(backend);
    let first = Arc::new(Store::open(&db.url).await.unwrap());
    let second = Arc::new(Store::open(&db.url).await.unwrap());
    const FACTS: [&str; 40] = [
        "f00", "f01", "f02", "f03", "f04", "f05", "f06", "f07", "f08", "f09", "f10", "f11", "f12",
        "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21", "f22", "f23", "f24", "f25",
        "f26", "f27", "f28", "f29", "f30", "f31", "f32", "f33", "f34", "f35", "f36", "f37", "f38",
        "f39",
    ];
    let mut drawn = Vec::new();
    for day in 0..FACTS.len() / 2 {
        let claim = |store: Arc<Store>, date: String| async move {
            let post = NewDailyPost {
                server: "server",
                local_date: &date,
                channel: "channel",
                member: Some("ann"),
                characters: &["c0"],
                facts: &FACTS,
                at: NOW,
            };
            store
                .claim_daily_post(&post, |_| NewAnnouncement {
                    kind: "daily-post",
                    payload: "{}".to_string(),
                    channel: None,
                })
                .await
        };
        let (a, b) = tokio::join!(
            tokio::spawn(claim(Arc::clone(&first), format!("2026-01-{:02}a", day))),
            tokio::spawn(claim(Arc::clone(&second), format!("2026-01-{:02}b", day)))
        );
        for claimed in [a, b] {
            let claimed = claimed.unwrap().unwrap_or_else(|e| panic!("day {day}: {e}"));
            drawn.push(claimed.expect("a date not claimed before").fact);
        }
    }
    let mut distinct = drawn.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), drawn.len(), "no fact drawn twice: {drawn:?}");
}
}
