//! Which league a member means without typing a code (`named`), the
//! leagues a community is in, the entry numbers `/league remove` takes,
//! and the table as one message in each language.

use super::*;
use holotable_i18n::Lang;
use holotable_leagues::{Colour, Finish, Fixture, GameResult, Outcome};

/// A code, the thread a league game plays in, and the community's only
/// league still to play each name a league; no league, or several
/// without a code, are refusals that say so.
async fn naming(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let here = |n| (server(n), channel(n));
    let (s1, c1) = here(1);

    assert_eq!(
        refused(leagues.named(None, &s1, &c1, Wanted::StillToPlay).await),
        LeagueRefusal::NoLeagueHere
    );
    let first = entered(&service, &clock, spec(START + DAY_MS), 2).await;
    assert_eq!(
        leagues
            .named(None, &s1, &c1, Wanted::StillToPlay)
            .await
            .unwrap()
            .id,
        first.id
    );
    // The creator's community is the league's even before it enters.
    let (s0, c0) = here(0);
    assert_eq!(
        leagues
            .named(None, &s0, &c0, Wanted::StillToPlay)
            .await
            .unwrap()
            .id,
        first.id
    );
    // Anyone names it by its code, typed as people type it.
    let typed = LeagueCode::typed(&first.code.shown().to_lowercase());
    let (s9, c9) = here(9);
    assert_eq!(
        leagues
            .named(Some(&typed), &s9, &c9, Wanted::StillToPlay)
            .await
            .unwrap()
            .id,
        first.id
    );
    assert_eq!(
        refused(leagues.named(None, &s9, &c9, Wanted::StillToPlay).await),
        LeagueRefusal::NoLeagueHere
    );
    assert_eq!(
        refused(
            leagues
                .named(
                    Some(&LeagueCode::typed("zzzz-zzzz")),
                    &s9,
                    &c9,
                    Wanted::StillToPlay
                )
                .await
        ),
        LeagueRefusal::UnknownCode {
            code: "ZZZZ-ZZZZ".into()
        }
    );

    // Sooner than the first, so the listing's order is the running
    // league first, not the later start.
    let mut other = spec(START + DAY_MS / 2);
    other.server = server(5);
    other.name = "Core Worlds Cup".into();
    let second = leagues.create(other).await.unwrap();
    leagues.join(join(&second.code, 1)).await.unwrap();
    leagues.join(join(&second.code, 2)).await.unwrap();
    let mut codes = vec![first.code.shown(), second.code.shown()];
    codes.sort();
    match refused(leagues.named(None, &s1, &c1, Wanted::StillToPlay).await) {
        LeagueRefusal::WhichLeague { codes: mut listed } => {
            listed.sort();
            assert_eq!(listed, codes);
        }
        other => panic!("expected the codes to choose from, got {other:?}"),
    }

    // In a league game's thread, that game's league, though the
    // community plays in two.
    leagues
        .start_now(second.id, &manager("creator"))
        .await
        .unwrap();
    open_threads(&store, leagues, second.id, Round(1)).await;
    let game = round_games(&store, second.id, Round(1)).await[0]
        .game
        .unwrap();
    let thread = ChannelKey(side_channel(&store, game, 0).await);
    let owner = if thread.as_str().starts_with(channel(1).as_str()) {
        server(1)
    } else {
        server(2)
    };
    assert_eq!(
        leagues
            .named(None, &owner, &thread, Wanted::StillToPlay)
            .await
            .unwrap()
            .id,
        second.id
    );

    // The running league first; a cancelled one is no longer meant.
    let listed: Vec<LeagueId> = leagues
        .of_community(&s1)
        .await
        .unwrap()
        .iter()
        .map(|league| league.id)
        .collect();
    assert_eq!(listed, [second.id, first.id]);
    leagues.cancel(first.id, &manager("creator")).await.unwrap();
    assert_eq!(
        leagues
            .named(None, &s1, &c1, Wanted::StillToPlay)
            .await
            .unwrap()
            .id,
        second.id
    );
    assert_eq!(leagues.of_community(&s1).await.unwrap().len(), 2);
    // A league the community left is no longer its league; the last one
    // over is still the one whose table it reads.
    leagues.leave(second.id, &s1, &manager("m1")).await.unwrap();
    assert_eq!(
        refused(leagues.named(None, &s1, &c1, Wanted::StillToPlay).await),
        LeagueRefusal::NoLeagueHere
    );
    assert_eq!(
        leagues
            .named(None, &s1, &c1, Wanted::AnyLatest)
            .await
            .unwrap()
            .id,
        first.id
    );
    service.close().await;
    db.drop().await;
}
on_both!(a_league_is_named_by_code_thread_or_community, naming);

/// Entry numbers count from 1 in the order of entry; any other number is
/// no community of the league.
async fn entry_numbers(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (_store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 3).await;
    for n in 1..=3 {
        assert_eq!(leagues.entrant(league.id, n).await.unwrap(), server(n));
    }
    for n in [0, 4, usize::MAX] {
        assert_eq!(
            refused(leagues.entrant(league.id, n).await),
            LeagueRefusal::OtherNotEntered,
            "entry {n}"
        );
    }
    let creator = manager("creator");
    let second = leagues.entrant(league.id, 2).await.unwrap();
    leagues.remove(league.id, &second, &creator).await.unwrap();
    // The third to enter is second now, as the table numbers them.
    assert_eq!(leagues.entrant(league.id, 2).await.unwrap(), server(3));
    service.close().await;
    db.drop().await;
}
on_both!(entry_numbers_follow_the_order_of_entry, entry_numbers);

/// Without the forfeit choice a community leaves only before the start;
/// after it, the refusal says what leaving costs and nothing is
/// forfeited.
async fn withdrawing(backend: Backend, name: &str) {
    let Some(db) = Database::fresh(backend, name).await else {
        return;
    };
    let clock = ManualClock::starting_at(START);
    let (store, service) = open(&db.url, &clock).await;
    let leagues = service.leagues();
    let league = entered(&service, &clock, spec(START + DAY_MS), 3).await;
    leagues
        .withdraw(league.id, &server(3), &manager("m3"))
        .await
        .unwrap();
    assert_eq!(leagues.league(league.id).await.unwrap().entered, 2);
    assert_eq!(
        refused(
            leagues
                .withdraw(league.id, &server(3), &manager("m3"))
                .await
        ),
        LeagueRefusal::NotEntered
    );
    leagues
        .start_now(league.id, &manager("creator"))
        .await
        .unwrap();
    assert_eq!(
        refused(
            leagues
                .withdraw(league.id, &server(1), &manager("m1"))
                .await
        ),
        LeagueRefusal::LeavingForfeits {
            name: "Outer Rim Cup".into()
        }
    );
    let games = store.league_games(league.id).await.unwrap();
    assert!(!games.is_empty());
    assert!(
        games.iter().all(|game| game.finish.is_none()),
        "nothing forfeited"
    );
    assert!(
        store
            .league_entrants(league.id)
            .await
            .unwrap()
            .iter()
            .all(|entrant| entrant.left_at.is_none()),
        "nobody left"
    );
    service.close().await;
    db.drop().await;
}
on_both!(
    leaving_without_consent_only_withdraws_before_the_start,
    withdrawing
);

fn shown_league(status: LeagueStatus) -> LeagueView {
    LeagueView {
        id: LeagueId(7),
        name: "Outer Rim Cup".into(),
        code: LeagueCode::typed("ABCD-EFGH"),
        kind: GameKind::SpaceCheckers,
        format: LeagueFormat::RoundRobin,
        games_per_pairing: GamesPerPairing::One,
        move_ms: MOVE_MS,
        start_at: START,
        status,
        entered: 4,
        public: false,
    }
}

/// Four communities after a round and a half: one won, one drew, one
/// lost, one left and forfeited; the third has not shown its name.
fn four_after_some_games() -> LeagueTable {
    let game = |first, second, finish| GameResult {
        fixture: Fixture {
            first: Entrant(first),
            second: Entrant(second),
        },
        finish,
    };
    let results = [
        game(0, 1, Finish::Played(Outcome::FirstWon)),
        game(2, 3, Finish::Played(Outcome::Drawn)),
        game(0, 2, Finish::Played(Outcome::Drawn)),
        game(3, 1, Finish::Forfeited { by: Colour::Second }),
    ];
    let names = [
        Some("Mos Eisley"),
        Some("Tatooine"),
        None,
        Some("Hoth Base"),
    ];
    let rows = holotable_leagues::standings::standings(4, &results, &[])
        .unwrap()
        .into_iter()
        .map(|row| StandingRow {
            server: server(row.entrant.index()),
            name: names[row.entrant.index()].map(str::to_string),
            row,
        })
        .collect();
    LeagueTable {
        league: shown_league(LeagueStatus::Running),
        rows,
    }
}

#[test]
fn the_table_reads_as_sentences_in_each_language() {
    let table = four_after_some_games();
    let shown: Vec<String> = Lang::ALL.iter().map(|lang| table.text(*lang)).collect();
    insta::assert_snapshot!(shown.join("\n\n"));
}

#[test]
fn before_the_start_the_table_numbers_the_communities_in_order_of_entry() {
    let mut table = four_after_some_games();
    table.league.status = LeagueStatus::Entering;
    table.rows.sort_by_key(|row| row.row.entrant);
    let shown: Vec<String> = Lang::ALL.iter().map(|lang| table.text(*lang)).collect();
    insta::assert_snapshot!(shown.join("\n\n"));
    table.rows.clear();
    for lang in Lang::ALL {
        let text = table.text(lang);
        assert!(
            text.contains("Outer Rim Cup") && !text.contains('\n'),
            "{lang}: {text}"
        );
    }
}

/// A table of 64 long names fits one message, and says how many rows it
/// left out.
#[test]
fn a_long_table_fits_one_message_and_says_what_it_left_out() {
    let rows = holotable_leagues::standings::standings(64, &[], &[])
        .unwrap()
        .into_iter()
        .map(|row| StandingRow {
            server: server(row.entrant.index()),
            name: Some(format!("{:>40}", row.entrant.index())),
            row,
        })
        .collect();
    let table = LeagueTable {
        league: shown_league(LeagueStatus::Running),
        rows,
    };
    for lang in Lang::ALL {
        let text = table.text(lang);
        assert!(text.chars().count() <= 1800, "{lang}: {}", text.len());
        let shown = text.lines().count() - 2;
        let left_out = (64 - shown).to_string();
        let last = text.lines().last().unwrap();
        assert!(last.contains(&left_out), "{lang}: {shown} shown; {last}");
    }
}
