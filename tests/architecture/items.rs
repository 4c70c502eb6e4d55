//! What the door check reads of one of the service's sources, comments and
//! strings blanked: the public functions, the `impl` blocks, what a type
//! or a static holds, the traits and the macro invocations. Whether any of
//! it walks round the doors is [`crate::doors`]'s business.

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

/// An item with a name and the text that says what it is or holds:
/// a struct's, enum's or union's generics and fields, a static's type and
/// value, a trait's whole declaration, or a macro invocation's arguments.
pub struct Named {
    pub name: String,
    pub text: String,
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
    /// Each struct, enum, union and static.
    pub holders: Vec<Named>,
    pub traits: Vec<Named>,
}

/// What a block of braces is, as far as the door check cares.
#[derive(Clone, PartialEq)]
enum Block {
    Module,
    /// An inherent `impl` block and the type it is for.
    Impl(String),
    /// A trait's `impl` block, a trait, a function body, a type's fields,
    /// an expression.
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
fn closing(source: &str, open: usize) -> usize {
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
fn item_end(source: &str, from: usize) -> usize {
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

/// Each item `keyword` declares (`struct`, `static`, …): its name and its
/// text from the name to the item's end. A lifetime (`'static`) is no
/// keyword, nor a word that merely contains one.
fn declared(source: &str, keyword: &str) -> Vec<Named> {
    let mut found = Vec::new();
    for (at, _) in source.match_indices(keyword) {
        let before = source[..at].chars().next_back().unwrap_or(' ');
        let rest = &source[at + keyword.len()..];
        if is_word(before) || before == '\'' || !rest.starts_with(char::is_whitespace) {
            continue;
        }
        let mut names = words(rest);
        let Some(mut name) = names.next() else {
            continue;
        };
        if name == "mut" {
            name = names.next().unwrap_or("");
        }
        let from = at + keyword.len();
        if name.is_empty() || !rest.trim_start().starts_with(is_word) {
            continue;
        }
        let text = &source[from..item_end(source, from)];
        found.push(Named {
            name: name.to_string(),
            text: compact(&if keyword == "enum" {
                without_variant_names(text)
            } else {
                text.to_string()
            }),
        });
    }
    found
}

/// An enum's text with its variants' names left out, so that a variant
/// named like a door (`Refusal::Versus(VersusRefusal)`) is not taken for
/// the door: each is the first word of a variant, after the body's `{` or a
/// `,` at its top level and any attributes.
fn without_variant_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0;
    let mut named = true;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '(' | '[' | '{' => {
                depth += 1;
                if depth == 1 && c == '{' {
                    named = false;
                }
            }
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 1 => named = false,
            '#' if depth == 1 && !named => {
                // An attribute: `#[…]`, kept whole.
                let end = text[at..]
                    .find('[')
                    .map_or(at, |open| closing(text, at + open));
                out.push_str(&text[at..(end + 1).min(text.len())]);
                while chars.peek().is_some_and(|(next, _)| *next <= end) {
                    chars.next();
                }
                continue;
            }
            _ if depth == 1 && !named && is_word(c) => {
                while chars.peek().is_some_and(|(_, next)| is_word(*next)) {
                    chars.next();
                }
                out.push(' ');
                named = true;
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
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
/// `;`, `{` or `}`) is: its first keyword decides. An `impl` is also
/// recorded in `impls`.
fn block_of(header: &str, impls: &mut Vec<Impl>) -> Block {
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
        Some("impl") => {
            let header = &header[word_at(header, "impl").expect("the keyword was found")..];
            let Some((of_trait, ty)) = impl_type(header) else {
                return Block::Other;
            };
            let block = match of_trait {
                None => Block::Impl(ty.clone()),
                Some(_) => Block::Other,
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

/// What the door check reads of `source` (comments and strings blanked).
///
/// A `pub fn` is one code outside the crate could call: a method directly
/// in an inherent `impl` block, wherever that block is (an `impl` inside a
/// function still adds methods to its type), or a free function in modules
/// only. `pub(crate)` and the like are the service's own business.
pub fn read(source: &str) -> Items {
    let bytes = source.as_bytes();
    let mut fns = Vec::new();
    let mut impls = Vec::new();
    let mut impl_macros = Vec::new();
    let mut blocks: Vec<Block> = Vec::new();
    let mut boundary = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                blocks.push(block_of(&source[boundary..i], &mut impls));
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
            b'p' if source[i..].starts_with("pub")
                && (i == 0 || !is_word(source[..i].chars().next_back().unwrap_or(' ')))
                && source[i + 3..].starts_with(char::is_whitespace) =>
            {
                let enclosing = match blocks.last() {
                    Some(Block::Impl(ty)) => Some(Some(ty.clone())),
                    _ if blocks.iter().all(|b| *b == Block::Module) => Some(None),
                    _ => None,
                };
                let end = source[i..].find(['{', ';']).map_or(bytes.len(), |e| i + e);
                let words: Vec<&str> = words(&source[i + 3..end]).collect();
                if let Some(ty) = enclosing
                    && let Some(fn_at) = words.iter().position(|w| *w == "fn")
                    && words[..fn_at]
                        .iter()
                        .all(|w| ["async", "const", "unsafe"].contains(w))
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
        })
        .collect();
    let holders = ["struct", "enum", "union", "static"]
        .iter()
        .flat_map(|keyword| declared(source, keyword))
        .collect();
    Items {
        fns,
        impls,
        impl_macros,
        macros,
        holders,
        traits: declared(source, "trait"),
    }
}
