//! What a league tells its entered channels, read from the outbox: the
//! schedule at the start, each side's round, the standings after each
//! round, the final table and champion, and a cancel, each queued once per
//! channel however many processes take the step, and each side's round
//! news only in its own channel, naming its own opponent. And a cancel cut
//! short by a process that died is finished by the scheduler.

use super::*;

fn round_robin(start_at: Millis) -> LeagueSpec {
    LeagueSpec {
        format: LeagueFormat::RoundRobin,
        ..spec(start_at)
    }
}

/// Each side of `round`'s games: its round news in its own channel only,
/// about its own game, naming the community it plays, once.
async fn assert_round_news(store: &Store, league: LeagueId, round: Round, entrants: usize) {
    let games = round_games(store, league, round).await;
    for n in 1..=entrants {
        let news = league_news(store, &channel(n)).await;
        let rounds: Vec<_> = news
            .iter()
            .filter_map(|(row, news)| match news {
                LeagueNews::RoundStarted {
                    round: r,
                    opponents,
                    ..
                } if *r == round.0 => Some((row.game_id, opponents.clone())),
                _ => None,
            })
            .collect();
        let entrant = n - 1;
        let mine: Vec<_> = games
            .iter()
            .filter(|g| {
                let fixture = g.fixture().unwrap();
                fixture.first.index() == entrant || fixture.second.index() == entrant
            })
            .collect();
        assert_eq!(rounds.len(), mine.len(), "channel {n}, round {round}");
        for game in mine {
            let fixture = game.fixture().unwrap();
            let other = if fixture.first.index() == entrant {
                fixture.second
            } else {
                fixture.first
            };
            let expected = (
                game.game.map(|g| g.0),
                vec![Entered {
                    name: None,
                    number: other.0 + 1,
                }],
            );
            assert!(
                rounds.contains(&expected),
                "channel {n} is told its game {expected:?}: {rounds:?}"
            );
        }
    }
}

/// A round robin of four played to its champion, two processes taking
/// every step at once: every entered channel is told the schedule once,
/// its game of each round once (naming its opponent, in its own channel
/// only), the standings after each round but the last once, and the
/// final table with the champion once; no thread or placeholder gets any
/// of it.
async fn announcements(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, one) = open(&db.url, &clock).await;
    let (_, two) = open(&db.url, &clock).await;
    let league = entered(&one, &clock, round_robin(START + DAY_MS), 4).await;
    clock.set(START + DAY_MS);

    // Both plan the start from one read; one writes it, with its news.
    let now = clock.now();
    let read = store.league(league.id).await.unwrap().unwrap();
    let (a, b) = tokio::join!(
        one.leagues().start(&read, now),
        two.leagues().start(&read, now)
    );
    assert_eq!(usize::from(a.unwrap()) + usize::from(b.unwrap()), 1);
    for n in 1..=4 {
        let news = league_news(&store, &channel(n)).await;
        let LeagueNews::Schedule {
            rounds, complete, ..
        } = &news[0].1
        else {
            panic!("channel {n} reads the schedule first: {news:?}");
        };
        assert!(complete);
        assert_eq!(rounds.len(), 3, "every round of a round robin of four");
        // Its own game in each round, and nobody else's.
        assert!(
            rounds
                .iter()
                .all(|r| r.games.len() == 1 && r.resting.is_empty())
        );
        let own: Vec<_> = rounds[0].games[0]
            .iter()
            .filter(|e| rounds.iter().all(|r| r.games[0].contains(e)))
            .collect();
        assert_eq!(own.len(), 1, "channel {n} meets a new opponent each round");
        assert_eq!(
            count(&store, &channel(n), NewsKind::LeagueSchedule).await,
            1
        );
    }
    assert_round_news(&store, league.id, Round(1), 4).await;

    for round in 1..=3u16 {
        let round = Round(round);
        open_threads(&store, one.leagues(), league.id, round).await;
        for game in round_games(&store, league.id, round).await {
            let id = game.game.unwrap();
            let thread = side_channel(&store, id, 0).await;
            let view = one.games().status(&thread).await.unwrap();
            let first = view.ballot.expect("the first ballot is open").legal[0].clone();
            vote(&one, &store, &clock, id, 0, &first).await;
        }
        let_ballots_pass(&one, &clock).await;
        let now = clock.now();
        let (a, b) = tokio::join!(one.leagues().run_due(now), two.leagues().run_due(now));
        let (a, b) = (a.unwrap(), b.unwrap());
        assert!(a.failed.is_empty() && b.failed.is_empty());
        // Again, as a third process would: nothing more is queued.
        one.leagues().run_due(clock.now()).await.unwrap();
        if round.0 < 3 {
            assert_round_news(&store, league.id, Round(round.0 + 1), 4).await;
        }
    }
    let table = one.leagues().standings(league.id).await.unwrap();
    assert_eq!(table.league.status, LeagueStatus::Finished);
    for n in 1..=4 {
        let at = &channel(n);
        assert_eq!(count(&store, at, NewsKind::LeagueRound).await, 3);
        assert_eq!(
            count(&store, at, NewsKind::LeagueStandings).await,
            2,
            "after rounds 1 and 2; the final table says the last"
        );
        assert_eq!(count(&store, at, NewsKind::LeagueFinished).await, 1);
        let news = league_news(&store, at).await;
        let LeagueNews::Finished {
            table: told,
            champion,
            ratings,
            ..
        } = &news.last().unwrap().1
        else {
            panic!("the final table comes last in channel {n}");
        };
        assert_eq!(told.len(), 4);
        let first = &table.rows[0].row;
        assert_eq!(&told[0].row, first);
        assert_eq!(
            champion.as_ref().map(|c| c.number),
            Some(first.entrant.0 + 1)
        );
        assert_eq!(ratings.len(), 4, "each community's rating change");
        // Only league news in the parent channel: a game's ballots and
        // tallies go to its sides' threads.
        let rows = store
            .outbox()
            .pending_in_channel(at.as_str(), i64::MAX, 1000)
            .await
            .unwrap();
        assert_eq!(rows.len(), news.len(), "channel {n} has only league news");
    }
    // The threads hold no league news.
    for game in store.league_games(league.id).await.unwrap() {
        for (_, _, thread) in store.league_threads(game.game.unwrap()).await.unwrap() {
            assert!(league_news(&store, &thread.unwrap()).await.is_empty());
        }
    }
    one.close().await;
    two.close().await;
    db.drop().await;
}
on_both!(each_entered_channel_is_told_each_step_once, announcements);

/// A cancel is told to every entrant once: by the creator, and at the
/// start for want of communities, with two processes stepping at once.
async fn cancels(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, one) = open(&db.url, &clock).await;
    let (_, two) = open(&db.url, &clock).await;
    let league = entered(&one, &clock, round_robin(START + DAY_MS), 3).await;
    one.leagues()
        .cancel(league.id, &manager("creator"))
        .await
        .unwrap();
    assert!(matches!(
        refused(two.leagues().cancel(league.id, &manager("creator")).await),
        LeagueRefusal::Over
    ));
    for n in 1..=3 {
        let news = league_news(&store, &channel(n)).await;
        assert_eq!(news.len(), 1, "channel {n}: {news:?}");
        assert_eq!(
            news[0].1,
            LeagueNews::Cancelled {
                league: "Outer Rim Cup".into(),
                started: false,
                too_few: None
            }
        );
    }

    let alone = entered(&one, &clock, round_robin(START + DAY_MS), 0).await;
    clock.advance(1);
    one.leagues().join(join(&alone.code, 5)).await.unwrap();
    clock.set(START + DAY_MS);
    let now = clock.now();
    let (a, b) = tokio::join!(one.leagues().run_due(now), two.leagues().run_due(now));
    let cancelled = a.unwrap().cancelled.len() + b.unwrap().cancelled.len();
    assert_eq!(cancelled, 1);
    let news = league_news(&store, &channel(5)).await;
    assert_eq!(
        news.iter().map(|(_, n)| n.clone()).collect::<Vec<_>>(),
        [LeagueNews::Cancelled {
            league: "Outer Rim Cup".into(),
            started: false,
            too_few: Some((2, 1))
        }]
    );
    one.close().await;
    two.close().await;
    db.drop().await;
}
on_both!(a_cancel_is_told_to_every_entrant_once, cancels);

/// A community that joins between a cancel's read and its write is told
/// too (the store reads the recipients in the cancel's transaction), and
/// a cancel whose league has moved on since its read writes nothing, so
/// its news cannot say the wrong thing about games under way.
async fn late_join(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let league = entered(&service, &clock, round_robin(START + DAY_MS), 2).await;
    let news = LeagueNews::Cancelled {
        league: "Outer Rim Cup".into(),
        started: false,
        too_few: None,
    }
    .to_entrants();
    // Read as entering; a third community joins before the write.
    clock.advance(1);
    service.leagues().join(join(&league.code, 3)).await.unwrap();
    assert!(
        !store
            .cancel_league(league.id, LeagueStatus::Running, clock.now(), &news)
            .await
            .unwrap(),
        "the league is not running: nothing written"
    );
    assert!(league_news(&store, &channel(1)).await.is_empty());
    assert!(
        store
            .cancel_league(league.id, LeagueStatus::Entering, clock.now(), &news)
            .await
            .unwrap()
    );
    for n in 1..=3 {
        assert_eq!(
            league_news(&store, &channel(n)).await.len(),
            1,
            "channel {n}"
        );
    }
    service.close().await;
    db.drop().await;
}
on_both!(a_community_that_joins_during_a_cancel_is_told, late_join);

/// A process that dies after writing the cancel and before stopping the
/// league's games leaves them playing; the scheduler's next pass stops
/// them and the league is no longer due.
async fn cut_short(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let league = entered(&service, &clock, round_robin(START + DAY_MS), 4).await;
    service
        .leagues()
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    let games = round_games(&store, league.id, Round(1)).await;
    assert_eq!(games.len(), 2);
    // The cancel's own write, and then nothing: the process is gone.
    assert!(
        store
            .cancel_league(
                league.id,
                LeagueStatus::Running,
                clock.now(),
                &LeagueNews::Cancelled {
                    league: "Outer Rim Cup".into(),
                    started: true,
                    too_few: None,
                }
                .to_entrants()
            )
            .await
            .unwrap()
    );
    for game in &games {
        let state = store.game(game.game.unwrap()).await.unwrap().unwrap();
        assert!(state.status.is_live(), "still playing after the cut");
    }
    clock.advance(1);
    service.leagues().run_due(clock.now()).await.unwrap();
    for game in &games {
        let state = store.game(game.game.unwrap()).await.unwrap().unwrap();
        assert_eq!(state.status, GameStatus::Stopped);
    }
    assert!(store.due_leagues(Millis::MAX).await.unwrap().is_empty());
    assert_eq!(store.earliest_league_step(0).await.unwrap(), None);
    service.close().await;
    db.drop().await;
}
on_both!(a_cancel_cut_short_is_finished_by_the_scheduler, cut_short);
