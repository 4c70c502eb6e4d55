//! The door before the start: bad input refused with nothing changed, the
//! refusals' words, the lobby, joins and removals, closing entries,
//! starting at once, and cancelling.

use super::*;
use holotable_i18n::Lang;

fn member(id: &str) -> Actor {
    Actor {
        can_manage: false,
        ..manager(id)
    }
}

fn not_allowed<T: std::fmt::Debug>(result: Result<T, ServiceError>) -> &'static str {
    match result {
        Err(ServiceError::Refused(Refusal::NotAllowed { action })) => action,
        other => panic!("expected a refusal for want of rights, got {other:?}"),
    }
}

/// Bad input is refused, and nothing changes: a member who may not
/// manage, a name empty or too long, a minute's move time, a start in the
/// past or too far ahead, a format the game or the scheduler cannot play,
/// rules that set up no game; then a channel the bot cannot use, an
/// unknown code, a community entered twice, the 65th entrant, and a
/// league alone at its start.
async fn refusals(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let tomorrow = START + DAY_MS;

    let by_member = LeagueSpec {
        by: member("m"),
        ..spec(tomorrow)
    };
    assert_eq!(
        not_allowed(leagues.create(by_member).await),
        "create-league"
    );
    for name in ["  ", &"x".repeat(MAX_NAME_CHARS + 1)] {
        let named = LeagueSpec {
            name: name.to_string(),
            ..spec(tomorrow)
        };
        assert_eq!(
            refused(leagues.create(named).await),
            LeagueRefusal::Name { most: 60 }
        );
    }
    for move_ms in [60_000, MIN_MOVE_MS - 1, MAX_MOVE_MS + 1] {
        let timed = LeagueSpec {
            move_ms,
            ..spec(tomorrow)
        };
        assert_eq!(
            refused(leagues.create(timed).await),
            LeagueRefusal::MoveTime
        );
    }
    for start_at in [START - 1, START + 31 * DAY_MS] {
        assert_eq!(
            refused(leagues.create(spec(start_at)).await),
            LeagueRefusal::StartTime { days: 30 }
        );
    }
    // Djambi's default is four armies: no round robin or knockout of two
    // sides.
    for format in [LeagueFormat::RoundRobin, LeagueFormat::Knockout] {
        let four_armies = LeagueSpec {
            kind: GameKind::Djambi,
            format,
            ..spec(tomorrow)
        };
        assert_eq!(
            refused(leagues.create(four_armies).await),
            LeagueRefusal::FormatForGame
        );
    }
    // Tables seat four armies: not a two-sided game, nor two games a
    // pairing.
    let two_sided_tables = LeagueSpec {
        format: LeagueFormat::Tables,
        ..spec(tomorrow)
    };
    assert_eq!(
        refused(leagues.create(two_sided_tables).await),
        LeagueRefusal::TablesForGame
    );
    let two_games_a_table = LeagueSpec {
        kind: GameKind::Djambi,
        format: LeagueFormat::Tables,
        games_per_pairing: GamesPerPairing::Two,
        ..spec(tomorrow)
    };
    assert_eq!(
        refused(leagues.create(two_games_a_table).await),
        LeagueRefusal::TablesOneGame
    );
    let bad_rules = LeagueSpec {
        rules: serde_json::json!({"no such rule": true}),
        ..spec(tomorrow)
    };
    assert!(matches!(
        leagues.create(bad_rules).await,
        Err(ServiceError::Refused(Refusal::BadRules { .. }))
    ));
    assert!(
        leagues.lobby(None).await.unwrap().is_empty(),
        "nothing was created"
    );
    assert!(store.due_leagues(Millis::MAX).await.unwrap().is_empty());

    let league = leagues.create(spec(tomorrow)).await.unwrap();
    let unusable = JoinLeague {
        channel_usable: false,
        ..join(&league.code, 1)
    };
    assert_eq!(
        refused(leagues.join(unusable).await),
        LeagueRefusal::ChannelUnusable
    );
    let by_member = JoinLeague {
        by: member("m1"),
        ..join(&league.code, 1)
    };
    assert_eq!(not_allowed(leagues.join(by_member).await), "join-league");
    leagues.join(join(&league.code, 1)).await.unwrap();
    let again = JoinLeague {
        channel: channel(9),
        ..join(&league.code, 1)
    };
    assert_eq!(
        refused(leagues.join(again).await),
        LeagueRefusal::AlreadyEntered
    );
    let unknown = JoinLeague {
        code: LeagueCode::typed("zzzz-zzzz"),
        ..join(&league.code, 2)
    };
    assert_eq!(
        refused(leagues.join(unknown).await),
        LeagueRefusal::UnknownCode {
            code: "ZZZZ-ZZZZ".into()
        }
    );
    let view = leagues.league(league.id).await.unwrap();
    assert_eq!((view.status, view.entered), (LeagueStatus::Entering, 1));
    assert_eq!(store.league_entrants(league.id).await.unwrap().len(), 1);
    assert!(store.league_rounds(league.id).await.unwrap().is_empty());
    assert_eq!(
        refused(leagues.league(LeagueId(league.id.0 + 100)).await),
        LeagueRefusal::UnknownLeague
    );

    for n in 2..=64 {
        leagues.join(join(&league.code, n)).await.unwrap();
    }
    assert_eq!(
        refused(leagues.join(join(&league.code, 65)).await),
        LeagueRefusal::Full { most: 64 }
    );
    assert_eq!(leagues.league(league.id).await.unwrap().entered, 64);
    assert_eq!(store.league_entrants(league.id).await.unwrap().len(), 64);

    // Alone at its start, a league is cancelled, and takes no one after.
    let lonely = leagues.create(spec(START + HOUR_MS)).await.unwrap();
    leagues.join(join(&lonely.code, 1)).await.unwrap();
    clock.set(START + HOUR_MS);
    let report = leagues.run_due(clock.now()).await.unwrap();
    assert_eq!(report.cancelled, [lonely.id]);
    assert!(report.started.is_empty());
    let view = leagues.league(lonely.id).await.unwrap();
    assert_eq!(view.status, LeagueStatus::Cancelled);
    assert_eq!(
        refused(leagues.join(join(&lonely.code, 2)).await),
        LeagueRefusal::EntriesClosed
    );
    assert_eq!(
        refused(leagues.start_now(lonely.id, &manager("creator")).await),
        LeagueRefusal::Over
    );
    service.close().await;
    db.drop().await;
}
on_both!(bad_input_is_refused_and_changes_nothing, refusals);

/// Every refusal is a finished sentence in each language, with its
/// numbers in it, and Spanish and Japanese are not English.
#[test]
fn every_refusal_is_a_sentence_in_each_language() {
    let refusals = [
        LeagueRefusal::Name { most: 60 },
        LeagueRefusal::MoveTime,
        LeagueRefusal::StartTime { days: 30 },
        LeagueRefusal::FormatForGame,
        LeagueRefusal::TablesForGame,
        LeagueRefusal::TablesOneGame,
        LeagueRefusal::UnknownCode {
            code: "ABCD-EFGH".into(),
        },
        LeagueRefusal::UnknownLeague,
        LeagueRefusal::EntriesClosed,
        LeagueRefusal::Full { most: 64 },
        LeagueRefusal::AlreadyEntered,
        LeagueRefusal::NotEntered,
        LeagueRefusal::ChannelUnusable,
        LeagueRefusal::NotCreator,
        LeagueRefusal::OtherNotEntered,
        LeagueRefusal::Started,
        LeagueRefusal::AlreadyStarted,
        LeagueRefusal::Over,
        LeagueRefusal::TooFew { needed: 2, got: 1 },
        LeagueRefusal::LeavingForfeits {
            name: "Outer Rim Cup".into(),
        },
        LeagueRefusal::NoLeagueHere,
        LeagueRefusal::WhichLeague {
            codes: vec!["ABCD-EFGH".into(), "JKLM-NPQR".into()],
        },
    ];
    for refusal in &refusals {
        let english = refusal.text(Lang::En);
        for lang in Lang::ALL {
            let text = refusal.text(lang);
            assert!(
                text.ends_with('.') || text.ends_with('。'),
                "{lang} {refusal:?}: {text}"
            );
            assert!(
                !text.contains('{') && !text.contains("refusal-"),
                "{lang} {refusal:?}: {text}"
            );
            if lang != Lang::En {
                assert_ne!(text, english, "{lang} {refusal:?} is translated");
            }
        }
    }
    for lang in Lang::ALL {
        let text = LeagueRefusal::TooFew { needed: 4, got: 3 }.text(lang);
        assert!(text.contains('4') && text.contains('3'), "{lang}: {text}");
        let text = LeagueRefusal::UnknownCode {
            code: "ABCD-EFGH".into(),
        }
        .text(lang);
        assert!(text.contains("ABCD-EFGH"), "{lang}: {text}");
    }
}

/// Before the start: the lobby lists public leagues still entering, of a
/// game; the creator removes a community and a manager withdraws one; the
/// creator closes entries once enough are in, and starts the league at
/// once; after that, nobody enters, leaves for free or is removed.
async fn before_the_start(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let creator = manager("creator");

    let league = entered(&service, &clock, spec(START + DAY_MS), 3).await;
    let private = LeagueSpec {
        public: false,
        ..spec(START + DAY_MS)
    };
    let private = leagues.create(private).await.unwrap();
    let later = LeagueSpec {
        kind: GameKind::Dejarik,
        ..spec(START + 2 * DAY_MS)
    };
    let dejarik = leagues.create(later).await.unwrap();
    let lobby = |kind| async move {
        let listed = leagues.lobby(kind).await.unwrap();
        listed.iter().map(|l| l.id).collect::<Vec<_>>()
    };
    assert_eq!(lobby(None).await, [league.id, dejarik.id], "soonest first");
    assert_eq!(lobby(Some(GameKind::Dejarik)).await, [dejarik.id]);
    assert!(lobby(Some(GameKind::Holochess)).await.is_empty());
    let view = leagues.league(league.id).await.unwrap();
    assert_eq!(
        (view.name.as_str(), view.kind, view.format, view.entered),
        (
            "Outer Rim Cup",
            GameKind::SpaceCheckers,
            LeagueFormat::DoubleRoundRobin,
            3
        )
    );
    assert_eq!(view.code, league.code);

    // The creator removes community 2; community 3's manager withdraws.
    let m1 = manager("m1");
    assert_eq!(
        refused(leagues.remove(league.id, &server(2), &m1).await),
        LeagueRefusal::NotCreator
    );
    leagues
        .remove(league.id, &server(2), &creator)
        .await
        .unwrap();
    assert_eq!(
        refused(leagues.remove(league.id, &server(2), &creator).await),
        LeagueRefusal::OtherNotEntered
    );
    assert_eq!(
        not_allowed(leagues.leave(league.id, &server(3), &member("x")).await),
        "leave-league"
    );
    leagues
        .leave(league.id, &server(3), &manager("m3"))
        .await
        .unwrap();
    let servers = |rows: Vec<holotable_store::EntrantRow>| {
        rows.into_iter().map(|e| e.server).collect::<Vec<_>>()
    };
    assert_eq!(
        servers(store.league_entrants(league.id).await.unwrap()),
        [server(1)]
    );
    assert_eq!(leagues.league(league.id).await.unwrap().entered, 1);
    assert_eq!(
        refused(leagues.close_entries(league.id, &creator).await),
        LeagueRefusal::TooFew { needed: 2, got: 1 }
    );
    assert_eq!(
        refused(leagues.start_now(league.id, &creator).await),
        LeagueRefusal::TooFew { needed: 2, got: 1 }
    );

    // Two more enter (community 2 again, in a new place); entries close.
    clock.advance(1);
    leagues.join(join(&league.code, 2)).await.unwrap();
    clock.advance(1);
    leagues.join(join(&league.code, 4)).await.unwrap();
    assert_eq!(
        refused(leagues.close_entries(league.id, &m1).await),
        LeagueRefusal::NotCreator
    );
    leagues.close_entries(league.id, &creator).await.unwrap();
    assert_eq!(
        refused(leagues.close_entries(league.id, &creator).await),
        LeagueRefusal::EntriesClosed
    );
    assert_eq!(
        leagues.league(league.id).await.unwrap().status,
        LeagueStatus::Closed
    );
    assert_eq!(lobby(None).await, [dejarik.id], "closed: out of the lobby");
    assert_eq!(
        refused(leagues.join(join(&league.code, 5)).await),
        LeagueRefusal::EntriesClosed
    );
    assert!(
        leagues.run_due(clock.now()).await.unwrap() == DueReport::default(),
        "not yet its start"
    );

    // Started at once: entry numbers in the order of entry, round 1.
    leagues.start_now(league.id, &creator).await.unwrap();
    let view = leagues.league(league.id).await.unwrap();
    assert_eq!(view.status, LeagueStatus::Running);
    let numbered: Vec<_> = store
        .league_entrants(league.id)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.entrant, e.server))
        .collect();
    assert_eq!(
        numbered,
        [
            (Some(Entrant(0)), server(1)),
            (Some(Entrant(1)), server(2)),
            (Some(Entrant(2)), server(4)),
        ]
    );
    let rounds = store.league_rounds(league.id).await.unwrap();
    assert_eq!(rounds.len(), 1);
    assert_eq!(rounds[0].started_at, clock.now());
    assert_eq!(
        rounds[0].deadline,
        clock.now() + MOVE_MS * Millis::from(ROUND_MOVES)
    );
    // Three entrants: one game a round, and a bye.
    assert_eq!(store.league_games(league.id).await.unwrap().len(), 1);
    assert_eq!(
        refused(leagues.start_now(league.id, &creator).await),
        LeagueRefusal::AlreadyStarted
    );
    assert_eq!(
        refused(leagues.remove(league.id, &server(2), &creator).await),
        LeagueRefusal::Started
    );
    assert_eq!(
        refused(leagues.join(join(&league.code, 6)).await),
        LeagueRefusal::EntriesClosed
    );
    // The other two are cancelled at their starts, empty; this one plays.
    let report = leagues.run_due(START + 2 * DAY_MS).await.unwrap();
    assert_eq!(report.cancelled, [private.id, dejarik.id]);
    assert!(report.started.is_empty() && report.rounds.is_empty());
    service.close().await;
    db.drop().await;
}
on_both!(entries_change_only_before_the_start, before_the_start);

/// The creator cancels a running league: its live games stop without a
/// result, no round follows, and it is over for every command.
async fn cancelling(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let creator = manager("creator");
    let league = entered(&service, &clock, spec(START + DAY_MS), 4).await;
    leagues.start_now(league.id, &creator).await.unwrap();
    let games = store.league_games(league.id).await.unwrap();
    assert_eq!(games.len(), 2);

    assert_eq!(
        refused(leagues.cancel(league.id, &manager("m1")).await),
        LeagueRefusal::NotCreator
    );
    leagues.cancel(league.id, &creator).await.unwrap();
    for game in &games {
        let state = store.game(game.game.unwrap()).await.unwrap().unwrap();
        assert_eq!(state.status, GameStatus::Stopped);
        assert_eq!(state.outcome, None);
    }
    assert!(
        store
            .league_games(league.id)
            .await
            .unwrap()
            .iter()
            .all(|g| g.finish.is_none()),
        "a stopped game has no result"
    );
    assert_eq!(
        leagues.league(league.id).await.unwrap().status,
        LeagueStatus::Cancelled
    );
    assert!(leagues.run_due(Millis::MAX).await.unwrap() == DueReport::default());
    assert_eq!(store.league_rounds(league.id).await.unwrap().len(), 1);
    assert_eq!(
        refused(leagues.cancel(league.id, &creator).await),
        LeagueRefusal::Over
    );
    assert_eq!(
        refused(leagues.leave(league.id, &server(1), &manager("m1")).await),
        LeagueRefusal::Over
    );
    // Not "started, so its communities are fixed": it is over.
    assert_eq!(
        refused(leagues.remove(league.id, &server(1), &creator).await),
        LeagueRefusal::Over
    );
    assert_eq!(
        refused(leagues.start_now(league.id, &creator).await),
        LeagueRefusal::Over
    );
    service.close().await;
    db.drop().await;
}
on_both!(a_cancelled_league_stops_its_games, cancelling);

/// A league whose records the scheduler cannot read is reported and left
/// due, and the other leagues' steps are taken all the same.
async fn one_broken(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let broken = entered(&service, &clock, spec(START + HOUR_MS), 2).await;
    let sound = entered(&service, &clock, spec(START + HOUR_MS), 2).await;
    // Rules that set up no game, as no create lets through.
    let id = broken.id.0;
    tamper(
        &store,
        &format!("UPDATE leagues SET rules = '{{\"no such rule\": 1}}' WHERE id = {id}"),
    )
    .await;
    let report = service.leagues().run_due(START + HOUR_MS).await.unwrap();
    assert_eq!(report.failed, [broken.id]);
    assert_eq!(report.started, [sound.id]);
    assert_eq!(
        store.due_leagues(START + HOUR_MS).await.unwrap(),
        [broken.id],
        "tried again on the next pass"
    );
    assert_eq!(games_in_database(&store).await, 1, "the sound league's");
    service.close().await;
    db.drop().await;
}
on_both!(a_broken_league_does_not_stop_the_others, one_broken);
