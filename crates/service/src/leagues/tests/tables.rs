//! A four-army season: five communities of four-army Djambi, one table a
//! round and one community sitting it out, each table placed by the order
//! its armies went out (read from the game's record once it ended), a
//! community that leaves mid-game placed where it fell and marked as
//! left, and the table after each round equal to
//! `holotable_leagues::standings` of the places and byes the test decided.

use super::*;
use holotable_leagues::standings::standings as expected_table;
use holotable_leagues::tables::TableResult;
use holotable_leagues::{Bye, Round};
use holotable_store::{LeagueFinish, LeagueSeats, TableFinish};

fn tables_spec(start_at: Millis) -> LeagueSpec {
    LeagueSpec {
        kind: GameKind::Djambi,
        format: LeagueFormat::Tables,
        ..spec(start_at)
    }
}

/// A move for the side to move of `game` that takes no army out of
/// play, so the test alone decides the order in which armies go out.
fn quiet_move(position: &AnyGame, legal: &[String]) -> String {
    let in_play: Vec<_> = (0..4)
        .map(holotable_games::Seat)
        .filter(|&s| position.seat_in_play(s))
        .collect();
    legal
        .iter()
        .find(|notation| {
            let mut after = position.clone();
            after.play_notation(notation).is_ok() && in_play.iter().all(|&s| after.seat_in_play(s))
        })
        .expect("a move that fells no army")
        .clone()
}

/// Plays table `game` until it ends: each army in `out` goes out, in
/// that order, by letting its ballot pass without a vote (or its
/// community leaves the league when `leaves` names it, on its turn); the
/// others vote a quiet move. The last army in play wins.
async fn play_table(
    service: &Service,
    store: &Store,
    clock: &ManualClock,
    league: LeagueId,
    game: GameId,
    out: [u8; 3],
    leaves: Option<(u8, ServerKey)>,
) {
    let mut next = 0;
    loop {
        let state = store.game(game).await.unwrap().unwrap();
        if state.status == GameStatus::Finished {
            assert_eq!(next, 3, "every army the test sent out went out");
            return;
        }
        let ballot = open_ballot(store, game).await;
        if next < 3 && ballot.seat == out[next] {
            next += 1;
            if let Some((seat, server)) = &leaves
                && *seat == ballot.seat
            {
                service
                    .leagues()
                    .leave(league, server, &manager("leaver"))
                    .await
                    .unwrap();
                continue;
            }
        } else {
            let position =
                AnyGame::from_position(state.kind, &state.rules, &state.position).unwrap();
            let notation = quiet_move(&position, &ballot.legal);
            vote(service, store, clock, game, ballot.seat, &notation).await;
        }
        clock.advance(MOVE_MS + 1);
        service.turns().close_due().await.unwrap();
    }
}

/// Places from the order armies went out: the first out is fourth, the
/// last in play first.
fn places_of(out: [u8; 3]) -> [u8; 4] {
    let mut places = [1; 4];
    for (k, seat) in out.iter().enumerate() {
        places[usize::from(*seat)] = 4 - u8::try_from(k).unwrap();
    }
    places
}

async fn table_season(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, tables_spec(START + DAY_MS), 5).await;
    clock.set(START + DAY_MS);
    assert_eq!(
        leagues.run_due(clock.now()).await.unwrap().started,
        [league.id]
    );

    let mut results: Vec<GameResult> = Vec::new();
    let mut byes: Vec<Bye> = Vec::new();
    // Round 1 the armies go out as 2, 0, 3 (1 wins); round 2 the first
    // out is a community that leaves the league on its turn.
    let rounds: [([u8; 3], bool); 2] = [([2, 0, 3], false), ([0, 1, 2], true)];
    // Who sits each round out, as its start records it: a bye counts from
    // then on.
    let sitting_out = |round: Round| {
        let store = store.clone();
        async move {
            let started = store.league_rounds(league.id).await.unwrap();
            let row = started.iter().find(|r| r.round == round).expect("started");
            assert_eq!(row.sitting_out.len(), 1, "five play as one table and a bye");
            row.sitting_out[0]
        }
    };
    byes.push(Bye {
        entrant: sitting_out(Round(1)).await,
        round: Round(1),
    });
    for (index, (out, leaving)) in rounds.into_iter().enumerate() {
        let round = Round::from_index(index).unwrap();
        let sitting_out_now = byes.last().unwrap().entrant;
        let games = round_games(&store, league.id, round).await;
        assert_eq!(games.len(), 1);
        let LeagueSeats::Table(table) = games[0].seats else {
            panic!("a table")
        };
        assert!(!table.seats.contains(&sitting_out_now));
        let id = games[0].game.unwrap();
        open_new_threads(&store, leagues, league.id).await;
        let leaver = leaving.then(|| {
            let entrant = table.seats[usize::from(out[0])];
            (out[0], server(entrant.index() + 1))
        });
        play_table(&service, &store, &clock, league.id, id, out, leaver).await;

        // The game's end records when it ended, not yet its places.
        let ended = round_games(&store, league.id, round).await;
        let state = store.game(id).await.unwrap().unwrap();
        assert_eq!(ended[0].ended_at, state.finished_at);
        assert_eq!(ended[0].finish, None, "places come from the record");

        let report = leagues.run_due(clock.now()).await.unwrap();
        let places = places_of(out);
        let left = [leaving, false, false, false];
        let placed = round_games(&store, league.id, round).await;
        assert_eq!(
            placed[0].finish,
            Some(LeagueFinish::Table(TableFinish { places, left })),
            "round {round}"
        );
        results.extend(
            TableResult {
                table,
                places,
                left,
            }
            .games()
            .unwrap(),
        );
        if index == 0 {
            assert_eq!(report.rounds, [(league.id, Round(2))]);
            let next = sitting_out(Round(2)).await;
            assert_ne!(
                next, sitting_out_now,
                "nobody sits out twice before everyone has once"
            );
            byes.push(Bye {
                entrant: next,
                round: Round(2),
            });
        } else {
            assert_eq!(report.finished, [league.id]);
        }
        let table_now = leagues.standings(league.id).await.unwrap();
        let rows: Vec<_> = table_now.rows.iter().map(|r| r.row.clone()).collect();
        assert_eq!(
            rows,
            expected_table(5, &results, &byes).unwrap(),
            "the table after round {round}"
        );
    }
    // The leaver's losses to those placed above it are forfeits.
    let table_now = leagues.standings(league.id).await.unwrap();
    assert!(table_now.rows.iter().any(|r| r.row.forfeited == 3));
    assert_eq!(table_now.league.status, LeagueStatus::Finished);
    assert_eq!(games_in_database(&store).await, 2);
    service.close().await;
    db.drop().await;
}
on_both!(
    a_four_army_season_is_scored_by_the_order_armies_went_out,
    table_season
);

/// Regression: a leave that ended a table stamped the game's end with one
/// read of the clock and the community's `left_at` with a later one, so
/// the table saw the leaver as still in when it ended and scored its
/// loss as played, not as a forfeit. The clock here ticks on each read.
async fn leave_ends_the_table(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open_ticking(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, tables_spec(START + DAY_MS), 4).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    let games = round_games(&store, league.id, Round(1)).await;
    let LeagueSeats::Table(table) = games[0].seats else {
        panic!("a table")
    };
    open_new_threads(&store, leagues, league.id).await;
    // Seats 2 and 0 go out; then seat 3's community leaves, which ends
    // the game with seat 1 the winner.
    let out = [2, 0, 3];
    let entrant = table.seats[usize::from(out[2])];
    let leaver = (out[2], server(entrant.index() + 1));
    let id = games[0].game.unwrap();
    play_table(&service, &store, &clock, league.id, id, out, Some(leaver)).await;
    leagues.run_due(clock.now()).await.unwrap();
    let placed = round_games(&store, league.id, Round(1)).await;
    assert_eq!(
        placed[0].finish,
        Some(LeagueFinish::Table(TableFinish {
            places: places_of(out),
            left: [false, false, false, true],
        })),
        "the leaver is placed where it fell, and marked as left"
    );
    service.close().await;
    db.drop().await;
}
on_both!(
    a_leave_that_ends_a_table_marks_the_leaver_as_left,
    leave_ends_the_table
);

/// Regression (review 2, S1): a step read the entrants before the games,
/// so a leave that ended a table between the two reads showed the table
/// ended and its leaver still in, and the step stored the leaver as
/// beaten, for good. Here the step pauses between its two reads while the
/// table is played out and its last loser's community leaves.
async fn leave_between_a_steps_reads(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, tables_spec(START + DAY_MS), 4).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    let games = round_games(&store, league.id, Round(1)).await;
    let LeagueSeats::Table(table) = games[0].seats else {
        panic!("a table")
    };
    open_new_threads(&store, leagues, league.id).await;
    let out = [2, 0, 3];
    let entrant = table.seats[usize::from(out[2])];
    let leaver = (out[2], server(entrant.index() + 1));
    let id = games[0].game.unwrap();
    // Due now, so the pass below steps the league.
    let row = store.league(league.id).await.unwrap().unwrap();
    store
        .set_league_next(&row, Some(clock.now()))
        .await
        .unwrap();
    let (reached, at_pause) = tokio::sync::oneshot::channel();
    let (resume, resumed) = tokio::sync::oneshot::channel();
    *service.league_reads_pause.lock().unwrap() = Some((reached, resumed));
    let (report, ()) = tokio::join!(leagues.run_due(clock.now()), async {
        at_pause.await.expect("the step reads the league's games");
        play_table(&service, &store, &clock, league.id, id, out, Some(leaver)).await;
        resume.send(()).unwrap();
    });
    assert!(
        report.unwrap().failed.is_empty(),
        "the paused step went through"
    );
    leagues.run_due(clock.now()).await.unwrap();
    let placed = round_games(&store, league.id, Round(1)).await;
    assert_eq!(
        placed[0].finish,
        Some(LeagueFinish::Table(TableFinish {
            places: places_of(out),
            left: [false, false, false, true],
        })),
        "the leaver is placed where it fell, and marked as left"
    );
    service.close().await;
    db.drop().await;
}
on_both!(
    a_leave_between_a_steps_reads_marks_the_leaver_as_left,
    leave_between_a_steps_reads
);
