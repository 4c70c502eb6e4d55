//! Communities' ratings, at the service: a game between communities of two
//! servers moves their Glicko-2 ratings in the write that ends it (a
//! natural end, a loss on time, a resignation), and the end is announced
//! with them; a game a server plays against itself, and the engine, are
//! not rated; the leaderboard ranks communities without naming the hidden
//! ones; the lobby shows a challenger's rating. Both backends.

use holotable::games::{GameKind, Seat, SeatResult};
use holotable::i18n::Lang;
use holotable::service::ratings::{Rating, TAU, update_match};
use holotable::service::{
    AcceptChallenge, Accepted, Announcement, ChallengeCommunity, Clock as _, EngineOpponent,
    ManualClock, RatingNews, Service, Settings, Side,
};
use holotable_store::{BallotFormat, GameId, GameStatus, Store};

use crate::support::actors::manager;
use crate::support::backends::{Backend, TestDatabase, on_each_backend};
use crate::support::service::{Fresh, fresh_service};
use std::sync::Arc;

const MINUTE: i64 = 60_000;
const HOST: &str = "discord:100";
const GUEST: &str = "discord:200";
const REBELS: &str = "discord-server:1";
const ECHO: &str = "discord-server:2";

struct League {
    _db: TestDatabase,
    clock: ManualClock,
    store: Store,
    service: Service,
}

/// A community: its channel, its server and the server's name.
#[derive(Clone, Copy)]
struct Community {
    channel: &'static str,
    server: &'static str,
    name: &'static str,
}

const REBEL_BASE: Community = Community {
    channel: HOST,
    server: REBELS,
    name: "Rebel Base",
};
const ECHO_STATION: Community = Community {
    channel: GUEST,
    server: ECHO,
    name: "Echo Station",
};

impl League {
    async fn new(backend: Backend) -> League {
        let clock = ManualClock::starting_at(1_700_000_000_000);
        let settings = Settings {
            vote_ms: 10 * MINUTE,
            max_extensions: 1,
            ..Settings::default()
        };
        let Fresh { db, store, service } =
            fresh_service(backend, &clock, Arc::new(EngineOpponent), settings).await;
        League {
            _db: db,
            clock,
            store,
            service,
        }
    }

    /// `host` challenges (publicly or not) to `kind` with `rules`, and
    /// `guest` accepts: the game's id.
    async fn play(
        &self,
        host: Community,
        guest: Community,
        kind: GameKind,
        rules: serde_json::Value,
        public: bool,
    ) -> GameId {
        let invitation = self
            .service
            .versus()
            .challenge(ChallengeCommunity {
                rules,
                ..challenge(host, kind, public)
            })
            .await
            .unwrap();
        match self
            .service
            .versus()
            .accept(AcceptChallenge {
                code: invitation.code,
                channel: guest.channel.into(),
                server: Some(guest.server.into()),
                server_name: Some(guest.name.into()),
                by: manager("bob"),
            })
            .await
        {
            Ok(Accepted::Started(game)) => game,
            other => panic!("a challenge between two communities starts: {other:?}"),
        }
    }

    /// Rebel Base (white, private challenge) against Echo Station (black)
    /// at Space Checkers.
    async fn started(&self) -> GameId {
        self.play(
            REBEL_BASE,
            ECHO_STATION,
            GameKind::SpaceCheckers,
            serde_json::json!({}),
            false,
        )
        .await
    }

    async fn resign(&self, channel: &str) {
        self.service
            .games()
            .resign_side(channel, &manager("bob"))
            .await
            .unwrap();
    }

    /// The channel whose side votes now.
    async fn voting_channel(&self) -> &'static str {
        for channel in [HOST, GUEST] {
            let view = self.service.games().status(channel).await.unwrap();
            if view.voting_elsewhere.is_none() && view.ballot.is_some() {
                return channel;
            }
        }
        panic!("neither side votes")
    }

    /// The last announcement queued for `channel`.
    async fn last_in(&self, channel: &str) -> Announcement {
        let rows = self
            .store
            .outbox()
            .pending_in_channel(channel, i64::MAX, 10_000)
            .await
            .unwrap();
        serde_json::from_str(&rows.last().expect("something was announced").payload).unwrap()
    }

    /// A community's rating and record in `kind`: (rating, games, wins,
    /// draws, losses).
    async fn record(&self, server: &str, kind: GameKind) -> Option<(f64, i64, i64, i64, i64)> {
        self.store
            .community_rating(server, kind)
            .await
            .unwrap()
            .map(|r| (r.rating, r.games, r.wins, r.draws, r.losses))
    }
}

/// `community`'s challenge to a game of `kind` with its default rules.
fn challenge(community: Community, kind: GameKind, public: bool) -> ChallengeCommunity {
    ChallengeCommunity {
        channel: community.channel.into(),
        server: Some(community.server.into()),
        server_name: Some(community.name.into()),
        kind,
        rules: serde_json::json!({}),
        side: Side::White,
        vote_ms: None,
        ballot_format: BallotFormat::Auto,
        deliberation: Default::default(),
        public,
        communities: 2,
        by: manager("alice"),
    }
}

/// Both communities' ratings after their first game, `first` having
/// scored 1 (win), ½ or 0.
fn first_game(first: f64) -> (f64, f64) {
    let after = update_match(&[Rating::default(); 2], &[first, 1.0 - first], TAU);
    (after[0].rating, after[1].rating)
}

fn ratings_of(announcement: &Announcement) -> Option<&RatingNews> {
    match announcement {
        Announcement::GameFinished { ratings, .. } => ratings.as_ref(),
        other => panic!("the last announcement ends the game: {other:?}"),
    }
}

on_each_backend! {
#[tokio::test]
async fn a_resignation_moves_both_ratings_and_every_channel_reads_them(backend) {
    let league = League::new(backend).await;
    let game = league.started().await;
    league.resign(GUEST).await;
    let (won, lost) = first_game(1.0);
    assert_eq!(league.record(REBELS, GameKind::SpaceCheckers).await, Some((won, 1, 1, 0, 0)));
    assert_eq!(league.record(ECHO, GameKind::SpaceCheckers).await, Some((lost, 1, 0, 0, 1)));
    assert_eq!(league.record(REBELS, GameKind::Dejarik).await, None, "ratings are per game");
    for channel in [HOST, GUEST] {
        let last = league.last_in(channel).await;
        match ratings_of(&last) {
            Some(RatingNews::Changed { changes }) => {
                assert_eq!(changes.len(), 2);
                assert_eq!((changes[0].before, changes[0].after), (1500.0, won));
                assert_eq!((changes[1].before, changes[1].after), (1500.0, lost));
                assert_eq!(changes[0].side.seats, ["white"]);
                assert_eq!(
                    changes[0].side.community, None,
                    "a private challenger's name stays hidden from the other server"
                );
                assert_eq!(changes[1].side.community.as_deref(), Some("Echo Station"));
            }
            other => panic!("{channel} reads both ratings: {other:?}"),
        }
        // Exactly, in every language the bot speaks.
        assert_eq!(
            last.describe(Lang::En),
            "Game over: the community playing black resigned. New community ratings: the community playing white 1662 (+162) and Echo Station (black) 1338 (\u{2212}162)."
        );
        assert_eq!(
            last.describe(Lang::Es),
            "Fin de la partida: la comunidad que jugaba con las negras se rindió. Nuevas puntuaciones de las comunidades: la comunidad que juega con blancas, 1662 (+162) y Echo Station (negras), 1338 (\u{2212}162)."
        );
        assert_eq!(
            last.describe(Lang::Ja),
            "対局終了：黒を持つコミュニティが投了しました。コミュニティのレーティングが変わりました。白を持つコミュニティ：1662（+162）とEcho Station（黒）：1338（\u{2212}162）。"
        );
    }
    let sides = league.service.versus().rated_sides(game).await.unwrap();
    let kept: Vec<_> = sides.iter().map(|s| (s.rating_before, s.rating_after)).collect();
    assert_eq!(
        kept,
        [(Some(1500.0), Some(won)), (Some(1500.0), Some(lost))],
        "each side keeps its rating before and after, for the history"
    );
}
}

on_each_backend! {
#[tokio::test]
async fn a_loss_on_time_is_rated_like_any_loss(backend) {
    let league = League::new(backend).await;
    league.started().await;
    for _ in 0..2 {
        // Nobody votes for white: extended once, then out of time.
        league.clock.advance(11 * MINUTE);
        league.service.turns().close_due().await.unwrap();
    }
    let (lost, won) = first_game(0.0);
    assert_eq!(league.record(REBELS, GameKind::SpaceCheckers).await, Some((lost, 1, 0, 0, 1)));
    assert_eq!(league.record(ECHO, GameKind::SpaceCheckers).await, Some((won, 1, 1, 0, 0)));
    assert!(matches!(
        ratings_of(&league.last_in(GUEST).await),
        Some(RatingNews::Changed { .. })
    ));
}
}

on_each_backend! {
#[tokio::test]
async fn a_game_played_to_its_end_rates_the_winner_up_and_the_loser_down(backend) {
    let league = League::new(backend).await;
    let game = league.started().await;
    for turn in 0.. {
        let row = league.service.games().get(game).await.unwrap().unwrap();
        if row.status == GameStatus::Finished {
            break;
        }
        assert!(turn < 300, "the game ends");
        // Each side's crowd votes, in its own channel, the option the
        // engine ranks first.
        let channel = league.voting_channel().await;
        league
            .service
            .votes().cast(channel, &format!("voter-{channel}"), "1", league.clock.now())
            .await
            .unwrap();
        league.clock.advance(11 * MINUTE);
        league.service.turns().close_due().await.unwrap();
    }
    let outcome = league.service.games().get(game).await.unwrap().unwrap().outcome.unwrap();
    let white = outcome.results[Seat(0)].points();
    let (rebels, echo) = first_game(white);
    let counted = |result: SeatResult| i64::from(outcome.results[Seat(0)] == result);
    let (won, drawn, lost) = (
        counted(SeatResult::Win),
        counted(SeatResult::Draw),
        counted(SeatResult::Loss),
    );
    assert_eq!(
        league.record(REBELS, GameKind::SpaceCheckers).await,
        Some((rebels, 1, won, drawn, lost))
    );
    assert_eq!(
        league.record(ECHO, GameKind::SpaceCheckers).await,
        Some((echo, 1, lost, drawn, won))
    );
    assert!(matches!(
        ratings_of(&league.last_in(HOST).await),
        Some(RatingNews::Changed { .. })
    ));
}
}

on_each_backend! {
#[tokio::test]
async fn a_game_between_two_channels_of_one_server_is_not_rated_and_says_so(backend) {
    let league = League::new(backend).await;
    let upstairs = Community {
        channel: "discord:101",
        ..REBEL_BASE
    };
    league
        .play(REBEL_BASE, upstairs, GameKind::SpaceCheckers, serde_json::json!({}), false)
        .await;
    league.resign(HOST).await;
    assert_eq!(league.record(REBELS, GameKind::SpaceCheckers).await, None);
    let last = league.last_in(HOST).await;
    assert_eq!(ratings_of(&last), Some(&RatingNews::SameServer));
    assert!(
        last.describe(Lang::En).ends_with(
            "This game is not rated: more than one of its sides belong to one server, and a community gains no rating by playing itself."
        ),
        "{}",
        last.describe(Lang::En)
    );
    assert!(
        league
            .service
            .versus().leaderboard(GameKind::SpaceCheckers, 10)
            .await
            .unwrap()
            .is_empty()
    );
}
}

on_each_backend! {
#[tokio::test]
async fn four_army_djambi_rates_the_communities_and_not_the_engine(backend) {
    let league = League::new(backend).await;
    // Rebel Base plays Red, Echo Station the army across; the engine the two between.
    league
        .play(REBEL_BASE, ECHO_STATION, GameKind::Djambi, serde_json::json!({}), false)
        .await;
    league.resign(GUEST).await;
    assert_eq!(
        league.record(ECHO, GameKind::Djambi).await,
        None,
        "four-army Djambi goes on without a side that resigned, unrated until it ends"
    );
    // With no community left in play the engine's armies win: both
    // communities lost, so between them the game is even.
    league.resign(HOST).await;
    let board = league
        .service
        .versus().leaderboard(GameKind::Djambi, 10)
        .await
        .unwrap();
    assert_eq!(board.len(), 2, "the engine has no rating: {board:?}");
    // Had the engine's two winning seats counted as opponents, each
    // community would have lost to them and moved below 1500.
    let (even, _) = first_game(0.5);
    assert_eq!(league.record(REBELS, GameKind::Djambi).await, Some((even, 1, 0, 0, 1)));
    assert_eq!(league.record(ECHO, GameKind::Djambi).await, Some((even, 1, 0, 0, 1)));
}
}

on_each_backend! {
#[tokio::test]
async fn two_games_of_one_community_ending_at_once_both_count(backend) {
    let league = League::new(backend).await;
    league.started().await;
    let second_table = Community {
        channel: "discord:101",
        ..REBEL_BASE
    };
    let hoth = Community {
        channel: "discord:300",
        server: "discord-server:3",
        name: "Hoth",
    };
    league
        .play(second_table, hoth, GameKind::SpaceCheckers, serde_json::json!({}), false)
        .await;
    let (bob, carol) = (manager("bob"), manager("carol"));
    let (first, second) = tokio::join!(
        league.service.games().resign_side(GUEST, &bob),
        league.service.games().resign_side(hoth.channel, &carol),
    );
    first.unwrap();
    second.unwrap();
    // Each win was rated from the rating the other left: both opponents
    // were new, so the order does not matter.
    let once = update_match(&[Rating::default(); 2], &[1.0, 0.0], TAU)[0];
    let twice = update_match(&[once, Rating::default()], &[1.0, 0.0], TAU)[0];
    assert_eq!(
        league.record(REBELS, GameKind::SpaceCheckers).await,
        Some((twice.rating, 2, 2, 0, 0))
    );
}
}

on_each_backend! {
#[tokio::test]
async fn the_leaderboard_ranks_communities_and_names_only_those_shown(backend) {
    let league = League::new(backend).await;
    league.started().await;
    league.resign(GUEST).await;
    let board = league
        .service
        .versus().leaderboard(GameKind::SpaceCheckers, 10)
        .await
        .unwrap();
    let (won, lost) = first_game(1.0);
    let shown: Vec<_> = board
        .iter()
        .map(|s| (s.rank, s.community.clone(), s.rating, s.games))
        .collect();
    assert_eq!(
        shown,
        [
            (1, None, won, 1),
            (2, Some("Echo Station".to_string()), lost, 1)
        ],
        "Rebel Base challenged privately: first, but not named"
    );
    assert_eq!(
        league
            .service
            .versus().leaderboard(GameKind::SpaceCheckers, 1)
            .await
            .unwrap()
            .len(),
        1
    );
    // A public challenge shows the name, and the lobby shows the rating.
    let upstairs = Community {
        channel: "discord:101",
        ..REBEL_BASE
    };
    league
        .service
        .versus().challenge(challenge(upstairs, GameKind::SpaceCheckers, true))
        .await
        .unwrap();
    let board = league
        .service
        .versus().leaderboard(GameKind::SpaceCheckers, 10)
        .await
        .unwrap();
    assert_eq!(board[0].community.as_deref(), Some("Rebel Base"));
    assert_eq!(board[0].wins, 1);
    assert!(
        league
            .service
            .versus().leaderboard(GameKind::Dejarik, 10)
            .await
            .unwrap()
            .is_empty()
    );
}
}

on_each_backend! {
#[tokio::test]
async fn the_lobby_shows_the_challengers_rating_in_that_game(backend) {
    let league = League::new(backend).await;
    league.started().await;
    league.resign(GUEST).await;
    let (won, _) = first_game(1.0);
    let at = |channel| Community {
        channel,
        ..REBEL_BASE
    };
    let hoth = Community {
        channel: "discord:300",
        server: "discord-server:3",
        name: "Hoth",
    };
    for request in [
        challenge(at("discord:101"), GameKind::SpaceCheckers, true),
        challenge(at("discord:102"), GameKind::Dejarik, true),
        challenge(hoth, GameKind::SpaceCheckers, true),
    ] {
        league.service.versus().challenge(request).await.unwrap();
    }
    let ratings = |kind| {
        let service = &league.service;
        async move {
            service
                .versus().lobby(Some(kind))
                .await
                .unwrap()
                .into_iter()
                .map(|i| i.rating)
                .collect::<Vec<_>>()
        }
    };
    let mut space_checkers = ratings(GameKind::SpaceCheckers).await;
    space_checkers.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(space_checkers, [None, Some(won)], "a new community is unrated");
    assert_eq!(
        ratings(GameKind::Dejarik).await,
        [None],
        "a rating in one game says nothing of another"
    );
}
}
