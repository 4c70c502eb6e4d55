//! The post-game review: a whole community game against the engine, then
//! every decision's verdict, the turning point and the members closest to
//! the engine checked against the engine's own judgement of the record.

use holotable::engine::review::{Verdict, judge};
use holotable::i18n::Lang;
use holotable::service::GameRefusal;
use holotable::service::{Announcement, EngineOpponent, Refusal, Settings};
use holotable_store::{BallotId, GameStatus};

use crate::support::backends::on_each_backend;
use crate::support::service::{Fresh, community_game, fresh_service, open_service, refusal};
use holotable::service::ManualClock;
use std::collections::BTreeMap;
use std::sync::Arc;

const CHANNEL: &str = "channel-1";

on_each_backend! {
#[tokio::test]
async fn a_finished_game_is_reviewed_decision_by_decision(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let Fresh { db, store, service } =
        fresh_service(backend, &clock, Arc::new(EngineOpponent), Settings::default()).await;
    let game = service
        .games().start(community_game(CHANNEL, "random", 11))
        .await
        .unwrap();
    assert_eq!(
        refusal(service.games().review(game).await),
        Refusal::Game(GameRefusal::GameNotOver),
        "a game still being played has no review"
    );
    assert_eq!(
        refusal(service.games().channel_review(CHANNEL, None).await),
        Refusal::Game(GameRefusal::NoFinishedGame),
        "nor does a channel whose only game is still being played"
    );
    // Ann always votes the first option, Bob and Cy the last: the
    // community plays the last, and Ann's votes are the ones it ignored.
    for turn in 0.. {
        let status = service.games().status(CHANNEL).await.unwrap();
        if status.game.status == GameStatus::Finished {
            break;
        }
        assert!(turn < 300, "the game ends");
        let ballot = status.ballot.expect("an active game has a ballot");
        let last = ballot.featured.len().to_string();
        for (voter, choice) in [("ann", "1"), ("bob", last.as_str()), ("cy", last.as_str())] {
            service.votes().cast(CHANNEL, voter, choice, service.now()).await.unwrap();
        }
        // Each argues for their vote (one suggestion per move).
        service.votes().suggest(CHANNEL, "ann", "1", "first is best", service.now()).await.unwrap();
        if last != "1" {
            service.votes().suggest(CHANNEL, "bob", &last, "last is boldest", service.now()).await.unwrap();
        }
        clock.set(ballot.deadline);
        service.turns().close_due().await.unwrap();
    }

    let reviews = service.games().review(game).await.unwrap();
    assert_eq!(reviews.len(), 1, "one side against the engine");
    let review = &reviews[0];
    assert_eq!(review.seats, ["white"]);
    let moves = service.games().moves(game).await.unwrap();
    let community: Vec<_> = moves.iter().filter(|m| m.decided_by == "community").collect();
    assert_eq!(review.decisions.len(), community.len(), "every community decision");

    // Each verdict is the engine's judgement of the position the ballot showed.
    let positions = service.games().record_of(game).await.unwrap().positions().unwrap();
    let mut votes = BTreeMap::new();
    for (decision, played) in review.decisions.iter().zip(&community) {
        assert_eq!(i64::from(decision.ply), played.ply);
        assert_eq!(decision.played, played.notation);
        let judged = judge(&positions[decision.ply as usize], &decision.played).unwrap();
        assert_eq!(decision.judgement, judged, "move {}", decision.ply + 1);
        let cast = store
            .votes(BallotId { game, ply: decision.ply })
            .await
            .unwrap();
        assert_eq!(decision.voters, 3);
        let for_preferred = cast.iter().filter(|(_, mv)| *mv == judged.preferred).count();
        assert_eq!(decision.for_preferred as usize, for_preferred);
        votes.insert(decision.ply, cast);
    }
    assert!(
        review.decisions.iter().any(|d| d.judgement.verdict >= Verdict::Mistake),
        "always playing the last-ranked option makes mistakes"
    );

    // The turning point is the decision that lost the most.
    let turning = review.turning_point().expect("a mistake makes a turning point");
    assert!(turning.judgement.verdict >= Verdict::Mistake);
    assert!(review.decisions.iter().all(|d| d.judgement.loss <= turning.judgement.loss
        || d.judgement.verdict < Verdict::Mistake));
    assert_ne!(turning.judgement.preferred, turning.played);

    // The closest members, counted again from the votes.
    let mut matched: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for d in review.decisions.iter().filter(|d| d.judgement.verdict != Verdict::Forced) {
        for (voter, mv) in &votes[&d.ply] {
            let entry = matched.entry(voter.as_str()).or_default();
            entry.1 += 1;
            entry.0 += u32::from(*mv == d.judgement.preferred);
        }
    }
    assert!(!review.closest.is_empty());
    for close in &review.closest {
        assert_eq!((close.matched, close.voted), matched[close.voter.as_str()], "{}", close.voter);
    }
    let top = matched.values().map(|&(m, _)| m).max().unwrap();
    assert_eq!(review.closest[0].matched, top);

    // The suggestions that were the engine's choice, in the game's order.
    let mut agreed = Vec::new();
    for d in review.decisions.iter().filter(|d| d.judgement.verdict != Verdict::Forced) {
        for suggestion in service.votes().suggestions(BallotId { game, ply: d.ply }).await.unwrap() {
            if suggestion.mv == d.judgement.preferred {
                agreed.push((d.ply, suggestion.mv, suggestion.author));
            }
        }
    }
    agreed.truncate(holotable::service::AGREED_SHOWN);
    assert!(!agreed.is_empty(), "the engine never chose a suggested move");
    let named: Vec<_> = review
        .agreed
        .iter()
        .map(|a| (a.ply, a.mv.clone(), a.author.clone()))
        .collect();
    assert_eq!(named, agreed);
    let (ply, mv, author) = &agreed[0];
    assert!(
        review.text(Lang::En, |id| format!("<@{id}>"), None)
            .contains(&format!("{mv} for move {}, from <@{author}>", ply + 1)),
        "the review names the first agreed suggestion"
    );

    // Said in every language, members named as the adapter names them.
    for lang in Lang::ALL {
        let text = review.text(lang, |id| format!("<@{id}>"), None);
        assert!(text.contains(&turning.judgement.preferred), "{lang}: {text}");
        assert!(text.contains(&format!("<@{}>", review.closest[0].voter)), "{lang}: {text}");
        assert!(!text.contains('{'), "{lang}: {text}");
    }
    let en = review.text(Lang::En, |id| id.to_string(), None);
    assert!(en.contains(&format!("The turning point was move {}:", turning.ply + 1)), "{en}");

    // Posted once, though two processes look for due reviews at the same
    // time and again afterwards.
    let (_, other) =
        open_service(&db.url, &clock, Arc::new(EngineOpponent), Settings::default()).await;
    let (here, there) = tokio::join!(service.games().post_due_reviews(), other.games().post_due_reviews());
    assert_eq!(here.unwrap() + there.unwrap(), 1);
    assert_eq!(service.games().post_due_reviews().await.unwrap(), 0);
    let posted: Vec<Announcement> = store
        .outbox()
        .pending_in_channel(CHANNEL, i64::MAX, 1000)
        .await
        .unwrap()
        .iter()
        .filter(|row| row.kind == "game-reviewed")
        .map(|row| serde_json::from_str(&row.payload).unwrap())
        .collect();
    assert_eq!(posted, [Announcement::GameReviewed { review: review.clone() }]);

    // Shown again on demand: the channel's latest finished game by default,
    // and only in the channel that played it.
    assert_eq!(&service.games().channel_review(CHANNEL, None).await.unwrap(), review);
    assert_eq!(&service.games().channel_review(CHANNEL, Some(game)).await.unwrap(), review);
    assert_eq!(
        refusal(service.games().channel_review("channel-2", Some(game)).await),
        Refusal::Game(GameRefusal::NotPlayedHere { game: game.0 })
    );
    assert_eq!(
        refusal(service.games().channel_review("channel-2", None).await),
        Refusal::Game(GameRefusal::NoFinishedGame)
    );
    let later = service
        .games().start(community_game(CHANNEL, "random", 12))
        .await
        .unwrap();
    assert_eq!(
        refusal(service.games().channel_review(CHANNEL, Some(later)).await),
        Refusal::Game(GameRefusal::GameNotOver)
    );
    assert_eq!(
        &service.games().channel_review(CHANNEL, None).await.unwrap(),
        review,
        "a game being played does not hide the last finished one"
    );
}
}
