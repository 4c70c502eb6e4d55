//! Small helpers for the sentences the bot shows people, so every adapter
//! writes counts and refusals the same way: "1 game", "2 games", and
//! errors (short lowercase messages by the house rule) turned into
//! finished sentences at the edge.

/// `count` with the noun that agrees with it: `counted(1, "game", "games")`
/// is "1 game", `counted(2, "game", "games")` is "2 games". Both forms are
/// given because English plurals are not all "+s" ("match", "matches").
///
/// # Examples
/// ```
/// use holotable::service::text::counted;
/// assert_eq!(counted(1, "win in a row", "wins in a row"), "1 win in a row");
/// assert_eq!(counted(0, "vote", "votes"), "0 votes");
/// ```
pub fn counted(count: impl Into<i64>, one: &str, many: &str) -> String {
    let count = count.into();
    let noun = if count == 1 || count == -1 { one } else { many };
    format!("{count} {noun}")
}

/// `counted` for lengths and other `usize` counts.
pub fn counted_usize(count: usize, one: &str, many: &str) -> String {
    counted(i64::try_from(count).unwrap_or(i64::MAX), one, many)
}

/// `text` as a finished sentence: a capital first letter and a full stop,
/// unless it already ends with one (or with `?`, `!`, or a closing
/// backtick block that carries its own punctuation).
///
/// # Examples
/// ```
/// use holotable::service::text::sentence;
/// assert_eq!(sentence("the match is over"), "The match is over.");
/// assert_eq!(sentence("Really?"), "Really?");
/// ```
pub fn sentence(text: &str) -> String {
    let text = text.trim_end();
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut out: String = first.to_uppercase().chain(chars).collect();
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "game", "games"), "1 game");
        assert_eq!(counted(0, "game", "games"), "0 games");
        assert_eq!(counted(2, "game", "games"), "2 games");
        assert_eq!(counted(-1, "point", "points"), "-1 point");
        assert_eq!(
            counted_usize(21, "legal move", "legal moves"),
            "21 legal moves"
        );
        assert_eq!(counted(1u32, "match", "matches"), "1 match");
    }

    #[test]
    fn sentences_get_a_capital_and_one_full_stop() {
        assert_eq!(
            sentence("there is no game in this channel"),
            "There is no game in this channel."
        );
        assert_eq!(sentence("Done."), "Done.");
        assert_eq!(sentence("stop it first! "), "Stop it first!");
        assert_eq!(sentence("élan"), "Élan.");
        assert_eq!(sentence(""), "");
    }
}
