//! What one module's text says about names: its `use` lines, the items it
//! declares, its type aliases and inline modules, and the paths written
//! inline. All of it is read from the source with comments and strings
//! blanked; where the names lead is [`crate::graph`]'s business.

use std::collections::BTreeSet;
use std::ops::Range;

use crate::source::is_word;

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
            // A leading `::` names a crate, as the name after it does alone.
            Some("::") if path.is_empty() => *at += 1,
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
/// c}` of `pub(crate) use a::{b, c};`) that `lines` takes, and of each
/// `extern crate`, which names a crate as a `use` of it does
/// (`holotable_store as store` of `extern crate holotable_store as store;`).
pub fn module_uses(source: &str, lines: UseLines) -> Vec<&str> {
    let words = top_level_words(source);
    words
        .iter()
        .enumerate()
        .filter_map(|(i, &(at, word))| {
            let tree_at = match word {
                "use" => at + word.len(),
                "extern" => match words.get(i + 1) {
                    Some(&(next, "crate")) if source[at + word.len()..next].trim().is_empty() => {
                        next + "crate".len()
                    }
                    _ => return None,
                },
                _ => return None,
            };
            let rest = &source[tree_at..];
            (rest.starts_with(char::is_whitespace)
                && (lines == UseLines::All || is_public(&source[..at])))
            .then(|| rest.split(';').next().unwrap_or("").trim())
        })
        .collect()
}

/// The tree of every `use` statement of `source`, wherever it stands (in a
/// function, an inline module), with where its keyword is.
pub fn all_uses(source: &str) -> Vec<(usize, &str)> {
    source
        .match_indices("use")
        .filter(|(at, _)| !source[..*at].ends_with(|c| is_word(c) || c == ':'))
        .filter_map(|(at, _)| {
            let rest = &source[at + "use".len()..];
            let tree = rest.split(';').next().unwrap_or("").trim();
            // `impl Trait + use<'a>` captures; it imports nothing.
            (rest.starts_with(char::is_whitespace) && !tree.starts_with('<')).then_some((at, tree))
        })
        .collect()
}

/// A type alias a module declares at its top level: `type Name<…> =
/// target;`, and whether it is declared with a bare `pub`.
pub struct TypeAlias<'s> {
    pub name: &'s str,
    pub public: bool,
    pub target: &'s str,
}

/// The type aliases of `source`'s top level; an associated type, in an
/// `impl` or a trait, is no alias of the module's.
pub fn type_aliases(source: &str) -> Vec<TypeAlias<'_>> {
    let words = top_level_words(source);
    words
        .windows(2)
        .filter_map(|pair| {
            let [(at, "type"), (name_at, name)] = pair else {
                return None;
            };
            let statement = source[name_at + name.len()..].split(';').next()?;
            let (_, target) = statement.split_once('=')?;
            source[at + "type".len()..*name_at]
                .trim()
                .is_empty()
                .then(|| TypeAlias {
                    name,
                    public: is_public(&source[..*at]),
                    target: target.trim(),
                })
        })
        .collect()
}

/// Each path a type names (`Arc<holotable_store::Store>` gives `Arc` and
/// `holotable_store::Store`), a leading `::` kept as an empty first name;
/// a lifetime is none.
pub fn type_paths(text: &str) -> Vec<Vec<String>> {
    let mut found: Vec<Vec<String>> = Vec::new();
    let mut previous_end = None;
    for (at, c) in text.char_indices() {
        let starts = is_word(c) && (at == 0 || !text[..at].ends_with(is_word));
        if !starts {
            continue;
        }
        let name: String = text[at..].chars().take_while(|c| is_word(*c)).collect();
        let before = &text[..at];
        if before.ends_with('\'') {
            continue;
        }
        if before.ends_with("::") && previous_end == Some(at - 2) {
            if let Some(path) = found.last_mut() {
                path.push(name.clone());
            }
        } else if before.ends_with("::") {
            found.push(vec![String::new(), name.clone()]);
        } else {
            found.push(vec![name.clone()]);
        }
        previous_end = Some(at + name.len());
    }
    found
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

/// A path as written: where its first name starts, that name (`crate`,
/// `super`, `self`, a crate's or any other), and the rest after its `::`
/// with its braces, each run of white space inside them one space
/// (`store::{Access, Store}`). A path after a leading `::` names a crate
/// (`external`).
pub struct Written<'s> {
    pub at: usize,
    pub root: &'s str,
    pub rest: String,
    pub external: bool,
}

/// Each path of `source` that starts at a name followed by `::`: its
/// first name, not one after another `::` (that is the same path's), nor a
/// method's turbofish (`.collect::<…>`).
pub fn paths_in(source: &str) -> Vec<Written<'_>> {
    let bytes = source.as_bytes();
    let is_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts = (bytes[at].is_ascii_alphabetic() || bytes[at] == b'_')
            && (at == 0 || !is_name(bytes[at - 1]));
        if !starts {
            at += 1;
            continue;
        }
        let end = at + bytes[at..].iter().take_while(|b| is_name(**b)).count();
        let root = &source[at..end];
        let before = &source[..at];
        let external = before.ends_with("::")
            && !before[..at - 2].ends_with(|c: char| is_word(c) || c == ':' || c == '>');
        let skipped = (before.ends_with(':') && !external) || before.ends_with('.');
        if skipped || !source[end..].starts_with("::") {
            at = end;
            continue;
        }
        let from = at;
        at = end + 2;
        let mut rest = String::new();
        let mut depth = 0usize;
        while at < bytes.len() {
            let c = bytes[at];
            match c {
                b'{' => depth += 1,
                b'}' if depth > 0 => depth -= 1,
                b',' | b'*' if depth > 0 => {}
                b'*' if rest.is_empty() || rest.ends_with("::") => {}
                _ if c.is_ascii_whitespace() && depth > 0 => {
                    if !rest.ends_with(' ') {
                        rest.push(' ');
                    }
                    at += 1;
                    continue;
                }
                _ if is_name(c) || c == b':' => {}
                _ => break,
            }
            rest.push(char::from(c));
            at += 1;
        }
        found.push(Written {
            at: from,
            root,
            rest,
            external,
        });
    }
    found
}

/// The names after a path's first as [`paths_in`] gives them, one list
/// per leaf of a group (`{a::b, c as d}` gives `[a, b]` and `[c]`): each
/// leaf's path, since that is what leads to its module. What is no whole
/// `use` tree (`Type::<T>` stops at the `::`) gives its names as far as
/// they go.
pub fn leaves(rest: &str) -> Vec<Vec<String>> {
    let found: Vec<Vec<String>> = use_tree(rest).into_iter().map(|leaf| leaf.path).collect();
    if !found.is_empty() {
        return found;
    }
    vec![
        rest.split("::")
            .map(str::trim)
            .filter(|name| !name.is_empty() && *name != "*")
            .map(String::from)
            .collect(),
    ]
}

/// Each inline module of `source` (`mod tests { … }`), however deep, that
/// a module's top level declares: its names below the file's module and
/// where its body is. A module in a function is the function's and left
/// out.
pub fn inline_modules(source: &str) -> Vec<(Vec<String>, Range<usize>)> {
    let mut found = Vec::new();
    let mut open = vec![(Vec::new(), 0..source.len())];
    while let Some((path, range)) = open.pop() {
        let text = &source[range.clone()];
        let words = top_level_words(text);
        for pair in words.windows(2) {
            let [(at, "mod"), (name_at, name)] = pair else {
                continue;
            };
            let after = &text[name_at + name.len()..];
            if !text[at + 3..*name_at].trim().is_empty() || !after.trim_start().starts_with('{') {
                continue;
            }
            let open_at =
                range.start + name_at + name.len() + (after.len() - after.trim_start().len());
            let close = closing_brace(source, open_at);
            let inner = [path.as_slice(), &[name.to_string()]].concat();
            found.push((inner.clone(), open_at + 1..close));
            open.push((inner, open_at + 1..close));
        }
    }
    found
}

/// Where the `{` at `open` closes, or the end of `source`.
fn closing_brace(source: &str, open: usize) -> usize {
    let mut depth = 0usize;
    for (at, c) in source[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + at;
                }
            }
            _ => {}
        }
    }
    source.len()
}
