//! Small helpers for the sentences the bot shows people, so every adapter
//! writes counts and refusals the same way: "1 game", "2 games", and
//! errors (short lowercase messages by the house rule) turned into
//! finished sentences at the edge; and the joins of lists and sentences,
//! whose words are each language's catalogue's.

use holotable_i18n::Lang;
use holotable_i18n::t;

/// `count` with the noun that agrees with it: `counted(1, "game", "games")`
/// is "1 game", `counted(2, "game", "games")` is "2 games". Both forms are
/// given because English plurals are not all "+s" ("match", "matches").
///
/// # Examples
/// ```
/// use holotable_service::text::counted;
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
/// use holotable_service::text::sentence;
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

/// `items` as a list in `lang`: "A, B and C" (`and`), "A or B" (`or`),
/// "A, then B" (`then`). Each language's catalogue says how its pair is
/// joined and how a longer list continues.
fn list(lang: Lang, joiner: &str, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [first, second] => t!(
            lang,
            joiner,
            first = first.as_str(),
            second = second.as_str()
        ),
        [first, rest @ ..] => {
            let rest = list(lang, joiner, rest);
            t!(lang, "list-more", first = first.as_str(), rest = rest)
        }
    }
}

pub fn and_list(lang: Lang, items: &[String]) -> String {
    list(lang, "list-and-pair", items)
}

/// Seats by the rules' names ("white", "red-blue"), worded and listed:
/// "red and blue", "blanco".
pub fn seats(lang: Lang, names: &[String]) -> String {
    seats_by(lang, "seat", names)
}

/// Like `seats`, each as a noun standing alone in a sentence, with the
/// article a language wants there (Spanish "votaste por las blancas",
/// where `seats` gives "juega con blancas").
pub fn seats_as_nouns(lang: Lang, names: &[String]) -> String {
    seats_by(lang, "seat-subject", names)
}

fn seats_by(lang: Lang, message: &str, names: &[String]) -> String {
    let worded: Vec<String> = names
        .iter()
        .map(|seat| holotable_i18n::t!(lang, message, seat = seat.as_str()))
        .collect();
    and_list(lang, &worded)
}

pub fn or_list(lang: Lang, items: &[String]) -> String {
    list(lang, "list-or-pair", items)
}

/// "A7-B7, then B1-C1, then …": each step after the one before.
pub fn then_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [first, rest @ ..] => {
            let rest = then_list(lang, rest);
            t!(lang, "list-then", first = first.as_str(), rest = rest)
        }
    }
}

/// `text` with its first letter a capital: a sentence that opens with a
/// name which is lower case inside a sentence ("the community playing
/// white played A1-B1").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A game's name in `lang` (the same as on its board image).
pub fn game_title(lang: Lang, kind: holotable_games::GameKind) -> String {
    t!(lang, "game-title", game = kind.as_str())
}

/// An engine level as the reader's menus name it ("impulsivo", not
/// "greedy"); a level this build does not know is shown as stored.
pub fn level(lang: Lang, level: &str) -> String {
    t!(lang, "engine-level", level = level)
}

/// A length of time in its largest whole unit: "2 hours", "90 seconds".
pub fn duration(lang: Lang, millis: i64) -> String {
    let seconds = millis / 1000;
    let (count, unit) = match seconds {
        s if s % 86_400 == 0 && s > 0 => (s / 86_400, "day"),
        s if s % 3_600 == 0 && s > 0 => (s / 3_600, "hour"),
        s if s % 60 == 0 && s > 0 => (s / 60, "minute"),
        s => (s, "second"),
    };
    t!(lang, "duration", count = count, unit = unit)
}

/// Sentences one after another, as `lang` writes them: a space between
/// them in English and Spanish, none in Japanese.
pub fn sentences(lang: Lang, parts: &[String]) -> String {
    let gap = if lang == Lang::Ja { "" } else { " " };
    let parts: Vec<&str> = parts
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect();
    parts.join(gap)
}

/// A time as a terminal shows it, where no client writes it in the
/// reader's zone: "2026-12-05 13:00 UTC".
pub fn utc_time(millis: i64) -> String {
    jiff::Timestamp::from_millisecond(millis)
        .map(|t| t.strftime("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_default()
}

/// A Discord timestamp that each reader's client shows in their own
/// language and time zone: `<t:1700000000:R>` ("in 5 minutes").
pub fn relative_time(millis: i64) -> String {
    format!("<t:{}:R>", millis.div_euclid(1000))
}

/// What a person typed, cut short so a refusal stays short.
pub(crate) fn shown(text: &str) -> String {
    text.trim().chars().take(40).collect()
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

    #[test]
    fn lists_join_as_each_language_does() {
        let three: Vec<String> = ["A1-B1", "A2-B2", "A3-B3"].map(String::from).to_vec();
        assert_eq!(or_list(Lang::En, &three), "A1-B1, A2-B2 or A3-B3");
        assert_eq!(and_list(Lang::Es, &three[..2]), "A1-B1 y A2-B2");
        assert_eq!(then_list(Lang::En, &three), "A1-B1, then A2-B2, then A3-B3");
        assert_eq!(or_list(Lang::Ja, &three[..1]), "A1-B1");
        assert_eq!(
            sentences(Lang::Ja, &["一。".into(), "二。".into()]),
            "一。二。"
        );
        assert_eq!(
            sentences(Lang::En, &["One.".into(), "".into(), "Two.".into()]),
            "One. Two."
        );
    }

    #[test]
    fn durations_use_the_largest_whole_unit_and_agree_with_their_count() {
        assert_eq!(duration(Lang::En, 7_200_000), "2 hours");
        assert_eq!(duration(Lang::En, 60_000), "1 minute");
        assert_eq!(duration(Lang::En, 90_000), "90 seconds");
        assert_eq!(duration(Lang::Es, 86_400_000), "1 día");
        assert_eq!(duration(Lang::Ja, 600_000), "10分");
    }
}
