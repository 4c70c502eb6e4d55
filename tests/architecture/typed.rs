//! Delivery typed from end to end, as far as the text shows it: the
//! service hands an adapter a delivery already decoded, so no adapter
//! reads a delivery's JSON; and the store stores what the service gives
//! it, so no store file names one of the service's words.
//!
//! Both read names and literals, not types: an adapter that decodes a
//! delivery's text in a function of its own, handed the text through a
//! parameter named for nothing the check knows, is not seen, and neither
//! is a service word the store builds from pieces.

use std::collections::{BTreeMap, BTreeSet};

use crate::source::{Module, ModulePath, is_word, shown, string_literals};

/// The adapters' layers: the bot, the pages and the binary.
const ADAPTERS: [&str; 3] = ["discord", "web", "bin"];

/// What turns JSON into a value: serde_json's readers, and a type's own
/// `deserialize`.
const DECODERS: [&str; 5] = [
    "from_str",
    "from_slice",
    "from_value",
    "from_reader",
    "deserialize",
];

/// What names a delivery besides its types: the door that hands
/// deliveries out, and the outbox row's two columns of text (its payload,
/// its progress), which only the service may read.
const DELIVERY_NAMES: [&str; 3] = ["deliveries", "payload", "delivery_ref"];

/// The names that mark a delivery in an adapter's code: [`DELIVERY_NAMES`]
/// and every type the service declares deserialisable (its announcements,
/// a delivery's progress), which only a decoding adapter would need
/// deserialisable.
pub fn delivery_words(modules: &BTreeMap<ModulePath, Module>) -> BTreeSet<String> {
    let mut words: BTreeSet<String> = DELIVERY_NAMES.iter().map(|w| w.to_string()).collect();
    for (path, module) in modules {
        if path.first().is_some_and(|layer| layer == "service") {
            words.extend(deserialisable_types(&module.source));
        }
    }
    words
}

/// Each struct, enum or union `source` (blanked) declares with a derive
/// of `Deserialize`, whatever other attributes stand between.
pub fn deserialisable_types(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("#[derive(") {
        rest = &rest[at + "#[derive(".len()..];
        let Some(end) = rest.find(")]") else { break };
        if !words(&rest[..end]).any(|w| w == "Deserialize") {
            continue;
        }
        let mut item =
            words(&rest[end..]).skip_while(|w| !matches!(*w, "struct" | "enum" | "union"));
        if let (Some(_), Some(name)) = (item.next(), item.next()) {
            found.push(name.to_string());
        }
    }
    found
}

/// Each function of an adapter that decodes JSON ([`DECODERS`], through
/// `serde_json::` or imported from it) and names a delivery (`words`), as
/// "module: fn name decodes … naming …". A function inside another is
/// reported with it.
pub fn decoding_adapters(
    modules: &BTreeMap<ModulePath, Module>,
    words: &BTreeSet<String>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for (path, module) in modules {
        if path
            .first()
            .is_none_or(|layer| !ADAPTERS.contains(&layer.as_str()))
        {
            continue;
        }
        let imported = imported_decoders(&module.source);
        for (name, text) in functions(&module.source) {
            let decoders: BTreeSet<&str> = DECODERS
                .iter()
                .copied()
                .filter(|decoder| {
                    text.contains(&format!("serde_json::{decoder}"))
                        || (*decoder == "deserialize" || imported.contains(decoder))
                            && words_of(text).contains(decoder)
                })
                .collect();
            if decoders.is_empty() {
                continue;
            }
            let named: BTreeSet<&str> = words_of(text)
                .into_iter()
                .filter(|word| words.contains(*word))
                .collect();
            if !named.is_empty() {
                wrong.push(format!(
                    "{}: fn {name} decodes {decoders:?} naming {named:?}",
                    shown(path)
                ));
            }
        }
    }
    wrong
}

/// The decoders a module imports from serde_json by name.
fn imported_decoders(source: &str) -> BTreeSet<&'static str> {
    let mut found = BTreeSet::new();
    let mut rest = source;
    while let Some(at) = rest.find("use serde_json::") {
        rest = &rest[at..];
        let end = rest.find(';').unwrap_or(rest.len());
        let named: Vec<&str> = words(&rest[..end]).collect();
        found.extend(DECODERS.iter().filter(|d| named.contains(d)));
        rest = &rest[end..];
    }
    found
}

/// Each function with a body in `source` (blanked): its name, and its text
/// from `fn` to the end of its body.
fn functions(source: &str) -> Vec<(&str, &str)> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(next) = source[at..].find("fn") {
        let start = at + next;
        at = start + 2;
        let before = source[..start].chars().next_back();
        let after = source[at..].chars().next();
        if before.is_some_and(is_word) || !after.is_some_and(char::is_whitespace) {
            continue;
        }
        let name_start = at + source[at..].len() - source[at..].trim_start().len();
        let name_len = source[name_start..]
            .find(|c: char| !is_word(c))
            .unwrap_or(source.len() - name_start);
        if name_len == 0 {
            continue;
        }
        let name = &source[name_start..name_start + name_len];
        // The body opens at the first brace outside the signature's
        // parentheses; a semicolon first means there is none.
        let mut depth = 0i32;
        let mut open = None;
        for (i, &b) in bytes.iter().enumerate().skip(name_start + name_len) {
            match b {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b'{' if depth == 0 => {
                    open = Some(i);
                    break;
                }
                b';' if depth == 0 => break,
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut depth = 0i32;
        let mut close = source.len();
        for (i, &b) in bytes.iter().enumerate().skip(open) {
            match b {
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        found.push((name, &source[start..close]));
    }
    found
}

/// The words of `text` (identifiers, keywords, numbers).
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_word(c)).filter(|w| !w.is_empty())
}

fn words_of(text: &str) -> BTreeSet<&str> {
    words(text).collect()
}

/// Each place a store file names one of the service's words, as
/// "file: \"word\"" for a literal that is one, or "file: 'word'" for one
/// quoted in the SQL of a literal.
///
/// The service's words are the string literals of its sources (`service`)
/// except those that are not its own: a message id given to `t!` or `tr`,
/// the catalogue's (`catalogue`, the `.ftl` files) variant keys it picks,
/// and a literal the layers below the store also write (`lower`: the
/// model, the rules, the catalogues' crate), which the store may know as
/// theirs (a status column's values). A literal with no letter in it is
/// punctuation, nobody's word.
pub fn service_words_in_store(
    service: &[&str],
    lower: &[&str],
    catalogue: &[&str],
    store: &[(String, String)],
) -> Vec<String> {
    let theirs: BTreeSet<String> = lower
        .iter()
        .flat_map(|source| string_literals(source))
        .map(|(_, text)| text)
        .chain(catalogue.iter().flat_map(|ftl| variant_keys(ftl)))
        .collect();
    let words: BTreeSet<String> = service
        .iter()
        .flat_map(|source| string_literals(source))
        .filter(|(before, _)| !names_a_message(before))
        .map(|(_, text)| text)
        .filter(|text| text.chars().any(char::is_alphabetic) && !theirs.contains(text))
        .collect();
    let mut wrong = Vec::new();
    for (file, source) in store {
        for (_, text) in string_literals(source) {
            if words.contains(&text) {
                wrong.push(format!("{file}: {text:?}"));
            }
            for quoted in text.split('\'').skip(1).step_by(2) {
                if words.contains(quoted) {
                    wrong.push(format!("{file}: '{quoted}'"));
                }
            }
        }
    }
    wrong
}

/// Whether a literal after `before` (blanked source) is the message id of
/// `t!(lang, …` or `tr(lang, …`: the catalogue's word, which the service
/// only names.
fn names_a_message(before: &str) -> bool {
    let Some(rest) = before.trim_end().strip_suffix(',') else {
        return false;
    };
    let Some(open) = rest.rfind(['(', ',', ';', '{', '}']) else {
        return false;
    };
    if !rest[open..].starts_with('(') {
        return false;
    }
    let called = rest[..open].trim_end();
    let name = called
        .strip_suffix("t!")
        .or_else(|| called.strip_suffix("tr"));
    name.is_some_and(|head| !head.chars().next_back().is_some_and(is_word))
}

/// The variant keys of a Fluent catalogue (`[withdrawn]`, `*[other]`):
/// values a message selects on, which the service passes as arguments.
fn variant_keys(ftl: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for line in ftl.lines() {
        let line = line.trim_start().trim_start_matches('*');
        if let Some(rest) = line.strip_prefix('[')
            && let Some(end) = rest.find(']')
        {
            keys.push(rest[..end].trim().to_string());
        }
    }
    keys
}
