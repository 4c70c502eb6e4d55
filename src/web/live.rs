//! Pages that update themselves: server-sent events, one stream per
//! watcher, and one reader per watched game however many watch it.
//!
//! The reader asks the database for the game's mark (its version and the
//! open ballot's vote count) every [`POLL`], and when it changes renders
//! the page's changing part once and hands it to every watcher. Reading
//! the database, not this process's own events, is what lets a
//! `holotable web` process apart from the bot serve live pages, and a
//! page shows the moves that any of the bot's processes played.

use super::Site;
use super::game::{GameLive, OverlayLive, Sheet};
use super::reviews::{Review, Reviews};
use crate::model::{GameId, Millis, PageMark};
use crate::service::{GamePage, Service};
use askama::Template;
use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How often a watched game's mark is read: a move reaches its pages
/// within this and a rendering.
const POLL: Duration = Duration::from_millis(500);
/// How often an ended game's mark is read: only a channel turning its
/// page off changes it now.
const ENDED_POLL: Duration = Duration::from_secs(10);

/// The changing part of a game's page and of its overlay, as rendered
/// after one change.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Frame {
    /// The reader has not read the game yet.
    Waiting,
    Shown {
        page: Arc<str>,
        overlay: Arc<str>,
    },
    /// The game is gone or its pages were turned off: watchers reload
    /// and meet the 404 page.
    Gone,
}

/// The games being watched on this process, each with its one reader.
pub struct Watchers {
    service: Arc<Service>,
    games: Mutex<HashMap<String, watch::Sender<Frame>>>,
    reviews: Reviews,
}

impl Watchers {
    pub fn new(service: Arc<Service>) -> Watchers {
        Watchers {
            service,
            games: Mutex::new(HashMap::new()),
            reviews: Reviews::default(),
        }
    }

    /// The review of `page`'s game once it has ended; empty before, or
    /// when it cannot be made (logged; tried again at the next request).
    pub(super) async fn review(&self, page: &GamePage) -> Review {
        if page.status != crate::model::GameStatus::Finished {
            return Arc::from([]);
        }
        let service = self.service.clone();
        let token = page.token.clone();
        let lang = page.lang;
        let make = async move {
            match service.pages().shown_game(&token).await? {
                Some(game) => service.pages().review(&game, lang).await,
                None => Ok(Vec::new()),
            }
        };
        self.reviews.get(page.game, make).await
    }

    /// How many watchers this process holds, across games.
    pub fn count(&self) -> usize {
        let games = self.games.lock().expect("watchers poisoned");
        games.values().map(watch::Sender::receiver_count).sum()
    }

    /// A watcher of the page at `token`; starts the game's reader if it is
    /// the first.
    fn watch(self: &Arc<Self>, token: &str, game: GameId) -> watch::Receiver<Frame> {
        let mut games = self.games.lock().expect("watchers poisoned");
        if let Some(sender) = games.get(token) {
            return sender.subscribe();
        }
        let (sender, receiver) = watch::channel(Frame::Waiting);
        games.insert(token.to_string(), sender.clone());
        tokio::spawn(read(self.clone(), token.to_string(), game, sender));
        receiver
    }

    /// Ends the reader of `token` when nobody watches any more. Decided
    /// under the lock `watch` takes, so a watcher arriving now either
    /// joins this reader before the check or starts a new one after.
    fn unwatched(&self, token: &str, sender: &watch::Sender<Frame>) -> bool {
        let mut games = self.games.lock().expect("watchers poisoned");
        if sender.receiver_count() > 0 {
            return false;
        }
        games.remove(token);
        true
    }
}

/// One game's reader: renders a frame whenever the game's mark changes,
/// or a countdown it shows runs out (the discussion's end changes what
/// the page says without changing the game).
async fn read(watchers: Arc<Watchers>, token: String, game: GameId, sender: watch::Sender<Frame>) {
    let mut seen: Option<PageMark> = None;
    let mut refresh_at: Option<i64> = None;
    let mut ended = false;
    loop {
        if watchers.unwatched(&token, &sender) {
            return;
        }
        let mark = match watchers.service.pages().mark(game).await {
            Ok(mark) => mark,
            Err(error) => {
                tracing::warn!(%error, "reading a watched game failed; trying again");
                tokio::time::sleep(POLL).await;
                continue;
            }
        };
        let now = watchers.service.now();
        let due = refresh_at.is_some_and(|at| at <= now);
        if mark.is_none() || mark != seen || due {
            let frame = match watchers.service.pages().game(&token).await {
                Ok(Some(page)) => {
                    ended = !page.status.is_live();
                    let review = watchers.review(&page).await;
                    let sheet = Sheet::of(&page, now).reviewed(&review);
                    refresh_at = sheet
                        .countdown
                        .as_ref()
                        .map(|c| c.deadline)
                        .filter(|&d| d > now);
                    render(&sheet)
                }
                Ok(None) => Some(Frame::Gone),
                Err(error) => {
                    tracing::warn!(%error, "rendering a watched game failed; trying again");
                    None
                }
            };
            if let Some(frame) = frame {
                let gone = frame == Frame::Gone;
                seen = mark;
                // Only a frame that differs goes out: a watcher must not
                // learn from an event alone that a hidden ballot got a vote.
                sender.send_if_modified(|shown| {
                    let changed = *shown != frame;
                    *shown = frame;
                    changed
                });
                if gone {
                    watchers
                        .games
                        .lock()
                        .expect("watchers poisoned")
                        .remove(&token);
                    return;
                }
            }
        }
        tokio::time::sleep(if ended { ENDED_POLL } else { POLL }).await;
    }
}

fn render(sheet: &Sheet) -> Option<Frame> {
    let page = GameLive { sheet }.render();
    let overlay = OverlayLive { sheet }.render();
    match (page, overlay) {
        (Ok(page), Ok(overlay)) => Some(Frame::Shown {
            page: page.into(),
            overlay: overlay.into(),
        }),
        (Err(error), _) | (_, Err(error)) => {
            tracing::error!(%error, "a live template failed to render");
            None
        }
    }
}

#[derive(Clone, Copy)]
enum View {
    Page,
    Overlay,
}

pub(super) async fn page_events(site: State<Site>, token: Path<String>) -> Response {
    events(site, token, View::Page).await
}

pub(super) async fn overlay_events(site: State<Site>, token: Path<String>) -> Response {
    events(site, token, View::Overlay).await
}

async fn events(State(site): State<Site>, Path(token): Path<String>, view: View) -> Response {
    let game = match site.service.pages().shown_game(&token).await {
        Ok(Some(game)) => game,
        Ok(None) => return super::page::not_found_in(crate::i18n::Lang::En),
        Err(error) => return super::page::failed(crate::i18n::Lang::En, &error),
    };
    let receiver = site.watchers.watch(&token, game.id);
    let mut response = Sse::new(frames(receiver, view, site.service.now()))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response();
    // A proxy that buffers would hold the frames back (nginx reads this).
    response.headers_mut().insert(
        "x-accel-buffering",
        axum::http::HeaderValue::from_static("no"),
    );
    response
}

/// The server's clock first, so a page counts down by it whatever the
/// watcher's clock says; then the frame as it stands and each new one.
fn frames(
    receiver: watch::Receiver<Frame>,
    view: View,
    now: Millis,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let clock = Event::default().event("clock").data(now.to_string());
    let updates = stream::unfold(
        (receiver, true),
        move |(mut receiver, current)| async move {
            if !current {
                receiver.changed().await.ok()?;
            }
            loop {
                let event = event_of(&receiver.borrow_and_update(), view);
                match event {
                    Some(event) => return Some((Ok(event), (receiver, false))),
                    // The reader has not read the game yet.
                    None => receiver.changed().await.ok()?,
                }
            }
        },
    );
    stream::once(std::future::ready(Ok(clock))).chain(updates)
}

fn event_of(frame: &Frame, view: View) -> Option<Event> {
    match (frame, view) {
        (Frame::Waiting, _) => None,
        (Frame::Shown { page, .. }, View::Page) => {
            Some(Event::default().event("page").data(&**page))
        }
        (Frame::Shown { overlay, .. }, View::Overlay) => {
            Some(Event::default().event("page").data(&**overlay))
        }
        // An event without data is never dispatched by a browser.
        (Frame::Gone, _) => Some(Event::default().event("gone").data("gone")),
    }
}
