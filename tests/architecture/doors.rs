//! The service's doors: each public method of the service is on its
//! feature's door, in that feature's folder, and `Service` itself keeps
//! only the core's methods and the doors' accessors. Read from the
//! service's sources as text, block by block.

use std::collections::{BTreeMap, BTreeSet};

use crate::source::{is_word, without_comments_and_strings};
use crate::uses::use_tree;

/// The one file whose `impl Service` may have public methods, and the
/// methods it keeps for itself: opening and closing, the clock, the
/// settings, an arrival. Every other public method there is a door's
/// accessor, `pub fn votes(&self) -> Votes<'_>`, and those accessors are
/// the list of doors: a new door is checked from the day the core hands it
/// out, with nobody to remember a list here.
const SERVICE_CORE: &str = "lib.rs";
const CORE_METHODS: [&str; 6] = ["open", "new", "close", "now", "settings", "arrival"];

/// The public functions that may take the service although they are no
/// door's, each with its reason. The scheduler owns an `Arc` of the service
/// for as long as it runs, which a door, a borrow for one call, cannot.
const SERVICE_TAKERS: [(&str, &str); 1] = [("scheduler.rs", "run_scheduler")];

/// A `pub fn` of the service's sources: on the type of the inherent `impl`
/// block it is declared in, or free (`ty` is `None`) when only modules
/// enclose it; with its signature from the name to the body, white space
/// removed (`vote(&self,channel:&str)->Receipt`).
struct PublicFn {
    ty: Option<String>,
    name: String,
    signature: String,
}

/// What a block of braces is, as far as the door check cares.
#[derive(Clone, PartialEq)]
enum Block {
    Module,
    /// An inherent `impl` block and the type it is for.
    Impl(String),
    /// A trait's `impl` block: the trait and the type.
    TraitImpl(String, String),
    /// A trait, a function body, a type's fields, an expression.
    Other,
}

/// The type an `impl` header (from `impl` to its `{`) is for, and the
/// trait when it is a trait's: each the last path segment, before `where`
/// and without generics (`impl<'a> crate::votes::Votes<'a> where 'a: 'a`
/// → `(None, Votes)`).
fn impl_type(header: &str) -> Option<(Option<String>, String)> {
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
    let words: Vec<&str> = outside
        .split(|c: char| !is_word(c))
        .filter(|w| !w.is_empty())
        .take_while(|w| *w != "where")
        .collect();
    let ty = words.last()?.to_string();
    Some(match words.iter().position(|w| *w == "for") {
        Some(at) => (words[..at].last().map(|w| w.to_string()), ty),
        None => (None, ty),
    })
}

/// What the block opened by a `{` after `header` (the text since the last
/// `;`, `{` or `}`) is: its first keyword decides.
fn block_of(header: &str) -> Block {
    let words: Vec<&str> = header
        .split(|c: char| !is_word(c))
        .filter(|w| !w.is_empty())
        .collect();
    let keyword = words.iter().position(|w| {
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
    match keyword.map(|at| words[at]) {
        Some("mod") => Block::Module,
        Some("impl") => {
            let from = header.find("impl").expect("the keyword was found");
            match impl_type(&header[from..]) {
                Some((None, ty)) => Block::Impl(ty),
                Some((Some(tr), ty)) => Block::TraitImpl(tr, ty),
                None => Block::Other,
            }
        }
        _ => Block::Other,
    }
}

/// Each `pub fn` of `source` (comments and strings blanked) that code
/// outside the crate could call: a method directly in an inherent `impl`
/// block, wherever that block is (an `impl` inside a function still adds
/// methods to its type), or a free function in modules only. `pub(crate)`
/// and the like are the service's own business. With them, each trait's
/// `impl` as the trait and the type.
fn public_fns(source: &str) -> (Vec<PublicFn>, Vec<(String, String)>) {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut trait_impls = Vec::new();
    let mut blocks: Vec<Block> = Vec::new();
    let mut boundary = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' => {
                let block = block_of(&source[boundary..i]);
                if let Block::TraitImpl(tr, ty) = &block {
                    trait_impls.push((tr.clone(), ty.clone()));
                }
                blocks.push(block);
                boundary = i + 1;
            }
            b'}' => {
                blocks.pop();
                boundary = i + 1;
            }
            b';' => boundary = i + 1,
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
                let words: Vec<&str> = source[i + 3..end]
                    .split(|c: char| !is_word(c))
                    .filter(|w| !w.is_empty())
                    .collect();
                if let Some(ty) = enclosing
                    && let Some(fn_at) = words.iter().position(|w| *w == "fn")
                    && words[..fn_at]
                        .iter()
                        .all(|w| ["async", "const", "unsafe"].contains(w))
                    && let Some(name) = words.get(fn_at + 1)
                {
                    let fn_end = source[i..end]
                        .match_indices("fn")
                        .map(|(at, _)| i + at + 2)
                        .find(|after| source[*after..].starts_with(char::is_whitespace))
                        .expect("the keyword was found");
                    let from =
                        fn_end + (source[fn_end..].len() - source[fn_end..].trim_start().len());
                    found.push(PublicFn {
                        ty,
                        name: name.to_string(),
                        signature: source[from..end].split_whitespace().collect(),
                    });
                }
                i += 3;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    (found, trait_impls)
}

/// The text after each `keyword` of `source` that starts a statement, up
/// to its `;`: `use a::{b as c}` gives `a::{b as c}`.
fn statements<'s>(source: &'s str, keyword: &str) -> Vec<&'s str> {
    source
        .match_indices(keyword)
        .filter_map(|(at, _)| {
            let rest = &source[at + keyword.len()..];
            let starts = at == 0 || !is_word(source[..at].chars().next_back().unwrap_or(' '));
            (starts && rest.starts_with(char::is_whitespace))
                .then(|| rest.split(';').next().unwrap_or(""))
        })
        .collect()
}

/// The other names the service's sources give `Service` and the doors
/// (`type S = Service;`, `use crate::Votes as V;`), each with the name it
/// stands for, so an `impl S` is read as the `impl Service` it is.
fn aliases(sources: &[String], types: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut named = BTreeMap::new();
    for source in sources {
        for statement in statements(source, "type") {
            if let Some((alias, target)) = statement.split_once('=')
                && let Some(alias) = alias.split('<').next().map(str::trim)
                && let Some((None, target)) = impl_type(&format!("impl {target}"))
            {
                named.insert(alias.to_string(), target);
            }
        }
        for statement in statements(source, "use") {
            for leaf in use_tree(statement) {
                if let (Some(last), Some(given)) = (leaf.path.last(), leaf.name)
                    && *last != given
                {
                    named.insert(given, last.clone());
                }
            }
        }
    }
    // An alias of an alias: follow the chain to a name the check knows.
    let mut resolved = BTreeMap::new();
    for alias in named.keys() {
        let mut target = alias;
        for _ in 0..named.len() {
            match named.get(target) {
                Some(next) => target = next,
                None => break,
            }
        }
        if types.contains(target) {
            resolved.insert(alias.clone(), target.clone());
        }
    }
    resolved
}

/// The parameters of a signature as `public_fns` gives it:
/// `vote(service:&Service,x:(u8,u8))->(A,B)` gives
/// `service:&Service,x:(u8,u8)`.
fn parameters(signature: &str) -> &str {
    let Some(open) = signature.find('(') else {
        return "";
    };
    let mut depth = 0;
    for (at, c) in signature[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &signature[open + 1..open + at];
                }
            }
            _ => {}
        }
    }
    &signature[open + 1..]
}

/// What is wrong with where the service's public functions are declared,
/// given each file's path under `crates/service/src/` and its source: a
/// public method on `Service` that is neither the core's own nor a door's
/// accessor, or outside the core file; a door not declared in its folder's
/// `mod.rs`; a door's method outside that folder; a public function that
/// takes the service and so walks round its doors.
pub fn misplaced_methods(files: &[(String, String)]) -> Vec<String> {
    let blanked: Vec<String> = files
        .iter()
        .map(|(_, source)| without_comments_and_strings(source))
        .collect();
    let doors = doors(files, &blanked);
    let mut types: BTreeSet<String> = doors.keys().cloned().collect();
    types.insert("Service".to_string());
    let aliases = aliases(&blanked, &types);
    // The service's own public traits: implemented for the service or a
    // door, their methods are as public as the door's.
    let traits: BTreeSet<String> = blanked
        .iter()
        .flat_map(|source| statements(source, "trait"))
        .filter_map(|rest| rest.split(|c: char| !is_word(c)).find(|w| !w.is_empty()))
        .map(String::from)
        .collect();
    let mut wrong = Vec::new();
    for ((file, _), source) in files.iter().zip(&blanked) {
        if file == SERVICE_CORE {
            for (door, home) in &doors {
                if home.is_none() {
                    wrong.push(format!(
                        "{file}: the door {door} is not declared in a feature folder's mod.rs"
                    ));
                }
            }
        }
        let (fns, trait_impls) = public_fns(source);
        for (tr, ty) in trait_impls {
            let ty = aliases.get(&ty).unwrap_or(&ty);
            if types.contains(ty) && traits.contains(&tr) {
                wrong.push(format!(
                    "{file}: {tr} for {ty} gives it methods round the doors; \
                     put them on its feature's door"
                ));
            }
        }
        for f in fns {
            let name = &f.name;
            let Some(ty) = f.ty.as_ref().map(|t| aliases.get(t).unwrap_or(t)) else {
                let takes_service = parameters(&f.signature)
                    .split(|c: char| !is_word(c))
                    .any(|w| w == "Service" || aliases.get(w).is_some_and(|t| t == "Service"));
                if takes_service && !SERVICE_TAKERS.contains(&(file.as_str(), name.as_str())) {
                    wrong.push(format!(
                        "{file}: {name} is a public function taking the Service; \
                         put it on its feature's door"
                    ));
                }
                continue;
            };
            if ty == "Service" {
                if file != SERVICE_CORE {
                    wrong.push(format!(
                        "{file}: Service::{name} is public outside {SERVICE_CORE}; \
                         put it on its feature's door"
                    ));
                } else if !CORE_METHODS.contains(&name.as_str()) && accessor(&f).is_none() {
                    wrong.push(format!(
                        "{file}: Service::{name} is neither the core's own nor a door's \
                         accessor; put it on its feature's door"
                    ));
                }
            }
            if let Some(Some(folder)) = doors.get(ty)
                && !file.starts_with(&format!("{folder}/"))
            {
                wrong.push(format!("{file}: {ty}::{name} is outside {folder}/"));
            }
        }
    }
    wrong
}

/// The doors: what the core's accessors hand out, each with the folder
/// whose `mod.rs` declares it (`None` when no folder does).
pub fn doors(files: &[(String, String)], blanked: &[String]) -> BTreeMap<String, Option<String>> {
    let mut doors: BTreeMap<String, Option<String>> = BTreeMap::new();
    for ((file, _), source) in files.iter().zip(blanked) {
        if file != SERVICE_CORE {
            continue;
        }
        for f in public_fns(source).0 {
            if f.ty.as_deref() == Some("Service")
                && !CORE_METHODS.contains(&f.name.as_str())
                && let Some(door) = accessor(&f)
            {
                doors.insert(door, None);
            }
        }
    }
    for ((file, _), source) in files.iter().zip(blanked) {
        if let Some(folder) = file.strip_suffix("/mod.rs") {
            for (door, home) in doors.iter_mut() {
                let declared = source.match_indices("struct").any(|(at, _)| {
                    let rest = &source[at + "struct".len()..];
                    rest.starts_with(char::is_whitespace)
                        && rest.trim_start().split(|c: char| !is_word(c)).next() == Some(door)
                        && source[..at].trim_end().ends_with("pub")
                });
                if declared {
                    *home = Some(folder.to_string());
                }
            }
        }
    }
    doors
}

/// The door a core method hands out, if it is an accessor:
/// `votes(&self)->Votes<'_>` gives `Votes`.
fn accessor(f: &PublicFn) -> Option<String> {
    let door = f
        .signature
        .strip_prefix(&f.name)?
        .strip_prefix("(&self)->")?;
    let door = door.strip_suffix("<'_>").unwrap_or(door);
    (!door.is_empty() && door.chars().all(is_word) && door.starts_with(char::is_uppercase))
        .then(|| door.to_string())
}
