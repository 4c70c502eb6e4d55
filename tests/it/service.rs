//! The community-games service on real SQLite files with a hand-moved clock:
//! whole games, votes, ties, empty ballots, crashes between steps, many
//! concurrent voters, and replays.

use holotable::games::{AnyGame, GameKind, sort_naturally};
use holotable::service::VoteRefusal;
use holotable::service::{
    Actor, Announcement, Clock, ManualClock, Opponent, REDELIVERY, Refusal, Service, Settings,
    StartGame,
};
use holotable_store::{BallotId, GameStatus, Store};

use crate::support::backends::{Backend, TestDatabase, on_each_backend};
use crate::support::service::{
    Fresh, Plain, admin, community_game, delivery_lease, fresh_service, open_service, refusal,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const MINUTE: i64 = 60_000;
const CHANNEL: &str = "channel-1";

/// Plays the first legal move in natural order and ranks moves in reverse
/// natural order, so tie-breaks by ranking are visible. When `broken` is set
/// it panics, standing in for a process that dies while the engine thinks.
#[derive(Default)]
struct ScriptedOpponent {
    broken: AtomicBool,
}

impl Opponent for ScriptedOpponent {
    fn knows_level(&self, level: &str) -> bool {
        matches!(level, "easy" | "normal")
    }

    fn choose(&self, game: &AnyGame, _level: &str, _seed: u64) -> String {
        assert!(
            !self.broken.load(Ordering::SeqCst),
            "the engine process died"
        );
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.remove(0)
    }

    fn rank(&self, game: &AnyGame, k: usize, _seed: u64) -> Vec<String> {
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.reverse();
        legal.truncate(k);
        legal
    }
}

struct Table {
    db: TestDatabase,
    clock: ManualClock,
    opponent: Arc<ScriptedOpponent>,
    store: Store,
    service: Service,
}

impl Table {
    async fn new(backend: Backend) -> Table {
        let clock = ManualClock::starting_at(1_700_000_000_000);
        let opponent = Arc::new(ScriptedOpponent::default());
        let Fresh { db, store, service } =
            fresh_service(backend, &clock, opponent.clone(), settings()).await;
        Table {
            db,
            clock,
            opponent,
            store,
            service,
        }
    }

    /// Drops the service and its connections and opens the file again, as
    /// a restarted process would.
    async fn restart(&mut self) {
        self.store.close().await;
        (self.store, self.service) =
            open_service(&self.db.url, &self.clock, self.opponent.clone(), settings()).await;
    }

    async fn start(&self) -> holotable_store::GameId {
        self.service
            .games()
            .start(start_request())
            .await
            .expect("game starts")
    }

    async fn open_ballot(&self) -> holotable_store::BallotState {
        let view = self.service.games().status(CHANNEL).await.unwrap();
        view.ballot.expect("a ballot is open")
    }

    async fn close_now(&self) {
        let ballot = self.open_ballot().await;
        self.clock.set(ballot.deadline);
        self.service.turns().close_due().await.unwrap();
    }

    async fn announcements(&self) -> Vec<Announcement> {
        let rows = self
            .store
            .outbox()
            .pending_announcements(i64::MAX, 10_000)
            .await
            .unwrap();
        rows.iter()
            .map(|r| serde_json::from_str(&r.payload).unwrap())
            .collect()
    }
}

/// Ten-minute votes; a new process id each time, as a new process gets.
fn settings() -> Settings {
    Settings {
        vote_ms: 10 * MINUTE,
        ..Settings::default()
    }
}

/// The game every test here starts: Space Checkers in `CHANNEL` against
/// the easy engine, seed 7.
fn start_request() -> StartGame {
    community_game(CHANNEL, "easy", 7)
}

on_each_backend! {
// A failed delivery is due again after 1 s, then 2 s, 4 s, … (as the
// service's redelivery policy says), and its eighth failure gives it up:
// one bad message never holds up its channel for good.
#[tokio::test]
async fn a_failing_delivery_waits_longer_each_time_and_is_given_up_after_eight(backend) {
    let table = Table::new(backend).await;
    table.start().await;
    let deliveries = table.service.deliveries();
    let held = delivery_lease(&table.service, CHANNEL).await;
    let first = deliveries.due(CHANNEL, 1).await.unwrap().remove(0);
    let due_ids = || async {
        let due = deliveries.due(CHANNEL, 100).await.unwrap();
        due.iter().map(|q| q.id).collect::<Vec<_>>()
    };
    for attempt in 1..=8u32 {
        let queued = deliveries.due(CHANNEL, 1).await.unwrap().remove(0);
        assert_eq!(queued.id, first.id, "the oldest is tried first");
        let delivery = deliveries.open(&queued, &held, &Plain).await.unwrap().expect("still due");
        let given_up = deliveries.failed(&delivery, "the platform is down").await.unwrap();
        assert_eq!(given_up, attempt == 8, "attempt {attempt}");
        if given_up {
            break;
        }
        let wait = REDELIVERY.wait_after(attempt).as_millis() as i64;
        assert_eq!(wait, 1000 << (attempt - 1));
        let failed_at = table.clock.now();
        table.clock.set(failed_at + wait - 1);
        assert!(!due_ids().await.contains(&first.id), "due early at attempt {attempt}");
        table.clock.set(failed_at + wait);
        assert!(due_ids().await.contains(&first.id), "not due again at attempt {attempt}");
    }
    table.clock.advance(24 * 60 * MINUTE);
    assert!(!due_ids().await.contains(&first.id), "given up for good");
    assert!(deliveries.open(&first, &held, &Plain).await.unwrap().is_none());
}
}

on_each_backend! {
#[tokio::test]
async fn a_whole_game_runs_to_the_end_and_replays_exactly(backend) {
    let table = Table::new(backend).await;
    let game = table.start().await;
    for turn in 0.. {
        let status = table.service.games().status(CHANNEL).await.unwrap();
        if status.game.status == GameStatus::Finished {
            break;
        }
        assert!(turn < 200, "the game ends");
        let ballot = status.ballot.expect("an active game has a ballot");
        // Three voters; the crowd prefers the last featured option.
        for voter in ["ann", "bob", "cy"] {
            let choice = ballot.featured.len().to_string();
            table
                .service
                .votes().cast(CHANNEL, voter, &choice, table.service.now())
                .await
                .unwrap();
        }
        table.close_now().await;
    }
    let record = table.service.games().record_of(game).await.unwrap();
    let row = table.store.game(game).await.unwrap().unwrap();
    let replayed = record.positions().expect("the record replays");
    assert_eq!(replayed.last().unwrap().position(), row.position);
    assert_eq!(record.moves.len() as u32, row.ply);
    assert!(row.outcome.is_some());
    let said = table.announcements().await;
    assert!(matches!(
        said.first(),
        Some(Announcement::GameStarted { .. })
    ));
    assert!(matches!(
        said.last(),
        Some(Announcement::GameFinished { .. })
    ));
}
}

on_each_backend! {
#[tokio::test]
async fn a_second_vote_replaces_the_first(backend) {
    let table = Table::new(backend).await;
    table.start().await;
    let first = table
        .service
        .votes().cast(CHANNEL, "ann", "A1-B1", table.service.now())
        .await
        .unwrap();
    assert_eq!(first.replaced, None);
    let second = table
        .service
        .votes().cast(CHANNEL, "ann", "a2-c", table.service.now())
        .await
        .unwrap();
    assert_eq!(second.mv, "A2-C");
    assert_eq!(second.replaced.as_deref(), Some("A1-B1"));
    let status = table.service.games().status(CHANNEL).await.unwrap();
    assert_eq!(status.tally, [("A2-C".to_string(), 1)]);
}
}

on_each_backend! {
#[tokio::test]
async fn votes_name_legal_moves_or_get_a_helpful_refusal(backend) {
    let table = Table::new(backend).await;
    table.start().await;
    let wrong = refusal(
        table
            .service
            .votes().cast(CHANNEL, "ann", "A1-B2", table.service.now())
            .await,
    );
    assert!(
        matches!(&wrong, Refusal::IllegalMove { suggestions, .. } if suggestions.contains(&"A1-B1".to_string())),
        "{wrong}"
    );
    assert!(wrong.to_string().contains("did you mean"), "{wrong}");
    let junk = refusal(
        table
            .service
            .votes().cast(CHANNEL, "ann", "checkmate!", table.service.now())
            .await,
    );
    assert_eq!(
        junk,
        Refusal::Vote(VoteRefusal::UnreadableVote {
            text: "checkmate!".into(),
            game: GameKind::SpaceCheckers
        })
    );
    assert!(junk.to_string().contains("A1-B1"), "{junk}");
    let far = refusal(
        table
            .service
            .votes().cast(CHANNEL, "ann", "#99", table.service.now())
            .await,
    );
    assert_eq!(
        far.to_string(),
        "There is no option 99; options are numbered 1 to 8."
    );
    let elsewhere = refusal(
        table
            .service
            .votes().cast("other-channel", "ann", "1", table.service.now())
            .await,
    );
    assert_eq!(elsewhere, Refusal::NoGame);
    assert!(
        table
            .service
            .games().status(CHANNEL)
            .await
            .unwrap()
            .tally
            .is_empty(),
        "nothing was recorded"
    );
}
}

on_each_backend! {
#[tokio::test]
async fn a_vote_after_the_deadline_is_refused(backend) {
    let table = Table::new(backend).await;
    table.start().await;
    let ballot = table.open_ballot().await;
    table.clock.set(ballot.deadline);
    assert_eq!(
        refusal(
            table
                .service
                .votes().cast(CHANNEL, "late", "1", table.service.now())
                .await
        ),
        Refusal::Vote(VoteRefusal::BallotClosed)
    );
}
}

on_each_backend! {
#[tokio::test]
async fn ties_go_to_the_engine_ranking_and_say_so(backend) {
    let table = Table::new(backend).await;
    table.start().await;
    // The scripted ranking is reverse natural order: A12-C ranks above A1-B1.
    table
        .service
        .votes().cast(CHANNEL, "ann", "A1-B1", table.service.now())
        .await
        .unwrap();
    table
        .service
        .votes().cast(CHANNEL, "bob", "A12-C", table.service.now())
        .await
        .unwrap();
    table.close_now().await;
    let closed = table
        .announcements()
        .await
        .into_iter()
        .find_map(|a| match a {
            Announcement::BallotClosed {
                winner,
                tie_broken,
                votes,
                total,
                ..
            } => Some((winner, tie_broken, votes, total)),
            _ => None,
        })
        .expect("the close is announced");
    assert_eq!(closed, ("A12-C".to_string(), true, 1, 2));
}
}

on_each_backend! {
#[tokio::test]
async fn an_empty_ballot_is_extended_then_pauses_and_resumes(backend) {
    let table = Table::new(backend).await;
    table.start().await;
    let first = table.open_ballot().await;
    table.close_now().await;
    let extended = table.open_ballot().await;
    assert_eq!((extended.id, extended.extensions), (first.id, 1));
    assert_eq!(extended.deadline, first.deadline + 10 * MINUTE);
    table.close_now().await;
    let paused = table.service.games().status(CHANNEL).await.unwrap();
    assert_eq!(paused.game.status, GameStatus::Paused);
    assert_eq!(
        refusal(
            table
                .service
                .votes().cast(CHANNEL, "ann", "1", table.service.now())
                .await
        ),
        Refusal::Vote(VoteRefusal::NotVoting { status: "paused" })
    );
    let visitor = Actor {
        can_manage: false,
        ..admin()
    };
    assert!(matches!(
        refusal(table.service.games().resume(CHANNEL, &visitor).await),
        Refusal::NotAllowed { .. }
    ));
    table.service.games().resume(CHANNEL, &admin()).await.unwrap();
    table
        .service
        .votes().cast(CHANNEL, "ann", "1", table.service.now())
        .await
        .unwrap();
    table.close_now().await;
    let game = table.service.games().status(CHANNEL).await.unwrap().game;
    assert_eq!(
        (game.status, game.ply),
        (GameStatus::Active, 2),
        "community and engine moved"
    );
}
}

on_each_backend! {
#[tokio::test]
async fn only_managers_start_and_stop_and_one_game_per_channel(backend) {
    let table = Table::new(backend).await;
    let mut request = start_request();
    request.by.can_manage = false;
    assert!(matches!(
        refusal(table.service.games().start(request).await),
        Refusal::NotAllowed { .. }
    ));
    let game = table.start().await;
    assert_eq!(
        refusal(table.service.games().start(start_request()).await),
        Refusal::ChannelBusy { game: game.0 }
    );
    let mut bad_level = start_request();
    bad_level.channel = "c2".into();
    bad_level.level = Some("godlike".into());
    assert_eq!(
        refusal(table.service.games().start(bad_level).await),
        Refusal::UnknownLevel {
            level: "godlike".into()
        }
    );
    table.service.games().stop(CHANNEL, &admin()).await.unwrap();
    assert_eq!(
        refusal(
            table
                .service
                .votes().cast(CHANNEL, "ann", "1", table.service.now())
                .await
        ),
        Refusal::NoGame
    );
    table.start().await;
}
}

on_each_backend! {
#[tokio::test]
async fn a_crash_while_the_engine_thinks_loses_nothing(backend) {
    let mut table = Table::new(backend).await;
    let game = table.start().await;
    table
        .service
        .votes().cast(CHANNEL, "ann", "A1-B1", table.service.now())
        .await
        .unwrap();
    table.opponent.broken.store(true, Ordering::SeqCst);
    let ballot = table.open_ballot().await;
    table.clock.set(ballot.deadline);
    // The close, the community move, the reply and the next ballot are one
    // write; the engine "dies" while that write is being planned.
    let _ = table.service.turns().close_due().await;
    let row = table.store.game(game).await.unwrap().unwrap();
    assert_eq!(row.ply, 0, "nothing was half-written");
    assert_eq!(
        table.open_ballot().await.id,
        ballot.id,
        "the ballot is still open"
    );
    assert_eq!(
        table.store.tally(ballot.id).await.unwrap(),
        [("A1-B1".to_string(), 1)]
    );

    table.opponent.broken.store(false, Ordering::SeqCst);
    table.restart().await;
    let open = table.service.upkeep().recover().await.unwrap();
    assert_eq!(open, 1);
    let moves = table.store.moves(game).await.unwrap();
    let played: Vec<(&str, &str)> = moves
        .iter()
        .map(|m| (m.notation.as_str(), m.decided_by.as_str()))
        .collect();
    assert_eq!(played, [("A1-B1", "community"), ("A5-B5", "engine")]);
    assert_eq!(table.open_ballot().await.id, BallotId { game, ply: 2 });
    // Recovering again changes nothing.
    table.service.upkeep().recover().await.unwrap();
    assert_eq!(
        table.store.game(game).await.unwrap().unwrap().ply,
        2
    );
}
}

on_each_backend! {
#[tokio::test]
async fn a_deadline_that_passed_while_down_closes_on_restart(backend) {
    let mut table = Table::new(backend).await;
    let game = table.start().await;
    table
        .service
        .votes().cast(CHANNEL, "ann", "A2-B2", table.service.now())
        .await
        .unwrap();
    let ballot = table.open_ballot().await;
    table.restart().await;
    table.clock.set(ballot.deadline + 5 * MINUTE);
    table.service.upkeep().recover().await.unwrap();
    let moves = table.store.moves(game).await.unwrap();
    assert_eq!(moves[0].notation, "A2-B2");
    assert_eq!(moves.len(), 2);
}
}

on_each_backend! {
#[tokio::test]
async fn closing_twice_at_once_applies_once(backend) {
    let table = Table::new(backend).await;
    let game = table.start().await;
    table
        .service
        .votes().cast(CHANNEL, "ann", "A1-B1", table.service.now())
        .await
        .unwrap();
    let ballot = table.open_ballot().await;
    table.clock.set(ballot.deadline);
    let (a, b) = tokio::join!(
        table.service.turns().close(ballot.id),
        table.service.turns().close(ballot.id)
    );
    a.unwrap();
    b.unwrap();
    assert_eq!(
        table.store.game(game).await.unwrap().unwrap().ply,
        2
    );
}
}

on_each_backend! {
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_voters_are_all_counted(backend) {
    let table = Arc::new(Table::new(backend).await);
    table.start().await;
    let featured = table.open_ballot().await.featured;
    let mut tasks = Vec::new();
    for task in 0..20 {
        let table = table.clone();
        let featured = featured.clone();
        tasks.push(tokio::spawn(async move {
            for voter in 0..25 {
                let id = format!("voter-{task}-{voter}");
                // Each voter votes three times; only the last vote counts.
                for round in 0..3 {
                    let option = (task + voter + round) % featured.len() + 1;
                    table
                        .service
                        .votes().cast(CHANNEL, &id, &option.to_string(), table.service.now())
                        .await
                        .unwrap();
                }
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let mut expected = std::collections::BTreeMap::new();
    for task in 0..20 {
        for voter in 0..25 {
            let option = (task + voter + 2) % featured.len();
            *expected.entry(featured[option].clone()).or_insert(0u32) += 1;
        }
    }
    let tally: std::collections::BTreeMap<String, u32> = table
        .service
        .games().status(CHANNEL)
        .await
        .unwrap()
        .tally
        .into_iter()
        .collect();
    assert_eq!(tally, expected);
    assert_eq!(tally.values().sum::<u32>(), 500);
}
}

on_each_backend! {
#[tokio::test]
async fn random_games_rebuild_exactly_from_their_moves(backend) {
    use rand::{Rng, SeedableRng};
    for seed in 0..6u64 {
        let table = Table::new(backend).await;
        let game = table.start().await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        loop {
            let view = table.service.games().status(CHANNEL).await.unwrap();
            if view.game.status == GameStatus::Finished {
                break;
            }
            let ballot = view.ballot.unwrap();
            for voter in 0..rng.random_range(1..6) {
                let mv = &ballot.legal[rng.random_range(0..ballot.legal.len())];
                table
                    .service
                    .votes().cast(CHANNEL, &format!("v{voter}"), mv, table.service.now())
                    .await
                    .unwrap();
            }
            table.close_now().await;
            // After every turn the stored position is what the moves replay to.
            let row = table.store.game(game).await.unwrap().unwrap();
            let record = table.service.games().record_of(game).await.unwrap();
            let positions = record.positions().expect("the stored moves replay");
            assert_eq!(
                positions.last().unwrap().position(),
                row.position,
                "seed {seed}"
            );
            assert_eq!(positions.len() as u32, row.ply + 1);
        }
    }
}
}

/// A platform's native poll, scripted: its final answers, or a failure.
struct ScriptedPoll {
    answers: std::sync::Mutex<Result<Vec<(String, usize)>, String>>,
    asked: std::sync::atomic::AtomicUsize,
}

impl holotable::service::PollSource for ScriptedPoll {
    fn final_answers(&self, _ballot: BallotId) -> holotable::service::PollFuture<'_> {
        self.asked.fetch_add(1, Ordering::SeqCst);
        let answers = self.answers.lock().unwrap().clone();
        Box::pin(async move { answers.map(Some) })
    }

    /// These games' servers set no voter rules: no member is asked for.
    fn members(
        &self,
        _ballot: BallotId,
        _server: holotable_store::ServerKey,
        voters: Vec<String>,
    ) -> holotable::service::MembersFuture<'_> {
        panic!("no voter rules, yet the close asked for members {voters:?}")
    }
}

fn scripted_poll(answers: Result<Vec<(&str, usize)>, &str>) -> Arc<ScriptedPoll> {
    Arc::new(ScriptedPoll {
        answers: std::sync::Mutex::new(
            answers
                .map(|list| list.into_iter().map(|(v, o)| (v.to_string(), o)).collect())
                .map_err(str::to_string),
        ),
        asked: std::sync::atomic::AtomicUsize::new(0),
    })
}

async fn community_move(table: &Table, game: holotable_store::GameId) -> (String, Option<i64>) {
    let moves = table.store.moves(game).await.unwrap();
    (moves[0].notation.clone(), moves[0].votes)
}

on_each_backend! {
#[tokio::test]
async fn poll_votes_arrive_change_and_withdraw(backend) {
    let table = Table::new(backend).await;
    table.start().await;
    let ballot = table.open_ballot().await;
    let receipt = table.service.votes().poll_vote(ballot.id, "ann", 2).await.unwrap();
    assert_eq!(
        (receipt.mv.as_str(), receipt.option),
        (ballot.featured[1].as_str(), Some(2))
    );
    table.service.votes().poll_vote(ballot.id, "ann", 3).await.unwrap();
    // Withdrawing an answer the voter no longer has changes nothing.
    assert!(
        !table
            .service
            .votes().withdraw_poll_vote(ballot.id, "ann", 2)
            .await
            .unwrap()
    );
    assert!(
        table
            .service
            .votes().withdraw_poll_vote(ballot.id, "ann", 3)
            .await
            .unwrap()
    );
    assert!(
        table
            .service
            .games().status(CHANNEL)
            .await
            .unwrap()
            .tally
            .is_empty()
    );
    assert!(matches!(
        refusal(table.service.votes().poll_vote(ballot.id, "ann", 11).await),
        Refusal::Vote(VoteRefusal::NoSuchOption { count: 8, .. })
    ));
}
}

on_each_backend! {
#[tokio::test]
async fn the_close_reconciles_with_the_polls_final_answers(backend) {
    let table = Table::new(backend).await;
    let game = table.start().await;
    let ballot = table.open_ballot().await;
    // Events seen: ann answered 1 (then left the poll, event missed), bob
    // voted by command. Missed: cy and dee answered 4.
    table.service.votes().poll_vote(ballot.id, "ann", 1).await.unwrap();
    table
        .service
        .votes().cast(CHANNEL, "bob", "1", table.service.now())
        .await
        .unwrap();
    let poll = scripted_poll(Ok(vec![("bob", 2), ("cy", 4), ("dee", 4)]));
    table.service.votes().set_poll_source(poll.clone());
    table.close_now().await;
    assert_eq!(poll.asked.load(Ordering::SeqCst), 1);
    // Option 4 has two votes; bob's command vote stands, ann's is gone.
    assert_eq!(
        community_move(&table, game).await,
        (ballot.featured[3].clone(), Some(2))
    );
    let closed = table
        .store
        .ballot(ballot.id)
        .await
        .unwrap()
        .unwrap();
    let total: u32 = closed.tally.unwrap().iter().map(|(_, n)| n).sum();
    assert_eq!(total, 3, "bob, cy and dee");
}
}

on_each_backend! {
#[tokio::test]
async fn a_failing_poll_source_does_not_hold_up_the_close(backend) {
    let table = Table::new(backend).await;
    let game = table.start().await;
    let ballot = table.open_ballot().await;
    table.service.votes().poll_vote(ballot.id, "ann", 5).await.unwrap();
    table
        .service
        .votes().set_poll_source(scripted_poll(Err("discord is down")));
    table.close_now().await;
    assert_eq!(
        community_move(&table, game).await,
        (ballot.featured[4].clone(), Some(1))
    );
}
}

on_each_backend! {
#[tokio::test]
async fn the_starter_role_is_set_by_managers_only(backend) {
    let table = Table::new(backend).await;
    let visitor = Actor {
        can_manage: false,
        ..admin()
    };
    assert!(matches!(
        refusal(
            table
                .service
                .servers().set_starter_role(CHANNEL, Some("42"), &visitor)
                .await
        ),
        Refusal::NotAllowed { .. }
    ));
    table
        .service
        .servers().set_starter_role(CHANNEL, Some("42"), &admin())
        .await
        .unwrap();
    assert_eq!(
        table
            .service
            .servers().starter_role(CHANNEL)
            .await
            .unwrap()
            .as_deref(),
        Some("42")
    );
    table
        .service
        .servers().set_starter_role(CHANNEL, None, &admin())
        .await
        .unwrap();
    assert_eq!(table.service.servers().starter_role(CHANNEL).await.unwrap(), None);
}
}

on_each_backend! {
#[tokio::test]
async fn dejarik_ballots_cover_both_actions_and_pushes_and_dice_are_recorded(backend) {
    let table = Table::new(backend).await;
    let mut request = start_request();
    request.kind = GameKind::Dejarik;
    let game = table.service.games().start(request).await.unwrap();
    let mut community_plies = Vec::new();
    for turn in 0.. {
        let view = table.service.games().status(CHANNEL).await.unwrap();
        if view.game.status == GameStatus::Finished {
            break;
        }
        assert!(turn < 400, "the game ends");
        let ballot = view.ballot.expect("an active game has a ballot");
        community_plies.push(ballot.id.ply);
        // Attack whenever possible, so combat, dice and pushes happen.
        let choice = ballot
            .legal
            .iter()
            .find(|m| m.contains('x'))
            .unwrap_or(&ballot.legal[0])
            .clone();
        table
            .service
            .votes().cast(CHANNEL, "ann", &choice, table.service.now())
            .await
            .unwrap();
        table.close_now().await;
    }
    let moves = table.store.moves(game).await.unwrap();
    assert!(
        moves
            .iter()
            .any(|m| m.decided_by == "chance" && m.notation.starts_with("roll ")),
        "dice are recorded as decisions"
    );
    // The community decides twice in a row (its two actions) at least once.
    assert!(
        community_plies.windows(2).any(|w| w[1] == w[0] + 1),
        "{community_plies:?}"
    );
    let record = table.service.games().record_of(game).await.unwrap();
    let row = table.store.game(game).await.unwrap().unwrap();
    assert_eq!(
        record.positions().unwrap().last().unwrap().position(),
        row.position
    );
}
}
