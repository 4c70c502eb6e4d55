//! Where the names lead: each path a module writes resolved to the module
//! its item lives in, the way Rust looks a name up in a module (a child
//! module, an item of its own, a name one of its `use` lines brings in,
//! then its globs), so the graph's edges are to where things are, not to
//! the root that re-exports them. With the graph, the circles in it.

use std::collections::{BTreeMap, BTreeSet};

use crate::source::{CRATES, Module, ModulePath, layer_path};
use crate::uses::{UseLines, expand, items, module_uses, paths_in, use_tree};

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
    let mut found = Imports::default();
    for tree in module_uses(source, lines) {
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
fn absolute(path: &[String], module: &ModulePath, crate_root: &ModulePath) -> Option<ModulePath> {
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

/// The modules that exist, the items each declares and what each imports.
pub struct Known {
    pub modules: BTreeSet<ModulePath>,
    items: BTreeMap<ModulePath, BTreeSet<String>>,
    imports: BTreeMap<ModulePath, Imports>,
}

impl Known {
    /// Every module's items and imports, whatever their visibility: the
    /// compiler has already refused a path that goes through a name it may
    /// not, so a path in the sources reaches its item through any of them.
    pub fn of(modules: &BTreeMap<ModulePath, Module>) -> Known {
        Known {
            modules: modules.keys().cloned().collect(),
            items: modules
                .iter()
                .map(|(path, module)| (path.clone(), items(&module.source)))
                .collect(),
            imports: modules
                .iter()
                .map(|(path, module)| {
                    let found = imports(path, &module.crate_root, &module.source, UseLines::All);
                    (path.clone(), found)
                })
                .collect(),
        }
    }

    /// The module an item's path leads to: down through modules, across
    /// imports (a chain of them too), stopping at an item or at a name it
    /// does not know (a method, a crate from outside).
    pub fn resolve(&self, path: &[String]) -> ModulePath {
        self.walk(path, 0).0
    }

    /// Where `path` leads, and whether every name on it was a module.
    fn walk(&self, path: &[String], hops: usize) -> (ModulePath, bool) {
        let mut at = Vec::new();
        for (i, name) in path.iter().enumerate() {
            match self.find(&at, name, hops) {
                Some(Name::Module(child)) => at = child,
                Some(Name::Imported(from)) => {
                    let mut rest = from;
                    rest.extend_from_slice(&path[i + 1..]);
                    return self.walk(&rest, hops + 1);
                }
                Some(Name::Item) | None => return (at, false),
            }
        }
        (at, true)
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
            let (module, whole) = self.walk(glob, hops + 1);
            (whole && self.find(&module, name, hops + 1).is_some())
                .then(|| Name::Imported([module.as_slice(), &[name.to_string()]].concat()))
        })
    }
}

/// Every module path `module`'s source names, resolved to the module the
/// item lives in (`games::GameKind` is `games::kind`'s), else to the
/// deepest module that exists.
pub fn dependencies(
    module: &ModulePath,
    crate_root: &ModulePath,
    source: &str,
    known: &Known,
) -> BTreeSet<ModulePath> {
    let mut found = BTreeSet::new();
    for (root, rest) in paths_in(source) {
        let Some(mut base) = base_of(root, module, crate_root) else {
            continue;
        };
        let mut rest = rest.as_str();
        while let Some(after) = rest.strip_prefix("super::") {
            base.pop();
            rest = after;
        }
        for path in expand(rest) {
            let mut full = base.clone();
            full.extend(path);
            found.insert(known.resolve(&layer_path(full)));
        }
    }
    found.remove(module);
    found
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
