//! What a struct, enum, union, static, constant or trait of the service's
//! sources is declared to hold, read for the door check: each such item's
//! name, the text that says what it holds, and whether an adapter can
//! reach it.

use crate::items::{closing, compact, item_end, words};
use crate::source::is_word;

/// An item with a name and the text that says what it is or holds:
/// a struct's, enum's or union's generics and fields, a static's or a
/// constant's type, a trait's whole declaration, or a macro invocation's
/// arguments; and whether code outside the crate can reach it: declared
/// with a bare `pub`, or a static, which any function may use unnamed.
pub struct Named {
    pub name: String,
    pub text: String,
    pub reachable: bool,
}

/// Each item `keyword` declares (`struct`, `static`, …): its name and its
/// text from the name to the item's end, for a static or a constant to
/// its `=` (its type: a value that names the service holds none of it). A
/// lifetime (`'static`) is no keyword, nor a word that merely contains
/// one; nor is the `const` of a `const fn`, a const generic or a `*const`
/// pointer.
pub fn declared(source: &str, keyword: &str) -> Vec<Named> {
    let mut found = Vec::new();
    for (at, _) in source.match_indices(keyword) {
        let before = source[..at].chars().next_back().unwrap_or(' ');
        let rest = &source[at + keyword.len()..];
        if is_word(before) || before == '\'' || !rest.starts_with(char::is_whitespace) {
            continue;
        }
        let previous = source[..at].trim_end().chars().next_back();
        if keyword == "const" && matches!(previous, Some('<' | ',' | '*')) {
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
        let not_a_name = ["fn", "unsafe", "async", "extern"].contains(&name);
        if name.is_empty() || not_a_name || !rest.trim_start().starts_with(is_word) {
            continue;
        }
        let end = item_end(source, from);
        let end = match keyword {
            "static" | "const" => type_end(source, from, end),
            _ => end,
        };
        let text = &source[from..end];
        found.push(Named {
            name: name.to_string(),
            text: compact(&if keyword == "enum" {
                without_variant_names(text)
            } else {
                text.to_string()
            }),
            reachable: keyword == "static"
                || source[..at]
                    .trim_end()
                    .strip_suffix("pub")
                    .is_some_and(|rest| !rest.ends_with(is_word)),
        });
    }
    found
}

/// Where a static's or a constant's type, from `from`, ends: at its `=`
/// outside brackets, or at `end`.
fn type_end(source: &str, from: usize, end: usize) -> usize {
    let mut depth = 0i32;
    let mut previous = ' ';
    for (at, c) in source[from..end].char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' if previous != '-' => depth -= 1,
            ')' | ']' | '}' => depth -= 1,
            '=' if depth == 0 => return from + at,
            _ => {}
        }
        previous = c;
    }
    end
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
