//! The web pages over HTTP, served in-process from a service on each
//! database: what a page shows and what it must never show, the answers
//! to wrong addresses, and which listings an unlisted game stays out of.
//! `web_browser.rs` loads them in a real browser.

use crate::support::actors::{manager, member};
use crate::support::backends::{Backend, on_each_backend};
use crate::support::engines::FirstMove;
use crate::support::service::{Fresh, admin, community_game, fresh_service};
use crate::support::terminal;
use crate::support::versus::{MINUTE, accept, challenge};
use holotable::model::{Deliberation, GameId, PageVisibility};
use holotable::service::{Accepted, Clock as _, ManualClock, Service, Settings, StartGame};
use std::sync::Arc;

pub(crate) struct Site {
    _db: crate::support::backends::TestDatabase,
    pub(crate) clock: ManualClock,
    pub(crate) service: Arc<Service>,
    pub(crate) base: String,
    http: reqwest::Client,
}

impl Site {
    pub(crate) async fn new(backend: Backend) -> Site {
        let clock = ManualClock::starting_at(1_700_000_000_000);
        let settings = Settings {
            vote_ms: 10 * MINUTE,
            ..Settings::default()
        };
        let Fresh { db, service, .. } = fresh_service(
            backend,
            &clock,
            Arc::new(FirstMove::at(&["normal"])),
            settings,
        )
        .await;
        let service = Arc::new(service);
        let bound = holotable::web::serve("127.0.0.1:0".parse().unwrap(), service.clone(), None)
            .await
            .unwrap();
        Site {
            _db: db,
            clock,
            service,
            base: format!("http://{bound}"),
            http: reqwest::Client::new(),
        }
    }

    async fn get(&self, path: &str) -> (u16, reqwest::header::HeaderMap, String) {
        let response = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.text().await.unwrap())
    }

    pub(crate) async fn token(&self, game: GameId) -> String {
        self.service
            .pages()
            .token(game)
            .await
            .unwrap()
            .expect("a page")
    }

    /// The community pages a game's page links to, in its sides' order.
    pub(crate) async fn community_links(&self, token: &str) -> Vec<String> {
        let (_, _, body) = self.get(&format!("/g/{token}")).await;
        body.split("href=\"/community/")
            .skip(1)
            .map(|rest| format!("/community/{}", &rest[..32]))
            .collect()
    }

    /// Every page that lists, one after the other: the front page, the
    /// leaderboards, the lobby and `communities`.
    async fn listings(&self, communities: &[String]) -> String {
        let mut all = String::new();
        let fixed = ["/", "/leaderboards", "/lobby"].map(String::from);
        for path in fixed.iter().chain(communities) {
            let (status, _, body) = self.get(path).await;
            assert_eq!(status, 200, "{path}: {body}");
            all.push_str(&body);
        }
        all
    }

    /// A game of channel `discord:1` against the engine, and its page's token.
    async fn game_against_engine(&self) -> (GameId, String) {
        let game = self
            .service
            .games()
            .start(community_game("discord:1", "normal", 7))
            .await
            .unwrap();
        (game, self.token(game).await)
    }

    /// A game between two servers, the host named `host_name`.
    pub(crate) async fn versus(&self, host_name: &str) -> GameId {
        // A public challenge shows its server's name to other servers.
        let mut asked = challenge(true);
        asked.server_name = Some(host_name.into());
        let invitation = self.service.versus().challenge(asked).await.unwrap();
        match self
            .service
            .versus()
            .accept(accept(&invitation.code, "discord:200"))
            .await
            .unwrap()
        {
            Accepted::Started(id) => id,
            joined => panic!("the game did not start: {joined:?}"),
        }
    }
}

on_each_backend! {
    #[tokio::test]
    async fn a_game_page_shows_the_board_the_ballot_and_the_moves(backend) {
        let site = Site::new(backend).await;
        let (_, token) = site.game_against_engine().await;
        assert_eq!(token.len(), 32);
        let (status, headers, body) = site.get(&format!("/g/{token}")).await;
        assert_eq!(status, 200);
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(policy.contains("script-src 'self'"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        assert_eq!(headers["referrer-policy"], "no-referrer");
        assert!(body.contains("White decides move 1."), "{body}");
        assert!(body.contains("Voting closes in"), "{body}");
        assert!(body.contains("Nobody has voted yet."), "{body}");
        assert!(body.contains("og:image\" content=\"http://127.0.0.1"), "{body}");

        // One channel shows its tally live, so its page does too.
        site.service
            .votes().cast("discord:1", "voter-1", "1", site.clock.now())
            .await
            .unwrap();
        let (_, _, body) = site.get(&format!("/g/{token}")).await;
        assert!(body.contains("1 vote</span>"), "{body}");

        site.clock.advance(11 * MINUTE);
        site.service.turns().close_due().await.unwrap();
        let (_, _, body) = site.get(&format!("/g/{token}")).await;
        assert!(body.contains("by the community, 1 vote"), "{body}");
        assert!(body.contains("by holotable&#39;s engine"), "{body}");
        assert!(body.contains("White decides move 3."), "{body}");

        // The board is revalidated by the game's version.
        let board = format!("{}/g/{token}/board.png?size=256", site.base);
        let first = site.http.get(&board).send().await.unwrap();
        assert_eq!(first.headers()["content-type"], "image/png");
        let tag = first.headers()["etag"].clone();
        let png = first.bytes().await.unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let again = site
            .http
            .get(&board)
            .header("if-none-match", tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status().as_u16(), 304);
    }
}

on_each_backend! {
    #[tokio::test]
    async fn a_game_between_communities_shows_no_open_tally_and_escapes_names(backend) {
        let site = Site::new(backend).await;
        let game = site.versus("<script>alert(1)</script> & Co").await;
        let token = site.token(game).await;
        site.service
            .votes().cast("discord:100", "voter-1", "1", site.clock.now())
            .await
            .unwrap();
        for path in [format!("/g/{token}"), format!("/g/{token}/overlay")] {
            let (status, _, body) = site.get(&path).await;
            assert_eq!(status, 200);
            assert!(!body.contains("<script>alert"), "{body}");
            assert!(!body.contains("vote</span>"), "an open tally: {body}");
            assert!(!body.contains("<progress"), "an open tally: {body}");
            if path.ends_with("overlay") {
                continue;
            }
            assert!(
                body.contains("&#60;script&#62;alert(1)&#60;/script&#62; &#38; Co (white)"),
                "{body}"
            );
            assert!(
                body.contains("The votes stay hidden until the ballot closes, as in both communities"),
                "{body}"
            );
            assert!(!body.contains("discord"), "a channel or server id: {body}");
            assert!(!body.contains("voter-1"), "a member id: {body}");
        }
    }
}

on_each_backend! {
    #[tokio::test]
    async fn wrong_addresses_and_turned_off_pages_answer_404(backend) {
        let site = Site::new(backend).await;
        let (game, token) = site.game_against_engine().await;
        for path in [
            "/g/0123456789abcdef0123456789abcdef".to_string(),
            "/g/1".to_string(),
            format!("/g/{}", token.to_uppercase()),
            "/nothing/here".to_string(),
            "/community/0123456789abcdef0123456789abcdef".to_string(),
            "/community/discord-server%3A1".to_string(),
            "/static/Cargo.toml".to_string(),
        ] {
            let (status, headers, body) = site.get(&path).await;
            assert_eq!(status, 404, "{path}");
            assert!(headers.contains_key("content-security-policy"), "{path}");
            assert!(body.contains("There is no page at this address."), "{path}: {body}");
        }
        // Only a manager turns pages off; then the page is gone.
        let member = member("m");
        assert!(site
            .service
            .pages().set_visibility("discord:1", PageVisibility::Off, &member)
            .await
            .is_err());
        assert_eq!(site.get(&format!("/g/{token}")).await.0, 200);
        site.service
            .pages().set_visibility("discord:1", PageVisibility::Off, &admin())
            .await
            .unwrap();
        for path in [format!("/g/{token}"), format!("/g/{token}/board.png"), format!("/g/{token}/events")] {
            assert_eq!(site.get(&path).await.0, 404, "{path}");
        }
        assert_eq!(site.service.pages().token(game).await.unwrap(), None);
    }
}

on_each_backend! {
    #[tokio::test]
    async fn an_unlisted_game_is_in_no_listing_and_a_public_one_is_on_its_community_page(backend) {
        let site = Site::new(backend).await;
        let game = site.versus("Rebel Base").await;
        let token = site.token(game).await;
        let communities = site.community_links(&token).await;
        assert_eq!(communities.len(), 2, "both sides link their community's page");
        let shown = site.listings(&communities).await;
        assert!(shown.contains("Rebel Base"), "the community page exists");
        assert!(!shown.contains(&token), "an unlisted game was listed");
        assert!(shown.contains("This community has no public games."));

        site.service
            .pages().set_visibility("discord:100", PageVisibility::Public, &admin())
            .await
            .unwrap();
        let (_, _, host) = site.get(&communities[0]).await;
        assert!(host.contains(&format!("/g/{token}")), "{host}");
        // Public is each channel's own choice: the other side's community
        // page still does not list it.
        let (_, _, guest) = site.get(&communities[1]).await;
        assert!(!guest.contains(&token), "{guest}");
        // And one side's "off" takes the page from both.
        site.service
            .pages().set_visibility("discord:200", PageVisibility::Off, &admin())
            .await
            .unwrap();
        let (_, _, host) = site.get(&communities[0]).await;
        assert!(!host.contains(&token), "{host}");
        assert_eq!(site.get(&format!("/g/{token}")).await.0, 404);
    }
}

/// `holotable play` serving pages prints the game's page address, and the
/// page is there while the game is played.
#[test]
fn play_prints_its_games_page_when_serving_pages() {
    let dir = tempfile::tempdir().unwrap();
    let output = terminal::holotable()
        .args([
            "play",
            "space-checkers",
            "--voters",
            "3",
            "--level",
            "random",
        ])
        .args(["--size", "256", "--web-addr", "127.0.0.1:0", "--out"])
        .arg(dir.path().join("out"))
        .arg("--db")
        .arg(format!("sqlite://{}", dir.path().join("play.db").display()))
        .env_remove("HOLOTABLE_WEB_ADDR")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Watch this game in a browser: http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no page address: {stdout}"));
    let token = line.rsplit("/g/").next().unwrap();
    assert_eq!(token.len(), 32, "{line}");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{line}");
    assert!(!line.contains(":0/"), "the bound port, not 0: {line}");
}

/// The events of `path` until `until` appears or `wait` passes: what
/// arrived.
async fn events_until(
    response: &mut reqwest::Response,
    until: &str,
    wait: std::time::Duration,
) -> String {
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + wait;
    while !seen.contains(until) {
        match tokio::time::timeout_at(deadline, response.chunk()).await {
            Ok(Ok(Some(chunk))) => seen.push_str(&String::from_utf8_lossy(&chunk)),
            _ => break,
        }
    }
    seen
}

on_each_backend! {
    #[tokio::test]
    async fn a_vote_between_communities_sends_watchers_nothing_and_off_sends_them_away(backend) {
        let site = Site::new(backend).await;
        let game = site.versus("Rebel Base").await;
        let token = site.token(game).await;
        let mut stream = site
            .http
            .get(format!("{}/g/{token}/events", site.base))
            .send()
            .await
            .unwrap();
        assert_eq!(stream.headers()["content-type"], "text/event-stream");
        let first = events_until(&mut stream, "event: page", std::time::Duration::from_secs(10)).await;
        assert!(first.contains("event: clock") && first.contains("event: page"), "{first}");
        site.service
            .votes().cast("discord:100", "voter-1", "1", site.clock.now())
            .await
            .unwrap();
        // Two of the reader's turns: an event now would tell every watcher
        // that the deciding side got a vote.
        let after = events_until(&mut stream, "event:", std::time::Duration::from_millis(1500)).await;
        assert!(!after.contains("event:"), "{after}");
        site.service
            .pages().set_visibility("discord:200", PageVisibility::Off, &admin())
            .await
            .unwrap();
        let gone = events_until(&mut stream, "data: gone", std::time::Duration::from_secs(10)).await;
        assert!(gone.contains("event: gone\ndata: gone"), "{gone}");
    }
}

on_each_backend! {
    #[tokio::test]
    async fn a_discussed_ballots_page_counts_down_by_the_services_clock(backend) {
        let site = Site::new(backend).await;
        let discussed = StartGame {
            deliberation: Deliberation { discuss_ms: 10 * MINUTE, hidden_tally: false },
            ..community_game("discord:1", "normal", 7)
        };
        let game = site.service.games().start(discussed).await.unwrap();
        let token = site.token(game).await;
        let ballot = site.service.games().status("discord:1").await.unwrap().ballot.unwrap();
        let opens = ballot.votes_open_at.expect("a discussion first");
        let start = site.clock.now();
        let counting = |sentence: &str, deadline: i64| {
            format!("{sentence} <span class=\"clock\" data-deadline=\"{deadline}\">")
        };
        // Far past the reader's turn of half a second, on a busy machine.
        let bound = std::time::Duration::from_secs(30);

        let (_, _, page) = site.get(&format!("/g/{token}")).await;
        assert!(page.contains(&format!("data-now=\"{start}\"")), "{page}");
        assert!(page.contains(&counting("Voting opens in", opens)), "{page}");
        let mut events = site
            .http
            .get(format!("{}/g/{token}/events", site.base))
            .send()
            .await
            .unwrap();
        let first = events_until(&mut events, "event: page", bound).await;
        assert!(first.contains(&format!("event: clock\ndata: {start}\n")), "{first}");
        assert!(first.contains(&counting("Voting opens in", opens)), "{first}");

        // The discussion's end changes what the page says, not the game:
        // the watchers' reader sees it by the clock alone.
        site.clock.set(opens);
        let closing = counting("Voting closes in", ballot.deadline);
        let next = events_until(&mut events, &closing, bound).await;
        assert!(next.contains(&closing), "{next}");
        let (_, _, page) = site.get(&format!("/g/{token}")).await;
        assert!(page.contains(&format!("data-now=\"{opens}\"")), "{page}");
        assert!(page.contains(&closing), "{page}");
    }
}

on_each_backend! {
    #[tokio::test]
    async fn a_finished_game_shows_its_result_review_and_replay_and_no_member(backend) {
        let site = Site::new(backend).await;
        let (_, token) = site.game_against_engine().await;
        for turn in 0..300 {
            let status = site.service.games().status("discord:1").await.unwrap();
            if !status.game.status.is_live() {
                break;
            }
            assert!(turn < 299, "the game did not end");
            site.service
                .votes().cast("discord:1", &format!("voter-{}", turn % 3), "1", site.clock.now())
                .await
                .unwrap();
            site.clock.advance(11 * MINUTE);
            site.service.turns().close_due().await.unwrap();
        }
        let (status, _, body) = site.get(&format!("/g/{token}")).await;
        assert_eq!(status, 200);
        assert!(body.contains("Game over"), "{body}");
        assert!(body.contains("<h2>Review</h2>"), "{body}");
        assert!(body.contains("My review of the community&#39;s decisions"), "{body}");
        assert!(body.contains(&format!("/g/{token}/replay.gif")), "{body}");
        assert!(!body.contains("voter-"), "a member id: {body}");
        assert!(!body.contains("Voting closes"), "{body}");
        let replay = site
            .http
            .get(format!("{}/g/{token}/replay.gif", site.base))
            .send()
            .await
            .unwrap();
        assert_eq!(replay.headers()["content-type"], "image/gif");
        assert_eq!(&replay.bytes().await.unwrap()[..6], b"GIF89a");
    }
}

/// `holotable web` serves from a PostgreSQL role that may only read.
#[test]
fn the_pages_alone_serve_from_a_read_only_postgres_role() {
    use std::io::BufRead;
    if !crate::support::backends::postgres_or_skip() {
        return;
    }
    let Some(reader) = crate::support::backends::reader_or_skip() else {
        return;
    };
    let db = crate::support::backends::TestDatabase::fresh(Backend::Postgres);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let token = runtime.block_on(async {
        let clock = ManualClock::starting_at(1_700_000_000_000);
        let (store, service) = crate::support::service::open_service(
            &db.url,
            &clock,
            Arc::new(FirstMove::at(&["normal"])),
            Settings::default(),
        )
        .await;
        let game = service
            .games()
            .start(community_game("discord:1", "normal", 7))
            .await
            .unwrap();
        let token = service.pages().token(game).await.unwrap().unwrap();
        store.close().await;
        token
    });
    let read_only = runtime.block_on(crate::support::backends::grant_reading(&db, &reader));
    let mut child = terminal::holotable()
        .args(["web", "--addr", "127.0.0.1:0", "--db", &read_only])
        .env_remove("HOLOTABLE_WEB_ADDR")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let base = line
        .trim()
        .strip_prefix("Serving the web pages at ")
        .unwrap_or_else(|| panic!("{line:?}"))
        .trim_end_matches('/')
        .to_string();
    let page = runtime.block_on(async {
        let response = reqwest::get(format!("{base}/g/{token}")).await.unwrap();
        (response.status().as_u16(), response.text().await.unwrap())
    });
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(page.0, 200, "{}", page.1);
    assert!(page.1.contains("White decides move 1."), "{}", page.1);
}

on_each_backend! {
    #[tokio::test]
    async fn a_rated_game_moves_the_community_pages_ratings_and_its_history(backend) {
        let site = Site::new(backend).await;
        let game = site.versus("Rebel Base").await;
        let token = site.token(game).await;
        let communities = site.community_links(&token).await;
        let (_, _, before) = site.get(&communities[0]).await;
        assert!(!before.contains("<td class=\"number\">"), "rated before any game: {before}");
        site.service
            .games().resign_side("discord:200", &manager("bob"))
            .await
            .unwrap();
        let (_, _, page) = site.get(&format!("/g/{token}")).await;
        assert!(page.contains("rating 1500 → 1662"), "{page}");
        assert!(page.contains("rating 1500 → 1338"), "{page}");
        let (_, _, host) = site.get(&communities[0]).await;
        assert!(
            host.contains("<tr><th>Space Checkers</th><td class=\"number\">1662</td><td>1 win, 0 draws, 0 losses</td><td class=\"history\">1662</td></tr>"),
            "{host}"
        );
        let (_, _, guest) = site.get(&communities[1]).await;
        assert!(guest.contains("<td class=\"number\">1338</td>"), "{guest}");
    }
}
