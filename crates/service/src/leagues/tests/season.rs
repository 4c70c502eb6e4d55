//! The season: a double round robin played to its champion through the
//! door and the games' own ballots, a community that leaves mid-season,
//! threads taking their sides, and steps that two processes take at once.

use super::*;
use holotable_games::{Ending, Seat, SeatResult};
use holotable_leagues::pairing::Cycles;
use holotable_leagues::standings::standings as expected_table;
use holotable_leagues::{Colour, Finish, Fixture, Outcome};

/// Who wins game `index` of the season, as the test decides it: a mix,
/// so the table needs its tie-breaks.
fn winner(index: usize) -> Colour {
    if index % 3 == 1 {
        Colour::Second
    } else {
        Colour::First
    }
}

/// The first side of `game` votes the first move in its thread, so that
/// it plays on and the second side, silent, loses on time.
async fn first_side_votes(service: &Service, store: &Store, game: GameId, clock: &ManualClock) {
    let thread = side_channel(store, game, 0).await;
    assert!(thread.contains("/t"), "{thread} is a thread");
    let view = service.games().status(&thread).await.unwrap();
    let ballot = view.ballot.expect("the first ballot is open");
    assert_eq!(ballot.seat, 0);
    service
        .votes()
        .cast(&thread, "voter", &ballot.legal[0], clock.now())
        .await
        .unwrap();
}

/// A four-community double round robin from entry to champion, played
/// through the door and the games' ballots on a hand-moved clock: each
/// result is written by the transaction that ends its game, each round
/// starts when the last game of the one before ends, and the table after
/// each round is `holotable_leagues::standings` of the results the test
/// decided.
async fn season(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 4).await;
    clock.set(START + DAY_MS);
    assert!(leagues.run_due(clock.now() - 1).await.unwrap() == DueReport::default());
    assert_eq!(
        leagues.run_due(clock.now()).await.unwrap().started,
        [league.id]
    );

    let schedule = RoundRobin::new(4, Cycles::Double).unwrap();
    let mut results: Vec<GameResult> = Vec::new();
    let mut played = 0;
    for pairings in schedule.rounds() {
        let round = pairings.round;
        open_threads(&store, leagues, league.id, round).await;
        let games: Vec<_> = store
            .league_games(league.id)
            .await
            .unwrap()
            .into_iter()
            .filter(|g| g.key.round == round)
            .collect();
        let fixtures: Vec<Fixture> = games.iter().map(|g| g.fixture().unwrap()).collect();
        assert_eq!(fixtures, pairings.pairings, "round {round} is Berger's");
        for game in &games {
            let colour = winner(played);
            played += 1;
            if colour == Colour::First {
                first_side_votes(&service, &store, game.game.unwrap(), &clock).await;
            }
            results.push(GameResult {
                fixture: game.fixture().unwrap(),
                finish: Finish::Played(Outcome::won_by(colour)),
            });
        }
        let_ballots_pass(&service, &clock).await;
        for game in store.league_games(league.id).await.unwrap() {
            let Some(id) = game.game.filter(|_| game.key.round == round) else {
                continue;
            };
            let state = store.game(id).await.unwrap().unwrap();
            assert_eq!(state.status, GameStatus::Finished, "round {round}");
            assert!(game.finish.is_some(), "recorded as the game ended");
            assert_eq!(game.ended_at, state.finished_at, "when it ended");
        }
        let report = leagues.run_due(clock.now()).await.unwrap();
        let table = leagues.standings(league.id).await.unwrap();
        let expected = expected_table(4, &results, &[]).unwrap();
        let rows: Vec<_> = table.rows.iter().map(|r| r.row.clone()).collect();
        assert_eq!(rows, expected, "the table after round {round}");
        if usize::from(round.0) < schedule.rounds().len() {
            assert_eq!(report.rounds, [(league.id, Round(round.0 + 1))]);
            let started = store.league_rounds(league.id).await.unwrap();
            assert_eq!(
                started.last().unwrap().started_at,
                clock.now(),
                "at the last game's end, long before the deadline"
            );
        } else {
            assert_eq!(report.finished, [league.id]);
        }
    }
    let table = leagues.standings(league.id).await.unwrap();
    assert_eq!(table.league.status, LeagueStatus::Finished);
    let champion = &table.rows[0];
    assert_eq!(
        champion.row.entrant,
        expected_table(4, &results, &[]).unwrap()[0].entrant
    );
    assert_eq!(champion.server, server(champion.row.entrant.index() + 1));
    assert_eq!(results.len(), 12, "six rounds of two games");
    assert!(leagues.run_due(Millis::MAX).await.unwrap() == DueReport::default());
    service.close().await;
    db.drop().await;
}
on_both!(a_double_round_robin_is_played_to_its_champion, season);

/// A community that leaves after the start forfeits every game it has not
/// finished: its live games end with its side out, their results stay
/// forfeits (not wins on the board), and its later games are created
/// already forfeited; the games of others play on.
async fn leaving(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let two_games = LeagueSpec {
        format: LeagueFormat::RoundRobin,
        games_per_pairing: GamesPerPairing::Two,
        ..spec(START + DAY_MS)
    };
    let league = entered(&service, &clock, two_games, 4).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    open_threads(&store, leagues, league.id, Round(1)).await;
    // Round 1 is 0-3 and 1-2, two games each with colours swapped.
    let round_one = store.league_games(league.id).await.unwrap();
    assert_eq!(round_one.len(), 4);

    // Community 1 (entrant 0) leaves.
    leagues
        .leave(league.id, &server(1), &manager("m1"))
        .await
        .unwrap();
    assert_eq!(
        refused(leagues.leave(league.id, &server(1), &manager("m1")).await),
        LeagueRefusal::NotEntered
    );
    for game in store.league_games(league.id).await.unwrap() {
        let state = store.game(game.game.unwrap()).await.unwrap().unwrap();
        match game.fixture().unwrap().colour_of(Entrant(0)) {
            Some(colour) => {
                assert_eq!(game.pair_finish(), Some(Finish::Forfeited { by: colour }));
                assert_eq!(state.status, GameStatus::Finished);
                let outcome = state.outcome.unwrap();
                let seat = match colour {
                    Colour::First => Seat(0),
                    Colour::Second => Seat(1),
                };
                assert_eq!(outcome.results[seat], SeatResult::Loss);
                assert!(matches!(outcome.reason, Ending::CommunityResigned { .. }));
            }
            None => {
                assert_eq!(game.finish, None, "others play on");
                assert_eq!(state.status, GameStatus::Active);
            }
        }
    }
    let table = leagues.standings(league.id).await.unwrap();
    let row = |entrant| {
        table
            .rows
            .iter()
            .find(|r| r.row.entrant == Entrant(entrant))
            .unwrap()
            .row
            .clone()
    };
    assert_eq!((row(0).forfeited, row(0).points.0), (2, 0));
    assert_eq!(
        (row(3).won_by_forfeit, row(3).won, row(3).points.0),
        (2, 0, 4)
    );

    // The others' games end; round 2 starts, and the leaver's games in it
    // are forfeits from the start, with no community game.
    let_ballots_pass(&service, &clock).await;
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.rounds, [(league.id, Round(2))]);
    let round_two: Vec<_> = store
        .league_games(league.id)
        .await
        .unwrap()
        .into_iter()
        .filter(|g| g.key.round == Round(2))
        .collect();
    assert_eq!(round_two.len(), 4);
    for game in &round_two {
        match game.fixture().unwrap().colour_of(Entrant(0)) {
            Some(by) => {
                assert_eq!(
                    (game.game, game.pair_finish()),
                    (None, Some(Finish::Forfeited { by }))
                );
                assert_eq!(game.ended_at, Some(clock.now()));
            }
            None => assert!(game.game.is_some() && game.finish.is_none()),
        }
    }
    let table = leagues.standings(league.id).await.unwrap();
    let leaver = table.rows.iter().find(|r| r.server == server(1)).unwrap();
    assert_eq!(leaver.row.forfeited, 4);
    service.close().await;
    db.drop().await;
}
on_both!(
    a_community_that_leaves_forfeits_what_it_has_not_finished,
    leaving
);

/// A side plays under its placeholder until its thread is reported; then
/// the side, its game and what was queued for it move to the thread,
/// once, and the other side stays where it was until its own report.
async fn threads(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 2).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    let game = store.league_games(league.id).await.unwrap()[0]
        .game
        .unwrap();
    let outbox = store.outbox();
    let queued = |channel: String| {
        let outbox = &outbox;
        async move {
            let queued = outbox
                .pending_in_channel(&channel, i64::MAX, 100)
                .await
                .unwrap();
            queued.into_iter().map(|a| a.id).collect::<Vec<_>>()
        }
    };
    let first = side_channel(&store, game, 0).await;
    let second = side_channel(&store, game, 1).await;
    assert!(first.starts_with("league:") && second.starts_with("league:"));
    let waiting = queued(first.clone()).await;
    assert!(!waiting.is_empty(), "the start and the first ballot");
    let parent = outbox
        .pending_in_channel(channel(1).as_str(), i64::MAX, 100)
        .await
        .unwrap();
    let kinds: Vec<&str> = parent.iter().map(|a| a.kind.as_str()).collect();
    assert_eq!(
        kinds,
        ["league-schedule", "league-round"],
        "the parent is told of the league, the game is played in its thread"
    );

    // Entrant 0 is community 1: its side is seat 0.
    let thread = thread_of(&channel(1), game);
    let before = store.game(game).await.unwrap().unwrap();
    assert!(
        !leagues
            .thread_opened(game, &channel(9), &thread)
            .await
            .unwrap(),
        "no side of this game plays under channel 9"
    );
    assert!(
        leagues
            .thread_opened(game, &channel(1), &thread)
            .await
            .unwrap()
    );
    assert!(
        !leagues
            .thread_opened(game, &channel(1), &thread)
            .await
            .unwrap(),
        "a repeat is a no-op"
    );
    // A step planned before the report, with announcements addressed to
    // the placeholder, is refused; planned again, it sees the thread.
    let stale = holotable_store::Transition {
        expected_version: before.version,
        at: clock.now(),
        ..Default::default()
    };
    assert!(matches!(
        store.apply(game, &stale).await,
        Err(holotable_store::StoreError::Conflict)
    ));
    assert_eq!(side_channel(&store, game, 0).await, thread.0);
    assert_eq!(side_channel(&store, game, 1).await, second, "not yet");
    assert!(queued(first).await.is_empty());
    assert_eq!(queued(thread.0.clone()).await, waiting, "moved, in order");
    let view = service.games().status(&thread.0).await.unwrap();
    assert_eq!(view.game.id, game);
    assert_eq!(view.ballot.map(|b| b.seat), Some(0));
    let threads = store.league_threads(game).await.unwrap();
    let reported: Vec<_> = threads.iter().map(|(_, _, t)| t.clone()).collect();
    assert!(reported.contains(&Some(thread.clone())) && reported.contains(&None));
    service.close().await;
    db.drop().await;
}
on_both!(a_thread_takes_its_side_and_what_was_queued_for_it, threads);

/// Two services on one database run the same due step at once: the
/// league starts once, and its next round starts once.
async fn race(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, one) = open(&db.url, &clock).await;
    let (_, two) = open(&db.url, &clock).await;
    let league = entered(&one, &clock, spec(START + DAY_MS), 4).await;
    clock.set(START + DAY_MS);
    let now = clock.now();
    let (a, b) = tokio::join!(one.leagues().run_due(now), two.leagues().run_due(now));
    let started = a.unwrap().started.len() + b.unwrap().started.len();
    assert_eq!(started, 1, "the league started once");
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 1);
    assert_eq!(store.league_games(league.id).await.unwrap().len(), 2);
    assert_eq!(games_in_database(&store).await, 2);

    // Round 1 passes its deadline with its games still playing: the next
    // round starts once, and round 1's games play on.
    clock.advance(MOVE_MS * Millis::from(ROUND_MOVES));
    let now = clock.now();
    let (a, b) = tokio::join!(one.leagues().run_due(now), two.leagues().run_due(now));
    let rounds = a.unwrap().rounds.len() + b.unwrap().rounds.len();
    assert_eq!(rounds, 1, "round 2 started once");
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 2);
    let games = store.league_games(league.id).await.unwrap();
    assert_eq!(games.len(), 4);
    assert!(games.iter().all(|g| g.finish.is_none()));
    assert_eq!(games_in_database(&store).await, 4);
    one.close().await;
    two.close().await;
    db.drop().await;
}
on_both!(a_round_starts_once_when_two_services_race, race);

/// The race without luck: two processes read the same league and plan the
/// same step before either writes. The start and the round are written
/// once, and the loser's games are not written at all.
async fn planned_twice(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, one) = open(&db.url, &clock).await;
    let (_, two) = open(&db.url, &clock).await;
    let league = entered(&one, &clock, spec(START + DAY_MS), 4).await;
    clock.set(START + DAY_MS);
    let now = clock.now();
    let read = store.league(league.id).await.unwrap().unwrap();
    assert!(one.leagues().start(&read, now).await.unwrap());
    assert!(!two.leagues().start(&read, now).await.unwrap());
    assert_eq!(games_in_database(&store).await, 2);

    clock.advance(MOVE_MS * Millis::from(ROUND_MOVES));
    let now = clock.now();
    let read = store.league(league.id).await.unwrap().unwrap();
    let entrants = store.league_entrants(league.id).await.unwrap();
    let schedule = RoundRobin::new(4, Cycles::Double).unwrap();
    let pairings = schedule.round(Round(2)).unwrap();
    let a = one.leagues().plan_round(&read, &entrants, pairings, now);
    let b = two.leagues().plan_round(&read, &entrants, pairings, now);
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    assert!(store.start_round(league.id, read.epoch, &a).await.unwrap());
    assert!(matches!(
        store.start_round(league.id, read.epoch, &b).await,
        Err(holotable_store::StoreError::Conflict)
    ));
    let again = store.league(league.id).await.unwrap().unwrap();
    assert!(
        !store.start_round(league.id, again.epoch, &b).await.unwrap(),
        "the round's key, read again"
    );
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 2);
    assert_eq!(store.league_games(league.id).await.unwrap().len(), 4);
    assert_eq!(games_in_database(&store).await, 4);
    one.close().await;
    two.close().await;
    db.drop().await;
}
on_both!(a_step_planned_twice_is_written_once, planned_twice);

/// A community that enters between the start's read of the entrants and
/// its write is not left in the league without an entry number: the
/// write fails and the start, planned again, numbers it.
async fn late_join(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 3).await;
    let read = store.league(league.id).await.unwrap().unwrap();
    let entrants = store.league_entrants(league.id).await.unwrap();
    let numbered: Vec<_> = entrants
        .iter()
        .zip(Entrant::all(3))
        .map(|(e, n)| (e.server.clone(), n, None))
        .collect();
    let schedule = RoundRobin::new(3, Cycles::Double).unwrap();
    let first = leagues
        .plan_round(&read, &entrants, schedule.round(Round(1)).unwrap(), START)
        .await
        .unwrap();
    clock.advance(1);
    leagues.join(join(&league.code, 4)).await.unwrap();
    assert!(matches!(
        store.start_league(league.id, &numbered, &first).await,
        Err(holotable_store::StoreError::Conflict)
    ));
    assert_eq!(games_in_database(&store).await, 0, "nothing written");
    assert_eq!(
        leagues.league(league.id).await.unwrap().status,
        LeagueStatus::Entering
    );

    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    let entrants = store.league_entrants(league.id).await.unwrap();
    let numbers: Vec<_> = entrants.iter().map(|e| e.entrant).collect();
    assert_eq!(numbers, Entrant::all(4).map(Some).collect::<Vec<_>>());
    assert_eq!(store.league_games(league.id).await.unwrap().len(), 2);
    service.close().await;
    db.drop().await;
}
on_both!(a_join_during_the_start_is_numbered_or_refused, late_join);

/// Regression: a closed ballot's context stayed cached for every side's
/// channel but the game's first, so a side voting again in a shared game
/// had its move checked against the ballot it voted on before, and a
/// move only the open ballot allows was refused as illegal. Four-army
/// tables, where every side votes many times, ran into it at once.
async fn second_vote(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 2).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    open_new_threads(&store, leagues, league.id).await;
    let game = store.league_games(league.id).await.unwrap()[0]
        .game
        .unwrap();
    let mut seen: Vec<Vec<String>> = Vec::new();
    for ply in 0..3u8 {
        let ballot = open_ballot(&store, game).await;
        assert_eq!(ballot.seat, ply % 2);
        vote(
            &service,
            &store,
            &clock,
            game,
            ballot.seat,
            &ballot.legal[0],
        )
        .await;
        seen.push(ballot.legal.clone());
        clock.advance(MOVE_MS + 1);
        service.turns().close_due().await.unwrap();
    }
    // The second side's second ballot: a move its first did not offer.
    let ballot = open_ballot(&store, game).await;
    assert_eq!(ballot.seat, 1);
    let new_move = ballot
        .legal
        .iter()
        .find(|m| !seen[1].contains(m))
        .expect("a move the second side's first ballot did not offer");
    vote(&service, &store, &clock, game, 1, new_move).await;
    service.close().await;
    db.drop().await;
}
on_both!(
    a_sides_second_vote_is_checked_against_the_open_ballot_not_a_closed_one,
    second_vote
);

/// Regression: a game that ended while a step of its league was under way
/// (after the step had read the games) left the league's next look as it
/// was, already due, and the step then cleared it, so the last round was
/// never seen over and the league never finished. The step here is the
/// end's check with the league and its games read before the last game
/// ended.
async fn woken_during_a_step(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let two_games = LeagueSpec {
        format: LeagueFormat::RoundRobin,
        games_per_pairing: GamesPerPairing::Two,
        ..spec(START + DAY_MS)
    };
    let league = entered(&service, &clock, two_games, 2).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    open_threads(&store, leagues, league.id, Round(1)).await;
    let games = round_games(&store, league.id, Round(1)).await;
    assert_eq!(games.len(), 2, "one round of two games");
    // Leg 1's first side votes and plays on; leg 0's is silent and loses.
    let leg_one = games[1].game.unwrap();
    let ballot = open_ballot(&store, leg_one).await;
    vote(
        &service,
        &store,
        &clock,
        leg_one,
        ballot.seat,
        &ballot.legal[0],
    )
    .await;
    clock.advance(MOVE_MS + 1);
    service.turns().close_due().await.unwrap();
    assert!(
        store
            .due_leagues(clock.now())
            .await
            .unwrap()
            .contains(&league.id)
    );
    let read = store.league(league.id).await.unwrap().unwrap();
    let seen = store.league_games(league.id).await.unwrap();
    assert!(seen[0].finish.is_some() && seen[1].finish.is_none());

    // Leg 1 ends before the step writes its next look.
    clock.advance(MOVE_MS + 1);
    service.turns().close_due().await.unwrap();
    assert!(
        round_games(&store, league.id, Round(1)).await[1]
            .finish
            .is_some()
    );
    leagues
        .end_when_played(&read, &seen, Round(1), clock.now())
        .await
        .unwrap();
    assert!(
        store
            .due_leagues(clock.now())
            .await
            .unwrap()
            .contains(&league.id),
        "the last game's end still makes the league due"
    );
    assert_eq!(
        leagues.run_due(clock.now()).await.unwrap().finished,
        [league.id]
    );
    service.close().await;
    db.drop().await;
}
on_both!(
    a_game_ending_during_a_step_still_wakes_its_league,
    woken_during_a_step
);

/// Regression: a leave and a round's start planned from the same reads
/// each wrote, so the leaver kept live games in the new round (planned
/// before it left), or its leave forfeited only the games it had read
/// (the round came between). Whichever writes second is now refused
/// (the league's epoch moved) and, planned again, forfeits them all.
async fn leave_races_a_round(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 4).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    let schedule = RoundRobin::new(4, Cycles::Double).unwrap();
    let plan = |round: u16| {
        let store = store.clone();
        let pairings = schedule.round(Round(round)).unwrap().clone();
        let now = clock.now();
        async move {
            let read = store.league(league.id).await.unwrap().unwrap();
            let entrants = store.league_entrants(league.id).await.unwrap();
            let new = leagues
                .plan_round(&read, &entrants, &pairings, now)
                .await
                .unwrap();
            (read, new)
        }
    };
    let live_for = |games: Vec<holotable_store::LeagueGameRow>, entrant| {
        games
            .into_iter()
            .filter(|g| g.fixture().unwrap().colour_of(entrant).is_some())
            .filter(|g| g.finish.is_none())
            .count()
    };

    // The round is planned, then community 1 (entrant 0) leaves: the
    // round, planned with entrant 0 playing, is refused.
    clock.advance(MOVE_MS * Millis::from(ROUND_MOVES));
    let (read, stale) = plan(2).await;
    leagues
        .leave(league.id, &server(1), &manager("m1"))
        .await
        .unwrap();
    assert!(matches!(
        store.start_round(league.id, read.epoch, &stale).await,
        Err(holotable_store::StoreError::Conflict)
    ));
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 1);
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.rounds, [(league.id, Round(2))]);
    let games = store.league_games(league.id).await.unwrap();
    assert_eq!(live_for(games, Entrant(0)), 0, "planned again: forfeits");

    // Community 2 (entrant 1) plans its leave from the games of rounds 1
    // and 2; round 3 starts before the leave writes: the leave is refused.
    let before = store.league(league.id).await.unwrap().unwrap();
    let forfeits: Vec<_> = store
        .league_games(league.id)
        .await
        .unwrap()
        .into_iter()
        .filter(|g| g.finish.is_none())
        .filter_map(|g| {
            let by = g.fixture().unwrap().colour_of(Entrant(1))?;
            Some((g.key, Finish::Forfeited { by }))
        })
        .collect();
    clock.advance(MOVE_MS * Millis::from(ROUND_MOVES));
    let (read, third) = plan(3).await;
    assert!(
        store
            .start_round(league.id, read.epoch, &third)
            .await
            .unwrap()
    );
    assert!(matches!(
        store
            .leave_league(
                league.id,
                before.epoch,
                &server(2),
                &forfeits,
                &[],
                clock.now()
            )
            .await,
        Err(holotable_store::StoreError::Conflict)
    ));
    let games = store.league_games(league.id).await.unwrap();
    assert!(live_for(games, Entrant(1)) > 0, "nothing written");
    leagues
        .leave(league.id, &server(2), &manager("m2"))
        .await
        .unwrap();
    let games = store.league_games(league.id).await.unwrap();
    assert_eq!(live_for(games, Entrant(1)), 0, "round 3's games too");
    service.close().await;
    db.drop().await;
}
on_both!(
    a_leave_and_a_round_planned_at_once_forfeit_every_game,
    leave_races_a_round
);

/// A leave the store refuses says why: the community had left already,
/// or the league ended or was cancelled since the door read it (the
/// door answers Over then, not "this community is not in the league").
async fn refused_leaves(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 4).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    leagues
        .leave(league.id, &server(1), &manager("m1"))
        .await
        .unwrap();
    let read = store.league(league.id).await.unwrap().unwrap();
    let leave = |n: usize| {
        let store = store.clone();
        let now = clock.now();
        async move {
            store
                .leave_league(league.id, read.epoch, &server(n), &[], &[], now)
                .await
                .unwrap()
        }
    };
    assert_eq!(leave(1).await, holotable_store::Left::AlreadyLeft);
    leagues
        .cancel(league.id, &manager("creator"))
        .await
        .unwrap();
    assert_eq!(leave(2).await, holotable_store::Left::NotRunning);
    service.close().await;
    db.drop().await;
}
on_both!(a_refused_leave_says_why, refused_leaves);

/// Regression: a community that withdrew after the start's count (the
/// creator's `enough`, the scheduler's `cancel_unfilled_league`) left
/// fewer entrants than the format needs, and the start failed as an
/// inconsistency instead of refusing (or cancelling) for too few.
async fn withdrawn_at_the_start(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 2).await;
    let read = store.league(league.id).await.unwrap().unwrap();
    leagues
        .leave(league.id, &server(2), &manager("m2"))
        .await
        .unwrap();
    assert_eq!(
        refused(leagues.start(&read, clock.now()).await),
        LeagueRefusal::TooFew { needed: 2, got: 1 }
    );
    assert_eq!(games_in_database(&store).await, 0);
    clock.set(START + DAY_MS);
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.cancelled, [league.id]);
    service.close().await;
    db.drop().await;
}
on_both!(
    a_withdrawal_during_the_start_refuses_for_too_few,
    withdrawn_at_the_start
);
