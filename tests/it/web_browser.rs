//! The web pages in a real browser (headless Chromium), fed by a real
//! `holotable bot` playing through the Discord stand-in: the watch link of
//! a game's post opens its page, and the page follows the game move by
//! move without a reload; the overlay counts down.
//!
//! With `HOLOTABLE_SCREENSHOTS=DIR` the test also saves the screenshots
//! `docs/web.md` shows.

use crate::support::browser;
use crate::support::discord_bot::{
    MENUS_ONLY, STEP, next_ballot, start_game, start_standin_and_bot, voter,
};
use serde_json::Value;
use std::collections::HashSet;
use std::time::Duration;

/// The address of the first link button ("Watch live") in `components`.
fn watch_link(components: &Value) -> Option<String> {
    components
        .as_array()?
        .iter()
        .flat_map(|row| row["components"].as_array().into_iter().flatten())
        .find(|button| button["style"] == 5)
        .and_then(|button| button["url"].as_str())
        .map(str::to_string)
}

fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// The text `selector` shows, compared in the page (a JS string literal
/// built by serde_json, so any text is quoted safely).
fn shows(selector: &str, text: &str) -> String {
    format!(
        "(document.querySelector({}) || {{textContent: ''}}).textContent.includes({})",
        Value::from(selector),
        Value::from(text)
    )
}

async fn screenshot(tab: &browser::Tab, name: &str) {
    if let Some(dir) = std::env::var_os("HOLOTABLE_SCREENSHOTS") {
        let path = std::path::Path::new(&dir).join(name);
        std::fs::write(&path, tab.screenshot_png().await).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_community_game_appears_move_by_move_on_its_page_and_overlay() {
    let Some(browser) = browser::launch().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let address = free_address();
    let public = format!("http://{address}");
    let env = [
        MENUS_ONLY,
        ("HOLOTABLE_WEB_ADDR", address.as_str()),
        ("HOLOTABLE_PUBLIC_URL", public.as_str()),
    ];
    let (standin, _bot) = start_standin_and_bot(dir.path(), &env).await;
    start_game(&standin, "6s").await;
    let ballot = next_ballot(&standin, &HashSet::new())
        .await
        .expect("a ballot");
    let url = standin
        .messages()
        .iter()
        .find_map(|m| watch_link(&m.components))
        .expect("the game's post links to its page");
    let token = url
        .strip_prefix(&format!("{public}/g/"))
        .expect("the link is under the public address");
    assert_eq!(token.len(), 32, "{url}");

    let page = browser.open(&url).await;
    page.viewport(1280, 900, false).await;
    // Kept only while the page is not loaded again.
    page.eval("window.notReloaded = true").await;
    assert!(
        page.text(".state")
            .await
            .unwrap()
            .contains("White decides move 1.")
    );
    let overlay = browser.open(&format!("{url}/overlay")).await;
    overlay.viewport(1280, 720, false).await;
    let counting = "/^0:0[0-9]$/.test(document.querySelector('.clock').textContent)";
    assert!(
        overlay.wait_for(counting, Duration::from_secs(5)).await,
        "the overlay counts down: {:?}",
        overlay.text(".clock").await
    );
    let before = overlay.text(".clock").await.unwrap();
    assert!(
        overlay
            .wait_for(
                &format!(
                    "document.querySelector('.clock').textContent != {}",
                    Value::from(before.as_str())
                ),
                Duration::from_secs(3)
            )
            .await,
        "the countdown ticks"
    );
    screenshot(&overlay, "overlay.png").await;

    let (menu, played) = ballot.menu_options()[0].clone();
    let id = standin.pick(&voter(1), &ballot, &menu, &played);
    standin.answer(id).await;
    assert!(
        page.wait_for(&shows(".tally", "1 vote"), Duration::from_secs(10))
            .await,
        "the vote reaches the page's tally"
    );
    assert!(
        overlay
            .wait_for(&shows(".tally", "1 vote"), Duration::from_secs(10))
            .await,
        "the vote reaches the overlay's tally"
    );
    assert!(
        page.wait_for(&shows(".moves", &played), STEP).await,
        "the community's move reaches the page"
    );
    assert!(
        page.wait_for(&shows(".state", "White decides move 3."), STEP)
            .await,
        "the engine's reply and the next ballot reach the page: {:?}",
        page.text(".state").await
    );
    assert_eq!(
        page.eval("window.notReloaded === true").await,
        Value::Bool(true)
    );
    let frames = page.eval("Number(document.body.dataset.frames || 0)").await;
    assert!(frames.as_f64().unwrap() >= 2.0, "{frames}");
    assert!(
        page.wait_for(
            "document.querySelector('.board img').complete",
            Duration::from_secs(10)
        )
        .await
    );
    screenshot(&page, "game.png").await;
    page.viewport(390, 844, true).await;
    screenshot(&page, "phone.png").await;
    page.close().await;
    overlay.close().await;
}

/// A hostile server name stays text in the browser, a game between
/// communities shows no tally, and no listing links an unlisted game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_name_stays_text_and_an_unlisted_shared_game_is_listed_nowhere() {
    let Some(browser) = browser::launch().await else {
        return;
    };
    let site = crate::web::Site::new(crate::support::backends::Backend::Sqlite).await;
    let hostile = "<img src=x onerror=\"window.pwned=1\"><script>window.pwned=2</script>";
    let game = site.versus(hostile).await;
    let token = site.token(game).await;
    site.service
        .votes()
        .cast(
            "discord:100",
            "voter-1",
            "1",
            holotable::service::Clock::now(&site.clock),
        )
        .await
        .unwrap();
    let page = browser.open(&format!("{}/g/{token}", site.base)).await;
    assert!(
        page.wait_for("document.readyState === 'complete'", Duration::from_secs(5))
            .await
    );
    assert_eq!(
        page.eval("window.pwned === undefined").await,
        Value::Bool(true)
    );
    assert_eq!(
        page.eval("document.querySelectorAll('script:not([src])').length")
            .await,
        0
    );
    assert_eq!(
        page.eval("document.querySelectorAll('img[src=\"x\"]').length")
            .await,
        0
    );
    let sides = page.text(".sides").await.unwrap();
    assert!(sides.contains(hostile), "{sides}");
    assert_eq!(
        page.eval("document.querySelector('.tally') === null").await,
        Value::Bool(true)
    );
    let note = page.text(".note").await.unwrap();
    assert!(note.contains("stay hidden"), "{note}");

    let mut listings = vec![String::from("/"), "/leaderboards".into(), "/lobby".into()];
    listings.extend(site.community_links(&token).await);
    assert_eq!(listings.len(), 5);
    for path in listings {
        let tab = browser.open(&format!("{}{path}", site.base)).await;
        let linked = tab
            .eval(&format!(
                "[...document.querySelectorAll('a')].some(a => a.href.includes({}))",
                Value::from(token.as_str())
            ))
            .await;
        assert_eq!(linked, Value::Bool(false), "{path} links the unlisted game");
        assert_eq!(
            tab.eval("document.body.innerText.includes('holotable')")
                .await,
            Value::Bool(true),
            "{path} did not load"
        );
        tab.close().await;
    }
    page.close().await;
}
