//! What the door check reads of one of the service's sources, comments and
//! strings blanked and `#[cfg(test)]` modules left out: the public
//! functions, the `impl` blocks, the type aliases, the traits and the macro
//! invocations; what a type, a static or a constant holds is
//! [`crate::holders`]'s reading. Whether any of it walks round the doors is
//! [`crate::doors`]'s business.

use crate::holders::{Named, declared};
use crate::source::is_word;

/// A `pub fn` of the service's sources: on the type of the inherent `impl`
/// block it is declared in, or free (`ty` is `None`) when only modules
/// enclose it; with its signature from the name to the body, generics and
/// `where` included, [`compact`]ed (`vote(&self,channel:&str)->Receipt`).
pub struct PublicFn {
    pub ty: Option<String>,
    pub name: String,
    pub signature: String,
}

/// An `impl` block: the trait when it is a trait's and the type it is for,
/// each the last path segment outside generics, and its header from `impl`
/// to the `{`, generics, `for` and `where` included, each run of white
/// space one space.
pub struct Impl {
    pub of_trait: Option<String>,
    pub ty: String,
    pub header: String,
}

/// A type alias, `type Name<…> = target;`, outside every `impl` and trait
/// (an associated type is the trait's, no alias); whether it is declared
/// with any `pub`, so that another module may import it.
pub struct Alias {
    pub name: String,
    pub target: String,
    pub public: bool,
}

/// What the door check reads of one source.
pub struct Items {
    pub fns: Vec<PublicFn>,
    pub impls: Vec<Impl>,
    /// What stands directly in an inherent `impl` block and may make
    /// methods the check cannot read: a macro invocation (`m!`) or a macro
    /// fragment (`$…`), each with the block's type.
    pub impl_macros: Vec<(String, String)>,
    /// Each macro invocation (`m!(…)`, not `macro_rules!`) and its
    /// arguments.
    pub macros: Vec<Named>,
    /// Each struct, enum, union, static and constant (not a `const fn`).
    pub holders: Vec<Named>,
    pub traits: Vec<Named>,
    pub aliases: Vec<Alias>,
    /// The name of each `macro_rules!`.
    pub own_macros: Vec<String>,
}

/// What a block of braces is, as far as the door check cares.
#[derive(Clone, PartialEq)]
enum Block {
    Module,
    /// An inherent `impl` block and the type it is for.
    Impl(String),
    /// A trait's `impl` block or a trait: what is declared there is the
    /// trait's.
    Trait,
    /// A `macro_rules!` body, and each block of it that is no item's: what
    /// it declares is declared where the macro is invoked.
    Macro,
    /// A function body, a type's fields, an expression.
    Other,
}

/// The words of `text`: `&'a crate::Votes<'a>` gives `a`, `crate`,
/// `Votes`, `a`.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_word(c)).filter(|w| !w.is_empty())
}

/// Each word of `text` and where it starts.
pub fn word_spans(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = None;
    text.char_indices()
        .chain([(text.len(), ' ')])
        .filter_map(move |(at, c)| match (is_word(c), start) {
            (true, None) => {
                start = Some(at);
                None
            }
            (false, Some(from)) => {
                start = None;
                Some((from, &text[from..at]))
            }
            _ => None,
        })
}

/// `text` with its white space dropped except between two words, where one
/// space stays, and without a comma before a closing bracket, so a
/// signature reads the same however rustfmt lays it out:
/// `open(\n    clock: Arc<dyn Clock>,\n) -> Self` gives
/// `open(clock:Arc<dyn Clock>)->Self`.
pub fn compact(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if matches!(c, ')' | ']' | '}' | '>') && out.ends_with(',') {
            out.pop();
        }
        if space && out.ends_with(is_word) && is_word(c) {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out
}

/// Where `word` first stands in `text` as a whole word.
fn word_at(text: &str, word: &str) -> Option<usize> {
    text.match_indices(word)
        .map(|(at, _)| at)
        .find(|at| !text[..*at].ends_with(is_word) && !text[at + word.len()..].starts_with(is_word))
}

/// The type an `impl` header (from `impl` to its `{`) is for, and the
/// trait when it is a trait's: each the last path segment, before `where`
/// and without generics (`impl<'a> crate::votes::Votes<'a> where 'a: 'a`
/// → `(None, Votes)`).
pub fn impl_type(header: &str) -> Option<(Option<String>, String)> {
    let header = header.trim_start().strip_prefix("impl")?;
    let mut outside = String::new();
    let mut depth = 0;
    let mut previous = ' ';
    for c in header.chars() {
        match c {
            '<' => depth += 1,
            // `->` in a bound is an arrow, not the end of a generic list.
            '>' if previous != '-' => depth -= 1,
            _ if depth == 0 => outside.push(c),
            _ => {}
        }
        previous = c;
    }
    let words: Vec<&str> = words(&outside).take_while(|w| *w != "where").collect();
    let ty = words.last()?.to_string();
    Some(match words.iter().position(|w| *w == "for") {
        Some(at) => (words[..at].last().map(|w| w.to_string()), ty),
        None => (None, ty),
    })
}

/// Where the bracket opened at `open` closes, or the end of `source`.
pub fn closing(source: &str, open: usize) -> usize {
    let mut depth = 0;
    for (at, c) in source[open..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
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

/// Where the item whose text starts at `from` ends: after its `;` or the
/// `}` of its body, whichever comes at its top level first.
pub fn item_end(source: &str, from: usize) -> usize {
    let mut depth = 0usize;
    for (at, c) in source[from..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            '}' if depth <= 1 => return from + at + 1,
            '}' => depth -= 1,
            ';' if depth == 0 => return from + at + 1,
            _ => {}
        }
    }
    source.len()
}

/// The macro invoked by a `!` at `at`, if it is one: the name before it
/// and where its arguments' bracket opens (`m!(…)`, `m! { … }`).
fn invocation(source: &str, at: usize) -> Option<(&str, usize)> {
    let before = &source[..at];
    let name_at = before.trim_end_matches(is_word).len();
    let name = &before[name_at..];
    let after = &source[at + 1..];
    let open = at + 1 + (after.len() - after.trim_start().len());
    (!name.is_empty() && name != "macro_rules" && source[open..].starts_with(['(', '[', '{']))
        .then_some((name, open))
}

/// What the block opened by a `{` after `header` (the text since the last
/// `;`, `{` or `}`) is, inside `parent`: its first keyword decides. An
/// `impl` is also recorded in `impls`.
fn block_of(header: &str, parent: Option<&Block>, impls: &mut Vec<Impl>) -> Block {
    let keyword = words(header).find(|w| {
        [
            "impl",
            "mod",
            "fn",
            "trait",
            "struct",
            "enum",
            "union",
            "macro_rules",
        ]
        .contains(w)
    });
    match keyword {
        Some("mod") => Block::Module,
        Some("macro_rules") => Block::Macro,
        None if parent == Some(&Block::Macro) => Block::Macro,
        Some("trait") => Block::Trait,
        Some("impl") => {
            let header = &header[word_at(header, "impl").expect("the keyword was found")..];
            let Some((of_trait, ty)) = impl_type(header) else {
                return Block::Other;
            };
            let block = match of_trait {
                None => Block::Impl(ty.clone()),
                Some(_) => Block::Trait,
            };
            impls.push(Impl {
                of_trait,
                ty,
                header: header.split_whitespace().collect::<Vec<_>>().join(" "),
            });
            block
        }
        _ => Block::Other,
    }
}

/// Whether `keyword` stands at `at` in `source` as a word of its own,
/// white space after it.
fn keyword_at(source: &str, at: usize, keyword: &str) -> bool {
    source[at..].starts_with(keyword)
        && !source[..at].ends_with(is_word)
        && source[at + keyword.len()..].starts_with(char::is_whitespace)
}

/// Whether an item's text before its keyword (attributes, visibility)
/// makes it public to other modules: any `pub`.
fn visible(before: &str) -> bool {
    words(before).any(|w| w == "pub")
}

/// `source` with the body of each `#[cfg(test)]` inline module blanked
/// (its lines kept): only tests build it, so nothing in it reaches an
/// adapter.
pub fn without_test_modules(source: &str) -> String {
    let mut out = source.to_string();
    for (at, _) in source.match_indices("#[cfg(test)]") {
        let mut rest = &source[at + "#[cfg(test)]".len()..];
        // Other attributes, then the visibility, then `mod name {`.
        loop {
            rest = rest.trim_start();
            if rest.starts_with("#[") {
                let end = closing(rest, 1);
                rest = &rest[(end + 1).min(rest.len())..];
            } else {
                break;
            }
        }
        let mut names = words(rest);
        let mut word = names.next();
        if word == Some("pub") {
            rest = rest.trim_start_matches("pub").trim_start();
            if rest.starts_with('(') {
                rest = &rest[closing(rest, 0) + 1..];
            }
            word = words(rest).next();
        }
        if word != Some("mod") {
            continue;
        }
        let after_name = rest.trim_start()["mod".len()..]
            .trim_start()
            .trim_start_matches(is_word);
        if !after_name.trim_start().starts_with('{') {
            continue;
        }
        let open = source.len() - after_name.trim_start().len();
        let close = closing(source, open);
        let blank: String = source.as_bytes()[open + 1..close]
            .iter()
            .map(|b| if *b == b'\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(open + 1..close, &blank);
    }
    out
}

/// What the door check reads of `source` (comments and strings blanked),
/// `#[cfg(test)]` modules left out.
///
/// A `pub fn` is one code outside the crate could call: a method directly
/// in an inherent `impl` block, wherever that block is (an `impl` inside a
/// function still adds methods to its type), or a free function in modules
/// and `macro_rules!` bodies only. `pub(crate)` and the like are the
/// service's own business.
pub fn read(source: &str) -> Items {
    let source = &without_test_modules(source);
    let bytes = source.as_bytes();
    let mut fns = Vec::new();
    let mut impls = Vec::new();
    let mut impl_macros = Vec::new();
    let mut aliases = Vec::new();
    let mut blocks: Vec<Block> = Vec::new();
    let mut boundary = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                blocks.push(block_of(&source[boundary..i], blocks.last(), &mut impls));
                boundary = i + 1;
            }
            b'}' => {
                blocks.pop();
                boundary = i + 1;
            }
            b';' => boundary = i + 1,
            b'!' | b'$' => {
                if let Some(Block::Impl(ty)) = blocks.last() {
                    if bytes[i] == b'$' {
                        let name = words(&source[i + 1..]).next().unwrap_or("");
                        let found = (ty.clone(), format!("${name}"));
                        if impl_macros.last() != Some(&found) {
                            impl_macros.push(found);
                        }
                    } else if let Some((name, _)) = invocation(source, i) {
                        impl_macros.push((ty.clone(), format!("{name}!")));
                    }
                }
            }
            b't' if keyword_at(source, i, "type")
                && !blocks
                    .iter()
                    .any(|b| matches!(b, Block::Impl(_) | Block::Trait)) =>
            {
                let end = source[i..].find(';').map_or(bytes.len(), |e| i + e);
                if let Some((name, target)) = source[i + 4..end].split_once('=')
                    && let Some(name) = words(name).next()
                {
                    aliases.push(Alias {
                        name: name.to_string(),
                        target: compact(target),
                        public: visible(&source[boundary..i]),
                    });
                }
            }
            b'p' if keyword_at(source, i, "pub") => {
                let enclosing = match blocks.last() {
                    Some(Block::Impl(ty)) => Some(Some(ty.clone())),
                    _ if blocks
                        .iter()
                        .all(|b| matches!(b, Block::Module | Block::Macro)) =>
                    {
                        Some(None)
                    }
                    _ => None,
                };
                let end = source[i..].find(['{', ';']).map_or(bytes.len(), |e| i + e);
                let words: Vec<&str> = words(&source[i + 3..end]).collect();
                if let Some(ty) = enclosing
                    && let Some(fn_at) = words.iter().position(|w| *w == "fn")
                    && words[..fn_at]
                        .iter()
                        .all(|w| ["async", "const", "unsafe", "extern"].contains(w))
                    && let Some(name) = words.get(fn_at + 1)
                {
                    let from = i + word_at(&source[i..end], "fn").expect("the keyword was found");
                    fns.push(PublicFn {
                        ty,
                        name: name.to_string(),
                        signature: compact(&source[from + 2..end]),
                    });
                }
                i += 3;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    let macros = source
        .match_indices('!')
        .filter_map(|(at, _)| invocation(source, at))
        .map(|(name, open)| Named {
            name: name.to_string(),
            text: compact(&source[open + 1..closing(source, open).max(open + 1)]),
            reachable: false,
        })
        .collect();
    let holders = ["struct", "enum", "union", "static", "const"]
        .iter()
        .flat_map(|keyword| declared(source, keyword))
        .collect();
    let own_macros = source
        .match_indices("macro_rules!")
        .filter_map(|(at, _)| words(&source[at + "macro_rules!".len()..]).next())
        .map(String::from)
        .collect();
    Items {
        fns,
        impls,
        impl_macros,
        macros,
        holders,
        traits: declared(source, "trait"),
        aliases,
        own_macros,
    }
}
