//! The daily puzzle through the service, on both databases, with a
//! hand-moved clock: the round opens at the server's local time with the
//! daily post and once however many processes and restarts, takes one
//! vote per member until it closes, and is revealed once with the share
//! that found it; a member's private try is rated once, keeps a streak,
//! and hides the line while the community still votes.

use holotable::games::puzzle::{self, Puzzle};
use holotable::service::PuzzleRefusal;
use holotable::service::{
    Announcement, Answered, DailySetup, EngineOpponent, ManualClock, PuzzleChoice, PuzzlePost,
    PuzzleReveal, PuzzleSetup, PuzzleVoted, Refusal, Service, Settings, SolveStatus,
};
use holotable_store::Store;

use crate::support::actors::{manager, member};
use crate::support::backends::{Backend, TestDatabase, on_each_backend};
use crate::support::service::{Fresh, fresh_service, open_service, refusal};
use std::sync::Arc;

const SERVER: &str = "discord:1";
const CHANNEL: &str = "discord:100";

fn utc(text: &str) -> i64 {
    text.parse::<jiff::Timestamp>().unwrap().as_millisecond()
}

struct Bot {
    db: TestDatabase,
    clock: ManualClock,
    store: Store,
    service: Service,
}

impl Bot {
    async fn new(backend: Backend, start: i64) -> Bot {
        let clock = ManualClock::starting_at(start);
        let Fresh { db, store, service } = fresh_service(
            backend,
            &clock,
            Arc::new(EngineOpponent),
            Settings::default(),
        )
        .await;
        Bot {
            db,
            clock,
            store,
            service,
        }
    }

    async fn open_again(&self) -> (Store, Service) {
        open_service(
            &self.db.url,
            &self.clock,
            Arc::new(EngineOpponent),
            Settings::default(),
        )
        .await
    }

    async fn restart(&mut self) {
        self.store.close().await;
        (self.store, self.service) = self.open_again().await;
    }

    async fn tick_at(&self, at: i64) -> Option<i64> {
        self.clock.set(at);
        self.service.upkeep().post_due_daily().await.unwrap()
    }

    async fn announcements(&self) -> Vec<Announcement> {
        self.store
            .outbox()
            .pending_announcements(i64::MAX, 10_000)
            .await
            .unwrap()
            .into_iter()
            .filter(|row| row.kind.contains("puzzle"))
            .map(|row| {
                assert_eq!(row.channel, CHANNEL);
                serde_json::from_str(&row.payload).unwrap()
            })
            .collect()
    }

    async fn posts(&self) -> Vec<PuzzlePost> {
        self.announcements()
            .await
            .into_iter()
            .filter_map(|a| match a {
                Announcement::DailyPuzzle { post } => Some(post),
                _ => None,
            })
            .collect()
    }

    async fn reveals(&self) -> Vec<PuzzleReveal> {
        self.announcements()
            .await
            .into_iter()
            .filter_map(|a| match a {
                Announcement::PuzzleRevealed { reveal } => Some(reveal),
                _ => None,
            })
            .collect()
    }
}

async fn set_up(bot: &Bot, hours: u32) {
    bot.service
        .gamer_of_the_day()
        .set_up(DailySetup {
            server: SERVER.into(),
            channel: CHANNEL.into(),
            time: "09:00".into(),
            time_zone: "America/New_York".into(),
            mentions: false,
            by: manager("1000"),
        })
        .await
        .unwrap();
    bot.service
        .puzzles()
        .set_up(PuzzleSetup {
            server: SERVER.into(),
            channel: CHANNEL.into(),
            game: None,
            hours: Some(hours),
            by: manager("1000"),
        })
        .await
        .unwrap();
}

on_each_backend! {
#[tokio::test]
async fn the_round_opens_at_local_time_once_takes_votes_and_is_revealed_once(backend) {
        // 08:00 in New York (UTC-5 in December): before the post time.
        let mut bot = Bot::new(backend, utc("2026-12-07T13:00:00Z")).await;
        let refused = bot
            .service
            .puzzles().set_up(PuzzleSetup {
                server: SERVER.into(),
                channel: CHANNEL.into(),
                game: None,
                hours: None,
                by: manager("1000"),
            })
            .await;
        assert_eq!(refusal(refused), Refusal::Puzzle(PuzzleRefusal::PuzzleNeedsDaily));
        set_up(&bot, 2).await;
        let next = bot.tick_at(utc("2026-12-07T13:59:00Z")).await;
        assert!(bot.posts().await.is_empty());
        assert_eq!(next, Some(utc("2026-12-07T14:00:00Z")));

        // 09:00 local: the post and its puzzle, once, whoever else runs.
        bot.tick_at(utc("2026-12-07T14:00:00Z")).await;
        let (_, other) = bot.open_again().await;
        other.upkeep().post_due_daily().await.unwrap();
        bot.restart().await;
        bot.tick_at(utc("2026-12-07T14:01:00Z")).await;
        let posts = bot.posts().await;
        assert_eq!(posts.len(), 1, "{posts:?}");
        let post = &posts[0];
        assert_eq!(post.date, "2026-12-07");
        assert_eq!(post.closes_at, utc("2026-12-07T16:00:00Z"));
        let puzzle = puzzle::by_id(&post.puzzle).expect("a shipped puzzle");
        let text = post.text(holotable::i18n::Lang::En, |_| "soon".into());
        assert!(text.contains("Puzzle of the day, 2026-12-07"), "{text}");

        // One vote per member, changeable while open.
        let step = &puzzle.steps[0];
        let right = 1 + step.candidates.iter().position(|c| *c == step.answer).unwrap();
        let wrong = if right == 1 { 2 } else { 1 };
        let vote = |voter: &'static str, choice: usize| {
            let service = &bot.service;
            async move {
                service
                    .puzzles().vote(SERVER, &post.date, voter, choice, service.now())
                    .await
            }
        };
        assert!(matches!(vote("1", right).await, Ok(PuzzleVoted::Counted { .. })));
        assert!(matches!(vote("2", wrong).await, Ok(PuzzleVoted::Counted { .. })));
        assert!(matches!(vote("3", wrong).await, Ok(PuzzleVoted::Counted { .. })));
        assert!(matches!(vote("3", right).await, Ok(PuzzleVoted::Changed { .. })));
        assert!(matches!(vote("3", right).await, Ok(PuzzleVoted::Unchanged { .. })));
        assert_eq!(
            refusal(vote("4", 99).await),
            Refusal::Puzzle(PuzzleRefusal::PuzzleChoice {
                count: step.candidates.len() as i64
            })
        );

        // At the close: revealed once, with the votes as they stood.
        let next = bot.tick_at(utc("2026-12-07T15:59:00Z")).await;
        assert_eq!(next, Some(utc("2026-12-07T16:00:00Z")));
        assert!(bot.reveals().await.is_empty());
        // Past the close, before the reveal: a vote that was sent in time
        // (and waited its turn behind others) counts; one sent late does not.
        bot.clock.set(utc("2026-12-07T16:00:05Z"));
        let sent_in_time = bot
            .service
            .puzzles().vote(SERVER, &post.date, "6", right, utc("2026-12-07T15:59:59Z"))
            .await;
        assert!(matches!(sent_in_time, Ok(PuzzleVoted::Counted { .. })), "{sent_in_time:?}");
        assert_eq!(refusal(vote("7", right).await), Refusal::Puzzle(PuzzleRefusal::NoOpenPuzzle));
        bot.tick_at(utc("2026-12-07T16:00:05Z")).await;
        assert_eq!(refusal(vote("5", right).await), Refusal::Puzzle(PuzzleRefusal::NoOpenPuzzle));
        let (_, other) = bot.open_again().await;
        other.upkeep().post_due_daily().await.unwrap();
        let reveals = bot.reveals().await;
        assert_eq!(reveals.len(), 1);
        assert_eq!(reveals[0].found(puzzle), (3, 4));
        let text = reveals[0].text(holotable::i18n::Lang::En);
        assert!(text.contains("3 of 4 voters found it (75%)."), "{text}");
        assert!(text.contains(&step.answer), "{text}");

        // The next day draws another puzzle.
        bot.tick_at(utc("2026-12-08T14:00:00Z")).await;
        let posts = bot.posts().await;
        assert_eq!(posts.len(), 2);
        assert_ne!(posts[0].puzzle, posts[1].puzzle);
}
}

fn two_step_puzzle() -> &'static Puzzle {
    puzzle::shipped()
        .iter()
        .find(|p| p.steps.len() == 2)
        .expect("a two-move puzzle is shipped")
}

fn wrong_move(puzzle: &Puzzle, step: usize) -> String {
    let step = &puzzle.steps[step];
    step.candidates
        .iter()
        .find(|c| **c != step.answer)
        .expect("a wrong candidate")
        .clone()
}

on_each_backend! {
#[tokio::test]
async fn a_private_solve_in_two_moves_rates_once_and_a_wrong_answer_ends_the_streak(backend) {
        let bot = Bot::new(backend, utc("2026-12-07T13:00:00Z")).await;
        let service = &bot.service;
        let who = member("42");
        let puzzle = two_step_puzzle();
        let view = service
            .puzzles().open(&who.id, SERVER, PuzzleChoice::Named(puzzle.id.clone()))
            .await
            .unwrap();
        assert_eq!((view.step, view.status), (0, SolveStatus::Open));
        assert_eq!(
            refusal(service.puzzles().answer("nobody", None, "A1-B1").await),
            Refusal::Puzzle(PuzzleRefusal::NoPuzzleTry)
        );
        // Not a move: nothing changes.
        let answered = service.puzzles().answer(&who.id, None, "xyz").await.unwrap();
        assert!(matches!(answered, Answered::NotAMove(_)), "{answered:?}");

        let first = &puzzle.steps[0];
        let answered = service
            .puzzles().answer(&who.id, Some((&puzzle.id, 0)), &first.answer)
            .await
            .unwrap();
        let Answered::Next(view) = &answered else {
            panic!("{answered:?}")
        };
        assert_eq!(view.step, 1);
        assert_eq!(view.reply, first.reply);
        // A second click on the first step's button is stale, not a second answer.
        let again = service
            .puzzles().answer(&who.id, Some((&puzzle.id, 0)), &first.answer)
            .await
            .unwrap();
        assert!(matches!(again, Answered::Stale(_)), "{again:?}");

        let answered = service
            .puzzles().answer(&who.id, None, &puzzle.steps[1].answer)
            .await
            .unwrap();
        let Answered::Solved { rating, streak, .. } = answered else {
            panic!("{answered:?}")
        };
        assert_eq!(rating.0, 1500.0);
        assert!(rating.1 > rating.0, "{rating:?}");
        assert_eq!(streak, 1);
        let standing = service.puzzles().standing(&who.id).await.unwrap().unwrap();
        assert_eq!((standing.solved, standing.streak), (1, 1));
        assert_eq!(standing.rating, rating.1);

        // A second puzzle answered wrongly: rated down, streak back to 0,
        // and the line told at once (no vote of a server keeps it secret).
        let other = puzzle::shipped()
            .iter()
            .find(|p| p.id != puzzle.id && p.steps[0].candidates.len() > 1)
            .unwrap();
        service
            .puzzles().open(&who.id, SERVER, PuzzleChoice::Named(other.id.clone()))
            .await
            .unwrap();
        let answered = service
            .puzzles().answer(&who.id, None, &wrong_move(other, 0))
            .await
            .unwrap();
        let Answered::Wrong { rating: after, .. } = &answered else {
            panic!("{answered:?}")
        };
        assert!(after.1 < after.0, "{after:?}");
        let text = answered.text(holotable::i18n::Lang::En, |_| "soon".into());
        assert!(text.contains("is not the answer"), "{text}");
        assert!(text.contains("The line:"), "{text}");
        let standing = service.puzzles().standing(&who.id).await.unwrap().unwrap();
        assert_eq!((standing.solved, standing.failed), (1, 1));
        assert_eq!((standing.streak, standing.best_streak), (0, 1));
        let ranking = service.puzzles().ranking(SERVER, 10).await.unwrap();
        assert_eq!(ranking.len(), 1);
        assert_eq!(ranking[0].member, who.id);

        // Opening a tried puzzle again shows how it ended, and rates nothing.
        let view = service
            .puzzles().open(&who.id, SERVER, PuzzleChoice::Named(other.id.clone()))
            .await
            .unwrap();
        assert_eq!(view.status, SolveStatus::Failed);
        assert_eq!(
            service.puzzles().standing(&who.id).await.unwrap().unwrap().failed,
            1
        );
}
}

on_each_backend! {
#[tokio::test]
async fn a_wrong_private_answer_keeps_the_line_secret_until_the_servers_vote_closes(backend) {
        let bot = Bot::new(backend, utc("2026-12-07T14:30:00Z")).await;
        set_up(&bot, 3).await;
        bot.tick_at(utc("2026-12-07T14:30:00Z")).await;
        let post = bot.posts().await.remove(0);
        let puzzle = puzzle::by_id(&post.puzzle).unwrap();
        let service = &bot.service;
        let view = service
            .puzzles().open("7", SERVER, PuzzleChoice::Today)
            .await
            .unwrap();
        assert_eq!(view.puzzle, puzzle.id);
        assert_eq!(view.hidden_until, Some(post.closes_at));
        let answered = service
            .puzzles().answer("7", None, &wrong_move(puzzle, 0))
            .await
            .unwrap();
        // Having tried it alone, the member may not vote on it.
        assert_eq!(
            refusal(
                service
                    .puzzles().vote(SERVER, &post.date, "7", 1, service.now())
                    .await
            ),
            Refusal::Puzzle(PuzzleRefusal::PuzzleTriedAlone)
        );
        let text = answered.text(holotable::i18n::Lang::En, |_| "at the close".into());
        assert!(text.contains("is not the answer"), "{text}");
        assert!(!text.contains("The line:"), "{text}");
        assert!(text.contains("stays hidden while this server votes on the puzzle; the reveal post shows it when the vote closes, at the close"), "{text}");

        // A manager reveals it early; now the member sees the line.
        assert_eq!(
            refusal(service.puzzles().reveal_now(&member("8"), SERVER).await),
            Refusal::NotAllowed {
                action: "reveal-puzzle"
            }
        );
        service.puzzles().reveal_now(&manager("1000"), SERVER).await.unwrap();
        assert_eq!(
            refusal(service.puzzles().reveal_now(&manager("1000"), SERVER).await),
            Refusal::Puzzle(PuzzleRefusal::NoOpenPuzzle)
        );
        assert_eq!(bot.reveals().await.len(), 1);
        let view = service
            .puzzles().open("7", SERVER, PuzzleChoice::Today)
            .await
            .unwrap();
        assert_eq!(view.hidden_until, None);
        let text = view.text(holotable::i18n::Lang::En, |_| String::new());
        assert!(text.contains("The line:"), "{text}");
}
}

on_each_backend! {
#[tokio::test]
async fn a_vote_racing_the_reveal_of_another_process_is_counted_or_refused_never_lost(backend) {
    let bot = Bot::new(backend, utc("2026-12-07T14:30:00Z")).await;
    set_up(&bot, 3).await;
    bot.tick_at(utc("2026-12-07T14:30:00Z")).await;
    let post = bot.posts().await.remove(0);
    let (_, other) = bot.open_again().await;
    let other = Arc::new(other);
    let service = &bot.service;
    let voters: Vec<String> = (0..40).map(|n| format!("v{n}")).collect();
    // The reveal starts once the first vote is in, while the others are
    // still on their way.
    let first_in = Arc::new(tokio::sync::Notify::new());
    let date = post.date.as_str();
    let votes = futures_util::future::join_all(voters.iter().map(|voter| {
        let first_in = first_in.clone();
        async move {
            let vote = service
                .puzzles().vote(SERVER, date, voter, 1, service.now())
                .await;
            first_in.notify_one();
            vote
        }
    }));
    let reveal = {
        let (other, first_in) = (other.clone(), first_in.clone());
        tokio::spawn(async move {
            first_in.notified().await;
            other.puzzles().reveal_now(&manager("1000"), SERVER).await
        })
    };
    let taken = votes
        .await
        .into_iter()
        .filter(|vote| match vote {
            Ok(PuzzleVoted::Counted { .. }) => true,
            Err(error) => {
                assert!(
                    matches!(error, holotable::service::ServiceError::Refused(Refusal::Puzzle(PuzzleRefusal::NoOpenPuzzle))),
                    "{error:?}"
                );
                false
            }
            other => panic!("{other:?}"),
        })
        .count() as i64;
    reveal.await.unwrap().unwrap();
    let reveals = bot.reveals().await;
    assert_eq!(reveals.len(), 1);
    let counted: i64 = reveals[0].tally.iter().map(|(_, n)| n).sum();
    assert_eq!(counted, taken, "every vote taken is counted, and only those");
    assert!(taken >= 1, "the reveal waited for a first vote");
}
}

on_each_backend! {
#[tokio::test]
async fn a_server_sees_no_puzzle_twice_in_a_year(backend) {
    let bot = Bot::new(backend, utc("2026-12-07T13:00:00Z")).await;
    set_up(&bot, 1).await;
    bot.service
        .puzzles().set_up(PuzzleSetup {
            server: SERVER.into(),
            channel: CHANNEL.into(),
            game: Some(holotable::games::GameKind::Dejarik),
            hours: Some(1),
            by: manager("1000"),
        })
        .await
        .unwrap();
    let first = utc("2026-12-07T14:00:00Z");
    const DAY: i64 = 24 * 3_600_000;
    let shipped = puzzle::shipped()
        .iter()
        .filter(|p| p.game == holotable::games::GameKind::Dejarik)
        .count() as i64;
    assert!(shipped >= 366, "a year of Dejarik puzzles: {shipped}");
    for day in 0..366 {
        bot.tick_at(first + day * DAY).await;
    }
    let posts = bot.posts().await;
    assert_eq!(posts.len(), 366);
    let distinct: std::collections::HashSet<&str> =
        posts.iter().map(|p| p.puzzle.as_str()).collect();
    assert_eq!(distinct.len(), 366, "a puzzle was shown twice");
    // Each day's vote was revealed by the next day's pass.
    assert_eq!(bot.reveals().await.len(), 365);
}
}

on_each_backend! {
#[tokio::test]
async fn two_members_ending_one_puzzle_at_once_both_move_its_rating(backend) {
    let bot = Bot::new(backend, utc("2026-12-07T13:00:00Z")).await;
    let (_, other) = bot.open_again().await;
    let puzzle = puzzle::shipped().iter().find(|p| p.steps.len() == 1).unwrap();
    for (service, member) in [(&bot.service, "a"), (&other, "b")] {
        service
            .puzzles().open(member, SERVER, PuzzleChoice::Named(puzzle.id.clone()))
            .await
            .unwrap();
    }
    let answer = &puzzle.steps[0].answer;
    let (a, b) = tokio::join!(
        bot.service.puzzles().answer("a", None, answer),
        other.puzzles().answer("b", None, answer),
    );
    assert!(matches!(a.unwrap(), Answered::Solved { .. }));
    assert!(matches!(b.unwrap(), Answered::Solved { .. }));
    assert_eq!(bot.store.puzzle_plays(&puzzle.id).await.unwrap(), 2);
    // Two losses from its starting rating: lower than one loss leaves it.
    let start = holotable::service::ratings::Rating {
        rating: puzzle.difficulty.rating(),
        ..Default::default()
    };
    let once = holotable::service::ratings::update(
        start,
        &[holotable::service::ratings::Game {
            opponent: holotable::service::ratings::Rating::default(),
            score: 0.0,
        }],
        holotable::service::ratings::TAU,
    );
    let now = bot.store.puzzle_rating(&puzzle.id).await.unwrap().unwrap();
    assert!(now.rating < once.rating - 1.0, "{} vs {}", now.rating, once.rating);
}
}
