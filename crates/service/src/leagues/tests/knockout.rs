//! A knockout of five to its champion: the bracket seeded by rating and
//! entry order, byes to the top seeds, a drawn tie sent to a deciding game
//! whose colours come from the league's seed, the next round waiting for
//! it past the round's deadline, and the final's winner the champion.

use super::*;
use crate::leagues::plan::{DECIDING_LEG, game_seed};
use holotable_leagues::pairing::{Tie, deciding_game};
use holotable_leagues::{Finish, Fixture, Outcome};
use holotable_store::LeagueGameKey;

/// A knockout of Space Checkers games two plies long: a game in which
/// both sides vote ends at its ply limit, scored level (neither side has
/// moved half its pieces in, so each gives the other 2 points), and one
/// in which only the first side votes is won by it on time.
fn knockout_spec(start_at: Millis) -> LeagueSpec {
    LeagueSpec {
        format: LeagueFormat::Knockout,
        games_per_pairing: GamesPerPairing::One,
        rules: serde_json::json!({"ply_limit": 2}),
        ..spec(start_at)
    }
}

/// Both sides of `game` vote their first legal move, each ballot closing
/// in turn: the game ends level at its ply limit.
async fn both_sides_vote(service: &Service, store: &Store, clock: &ManualClock, game: GameId) {
    for seat in [0, 1] {
        let ballot = open_ballot(store, game).await;
        assert_eq!(ballot.seat, seat);
        vote(service, store, clock, game, seat, &ballot.legal[0]).await;
        clock.advance(MOVE_MS + 1);
        service.turns().close_due().await.unwrap();
    }
}

/// The first side of each of `games` votes; then the ballots pass, so
/// every second side, silent, loses on time.
async fn first_sides_win(service: &Service, store: &Store, clock: &ManualClock, games: &[GameId]) {
    for &game in games {
        let ballot = open_ballot(store, game).await;
        vote(service, store, clock, game, 0, &ballot.legal[0]).await;
    }
    let_ballots_pass(service, clock).await;
}

async fn knockout(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, knockout_spec(START + DAY_MS), 5).await;
    // Community 5 (entrant 4) is the best rated: seed 1. The others are
    // unrated, level at 1500, and seeded by entry order.
    tamper(
        &store,
        &format!(
            "INSERT INTO community_ratings
             (server, kind, rating, deviation, volatility, games, wins, draws, losses, updated_at)
             VALUES ('{}', '{}', 1700, 80, 0.06, 30, 20, 0, 10, {START})",
            server(5).as_str(),
            GameKind::SpaceCheckers.as_str()
        ),
    )
    .await;
    clock.set(START + DAY_MS);
    assert_eq!(
        leagues.run_due(clock.now()).await.unwrap().started,
        [league.id]
    );

    // Round 1: a bracket of eight, seeds 1 to 3 through on byes, seeds 4
    // and 5 (entrants 2 and 3) playing, the better seed first.
    let seeded = |entrant: u16, seed: u16| holotable_leagues::pairing::Seeded {
        entrant: Entrant(entrant),
        seed: holotable_leagues::pairing::Seed(seed),
    };
    let view = leagues.bracket(league.id).await.unwrap().unwrap();
    let ties: Vec<Tie> = view.rounds[0].ties.iter().map(|t| t.tie).collect();
    assert_eq!(
        ties,
        [
            Tie::Walkover(seeded(4, 1)),
            Tie::Play {
                upper: seeded(2, 4),
                lower: seeded(3, 5)
            },
            Tie::Walkover(seeded(0, 2)),
            Tie::Walkover(seeded(1, 3)),
        ]
    );
    assert_eq!(view.servers[4], server(5));
    let games = round_games(&store, league.id, Round(1)).await;
    let pairing = Fixture {
        first: Entrant(2),
        second: Entrant(3),
    };
    assert_eq!(games.len(), 1, "the byes play nothing");
    assert_eq!((games[0].key.board, games[0].fixture()), (1, Some(pairing)));

    // The tie is drawn: its deciding game follows, its colours drawn from
    // the league's seed, and the round waits for it.
    open_new_threads(&store, leagues, league.id).await;
    let tied = games[0].game.unwrap();
    both_sides_vote(&service, &store, &clock, tied).await;
    let drawn = store.game(tied).await.unwrap().unwrap();
    assert_eq!(drawn.status, GameStatus::Finished);
    let round_one = round_games(&store, league.id, Round(1)).await;
    assert_eq!(
        round_one[0].pair_finish(),
        Some(Finish::Played(Outcome::Drawn))
    );
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.deciding, [(league.id, Round(1))]);
    assert!(report.rounds.is_empty(), "no round 2 before the decider");
    let round_one = round_games(&store, league.id, Round(1)).await;
    assert_eq!(round_one.len(), 2);
    let decider = &round_one[1];
    let key = LeagueGameKey {
        round: Round(1),
        board: 1,
        leg: DECIDING_LEG,
    };
    assert_eq!(decider.key, key);
    let seed = store.league(league.id).await.unwrap().unwrap().league.seed;
    let colours = deciding_game(pairing, game_seed(seed, key));
    assert_eq!(decider.fixture(), Some(colours));
    let view = leagues.bracket(league.id).await.unwrap().unwrap();
    assert_eq!(view.rounds[0].ties[1].decider, Some(colours));
    assert_eq!(view.rounds[0].ties[1].progress, TieProgress::Playing);
    assert_eq!(
        leagues.run_due(clock.now()).await.unwrap(),
        DueReport::default(),
        "a second look adds no second decider"
    );

    // The round's deadline passes with the decider playing: a knockout's
    // next round waits for every tie's winner, so nothing starts.
    let deadline = store.league_rounds(league.id).await.unwrap()[0].deadline;
    let id = league.id.0;
    tamper(
        &store,
        &format!("UPDATE leagues SET next_at = {deadline} WHERE id = {id}"),
    )
    .await;
    assert_eq!(
        leagues.run_due(deadline).await.unwrap(),
        DueReport::default()
    );
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 1);
    assert_eq!(
        store.league(league.id).await.unwrap().unwrap().next_at,
        None,
        "looked at again when a game ends"
    );

    // The decider is drawn too: the side that moved second goes through.
    open_new_threads(&store, leagues, league.id).await;
    both_sides_vote(&service, &store, &clock, decider.game.unwrap()).await;
    let through = colours.second;
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.rounds, [(league.id, Round(2))]);
    let view = leagues.bracket(league.id).await.unwrap().unwrap();
    assert_eq!(view.rounds[0].ties[1].progress, TieProgress::Won(through));

    // Round 2: seed 1 meets the decider's winner, seeds 2 and 3 meet.
    let games = round_games(&store, league.id, Round(2)).await;
    let fixtures: Vec<_> = games.iter().map(|g| (g.key.board, g.fixture())).collect();
    assert_eq!(
        fixtures,
        [
            (
                0,
                Some(Fixture {
                    first: Entrant(4),
                    second: through
                })
            ),
            (
                1,
                Some(Fixture {
                    first: Entrant(0),
                    second: Entrant(1)
                })
            ),
        ]
    );
    open_new_threads(&store, leagues, league.id).await;
    let ids: Vec<GameId> = games.iter().map(|g| g.game.unwrap()).collect();
    first_sides_win(&service, &store, &clock, &ids).await;
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.rounds, [(league.id, Round(3))]);

    // The final: entrant 4 against entrant 0; the first side wins it.
    let games = round_games(&store, league.id, Round(3)).await;
    assert_eq!(
        games.iter().map(|g| g.fixture()).collect::<Vec<_>>(),
        [Some(Fixture {
            first: Entrant(4),
            second: Entrant(0)
        })]
    );
    let view = leagues.bracket(league.id).await.unwrap().unwrap();
    assert_eq!(view.champion, None, "not before the final ends");
    open_new_threads(&store, leagues, league.id).await;
    first_sides_win(&service, &store, &clock, &[games[0].game.unwrap()]).await;
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.finished, [league.id]);
    let view = leagues.bracket(league.id).await.unwrap().unwrap();
    assert_eq!(view.champion, Some(Entrant(4)));
    assert_eq!(view.servers[4], server(5));
    assert_eq!(view.rounds.len(), 3);
    assert_eq!(
        leagues.league(league.id).await.unwrap().status,
        LeagueStatus::Finished
    );
    assert_eq!(
        games_in_database(&store).await,
        5,
        "1 + decider + 2 + final"
    );
    assert_eq!(
        leagues.run_due(Millis::MAX).await.unwrap(),
        DueReport::default()
    );

    // Every entrant was told round 1's draw only, its own game or bye
    // (seeds 1 to 3: entrants 4, 0 and 1, the fifth, first and second to
    // enter), the table after rounds 1 and 2, and the bracket's champion.
    for n in 1..=5 {
        let at = &channel(n);
        let news = league_news(&store, at).await;
        let LeagueNews::Schedule {
            rounds, complete, ..
        } = &news[0].1
        else {
            panic!("channel {n} reads the schedule first: {news:?}");
        };
        assert!(!complete, "later rounds are drawn as the league goes");
        assert_eq!(rounds.len(), 1);
        let bye = [1, 2, 5].contains(&n);
        assert_eq!(
            (rounds[0].games.len(), rounds[0].resting.len()),
            if bye { (0, 1) } else { (1, 0) },
            "channel {n}"
        );
        assert_eq!(count(&store, at, NewsKind::LeagueStandings).await, 2);
        let LeagueNews::Finished { champion, .. } = &news.last().unwrap().1 else {
            panic!("channel {n} reads the end last: {news:?}");
        };
        assert_eq!(champion.as_ref().map(|c| c.number), Some(5));
    }
    service.close().await;
    db.drop().await;
}
on_both!(
    a_knockout_of_five_is_played_through_byes_and_a_deciding_game_to_its_champion,
    knockout
);

/// A community that leaves a knockout loses its tie: here after its game
/// was drawn and before the deciding game is made, which is then made
/// already forfeited, so the round goes on at once (no game's end would
/// wake it); and in the final, whose forfeit ends the league with the
/// other side champion.
async fn leaving(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, knockout_spec(START + DAY_MS), 4).await;
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    // Seeds by entry order: 1 v 4 on board 0, 2 v 3 on board 1.
    let games = round_games(&store, league.id, Round(1)).await;
    let fixture = |first: u16, second: u16| Fixture {
        first: Entrant(first),
        second: Entrant(second),
    };
    assert_eq!(
        games.iter().map(|g| g.fixture()).collect::<Vec<_>>(),
        [Some(fixture(0, 3)), Some(fixture(1, 2))]
    );
    open_new_threads(&store, leagues, league.id).await;
    let (level, won) = (games[0].game.unwrap(), games[1].game.unwrap());
    // Both first sides move; then board 0's second side moves too (a draw
    // at the ply limit) and board 1's lets its ballot pass (a loss).
    for game in [level, won] {
        let ballot = open_ballot(&store, game).await;
        vote(&service, &store, &clock, game, 0, &ballot.legal[0]).await;
    }
    clock.advance(MOVE_MS + 1);
    service.turns().close_due().await.unwrap();
    let ballot = open_ballot(&store, level).await;
    vote(&service, &store, &clock, level, 1, &ballot.legal[0]).await;
    clock.advance(MOVE_MS + 1);
    service.turns().close_due().await.unwrap();
    let round_one = round_games(&store, league.id, Round(1)).await;
    assert_eq!(
        round_one
            .iter()
            .map(|g| g.pair_finish())
            .collect::<Vec<_>>(),
        [
            Some(Finish::Played(Outcome::Drawn)),
            Some(Finish::Played(Outcome::FirstWon))
        ]
    );

    // Entrant 3 (community 4) leaves with its tie level.
    leagues
        .leave(league.id, &server(4), &manager("m4"))
        .await
        .unwrap();
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.deciding, [(league.id, Round(1))]);
    let decider = round_games(&store, league.id, Round(1)).await[1].clone();
    assert_eq!(decider.key.leg, DECIDING_LEG);
    let by = decider.fixture().unwrap().colour_of(Entrant(3)).unwrap();
    assert_eq!(
        (decider.game, decider.pair_finish()),
        (None, Some(Finish::Forfeited { by }))
    );
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.rounds, [(league.id, Round(2))], "at once");
    let view = leagues.bracket(league.id).await.unwrap().unwrap();
    assert_eq!(
        view.rounds[0].ties[0].progress,
        TieProgress::Won(Entrant(0))
    );

    // The final: entrant 1 leaves while it plays; entrant 0 is champion.
    let final_game = round_games(&store, league.id, Round(2)).await;
    assert_eq!(final_game[0].fixture(), Some(fixture(0, 1)));
    leagues
        .leave(league.id, &server(2), &manager("m2"))
        .await
        .unwrap();
    let state = store
        .game(final_game[0].game.unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(state.status, GameStatus::Finished);
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.finished, [league.id]);
    let view = leagues.bracket(league.id).await.unwrap().unwrap();
    assert_eq!(view.champion, Some(Entrant(0)));

    // A community that left hears no more of the league: community 4 no
    // table, community 2 not the end; community 1 hears its title.
    for (n, tables, end) in [(4, 0, 0), (2, 1, 0), (1, 1, 1), (3, 1, 1)] {
        let at = &channel(n);
        assert_eq!(
            (
                count(&store, at, NewsKind::LeagueStandings).await,
                count(&store, at, NewsKind::LeagueFinished).await
            ),
            (tables, end),
            "channel {n}"
        );
    }
    let news = league_news(&store, &channel(1)).await;
    let LeagueNews::Finished { champion, .. } = &news.last().unwrap().1 else {
        panic!("the end comes last: {news:?}");
    };
    assert_eq!(champion.as_ref().map(|c| c.number), Some(1));
    service.close().await;
    db.drop().await;
}
on_both!(
    a_community_that_leaves_a_knockout_loses_its_tie_even_before_its_deciding_game,
    leaving
);
