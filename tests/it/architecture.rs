//! The house's shape, checked from the source text: the layers use only the
//! ones below them, no two modules import each other round a circle, and
//! the platform adapters reach the store only through the service.
//!
//! The compiler already keeps each crate from reaching a crate above it;
//! these read the sources as text, so they also see what it does not: a
//! circle inside one crate, the engine's use of the rules, and the
//! adapters' use of the store. They see `use` lines and inline paths
//! (`crate::…`, `super::…`, `holotable_store::…`, `holotable::…` from the
//! binary), which is how every dependency here is written. A path inside
//! a string or a comment is skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path in the layers' one namespace (`["render", "overlay"]`),
/// whichever crate it lives in: a crate's root is its layer's name, and the
/// engine, which shares a crate with the rules, is a layer of its own, and
/// so are the puzzles, which the engine makes and proves. The
/// adapters' package is the empty path; its binary's `main.rs` and `cli/`
/// sit beside the library's modules (`cli` is a name no library module
/// takes).
type ModulePath = Vec<String>;

/// Each crate's sources and the module path its `crate::` stands for.
const CRATES: [(&str, &str, &str); 8] = [
    ("src", "", "holotable"),
    ("crates/i18n/src", "i18n", "holotable_i18n"),
    ("crates/leagues/src", "leagues", "holotable_leagues"),
    ("crates/games/src", "games", "holotable_games"),
    ("crates/model/src", "model", "holotable_model"),
    ("crates/render/src", "render", "holotable_render"),
    ("crates/store/src", "store", "holotable_store"),
    ("crates/service/src", "service", "holotable_service"),
];

struct Module {
    file: PathBuf,
    /// The module path `crate::` names in this file.
    crate_root: ModulePath,
    source: String,
}

fn layer_path(mut path: ModulePath) -> ModulePath {
    if path.starts_with(&["games".to_string(), "engine".to_string()])
        || path.starts_with(&["games".to_string(), "puzzle".to_string()])
    {
        path.remove(0);
    }
    path
}

fn modules() -> BTreeMap<ModulePath, Module> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = BTreeMap::new();
    for (dir, layer, _) in CRATES {
        let root = workspace.join(dir);
        let crate_root: ModulePath = [layer]
            .into_iter()
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect();
        let mut folders = vec![root.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("the sources are readable") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    folders.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let relative = path.strip_prefix(&root).expect("below the crate's src/");
                let mut names = crate_root.clone();
                names.extend(
                    relative
                        .with_extension("")
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy().into_owned()),
                );
                if names.len() > crate_root.len()
                    && matches!(
                        names.last().map(String::as_str),
                        Some("mod" | "lib" | "main")
                    )
                {
                    names.pop();
                }
                let source = std::fs::read_to_string(&path).expect("a readable source file");
                found.insert(
                    layer_path(names),
                    Module {
                        file: path,
                        crate_root: crate_root.clone(),
                        source: without_comments_and_strings(&source),
                    },
                );
            }
        }
    }
    found
}

/// The source with comments, strings and character literals blanked, so a
/// path in a doc comment or a message is not taken for a dependency.
fn without_comments_and_strings(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        match rest {
            ['/', '/', ..] => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            ['/', '*', ..] => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            // A raw string, `r"…"` or `r#"…"#`: it ends at a quote followed
            // by as many hashes as it began with.
            ['r', '"' | '#', ..] if i == 0 || !is_word(chars[i - 1]) => {
                let hashes = rest[1..].iter().take_while(|c| **c == '#').count();
                if rest.get(1 + hashes) == Some(&'"') {
                    i += 2 + hashes;
                    while i < chars.len()
                        && !(chars[i] == '"'
                            && chars[i + 1..]
                                .iter()
                                .take(hashes)
                                .filter(|c| **c == '#')
                                .count()
                                == hashes)
                    {
                        i += 1;
                    }
                    i += 1 + hashes;
                    out.push_str("\"\"");
                    continue;
                }
            }
            ['"', ..] => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
                continue;
            }
            // A character literal (`'"'`, `'\''`); a lifetime (`'a`) is kept.
            ['\'', '\\', ..] => {
                i += 2;
                while i < chars.len() && chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
                continue;
            }
            ['\'', _, '\'', ..] => {
                i += 3;
                continue;
            }
            _ => {}
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every module path `module`'s source names, resolved to the module the
/// item lives in: through `pub use` re-exports (`games::GameKind` is
/// `games::kind`'s), else to the deepest module that exists.
fn dependencies(
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

/// The module a path's first name stands for: `crate`, `super` and the
/// workspace's crates; `None` for anything else (a crate from outside).
fn base_of(root: &str, module: &ModulePath, crate_root: &ModulePath) -> Option<ModulePath> {
    match root {
        // `super` from `a/b.rs` and from `a/b/mod.rs` alike is `a`.
        "super" => Some(module[..module.len().saturating_sub(1)].to_vec()),
        "crate" => Some(crate_root.clone()),
        "holotable" => Some(Vec::new()),
        name => CRATES
            .iter()
            .find(|(_, _, crate_name)| *crate_name == name)
            .map(|(_, layer, _)| vec![layer.to_string()]),
    }
}

/// The modules that exist and what each re-exports: for each name a module
/// gives with `pub use`, the path it was brought from.
struct Known {
    modules: BTreeSet<ModulePath>,
    re_exports: BTreeMap<ModulePath, BTreeMap<String, ModulePath>>,
}

impl Known {
    /// The module an item's path leads to: down through modules, across
    /// re-exports (a chain of them too), stopping where a name is neither.
    fn resolve(&self, path: &ModulePath) -> ModulePath {
        let mut at: ModulePath = Vec::new();
        for name in path {
            let mut next = at.clone();
            next.push(name.clone());
            if self.modules.contains(&next) {
                at = next;
                continue;
            }
            let mut hops = 0;
            while let Some(origin) = self.re_exports.get(&at).and_then(|r| r.get(name)) {
                let origin = self.resolve_module(origin);
                if origin == at || hops == 8 {
                    break;
                }
                at = origin;
                hops += 1;
            }
            break;
        }
        at
    }

    /// The deepest module of a re-export's path.
    fn resolve_module(&self, path: &ModulePath) -> ModulePath {
        let mut full = path.clone();
        while !full.is_empty() && !self.modules.contains(&full) {
            full.pop();
        }
        full
    }
}

/// The items `module` re-exports (`pub use`, `pub(crate) use`, …), by the
/// name it gives them, with the absolute path each was brought from. Paths
/// to crates outside the workspace are left out.
fn re_exports(
    module: &ModulePath,
    crate_root: &ModulePath,
    source: &str,
    modules: &BTreeSet<ModulePath>,
) -> BTreeMap<String, ModulePath> {
    let mut found = BTreeMap::new();
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim_start();
        let Some(after_pub) = trimmed.strip_prefix("pub") else {
            continue;
        };
        let after_visibility = match after_pub.strip_prefix('(') {
            Some(inner) => inner.split_once(')').map_or("", |(_, rest)| rest),
            None => after_pub,
        };
        let Some(tree) = after_visibility.trim_start().strip_prefix("use ") else {
            continue;
        };
        let tree_start = start + (line.len() - tree.len());
        let statement = &source[tree_start..];
        let statement = &statement[..statement.find(';').unwrap_or(statement.len())];
        for (path, name) in use_tree(statement) {
            let (first, rest) = path.split_first().expect("a use tree's path has a name");
            let base = match first.as_str() {
                "self" => Some(module.clone()),
                child if modules.contains(&[module.as_slice(), &[child.to_string()]].concat()) => {
                    Some([module.as_slice(), &[child.to_string()]].concat())
                }
                root => base_of(root, module, crate_root),
            };
            let Some(mut full) = base else { continue };
            let mut rest = rest;
            while let Some(("super", after)) = rest.split_first().map(|(h, t)| (h.as_str(), t)) {
                full.pop();
                rest = after;
            }
            full.extend(rest.iter().cloned());
            found.insert(name, layer_path(full));
        }
    }
    found
}

/// The leaves of a `use` tree, each as its path and the name it is known
/// by: `a::{b, c::d as e, self}` gives `([a,b], b)`, `([a,c,d], e)` and
/// `([a], a)`. Globs are left out: they name nothing.
fn use_tree(text: &str) -> Vec<(Vec<String>, String)> {
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

fn use_subtree(
    tokens: &[&str],
    at: &mut usize,
    prefix: &[String],
    leaves: &mut Vec<(Vec<String>, String)>,
) {
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
                    leaves.push((path, given));
                }
                return;
            }
            _ => return,
        }
    }
}

/// Each path that starts at `crate::`, `super::` or a crate of the
/// workspace (`holotable::` is the library, from the binary), with its
/// braces and without white space: `("crate", "store::{Access,Store}")`.
fn paths_in(source: &str) -> Vec<(&'static str, String)> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let starts_word =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || b"_:".contains(&bytes[at - 1]));
        let roots = ["crate", "super"]
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
fn expand(path: &str) -> Vec<Vec<String>> {
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

fn graph() -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let modules = modules();
    let names: BTreeSet<ModulePath> = modules.keys().cloned().collect();
    let re_exports = modules
        .iter()
        .map(|(path, module)| {
            let given = re_exports(path, &module.crate_root, &module.source, &names);
            (path.clone(), given)
        })
        .collect();
    let known = Known {
        modules: names,
        re_exports,
    };
    modules
        .iter()
        .map(|(path, module)| {
            (
                path.clone(),
                dependencies(path, &module.crate_root, &module.source, &known),
            )
        })
        .collect()
}

/// The groups of modules that reach each other (Tarjan's strongly connected
/// components), leaving out a module's edges to its own ancestors and
/// descendants: a folder's root declaring and re-exporting its children is
/// how Rust modules are built, not a circle.
fn circles(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<Vec<ModulePath>> {
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

fn shown(path: &ModulePath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

#[test]
fn no_two_modules_import_each_other_round_a_circle() {
    let found = circles(&graph());
    let described: Vec<String> = found
        .iter()
        .map(|group| group.iter().map(shown).collect::<Vec<_>>().join(" ↔ "))
        .collect();
    assert!(described.is_empty(), "import circles: {described:#?}");
}

#[test]
fn the_circle_finder_finds_a_circle_between_siblings_and_none_with_a_parent() {
    let path = |s: &str| -> ModulePath { s.split("::").map(String::from).collect() };
    let mut graph = BTreeMap::new();
    graph.insert(path("render"), BTreeSet::from([path("render::overlay")]));
    graph.insert(
        path("render::overlay"),
        BTreeSet::from([path("render::dejarik"), path("render")]),
    );
    graph.insert(
        path("render::dejarik"),
        BTreeSet::from([path("render::overlay")]),
    );
    let found = circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    let mut group = found[0].clone();
    group.sort();
    assert_eq!(
        group,
        vec![path("render::dejarik"), path("render::overlay")]
    );
}

/// The circle that hid in `games` until the check read re-exports: a game
/// names its kind through the root's `pub use`, and the module of the kind
/// names every game.
#[test]
fn the_circle_finder_sees_through_a_re_export() {
    let path = |s: &str| -> ModulePath { s.split("::").map(String::from).collect() };
    let sources = [
        (
            "games",
            "pub use any::{AnyGame, GameKind as Kind};\nmod any;\nmod holochess;",
        ),
        ("games::any", "use super::holochess::Holochess;"),
        (
            "games::holochess",
            "use super::{Game, Kind};\nuse crate::natural_cmp;",
        ),
    ];
    let modules: BTreeSet<ModulePath> = sources.iter().map(|(m, _)| path(m)).collect();
    let crate_root = path("games");
    let known = Known {
        re_exports: sources
            .iter()
            .map(|(m, source)| (path(m), re_exports(&path(m), &crate_root, source, &modules)))
            .collect(),
        modules,
    };
    assert_eq!(
        known.re_exports[&path("games")].get("Kind"),
        Some(&path("games::any::GameKind"))
    );
    let graph: BTreeMap<ModulePath, BTreeSet<ModulePath>> = sources
        .iter()
        .map(|(m, source)| (path(m), dependencies(&path(m), &crate_root, source, &known)))
        .collect();
    assert_eq!(
        graph[&path("games::holochess")],
        BTreeSet::from([path("games"), path("games::any")]),
        "Game is the root's own; Kind is any's"
    );
    let found = circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
}

/// `use` trees as written: groups, nesting, `self`, renames and globs.
#[test]
fn a_use_tree_gives_each_name_and_where_it_came_from() {
    let leaves = use_tree("a::{b, c::{d as e, self}, f::*, g as _}");
    let shown: Vec<(String, String)> = leaves
        .into_iter()
        .map(|(path, name)| (path.join("::"), name))
        .collect();
    assert_eq!(
        shown,
        [("a::b", "b"), ("a::c::d", "e"), ("a::c", "c")]
            .map(|(p, n)| (p.to_string(), n.to_string()))
    );
}

/// The top-level modules each layer may use, lowest layer first.
const LAYERS: [(&str, &[&str]); 11] = [
    ("i18n", &[]),
    // Leagues' pure rules: nothing of holotable below them, so the records
    // above (model, store) may name their entrants, rounds and results.
    ("leagues", &[]),
    ("games", &["i18n"]),
    ("engine", &["i18n", "games"]),
    ("puzzle", &["i18n", "games", "engine"]),
    ("model", &["i18n", "leagues", "games"]),
    ("render", &["i18n", "games"]),
    ("store", &["i18n", "leagues", "games", "model"]),
    (
        "service",
        &[
            "i18n", "leagues", "games", "engine", "puzzle", "model", "render", "store",
        ],
    ),
    // The adapters: the store is not theirs to use, only the service.
    (
        "discord",
        &[
            "i18n", "leagues", "games", "engine", "puzzle", "model", "render", "service",
        ],
    ),
    (
        "cli",
        &[
            "i18n", "leagues", "games", "engine", "puzzle", "model", "render", "service", "discord",
        ],
    ),
];

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let graph = graph();
    let mut wrong = Vec::new();
    for (module, uses) in &graph {
        let Some(layer) = module.first() else {
            continue;
        };
        let Some((_, allowed)) = LAYERS.iter().find(|(name, _)| name == layer) else {
            continue;
        };
        for used in uses {
            let Some(target) = used.first() else { continue };
            let is_layer = LAYERS.iter().any(|(name, _)| name == target);
            if is_layer && target != layer && !allowed.contains(&target.as_str()) {
                wrong.push(format!("{} uses {}", shown(module), shown(used)));
            }
        }
    }
    assert!(wrong.is_empty(), "layers used from below: {wrong:#?}");
}

/// The compiler keeps the adapters from the store only while their
/// package does not depend on it: then no path, alias or re-export can
/// reach it, and they read and write through the service alone. Tests may
/// open stores of their own, so a dev-dependency is allowed.
#[test]
fn the_adapters_package_does_not_depend_on_the_store() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .expect("the manifest is readable");
    let mut section = "";
    let mut wrong = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if line.starts_with("holotable-store") && builds_the_package(section) {
            wrong.push(format!("{section} {line}"));
        }
    }
    assert_eq!(
        manifest.matches("[dependencies]").count(),
        1,
        "one [dependencies] section"
    );
    assert!(
        wrong.is_empty(),
        "the adapters depend on the store: {wrong:#?}"
    );
}

/// Whether a manifest section's dependencies are built into the package
/// (`[dependencies]`, a target's, a build script's), not only its tests'
/// nor the workspace's list of versions.
fn builds_the_package(section: &str) -> bool {
    section.ends_with("dependencies]")
        && !section.ends_with("dev-dependencies]")
        && section != "[workspace.dependencies]"
}

/// What the service hands the adapters is the model's, not the store's:
/// no public item of the service re-exports a store item, directly or
/// through a chain, so nothing an adapter can name is the store's.
#[test]
fn the_service_re_exports_nothing_of_the_store() {
    let modules = modules();
    let names: BTreeSet<ModulePath> = modules.keys().cloned().collect();
    let re_exported = |path: &ModulePath, module: &Module, public_only: bool| {
        // `pub(crate) use` is the service's own business.
        let source = if public_only {
            module
                .source
                .replace("pub(crate) use", "use")
                .replace("pub(super) use", "use")
        } else {
            module.source.clone()
        };
        re_exports(path, &module.crate_root, &source, &names)
    };
    let known = Known {
        modules: names.clone(),
        re_exports: modules
            .iter()
            .map(|(path, module)| (path.clone(), re_exported(path, module, false)))
            .collect(),
    };
    let mut wrong = Vec::new();
    for (path, module) in &modules {
        if path.first().map(String::as_str) != Some("service") {
            continue;
        }
        for (name, from) in re_exported(path, module, true) {
            let target = known.resolve(&from);
            if target.first().map(String::as_str) == Some("store") {
                let file = module.file.display();
                wrong.push(format!("{file}: {name} from {}", shown(&target)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "store items re-exported by the service: {wrong:#?}"
    );
}

/// The service's doors, each a small handle over the one `Service`, and
/// the folder of `crates/service/src/` its public methods live in: a
/// reader finds `votes().cast` in `votes/`, not in one of thirty `impl`
/// blocks. `Deliveries` keeps no reference to the service, so the poll
/// reader the service calls can hold one without a cycle; it is a door
/// all the same.
const DOORS: [(&str, &str); 11] = [
    ("Games", "games"),
    ("Votes", "votes"),
    ("Versus", "versus"),
    ("Matches", "matches"),
    ("Leagues", "leagues"),
    ("Puzzles", "puzzles"),
    ("GamerOfTheDay", "gotd"),
    ("Pages", "pages"),
    ("Deliveries", "deliveries"),
    ("Servers", "servers"),
    ("Upkeep", "upkeep"),
];

/// The one file whose `impl Service` may have public methods: opening and
/// closing, the clock, the settings, an arrival, and one accessor per door.
const SERVICE_CORE: &str = "lib.rs";

/// Each `pub fn` declared directly in an inherent `impl` block of
/// `source` (comments and strings blanked), with the type it is on:
/// `impl<'a> Votes<'a> { pub async fn vote(self, …) }` gives
/// `("Votes", "vote")`. Trait impls are skipped (their methods are the
/// trait's), and so is `pub(crate)`, which is the service's own business.
fn public_methods(source: &str) -> Vec<(String, String)> {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !is_word(c))
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect()
    };
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = source[at..].find("impl") {
        let start = at + offset;
        at = start + 4;
        let word_before = start > 0 && is_word(source[..start].chars().next_back().unwrap_or(' '));
        let word_after = source[at..].chars().next().is_some_and(is_word);
        if word_before || word_after {
            continue;
        }
        let Some(open) = source[at..].find(['{', ';']).map(|o| at + o) else {
            break;
        };
        if bytes[open] == b';' {
            continue;
        }
        // The header without its generics: `impl<'a> Votes<'a>` → `Votes`.
        let mut header = String::new();
        let mut depth = 0;
        for c in source[at..open].chars() {
            match c {
                '<' => depth += 1,
                '>' => depth -= 1,
                _ if depth == 0 => header.push(c),
                _ => {}
            }
        }
        let header = words(&header);
        let mut close = open + 1;
        let mut depth = 1;
        while depth > 0 && close < bytes.len() {
            match bytes[close] {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => {}
            }
            close += 1;
        }
        at = close;
        if header.iter().any(|w| w == "for") {
            continue;
        }
        let Some(ty) = header.iter().rev().find(|w| *w != "where").cloned() else {
            continue;
        };
        // Declarations directly in the block, not in a nested one.
        let body = &source[open + 1..close.saturating_sub(1)];
        let mut depth = 0;
        // Before the first word of a line: where a declaration starts.
        let mut line_start = true;
        for (i, c) in body.char_indices() {
            if line_start && depth == 0 && !c.is_whitespace() {
                let line = body[i..].lines().next().unwrap_or("");
                let tokens = words(line);
                if let Some(fn_at) = tokens.iter().position(|w| w == "fn")
                    && line.starts_with("pub ")
                    && tokens[1..fn_at]
                        .iter()
                        .all(|w| ["async", "const", "unsafe"].contains(&w.as_str()))
                    && let Some(name) = tokens.get(fn_at + 1)
                {
                    found.push((ty.clone(), name.clone()));
                }
            }
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            line_start = c == '\n' || (line_start && c.is_whitespace());
        }
    }
    found
}

/// What is wrong with where the service's public methods are declared,
/// given each file's path under `crates/service/src/` and its source: a
/// public method on `Service` outside the core file, or a door's outside
/// its feature's folder.
fn misplaced_methods(files: &[(String, String)]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (file, source) in files {
        for (ty, method) in public_methods(&without_comments_and_strings(source)) {
            if ty == "Service" && file != SERVICE_CORE {
                wrong.push(format!(
                    "{file}: Service::{method} is public outside {SERVICE_CORE}; \
                     put it on its feature's door"
                ));
            }
            if let Some((_, folder)) = DOORS.iter().find(|(door, _)| *door == ty)
                && !file.starts_with(&format!("{folder}/"))
            {
                wrong.push(format!("{file}: {ty}::{method} is outside {folder}/"));
            }
        }
    }
    wrong
}

#[test]
fn each_public_service_method_is_on_its_features_door_in_its_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/service/src");
    let files: Vec<(String, String)> = modules()
        .into_values()
        .filter_map(|module| {
            let relative = module.file.strip_prefix(&root).ok()?;
            let source = std::fs::read_to_string(&module.file).expect("a readable source file");
            Some((relative.to_string_lossy().replace('\\', "/"), source))
        })
        .collect();
    assert!(files.len() > 20, "the service's sources are found");
    let wrong = misplaced_methods(&files);
    assert!(
        wrong.is_empty(),
        "public service methods off their door: {wrong:#?}"
    );
}

#[test]
fn the_door_check_sees_a_public_method_in_the_wrong_place() {
    let file = |path: &str, source: &str| (path.to_string(), source.to_string());
    let files = [
        file(
            "lib.rs",
            "impl Service {\n    pub fn now(&self) -> Millis { self.clock.now() }\n}",
        ),
        file(
            "votes/cast.rs",
            "impl Service {\n    /// `pub fn` in a comment is no method.\n    \
             pub async fn vote(&self) {}\n    pub(crate) fn cached(&self) {}\n}\n\
             impl<'a> Votes<'a> {\n    pub async fn vote_on(self) { let s = \"pub fn x\"; }\n}",
        ),
        file(
            "games/turns.rs",
            "impl Votes<'_> {\n    pub fn suggest(self) {\n        if true { }\n    }\n}\n\
             impl fmt::Display for Votes<'_> {\n    fn fmt(&self) {}\n}\n\
             impl Service {\n    fn helper(&self) {}\n}",
        ),
    ];
    let wrong = misplaced_methods(&files);
    assert_eq!(
        wrong,
        [
            "votes/cast.rs: Service::vote is public outside lib.rs; put it on its feature's door",
            "games/turns.rs: Votes::suggest is outside votes/",
        ],
    );
}
