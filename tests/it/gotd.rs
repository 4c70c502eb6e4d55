//! Gamer of the Day on real SQLite files with a hand-moved clock: time
//! zones on both sides of UTC, both DST transitions, restarts before and
//! after the post time, two processes on one database, a whole cycle of
//! the curated lists, and the winner formula on a history played through
//! the community-games service.

use holotable::games::GameKind;
use holotable::i18n::Lang;
use holotable::service::DailyRefusal;
use holotable::service::{
    Acceptance, Announcement, ChallengeRequest, DailyPost, DailySetup, EngineOpponent, Honoree,
    ManualClock, PostNow, Refusal, Service, Settings, StartGame,
};
use holotable_store::Store;

use crate::support::actors::{manager, member};
use crate::support::backends::{Backend, TestDatabase, on_each_backend};
use crate::support::service::{
    Fresh, community_game, fresh_service, open_service, player, refusal,
};
use std::collections::HashSet;
use std::sync::Arc;

const SERVER: &str = "discord:1";
const POST_CHANNEL: &str = "discord:100";
const GAME_CHANNEL: &str = "discord:101";
const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// An instant written in UTC, e.g. `2026-03-08T07:00Z`.
fn utc(text: &str) -> i64 {
    let text = text.replace('Z', ":00Z");
    text.parse::<jiff::Timestamp>()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .as_millisecond()
}

struct Bot {
    db: TestDatabase,
    clock: ManualClock,
    store: Store,
    service: Service,
}

/// The random engine; a new process id each time, as a new process gets.
fn settings() -> Settings {
    Settings {
        level: "random".into(),
        ..Settings::default()
    }
}

impl Bot {
    async fn new(backend: Backend, start: i64) -> Bot {
        let clock = ManualClock::starting_at(start);
        let Fresh { db, store, service } =
            fresh_service(backend, &clock, Arc::new(EngineOpponent), settings()).await;
        Bot {
            db,
            clock,
            store,
            service,
        }
    }

    /// Another process on the same database.
    async fn second_process(&self) -> Service {
        let (_, service) = self.open_again().await;
        service
    }

    async fn restart(&mut self) {
        self.store.close().await;
        (self.store, self.service) = self.open_again().await;
    }

    /// The database opened as another process, or a restarted one, opens it.
    async fn open_again(&self) -> (Store, Service) {
        open_service(
            &self.db.url,
            &self.clock,
            Arc::new(EngineOpponent),
            settings(),
        )
        .await
    }

    async fn setup(&self, time: &str, zone: &str) {
        self.service
            .gamer_of_the_day()
            .set_up(DailySetup {
                server: SERVER.into(),
                channel: POST_CHANNEL.into(),
                time: time.into(),
                time_zone: zone.into(),
                mentions: false,
                by: manager("1000"),
            })
            .await
            .expect("setting up");
    }

    /// Every daily post queued so far, oldest first.
    async fn posts(&self) -> Vec<DailyPost> {
        self.store
            .outbox()
            .pending_announcements(i64::MAX, 10_000)
            .await
            .unwrap()
            .into_iter()
            .filter_map(|row| {
                if row.kind != "gamer-of-the-day" {
                    return None;
                }
                assert_eq!(row.channel, POST_CHANNEL);
                match serde_json::from_str(&row.payload).unwrap() {
                    Announcement::GamerOfTheDay { post } => Some(post),
                    other => panic!("a {} row holds {other:?}", row.kind),
                }
            })
            .collect()
    }

    /// Moves the clock and runs the scheduler's daily step; returns the
    /// next due time it reported.
    async fn tick_at(&self, at: i64) -> Option<i64> {
        self.clock.set(at);
        self.service.upkeep().post_due_daily().await.unwrap()
    }
}

fn dates(posts: &[DailyPost]) -> Vec<&str> {
    posts.iter().map(|p| p.date.as_str()).collect()
}

on_each_backend! {
#[tokio::test]
async fn posts_at_the_local_time_on_both_sides_of_utc(backend) {
    // (zone, local post time, the same instant in UTC, the local date)
    let cases = [
        (
            "America/New_York",
            "09:00",
            "2026-06-10T13:00Z",
            "2026-06-10",
        ),
        ("Asia/Tokyo", "09:00", "2026-06-10T00:00Z", "2026-06-10"),
        // Auckland is UTC+12 in June (winter): 06:30 local is the evening
        // before in UTC.
        (
            "Pacific/Auckland",
            "06:30",
            "2026-06-09T18:30Z",
            "2026-06-10",
        ),
    ];
    for (zone, time, due, date) in cases {
        let due = utc(due);
        let bot = Bot::new(backend, due - 3 * HOUR).await;
        bot.setup(time, zone).await;
        assert_eq!(bot.tick_at(due - MINUTE).await, Some(due), "{zone}");
        assert!(bot.posts().await.is_empty(), "{zone}: early");
        let next = bot.tick_at(due).await;
        assert_eq!(dates(&bot.posts().await), [date], "{zone}");
        assert_eq!(next, Some(due + DAY), "{zone}: tomorrow, same local time");
        bot.tick_at(due + 5 * HOUR).await;
        assert_eq!(bot.posts().await.len(), 1, "{zone}: once a day");
    }
}
}

on_each_backend! {
#[tokio::test]
async fn a_time_skipped_by_spring_forward_posts_once_when_the_gap_ends(backend) {
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT (07:00Z).
    let bot = Bot::new(backend, utc("2026-03-08T05:30Z")).await; // 00:30 EST
    bot.setup("02:30", "America/New_York").await;
    assert_eq!(
        bot.tick_at(utc("2026-03-08T06:59Z")).await,
        Some(utc("2026-03-08T07:00Z"))
    );
    assert!(bot.posts().await.is_empty());
    bot.tick_at(utc("2026-03-08T07:00Z")).await;
    bot.tick_at(utc("2026-03-08T07:30Z")).await;
    bot.tick_at(utc("2026-03-08T12:00Z")).await;
    assert_eq!(dates(&bot.posts().await), ["2026-03-08"]);

    // Auckland, 27 September 2026: 02:00 NZST jumps to 03:00 NZDT
    // (26 September 14:00Z).
    let bot = Bot::new(backend, utc("2026-09-26T12:30Z")).await; // 00:30 NZST
    bot.setup("02:15", "Pacific/Auckland").await;
    assert_eq!(
        bot.tick_at(utc("2026-09-26T12:30Z")).await,
        Some(utc("2026-09-26T14:00Z"))
    );
    bot.tick_at(utc("2026-09-26T14:00Z")).await;
    bot.tick_at(utc("2026-09-26T14:15Z")).await;
    assert_eq!(dates(&bot.posts().await), ["2026-09-27"]);
}
}

on_each_backend! {
#[tokio::test]
async fn a_time_repeated_by_fall_back_posts_once_at_its_first_occurrence(backend) {
    // New York, 1 November 2026: 01:30 happens at 05:30Z (EDT), then
    // again at 06:30Z (EST).
    let bot = Bot::new(backend, utc("2026-11-01T04:30Z")).await; // 00:30 EDT
    bot.setup("01:30", "America/New_York").await;
    assert_eq!(
        bot.tick_at(utc("2026-11-01T05:00Z")).await,
        Some(utc("2026-11-01T05:30Z"))
    );
    bot.tick_at(utc("2026-11-01T05:30Z")).await;
    let next = bot.tick_at(utc("2026-11-01T06:30Z")).await;
    assert_eq!(dates(&bot.posts().await), ["2026-11-01"]);
    // The next day is EST all day: 01:30 is 06:30Z.
    assert_eq!(next, Some(utc("2026-11-02T06:30Z")));

    // Auckland, 5 April 2026: 02:30 happens at 4 April 13:30Z (NZDT),
    // then at 14:30Z (NZST).
    let bot = Bot::new(backend, utc("2026-04-04T11:30Z")).await; // 00:30 NZDT
    bot.setup("02:30", "Pacific/Auckland").await;
    assert_eq!(
        bot.tick_at(utc("2026-04-04T11:30Z")).await,
        Some(utc("2026-04-04T13:30Z"))
    );
    bot.tick_at(utc("2026-04-04T13:30Z")).await;
    bot.tick_at(utc("2026-04-04T14:30Z")).await;
    assert_eq!(dates(&bot.posts().await), ["2026-04-05"]);
}
}

on_each_backend! {
#[tokio::test]
async fn a_restart_before_the_post_time_posts_on_time(backend) {
    let due = utc("2026-06-10T00:00Z"); // 09:00 in Tokyo
    let mut bot = Bot::new(backend, due - DAY).await;
    bot.setup("09:00", "Asia/Tokyo").await;
    bot.tick_at(due - DAY).await; // posts the 9th's: set up after its time
    bot.clock.set(due - HOUR);
    bot.restart().await;
    assert!(bot.service.upkeep().skip_missed_daily().await.unwrap().is_empty());
    assert_eq!(bot.tick_at(due - HOUR).await, Some(due));
    bot.tick_at(due).await;
    assert_eq!(dates(&bot.posts().await), ["2026-06-09", "2026-06-10"]);
}
}

on_each_backend! {
#[tokio::test]
async fn a_post_missed_while_down_goes_out_on_start_if_still_the_same_local_day(backend) {
    let due = utc("2026-06-10T13:00Z"); // 09:00 in New York
    let mut bot = Bot::new(backend, due - 2 * DAY).await;
    bot.setup("09:00", "America/New_York").await;
    bot.tick_at(due - DAY).await;
    // Down from 08:00 to 23:00 local: today's post goes out at start-up.
    bot.clock.set(due + 14 * HOUR);
    bot.restart().await;
    assert!(bot.service.upkeep().skip_missed_daily().await.unwrap().is_empty());
    bot.tick_at(due + 14 * HOUR).await;
    assert_eq!(dates(&bot.posts().await), ["2026-06-09", "2026-06-10"]);
}
}

on_each_backend! {
#[tokio::test]
async fn a_post_missed_while_down_past_the_local_day_is_skipped_and_reported(backend) {
    let due = utc("2026-06-10T13:00Z"); // 09:00 in New York
    let mut bot = Bot::new(backend, due - 2 * DAY).await;
    bot.setup("09:00", "America/New_York").await;
    bot.tick_at(due - DAY).await;
    // Down from the 10th 08:00 to the 11th 08:30 local.
    bot.clock.set(due + DAY - 30 * MINUTE);
    bot.restart().await;
    let skipped = bot.service.upkeep().skip_missed_daily().await.unwrap();
    assert_eq!(skipped.len(), 1);
    assert_eq!(
        (
            skipped[0].server.as_str(),
            skipped[0].first.as_str(),
            skipped[0].last.as_str()
        ),
        (SERVER, "2026-06-10", "2026-06-10")
    );
    assert_eq!(bot.tick_at(due + DAY - 30 * MINUTE).await, Some(due + DAY));
    bot.tick_at(due + DAY).await;
    assert_eq!(dates(&bot.posts().await), ["2026-06-09", "2026-06-11"]);

    // Down again for three whole days: all three are reported.
    bot.clock.set(due + 5 * DAY - HOUR);
    bot.restart().await;
    let skipped = bot.service.upkeep().skip_missed_daily().await.unwrap();
    assert_eq!(
        skipped
            .iter()
            .map(|s| (s.first.as_str(), s.last.as_str()))
            .collect::<Vec<_>>(),
        [("2026-06-12", "2026-06-14")]
    );
    bot.tick_at(due + 5 * DAY).await;
    assert_eq!(
        dates(&bot.posts().await),
        ["2026-06-09", "2026-06-11", "2026-06-15"]
    );
}
}

on_each_backend! {
#[tokio::test]
async fn two_processes_on_one_database_post_once(backend) {
    let due = utc("2026-06-10T00:00Z");
    let bot = Bot::new(backend, due - HOUR).await;
    bot.setup("09:00", "Asia/Tokyo").await;
    let other = bot.second_process().await;
    bot.clock.set(due);
    for _ in 0..3 {
        let (a, b) = tokio::join!(bot.service.upkeep().post_due_daily(), other.upkeep().post_due_daily());
        a.unwrap();
        b.unwrap();
    }
    let ada = manager("1000");
    let (a, b) = tokio::join!(
        bot.service.gamer_of_the_day().post_now(&ada, SERVER),
        other.gamer_of_the_day().post_now(&ada, SERVER)
    );
    assert!(matches!(a.unwrap(), PostNow::AlreadyPosted { .. }));
    assert!(matches!(b.unwrap(), PostNow::AlreadyPosted { .. }));
    assert_eq!(dates(&bot.posts().await), ["2026-06-10"]);
}
}

on_each_backend! {
#[tokio::test]
async fn curated_items_do_not_repeat_until_the_list_is_exhausted_and_previews_draw_nothing(backend) {
    let list = |file: &str| -> usize {
        let path = format!("{}/assets/gotd/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        serde_json::from_str::<Vec<serde_json::Value>>(&text)
            .unwrap()
            .len()
    };
    let (characters, facts) = (list("characters.json"), list("fun_facts.json"));
    let days = characters.max(facts) + 5;
    let first = utc("2026-01-01T14:00Z"); // 09:00 in New York
    let bot = Bot::new(backend, first - HOUR).await;
    bot.setup("09:00", "America/New_York").await;
    for day in 0..days as i64 {
        bot.clock.set(first + day * DAY);
        let (preview, posted) = bot.service.gamer_of_the_day().preview(SERVER).await.unwrap();
        assert!(!posted);
        bot.service.upkeep().post_due_daily().await.unwrap();
        let posts = bot.posts().await;
        assert_eq!(
            posts.last(),
            Some(&preview),
            "the preview of day {day} is what was posted"
        );
        let (again, posted) = bot.service.gamer_of_the_day().preview(SERVER).await.unwrap();
        assert!(posted);
        assert_eq!(again, preview, "after the post, the preview shows it");
    }
    let posts = bot.posts().await;
    assert_eq!(posts.len(), days);
    let names: Vec<&str> = posts
        .iter()
        .map(|p| match &p.honoree {
            Honoree::Character { id } => id.as_str(),
            Honoree::Member { .. } => panic!("nobody played"),
        })
        .collect();
    let facts_shown: Vec<&str> = posts.iter().map(|p| p.fact.as_str()).collect();
    let distinct = |items: &[&str]| items.iter().collect::<HashSet<_>>().len();
    assert_eq!(
        distinct(&names[..characters]),
        characters,
        "a whole cycle without repeats"
    );
    assert_eq!(
        distinct(&facts_shown[..facts]),
        facts,
        "a whole cycle without repeats"
    );
    // The next cycle starts over, again without repeats within it.
    let rest = &names[characters..];
    assert_eq!(distinct(rest), rest.len());
    let rest = &facts_shown[facts..];
    assert_eq!(distinct(rest), rest.len());
}
}

on_each_backend! {
#[tokio::test]
async fn setup_refuses_bad_times_zones_and_non_managers_saying_what_is_accepted(backend) {
    let bot = Bot::new(backend, utc("2026-06-10T00:00Z")).await;
    let setup = |time: &str, zone: &str, can_manage: bool| DailySetup {
        server: SERVER.into(),
        channel: POST_CHANNEL.into(),
        time: time.into(),
        time_zone: zone.into(),
        mentions: false,
        by: if can_manage { manager("1000") } else { member("1000") },
    };
    for time in ["25:00", "9.30", "09:60", "", "nine"] {
        let r = refusal(
            bot.service
                .gamer_of_the_day().set_up(setup(time, "Europe/London", true))
                .await,
        );
        assert!(r.to_string().contains("HH:MM"), "{time}: {r}");
    }
    let r = refusal(
        bot.service
            .gamer_of_the_day().set_up(setup("09:00", "Mars/Olympus_Mons", true))
            .await,
    );
    assert!(r.to_string().contains("IANA"), "{r}");
    let r = refusal(
        bot.service
            .gamer_of_the_day().set_up(setup("09:00", "Europe/London", false))
            .await,
    );
    assert!(matches!(r, Refusal::NotAllowed { .. }));
    assert!(matches!(
        refusal(bot.service.gamer_of_the_day().preview(SERVER).await),
        Refusal::Daily(DailyRefusal::NoDailyPost)
    ));
    // Any case is accepted and stored canonically.
    let plan = bot
        .service
        .gamer_of_the_day().set_up(setup("7:05", "europe/london", true))
        .await
        .unwrap();
    assert_eq!(
        (
            plan.settings.post_time.as_str(),
            plan.settings.time_zone.as_str()
        ),
        ("07:05", "Europe/London")
    );
    assert!(bot.service.gamer_of_the_day().off(&manager("1000"), SERVER).await.unwrap());
    assert!(!bot.service.gamer_of_the_day().off(&manager("1000"), SERVER).await.unwrap());
    assert_eq!(bot.tick_at(utc("2026-06-10T12:00Z")).await, None);
    assert!(bot.posts().await.is_empty());
}
}

/// The move the crowd picks: a capture or a straight step into the inner
/// orbit, so a Space Checkers game ends in a handful of ballots against
/// the random engine.
fn purposeful(legal: &[String]) -> &str {
    let straight = |mv: &str| {
        let (from, to) = mv.split_once('-').unwrap_or((mv, ""));
        from.starts_with('A') && to.starts_with('B') && from[1..] == to[1..]
    };
    let score = |mv: &str| match mv {
        mv if mv.contains('x') => 0,
        mv if straight(mv) => 1,
        mv if mv.starts_with('A') && mv.contains("-B") => 2,
        mv if mv.contains("-C") => 3,
        _ => 4,
    };
    legal
        .iter()
        .min_by_key(|mv| score(mv))
        .expect("an open ballot has moves")
}

/// A game in `GAME_CHANNEL`: "ace" votes with the crowd on every ballot,
/// "bo" on every other one, "cy" votes against it once. Returns the
/// number of ballots and whether the community won.
async fn play_a_game(bot: &Bot) -> (u32, bool) {
    bot.service
        .games()
        .start(StartGame {
            vote_ms: Some(10 * MINUTE),
            by: manager("1000"),
            ..community_game(GAME_CHANNEL, "random", 7)
        })
        .await
        .unwrap();
    let mut ballots = 0;
    loop {
        let view = bot.service.games().status(GAME_CHANNEL).await.unwrap();
        let Some(ballot) = view
            .ballot
            .filter(|b| b.status == holotable_store::BallotStatus::Open)
        else {
            let won = view
                .game
                .outcome
                .as_ref()
                .and_then(|o| o.winner())
                .is_some_and(|seat| seat.0 == 0);
            return (ballots, won);
        };
        let choice = purposeful(&ballot.legal).to_string();
        bot.service
            .votes()
            .cast(GAME_CHANNEL, "ace", &choice, bot.service.now())
            .await
            .unwrap();
        if ballots % 2 == 0 {
            bot.service
                .votes()
                .cast(GAME_CHANNEL, "bo", &choice, bot.service.now())
                .await
                .unwrap();
        }
        if ballots == 0 {
            let other = ballot.legal.iter().find(|mv| **mv != choice).unwrap();
            bot.service
                .votes()
                .cast(GAME_CHANNEL, "cy", other, bot.service.now())
                .await
                .unwrap();
        }
        ballots += 1;
        bot.clock.advance(11 * MINUTE);
        bot.service.turns().close_due().await.unwrap();
        assert!(ballots < 60, "the game should end in a handful of ballots");
    }
}

on_each_backend! {
#[tokio::test]
async fn the_member_with_the_best_record_of_the_local_day_before_is_named_with_the_reason(backend) {
    // Played on 9 June in Tokyo (from 10:00 local), posted on the 10th.
    let bot = Bot::new(backend, utc("2026-06-09T01:00Z")).await;
    bot.setup("09:00", "Asia/Tokyo").await;
    bot.service
        .servers().note_channel_server(GAME_CHANNEL, SERVER)
        .await
        .unwrap();
    let (ballots, won) = play_a_game(&bot).await;
    assert!(
        bot.clock_local_date_is("2026-06-09"),
        "the game fits in the day"
    );
    let records = bot
        .service
        .gamer_of_the_day().records(SERVER, utc("2026-06-08T15:00Z"), utc("2026-06-09T15:00Z"))
        .await
        .unwrap();
    let ace = records["ace"];
    let bo = records["bo"];
    assert_eq!(ace.winning_votes, ballots);
    assert_eq!(bo.winning_votes, ballots.div_ceil(2));
    assert_eq!(ace.community_wins, u32::from(won));
    assert_eq!(bo.community_wins, u32::from(won));
    // cy's one vote lost, but cy voted in the game, so shares its win.
    assert_eq!(records.get("cy").map_or(0, |r| r.winning_votes), 0);
    assert_eq!(
        records.get("cy").map_or(0, |r| r.community_wins),
        u32::from(won)
    );
    assert_eq!(
        (ace.matches_won, ace.rating_gained),
        (0, 0),
        "nobody played a match"
    );

    bot.tick_at(utc("2026-06-10T00:00Z")).await;
    let posts = bot.posts().await;
    let post = posts
        .iter()
        .find(|p| p.date == "2026-06-10")
        .expect("the 10th's post");
    let Honoree::Member { id, record } = &post.honoree else {
        panic!("someone played: {post:?}");
    };
    assert_eq!(id, "ace");
    assert_eq!(record, &ace, "the post carries the record that won");
    assert!(ballots > 1, "a game takes several ballots");
    let (en_won, es_won, ja_won) = if won {
        (
            ", 1 community game won",
            ", 1 partida comunitaria ganada",
            "、コミュニティ対局で1勝",
        )
    } else {
        ("", "", "")
    };
    let text = post.text(Lang::En, |id| format!("<@{id}>"));
    assert!(
        text.starts_with(&format!(
            "**Today's Gamer of the Day is: <@ace>**\nYesterday on the holotable: {ballots} winning votes{en_won}.\n\n**Trooper ST-3V3 Fun Fact:**\n"
        )),
        "{text}"
    );
    let text = post.text(Lang::Es, |id| format!("<@{id}>"));
    assert!(
        text.starts_with(&format!(
            "**El Gamer del Día es <@ace>**\nAyer en la mesa holográfica: {ballots} votos ganadores{es_won}.\n\n**Dato curioso del soldado ST-3V3:**\n"
        )),
        "{text}"
    );
    let text = post.text(Lang::Ja, |id| format!("<@{id}>"));
    assert!(
        text.starts_with(&format!(
            "**今日のゲーマーは<@ace>です！**\n昨日のホロ盤での成績：採用された投票{ballots}票{ja_won}。\n\n**トルーパーST-3V3の豆知識：**\n"
        )),
        "{text}"
    );

    // The game's day is over for the next post: the 11th names a character.
    bot.tick_at(utc("2026-06-11T00:00Z")).await;
    let posts = bot.posts().await;
    let post = posts
        .iter()
        .find(|p| p.date == "2026-06-11")
        .expect("the 11th's post");
    assert!(
        matches!(post.honoree, Honoree::Character { .. }),
        "{post:?}"
    );
}
}

on_each_backend! {
#[tokio::test]
async fn a_match_won_counts_with_the_rating_it_gained(backend) {
    let bot = Bot::new(backend, utc("2026-06-09T01:00Z")).await;
    bot.setup("09:00", "Asia/Tokyo").await;
    bot.service
        .servers().note_channel_server(GAME_CHANNEL, SERVER)
        .await
        .unwrap();
    let challenge = bot
        .service
        .matches().challenge(ChallengeRequest {
            channel: GAME_CHANNEL.into(),
            kind: GameKind::SpaceCheckers,
            rules: serde_json::json!({}),
            by: player("ace"),
            opponents: vec![player("bo")],
            turn_ms: None,
            seed: Some(3),
        })
        .await
        .unwrap();
    let accepted = bot
        .service
        .matches().accept(challenge.id, &player("bo"))
        .await
        .unwrap();
    assert!(matches!(accepted, Acceptance::Started(_)), "{accepted:?}");
    bot.clock.set(utc("2026-06-09T03:00Z"));
    bot.service.matches().resign(GAME_CHANNEL, "bo").await.unwrap();

    let records = bot
        .service
        .gamer_of_the_day().records(SERVER, utc("2026-06-08T15:00Z"), utc("2026-06-09T15:00Z"))
        .await
        .unwrap();
    let (ace, bo) = (records["ace"], records["bo"]);
    assert_eq!((ace.matches_won, bo.matches_won), (1, 0));
    assert!(ace.rating_gained > 0, "{ace:?}");
    assert!(bo.rating_gained < 0, "{bo:?}");

    bot.tick_at(utc("2026-06-10T00:00Z")).await;
    let post = bot
        .posts()
        .await
        .into_iter()
        .find(|p| p.date == "2026-06-10")
        .expect("the 10th's post");
    let Honoree::Member { id, record } = &post.honoree else {
        panic!("someone played: {post:?}");
    };
    assert_eq!(id, "ace");
    assert_eq!(record.matches_won, 1);
    let gained = record.rating_gained;
    let mention = |id: &str| format!("<@{id}>");
    let text = post.text(Lang::En, mention);
    assert!(
        text.contains(&format!(": 1 match won, +{gained} rating.")),
        "{text}"
    );
    let text = post.text(Lang::Es, mention);
    assert!(
        text.contains(&format!(
            ": 1 duelo ganado, +{gained} de puntuación."
        )),
        "{text}"
    );
    let text = post.text(Lang::Ja, mention);
    assert!(
        text.contains(&format!("：対戦で1勝、レーティング+{gained}。")),
        "{text}"
    );
}
}

on_each_backend! {
#[tokio::test]
async fn games_in_channels_of_another_server_do_not_count(backend) {
    let bot = Bot::new(backend, utc("2026-06-09T01:00Z")).await;
    bot.setup("09:00", "Asia/Tokyo").await;
    bot.service
        .servers().note_channel_server(GAME_CHANNEL, "discord:2")
        .await
        .unwrap();
    play_a_game(&bot).await;
    let records = bot
        .service
        .gamer_of_the_day().records(SERVER, utc("2026-06-08T15:00Z"), utc("2026-06-09T15:00Z"))
        .await
        .unwrap();
    assert!(records.is_empty(), "{records:?}");
    assert!(
        !bot.service
            .gamer_of_the_day().records(
                "discord:2",
                utc("2026-06-08T15:00Z"),
                utc("2026-06-09T15:00Z")
            )
            .await
            .unwrap()
            .is_empty()
    );
}
}

impl Bot {
    fn clock_local_date_is(&self, date: &str) -> bool {
        let now = jiff::Timestamp::from_millisecond(self.service.now()).unwrap();
        let tz = jiff::tz::TimeZone::get("Asia/Tokyo").unwrap();
        tz.to_datetime(now).date().to_string() == date
    }
}

on_each_backend! {
#[tokio::test]
async fn a_setup_made_by_another_process_is_seen_within_a_minute(backend) {
    let start = utc("2026-06-10T03:00Z"); // 12:00 in Tokyo
    let bot = Bot::new(backend, start).await;
    assert_eq!(bot.tick_at(start).await, None, "no server has the post yet");
    let other = bot.second_process().await;
    other
        .gamer_of_the_day().set_up(DailySetup {
            server: SERVER.into(),
            channel: POST_CHANNEL.into(),
            time: "09:00".into(),
            time_zone: "Asia/Tokyo".into(),
            mentions: false,
            by: manager("1000"),
        })
        .await
        .unwrap();
    bot.tick_at(start + MINUTE + 1).await;
    assert_eq!(dates(&bot.posts().await), ["2026-06-10"]);
}
}
