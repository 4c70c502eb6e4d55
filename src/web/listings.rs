//! The pages that list: the front page, a community's page, the
//! leaderboards and the lobby. None of them lists an unlisted game: a
//! community's page lists only the games its channels made public, and
//! the others list no game at all.

use super::Site;
use super::page::{self, Head, html};
use crate::games::GameKind;
use crate::i18n::t;
use crate::model::GameStatus;
use crate::service::text;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;

/// How many communities each game's leaderboard shows.
const LEADERBOARD: usize = 20;

#[derive(serde::Deserialize)]
pub(super) struct LangQuery {
    lang: Option<String>,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomeHtml {
    head: Head,
    intro: String,
    leaderboards: String,
    lobby: String,
    lang: &'static str,
}

pub(super) async fn home(Query(query): Query<LangQuery>, headers: HeaderMap) -> Response {
    let lang = super::lang::asked(query.lang.as_deref(), &headers);
    html(&HomeHtml {
        head: Head::new(lang, t!(lang, "web-site-name"), t!(lang, "web-home-intro")),
        intro: t!(lang, "web-home-intro"),
        leaderboards: t!(lang, "web-leaderboards"),
        lobby: t!(lang, "web-lobby"),
        lang: lang.code(),
    })
}

struct CommunityGame {
    token: String,
    title: String,
    state: String,
}

struct RatingRow {
    game: String,
    rating: String,
    record: String,
    history: String,
}

#[derive(Template)]
#[template(path = "community.html")]
struct CommunityHtml {
    head: Head,
    ratings_heading: String,
    ratings: Vec<RatingRow>,
    games_heading: String,
    games: Vec<CommunityGame>,
    no_games: String,
}

pub(super) async fn community(
    State(site): State<Site>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let fallback = super::lang::asked(None, &headers);
    let community = match site.service.pages().community(&token).await {
        Ok(Some(community)) => community,
        Ok(None) => return page::not_found_in(fallback),
        Err(error) => return page::failed(fallback, &error),
    };
    let lang = community.lang;
    let ratings = community
        .ratings
        .iter()
        .map(|r| RatingRow {
            game: text::game_title(lang, r.kind),
            rating: format!("{:.0}", r.rating),
            record: t!(
                lang,
                "web-record",
                wins = r.wins,
                draws = r.draws,
                losses = r.losses
            ),
            history: r
                .history
                .iter()
                .map(|rating| format!("{rating:.0}"))
                .collect::<Vec<_>>()
                .join(" → "),
        })
        .collect();
    let games = community
        .games
        .iter()
        .map(|g| CommunityGame {
            token: g.token.clone(),
            title: g.title.clone(),
            state: match g.status {
                GameStatus::Active | GameStatus::Paused => {
                    t!(lang, "web-listed-live", count = g.moves)
                }
                GameStatus::Finished | GameStatus::Stopped => {
                    t!(lang, "web-listed-over", count = g.moves)
                }
            },
        })
        .collect();
    html(&CommunityHtml {
        head: Head::new(
            lang,
            community.name.clone(),
            t!(
                lang,
                "web-community-intro",
                community = community.name.as_str()
            ),
        ),
        ratings_heading: t!(lang, "web-ratings"),
        ratings,
        games_heading: t!(lang, "web-public-games"),
        games,
        no_games: t!(lang, "web-no-public-games"),
    })
}

struct Board {
    game: String,
    rows: Vec<Standing>,
}

struct Standing {
    rank: usize,
    name: String,
    link: Option<String>,
    rating: String,
    games: i64,
}

#[derive(Template)]
#[template(path = "leaderboards.html")]
struct LeaderboardsHtml {
    head: Head,
    boards: Vec<Board>,
    empty: String,
    rating: String,
    games: String,
    community: String,
}

pub(super) async fn leaderboards(
    State(site): State<Site>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::asked(query.lang.as_deref(), &headers);
    let mut boards = Vec::new();
    for kind in GameKind::ALL {
        let standings = match site.service.versus().leaderboard(kind, LEADERBOARD).await {
            Ok(standings) => standings,
            Err(error) => return page::failed(lang, &error),
        };
        boards.push(Board {
            game: text::game_title(lang, kind),
            rows: standings
                .into_iter()
                .map(|s| Standing {
                    rank: s.rank,
                    name: s
                        .community
                        .unwrap_or_else(|| t!(lang, "web-unnamed-community")),
                    link: s.page.map(|token| format!("/community/{token}")),
                    rating: format!("{:.0}", s.rating),
                    games: s.games,
                })
                .collect(),
        });
    }
    html(&LeaderboardsHtml {
        head: Head::new(lang, t!(lang, "web-leaderboards"), String::new()),
        boards,
        empty: t!(lang, "web-no-ratings"),
        rating: t!(lang, "web-rating"),
        games: t!(lang, "web-games"),
        community: t!(lang, "web-community"),
    })
}

struct Open {
    code: String,
    game: String,
    community: String,
    rating: String,
    expires: String,
}

#[derive(Template)]
#[template(path = "lobby.html")]
struct LobbyHtml {
    head: Head,
    intro: String,
    open: Vec<Open>,
    empty: String,
    code: String,
    game: String,
    community: String,
    rating: String,
}

pub(super) async fn lobby(
    State(site): State<Site>,
    Query(query): Query<LangQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = super::lang::asked(query.lang.as_deref(), &headers);
    let invitations = match site.service.versus().lobby(None).await {
        Ok(invitations) => invitations,
        Err(error) => return page::failed(lang, &error),
    };
    let now = site.service.now();
    let open = invitations
        .into_iter()
        .map(|i| Open {
            code: i.code,
            game: text::game_title(lang, i.kind),
            community: i
                .community
                .unwrap_or_else(|| t!(lang, "web-unnamed-community")),
            rating: i.rating.map(|r| format!("{r:.0}")).unwrap_or_default(),
            expires: t!(
                lang,
                "web-expires-in",
                wait = text::duration(lang, (i.expires_at - now).max(0))
            ),
        })
        .collect();
    html(&LobbyHtml {
        head: Head::new(lang, t!(lang, "web-lobby"), t!(lang, "web-lobby-intro")),
        intro: t!(lang, "web-lobby-intro"),
        open,
        empty: t!(lang, "web-lobby-empty"),
        code: t!(lang, "web-code"),
        game: t!(lang, "web-game"),
        community: t!(lang, "web-community"),
        rating: t!(lang, "web-rating"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn every_lang_has_its_own_link() {
        for lang in Lang::ALL {
            assert!(!t!(lang, "web-site-name").is_empty());
        }
    }
}
