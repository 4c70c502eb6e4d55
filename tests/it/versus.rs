//! Community against community, at the service: a channel invites another
//! by code, the other accepts, and each votes on its own seats in its own
//! channel. Every promise is checked on both backends: one game per code,
//! one side per member, no tally seen across sides before the move.

use holotable::games::{AnyGame, Ending, GameKind, Seat, SeatResult};
use holotable::service::{
    AcceptChallenge, Announcement, ChallengeCommunity, ManualClock, Opponent, Refusal, Service,
    Settings, normalise_code,
};
use holotable::service::{GameRefusal, VersusRefusal, VoteRefusal};
use holotable_store::GameStatus;

use crate::support::actors::{manager, member};
use crate::support::backends::on_each_backend;
use crate::support::engines::FirstMove;
use crate::support::service::{community_game, fresh_service, refusal};
use crate::support::versus::{self, GUEST, HOST, Versus};
use std::collections::HashSet;
use std::sync::Arc;

on_each_backend! {
#[tokio::test]
async fn a_code_is_two_groups_of_four_unambiguous_characters_and_never_repeats(backend) {
        let versus = Versus::new(backend).await;
        let mut seen = HashSet::new();
        for i in 0..20 {
            let invitation = versus
                .service
                .versus().challenge(ChallengeCommunity {
                    channel: format!("discord:{}", 1000 + i),
                    ..versus.challenge(false)
                })
                .await
                .unwrap();
            let code = &invitation.code;
            assert_eq!(code.len(), 9, "{code}");
            assert_eq!(&code[4..5], "-", "{code}");
            assert!(
                code.chars()
                    .filter(|c| *c != '-')
                    .all(|c| "ABCDEFGHJKMNPQRSTVWXYZ23456789".contains(c)),
                "{code} has a character people confuse"
            );
            assert!(seen.insert(code.clone()), "{code} was drawn twice");
            assert_eq!(invitation.seats, ["white"]);
            assert_eq!(invitation.community, None, "a private challenge shows no name");
        }
        assert_eq!(normalise_code(" abcd-efgh "), "ABCDEFGH");
    }
}

on_each_backend! {
#[tokio::test]
async fn an_accepted_challenge_starts_one_game_that_both_channels_play(backend) {
        let versus = Versus::new(backend).await;
        let game = versus.started().await;
        let host = versus.service.games().status(HOST).await.unwrap();
        let guest = versus.service.games().status(GUEST).await.unwrap();
        assert_eq!(host.game.id, game);
        assert_eq!(guest.game.id, game, "the accepting channel plays the same game");

        let host_news = versus.shown_in(HOST).await;
        let guest_news = versus.shown_in(GUEST).await;
        match (&host_news[0], &guest_news[0]) {
            (
                Announcement::SharedGameStarted {
                    yours: host_seats,
                    opponents: host_opponents,
                    ..
                },
                Announcement::SharedGameStarted {
                    yours: guest_seats,
                    opponents: guest_opponents,
                    ..
                },
            ) => {
                assert_eq!(host_seats, &["white"]);
                assert_eq!(guest_seats, &["black"]);
                assert_eq!(
                    host_opponents[0].community.as_deref(),
                    Some("Echo Station"),
                    "an accepting community shows its name"
                );
                assert_eq!(
                    guest_opponents[0].community, None,
                    "a private challenger's name stays hidden"
                );
            }
            other => panic!("each channel is told the game began: {other:?}"),
        }
        assert!(
            matches!(host_news[1], Announcement::BallotOpened { ply: 0, .. }),
            "white's ballot is posted in the host channel: {host_news:?}"
        );
        assert!(
            matches!(guest_news[1], Announcement::OtherSideVoting { ply: 0, .. }),
            "the guest channel is told white votes, with no ballot: {guest_news:?}"
        );
        assert_eq!(host_news.len(), 2);
        assert_eq!(guest_news.len(), 2);
    }
}

on_each_backend! {
#[tokio::test]
async fn each_side_votes_only_on_its_own_moves_in_its_own_channel(backend) {
        let versus = Versus::new(backend).await;
        versus.started().await;
        let early = refusal(versus.vote(GUEST, "carol", "1").await);
        assert_eq!(
            early,
            Refusal::Vote(VoteRefusal::OtherSideVoting {
                side: vec!["white".into()]
            })
        );
        versus.vote(HOST, "dave", "1").await.unwrap();
        versus.close().await;
        // White played; now black votes in the guest channel, and white may not.
        let late = refusal(versus.vote(HOST, "dave", "1").await);
        assert_eq!(
            late,
            Refusal::Vote(VoteRefusal::OtherSideVoting {
                side: vec!["black".into()]
            })
        );
        versus.vote(GUEST, "carol", "1").await.unwrap();
        versus.close().await;
        let moves = versus.service.games().moves(versus.service.games().status(HOST).await.unwrap().game.id).await.unwrap();
        assert_eq!(moves.len(), 2, "a move by each side, no engine move: {moves:?}");
        assert!(moves.iter().all(|m| m.decided_by == "community"));
        assert_eq!(moves.iter().map(|m| m.seat).collect::<Vec<_>>(), [Some(0), Some(1)]);
    }
}

on_each_backend! {
#[tokio::test]
async fn a_sides_later_vote_is_checked_against_its_open_ballot_not_its_last_one(backend) {
        // Each channel caches the ballot it last voted on; a close once
        // forgot only the game's first channel, so the other side's next
        // vote was checked against its closed ballot.
        let versus = Versus::new(backend).await;
        versus.started().await;
        versus.vote(HOST, "dave", "1").await.unwrap();
        versus.close().await;
        let first = versus.service.games().status(GUEST).await.unwrap().ballot.unwrap();
        versus.vote(GUEST, "carol", "1").await.unwrap();
        versus.close().await;
        for _ in 0..20 {
            versus.vote(HOST, "dave", "1").await.unwrap();
            versus.close().await;
            let open = versus.service.games().status(GUEST).await.unwrap().ballot.unwrap();
            if let Some(only_now) = open.legal.iter().find(|m| !first.legal.contains(m)) {
                versus.vote(GUEST, "carol", only_now).await.unwrap();
                let view = versus.service.games().status(GUEST).await.unwrap();
                assert_eq!(view.tally, [(only_now.clone(), 1)], "the vote counts on the open ballot");
                return;
            }
            versus.vote(GUEST, "carol", "1").await.unwrap();
            versus.close().await;
        }
        panic!("black never had a move its first ballot did not offer");
    }
}

on_each_backend! {
#[tokio::test]
async fn a_member_votes_for_one_side_only(backend) {
        let versus = Versus::new(backend).await;
        versus.started().await;
        versus.vote(HOST, "erin", "1").await.unwrap();
        versus.close().await;
        let refused = refusal(versus.vote(GUEST, "erin", "1").await);
        assert_eq!(
            refused,
            Refusal::Vote(VoteRefusal::VotedForOtherSide {
                side: vec!["white".into()]
            })
        );
        assert!(
            refused.text(holotable::i18n::Lang::En).contains("white"),
            "the refusal names the side: {refused}"
        );
        let view = versus.service.games().status(GUEST).await.unwrap();
        assert!(view.tally.is_empty(), "the refused vote was not counted");
    }
}

on_each_backend! {
#[tokio::test]
async fn a_side_sees_no_tally_of_the_other_before_the_move(backend) {
        let versus = Versus::new(backend).await;
        versus.started().await;
        versus.vote(HOST, "frank", "2").await.unwrap();
        let host = versus.service.games().status(HOST).await.unwrap();
        let guest = versus.service.games().status(GUEST).await.unwrap();
        assert_eq!(host.tally.len(), 1, "the voting side sees its tally");
        assert!(host.voting_elsewhere.is_none());
        assert!(guest.tally.is_empty(), "the other side sees none");
        assert_eq!(guest.voting_elsewhere, Some(vec!["white".to_string()]));
        for row in versus.rows_in(GUEST).await {
            assert!(
                !row.payload.contains("frank") && !row.payload.contains("\"featured\""),
                "nothing of white's ballot reaches black's channel: {}",
                row.payload
            );
        }
        versus.close().await;
        let guest_news = versus.shown_in(GUEST).await;
        match guest_news.iter().find(|a| matches!(a, Announcement::BallotClosed { .. })) {
            Some(Announcement::BallotClosed { votes, by, .. }) => {
                assert_eq!(*votes, 1, "after the move, its vote count is shown");
                assert_eq!(
                    by.as_ref().map(|b| b.seats.clone()),
                    Some(vec!["white".to_string()]),
                    "the other channel is told which side played"
                );
            }
            other => panic!("the move is announced in the other channel: {other:?}"),
        }
        let host_closed = versus
            .shown_in(HOST)
            .await
            .into_iter()
            .find(|a| matches!(a, Announcement::BallotClosed { .. }));
        assert!(
            matches!(host_closed, Some(Announcement::BallotClosed { by: None, .. })),
            "the voting side reads its own result plainly: {host_closed:?}"
        );
    }
}

on_each_backend! {
#[tokio::test]
async fn every_bad_code_or_channel_is_refused_and_changes_nothing(backend) {
        let versus = Versus::new(backend).await;
        assert!(matches!(
            refusal(
                versus
                    .service
                    .versus().challenge(ChallengeCommunity {
                        by: member("mallory"),
                        ..versus.challenge(false)
                    })
                    .await
            ),
            Refusal::NotAllowed { .. }
        ));
        assert!(matches!(
            refusal(
                versus
                    .service
                    .versus().accept(versus.accept("ZZZZ-ZZZZ", GUEST))
                    .await
            ),
            Refusal::Versus(VersusRefusal::UnknownCode { .. })
        ));
        let invitation = versus
            .service
            .versus().challenge(versus.challenge(false))
            .await
            .unwrap();
        let code = invitation.code.clone();
        assert_eq!(
            refusal(
                versus
                    .service
                    .versus().accept(versus.accept(&code, HOST))
                    .await
            ),
            Refusal::Versus(VersusRefusal::OwnChallenge)
        );
        assert!(matches!(
            refusal(
                versus
                    .service
                    .versus().accept(AcceptChallenge {
                        by: member("mallory"),
                        ..versus.accept(&code, GUEST)
                    })
                    .await
            ),
            Refusal::NotAllowed { .. }
        ));
        // A channel with a live game of its own cannot accept.
        versus
            .service
            .games().start(community_game("discord:300", "normal", 1))
            .await
            .unwrap();
        assert!(matches!(
            refusal(
                versus
                    .service
                    .versus().accept(versus.accept(&code, "discord:300"))
                    .await
            ),
            Refusal::ChannelBusy { .. }
        ));
        assert!(
            versus.service.games().status(HOST).await.is_err(),
            "none of the refusals started a game"
        );
        // Accepted once; a second channel is told it is taken.
        versus
            .service
            .versus().accept(versus.accept(&code.to_lowercase(), GUEST))
            .await
            .unwrap();
        assert_eq!(
            refusal(
                versus
                    .service
                    .versus().accept(versus.accept(&code, "discord:400"))
                    .await
            ),
            Refusal::Versus(VersusRefusal::CodeClosed { status: "accepted" })
        );
        assert_eq!(
            refusal(versus.service.games().stop(GUEST, &manager("bob")).await),
            Refusal::Game(GameRefusal::SharedGameStop)
        );
    }
}

on_each_backend! {
#[tokio::test]
async fn a_withdrawn_or_expired_code_cannot_be_accepted(backend) {
        let versus = Versus::new(backend).await;
        let withdrawn = versus
            .service
            .versus().challenge(versus.challenge(true))
            .await
            .unwrap();
        assert_eq!(versus.service.versus().lobby(None).await.unwrap().len(), 1);
        let codes = versus
            .service
            .versus().withdraw(HOST, None, &manager("alice"))
            .await
            .unwrap();
        assert_eq!(codes, std::slice::from_ref(&withdrawn.code));
        assert!(versus.service.versus().lobby(None).await.unwrap().is_empty());
        assert_eq!(
            refusal(
                versus
                    .service
                    .versus().accept(versus.accept(&withdrawn.code, GUEST))
                    .await
            ),
            Refusal::Versus(VersusRefusal::CodeClosed {
                status: "withdrawn"
            })
        );
        assert_eq!(
            refusal(
                versus
                    .service
                    .versus().withdraw(HOST, None, &manager("alice"))
                    .await
            ),
            Refusal::Versus(VersusRefusal::NoOpenChallenge)
        );
        let expiring = versus
            .service
            .versus().challenge(versus.challenge(false))
            .await
            .unwrap();
        versus
            .clock
            .advance(holotable::service::INVITATION_MS + 1);
        assert_eq!(
            refusal(
                versus
                    .service
                    .versus().accept(versus.accept(&expiring.code, GUEST))
                    .await
            ),
            Refusal::Versus(VersusRefusal::CodeClosed { status: "expired" })
        );
    }
}

on_each_backend! {
#[tokio::test]
async fn two_channels_accepting_one_code_at_once_start_one_game(backend) {
        let versus = Versus::new(backend).await;
        let invitation = versus
            .service
            .versus().challenge(versus.challenge(false))
            .await
            .unwrap();
        let (first, second) = tokio::join!(
            versus
                .service
                .versus().accept(versus.accept(&invitation.code, "discord:201")),
            versus
                .service
                .versus().accept(versus.accept(&invitation.code, "discord:202")),
        );
        let started = usize::from(first.is_ok()) + usize::from(second.is_ok());
        assert_eq!(started, 1, "{first:?} {second:?}");
        let lost = if first.is_ok() { second } else { first };
        assert_eq!(refusal(lost), Refusal::Versus(VersusRefusal::CodeClosed { status: "accepted" }));
    }
}

on_each_backend! {
#[tokio::test]
async fn the_lobby_lists_public_open_challenges_with_their_community(backend) {
        let versus = Versus::new(backend).await;
        versus
            .service
            .versus().challenge(versus.challenge(false))
            .await
            .unwrap();
        assert!(
            versus.service.versus().lobby(None).await.unwrap().is_empty(),
            "a private challenge is not listed"
        );
        let public = versus
            .service
            .versus().challenge(ChallengeCommunity {
                channel: "discord:101".into(),
                kind: GameKind::Dejarik,
                ..versus.challenge(true)
            })
            .await
            .unwrap();
        let listed = versus.service.versus().lobby(None).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].code, public.code);
        assert_eq!(listed[0].community.as_deref(), Some("Rebel Base"));
        assert!(versus
            .service
            .versus().lobby(Some(GameKind::SpaceCheckers))
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            versus.service.versus().lobby(Some(GameKind::Dejarik)).await.unwrap().len(),
            1
        );
    }
}

on_each_backend! {
#[tokio::test]
async fn a_side_that_never_votes_loses_on_time_in_every_channel(backend) {
    let versus = Versus::new(backend).await;
    let game = versus.started().await;
    versus.close().await; // extended once
    assert!(
        versus
            .shown_in(HOST)
            .await
            .iter()
            .any(|a| matches!(a, Announcement::BallotExtended { .. })),
        "white's channel is told its vote is extended"
    );
    assert!(
        versus
            .shown_in(GUEST)
            .await
            .iter()
            .any(|a| matches!(a, Announcement::OtherSideExtended { .. })),
        "black's channel is told white's vote is extended"
    );
    versus.close().await; // out of extensions: white loses
    let row = versus.service.games().get(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished, "nobody waits on a side that is gone");
    let outcome = row.outcome.expect("a finished game has an outcome");
    assert_eq!(
        outcome.reason,
        Ending::CommunityOutOfTime {
            seat: "white".into()
        }
    );
    assert_eq!(outcome.results[Seat(0)], SeatResult::Loss);
    assert_eq!(outcome.results[Seat(1)], SeatResult::Win);
    for channel in [HOST, GUEST] {
        assert!(
            matches!(
                versus.shown_in(channel).await.last(),
                Some(Announcement::GameFinished { .. })
            ),
            "{channel} is told the game ended"
        );
    }
}
}

on_each_backend! {
#[tokio::test]
async fn a_manager_resigns_for_the_side_and_both_channels_are_free_again(backend) {
    let versus = Versus::new(backend).await;
    let game = versus.started().await;
    assert!(matches!(
        refusal(versus.service.games().resign_side(GUEST, &member("carol")).await),
        Refusal::NotAllowed { .. }
    ));
    versus
        .service
        .games().resign_side(GUEST, &manager("bob"))
        .await
        .unwrap();
    let outcome = versus.service.games().get(game).await.unwrap().unwrap().outcome.unwrap();
    assert_eq!(
        outcome.reason,
        Ending::CommunityResigned {
            seat: "black".into()
        }
    );
    assert_eq!(outcome.results[Seat(0)], SeatResult::Win);
    assert_eq!(outcome.results[Seat(1)], SeatResult::Loss);
    assert_eq!(
        refusal(versus.service.games().resign_side(GUEST, &manager("bob")).await),
        Refusal::NoGame
    );
    // Both channels may start or accept a new game now.
    let again = versus
        .service
        .versus().challenge(versus.challenge(false))
        .await
        .unwrap();
    versus
        .service
        .versus().accept(versus.accept(&again.code, GUEST))
        .await
        .unwrap();
}
}

on_each_backend! {
#[tokio::test]
async fn a_game_against_the_engine_is_stopped_not_resigned(backend) {
    let versus = Versus::new(backend).await;
    versus
        .service
        .games().start(community_game(HOST, "normal", 1))
        .await
        .unwrap();
    assert_eq!(
        refusal(versus.service.games().resign_side(HOST, &manager("alice")).await),
        Refusal::Game(GameRefusal::NotShared)
    );
}
}

on_each_backend! {
#[tokio::test]
async fn asking_whether_a_side_may_resign_answers_as_resigning_would_and_changes_nothing(backend) {
    let versus = Versus::new(backend).await;
    assert_eq!(
        refusal(versus.service.games().resignable(GUEST, &manager("bob")).await),
        Refusal::NoGame
    );
    let game = versus.started().await;
    assert!(matches!(
        refusal(versus.service.games().resignable(GUEST, &member("carol")).await),
        Refusal::NotAllowed { .. }
    ));
    let before = versus.rows_in(GUEST).await.len();
    assert_eq!(
        versus.service.games().resignable(GUEST, &manager("bob")).await.unwrap(),
        game
    );
    assert_eq!(
        versus.service.games().resignable(HOST, &manager("alice")).await.unwrap(),
        game
    );
    let row = versus.service.games().get(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Active);
    assert_eq!(versus.rows_in(GUEST).await.len(), before);

    let solo = Versus::new(backend).await;
    solo.service
        .games().start(community_game(HOST, "normal", 1))
        .await
        .unwrap();
    assert_eq!(
        refusal(solo.service.games().resignable(HOST, &manager("alice")).await),
        Refusal::Game(GameRefusal::NotShared)
    );
}
}

on_each_backend! {
/// A vote whose ballot closed between the side claim and the vote itself
/// (here: its deadline passed, with the close not yet written) was
/// refused, yet the claim stayed, binding zed to white for the rest of
/// the game.
#[tokio::test]
async fn a_vote_too_late_for_its_ballot_binds_the_member_to_no_side(backend) {
    let versus = Versus::new(backend).await;
    versus.started().await;
    versus.vote(HOST, "alice", "1").await.unwrap();
    versus.clock.advance(11 * 60_000);
    assert_eq!(refusal(versus.vote(HOST, "zed", "1").await), Refusal::Vote(VoteRefusal::BallotClosed));
    versus.close().await; // white played; black votes in GUEST
    versus.vote(GUEST, "zed", "1").await.expect("zed may vote for black");
    // A counted vote still binds: alice voted for white.
    assert!(matches!(
        refusal(versus.vote(GUEST, "alice", "1").await),
        Refusal::Vote(VoteRefusal::VotedForOtherSide { .. })
    ));
}
}

/// Ranks as [`FirstMove`] does, and the first time it ranks runs a step of
/// another process's: something that happens while a service plans.
struct Interrupting {
    moves: FirstMove,
    step: std::sync::Mutex<Option<Box<dyn FnOnce() + Send>>>,
}

impl Opponent for Interrupting {
    fn knows_level(&self, level: &str) -> bool {
        self.moves.knows_level(level)
    }

    fn choose(&self, game: &AnyGame, level: &str, seed: u64) -> String {
        self.moves.choose(game, level, seed)
    }

    fn rank(&self, game: &AnyGame, k: usize, seed: u64) -> Vec<String> {
        if let Some(step) = self.step.lock().unwrap().take() {
            step();
        }
        self.moves.rank(game, k, seed)
    }
}

on_each_backend! {
/// An accept can still be refused at its last step, and the accepting
/// server's name is shown to every server, so the name must be written
/// with that step, not before it. Here the accepting channel starts a game
/// of its own while the accept plans the first ballot: the accept is
/// refused, and no name is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accept_refused_at_its_last_step_shows_no_server_name(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let opponent = Arc::new(Interrupting {
        moves: FirstMove::at(&["normal"]),
        step: std::sync::Mutex::new(None),
    });
    let settings = Settings::default();
    let fresh = fresh_service(backend, &clock, opponent.clone(), settings.clone()).await;
    let invitation = fresh
        .service
        .versus().challenge(versus::challenge(false))
        .await
        .unwrap();
    let elsewhere = Service::new(
        fresh.store.clone(),
        Arc::new(clock.clone()),
        Arc::new(FirstMove::at(&["normal"])),
        settings,
    );
    *opponent.step.lock().unwrap() = Some(Box::new(move || {
        tokio::runtime::Handle::current()
            .block_on(elsewhere.games().start(community_game(GUEST, "normal", 1)))
            .unwrap();
    }));

    let accept = versus::accept(&invitation.code, GUEST);
    assert!(matches!(
        refusal(fresh.service.versus().accept(accept).await),
        Refusal::ChannelBusy { .. }
    ));
    assert!(opponent.step.lock().unwrap().is_none(), "the game started meanwhile");
    assert_eq!(fresh.store.community_name("discord-server:2").await.unwrap(), None);
}
}
