//! A game's page and its overlay: the board, whose decision it is and
//! until when, the tally where the game's channel shows it live, the moves
//! played and by whom, the sides and their ratings, and the result.

use super::Site;
use super::page::{self, Head, html};
use crate::i18n::{Lang, t};
use crate::model::{GameId, GameState, GameStatus, Millis, page_url};
use crate::service::{BoardImage, GamePage, text};
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The board's side on the page, in pixels: sharp on a phone's screen at
/// twice its CSS width, and what the channel's posts use.
pub(super) const BOARD_SIZE: u32 = 768;
const SIZES: [u32; 3] = [256, 512, BOARD_SIZE];
/// Stands in a localised sentence where the countdown's element goes, so
/// each language keeps its own word order around it.
const SLOT: &str = "\u{1}";

/// The parts of a game's page that change as it is played: rendered once
/// per change and sent to every watcher as it is.
pub(super) struct Sheet {
    pub token: String,
    pub version: i64,
    pub title: String,
    pub state: String,
    pub countdown: Option<Countdown>,
    pub tally: Vec<TallyRow>,
    pub tally_note: Option<String>,
    pub sides_heading: String,
    pub sides: Vec<SideRow>,
    pub moves_heading: String,
    pub moves: Vec<MoveRow>,
    pub no_moves: String,
    pub board_alt: String,
    pub replay: Option<String>,
    pub review_heading: String,
    /// A finished game's review, one text per side (see [`Sheet::reviewed`]).
    pub review: Vec<String>,
}

pub(super) struct Countdown {
    pub before: String,
    pub after: String,
    /// Milliseconds since the epoch, read by the page's script.
    pub deadline: Millis,
}

pub(super) struct TallyRow {
    pub notation: String,
    pub votes: String,
    pub percent: u32,
}

pub(super) struct SideRow {
    pub name: String,
    /// The community's page, when it has shown its name.
    pub link: Option<String>,
    pub rating: String,
}

pub(super) struct MoveRow {
    pub number: u32,
    pub notation: String,
    pub by: String,
}

impl Sheet {
    /// The sheet of `page` at `now` (the service's clock), which decides
    /// whether it counts down to the votes opening or to the close.
    pub fn of(page: &GamePage, now: Millis) -> Sheet {
        let lang = page.lang;
        let title = text::game_title(lang, page.kind);
        let state = state_line(page);
        let countdown = page.ballot.as_ref().map(|ballot| {
            let (key, deadline) = match ballot.votes_open_at {
                Some(open) if open > now => ("web-votes-open-in", open),
                _ => ("web-closes-in", ballot.deadline),
            };
            let sentence = t!(lang, key, countdown = SLOT);
            let (before, after) = sentence.split_once(SLOT).unwrap_or((&sentence, ""));
            Countdown {
                before: before.to_string(),
                after: after.to_string(),
                deadline,
            }
        });
        let (tally, tally_note) = match page.ballot.as_ref().map(|b| &b.tally) {
            Some(Some(tally)) => {
                let total: u32 = tally.iter().map(|(_, n)| n).sum();
                let rows = tally
                    .iter()
                    .map(|(notation, votes)| TallyRow {
                        notation: notation.clone(),
                        votes: t!(lang, "web-votes", count = *votes),
                        percent: (votes * 100).checked_div(total).unwrap_or(0),
                    })
                    .collect::<Vec<_>>();
                let note = rows.is_empty().then(|| t!(lang, "web-no-votes-yet"));
                (rows, note)
            }
            Some(None) if page.between_communities => {
                (Vec::new(), Some(t!(lang, "web-tally-between")))
            }
            Some(None) => (Vec::new(), Some(t!(lang, "web-tally-hidden"))),
            None => (Vec::new(), None),
        };
        let sides = page
            .sides
            .iter()
            .zip(page.side_pages.iter().chain(std::iter::repeat(&None)))
            .zip(page.side_ratings.iter().chain(std::iter::repeat(&None)))
            .map(|((side, link), rating)| SideRow {
                name: text::capitalised(&side.label.text(lang)),
                link: link.as_ref().map(|token| format!("/community/{token}")),
                rating: match (side.rating_before, side.rating_after, rating) {
                    (Some(before), Some(after), _) => t!(
                        lang,
                        "web-rating-change",
                        before = before.round(),
                        after = after.round()
                    ),
                    (_, _, Some(rating)) => t!(lang, "web-rating-now", rating = rating.round()),
                    _ => String::new(),
                },
            })
            .collect();
        let moves = page
            .moves
            .iter()
            .map(|m| MoveRow {
                number: m.number,
                notation: m.notation.clone(),
                by: match m.votes {
                    Some(votes) => t!(
                        lang,
                        "web-decided-votes",
                        by = m.decided_by.as_str(),
                        count = votes
                    ),
                    None => t!(lang, "web-decided", by = m.decided_by.as_str()),
                },
            })
            .rev()
            .collect();
        let finished = matches!(page.status, GameStatus::Finished | GameStatus::Stopped);
        Sheet {
            token: page.token.clone(),
            version: page.version,
            title,
            state,
            countdown,
            tally,
            tally_note,
            sides_heading: t!(lang, "web-sides"),
            sides,
            moves_heading: t!(lang, "web-moves"),
            moves,
            no_moves: t!(lang, "web-no-moves"),
            board_alt: t!(lang, "web-board-alt", count = page.ply),
            replay: (finished && page.ply > 0).then(|| t!(lang, "web-replay")),
            review_heading: t!(lang, "web-review"),
            review: Vec::new(),
        }
    }

    /// The sheet with the finished game's review (the watchers keep it).
    pub fn reviewed(mut self, review: &[String]) -> Sheet {
        self.review = review.to_vec();
        self
    }
}

/// Whose decision it is, or how the game stands.
fn state_line(page: &GamePage) -> String {
    let lang = page.lang;
    if let Some(result) = &page.result {
        return result.clone();
    }
    match (&page.ballot, page.status) {
        (_, GameStatus::Paused) => t!(lang, "web-paused"),
        (Some(ballot), _) => text::capitalised(&t!(
            lang,
            "web-deciding",
            side = ballot.deciding.as_str(),
            number = page.ply + 1
        )),
        (None, _) => t!(lang, "web-thinking"),
    }
}

#[derive(Template)]
#[template(path = "game.html")]
struct GameHtml {
    head: Head,
    sheet: Sheet,
    /// The service's clock, which the page's script counts down by.
    now: Millis,
    live: String,
    overlay: String,
}

#[derive(Template)]
#[template(path = "game_live.html")]
pub(super) struct GameLive<'a> {
    pub sheet: &'a Sheet,
}

#[derive(Template)]
#[template(path = "overlay.html")]
struct OverlayHtml {
    head: Head,
    sheet: Sheet,
    /// The service's clock, which the page's script counts down by.
    now: Millis,
}

#[derive(Template)]
#[template(path = "overlay_live.html")]
pub(super) struct OverlayLive<'a> {
    pub sheet: &'a Sheet,
}

/// The address of this site as a link from elsewhere reaches it: the
/// configured public address, else the host the request named.
fn origin(site: &Site, headers: &HeaderMap) -> String {
    if let Some(public) = &site.public_url {
        return public.to_string();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// The page at `token` as the service lets it be shown, or the answer
/// that it is not there (in the browser's language: the game's is unknown).
async fn shown(site: &Site, token: &str, headers: &HeaderMap) -> Result<GamePage, Response> {
    let fallback = super::lang::asked(None, headers);
    match site.service.pages().game(token).await {
        Ok(Some(page)) => Ok(page),
        Ok(None) => Err(page::not_found_in(fallback)),
        Err(error) => Err(page::failed(fallback, &error)),
    }
}

pub(super) async fn page(
    State(site): State<Site>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let page = match shown(&site, &token, &headers).await {
        Ok(page) => page,
        Err(answer) => return answer,
    };
    let review = site.watchers.review(&page).await;
    let now = site.service.now();
    let sheet = Sheet::of(&page, now).reviewed(&review);
    let lang = page.lang;
    let mut head = Head::new(lang, sheet.title.clone(), sheet.state.clone());
    head.image = Some(format!(
        "{}/board.png?v={}",
        page_url(&origin(&site, &headers), &sheet.token),
        sheet.version
    ));
    html(&GameHtml {
        head,
        now,
        live: t!(lang, "web-live"),
        overlay: t!(lang, "web-overlay-link"),
        sheet,
    })
}

pub(super) async fn overlay(
    State(site): State<Site>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let page = match shown(&site, &token, &headers).await {
        Ok(page) => page,
        Err(answer) => return answer,
    };
    let now = site.service.now();
    let sheet = Sheet::of(&page, now);
    html(&OverlayHtml {
        head: Head::new(page.lang, sheet.title.clone(), String::new()),
        now,
        sheet,
    })
}

#[derive(serde::Deserialize)]
pub(super) struct BoardQuery {
    size: Option<u32>,
}

/// Rendered boards, one per game and size, and finished games' replays:
/// a thousand watchers fetching the board after a move, or the replay at
/// the end, cost one rendering. One rendering at a time (`turn`), each
/// checking the cache again first, so those thousand requests wait for
/// the first instead of each rendering. Bounded; emptied when full, since
/// the images being watched come back at once.
#[derive(Default)]
pub(super) struct BoardCache {
    boards: Mutex<HashMap<BoardKey, (i64, Arc<BoardImage>)>>,
    replays: Mutex<HashMap<GameId, Arc<Vec<u8>>>>,
    turn: tokio::sync::Mutex<()>,
}

const CACHED_REPLAYS: usize = 32;

/// A game's board at one size.
type BoardKey = (GameId, u32);

const CACHED_BOARDS: usize = 512;

impl BoardCache {
    fn get(&self, game: GameId, size: u32, version: i64) -> Option<Arc<BoardImage>> {
        let boards = self.boards.lock().expect("board cache poisoned");
        boards
            .get(&(game, size))
            .filter(|(v, _)| *v == version)
            .map(|(_, image)| image.clone())
    }

    fn put(&self, game: GameId, size: u32, version: i64, image: Arc<BoardImage>) {
        let mut boards = self.boards.lock().expect("board cache poisoned");
        if boards.len() >= CACHED_BOARDS {
            boards.clear();
        }
        boards.insert((game, size), (version, image));
    }
}

/// The board as the game stands, revalidated by the game's version: a
/// browser asks again each time and is told "not modified" until a move.
pub(super) async fn board(
    State(site): State<Site>,
    Path(token): Path<String>,
    Query(query): Query<BoardQuery>,
    headers: HeaderMap,
) -> Response {
    let size = query
        .size
        .filter(|s| SIZES.contains(s))
        .unwrap_or(BOARD_SIZE);
    let game = match site.service.pages().shown_game(&token).await {
        Ok(Some(game)) => game,
        Ok(None) => return page::not_found_in(Lang::En),
        Err(error) => return page::failed(Lang::En, &error),
    };
    let tag = format!("\"{}-{}\"", game.version, size);
    if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|seen| seen.as_bytes() == tag.as_bytes())
    {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, tag)]).into_response();
    }
    let image = match site.boards.get(game.id, size, game.version) {
        Some(image) => image,
        None => {
            let _turn = site.boards.turn.lock().await;
            match site.boards.get(game.id, size, game.version) {
                Some(image) => image,
                None => match render_board(&site, &game, size).await {
                    Ok(image) => image,
                    Err(response) => return response,
                },
            }
        }
    };
    (
        [
            (header::CONTENT_TYPE, "image/png".to_string()),
            (header::CACHE_CONTROL, "no-cache".to_string()),
            (header::ETAG, tag),
        ],
        image.bytes.clone(),
    )
        .into_response()
}

async fn render_board(
    site: &Site,
    game: &GameState,
    size: u32,
) -> Result<Arc<BoardImage>, Response> {
    let lang = site
        .service
        .servers()
        .channel_language(&game.channel)
        .await
        .unwrap_or_default();
    match site.service.pages().board(game, size, lang).await {
        Ok(image) => {
            let image = Arc::new(image);
            site.boards.put(game.id, size, game.version, image.clone());
            Ok(image)
        }
        Err(error) => Err(page::failed(lang, &error)),
    }
}

/// The finished game's replay; a live game has none yet.
pub(super) async fn replay(State(site): State<Site>, Path(token): Path<String>) -> Response {
    let game = match site.service.pages().shown_game(&token).await {
        Ok(Some(game)) if !game.status.is_live() && game.ply > 0 => game,
        Ok(_) => return page::not_found_in(Lang::En),
        Err(error) => return page::failed(Lang::En, &error),
    };
    let lang = site
        .service
        .servers()
        .channel_language(&game.channel)
        .await
        .unwrap_or_default();
    let cached = |site: &Site| {
        let replays = site.boards.replays.lock().expect("replay cache poisoned");
        replays.get(&game.id).cloned()
    };
    let bytes = match cached(&site) {
        Some(bytes) => bytes,
        None => {
            let _turn = site.boards.turn.lock().await;
            match cached(&site) {
                Some(bytes) => bytes,
                None => match site.service.games().replay_gif(game.id, 512, lang).await {
                    Ok(bytes) => {
                        let bytes = Arc::new(bytes);
                        let mut replays =
                            site.boards.replays.lock().expect("replay cache poisoned");
                        if replays.len() >= CACHED_REPLAYS {
                            replays.clear();
                        }
                        replays.insert(game.id, bytes.clone());
                        bytes
                    }
                    Err(error) => return page::failed(lang, &error),
                },
            }
        }
    };
    (
        [
            (header::CONTENT_TYPE, "image/gif"),
            // A finished game's replay never changes; kept by the browser
            // alone, so a page turned off is not served on by a cache.
            (header::CACHE_CONTROL, "private, max-age=86400"),
        ],
        (*bytes).clone(),
    )
        .into_response()
}
