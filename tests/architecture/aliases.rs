//! The other names the service's sources give types (`type S = Service;`,
//! `use crate::Votes as V;`, `type Held = Arc<Service>;`), as each file
//! can name them, for the door check ([`crate::doors`]) to read through.

use std::collections::{BTreeMap, BTreeSet};

use crate::items::{Items, impl_type, without_test_modules, word_spans, words};
use crate::source::is_word;
use crate::uses::{all_uses, use_tree};

/// A file's module below the crate's root: `votes/cast.rs` is
/// `votes::cast`, `votes/mod.rs` is `votes`, `lib.rs` the root.
fn module_of(file: &str) -> Vec<&str> {
    let mut names: Vec<&str> = file.trim_end_matches(".rs").split('/').collect();
    if matches!(names.last(), Some(&("mod" | "lib"))) {
        names.pop();
    }
    names
}

/// An alias the service's sources give a type: `type S = Service;` or
/// `use crate::Votes as V;`.
struct Given {
    /// The file that declares it.
    file: usize,
    name: String,
    /// Declared with any `pub`: other modules may import it.
    public: bool,
    /// The last path segment it stands for.
    last: String,
    /// The words of what it stands for.
    words: Vec<String>,
    /// A `use … as`, which may rename a trait or a macro too.
    rename: bool,
}

/// The other names the service's sources give types, as one file reads
/// them (`type S = Service;`, `use crate::Votes as V;`, `type Held =
/// Arc<Service>;`).
pub struct Aliases {
    /// Each alias that stands for `Service` or a door itself, and which, so
    /// that an `impl S` is read as the `impl Service` it is.
    exact: BTreeMap<String, String>,
    /// Each alias that names `Service` or a door anywhere in what it
    /// stands for, and which it names: `Held` names `Service`.
    naming: BTreeMap<String, BTreeSet<String>>,
    /// Every name a `use … as` gives: a trait or a macro so renamed is not
    /// the harmless one its name says.
    pub renamed: BTreeSet<String>,
}

impl Aliases {
    /// The aliases each of `files` can name, of `types` (`Service` and the
    /// doors), read from each file's `items` and `use` lines. An alias is
    /// read where it can be named: in its own module and the modules below
    /// (`super::S`); one declared `pub` also where a `use` line imports its
    /// name or a glob, or a path names it (`crate::util::Held`).
    pub fn of(
        files: &[(String, String)],
        blanked: &[String],
        all: &[Items],
        types: &BTreeSet<String>,
    ) -> Vec<Self> {
        let mut given = Vec::new();
        // Each file's `use` leaves: the names they import, and whether a
        // glob is among them.
        let mut imported: Vec<(BTreeSet<String>, bool)> = Vec::new();
        for (file, (source, items)) in blanked.iter().zip(all).enumerate() {
            let source = &without_test_modules(source);
            for alias in &items.aliases {
                let last = match impl_type(&format!("impl {}", alias.target)) {
                    Some((None, last)) => last,
                    _ => String::new(),
                };
                given.push(Given {
                    file,
                    name: alias.name.clone(),
                    public: alias.public,
                    last,
                    words: words(&alias.target).map(String::from).collect(),
                    rename: false,
                });
            }
            let mut names = BTreeSet::new();
            let mut glob = false;
            for (at, tree) in all_uses(source) {
                let statement =
                    &source[source[..at].rfind([';', '{', '}']).map_or(0, |b| b + 1)..at];
                for leaf in use_tree(tree) {
                    let Some(last) = leaf.path.last() else {
                        continue;
                    };
                    let Some(name) = leaf.name else {
                        glob = true;
                        continue;
                    };
                    names.insert(last.clone());
                    if *last != name {
                        given.push(Given {
                            file,
                            name,
                            public: words(statement).any(|w| w == "pub"),
                            last: last.clone(),
                            words: vec![last.clone()],
                            rename: true,
                        });
                    }
                }
            }
            imported.push((names, glob));
        }
        let modules: Vec<Vec<&str>> = files.iter().map(|(file, _)| module_of(file)).collect();
        // Which aliases each file can name, by name.
        let scopes: Vec<BTreeMap<&str, Vec<usize>>> = (0..files.len())
            .map(|file| {
                let mut scope: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
                for (i, alias) in given.iter().enumerate() {
                    let (names, glob) = &imported[file];
                    let named_by_path = blanked[file]
                        .match_indices(&format!("::{}", alias.name))
                        .any(|(at, _)| {
                            !blanked[file][at + 2 + alias.name.len()..].starts_with(is_word)
                        });
                    let seen = alias.file == file
                        || modules[file].starts_with(&modules[alias.file])
                        || (alias.public
                            && (names.contains(&alias.name) || *glob || named_by_path));
                    if seen {
                        scope.entry(alias.name.as_str()).or_default().push(i);
                    }
                }
                scope
            })
            .collect();
        scopes
            .iter()
            .map(|scope| {
                let mut exact = BTreeMap::new();
                let mut naming = BTreeMap::new();
                let mut renamed = BTreeSet::new();
                for (name, found) in scope {
                    for &i in found {
                        if given[i].rename {
                            renamed.insert(name.to_string());
                        }
                        if let Some(ty) = exact_of(i, &given, &scopes, types) {
                            exact.insert(name.to_string(), ty);
                        }
                        let named = naming_of(i, &given, &scopes, types);
                        if !named.is_empty() {
                            naming
                                .entry(name.to_string())
                                .or_insert_with(BTreeSet::new)
                                .extend(named);
                        }
                    }
                }
                Aliases {
                    exact,
                    naming,
                    renamed,
                }
            })
            .collect()
    }

    /// The type `name` stands for: itself unless an alias of one of the
    /// types.
    pub fn exact<'n>(&'n self, name: &'n str) -> &'n str {
        self.exact.get(name).map_or(name, String::as_str)
    }

    /// Which of the types `text` names, itself or through an alias. A
    /// name after a type's path (`Refusal::Versus`) is its variant or item,
    /// not the door of that name.
    pub fn named(&self, text: &str, types: &BTreeSet<String>) -> BTreeSet<String> {
        let mut named = BTreeSet::new();
        let mut previous: Option<(usize, &str)> = None;
        for (at, word) in word_spans(text) {
            // `Type::word`: the type ends right before the `::`.
            let of_type = previous.is_some_and(|(from, before)| {
                from + before.len() + 2 == at
                    && text[..at].ends_with("::")
                    && before.starts_with(char::is_uppercase)
            });
            previous = Some((at, word));
            if of_type {
                continue;
            }
            if types.contains(word) {
                named.insert(word.to_string());
            }
            named.extend(self.naming.get(word).into_iter().flatten().cloned());
        }
        named
    }
}

/// The type of `types` the alias `i` stands for itself, following a chain
/// of aliases, each read where the one before it is declared.
fn exact_of(
    i: usize,
    given: &[Given],
    scopes: &[BTreeMap<&str, Vec<usize>>],
    types: &BTreeSet<String>,
) -> Option<String> {
    let mut at = i;
    for _ in 0..given.len() {
        let alias = &given[at];
        if types.contains(&alias.last) {
            return Some(alias.last.clone());
        }
        at = *scopes[alias.file]
            .get(alias.last.as_str())?
            .iter()
            .find(|next| **next != at)?;
    }
    None
}

/// The types of `types` the alias `i` names anywhere in what it stands
/// for, through the aliases it names, each read where it is declared.
fn naming_of(
    i: usize,
    given: &[Given],
    scopes: &[BTreeMap<&str, Vec<usize>>],
    types: &BTreeSet<String>,
) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut open = vec![i];
    while let Some(next) = open.pop() {
        if !seen.insert(next) {
            continue;
        }
        let alias = &given[next];
        for word in &alias.words {
            if types.contains(word) {
                named.insert(word.clone());
            }
            open.extend(scopes[alias.file].get(word.as_str()).into_iter().flatten());
        }
    }
    named
}
