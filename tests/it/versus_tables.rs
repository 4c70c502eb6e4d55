//! Three or four communities at one four-army Djambi table: a challenge
//! that waits for every community it asked for, each seat's ballot in its
//! own channel, and the game going on when a side runs out of time or
//! resigns, its army out as if its Leader fell.

use holotable::games::{Ending, GameKind, GameRecord, Seat, SeatResult};
use holotable::service::{
    AcceptChallenge, Accepted, Announcement, ChallengeCommunity, Clock as _, Refusal,
};
use holotable::service::{GameRefusal, VersusRefusal};
use holotable_store::{GameId, GameStatus};

use crate::support::actors::manager;
use crate::support::backends::on_each_backend;
use crate::support::service::refusal;
use crate::support::versus::{GUEST, HOST, Versus};

const THIRD: &str = "discord:300";

impl Versus {
    fn table(&self, communities: u8) -> ChallengeCommunity {
        ChallengeCommunity {
            kind: GameKind::Djambi,
            communities,
            ..self.challenge(false)
        }
    }

    fn accept_from(&self, code: &str, channel: &str, server: &str) -> AcceptChallenge {
        AcceptChallenge {
            server: Some(server.into()),
            server_name: Some(format!("community of {server}")),
            ..self.accept(code, channel)
        }
    }

    /// A three-community table: HOST plays red, GUEST yellow (across the
    /// board), THIRD blue, the engine green. Red moves first.
    async fn three_communities(&self) -> GameId {
        let code = self
            .service
            .versus()
            .challenge(self.table(3))
            .await
            .unwrap()
            .code;
        let joined = self
            .service
            .versus()
            .accept(self.accept_from(&code, GUEST, "discord-server:2"))
            .await
            .unwrap();
        assert!(
            matches!(&joined, Accepted::Joined { seats, waiting_for: 1, expires_at }
                if seats == &["yellow"] && *expires_at > self.clock.now()),
            "the first guest waits for one more community: {joined:?}"
        );
        match self
            .service
            .versus()
            .accept(self.accept_from(&code, THIRD, "discord-server:3"))
            .await
            .unwrap()
        {
            Accepted::Started(id) => id,
            other => panic!("the third community did not start the game: {other:?}"),
        }
    }

    async fn open_ballot_seat(&self, channel: &str) -> Option<u8> {
        let view = self.service.games().status(channel).await.unwrap();
        view.ballot
            .filter(|b| b.status == holotable_store::BallotStatus::Open)
            .map(|b| b.seat)
    }

    async fn record(&self, game: GameId) -> GameRecord {
        self.service.games().record_of(game).await.unwrap()
    }
}

on_each_backend! {
#[tokio::test]
async fn a_table_for_three_starts_when_the_third_community_accepts(backend) {
    let versus = Versus::new(backend).await;
    let game = versus.three_communities().await;
    let sides = versus.store.sides(game).await.unwrap();
    let seats: Vec<(&str, Vec<u8>)> = sides
        .iter()
        .map(|s| (s.channel.as_str(), s.seats.clone()))
        .collect();
    // In seat order: red, blue, yellow.
    assert_eq!(seats, [(HOST, vec![0]), (THIRD, vec![1]), (GUEST, vec![2])]);
    // Red's ballot is in red's channel only; the others see who votes.
    assert_eq!(versus.open_ballot_seat(HOST).await, Some(0));
    for channel in [HOST, GUEST, THIRD] {
        let shown = versus.shown_in(channel).await;
        assert!(
            matches!(shown.first(), Some(Announcement::SharedGameStarted { engine: Some(_), opponents, .. }) if opponents.len() == 2),
            "{channel} is told the game started against two communities and the engine: {shown:?}"
        );
        let ballot = shown.iter().any(|a| matches!(a, Announcement::BallotOpened { .. }));
        let elsewhere = shown.iter().any(|a| matches!(a, Announcement::OtherSideVoting { side, .. } if side.seats == ["red"]));
        assert_eq!((ballot, elsewhere), (channel == HOST, channel != HOST), "{channel}: {shown:?}");
    }
}
}

on_each_backend! {
#[tokio::test]
async fn a_table_refuses_a_second_seat_a_wrong_size_and_a_busy_guest(backend) {
    let versus = Versus::new(backend).await;
    assert_eq!(
        refusal(versus.service.versus().challenge(versus.table(5)).await),
        Refusal::Versus(VersusRefusal::TableSize { most: 4 })
    );
    assert_eq!(
        refusal(
            versus
                .service
                .versus().challenge(ChallengeCommunity {
                    communities: 3,
                    ..versus.challenge(false)
                })
                .await
        ),
        Refusal::Versus(VersusRefusal::TableSize { most: 2 }),
        "Space Checkers has two seats"
    );
    let code = versus
        .service
        .versus().challenge(versus.table(4))
        .await
        .unwrap()
        .code;
    versus
        .service
        .versus().accept(versus.accept_from(&code, GUEST, "discord-server:2"))
        .await
        .unwrap();
    assert_eq!(
        refusal(
            versus
                .service
                .versus().accept(versus.accept_from(&code, GUEST, "discord-server:2"))
                .await
        ),
        Refusal::Versus(VersusRefusal::AlreadySeated)
    );
    // A guest that leaves the table frees its army for the next community.
    assert_eq!(
        versus
            .service
            .versus().withdraw(GUEST, None, &manager("bob"))
            .await
            .unwrap(),
        [code.as_str()]
    );
    let joined = versus
        .service
        .versus().accept(versus.accept_from(&code, THIRD, "discord-server:3"))
        .await
        .unwrap();
    assert!(
        matches!(&joined, Accepted::Joined { seats, waiting_for: 2, .. } if seats == &["yellow"]),
        "{joined:?}"
    );
    // A guest that starts a game of its own has left the table when it fills.
    versus
        .service
        .games().start(crate::support::service::community_game(THIRD, "normal", 7))
        .await
        .unwrap();
    for (channel, server) in [("discord:400", "discord-server:4"), ("discord:500", "discord-server:5")] {
        let joined = versus
            .service
            .versus().accept(versus.accept_from(&code, channel, server))
            .await
            .unwrap();
        assert!(matches!(joined, Accepted::Joined { .. }), "{channel}: {joined:?}");
    }
    let started = versus
        .service
        .versus().accept(versus.accept_from(&code, "discord:600", "discord-server:6"))
        .await
        .unwrap();
    let Accepted::Started(game) = started else {
        panic!("the fourth community filled the table: {started:?}");
    };
    let channels: Vec<String> = versus
        .store
        .sides(game)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.channel)
        .collect();
    // In seat order: 400 took yellow across the board, 500 blue, 600 green.
    assert_eq!(channels, [HOST, "discord:500", "discord:400", "discord:600"]);
}
}

on_each_backend! {
#[tokio::test]
async fn two_communities_taking_the_last_seat_at_once_start_one_game(backend) {
    let versus = Versus::new(backend).await;
    let code = versus
        .service
        .versus().challenge(versus.table(3))
        .await
        .unwrap()
        .code;
    versus
        .service
        .versus().accept(versus.accept_from(&code, GUEST, "discord-server:2"))
        .await
        .unwrap();
    let (first, second) = tokio::join!(
        versus
            .service
            .versus().accept(versus.accept_from(&code, "discord:301", "discord-server:3")),
        versus
            .service
            .versus().accept(versus.accept_from(&code, "discord:302", "discord-server:4")),
    );
    let started = [&first, &second]
        .iter()
        .filter(|r| matches!(r, Ok(Accepted::Started(_))))
        .count();
    assert_eq!(started, 1, "{first:?} {second:?}");
    let lost = if matches!(first, Ok(Accepted::Started(_))) { second } else { first };
    assert_eq!(refusal(lost), Refusal::Versus(VersusRefusal::CodeClosed { status: "accepted" }));
}
}

on_each_backend! {
#[tokio::test]
async fn djambi_goes_on_without_a_side_out_of_time_and_ends_when_no_community_is_left(backend) {
    let versus = Versus::new(backend).await;
    let game = versus.three_communities().await;
    versus.vote(HOST, "alice", "1").await.unwrap();
    versus.close().await; // red plays; blue (THIRD) votes next
    assert_eq!(versus.open_ballot_seat(THIRD).await, Some(1));
    versus.close().await; // blue's vote extended
    versus.close().await; // blue out of time: its army is out
    let row = versus.service.games().get(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Active, "three armies play on");
    for channel in [HOST, GUEST, THIRD] {
        assert!(
            versus.shown_in(channel).await.iter().any(|a| matches!(
                a,
                Announcement::SideLeft { side, resigned: false, vote_again: false } if side.seats == ["blue"]
            )),
            "{channel} is told blue is out"
        );
    }
    assert_eq!(versus.open_ballot_seat(GUEST).await, Some(2), "yellow votes next");
    let record = versus.record(game).await;
    assert_eq!(record.moves.last().map(String::as_str), Some("blue leaves"));
    let positions = record.positions().expect("the record replays, leave included");
    assert_eq!(positions.last().unwrap().position(), row.position);
    assert!(!positions.last().unwrap().seat_in_play(Seat(1)));
    assert_eq!(
        refusal(versus.service.games().resign_side(THIRD, &manager("carol")).await),
        Refusal::Game(GameRefusal::SideOut)
    );

    // Yellow resigns on its own turn; the engine's green answers and red votes.
    versus.service.games().resign_side(GUEST, &manager("bob")).await.unwrap();
    assert_eq!(versus.open_ballot_seat(HOST).await, Some(0));
    assert_eq!(versus.service.games().get(game).await.unwrap().unwrap().status, GameStatus::Active);

    // Red, the last community, resigns: the engine's army is not left to
    // play itself, it wins.
    versus.service.games().resign_side(HOST, &manager("alice")).await.unwrap();
    let row = versus.service.games().get(game).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
    let outcome = row.outcome.unwrap();
    assert_eq!(outcome.reason, Ending::CommunityResigned { seat: "red".into() });
    let results: Vec<SeatResult> = (0..4).map(|s| outcome.results[Seat(s)]).collect();
    assert_eq!(
        results,
        [SeatResult::Loss, SeatResult::Loss, SeatResult::Loss, SeatResult::Win]
    );
    for channel in [HOST, GUEST, THIRD] {
        assert!(
            matches!(versus.shown_in(channel).await.last(), Some(Announcement::GameFinished { .. })),
            "{channel} is told the game ended"
        );
    }
    versus.record(game).await.positions().expect("the finished record replays");
}
}

on_each_backend! {
#[tokio::test]
async fn a_side_resigning_out_of_turn_reopens_the_vote_it_changed(backend) {
    let versus = Versus::new(backend).await;
    let game = versus.three_communities().await;
    versus.vote(HOST, "alice", "1").await.unwrap();
    let before = versus.service.games().status(HOST).await.unwrap().ballot.unwrap().id;
    versus.service.games().resign_side(GUEST, &manager("bob")).await.unwrap();
    let after = versus.service.games().status(HOST).await.unwrap();
    let ballot = after.ballot.expect("red votes again");
    assert_eq!(ballot.seat, 0);
    assert_eq!(ballot.id.ply, before.ply + 1, "a new ballot, after the leave");
    assert!(after.tally.is_empty(), "the old ballot's votes were on another board");
    assert!(
        versus.shown_in(HOST).await.iter().any(|a| matches!(
            a,
            Announcement::SideLeft { resigned: true, vote_again: true, .. }
        )),
        "red's channel is told its vote starts again"
    );
    assert_eq!(versus.record(game).await.moves, ["yellow leaves"]);
}
}
