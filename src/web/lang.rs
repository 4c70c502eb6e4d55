//! The language of a page that belongs to no channel (the leaderboards,
//! the lobby): `?lang=` when a link asks for one, else the browser's first
//! language we speak, else English. A game's or a community's page speaks
//! its channel's or server's language instead.

use crate::i18n::Lang;
use axum::http::HeaderMap;
use axum::http::header::ACCEPT_LANGUAGE;

pub(super) fn asked(query: Option<&str>, headers: &HeaderMap) -> Lang {
    if let Some(lang) = query.and_then(|q| q.parse().ok()) {
        return lang;
    }
    headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(from_accept_language)
        .unwrap_or_default()
}

/// The first language of the header we speak, by the order the browser
/// gives (weights are in that order in every browser that sends them).
fn from_accept_language(header: &str) -> Option<Lang> {
    header.split(',').find_map(|item| {
        let tag = item.split(';').next()?.trim();
        let primary = tag.split(['-', '_']).next()?;
        primary.to_ascii_lowercase().parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_language_spoken_wins() {
        assert_eq!(
            from_accept_language("fr-FR,es;q=0.8,en;q=0.5"),
            Some(Lang::Es)
        );
        assert_eq!(from_accept_language("ja-JP"), Some(Lang::Ja));
        assert_eq!(from_accept_language("de, fr"), None);
        assert_eq!(from_accept_language(""), None);
    }

    #[test]
    fn a_link_s_choice_beats_the_browser() {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_LANGUAGE, "ja".parse().unwrap());
        assert_eq!(asked(Some("es"), &headers), Lang::Es);
        assert_eq!(asked(Some("xx"), &headers), Lang::Ja);
        assert_eq!(asked(None, &HeaderMap::new()), Lang::En);
    }
}
