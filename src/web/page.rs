//! What every page shares: its head (title, the link's unfurl), the 404
//! page, and the answer when the database fails.

use crate::i18n::{Lang, t};
use askama::Template;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// A page's head: what a browser tab and a link's unfurl show.
pub(super) struct Head {
    pub lang: &'static str,
    pub title: String,
    pub description: String,
    /// An absolute address for `og:image`, when the page has a picture.
    pub image: Option<String>,
    pub site: String,
}

impl Head {
    pub fn new(lang: Lang, title: String, description: String) -> Head {
        Head {
            lang: lang.code(),
            title,
            description,
            image: None,
            site: t!(lang, "web-site-name"),
        }
    }
}

#[derive(Template)]
#[template(path = "not_found.html")]
struct NotFound {
    head: Head,
    message: String,
    home: String,
}

pub(super) fn not_found_in(lang: Lang) -> Response {
    let page = NotFound {
        head: Head::new(lang, t!(lang, "web-not-found-title"), String::new()),
        message: t!(lang, "web-not-found"),
        home: t!(lang, "web-home-link"),
    };
    (StatusCode::NOT_FOUND, html(&page)).into_response()
}

pub(super) async fn not_found(headers: axum::http::HeaderMap) -> Response {
    not_found_in(super::lang::asked(None, &headers))
}

/// The apology for a page the database could not give; logged.
pub(super) fn failed(lang: Lang, error: &dyn std::fmt::Display) -> Response {
    tracing::warn!(%error, "a web page could not be read");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "5")],
        html_text(&t!(lang, "web-failed")),
    )
        .into_response()
}

/// A rendered template; a template that fails to render is a bug, shown
/// as a plain 500 rather than half a page.
pub(super) fn html(page: &impl Template) -> Response {
    match page.render() {
        Ok(body) => Html(body).into_response(),
        Err(error) => {
            tracing::error!(%error, "a page template failed to render");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

fn html_text(text: &str) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text.to_string(),
    )
        .into_response()
}
