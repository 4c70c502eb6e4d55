//! What one module's text says about names: its `use` lines, the items it
//! declares, and the paths written inline. All of it is read from the
//! source with comments and strings blanked; where the names lead is
//! [`crate::graph`]'s business.

use std::collections::BTreeSet;

use crate::source::{CRATES, is_word};

/// A leaf of a `use` tree: the path as written (a leading `self` dropped)
/// and the name it is known by here, `None` for a glob, which brings in
/// every name the path's module gives.
#[derive(Debug, PartialEq)]
pub struct UseLeaf {
    pub path: Vec<String>,
    pub name: Option<String>,
}

/// The leaves of a `use` tree: `a::{b, c::d as e, self, f::*}` gives
/// `a::b` as `b`, `a::c::d` as `e`, `a` as `a` and the glob `a::f`. A
/// name given as `_` names nothing and is left out.
pub fn use_tree(text: &str) -> Vec<UseLeaf> {
    let spaced = text
        .replace("::", " :: ")
        .replace('{', " { ")
        .replace('}', " } ")
        .replace(',', " , ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut leaves = Vec::new();
    let mut at = 0;
    use_subtree(&tokens, &mut at, &[], &mut leaves);
    leaves
}

fn use_subtree(tokens: &[&str], at: &mut usize, prefix: &[String], leaves: &mut Vec<UseLeaf>) {
    let mut path = prefix.to_vec();
    loop {
        match tokens.get(*at).copied() {
            Some("{") => {
                *at += 1;
                while !matches!(tokens.get(*at).copied(), Some("}") | None) {
                    use_subtree(tokens, at, &path, leaves);
                    if tokens.get(*at) == Some(&",") {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            Some("*") => {
                *at += 1;
                leaves.push(UseLeaf { path, name: None });
                return;
            }
            Some(name) if name != "," && name != "}" && name != "::" => {
                *at += 1;
                if name != "self" {
                    path.push(name.to_string());
                }
                if tokens.get(*at) == Some(&"::") {
                    *at += 1;
                    continue;
                }
                let mut given = path.last().cloned().unwrap_or_default();
                if tokens.get(*at) == Some(&"as") {
                    given = tokens.get(*at + 1).map_or(given, |n| n.to_string());
                    *at += 2;
                }
                if !path.is_empty() && given != "_" {
                    leaves.push(UseLeaf {
                        path,
                        name: Some(given),
                    });
                }
                return;
            }
            _ => return,
        }
    }
}

/// Each word of `source` outside every brace, with where it starts: what
/// the module itself declares and imports. A `use` or an item inside a
/// function or an inline module belongs to that block, not to the module.
fn top_level_words(source: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut depth = 0usize;
    let mut start = None;
    for (at, c) in source.char_indices().chain([(source.len(), ' ')]) {
        if is_word(c) {
            start.get_or_insert(at);
            continue;
        }
        if let Some(from) = start.take()
            && depth == 0
        {
            words.push((from, &source[from..at]));
        }
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    words
}

/// Which `use` lines a reading takes.
#[derive(Clone, Copy, PartialEq)]
pub enum UseLines {
    /// Every one, whatever its visibility: a module's descendants can
    /// name what any of them brings in.
    All,
    /// Only `pub use`: what code outside the crate can name.
    Public,
}

/// The tree of each `use` statement at the module's top level (`a::{b,
/// c}` of `pub(crate) use a::{b, c};`) that `lines` takes.
pub fn module_uses(source: &str, lines: UseLines) -> Vec<&str> {
    top_level_words(source)
        .into_iter()
        .filter(|(_, word)| *word == "use")
        .filter(|(at, _)| {
            let rest = &source[at + "use".len()..];
            rest.starts_with(char::is_whitespace)
        })
        .filter(|(at, _)| lines == UseLines::All || is_public(&source[..*at]))
        .map(|(at, _)| {
            let rest = &source[at + "use".len()..];
            rest.split(';').next().unwrap_or("").trim()
        })
        .collect()
}

/// Whether the text before a `use` ends in a bare `pub`; `pub(crate)` and
/// the like keep the name inside the crate.
fn is_public(before: &str) -> bool {
    let before = before.trim_end();
    before
        .strip_suffix("pub")
        .is_some_and(|rest| !rest.chars().next_back().is_some_and(is_word))
}

/// The names of the items the module itself declares (`fn`, `struct`,
/// `mod`, …), which a glob import of it brings in.
pub fn items(source: &str) -> BTreeSet<String> {
    const KEYWORDS: [&str; 10] = [
        "fn",
        "struct",
        "enum",
        "union",
        "trait",
        "type",
        "const",
        "static",
        "mod",
        "macro_rules",
    ];
    // Words that may stand between a keyword and the name: `static mut X`.
    const BETWEEN: [&str; 1] = ["mut"];
    // Keywords a name never is: `const fn f`, `unsafe fn f` name `f` at `fn`.
    const NOT_NAMES: [&str; 5] = ["fn", "unsafe", "async", "extern", "const"];
    let words = top_level_words(source);
    let mut found = BTreeSet::new();
    for (i, (at, word)) in words.iter().enumerate() {
        if !KEYWORDS.contains(word) {
            continue;
        }
        let mut end = at + word.len();
        let mut next = i + 1;
        while let Some((from, between)) = words.get(next)
            && BETWEEN.contains(between)
            && source[end..*from].trim().is_empty()
        {
            end = from + between.len();
            next += 1;
        }
        let Some((from, name)) = words.get(next) else {
            continue;
        };
        // Only white space (or `macro_rules!`'s bang) before the name: the
        // `fn` of a type, `fn(u8)`, names nothing.
        let gap = source[end..*from].trim();
        let named = gap.is_empty() || (*word == "macro_rules" && gap == "!");
        if named && !NOT_NAMES.contains(name) {
            found.insert(name.to_string());
        }
    }
    found
}

/// Each path that starts at `crate::`, `super::`, `self::` or a crate of
/// the workspace (`holotable::` is the library, from the binary), with its
/// braces and without white space: `("crate", "store::{Access,Store}")`.
pub fn paths_in(source: &str) -> Vec<(&'static str, String)> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_word =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || b"_:".contains(&bytes[at - 1]));
        let roots = ["crate", "super", "self"]
            .into_iter()
            .chain(CRATES.iter().map(|(_, _, name)| *name));
        let root = roots.into_iter().find(|root| {
            starts_word
                && bytes[at..].starts_with(root.as_bytes())
                && bytes[at + root.len()..].starts_with(b"::")
        });
        let Some(root) = root else {
            at += 1;
            continue;
        };
        at += root.len() + 2;
        let mut path = String::new();
        let mut depth = 0usize;
        while at < bytes.len() {
            let c = bytes[at];
            match c {
                b'{' => depth += 1,
                b'}' if depth > 0 => depth -= 1,
                b',' | b' ' | b'\n' | b'\t' | b'\r' if depth > 0 => {}
                _ if c.is_ascii_alphanumeric() || c == b'_' || c == b':' => {}
                _ => break,
            }
            if !c.is_ascii_whitespace() {
                path.push(char::from(c));
            }
            at += 1;
        }
        found.push((root, path));
    }
    found
}

/// `a::b::{c, d::e}` as `[a,b]`, `[a,b,c]` and `[a,b,d]`: the group's
/// first names are enough to find the modules they live in.
pub fn expand(path: &str) -> Vec<Vec<String>> {
    let split = |text: &str| -> Vec<String> {
        text.split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    let Some(open) = path.find('{') else {
        return vec![split(path)];
    };
    let head = split(&path[..open]);
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut item = String::new();
    for c in path[open + 1..].chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    items.push(item);
    let mut all = vec![head.clone()];
    for item in items {
        let first = item
            .split("::")
            .next()
            .unwrap_or("")
            .trim_matches(['{', '}']);
        if !first.is_empty() && first != "self" {
            let mut full = head.clone();
            full.push(first.to_string());
            all.push(full);
        }
    }
    all
}
