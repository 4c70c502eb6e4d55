use super::*;
use crate::review::SideReview;
use crate::{Honoree, Record, SeatLabel, SideLabel};
use holotable_games::{BySeat, Ending, GameKind, Outcome, Seat};
use holotable_model::EndReason;

/// Names members as `@id`, within `limit` when given.
struct Plain {
    limit: Option<usize>,
}

impl Style for Plain {
    fn member(&self, id: &str) -> String {
        format!("@{id}")
    }

    fn role(&self, id: &str) -> String {
        format!("@&{id}")
    }

    fn limit(&self) -> Option<usize> {
        self.limit
    }
}

const PLAIN: Plain = Plain { limit: None };
const EN: Lang = Lang::En;

fn text_of(part: &Part) -> &str {
    match part {
        Part::Text(message) | Part::Board { message, .. } => &message.text,
        other => panic!("no message in {other:?}"),
    }
}

#[test]
fn a_new_ballot_is_its_board_stating_the_ballots_deadline_then_the_ballot() {
    let announcement = Announcement::BallotOpened {
        ply: 4,
        position: String::new(),
        deadline: 90_000,
        featured: vec!["A1-B1".into(), "C2-C3".into()],
        legal_count: 2,
        deciding: None,
        replies: vec!["A7-B7".into()],
        last_move: None,
        call: None,
        votes_open_at: None,
    };
    let parts = announcement.parts(EN, &PLAIN);
    assert_eq!(
        parts,
        vec![
            Part::Board {
                ply: 4,
                featured: vec!["A1-B1".into(), "C2-C3".into()],
                message: Message {
                    text: announcement.describe(EN),
                    closes: Some(Closes {
                        wording: Closing::VotingCloses,
                        at: 90_000,
                        ballot: Some(4),
                    }),
                    calls: None,
                    role: None,
                    turn_menus: None,
                    while_open: None,
                    discussion: None,
                },
            },
            Part::Ballot {
                ply: 4,
                deadline: 90_000
            },
        ]
    );
    assert!(text_of(&parts[0]).starts_with("I reply A7-B7."));
}

#[test]
fn an_extension_ends_the_old_posts_says_until_when_and_posts_the_ballot_again() {
    let parts = Announcement::BallotExtended {
        ply: 2,
        deadline: 5_000,
    }
    .parts(EN, &PLAIN);
    let [
        Part::EndBallotPosts { result: None },
        Part::Text(message),
        ballot,
    ] = &parts[..]
    else {
        panic!("{parts:?}");
    };
    assert_eq!(
        message.closes,
        Some(Closes {
            wording: Closing::ExtendedUntil,
            at: 5_000,
            ballot: Some(2)
        })
    );
    assert_eq!(
        *ballot,
        Part::Ballot {
            ply: 2,
            deadline: 5_000
        }
    );
}

#[test]
fn a_closed_ballot_ends_its_posts_with_the_result_then_says_what_was_played() {
    let closed = Announcement::BallotClosed {
        ply: 0,
        winner: "A1-B1".into(),
        votes: 3,
        total: 4,
        tie_broken: false,
        replies: vec!["A7-B7".into()],
        by: None,
    };
    let parts = closed.parts(EN, &PLAIN);
    assert_eq!(parts.len(), 2);
    assert_eq!(
        parts[0],
        Part::EndBallotPosts {
            result: closed.ballot_result(EN)
        }
    );
    assert!(closed.ballot_result(EN).unwrap().contains("A7-B7"));
    assert_eq!(parts[1], Part::Text(Message::text(closed.describe(EN))));
    // A pause ends the posts without a result.
    let paused = Announcement::GamePaused {
        ply: 3,
        reason: crate::announce::NOBODY_VOTED.into(),
    };
    assert_eq!(
        paused.parts(EN, &PLAIN)[0],
        Part::EndBallotPosts { result: None }
    );
}

#[test]
fn a_finished_game_ends_the_posts_and_shows_the_last_position() {
    let finished = Announcement::GameFinished {
        replies: Vec::new(),
        position: String::new(),
        outcome: Outcome::from_scores(
            BySeat::from_fn(2, |seat| u32::from(seat == Seat(0))),
            Ending::MoveLimit { limit: 50 },
        ),
        ratings: None,
    };
    assert_eq!(
        finished.parts(EN, &PLAIN),
        vec![
            Part::EndBallotPosts { result: None },
            Part::Board {
                ply: u32::MAX,
                featured: Vec::new(),
                message: Message::text(finished.describe(EN)),
            },
        ]
    );
}

#[test]
fn another_sides_vote_is_a_board_without_options_and_its_closing_no_ballot_of_ours() {
    let side = SideLabel {
        community: Some("Rebel Base".into()),
        seats: vec!["white".into()],
    };
    let voting = Announcement::OtherSideVoting {
        ply: 7,
        position: String::new(),
        deadline: 1_000,
        side: side.clone(),
        replies: Vec::new(),
        last_move: None,
    };
    let parts = voting.parts(EN, &PLAIN);
    let [
        Part::Board {
            ply: 7,
            featured,
            message,
        },
    ] = &parts[..]
    else {
        panic!("{parts:?}");
    };
    assert!(featured.is_empty());
    assert!(message.text.contains("Rebel Base"));
    assert_eq!(
        message.closes.map(|c| (c.wording, c.ballot)),
        Some((Closing::TheirVotingCloses, None))
    );
    let extended = Announcement::OtherSideExtended {
        ply: 7,
        deadline: 2_000,
        side,
    };
    let parts = extended.parts(EN, &PLAIN);
    assert_eq!(
        parts,
        vec![Part::Text(Message::closing(
            extended.describe(EN),
            Closing::ExtendedUntil,
            2_000,
            None
        ))]
    );
    let left = Announcement::SideLeft {
        side: SideLabel::default(),
        resigned: true,
        vote_again: false,
    };
    let parts = left.parts(EN, &PLAIN);
    assert_eq!(parts[0], Part::EndBallotPosts { result: None });
    assert!(matches!(parts[1], Part::Text(_)));
}

#[test]
fn a_start_is_one_text_and_the_daily_post_is_kept_whole() {
    let resumed = Announcement::GameResumed {
        ply: 1,
        deadline: 9,
    };
    assert_eq!(
        resumed.parts(EN, &PLAIN),
        vec![Part::Text(Message::text(resumed.describe(EN)))]
    );
    let post = DailyPost {
        date: "2026-06-10".into(),
        honoree: Honoree::Member {
            id: "123".into(),
            record: Record::default(),
        },
        fact: "wookiee-rule".into(),
        mentions: true,
    };
    let daily = Announcement::GamerOfTheDay { post: post.clone() };
    assert_eq!(daily.parts(EN, &PLAIN), vec![Part::Daily(post)]);
}

#[test]
fn a_review_is_worded_with_the_platforms_names_and_limit() {
    let review = SideReview {
        kind: GameKind::SpaceCheckers,
        seats: vec!["white".into()],
        decisions: Vec::new(),
        closest: Vec::new(),
        members: Some(0),
        agreed: Vec::new(),
    };
    let expected = review.text(EN, |id| format!("@{id}"), Some(10));
    let parts = Announcement::GameReviewed { review }.parts(EN, &Plain { limit: Some(10) });
    assert_eq!(parts, vec![Part::Text(Message::text(expected))]);
}

fn seat(player: Option<&str>) -> SeatLabel {
    SeatLabel {
        seat: 0,
        seat_name: "white".into(),
        player: player.map(|id| PlayerRef {
            id: id.into(),
            name: format!("name of {id}"),
        }),
    }
}

#[test]
fn a_turn_ends_the_last_turns_menus_then_calls_its_player_on_the_board_with_menus() {
    let turn = MatchAnnouncement::TurnStarted {
        ply: 3,
        seat: seat(Some("42")),
        deadline: 60_000,
        legal_count: 5,
        replies: Vec::new(),
        last_move: None,
    };
    let parts = turn.parts(EN, &PLAIN, &[]);
    let [
        Part::EndPreviousTurn,
        Part::Board {
            ply: 3, message, ..
        },
    ] = &parts[..]
    else {
        panic!("{parts:?}");
    };
    assert!(message.text.contains("@42"), "{}", message.text);
    assert_eq!(message.calls.as_ref().map(|p| p.id.as_str()), Some("42"));
    assert_eq!(message.turn_menus, Some(3));
    assert_eq!(
        message.closes,
        Some(Closes {
            wording: Closing::ChooseBy,
            at: 60_000,
            ballot: None
        })
    );
    // The engine's turn calls nobody.
    let reminder = MatchAnnouncement::TurnReminder {
        ply: 3,
        seat: seat(None),
        deadline: 60_000,
    };
    let parts = reminder.parts(EN, &PLAIN, &[]);
    let [Part::Text(message)] = &parts[..] else {
        panic!("{parts:?}");
    };
    assert_eq!(message.calls, None);
}

#[test]
fn a_rated_result_lists_each_players_rating_change_under_the_last_board() {
    let seats = [
        MatchSeat {
            seat: 0,
            player: Some("1".into()),
            name: "Rey".into(),
            rating_before: Some(1500.0),
            rating_after: Some(1662.4),
        },
        MatchSeat {
            seat: 1,
            player: None,
            name: "engine".into(),
            rating_before: None,
            rating_after: None,
        },
    ];
    let finished = |rated| MatchAnnouncement::MatchFinished {
        reason: EndReason::Played,
        outcome: Outcome::from_scores(
            BySeat::from_fn(2, |seat| u32::from(seat == Seat(0))),
            Ending::MoveLimit { limit: 50 },
        ),
        replies: Vec::new(),
        rated,
    };
    let rated = finished(true).parts(EN, &PLAIN, &seats);
    let [
        Part::EndPreviousTurn,
        Part::Board {
            ply: u32::MAX,
            message,
            ..
        },
    ] = &rated[..]
    else {
        panic!("{rated:?}");
    };
    let lines: Vec<&str> = message.text.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].contains("@1") && lines[1].contains("1500") && lines[1].contains("1662"));
    assert_eq!(message.calls, None);
    let friendly = finished(false).parts(EN, &PLAIN, &seats);
    assert_eq!(text_of(&friendly[1]).lines().count(), 1);
}

#[test]
fn a_closing_under_options_has_lines_of_its_own_and_an_extension_is_a_sentence() {
    let board = with_closing(
        EN,
        "Move 5.",
        &["Options: 1 A1-B1".into()],
        Closing::VotingCloses,
        "soon",
    );
    assert_eq!(board, "Move 5.\nOptions: 1 A1-B1\nVoting closes soon.");
    let extended = with_closing(EN, "No votes yet.", &[], Closing::ExtendedUntil, "soon");
    assert_eq!(extended, "No votes yet. Voting now closes soon.");
}

#[test]
fn a_ballot_that_calls_a_role_names_it_first_and_pings_it_alone() {
    let announcement = Announcement::BallotOpened {
        ply: 2,
        position: String::new(),
        deadline: 90_000,
        featured: vec!["A1-B1".into()],
        legal_count: 1,
        deciding: None,
        replies: Vec::new(),
        last_move: None,
        call: Some("77".into()),
        votes_open_at: None,
    };
    let parts = announcement.parts(EN, &PLAIN);
    let Part::Board { message, .. } = &parts[0] else {
        panic!("a ballot opens with its board: {parts:?}");
    };
    assert_eq!(
        message.text,
        format!("@&77, a new ballot is open.\n{}", announcement.describe(EN))
    );
    assert_eq!(message.role.as_deref(), Some("77"));
    assert_eq!(message.calls, None);
    assert!(matches!(parts[1], Part::Ballot { ply: 2, .. }));
}

#[test]
fn a_reminder_calls_the_role_with_the_turnout_and_the_ballots_closing() {
    let reminder = |voters| Announcement::BallotReminder {
        ply: 6,
        deadline: 120_000,
        voters,
        role: "77".into(),
    };
    let parts = reminder(1).parts(EN, &PLAIN);
    assert_eq!(
        parts,
        vec![Part::Text(Message {
            text: "@&77, move 7 still needs votes: only 1 member has voted.".into(),
            closes: Some(Closes {
                wording: Closing::Reminder,
                at: 120_000,
                ballot: None,
            }),
            calls: None,
            role: Some("77".into()),
            turn_menus: None,
            while_open: Some(6),
            discussion: None,
        })]
    );
    assert_eq!(
        text_of(&reminder(0).parts(EN, &PLAIN)[0]),
        "@&77, move 7 still needs votes: nobody has voted yet."
    );
    assert_eq!(
        text_of(&reminder(2).parts(Lang::Es, &PLAIN)[0]),
        "@&77, el movimiento 7 aún necesita votos: solo han votado 2 miembros."
    );
    assert_eq!(
        text_of(&reminder(2).parts(Lang::Ja, &PLAIN)[0]),
        "@&77、7手目はまだ2人しか投票していません。"
    );
}

#[test]
fn a_discussed_ballot_shows_its_board_first_and_its_ballot_when_votes_open() {
    let discussed = Announcement::BallotOpened {
        ply: 2,
        position: String::new(),
        deadline: 900_000,
        featured: vec!["A1-B1".into()],
        legal_count: 1,
        deciding: None,
        replies: Vec::new(),
        last_move: None,
        call: None,
        votes_open_at: Some(300_000),
    };
    // The board, its options and when voting opens, a time no slow post
    // moves; nothing to vote on yet.
    let parts = discussed.parts(EN, &PLAIN);
    let [Part::Board { message, .. }] = parts.as_slice() else {
        panic!("a discussion opens with its board alone: {parts:?}");
    };
    assert_eq!(
        message.closes,
        Some(Closes {
            wording: Closing::VotesOpen,
            at: 300_000,
            ballot: None,
        })
    );
    assert_eq!(
        message.text,
        "Ballot for move 3: 1 legal move. Talk it over first: suggest a move with `/suggest` and back the suggestions you agree with."
    );
    assert_eq!(
        with_closing(EN, &message.text, &[], Closing::VotesOpen, "in 5 minutes"),
        format!("{}\nVoting opens in 5 minutes.", message.text)
    );

    let opened = Announcement::VotingOpened {
        ply: 2,
        deadline: 900_000,
    };
    let parts = opened.parts(EN, &PLAIN);
    assert_eq!(
        text_of(&parts[0]),
        "The discussion of move 3 is over: vote now."
    );
    assert!(matches!(
        parts.as_slice(),
        [
            Part::Text(Message {
                closes: Some(Closes {
                    wording: Closing::VotingCloses,
                    at: 900_000,
                    ballot: Some(2),
                }),
                ..
            }),
            Part::Ballot {
                ply: 2,
                deadline: 900_000
            }
        ]
    ));
}

/// A league game's side plays in a thread of its own, its place to talk:
/// its start post opens no discussion thread (none can open in a thread),
/// as a shared game's in a channel does.
#[test]
fn a_shared_game_in_a_thread_opens_no_discussion() {
    let started = |in_thread| Announcement::SharedGameStarted {
        kind: GameKind::SpaceCheckers,
        yours: vec!["white".into()],
        opponents: Vec::new(),
        engine: None,
        ballot_format: holotable_store::BallotFormat::Auto,
        in_thread,
    };
    let discussion = |in_thread| match &started(in_thread).parts(EN, &PLAIN)[..] {
        [Part::Text(message)] => message.discussion.clone(),
        other => panic!("a start post is one text: {other:?}"),
    };
    assert!(discussion(false).is_some());
    assert_eq!(discussion(true), None);
}
