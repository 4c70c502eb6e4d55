//! Where the names lead: each path a module writes resolved to the module
//! its item lives in, the way Rust looks a name up in a module (a child
//! module, an item of its own, a name one of its `use` lines brings in,
//! then its globs), so the graph's edges are to where things are, not to
//! the root that re-exports them. With the graph, the circles in it.

use std::collections::{BTreeMap, BTreeSet};

use crate::source::{CRATES, Module, ModulePath, layer_path};
use crate::uses::{
    UseLines, all_uses, inline_modules, items, leaves, module_uses, paths_in, use_tree,
};

/// Each module's uses: the modules it names, resolved.
pub type Graph = BTreeMap<ModulePath, BTreeSet<ModulePath>>;

/// What a module's `use` lines bring in: each name with the absolute path
/// it was brought from, and the paths it takes every name of.
#[derive(Default)]
pub struct Imports {
    pub named: BTreeMap<String, ModulePath>,
    pub globs: Vec<ModulePath>,
}

/// The names `module`'s `use` lines that `lines` takes bring in, each with
/// the absolute path it was brought from. A path whose first name is
/// neither `crate`, `super`, `self` nor a crate of the workspace is taken
/// from the module itself (a child, an item, another import), as Rust
/// takes it; a crate from outside then leads nowhere the checks look.
pub fn imports(
    module: &ModulePath,
    crate_root: &ModulePath,
    source: &str,
    lines: UseLines,
) -> Imports {
    imports_of(module, crate_root, module_uses(source, lines))
}

/// What the `use` trees `trees`, written in `module`, bring in.
fn imports_of<'s>(
    module: &ModulePath,
    crate_root: &ModulePath,
    trees: impl IntoIterator<Item = &'s str>,
) -> Imports {
    let mut found = Imports::default();
    for tree in trees {
        for leaf in use_tree(tree) {
            let Some(full) = absolute(&leaf.path, module, crate_root) else {
                continue;
            };
            match leaf.name {
                Some(name) => {
                    found.named.insert(name, full);
                }
                None => found.globs.push(full),
            }
        }
    }
    found
}

/// A `use` path from `module` as a path from the namespace's root.
pub fn absolute(
    path: &[String],
    module: &ModulePath,
    crate_root: &ModulePath,
) -> Option<ModulePath> {
    let (first, mut rest) = path.split_first()?;
    let mut full = base_of(first, module, crate_root)
        .unwrap_or_else(|| [module.as_slice(), std::slice::from_ref(first)].concat());
    while let Some(("super", after)) = rest.split_first().map(|(h, t)| (h.as_str(), t)) {
        full.pop();
        rest = after;
    }
    full.extend(rest.iter().cloned());
    Some(layer_path(full))
}

/// The module a path's first name stands for: `crate`, `super`, `self` and
/// the workspace's crates; `None` for anything else.
fn base_of(root: &str, module: &ModulePath, crate_root: &ModulePath) -> Option<ModulePath> {
    match root {
        // `super` from `a/b.rs` and from `a/b/mod.rs` alike is `a`.
        "super" => Some(module[..module.len().saturating_sub(1)].to_vec()),
        "self" => Some(module.clone()),
        "crate" => Some(crate_root.clone()),
        "holotable" => Some(Vec::new()),
        name => CRATES
            .iter()
            .find(|(_, _, crate_name)| *crate_name == name)
            .map(|(_, layer, _)| vec![layer.to_string()]),
    }
}

/// How many imports a lookup follows before it gives up: a chain of
/// re-exports is short, and glob imports may legally go round in a circle.
const HOPS: usize = 16;

/// What a name is in a module.
enum Name {
    Module(ModulePath),
    Item,
    /// Brought in by a `use`, from this path.
    Imported(ModulePath),
}

/// Where a walk down a path stopped: at its end, every name a module; at
/// an item a module declares; at a name the module does not know.
#[derive(PartialEq)]
enum Stop {
    Whole,
    Item(String),
    Unknown,
}

/// The modules that exist, the items each declares and what each imports.
/// An inline module (`mod tests { … }`) is a module of its own here, below
/// its file's.
pub struct Known {
    pub modules: BTreeSet<ModulePath>,
    /// The modules that are a file each.
    files: BTreeSet<ModulePath>,
    items: BTreeMap<ModulePath, BTreeSet<String>>,
    imports: BTreeMap<ModulePath, Imports>,
}

/// A module's source and those of its inline modules, each with its
/// module path: the file's own first.
pub fn segments<'s>(path: &ModulePath, source: &'s str) -> Vec<(ModulePath, &'s str)> {
    let mut found = vec![(path.clone(), source)];
    for (inline, body) in inline_modules(source) {
        found.push(([path.as_slice(), &inline].concat(), &source[body]));
    }
    found
}

impl Known {
    /// Every module's items and imports, whatever their visibility: the
    /// compiler has already refused a path that goes through a name it may
    /// not, so a path in the sources reaches its item through any of them.
    pub fn of(modules: &BTreeMap<ModulePath, Module>) -> Known {
        let mut known = Known {
            modules: BTreeSet::new(),
            files: modules.keys().cloned().collect(),
            items: BTreeMap::new(),
            imports: BTreeMap::new(),
        };
        for (path, module) in modules {
            for (inner, text) in segments(path, &module.source) {
                let found = imports(&inner, &module.crate_root, text, UseLines::All);
                known.items.insert(inner.clone(), items(text));
                known.imports.insert(inner.clone(), found);
                known.modules.insert(inner);
            }
        }
        known
    }

    /// The file module `path` is in: itself, or the file an inline module
    /// is written in.
    fn file_of(&self, path: &ModulePath) -> ModulePath {
        let mut path = path.clone();
        while !path.is_empty() && !self.files.contains(&path) {
            path.pop();
        }
        path
    }

    /// Where `path`, written in module `scope`, leads: `local` holds the
    /// imports of the functions there, which come first, then what the
    /// module knows.
    fn resolve_in(&self, scope: &ModulePath, local: &Imports, path: &[String]) -> ModulePath {
        let Some((first, rest)) = path.split_first() else {
            return scope.clone();
        };
        if let Some(from) = local.named.get(first) {
            return self.resolve(&[from.as_slice(), rest].concat());
        }
        for glob in &local.globs {
            let (module, stop) = self.walk(glob, 0);
            if stop == Stop::Whole && self.find(&module, first, 0).is_some() {
                return self.resolve(&[module.as_slice(), path].concat());
            }
        }
        self.resolve(&[scope.as_slice(), path].concat())
    }

    /// The module and the name of the item `path` ends at, through any
    /// imports and renames on the way, when it ends at one a module
    /// declares.
    pub fn item(&self, path: &[String]) -> Option<(ModulePath, String)> {
        match self.walk(path, 0) {
            (at, Stop::Item(name)) => Some((at, name)),
            _ => None,
        }
    }

    /// The module an item's path leads to: down through modules, across
    /// imports (a chain of them too), stopping at an item or at a name it
    /// does not know (a method, a crate from outside).
    pub fn resolve(&self, path: &[String]) -> ModulePath {
        self.walk(path, 0).0
    }

    /// Where `path` leads, and what it stopped at there.
    fn walk(&self, path: &[String], hops: usize) -> (ModulePath, Stop) {
        let mut at = Vec::new();
        for (i, name) in path.iter().enumerate() {
            match self.find(&at, name, hops) {
                Some(Name::Module(child)) => at = child,
                Some(Name::Imported(from)) => {
                    let mut rest = from;
                    rest.extend_from_slice(&path[i + 1..]);
                    return self.walk(&rest, hops + 1);
                }
                Some(Name::Item) => return (at, Stop::Item(name.clone())),
                None => return (at, Stop::Unknown),
            }
        }
        (at, Stop::Whole)
    }

    /// What `name` is in module `at`, in the order Rust looks: a child or
    /// an item of its own, a name one of its `use` lines gives, then a
    /// name one of its globs brings in.
    fn find(&self, at: &ModulePath, name: &str, hops: usize) -> Option<Name> {
        if hops > HOPS {
            return None;
        }
        let child = [at.as_slice(), &[name.to_string()]].concat();
        if self.modules.contains(&child) {
            return Some(Name::Module(child));
        }
        if self.items.get(at).is_some_and(|items| items.contains(name)) {
            return Some(Name::Item);
        }
        let imports = self.imports.get(at)?;
        if let Some(from) = imports.named.get(name) {
            return Some(Name::Imported(from.clone()));
        }
        imports.globs.iter().find_map(|glob| {
            // A glob of an enum's variants leads to no module: left out.
            let (module, stop) = self.walk(glob, hops + 1);
            (stop == Stop::Whole && self.find(&module, name, hops + 1).is_some())
                .then(|| Name::Imported([module.as_slice(), &[name.to_string()]].concat()))
        })
    }
}

/// Every module path `module`'s source names, resolved to the module the
/// item lives in (`games::GameKind` is `games::kind`'s), else to the
/// deepest module that exists; an inline module's uses are its file's. A
/// path counts from the inline module it is written in, and one whose
/// first name is no crate's nor `crate`, `super` or `self` (`delivery::`
/// after `use super::*;`) from the names there, a function's imports
/// first.
pub fn dependencies(
    module: &ModulePath,
    crate_root: &ModulePath,
    source: &str,
    known: &Known,
) -> BTreeSet<ModulePath> {
    let mut inline = inline_modules(source);
    inline.insert(0, (Vec::new(), 0..source.len()));
    // The deepest inline module holding `at`; the file's own is first.
    let scope_at = |at: usize| {
        inline
            .iter()
            .enumerate()
            .rfind(|(_, (_, body))| body.contains(&at))
            .map_or(0, |(i, _)| i)
    };
    let scopes: Vec<ModulePath> = inline
        .iter()
        .map(|(inner, _)| [module.as_slice(), inner].concat())
        .collect();
    let mut trees: Vec<Vec<&str>> = vec![Vec::new(); inline.len()];
    let uses = all_uses(source);
    for &(at, tree) in &uses {
        trees[scope_at(at)].push(tree);
    }
    let local: Vec<Imports> = scopes
        .iter()
        .zip(trees)
        .map(|(scope, trees)| imports_of(scope, crate_root, trees))
        .collect();
    let mut found = BTreeSet::new();
    let lead = |at: usize, path: Vec<String>| {
        let i = scope_at(at);
        let scope = &scopes[i];
        let target = match path
            .first()
            .and_then(|first| base_of(first, scope, crate_root))
        {
            Some(base) => known.resolve(&layer_path(joined(base, &path[1..]))),
            None => known.resolve_in(scope, &local[i], &path),
        };
        known.file_of(&target)
    };
    for written in paths_in(source) {
        let layer = CRATES
            .iter()
            .find(|(_, _, name)| *name == written.root)
            .map(|(_, layer, _)| *layer);
        if written.external && layer.is_none() {
            continue;
        }
        // A path that names a layer's crate uses that crate, wherever
        // the item it leads to lives.
        if let Some(layer) = layer.filter(|layer| !layer.is_empty()) {
            found.insert(vec![layer.to_string()]);
        }
        for leaf in leaves(&written.rest) {
            found.insert(lead(
                written.at,
                [vec![written.root.to_string()], leaf].concat(),
            ));
        }
    }
    for (at, tree) in uses {
        for leaf in use_tree(tree) {
            found.insert(lead(at, leaf.path));
        }
    }
    found.remove(module);
    found
}

/// `base` followed by `rest`, each `super` in it a step up.
fn joined(mut base: ModulePath, rest: &[String]) -> ModulePath {
    for name in rest {
        if name == "super" {
            base.pop();
        } else {
            base.push(name.clone());
        }
    }
    base
}

/// The uses of every module in `modules`.
pub fn graph_of(modules: &BTreeMap<ModulePath, Module>) -> Graph {
    let known = Known::of(modules);
    modules
        .iter()
        .map(|(path, module)| {
            let uses = dependencies(path, &module.crate_root, &module.source, &known);
            (path.clone(), uses)
        })
        .collect()
}

/// The groups of modules that reach each other (Tarjan's strongly connected
/// components), leaving out a module's edges to its own ancestors and
/// descendants: a folder's root declaring and re-exporting its children is
/// how Rust modules are built, not a circle.
pub fn circles(graph: &Graph) -> Vec<Vec<ModulePath>> {
    let related = |a: &ModulePath, b: &ModulePath| a.starts_with(b) || b.starts_with(a);
    let nodes: Vec<&ModulePath> = graph.keys().collect();
    let index_of: BTreeMap<&ModulePath, usize> =
        nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let edges: Vec<Vec<usize>> = nodes
        .iter()
        .map(|m| {
            graph[*m]
                .iter()
                .filter(|t| !related(m, t))
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    struct Tarjan<'a> {
        edges: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for &w in &self.edges[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on_stack[w] => self.low[v] = self.low[v].min(i),
                    Some(_) => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    group.push(w);
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    self.found.push(group);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        edges: &edges,
        index: vec![None; nodes.len()],
        low: vec![0; nodes.len()],
        stack: Vec::new(),
        on_stack: vec![false; nodes.len()],
        next: 0,
        found: Vec::new(),
    };
    for v in 0..nodes.len() {
        if tarjan.index[v].is_none() {
            tarjan.visit(v);
        }
    }
    tarjan
        .found
        .into_iter()
        .map(|group| group.into_iter().map(|i| nodes[i].clone()).collect())
        .collect()
}
