//! The pages' own script and style, compiled in: no build step, nothing to
//! install beside the binary.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const STYLE: &str = include_str!("../../assets/web/style.css");
const SCRIPT: &str = include_str!("../../assets/web/live.js");

pub(super) async fn file(Path(file): Path<String>) -> Response {
    let (body, kind) = match file.as_str() {
        "style.css" => (STYLE, "text/css; charset=utf-8"),
        "live.js" => (SCRIPT, "text/javascript; charset=utf-8"),
        _ => return super::page::not_found_in(crate::i18n::Lang::En).into_response(),
    };
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, kind),
            // Revalidated, not kept: a new build's script must reach
            // pages at once.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
