//! A discussion before each ballot's votes, and a tally hidden until the
//! close, at the service: an early vote is refused with when voting
//! opens while suggestions are taken; the votes open once, whichever
//! process gets there; the ballot's own time starts after the
//! discussion; a hidden tally shows who voted, never for what, and only
//! with menus.

use crate::support::backends::on_each_backend;
use crate::support::service::{admin, community_game, fresh_service, open_service, refusal};
use crate::support::versus::{GUEST, HOST, MINUTE, Versus};
use holotable::model::{BallotFormat, Deliberation};
use holotable::service::{
    Announcement, Clock, EngineOpponent, ManualClock, Refusal, ServiceError, Settings, StartGame,
};
use holotable::service::{GameRefusal, VoteRefusal};
use std::sync::Arc;

const CHANNEL: &str = "channel-1";

fn discussed(minutes: i64) -> StartGame {
    StartGame {
        deliberation: Deliberation {
            discuss_ms: minutes * MINUTE,
            hidden_tally: false,
        },
        ..community_game(CHANNEL, "random", 7)
    }
}

on_each_backend! {
#[tokio::test]
async fn votes_wait_for_the_discussion_and_open_once(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let settings = Settings { vote_ms: 30 * MINUTE, ..Settings::default() };
    let fresh = fresh_service(backend, &clock, Arc::new(EngineOpponent), settings.clone()).await;
    let service = &fresh.service;
    service.votes().set_call_role(CHANNEL, Some("77"), &admin()).await.unwrap();
    service.games().start(discussed(10)).await.unwrap();
    let ballot = service.games().status(CHANNEL).await.unwrap().ballot.unwrap();
    let opens = ballot.opened_at + 10 * MINUTE;
    assert_eq!(ballot.votes_open_at, Some(opens));
    // The ballot's own thirty minutes run after the discussion's ten.
    assert_eq!(ballot.deadline, opens + 30 * MINUTE);

    // The board and the call go out now; the ballot to vote on does not.
    let shown = |rows: Vec<holotable::model::QueuedAnnouncement>| -> Vec<Announcement> {
        rows.iter().map(|r| serde_json::from_str(&r.payload).unwrap()).collect()
    };
    let outbox = fresh.store.outbox();
    let first = shown(outbox.pending_in_channel(CHANNEL, i64::MAX, 100).await.unwrap());
    let opened: Vec<_> = first
        .iter()
        .filter_map(|a| match a {
            Announcement::BallotOpened { votes_open_at, call, .. } => Some((*votes_open_at, call.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(opened, vec![(Some(opens), Some("77".to_string()))]);
    assert!(!first.iter().any(|a| matches!(a, Announcement::VotingOpened { .. })));

    // An early vote is refused with how long until voting opens; a
    // suggestion is what the discussion is for.
    clock.advance(3 * MINUTE);
    let early = refusal(service.votes().cast(CHANNEL, "ann", "1", clock.now()).await);
    assert_eq!(early, Refusal::Vote(VoteRefusal::DiscussionRuns { opens_in: 7 * MINUTE }));
    assert_eq!(
        early.text(holotable::i18n::Lang::En),
        "Voting on this move opens in 7 minutes; until then, suggest a move with `/suggest` or back one."
    );
    service.votes().suggest(CHANNEL, "ann", "1", "it keeps the centre", clock.now()).await.unwrap();
    assert_eq!(service.turns().open_due_votes().await.unwrap(), 0, "opened before its time");

    // At its time the votes open, once, whichever process is first.
    clock.set(opens);
    let (_, other) = open_service(&fresh.db.url, &clock, Arc::new(EngineOpponent), settings).await;
    let opened_here = service.turns().open_due_votes().await.unwrap();
    let opened_there = other.turns().open_due_votes().await.unwrap();
    assert_eq!((opened_here, opened_there), (1, 0));
    assert_eq!(service.turns().open_due_votes().await.unwrap(), 0);
    let voting: Vec<_> = shown(outbox.pending_in_channel(CHANNEL, i64::MAX, 100).await.unwrap())
        .into_iter()
        .filter(|a| matches!(a, Announcement::VotingOpened { .. }))
        .collect();
    assert_eq!(
        voting,
        vec![Announcement::VotingOpened { ply: ballot.id.ply, deadline: ballot.deadline }]
    );
    // The vote refused before counts now, in this process and the other.
    service.votes().cast(CHANNEL, "ann", "1", clock.now()).await.unwrap();
    other.votes().cast(CHANNEL, "bob", "2", clock.now()).await.unwrap();
    assert_eq!(service.games().status(CHANNEL).await.unwrap().tally.iter().map(|(_, n)| n).sum::<u32>(), 2);

    // The next ballot is discussed too.
    clock.set(ballot.deadline);
    assert_eq!(service.turns().close_due().await.unwrap().closed, 1);
    let next = service.games().status(CHANNEL).await.unwrap().ballot.unwrap();
    assert_eq!(next.votes_open_at, Some(next.opened_at + 10 * MINUTE));
}
}

on_each_backend! {
#[tokio::test]
async fn a_hidden_tally_shows_who_voted_and_only_with_menus(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let fresh = fresh_service(backend, &clock, Arc::new(EngineOpponent), Settings::default()).await;
    let service = &fresh.service;
    let hidden = Deliberation { discuss_ms: 0, hidden_tally: true };
    let with_poll = StartGame {
        deliberation: hidden,
        ballot_format: BallotFormat::Poll,
        ..community_game(CHANNEL, "random", 7)
    };
    assert_eq!(refusal(service.games().start(with_poll).await), Refusal::Game(GameRefusal::HiddenTallyPoll));
    assert_eq!(refusal(service.games().status(CHANNEL).await), Refusal::NoGame);
    let too_long = StartGame {
        deliberation: Deliberation { discuss_ms: 25 * 60 * MINUTE, hidden_tally: false },
        ..community_game(CHANNEL, "random", 7)
    };
    assert!(matches!(
        service.games().start(too_long).await,
        Err(ServiceError::Refused(Refusal::Game(GameRefusal::DiscussLength { .. })))
    ));

    service
        .games().start(StartGame { deliberation: hidden, ..community_game(CHANNEL, "random", 7) })
        .await
        .unwrap();
    let view = service.games().status(CHANNEL).await.unwrap();
    assert_eq!(view.game.ballot_format, BallotFormat::Menus, "auto became menus");
    assert_eq!(view.voters, Some(Vec::new()));
    for voter in ["cy", "ann", "bob"] {
        service.votes().cast(CHANNEL, voter, "1", clock.now()).await.unwrap();
    }
    let view = service.games().status(CHANNEL).await.unwrap();
    assert!(view.tally.is_empty(), "a hidden tally leaked: {:?}", view.tally);
    assert_eq!(view.voters, Some(vec!["ann".into(), "bob".into(), "cy".into()]));

    // The close shows what was voted.
    let ballot = view.ballot.unwrap();
    clock.set(ballot.deadline);
    service.turns().close_due().await.unwrap();
    let closed = service.games().ballot(ballot.id).await.unwrap().unwrap();
    assert_eq!(closed.tally, Some(vec![(ballot.featured[0].clone(), 3)]));
    assert_eq!(closed.winner.as_deref(), Some(ballot.featured[0].as_str()));
}
}

on_each_backend! {
#[tokio::test]
async fn between_communities_only_the_voting_side_is_told_its_votes_opened(backend) {
    let versus = Versus::new(backend).await;
    let challenge = holotable::service::ChallengeCommunity {
        deliberation: Deliberation { discuss_ms: 5 * MINUTE, hidden_tally: false },
        ..versus.challenge(false)
    };
    let invitation = versus.service.versus().challenge(challenge).await.unwrap();
    versus
        .service
        .versus().accept(versus.accept(&invitation.code, GUEST))
        .await
        .unwrap();
    // HOST plays white and discusses first; GUEST sees that HOST votes.
    assert!(matches!(
        versus.vote(HOST, "ann", "1").await,
        Err(ServiceError::Refused(Refusal::Vote(VoteRefusal::DiscussionRuns { .. })))
    ));
    versus.clock.advance(5 * MINUTE);
    assert_eq!(versus.service.turns().open_due_votes().await.unwrap(), 1);
    let told = |shown: Vec<Announcement>| {
        shown.iter().filter(|a| matches!(a, Announcement::VotingOpened { .. })).count()
    };
    assert_eq!(told(versus.shown_in(HOST).await), 1);
    assert_eq!(told(versus.shown_in(GUEST).await), 0);
    assert!(versus.shown_in(GUEST).await.iter().any(|a| matches!(a, Announcement::OtherSideVoting { .. })));
    versus.vote(HOST, "ann", "1").await.unwrap();
}
}

on_each_backend! {
#[tokio::test]
async fn a_resumed_ballot_whose_discussion_was_never_closed_is_posted_once(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let settings = Settings { max_extensions: 0, ..Settings::default() };
    let fresh = fresh_service(backend, &clock, Arc::new(EngineOpponent), settings).await;
    let service = &fresh.service;
    service.games().start(discussed(10)).await.unwrap();
    let ballot = service.games().status(CHANNEL).await.unwrap().ballot.unwrap();
    // Every process was down from before the discussion ended until after
    // the close: nobody voted, and the game paused.
    clock.set(ballot.deadline);
    service.turns().close_due().await.unwrap();
    assert_eq!(
        service.games().status(CHANNEL).await.unwrap().game.status,
        holotable::model::GameStatus::Paused
    );
    service.games().resume(CHANNEL, &admin()).await.unwrap();
    // The resume posts the ballot whole; its discussion's end is not
    // announced on top of it.
    assert_eq!(service.turns().open_due_votes().await.unwrap(), 0);
    let rows = fresh.store.outbox().pending_in_channel(CHANNEL, i64::MAX, 100).await.unwrap();
    let shown: Vec<Announcement> =
        rows.iter().map(|r| serde_json::from_str(&r.payload).unwrap()).collect();
    assert!(!shown.iter().any(|a| matches!(a, Announcement::VotingOpened { .. })));
    let reopened: Vec<_> = shown
        .iter()
        .filter_map(|a| match a {
            Announcement::BallotOpened { votes_open_at, .. } => Some(*votes_open_at),
            _ => None,
        })
        .collect();
    assert_eq!(reopened, vec![Some(ballot.votes_open_at.unwrap()), None]);
    service.votes().cast(CHANNEL, "ann", "1", clock.now()).await.unwrap();
}
}

on_each_backend! {
#[tokio::test]
async fn only_a_games_discussion_thread_speaks_for_its_channel(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let fresh = fresh_service(backend, &clock, Arc::new(EngineOpponent), Settings::default()).await;
    let service = &fresh.service;
    service.games().note_discussion_thread("thread-1", CHANNEL).await.unwrap();
    // Noted again (a delivery retried): still one thread, still mapped.
    service.games().note_discussion_thread("thread-1", CHANNEL).await.unwrap();
    assert_eq!(service.games().channel_of("thread-1").await.unwrap(), CHANNEL);
    // A match's thread, or any other, keeps its own.
    assert_eq!(service.games().channel_of("match-thread").await.unwrap(), "match-thread");
    assert_eq!(service.games().channel_of(CHANNEL).await.unwrap(), CHANNEL);
}
}
