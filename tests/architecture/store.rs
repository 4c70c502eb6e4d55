//! The store is the service's alone. The compiler keeps the adapters from
//! it while their package does not depend on it, so that is checked in
//! the manifest; and what the service hands them must not be the store's
//! under another name.

use std::collections::BTreeMap;

use crate::graph::{Known, absolute, imports, segments};
use crate::source::{CRATES, Module, ModulePath, shown};
use crate::uses::{UseLines, type_aliases, type_paths};

/// Each line of a package's manifest that builds the store into the
/// package, with its section. Tests may open stores of their own, so a
/// dev-dependency is allowed.
pub fn store_dependencies(manifest: &str) -> Vec<String> {
    let mut section = "";
    let mut wrong = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if line.starts_with("holotable-store") && builds_the_package(section) {
            wrong.push(format!("{section} {line}"));
        }
    }
    wrong
}

/// Whether a manifest section's dependencies are built into the package
/// (`[dependencies]`, a target's, a build script's), not only its tests'
/// nor the workspace's list of versions.
fn builds_the_package(section: &str) -> bool {
    section.ends_with("dependencies]")
        && !section.ends_with("dev-dependencies]")
        && section != "[workspace.dependencies]"
}

/// Each name the service gives adapters that leads to the store: a `pub
/// use` of it, directly or through a chain of imports, a `pub use` glob of
/// a store module, a `pub type` whose target names a store type, a `pub
/// extern crate` of the store; in a file's module or an inline one, and
/// through a private type alias on the way. `pub(crate) use` and the like
/// are the service's own business: no adapter can name what they bring in.
pub fn store_re_exports(modules: &BTreeMap<ModulePath, Module>) -> Vec<String> {
    let known = Known::of(modules);
    let service: Vec<(ModulePath, &Module, ModulePath, &str)> = modules
        .iter()
        .filter(|(path, _)| path.first().is_some_and(|layer| layer == "service"))
        .flat_map(|(path, module)| {
            segments(path, &module.source)
                .into_iter()
                .map(move |(scope, text)| (path.clone(), module, scope, text))
        })
        .collect();
    // Every type alias of the service, by its module and name, with what
    // it names: a public one may be a private one's alias.
    let mut aliases: BTreeMap<(ModulePath, String), Vec<ModulePath>> = BTreeMap::new();
    for (_, module, scope, text) in &service {
        for alias in type_aliases(text) {
            let named = targets(alias.target, scope, &module.crate_root);
            aliases.insert((scope.clone(), alias.name.to_string()), named);
        }
    }
    let reading = Reading {
        known: &known,
        aliases: &aliases,
    };
    let mut wrong = Vec::new();
    for (path, module, scope, text) in &service {
        let file = module.file.display();
        // `leak::Store` for a name an inline module `leak` gives.
        let inner: Vec<&str> = scope[path.len()..].iter().map(String::as_str).collect();
        let shown_name = |name: &str| [inner.as_slice(), &[name]].concat().join("::");
        let public = imports(scope, &module.crate_root, text, UseLines::Public);
        for (name, from) in &public.named {
            if let Some(target) = reading.store_of(from, 0) {
                wrong.push(format!(
                    "{file}: {} from {}",
                    shown_name(name),
                    shown(&target)
                ));
            }
        }
        for glob in &public.globs {
            let target = known.resolve(glob);
            if in_store(&target) {
                wrong.push(format!(
                    "{file}: {} from {}",
                    shown_name("*"),
                    shown(&target)
                ));
            }
        }
        for alias in type_aliases(text).into_iter().filter(|alias| alias.public) {
            let found = targets(alias.target, scope, &module.crate_root)
                .iter()
                .find_map(|named| reading.store_of(named, 0));
            if let Some(target) = found {
                wrong.push(format!(
                    "{file}: {} from {}",
                    shown_name(alias.name),
                    shown(&target)
                ));
            }
        }
    }
    wrong
}

fn in_store(path: &ModulePath) -> bool {
    path.first().is_some_and(|layer| layer == "store")
}

/// The paths from the namespace's root of what a type, written in
/// `scope`, names; a path after a leading `::` only when it names a crate
/// of the workspace.
fn targets(text: &str, scope: &ModulePath, crate_root: &ModulePath) -> Vec<ModulePath> {
    type_paths(text)
        .into_iter()
        .filter_map(|path| match path.split_first() {
            Some((first, rest)) if first.is_empty() => {
                let is_crate = rest
                    .first()
                    .is_some_and(|name| CRATES.iter().any(|(_, _, krate)| krate == name));
                is_crate
                    .then(|| absolute(rest, scope, crate_root))
                    .flatten()
            }
            _ => absolute(&path, scope, crate_root),
        })
        .collect()
}

/// The module graph and the service's type aliases, to follow a name to
/// the store.
struct Reading<'a> {
    known: &'a Known,
    aliases: &'a BTreeMap<(ModulePath, String), Vec<ModulePath>>,
}

impl Reading<'_> {
    /// The store module `path` leads to, itself or through a type alias
    /// whose target names the store.
    fn store_of(&self, path: &[String], hops: usize) -> Option<ModulePath> {
        let target = self.known.resolve(path);
        if in_store(&target) {
            return Some(target);
        }
        let item = self.known.item(path)?;
        let named = self.aliases.get(&item)?;
        (hops < 16)
            .then(|| named.iter().find_map(|next| self.store_of(next, hops + 1)))
            .flatten()
    }
}
