//! What each member's votes did, per server: the figures of `/community
//! stats` and `/community voters` counted again from the stored ballots,
//! votes and review, in a game between two servers' communities and in
//! games against the engine across calendar periods.

use holotable::engine::review::Verdict;
use holotable::model::{MemberVotes, VoteFigures, VoterFigures};
use holotable::service::{Announcement, ManualClock, Settings, StartGame, VotersPeriod};
use holotable_store::{BallotId, GameId, Store};

use crate::support::actors::manager;
use crate::support::backends::on_each_backend;
use crate::support::service::{Fresh, community_game, fresh_service};
use crate::support::versus::{GUEST, HOST, Versus};
use std::collections::BTreeMap;
use std::sync::Arc;

const HOST_SERVER: &str = "discord-server:1";
const GUEST_SERVER: &str = "discord-server:2";

/// Each member's figures over `game`'s community decisions by `seats`,
/// counted from the moves, the votes and the engine's choices, with each
/// member's streak over those ballots in the order they closed (ply order
/// here, as each closed after the one before).
async fn counted(
    store: &Store,
    game: GameId,
    seats: &[u8],
    engine: &BTreeMap<u32, Option<String>>,
) -> BTreeMap<String, MemberVotes> {
    let moves = store.moves(game).await.unwrap();
    let mut ballots = Vec::new();
    for m in moves.iter().filter(|m| m.decided_by == "community") {
        if !seats.contains(&(m.seat.unwrap() as u8)) {
            continue;
        }
        let ply = m.ply as u32;
        let cast = store.votes(BallotId { game, ply }).await.unwrap();
        ballots.push((ply, m.notation.clone(), cast));
    }
    let mut figures: BTreeMap<String, MemberVotes> = BTreeMap::new();
    for (ply, winner, cast) in &ballots {
        for (voter, mv) in cast {
            let f = &mut figures.entry(voter.clone()).or_default().figures;
            f.ballots += 1;
            f.became_move += u32::from(mv == winner);
            if let Some(Some(preferred)) = engine.get(ply) {
                f.judged += 1;
                f.matched_engine += u32::from(mv == preferred);
            }
        }
    }
    for (voter, votes) in &mut figures {
        votes.streak = ballots
            .iter()
            .rev()
            .take_while(|(_, _, cast)| cast.iter().any(|(v, _)| v == voter))
            .count() as u32;
    }
    figures
}

/// `figures` as `/community voters` ranks them.
fn ranked(figures: &BTreeMap<String, MemberVotes>) -> Vec<VoterFigures> {
    let mut ranked: Vec<VoterFigures> = figures
        .iter()
        .map(|(voter, votes)| VoterFigures {
            voter: voter.clone(),
            figures: votes.figures,
        })
        .collect();
    ranked.sort_by(|a, b| {
        (
            b.figures.ballots,
            b.figures.became_move,
            b.figures.matched_engine,
        )
            .cmp(&(
                a.figures.ballots,
                a.figures.became_move,
                a.figures.matched_engine,
            ))
            .then(a.voter.cmp(&b.voter))
    });
    ranked
}

on_each_backend! {
#[tokio::test]
async fn each_server_counts_its_own_side_and_members_and_the_reviews_engine_choices(backend) {
    let versus = Versus::new(backend).await;
    let game = versus.started().await;
    // White is the host's side (even plies), black the guest's. Ann skips
    // the host's first ballot, Ben votes only in its first two, Cy in all;
    // the guest's Dora votes in all and Eli in its first two.
    for ply in 0..6 {
        let host = ply % 2 == 0;
        let round = ply / 2;
        let votes: Vec<(&str, &str)> = if host {
            [("ann", "1", round > 0), ("ben", "2", round < 2), ("cy", "2", true)]
                .into_iter()
                .filter(|&(.., votes)| votes)
                .map(|(voter, choice, _)| (voter, choice))
                .collect()
        } else {
            [("dora", "1", true), ("eli", "3", round < 2)]
                .into_iter()
                .filter(|&(.., votes)| votes)
                .map(|(voter, choice, _)| (voter, choice))
                .collect()
        };
        let channel = if host { HOST } else { GUEST };
        for (voter, choice) in votes {
            versus.vote(channel, voter, choice).await.unwrap();
        }
        versus.close().await;
    }
    let service = &versus.service;

    // Before the game ends, no ballot has an engine figure.
    let no_engine = BTreeMap::new();
    let host = counted(&versus.store, game, &[0], &no_engine).await;
    assert_eq!(host.keys().collect::<Vec<_>>(), ["ann", "ben", "cy"]);
    for (voter, votes) in &host {
        assert_eq!(&service.votes().member_votes(HOST_SERVER, voter).await.unwrap(), votes, "{voter}");
    }
    assert_eq!(host["ann"].streak, 2);
    assert_eq!(host["ben"].streak, 0);
    assert_eq!(host["cy"].streak, 3);

    // The guest resigns at the host's fourth ballot, which is abandoned;
    // the review keeps the engine's choice at every decision.
    service.games().resign_side(GUEST, &manager("bob")).await.unwrap();
    assert_eq!(service.games().post_due_reviews().await.unwrap(), 1);
    let reviews = service.games().review(game).await.unwrap();
    let engine: BTreeMap<u32, Option<String>> = reviews
        .iter()
        .flat_map(|review| &review.decisions)
        .map(|d| {
            let judged = d.judgement.verdict != Verdict::Forced;
            (d.ply, judged.then(|| d.judgement.preferred.clone()))
        })
        .collect();
    assert_eq!(engine.len(), 6, "every decision of both sides reviewed");

    for (server, seats, members) in [
        (HOST_SERVER, [0], ["ann", "ben", "cy"].as_slice()),
        (GUEST_SERVER, [1], ["dora", "eli"].as_slice()),
    ] {
        let expected = counted(&versus.store, game, &seats, &engine).await;
        assert_eq!(expected.keys().map(String::as_str).collect::<Vec<_>>(), members);
        assert!(expected.values().any(|v| v.figures.judged > 0), "{server}");
        for (voter, votes) in &expected {
            assert_eq!(&service.votes().member_votes(server, voter).await.unwrap(), votes, "{voter}");
        }
        for period in [VotersPeriod::Month, VotersPeriod::Season, VotersPeriod::AllTime] {
            let ranking = service.votes().top_voters(server, period, 10).await.unwrap();
            assert_eq!(ranking.voters, ranked(&expected), "{server} {period:?}");
        }
        let top = service.votes().top_voters(server, VotersPeriod::AllTime, 2).await.unwrap();
        assert_eq!(top.voters, ranked(&expected)[..2]);
    }
    // A member of the other server has no figures here, though they voted
    // in the same game.
    assert_eq!(service.votes().member_votes(HOST_SERVER, "dora").await.unwrap(), MemberVotes::default());
    assert_eq!(service.votes().member_votes(GUEST_SERVER, "cy").await.unwrap(), MemberVotes::default());

    // Each channel's review names its own side's turnout.
    for (channel, members, ballots) in [(HOST, 3, 3), (GUEST, 2, 3)] {
        let review = versus
            .shown_in(channel)
            .await
            .into_iter()
            .find_map(|a| match a {
                Announcement::GameReviewed { review } => Some(review),
                _ => None,
            })
            .expect("the review is posted in each channel");
        assert_eq!(review.members, Some(members));
        assert_eq!(review.decisions.len(), ballots);
        let text = review.text(holotable::i18n::Lang::En, |id| id.to_string(), None);
        assert!(
            text.contains(&format!(
                "{members} members voted across the community's {ballots} ballots."
            )),
            "{text}"
        );
    }
}
}

/// 2026-03-31 23:00 UTC, an hour before the second quarter begins.
const LAST_HOUR_OF_MARCH: i64 = 1_774_998_000_000;
const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;

on_each_backend! {
#[tokio::test]
async fn a_period_counts_the_ballots_that_closed_in_it(backend) {
    let clock = ManualClock::starting_at(LAST_HOUR_OF_MARCH - HOUR);
    let Fresh { db: _db, store, service } =
        fresh_service(backend, &clock, Arc::new(holotable::service::EngineOpponent), Settings::default())
            .await;
    let here = StartGame {
        server: Some(HOST_SERVER.into()),
        ..community_game("channel-a", "random", 3)
    };
    let game = service.games().start(here).await.unwrap();
    // A terminal's game belongs to no server: its voter is never listed.
    service.games().start(community_game("terminal", "random", 4)).await.unwrap();

    // Ballots close on the last hour of March, on the last of April and in
    // May; Ann votes in all three, Ben from April, Cy in May only.
    let closes = [LAST_HOUR_OF_MARCH, LAST_HOUR_OF_MARCH + 30 * DAY, LAST_HOUR_OF_MARCH + 32 * DAY];
    for (i, at) in closes.into_iter().enumerate() {
        for (voter, from) in [("ann", 0), ("ben", 1), ("cy", 2)] {
            if i >= from {
                service.votes().cast("channel-a", voter, "1", service.now()).await.unwrap();
            }
        }
        service.votes().cast("terminal", "zed", "1", service.now()).await.unwrap();
        // Ann argues for the move every ballot plays; Cy, in May, for
        // another.
        service.votes().suggest("channel-a", "ann", "1", "the crowd's pick", service.now()).await.unwrap();
        if i == 2 {
            service.votes().suggest("channel-a", "cy", "2", "bolder", service.now()).await.unwrap();
        }
        clock.set(at);
        service.turns().close_due().await.unwrap();
    }
    assert_eq!(
        store.moves(game).await.unwrap().iter().filter(|m| m.decided_by == "community").count(),
        3
    );

    let figures = |ballots| VoteFigures { ballots, became_move: ballots, judged: 0, matched_engine: 0 };
    let line = |voter: &str, ballots| VoterFigures { voter: voter.into(), figures: figures(ballots) };
    let may = service.votes().top_voters(HOST_SERVER, VotersPeriod::Month, 10).await.unwrap();
    assert_eq!(may.since, Some(LAST_HOUR_OF_MARCH + HOUR + 30 * DAY));
    assert_eq!(may.voters, [line("ann", 1), line("ben", 1), line("cy", 1)]);
    let quarter = service.votes().top_voters(HOST_SERVER, VotersPeriod::Season, 10).await.unwrap();
    assert_eq!(quarter.since, Some(LAST_HOUR_OF_MARCH + HOUR));
    assert_eq!(quarter.voters, [line("ann", 2), line("ben", 2), line("cy", 1)]);
    let ever = service.votes().top_voters(HOST_SERVER, VotersPeriod::AllTime, 10).await.unwrap();
    assert_eq!(ever.since, None);
    assert_eq!(ever.voters, [line("ann", 3), line("ben", 2), line("cy", 1)]);

    // The stats are all time, and the streak runs back to the first miss.
    let ann = service.votes().member_votes(HOST_SERVER, "ann").await.unwrap();
    assert_eq!(ann, MemberVotes { figures: figures(3), streak: 3, suggested: 3, adopted: 3 });
    let cy = service.votes().member_votes(HOST_SERVER, "cy").await.unwrap();
    assert_eq!(cy, MemberVotes { figures: figures(1), streak: 1, suggested: 1, adopted: 0 });
    assert_eq!(service.votes().member_votes(HOST_SERVER, "zed").await.unwrap(), MemberVotes::default());
}
}
