//! Matches on real SQLite files with a hand-moved clock: challenges and
//! their answers, whose decision it is, races, resignation, the turn clock
//! (reminder, forfeit) across restarts, engine matches and ratings.

use holotable::games::{Ending, GameKind, SeatResult};
use holotable::service::MatchRefusal;
use holotable::service::{
    Acceptance, CHALLENGE_MS, ChallengeRequest, Clock, EngineMatchRequest, ManualClock,
    MatchAnnouncement, MatchView, NewsKind, Refusal, Service, Settings,
};
use holotable_store::{EndReason, GameId, GameStatus, PlayerRef, Store};

use crate::support::actors::{manager, member};
use crate::support::backends::{Backend, TestDatabase, on_each_backend};
use crate::support::engines::FirstMove;
use crate::support::service::{Fresh, fresh_service, open_service, player, refusal};
use std::sync::Arc;

const MINUTE: i64 = 60_000;
const CHANNEL: &str = "match-channel";

struct Table {
    db: TestDatabase,
    clock: ManualClock,
    engine: Arc<FirstMove>,
    store: Store,
    service: Service,
}

impl Table {
    async fn new(backend: Backend) -> Table {
        let clock = ManualClock::starting_at(1_700_000_000_000);
        let engine = Arc::new(FirstMove::at(&["easy", "normal"]));
        let Fresh { db, store, service } =
            fresh_service(backend, &clock, engine.clone(), Settings::default()).await;
        Table {
            db,
            clock,
            engine,
            store,
            service,
        }
    }

    async fn restart(&mut self) {
        self.store.close().await;
        (self.store, self.service) = open_service(
            &self.db.url,
            &self.clock,
            self.engine.clone(),
            Settings::default(),
        )
        .await;
    }

    /// Ann challenges Bob and Bob accepts.
    async fn start(&self, kind: GameKind, seed: u64) -> GameId {
        let challenge = self
            .service
            .matches()
            .challenge(request(kind, seed))
            .await
            .unwrap();
        match self
            .service
            .matches()
            .accept(challenge.id, &bob())
            .await
            .unwrap()
        {
            Acceptance::Started(game) => game,
            other => panic!("expected a start, got {other:?}"),
        }
    }

    async fn view(&self, game: GameId) -> MatchView {
        self.service.matches().view(game).await.unwrap()
    }

    async fn announcements(&self) -> Vec<MatchAnnouncement> {
        let rows = self
            .store
            .outbox()
            .pending_in_channel(CHANNEL, i64::MAX, 10_000)
            .await
            .unwrap();
        rows.iter()
            .map(|r| serde_json::from_str(&r.payload).unwrap())
            .collect()
    }
}

fn ann() -> PlayerRef {
    player("ann")
}

fn bob() -> PlayerRef {
    player("bob")
}

fn request(kind: GameKind, seed: u64) -> ChallengeRequest {
    ChallengeRequest {
        channel: CHANNEL.into(),
        kind,
        rules: serde_json::json!({}),
        by: ann(),
        opponents: vec![bob()],
        turn_ms: Some(60 * MINUTE),
        seed: Some(seed),
    }
}

/// The id of the player whose decision it is.
fn waiting(view: &MatchView) -> String {
    view.waiting
        .as_ref()
        .and_then(|s| s.player.clone())
        .expect("a player is to decide")
}

fn other(id: &str) -> &'static str {
    if id == "ann" { "bob" } else { "ann" }
}

/// Plays the match to its end with each player's first legal move (or
/// `pick`'s choice); returns the number of player moves.
async fn play_out(table: &Table, game: GameId, pick: impl Fn(&[String]) -> String) -> usize {
    let mut moves = 0;
    loop {
        let view = table.view(game).await;
        if !view.is_live() {
            return moves;
        }
        assert!(moves < 2000, "the match ends");
        let mv = pick(&view.legal);
        table
            .service
            .matches()
            .play(CHANNEL, &waiting(&view), &mv)
            .await
            .unwrap();
        moves += 1;
    }
}

on_each_backend! {
#[tokio::test]
async fn a_whole_match_runs_to_the_end_updates_ratings_and_replays(backend) {
    let table = Table::new(backend).await;
    let game = table.start(GameKind::SpaceCheckers, 3).await;
    let view = table.view(game).await;
    assert_eq!(view.info.seats.len(), 2);
    assert!(view.info.rated);
    play_out(&table, game, |legal| legal[0].clone()).await;
    let view = table.view(game).await;
    assert_eq!(view.game.status, GameStatus::Finished);
    assert_eq!(view.info.end_reason, Some(EndReason::Played));
    let outcome = view.game.outcome.clone().unwrap();
    for seat in &view.info.seats {
        let profile = table
            .service
            .matches().profile(seat.player.as_deref().unwrap())
            .await
            .unwrap();
        assert_eq!(profile.len(), 1);
        let rating = &profile[0];
        assert_eq!(rating.games, 1);
        let result = outcome.results[holotable::games::Seat(seat.seat)];
        match result {
            SeatResult::Win => {
                assert!(rating.rating > 1500.0 && rating.wins == 1 && rating.streak == 1)
            }
            SeatResult::Loss => {
                assert!(rating.rating < 1500.0 && rating.losses == 1 && rating.streak == -1)
            }
            SeatResult::Draw => assert_eq!(rating.draws, 1),
        }
        assert!(rating.deviation < 350.0);
        assert_eq!(seat.rating_after, Some(rating.rating));
    }
    let board = table
        .service
        .matches().leaderboard(GameKind::SpaceCheckers, 10)
        .await
        .unwrap();
    assert_eq!(board.len(), 2);
    assert!(board[0].rating >= board[1].rating);
    let record = table.service.games().record_of(game).await.unwrap();
    assert_eq!(
        record.positions().unwrap().last().unwrap().position(),
        view.game.position
    );
    let kinds: Vec<NewsKind> = table
        .announcements()
        .await
        .iter()
        .map(|a| a.kind())
        .collect();
    assert_eq!(kinds.first(), Some(&NewsKind::MatchStarted));
    assert_eq!(kinds.last(), Some(&NewsKind::MatchFinished));
    // The match is over: another move is refused, and a new match may start.
    let last = view.info.seats[0].player.clone().unwrap();
    assert_eq!(
        refusal(table.service.matches().play(CHANNEL, &last, "A1-B1").await),
        Refusal::Match(MatchRefusal::MatchOver)
    );
    table.start(GameKind::SpaceCheckers, 4).await;
}
}

on_each_backend! {
#[tokio::test]
async fn only_the_player_to_decide_moves(backend) {
    let table = Table::new(backend).await;
    let game = table.start(GameKind::SpaceCheckers, 5).await;
    let view = table.view(game).await;
    let mover = waiting(&view);
    let legal = view.legal[0].clone();
    assert_eq!(
        refusal(
            table
                .service
                .matches().play(CHANNEL, other(&mover), &legal)
                .await
        ),
        Refusal::Match(MatchRefusal::NotYourTurn {
            waiting: mover.to_uppercase()
        })
    );
    assert_eq!(
        refusal(table.service.matches().play(CHANNEL, "carl", &legal).await),
        Refusal::Match(MatchRefusal::NoMatch)
    );
    assert_eq!(
        refusal(
            table
                .service
                .matches().play_at(game, None, "carl", &legal)
                .await
        ),
        Refusal::Match(MatchRefusal::NotAPlayer)
    );
    assert!(matches!(
        refusal(table.service.matches().play(CHANNEL, &mover, "Z9-Z10").await),
        Refusal::Match(MatchRefusal::UnreadableMove { .. }) | Refusal::IllegalMove { .. }
    ));
    assert!(matches!(
        refusal(
            table
                .service
                .matches().play(CHANNEL, &mover, "not a move at all")
                .await
        ),
        Refusal::Match(MatchRefusal::UnreadableMove { .. })
    ));
    // A button from an older decision names its ply and is refused.
    let played = table
        .service
        .matches().play_at(game, Some(0), &mover, &legal)
        .await
        .unwrap();
    assert_eq!(played.mv, legal);
    let next = table.view(game).await;
    assert_eq!(
        refusal(
            table
                .service
                .matches().play_at(game, Some(0), &waiting(&next), &next.legal[0])
                .await
        ),
        Refusal::Match(MatchRefusal::MatchMoved)
    );
    assert_eq!(table.store.moves(game).await.unwrap().len(), 1);
}
}

on_each_backend! {
#[tokio::test]
async fn two_moves_at_once_apply_exactly_one(backend) {
    let table = Table::new(backend).await;
    let game = table.start(GameKind::SpaceCheckers, 6).await;
    let view = table.view(game).await;
    let mover = waiting(&view);
    let (a, b) = (view.legal[0].clone(), view.legal[1].clone());
    let (first, second) = tokio::join!(
        table.service.matches().play(CHANNEL, &mover, &a),
        table.service.matches().play(CHANNEL, &mover, &b)
    );
    let applied = [&first, &second].iter().filter(|r| r.is_ok()).count();
    assert_eq!(applied, 1, "{first:?} {second:?}");
    let refused = if first.is_err() { first } else { second };
    assert!(matches!(
        refusal(refused),
        Refusal::Match(MatchRefusal::MatchMoved) | Refusal::Match(MatchRefusal::NotYourTurn { .. })
    ));
    assert_eq!(table.store.moves(game).await.unwrap().len(), 1);
}
}

on_each_backend! {
#[tokio::test]
async fn only_the_challenged_accept_and_double_accepts_start_one_match(backend) {
    let table = Table::new(backend).await;
    let challenge = table
        .service
        .matches().challenge(request(GameKind::SpaceCheckers, 1))
        .await
        .unwrap();
    assert_eq!(
        refusal(table.service.matches().accept(challenge.id, &ann()).await),
        Refusal::Match(MatchRefusal::NotInvited)
    );
    assert_eq!(
        refusal(
            table
                .service
                .matches().accept(challenge.id, &player("carl"))
                .await
        ),
        Refusal::Match(MatchRefusal::NotInvited)
    );
    let bob = bob();
    let (first, second) = tokio::join!(
        table.service.matches().accept(challenge.id, &bob),
        table.service.matches().accept(challenge.id, &bob)
    );
    let (Acceptance::Started(a), Acceptance::Started(b)) = (first.unwrap(), second.unwrap()) else {
        panic!("both acceptances report the match");
    };
    assert_eq!(a, b);
    let again = table.service.matches().accept(challenge.id, &bob).await;
    assert_eq!(again.unwrap(), Acceptance::Started(a));
    let starts = table
        .announcements()
        .await
        .iter()
        .filter(|x| x.kind() == NewsKind::MatchStarted)
        .count();
    assert_eq!(starts, 1);
    // Ann and Bob are now busy in this channel.
    assert_eq!(
        refusal(table.service.matches().challenge(request(GameKind::Dejarik, 2)).await),
        Refusal::Match(MatchRefusal::PlayerBusy {
            player: "ANN".into()
        })
    );
}
}

on_each_backend! {
#[tokio::test]
async fn challenges_expire_and_can_be_declined(backend) {
    let table = Table::new(backend).await;
    let first = table
        .service
        .matches().challenge(request(GameKind::SpaceCheckers, 1))
        .await
        .unwrap();
    table.clock.advance(CHALLENGE_MS);
    assert_eq!(
        refusal(table.service.matches().accept(first.id, &bob()).await),
        Refusal::Match(MatchRefusal::ChallengeClosed { status: "expired" })
    );
    let second = table
        .service
        .matches().challenge(request(GameKind::SpaceCheckers, 1))
        .await
        .unwrap();
    assert_eq!(
        refusal(
            table
                .service
                .matches().decline(second.id, &player("carl"))
                .await
        ),
        Refusal::Match(MatchRefusal::NotInvited)
    );
    table
        .service
        .matches().decline(second.id, &bob())
        .await
        .unwrap();
    assert_eq!(
        refusal(table.service.matches().accept(second.id, &bob()).await),
        Refusal::Match(MatchRefusal::ChallengeClosed {
            status: "declined"
        })
    );
}
}

on_each_backend! {
#[tokio::test]
async fn challenges_check_their_options(backend) {
    let table = Table::new(backend).await;
    let mut yourself = request(GameKind::SpaceCheckers, 1);
    yourself.opponents = vec![ann()];
    assert_eq!(
        refusal(table.service.matches().challenge(yourself).await),
        Refusal::Match(MatchRefusal::PlayersNotDistinct)
    );
    let mut crowd = request(GameKind::SpaceCheckers, 1);
    crowd.opponents = vec![bob(), player("carl")];
    assert_eq!(
        refusal(table.service.matches().challenge(crowd).await),
        Refusal::Match(MatchRefusal::OpponentCount {
            game: GameKind::SpaceCheckers,
            wanted: 1
        })
    );
    let mut rushed = request(GameKind::SpaceCheckers, 1);
    rushed.turn_ms = Some(1000);
    assert!(matches!(
        refusal(table.service.matches().challenge(rushed).await),
        Refusal::Match(MatchRefusal::TurnLength { .. })
    ));
}
}

on_each_backend! {
#[tokio::test]
async fn a_slow_player_is_reminded_at_half_time_then_forfeits(backend) {
    let table = Table::new(backend).await;
    let game = table.start(GameKind::SpaceCheckers, 8).await;
    let view = table.view(game).await;
    let slow = waiting(&view);
    assert_eq!(table.service.matches().handle_due().await.unwrap(), 0);
    table.clock.advance(30 * MINUTE);
    assert_eq!(table.service.matches().handle_due().await.unwrap(), 1);
    let reminders: Vec<MatchAnnouncement> = table
        .announcements()
        .await
        .into_iter()
        .filter(|a| a.kind() == NewsKind::TurnReminder)
        .collect();
    assert_eq!(reminders.len(), 1);
    assert_eq!(reminders[0].addressee().unwrap().id, slow);
    // Reminded once only.
    table.service.matches().handle_due().await.unwrap();
    assert_eq!(
        table
            .announcements()
            .await
            .iter()
            .filter(|a| a.kind() == NewsKind::TurnReminder)
            .count(),
        1
    );
    table.clock.advance(30 * MINUTE);
    table.service.matches().handle_due().await.unwrap();
    let view = table.view(game).await;
    assert_eq!(view.info.end_reason, Some(EndReason::Forfeit));
    let outcome = view.game.outcome.clone().unwrap();
    let slow_seat = view.seat_of(&slow).unwrap().seat;
    assert_eq!(
        outcome.results[holotable::games::Seat(slow_seat)],
        SeatResult::Loss
    );
    assert!(
        matches!(&outcome.reason, Ending::OutOfTime { player } if player == &view.seat_of(&slow).unwrap().name),
        "{:?}",
        outcome.reason
    );
    let winner = &table.service.matches().profile(other(&slow)).await.unwrap()[0];
    assert_eq!(winner.wins, 1);
    assert_eq!(
        table
            .store
            .earliest_match_timer(i64::MIN)
            .await
            .unwrap(),
        None
    );
}
}

on_each_backend! {
#[tokio::test]
async fn a_move_restarts_the_turn_clock(backend) {
    let table = Table::new(backend).await;
    let game = table.start(GameKind::SpaceCheckers, 9).await;
    table.clock.advance(50 * MINUTE);
    let view = table.view(game).await;
    table
        .service
        .matches().play(CHANNEL, &waiting(&view), &view.legal[0])
        .await
        .unwrap();
    table.clock.advance(20 * MINUTE);
    table.service.matches().handle_due().await.unwrap();
    let view = table.view(game).await;
    assert!(view.is_live(), "the new turn has its own hour");
    assert_eq!(view.info.deadline, Some(1_700_000_000_000 + 110 * MINUTE));
}
}

on_each_backend! {
#[tokio::test]
async fn timers_survive_a_restart(backend) {
    let mut table = Table::new(backend).await;
    let game = table.start(GameKind::SpaceCheckers, 10).await;
    let deadline = table.view(game).await.info.deadline.unwrap();
    table.restart().await;
    assert_eq!(
        table
            .store
            .earliest_match_timer(i64::MIN)
            .await
            .unwrap(),
        Some(deadline - 30 * MINUTE)
    );
    // Down past the whole turn: the restart forfeits without a reminder.
    table.clock.set(deadline + MINUTE);
    table.restart().await;
    table.service.upkeep().recover().await.unwrap();
    let view = table.view(game).await;
    assert_eq!(view.info.end_reason, Some(EndReason::Forfeit));
    assert!(
        table
            .announcements()
            .await
            .iter()
            .all(|a| a.kind() != NewsKind::TurnReminder)
    );
}
}

on_each_backend! {
#[tokio::test]
async fn resigning_loses_at_any_time(backend) {
    let table = Table::new(backend).await;
    let game = table.start(GameKind::SpaceCheckers, 11).await;
    let view = table.view(game).await;
    let idle = other(&waiting(&view));
    table.service.matches().resign(CHANNEL, idle).await.unwrap();
    let view = table.view(game).await;
    assert_eq!(view.info.end_reason, Some(EndReason::Resigned));
    let seat = view.seat_of(idle).unwrap().seat;
    assert_eq!(
        view.game.outcome.unwrap().results[holotable::games::Seat(seat)],
        SeatResult::Loss
    );
    assert_eq!(
        refusal(table.service.matches().resign(CHANNEL, idle).await),
        Refusal::Match(MatchRefusal::MatchOver)
    );
    assert_eq!(
        refusal(table.service.matches().resign(CHANNEL, "carl").await),
        Refusal::Match(MatchRefusal::NoMatch)
    );
}
}

on_each_backend! {
#[tokio::test]
async fn an_engine_match_replies_and_is_not_rated(backend) {
    let table = Table::new(backend).await;
    let game = table
        .service
        .matches().play_engine(EngineMatchRequest {
            channel: CHANNEL.into(),
            kind: GameKind::SpaceCheckers,
            rules: serde_json::json!({}),
            by: ann(),
            level: Some("easy".into()),
            turn_ms: None,
            seed: Some(12),
        })
        .await
        .unwrap();
    let view = table.view(game).await;
    assert!(!view.info.rated);
    assert_eq!(
        view.info
            .seats
            .iter()
            .filter(|s| s.player.is_none())
            .count(),
        1
    );
    assert_eq!(waiting(&view), "ann", "the engine has replied if it began");
    play_out(&table, game, |legal| legal[legal.len() - 1].clone()).await;
    let moves = table.store.moves(game).await.unwrap();
    assert!(moves.iter().any(|m| m.decided_by == "engine"));
    assert!(moves.iter().any(|m| m.decided_by == "player"));
    assert!(table.service.matches().profile("ann").await.unwrap().is_empty());
    assert_eq!(
        refusal(
            table
                .service
                .matches().play_engine(EngineMatchRequest {
                    channel: CHANNEL.into(),
                    kind: GameKind::SpaceCheckers,
                    rules: serde_json::json!({}),
                    by: ann(),
                    level: Some("godlike".into()),
                    turn_ms: None,
                    seed: None,
                })
                .await
        ),
        Refusal::UnknownLevel {
            level: "godlike".into()
        }
    );
}
}

on_each_backend! {
/// In Dejarik the winner of a close combat pushes the loser; when the
/// defender wins, the push is theirs to decide in the attacker's turn.
#[tokio::test]
async fn the_dejarik_defender_decides_its_push(backend) {
    for seed in 1..40 {
        let table = Table::new(backend).await;
        let game = table.start(GameKind::Dejarik, seed).await;
        let mut last_attacker: Option<String> = None;
        let mut defender_pushed = false;
        for _ in 0..600 {
            let view = table.view(game).await;
            if !view.is_live() {
                break;
            }
            let mover = waiting(&view);
            let is_push = view.legal.iter().all(|m| m.starts_with("push"));
            if is_push && last_attacker.as_deref() == Some(other(&mover)) {
                // The attacker may not choose the defender's push.
                assert!(matches!(
                    refusal(
                        table
                            .service
                            .matches().play(CHANNEL, other(&mover), &view.legal[0])
                            .await
                    ),
                    Refusal::Match(MatchRefusal::NotYourTurn { .. })
                ));
                defender_pushed = true;
            }
            let mv = view
                .legal
                .iter()
                .find(|m| m.contains('x'))
                .unwrap_or(&view.legal[0])
                .clone();
            if mv.contains('x') {
                last_attacker = Some(mover.clone());
            }
            table
                .service
                .matches().play(CHANNEL, &mover, &mv)
                .await
                .unwrap();
        }
        if defender_pushed {
            let moves = table.store.moves(game).await.unwrap();
            assert!(moves.iter().any(|m| m.decided_by == "chance"));
            return;
        }
    }
    panic!("no seed gave the defender a push");
}
}

on_each_backend! {
/// Holochess opens with placements, dark placing first by default: they
/// are decisions like any other, asked of whoever the game names.
#[tokio::test]
async fn holochess_placements_are_asked_of_the_placing_player(backend) {
    let table = Table::new(backend).await;
    let game = table.start(GameKind::Holochess, 13).await;
    let view = table.view(game).await;
    assert!(
        view.legal.iter().all(|m| m.contains('@')),
        "{:?}",
        view.legal
    );
    let mut placers = Vec::new();
    for _ in 0..4 {
        let view = table.view(game).await;
        let placer = waiting(&view);
        assert_eq!(
            refusal(
                table
                    .service
                    .matches().play(CHANNEL, other(&placer), &view.legal[0])
                    .await
            ),
            Refusal::Match(MatchRefusal::NotYourTurn {
                waiting: placer.to_uppercase()
            })
        );
        table
            .service
            .matches().play(CHANNEL, &placer, &view.legal[0])
            .await
            .unwrap();
        placers.push(placer);
    }
    let seats = table.view(game).await.info.seats;
    // Dark is seat 1 and places first, then the players alternate.
    let dark = seats[1].player.clone().unwrap();
    assert_eq!(placers[0], dark);
    assert!(placers.windows(2).all(|w| w[0] != w[1]), "{placers:?}");
    let moves = table.store.moves(game).await.unwrap();
    assert!(
        moves
            .iter()
            .all(|m| m.decided_by == "player" && m.notation.contains('@'))
    );
}
}

on_each_backend! {
/// When the engine's seat moves first, it has moved by the time the match
/// is announced to the player.
#[tokio::test]
async fn the_engine_moves_first_when_its_seat_begins(backend) {
    let table = Table::new(backend).await;
    for seed in 20..60 {
        let game = table
            .service
            .matches().play_engine(EngineMatchRequest {
                channel: format!("{CHANNEL}-{seed}"),
                kind: GameKind::SpaceCheckers,
                rules: serde_json::json!({}),
                by: ann(),
                level: Some("easy".into()),
                turn_ms: None,
                seed: Some(seed),
            })
            .await
            .unwrap();
        let view = table.view(game).await;
        if view.info.seats[0].player.is_none() {
            let moves = table.store.moves(game).await.unwrap();
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].decided_by, "engine");
            assert_eq!(waiting(&view), "ann");
            assert!(view.info.deadline.is_some(), "ann's clock runs");
            return;
        }
    }
    panic!("no seed gave the engine the first seat");
}
}

on_each_backend! {
/// An engine that dies while thinking loses nothing: the player's move
/// stands, and the reply comes on the retry timer or after a restart.
#[tokio::test]
async fn a_failing_engine_keeps_the_players_move_and_replies_later(backend) {
    let mut table = Table::new(backend).await;
    let request = |seed| EngineMatchRequest {
        channel: CHANNEL.into(),
        kind: GameKind::SpaceCheckers,
        rules: serde_json::json!({}),
        by: ann(),
        level: Some("easy".into()),
        turn_ms: None,
        seed: Some(seed),
    };
    let game = table.service.matches().play_engine(request(30)).await.unwrap();
    for restart in [false, true] {
        let view = table.view(game).await;
        let before = table.store.moves(game).await.unwrap().len();
        table.engine.set_broken(true);
        let receipt = table
            .service
            .matches().play(CHANNEL, "ann", &view.legal[0])
            .await
            .expect("the move is accepted though the engine fails");
        assert_eq!(receipt.mv, view.legal[0]);
        let moves = table.store.moves(game).await.unwrap();
        assert_eq!(moves.len(), before + 1, "the player's move is written");
        assert!(
            table.view(game).await.waiting.is_none(),
            "the engine owes a reply"
        );
        // While it stays broken, the retry fails and is put off, not spun.
        table.clock.advance(MINUTE);
        table.service.matches().handle_due().await.unwrap();
        let timer = table
            .store
            .earliest_match_timer(i64::MIN)
            .await
            .unwrap();
        assert_eq!(timer, Some(table.clock.now() + MINUTE));
        table.engine.set_broken(false);
        if restart {
            table.restart().await;
            table.service.upkeep().recover().await.unwrap();
        } else {
            table.clock.advance(MINUTE);
            table.service.matches().handle_due().await.unwrap();
        }
        let moves = table.store.moves(game).await.unwrap();
        assert_eq!(
            moves.last().unwrap().decided_by,
            "engine",
            "restart {restart}"
        );
        assert_eq!(waiting(&table.view(game).await), "ann");
    }
}
}

on_each_backend! {
/// Games of three or four seats wait for every invited player; each
/// acceptance is guarded by who had accepted when it was read, so two at
/// once cannot overwrite each other. This pins the store's guard; the
/// four-player Djambi tests below go through the service.
#[tokio::test]
async fn partial_acceptances_are_guarded(backend) {
    use holotable_store::{ChallengeStatus, NewChallenge, StoreError};
    let table = Table::new(backend).await;
    let store = &table.store;
    let id = store
        .insert_challenge(&NewChallenge {
            channel: CHANNEL.into(),
            kind: GameKind::SpaceCheckers,
            rules: serde_json::json!({}),
            challenger: ann(),
            invited: vec![bob(), player("carl"), player("dora")],
            turn_ms: MINUTE,
            seed: 1,
            created_at: 0,
            expires_at: i64::MAX,
        })
        .await
        .unwrap();
    let bob_in = vec!["bob".to_string()];
    let carl_in = vec!["carl".to_string()];
    store.accept_partly(id, &[], &bob_in).await.unwrap();
    // Carl read the challenge before Bob's acceptance landed: refused.
    assert!(matches!(
        store.accept_partly(id, &[], &carl_in).await,
        Err(StoreError::Conflict)
    ));
    let both = vec!["bob".to_string(), "carl".to_string()];
    store.accept_partly(id, &bob_in, &both).await.unwrap();
    let row = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(row.accepted, both);
    assert_eq!(row.status, ChallengeStatus::Open);
    assert!(
        store
            .close_challenge(id, ChallengeStatus::Declined)
            .await
            .unwrap()
    );
    assert!(matches!(
        store.accept_partly(id, &both, &both).await,
        Err(StoreError::Conflict)
    ));
}
}

on_each_backend! {
#[tokio::test]
async fn a_match_started_in_a_venue_is_played_there_and_leaves_the_channel_free(backend) {
    let table = Table::new(backend).await;
    let service = &table.service;
    assert!(!service.servers().match_threads(CHANNEL).await.unwrap());
    assert!(matches!(
        refusal(
            service
                .servers().set_match_threads(CHANNEL, true, &member("mod"))
                .await
        ),
        Refusal::NotAllowed { .. }
    ));
    service
        .servers().set_match_threads(CHANNEL, true, &manager("mod"))
        .await
        .unwrap();
    assert!(service.servers().match_threads(CHANNEL).await.unwrap());
    assert!(!service.servers().match_threads("elsewhere").await.unwrap());

    let challenge = service
        .matches().challenge(request(GameKind::SpaceCheckers, 4))
        .await
        .unwrap();
    // Only an invited player's acceptance can start the match.
    assert!(
        !service
            .matches().acceptance_would_start(challenge.id, "ann")
            .await
            .unwrap()
    );
    assert!(
        service
            .matches().acceptance_would_start(challenge.id, "bob")
            .await
            .unwrap()
    );
    let started = service
        .matches().accept_in(challenge.id, &bob(), Some("thread-1"))
        .await
        .unwrap();
    let Acceptance::Started(game) = started else {
        panic!("bob's acceptance starts the match: {started:?}");
    };
    assert!(
        !service
            .matches().acceptance_would_start(challenge.id, "bob")
            .await
            .unwrap()
    );
    let view = service.matches().of("thread-1", "ann").await.unwrap();
    assert_eq!(view.game.id, game);
    assert_eq!(view.game.channel, "thread-1");
    assert_eq!(
        refusal(service.matches().of(CHANNEL, "ann").await),
        Refusal::Match(MatchRefusal::NoMatch)
    );
    // Announcements go to the venue, and moves are made there.
    assert!(table.announcements().await.is_empty());
    let rows = table
        .store
        .outbox()
        .pending_in_channel("thread-1", i64::MAX, 100)
        .await
        .unwrap();
    assert!(!rows.is_empty());
    let waiting = waiting(&view);
    let mv = view.legal[0].clone();
    service.matches().play("thread-1", &waiting, &mv).await.unwrap();
    // The players are free to start another match from the channel.
    service
        .matches().challenge(request(GameKind::SpaceCheckers, 5))
        .await
        .unwrap();
}
}

/// A Djambi challenge from Ann to `opponents` for `players` seats.
fn djambi(players: u8, opponents: &[&str]) -> ChallengeRequest {
    ChallengeRequest {
        rules: serde_json::json!({ "players": players }),
        opponents: opponents.iter().map(|id| player(id)).collect(),
        ..request(GameKind::Djambi, 11)
    }
}

/// The seat whose army is to move, read from the position's turn field
/// (`R`, or `R+G` for Red's extra turn) rather than from the service.
fn djambi_seat(view: &MatchView, players: u8) -> u8 {
    let turn = view.game.position.split_whitespace().nth(1).unwrap();
    let army = "RBYG".find(&turn[..1]).expect("an army letter") as u8;
    if players == 2 { army / 2 } else { army }
}

fn player_at(view: &MatchView, seat: u8) -> String {
    view.info
        .seats
        .iter()
        .find(|s| s.seat == seat)
        .and_then(|s| s.player.clone())
        .expect("a player in every seat")
}

/// Plays `turns` decisions of a Djambi match, checking each time that the
/// player of the army to move is asked and everyone else is refused;
/// returns who was asked, in order.
async fn djambi_turns(table: &Table, game: GameId, players: u8, turns: usize) -> Vec<String> {
    let mut asked = Vec::new();
    for _ in 0..turns {
        let view = table.view(game).await;
        assert!(view.is_live());
        let mover = player_at(&view, djambi_seat(&view, players));
        assert_eq!(waiting(&view), mover, "at {}", view.game.position);
        let mv = view.legal[0].clone();
        for seat in &view.info.seats {
            let id = seat.player.clone().unwrap();
            if id != mover {
                assert_eq!(
                    refusal(table.service.matches().play(CHANNEL, &id, &mv).await),
                    Refusal::Match(MatchRefusal::NotYourTurn {
                        waiting: mover.to_uppercase()
                    })
                );
            }
        }
        table
            .service
            .matches()
            .play(CHANNEL, &mover, &mv)
            .await
            .unwrap();
        asked.push(mover);
    }
    asked
}

async fn start_djambi4(table: &Table) -> GameId {
    let challenge = table
        .service
        .matches()
        .challenge(djambi(4, &["bob", "carl", "dora"]))
        .await
        .unwrap();
    for id in ["bob", "carl"] {
        table
            .service
            .matches()
            .accept(challenge.id, &player(id))
            .await
            .unwrap();
    }
    match table
        .service
        .matches()
        .accept(challenge.id, &player("dora"))
        .await
        .unwrap()
    {
        Acceptance::Started(game) => game,
        other => panic!("expected a start, got {other:?}"),
    }
}

on_each_backend! {
#[tokio::test]
async fn a_four_player_challenge_starts_only_when_all_three_accept(backend) {
    let table = Table::new(backend).await;
    assert_eq!(
        refusal(table.service.matches().challenge(djambi(4, &["bob", "carl"])).await),
        Refusal::Match(MatchRefusal::OpponentCount {
            game: GameKind::Djambi,
            wanted: 3
        })
    );
    let challenge = table
        .service
        .matches().challenge(djambi(4, &["bob", "carl", "dora"]))
        .await
        .unwrap();
    assert_eq!(
        refusal(table.service.matches().accept(challenge.id, &ann()).await),
        Refusal::Match(MatchRefusal::NotInvited)
    );
    let accept = async |id: &str| {
        table
            .service
            .matches().accept(challenge.id, &player(id))
            .await
    };
    assert_eq!(
        accept("bob").await.unwrap(),
        Acceptance::Waiting {
            still: vec![player("carl"), player("dora")]
        }
    );
    // Pressing Accept again changes nothing.
    assert_eq!(
        accept("bob").await.unwrap(),
        Acceptance::Waiting {
            still: vec![player("carl"), player("dora")]
        }
    );
    assert_eq!(
        accept("dora").await.unwrap(),
        Acceptance::Waiting {
            still: vec![player("carl")]
        }
    );
    assert!(table.announcements().await.is_empty());
    for id in ["ann", "bob", "dora"] {
        assert_eq!(
            refusal(table.service.matches().play(CHANNEL, id, "pass").await),
            Refusal::Match(MatchRefusal::NoMatch)
        );
    }
    let Acceptance::Started(game) = accept("carl").await.unwrap() else {
        panic!("the last acceptance starts the match");
    };
    assert_eq!(accept("bob").await.unwrap(), Acceptance::Started(game));
    let view = table.view(game).await;
    let mut seated: Vec<String> = view
        .info
        .seats
        .iter()
        .map(|s| s.player.clone().unwrap())
        .collect();
    seated.sort();
    assert_eq!(seated, ["ann", "bob", "carl", "dora"]);
    let mut seats: Vec<u8> = view.info.seats.iter().map(|s| s.seat).collect();
    seats.sort();
    assert_eq!(seats, [0, 1, 2, 3]);
    let kinds: Vec<NewsKind> = table
        .announcements()
        .await
        .iter()
        .map(|a| a.kind())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == NewsKind::MatchStarted).count(), 1);
}
}

on_each_backend! {
#[tokio::test]
async fn one_decline_closes_a_four_player_challenge(backend) {
    let table = Table::new(backend).await;
    let challenge = table
        .service
        .matches().challenge(djambi(4, &["bob", "carl", "dora"]))
        .await
        .unwrap();
    table
        .service
        .matches().accept(challenge.id, &bob())
        .await
        .unwrap();
    table
        .service
        .matches().accept(challenge.id, &player("dora"))
        .await
        .unwrap();
    table
        .service
        .matches().decline(challenge.id, &player("carl"))
        .await
        .unwrap();
    for id in ["bob", "carl", "dora"] {
        assert_eq!(
            refusal(
                table
                    .service
                    .matches().accept(challenge.id, &player(id))
                    .await
            ),
            Refusal::Match(MatchRefusal::ChallengeClosed {
                status: "declined"
            })
        );
    }
    assert!(table.announcements().await.is_empty());
    // Nobody is left busy: the same four may start another.
    start_djambi4(&table).await;
}
}

on_each_backend! {
#[tokio::test]
async fn in_a_four_player_match_only_the_army_to_move_moves_and_all_four_are_rated(backend) {
    use holotable::service::ratings::{self, Game, Rating, TAU};
    let table = Table::new(backend).await;
    let game = start_djambi4(&table).await;
    let asked = djambi_turns(&table, game, 4, 8).await;
    // Red, Blue, Yellow, Green: four different players, then round again.
    let mut first_round = asked[..4].to_vec();
    first_round.sort();
    first_round.dedup();
    assert_eq!(first_round.len(), 4);
    assert_eq!(asked[..4], asked[4..]);
    // Someone not to move resigns: they lose, the other three win.
    let view = table.view(game).await;
    let quitter = view
        .info
        .seats
        .iter()
        .map(|s| s.player.clone().unwrap())
        .find(|p| *p != waiting(&view))
        .unwrap();
    table.service.matches().resign(CHANNEL, &quitter).await.unwrap();
    let view = table.view(game).await;
    assert_eq!(view.game.status, GameStatus::Finished);
    assert_eq!(view.info.end_reason, Some(EndReason::Resigned));
    let outcome = view.game.outcome.clone().unwrap();
    // Each player met every other once, all from the new-player rating: a
    // winner beat the quitter and shared the result with two winners.
    let meet = |score: f64| Game {
        opponent: Rating::default(),
        score,
    };
    let winner = ratings::update(Rating::default(), &[meet(1.0), meet(0.5), meet(0.5)], TAU);
    let loser = ratings::update(Rating::default(), &[meet(0.0); 3], TAU);
    assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
    for seat in &view.info.seats {
        let id = seat.player.clone().unwrap();
        let profile = table.service.matches().profile(&id).await.unwrap();
        assert_eq!(profile.len(), 1);
        let row = &profile[0];
        assert_eq!(row.games, 1);
        let (result, expected) = if id == quitter {
            (SeatResult::Loss, loser)
        } else {
            (SeatResult::Win, winner)
        };
        assert_eq!(outcome.results[holotable::games::Seat(seat.seat)], result);
        assert_eq!(
            (row.wins, row.losses),
            if id == quitter { (0, 1) } else { (1, 0) }
        );
        assert!((row.rating - expected.rating).abs() < 1e-6, "{id}: {row:?}");
        assert!(
            (row.deviation - expected.deviation).abs() < 1e-6,
            "{id}: {row:?}"
        );
        assert_eq!(seat.rating_after, Some(row.rating));
    }
    let board = table
        .service
        .matches().leaderboard(GameKind::Djambi, 10)
        .await
        .unwrap();
    assert_eq!(board.len(), 4);
    assert_eq!(board.last().unwrap().player, quitter);
}
}

on_each_backend! {
#[tokio::test]
async fn a_four_player_match_played_to_its_end_rates_everyone(backend) {
    let table = Table::new(backend).await;
    // Few death-free turns allowed, so the first-move players end it soon.
    let challenge = table
        .service
        .matches().challenge(ChallengeRequest {
            rules: serde_json::json!({ "players": 4, "quiet_turns": 6 }),
            ..djambi(4, &["bob", "carl", "dora"])
        })
        .await
        .unwrap();
    let mut started = None;
    for id in ["bob", "carl", "dora"] {
        if let Acceptance::Started(game) = table
            .service
            .matches().accept(challenge.id, &player(id))
            .await
            .unwrap()
        {
            started = Some(game);
        }
    }
    let game = started.expect("the third acceptance starts the match");
    let moves = play_out(&table, game, |legal| legal[0].clone()).await;
    assert!(moves >= 6);
    let view = table.view(game).await;
    assert_eq!(view.game.status, GameStatus::Finished);
    assert_eq!(view.info.end_reason, Some(EndReason::Played));
    let outcome = view.game.outcome.clone().unwrap();
    for seat in &view.info.seats {
        let row = &table
            .service
            .matches().profile(seat.player.as_deref().unwrap())
            .await
            .unwrap()[0];
        assert_eq!(row.games, 1);
        assert!(row.deviation < 350.0);
        assert_eq!(seat.rating_after, Some(row.rating));
        match outcome.results[holotable::games::Seat(seat.seat)] {
            SeatResult::Win => assert_eq!(row.wins, 1),
            SeatResult::Draw => assert_eq!(row.draws, 1),
            SeatResult::Loss => assert_eq!(row.losses, 1),
        }
    }
}
}

on_each_backend! {
#[tokio::test]
async fn in_a_two_player_djambi_match_each_player_moves_two_armies(backend) {
    let table = Table::new(backend).await;
    let challenge = table.service.matches().challenge(djambi(2, &["bob"])).await.unwrap();
    let Acceptance::Started(game) = table
        .service
        .matches().accept(challenge.id, &bob())
        .await
        .unwrap()
    else {
        panic!("one acceptance starts a two-player match");
    };
    let view = table.view(game).await;
    assert_eq!(view.info.seats.len(), 2);
    let asked = djambi_turns(&table, game, 2, 8).await;
    // Red and Blue are one player's, Yellow and Green the other's.
    let first = asked[0].as_str();
    let second = other(first);
    assert_eq!(
        asked,
        [first, first, second, second, first, first, second, second]
    );
}
}

on_each_backend! {
#[tokio::test]
async fn in_a_two_player_djambi_net_match_each_player_moves_once_a_turn(backend) {
    let table = Table::new(backend).await;
    let request = ChallengeRequest {
        rules: serde_json::json!({ "players": 2, "ruleset": "djambi-net" }),
        ..djambi(2, &["bob"])
    };
    let challenge = table.service.matches().challenge(request).await.unwrap();
    let Acceptance::Started(game) = table
        .service
        .matches().accept(challenge.id, &bob())
        .await
        .unwrap()
    else {
        panic!("one acceptance starts a two-player match");
    };
    let view = table.view(game).await;
    // One turn offers both of the player's armies' moves: Red's and Blue's.
    assert_eq!(view.legal.len(), 60);
    let asked = djambi_turns(&table, game, 2, 6).await;
    let first = asked[0].as_str();
    let second = other(first);
    assert_eq!(asked, [first, second, first, second, first, second]);
}
}

on_each_backend! {
/// Two rated matches between the same players, resigned at the same moment
/// in two channels, both count in each player's record. On PostgreSQL the
/// two finishing transactions do not wait for each other by themselves, so
/// without the store's per-rating lock both read the record from before
/// either and the second write dropped the first match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_matches_of_one_player_ending_at_once_both_count(backend) {
    const ROUNDS: usize = 8;
    let table = Table::new(backend).await;
    for round in 0..ROUNDS {
        let mut channels = Vec::new();
        for board in 0..2 {
            let channel = format!("table-{round}-{board}");
            let challenge = table
                .service
                .matches().challenge(ChallengeRequest {
                    channel: channel.clone(),
                    ..request(GameKind::SpaceCheckers, 7)
                })
                .await
                .unwrap();
            let started = table
                .service
                .matches().accept(challenge.id, &bob())
                .await
                .unwrap();
            assert!(matches!(started, Acceptance::Started(_)), "{started:?}");
            channels.push(channel);
        }
        let (first, second) = tokio::join!(
            table.service.matches().resign(&channels[0], "ann"),
            table.service.matches().resign(&channels[1], "ann")
        );
        first.unwrap();
        second.unwrap();
    }
    for player in ["ann", "bob"] {
        let ratings = table.store.ratings_of(player).await.unwrap();
        assert_eq!(ratings.len(), 1, "{player}: {ratings:?}");
        assert_eq!(
            ratings[0].games,
            2 * ROUNDS as i64,
            "{player}: every match counted once"
        );
    }
}
}
