//! Arguing for a move, at the service: members suggest moves with reasons
//! and back each other's; everything a member could get wrong is refused
//! and changes nothing; suggestions close with their ballot; another
//! community's channel can neither make nor back them.

use crate::support::backends::on_each_backend;
use crate::support::service::{community_game, fresh_service, refusal};
use crate::support::versus::{GUEST, HOST, Versus};
use holotable::service::VoteRefusal;
use holotable::service::{Clock, EngineOpponent, ManualClock, Refusal, Settings};
use std::sync::Arc;

const CHANNEL: &str = "channel-1";

on_each_backend! {
#[tokio::test]
async fn members_suggest_with_reasons_back_each_other_and_are_refused_the_rest(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let fresh = fresh_service(backend, &clock, Arc::new(EngineOpponent), Settings::default()).await;
    let service = &fresh.service;
    service.games().start(community_game(CHANNEL, "random", 7)).await.unwrap();
    let ballot = service.games().status(CHANNEL).await.unwrap().ballot.unwrap();
    let now = clock.now();
    let first = service
        .votes().suggest(CHANNEL, "ann", "1", "  take\n the   centre ", now)
        .await
        .unwrap();
    assert_eq!(first.mv, ballot.featured[0]);
    assert_eq!(first.reason, "take the centre");
    assert_eq!(first.backers, 0);
    let second = service
        .votes().suggest(CHANNEL, "bob", &ballot.featured[1], "safer", now)
        .await
        .unwrap();
    assert_eq!(service.votes().back_suggestion(CHANNEL, first.id, "bob").await.unwrap().backers, 1);
    assert_eq!(service.votes().back_suggestion(CHANNEL, first.id, "cy").await.unwrap().backers, 2);

    let refused = [
        (
            refusal(service.votes().suggest(CHANNEL, "cy", "1", "me too", now).await),
            Refusal::Vote(VoteRefusal::SuggestedAlready { mv: first.mv.clone() }),
        ),
        (
            refusal(service.votes().suggest(CHANNEL, "cy", "3", &"x".repeat(5_000), now).await),
            Refusal::Vote(VoteRefusal::ReasonTooLong { length: 5_000, most: 200 }),
        ),
        (
            refusal(service.votes().suggest(CHANNEL, "cy", "3", " \n\t ", now).await),
            Refusal::Vote(VoteRefusal::NoReason),
        ),
        (
            refusal(service.votes().back_suggestion(CHANNEL, first.id, "ann").await),
            Refusal::Vote(VoteRefusal::OwnSuggestion),
        ),
        (
            refusal(service.votes().back_suggestion(CHANNEL, first.id, "bob").await),
            Refusal::Vote(VoteRefusal::BackedAlready),
        ),
        (
            refusal(service.votes().back_suggestion(CHANNEL, 9_999, "bob").await),
            Refusal::Vote(VoteRefusal::NoSuggestion),
        ),
    ];
    for (got, expected) in refused {
        assert_eq!(got, expected);
    }
    let illegal = refusal(service.votes().suggest(CHANNEL, "cy", "Z9-Z9", "bold", now).await);
    assert!(
        matches!(illegal, Refusal::Vote(VoteRefusal::UnreadableVote { .. }) | Refusal::IllegalMove { .. }),
        "{illegal:?}"
    );
    // Three suggestions a member, on one ballot.
    for n in [3, 4] {
        service.votes().suggest(CHANNEL, "ann", &n.to_string(), "another plan", now).await.unwrap();
    }
    assert_eq!(
        refusal(service.votes().suggest(CHANNEL, "ann", "5", "one more", now).await),
        Refusal::Vote(VoteRefusal::TooManySuggestions { most: 3 })
    );
    let kept = service.votes().suggestions(ballot.id).await.unwrap();
    let shown: Vec<(&str, u32)> = kept.iter().map(|s| (s.author.as_str(), s.backers)).collect();
    assert_eq!(shown, vec![("ann", 2), ("bob", 0), ("ann", 0), ("ann", 0)]);
    assert_eq!(kept[1], second);

    // They close with their ballot.
    service.votes().cast(CHANNEL, "ann", "1", now).await.unwrap();
    clock.set(ballot.deadline);
    service.turns().close_due().await.unwrap();
    assert_eq!(
        refusal(service.votes().back_suggestion(CHANNEL, second.id, "cy").await),
        Refusal::Vote(VoteRefusal::BallotClosed)
    );
    assert_eq!(service.votes().suggestions(ballot.id).await.unwrap().len(), 4);
}
}

on_each_backend! {
#[tokio::test]
async fn another_communitys_channel_neither_suggests_nor_backs(backend) {
    let versus = Versus::new(backend).await;
    versus.started().await;
    let now = versus.clock.now();
    let made = versus.service.votes().suggest(HOST, "ann", "1", "open the left", now).await.unwrap();
    let from_guest = versus.service.votes().suggest(GUEST, "gus", "1", "sneaky", now).await;
    assert!(
        matches!(refusal(from_guest), Refusal::Vote(VoteRefusal::OtherSideVoting { .. })),
        "the guest suggested on the host's ballot"
    );
    // Refused as a vote there is, before the suggestion is looked at: the
    // refusal says nothing of the other side's suggestions.
    let backing = refusal(versus.service.votes().back_suggestion(GUEST, made.id, "gus").await);
    assert!(matches!(backing, Refusal::Vote(VoteRefusal::OtherSideVoting { .. })), "{backing:?}");
    let ballot = versus.service.games().status(HOST).await.unwrap().ballot.unwrap();
    let kept = versus.service.votes().suggestions(ballot.id).await.unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].backers, 0);
}
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backing_a_suggestion_while_votes_were_written_failed_as_locked(backend) {
    // On SQLite a transaction that read before it wrote lost the race to
    // a vote group's write and failed ("database is locked", code 517),
    // and the member was told something went wrong: a burst of votes made
    // it likely.
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let fresh = fresh_service(backend, &clock, Arc::new(EngineOpponent), Settings::default()).await;
    let service = Arc::new(fresh.service);
    service.games().start(community_game(CHANNEL, "random", 7)).await.unwrap();
    let now = clock.now();
    let made = service.votes().suggest(CHANNEL, "ann", "1", "take the centre", now).await.unwrap();
    let mut tasks = Vec::new();
    for n in 0..40 {
        let service = service.clone();
        tasks.push(tokio::spawn(async move {
            let member = format!("member-{n}");
            service.votes().cast(CHANNEL, &member, "1", now).await.map(|_| ())?;
            service.votes().back_suggestion(CHANNEL, made.id, &member).await.map(|_| ())
        }));
    }
    for task in tasks {
        task.await.unwrap().expect("a vote and a backing, written whatever else is");
    }
    let ballot = service.games().status(CHANNEL).await.unwrap().ballot.unwrap();
    assert_eq!(service.votes().suggestions(ballot.id).await.unwrap()[0].backers, 40);
}
}
