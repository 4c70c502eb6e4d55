//! Rules for command registration the spec does not write down but Discord
//! enforces: localised names follow the name pattern and are unique among
//! their siblings in each locale, localisations are keyed by Discord's
//! locales, localised descriptions and choice labels are 1 to 100
//! characters. And holotable's promise: every name, description and choice
//! speaks Spanish (both locales) and Japanese.

use serde_json::{Map, Value};
use std::collections::HashSet;

/// Discord's locales, as the spec's `AvailableLocalesEnum` lists them.
const LOCALES: [&str; 34] = [
    "ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he",
    "hi", "hr", "hu", "id", "it", "ja", "ko", "lt", "nl", "no", "pl", "pt-BR", "ro", "ru", "sv-SE",
    "th", "tr", "uk", "vi", "zh-CN", "zh-TW",
];

/// The locales holotable translates its commands for.
const PROMISED: [&str; 3] = ["es-ES", "es-419", "ja"];

/// Option types whose `options` are nested commands (sub-commands and
/// their groups) rather than values.
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;

/// Violations in a `PUT …/commands` body, each a line naming where.
pub fn registration_rules(route: &str, body: &Value) -> Vec<String> {
    let mut found = Vec::new();
    let commands = body.as_array().map(Vec::as_slice).unwrap_or_default();
    check_siblings(&format!("PUT {route}"), commands, &mut found);
    for command in commands {
        check_named(&format!("PUT {route}: /"), command, &mut found);
    }
    found
}

/// One command or option, then its options and choices.
fn check_named(parent: &str, item: &Value, found: &mut Vec<String>) {
    let name = item["name"].as_str().unwrap_or_default();
    let at = format!("{parent}{name}");
    for (locale, text) in localisations(&at, item, "name_localizations", found) {
        if !is_discord_name(&text) {
            found.push(format!(
                "{at}: {locale} name {text:?} is not a Discord name"
            ));
        }
    }
    for (locale, text) in localisations(&at, item, "description_localizations", found) {
        if !(1..=100).contains(&text.chars().count()) {
            found.push(format!(
                "{at}: {locale} description {text:?} is not 1 to 100 characters"
            ));
        }
    }
    for choice in item["choices"].as_array().into_iter().flatten() {
        let label = choice["name"].as_str().unwrap_or_default();
        let at = format!("{at} choice {label:?}");
        for (locale, text) in localisations(&at, choice, "name_localizations", found) {
            if !(1..=100).contains(&text.chars().count()) {
                found.push(format!(
                    "{at}: {locale} label {text:?} is not 1 to 100 characters"
                ));
            }
        }
    }
    let options = item["options"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    check_siblings(&at, options, found);
    for option in options {
        let nested = matches!(
            option["type"].as_u64(),
            Some(SUB_COMMAND | SUB_COMMAND_GROUP)
        );
        let separator = if nested { " " } else { " option " };
        check_named(&format!("{at}{separator}"), option, found);
    }
}

/// The texts of `field` by locale; unknown locales and promised ones that
/// are missing are violations.
fn localisations(
    at: &str,
    item: &Value,
    field: &str,
    found: &mut Vec<String>,
) -> Vec<(String, String)> {
    let empty = Map::new();
    let texts = item[field].as_object().unwrap_or(&empty);
    for locale in texts.keys().filter(|l| !LOCALES.contains(&l.as_str())) {
        found.push(format!(
            "{at}: {field} has {locale:?}, not a Discord locale"
        ));
    }
    for locale in PROMISED.iter().filter(|l| !texts.contains_key(**l)) {
        found.push(format!("{at}: {field} lacks {locale}"));
    }
    texts
        .iter()
        .map(|(locale, text)| {
            (
                locale.clone(),
                text.as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// Two siblings shown with the same name in one locale (one without a
/// localisation there shows its own name).
fn check_siblings(at: &str, siblings: &[Value], found: &mut Vec<String>) {
    for locale in LOCALES {
        let mut seen = HashSet::new();
        for sibling in siblings {
            let shown = sibling["name_localizations"][locale]
                .as_str()
                .or(sibling["name"].as_str())
                .unwrap_or_default();
            if !seen.insert(shown) {
                found.push(format!("{at}: two names are {shown:?} in {locale}"));
            }
        }
    }
}

/// `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lower case where the
/// script has case. `is_alphanumeric` admits some combining marks that
/// `\p{L}` does not; the Latin and kana ones are refused, which catches a
/// decomposed "ñ" or "が".
fn is_discord_name(name: &str) -> bool {
    let allowed = |c: char| {
        matches!(c, '-' | '_' | '\u{0900}'..='\u{097F}' | '\u{0E00}'..='\u{0E7F}')
            || (c.is_alphanumeric()
                && !matches!(c, '\u{0300}'..='\u{036F}' | '\u{3099}'..='\u{309A}'))
    };
    (1..=32).contains(&name.chars().count())
        && name.chars().all(allowed)
        && name.to_lowercase() == name
}
