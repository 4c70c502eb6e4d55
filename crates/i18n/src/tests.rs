use super::catalogue::sources;
use super::*;
use crate::t;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};

/// Message (and term) ids of one language, each with the names of the
/// variables its text uses, from the syntax tree. A message reference
/// (`{ seat }`) passes the caller's variables on, so the referenced
/// message's variables count as the caller's: one language may select on
/// `$seat` inline where another names a shared message.
pub(super) fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let direct = direct_uses(lang);
    direct
        .keys()
        .map(|id| (id.clone(), variables_through_references(&direct, id)))
        .collect()
}

/// A marker for "uses message X" among the variable names, resolved by
/// [`variables_through_references`].
const REFERENCE: char = '@';

fn variables_through_references(
    direct: &BTreeMap<String, BTreeSet<String>>,
    id: &str,
) -> BTreeSet<String> {
    let mut variables = BTreeSet::new();
    let mut pending = vec![id.to_string()];
    let mut seen = BTreeSet::new();
    while let Some(next) = pending.pop() {
        if !seen.insert(next.clone()) {
            continue;
        }
        for name in direct.get(&next).into_iter().flatten() {
            match name.strip_prefix(REFERENCE) {
                Some(referenced) => pending.push(referenced.to_string()),
                None => {
                    variables.insert(name.clone());
                }
            }
        }
    }
    variables
}

/// A message or term of a catalogue: its area, its id (`-name` for a
/// term), and the patterns of its value and attributes.
pub(super) struct Entry {
    pub area: &'static str,
    pub id: String,
    pub patterns: Vec<ast::Pattern<&'static str>>,
}

/// Every message and term of `lang`'s catalogues, in order.
pub(super) fn entries(lang: Lang) -> Vec<Entry> {
    let mut found = Vec::new();
    for (area, source) in sources(lang) {
        let resource = fluent_syntax::parser::parse(source)
            .unwrap_or_else(|(_, errors)| panic!("{lang}/{area}.ftl: {errors:?}"));
        for entry in resource.body {
            let (id, pattern, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_string(), m.value, m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                _ => continue,
            };
            let patterns = pattern
                .into_iter()
                .chain(attributes.into_iter().map(|a| a.value))
                .collect();
            found.push(Entry { area, id, patterns });
        }
    }
    found
}

fn direct_uses(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut found = BTreeMap::new();
    for Entry { area, id, patterns } in entries(lang) {
        let mut variables = BTreeSet::new();
        for p in &patterns {
            collect_variables(p, &mut variables);
        }
        let duplicate = found.insert(id.clone(), variables);
        assert!(
            duplicate.is_none(),
            "{lang}/{area}.ftl: {id} is defined twice"
        );
    }
    found
}

fn collect_variables(pattern: &ast::Pattern<&str>, into: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            collect_in_expression(expression, into);
        }
    }
}

fn collect_in_expression(expression: &ast::Expression<&str>, into: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            collect_in_inline(selector, into);
            for variant in variants {
                collect_variables(&variant.value, into);
            }
        }
        ast::Expression::Inline(inline) => collect_in_inline(inline, into),
    }
}

fn collect_in_inline(inline: &ast::InlineExpression<&str>, into: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            into.insert(id.name.to_string());
        }
        ast::InlineExpression::MessageReference { id, .. } => {
            into.insert(format!("{REFERENCE}{}", id.name));
        }
        ast::InlineExpression::Placeable { expression } => collect_in_expression(expression, into),
        ast::InlineExpression::FunctionReference { arguments, .. }
        | ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for positional in &arguments.positional {
                collect_in_inline(positional, into);
            }
            for named in &arguments.named {
                collect_in_inline(&named.value, into);
            }
        }
        _ => {}
    }
}

#[test]
fn every_language_has_every_message_with_the_same_placeables() {
    let english = messages(Lang::En);
    assert!(!english.is_empty());
    for lang in [Lang::Es, Lang::Ja] {
        let other = messages(lang);
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
        let extra: Vec<_> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            extra.is_empty(),
            "{lang} has messages English lacks: {extra:?}"
        );
        for (id, variables) in &english {
            assert_eq!(
                &other[id], variables,
                "{lang}'s {id} uses other placeables than English's"
            );
        }
    }
}

/// Every `t!(…, "id"` and `tr(…, "id"` in the sources names a message that
/// exists, so a typo cannot reach a person as a bare id.
#[test]
fn every_message_the_code_names_exists() {
    let mut named = Vec::new();
    // The whole workspace: every crate that speaks to people names ids.
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files = ["src", "crates"].map(|dir| rust_files(&workspace.join(dir)));
    for path in files.into_iter().flatten() {
        let source = std::fs::read_to_string(&path).unwrap();
        for id in literal_ids(&source) {
            named.push((path.display().to_string(), id));
        }
    }
    assert!(!named.is_empty(), "no message ids found in the sources");
    let missing: Vec<_> = named.iter().filter(|(_, id)| !has(id)).collect();
    assert!(
        missing.is_empty(),
        "messages not in the catalogue: {missing:?}"
    );
}

fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// The string literal that follows the first comma of each `t!(` call,
/// when it is a literal (ids built at run time are checked by their own
/// tests).
fn literal_ids(source: &str) -> Vec<String> {
    // Comments and doc examples are checked by rustdoc, not here.
    let source: String = source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .flat_map(|line| [line, "\n"])
        .collect();
    let source = source.as_str();
    let mut ids = Vec::new();
    for (at, _) in source.match_indices("t!(") {
        if source[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &source[at + 3..];
        let Some(comma) = rest.find(',') else {
            continue;
        };
        let after = rest[comma + 1..].trim_start();
        if let Some(literal) = after.strip_prefix('"')
            && let Some(end) = literal.find('"')
        {
            ids.push(literal[..end].to_string());
        }
    }
    ids
}

#[test]
fn plurals_follow_each_languages_rules() {
    assert_eq!(t!(Lang::En, "count-votes", count = 1), "1 vote");
    assert_eq!(t!(Lang::En, "count-votes", count = 0), "0 votes");
    assert_eq!(t!(Lang::Es, "count-votes", count = 1), "1 voto");
    assert_eq!(t!(Lang::Es, "count-votes", count = 0), "0 votos");
    assert_eq!(t!(Lang::Ja, "count-votes", count = 1), "1票");
}

#[test]
fn placeables_carry_no_isolation_marks() {
    let text = t!(Lang::En, "ballot-opened", move = 4, legal = 3);
    assert_eq!(text, "Ballot for move 4: 3 legal moves.");
    assert!(!text.contains(['\u{2068}', '\u{2069}']));
}

#[test]
fn a_missing_message_falls_back_to_its_id() {
    assert_eq!(tr(Lang::Es, "no-such-message", None), "no-such-message");
    assert!(!has("no-such-message"));
}

#[test]
fn languages_are_read_from_discord_posix_and_people() {
    assert_eq!(Lang::from_discord_locale("es-419"), Some(Lang::Es));
    assert_eq!(Lang::from_discord_locale("es-ES"), Some(Lang::Es));
    assert_eq!(Lang::from_discord_locale("ja"), Some(Lang::Ja));
    assert_eq!(Lang::from_discord_locale("en-GB"), Some(Lang::En));
    assert_eq!(Lang::from_discord_locale("fr"), None);
    assert_eq!(Lang::from_posix_locale("ja_JP.UTF-8"), Some(Lang::Ja));
    assert_eq!(Lang::from_posix_locale("C"), None);
    assert_eq!("Español".parse(), Ok(Lang::Es));
    assert_eq!("日本語".parse(), Ok(Lang::Ja));
    assert_eq!(" EN ".parse(), Ok(Lang::En));
    assert_eq!(
        "klingon".parse::<Lang>().unwrap_err().to_string(),
        "\"klingon\" is not a language holotable speaks; expected en, es or ja"
    );
}
