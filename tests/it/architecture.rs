//! The house's shape, checked from the source text: the layers use only the
//! ones below them, no two modules import each other round a circle, the
//! platform adapters reach the store only through the service, the bot and
//! the web pages know nothing of each other, Discord's commands and
//! delivery share their layouts instead of using each other, and each of
//! the service's public methods is on its feature's door, in its folder.
//!
//! The compiler already keeps each crate from reaching a crate above it;
//! these read the sources as text, so they also see what it does not: a
//! circle inside one crate, the engine's use of the rules, and the
//! adapters' use of the store or of each other. They see `use` lines and
//! inline paths (`crate::…`, `super::…`, `holotable_store::…`,
//! `holotable::…` from the binary), which is how every dependency here is
//! written. A path inside a string or a comment is skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path in the layers' one namespace (`["render", "overlay"]`),
/// whichever crate it lives in: a crate's root is its layer's name, and the
/// engine, which shares a crate with the rules, is a layer of its own, and
/// so are the puzzles, which the engine makes and proves. The adapters'
/// library is the empty path; the binary beside it (`src/main.rs` and
/// `src/cli/`) is a crate of its own, `bin`, so that its root and the
/// library's are two modules, and a re-export in one does not stand for
/// the other.
type ModulePath = Vec<String>;

/// Each crate's sources and the module path its `crate::` stands for.
const CRATES: [(&str, &str, &str); 7] = [
    ("src", "", "holotable"),
    ("crates/i18n/src", "i18n", "holotable_i18n"),
    ("crates/games/src", "games", "holotable_games"),
    ("crates/model/src", "model", "holotable_model"),
    ("crates/render/src", "render", "holotable_render"),
    ("crates/store/src", "store", "holotable_store"),
    ("crates/service/src", "service", "holotable_service"),
];

/// The binary's module path, and its files in the root package's `src/`:
/// its root file and the folder of its modules.
const BINARY: (&str, &str, &str) = ("bin", "main.rs", "cli");

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

/// Every source file as the module it is, by its module path.
///
/// # Panics
/// Two files are one module path: one of them would go unread.
fn modules() -> BTreeMap<ModulePath, Module> {
    one_module_per_path(repository_sources()).unwrap_or_else(|twice| {
        panic!("files that are one module path, so one goes unread: {twice:#?}")
    })
}

/// The modules by path, or each path that two files claim, with both.
fn one_module_per_path(
    sources: Vec<(ModulePath, Module)>,
) -> Result<BTreeMap<ModulePath, Module>, Vec<String>> {
    let mut found: BTreeMap<ModulePath, Module> = BTreeMap::new();
    let mut twice = Vec::new();
    for (path, module) in sources {
        if let Some(first) = found.get(&path) {
            twice.push(format!(
                "{}: {} and {}",
                shown(&path),
                first.file.display(),
                module.file.display()
            ));
            continue;
        }
        found.insert(path, module);
    }
    if twice.is_empty() {
        Ok(found)
    } else {
        Err(twice)
    }
}

/// Every `.rs` file of every crate, with the module path it is.
fn repository_sources() -> Vec<(ModulePath, Module)> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for (dir, layer, _) in CRATES {
        let root = workspace.join(dir);
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
                let crate_root = crate_root_of(layer, relative);
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
                found.push((
                    layer_path(names),
                    Module {
                        file: path,
                        crate_root,
                        source: without_comments_and_strings(&source),
                    },
                ));
            }
        }
    }
    found
}

/// The module path `crate::` names in the file at `relative` (below its
/// crate's `src/`): its crate's layer, or the binary's for the binary's
/// files in the root package.
fn crate_root_of(layer: &str, relative: &Path) -> ModulePath {
    let (binary, root_file, folder) = BINARY;
    let in_binary =
        layer.is_empty() && (relative == Path::new(root_file) || relative.starts_with(folder));
    let root = if in_binary { binary } else { layer };
    [root]
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
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
    ("games", &["i18n"]),
    ("engine", &["i18n", "games"]),
    ("puzzle", &["i18n", "games", "engine"]),
    ("model", &["i18n", "games"]),
    ("render", &["i18n", "games"]),
    ("store", &["i18n", "games", "model"]),
    (
        "service",
        &[
            "i18n", "games", "engine", "puzzle", "model", "render", "store",
        ],
    ),
    // The adapters: the store is not theirs to use, only the service. The
    // bot and the pages are siblings that know nothing of each other; the
    // binary starts both.
    (
        "discord",
        &[
            "i18n", "games", "engine", "puzzle", "model", "render", "service",
        ],
    ),
    (
        "web",
        &[
            "i18n", "games", "engine", "puzzle", "model", "render", "service",
        ],
    ),
    (
        "bin",
        &[
            "i18n", "games", "engine", "puzzle", "model", "render", "service", "discord", "web",
        ],
    ),
];

/// Each use in `graph` of a layer that the user's layer may not use, as
/// "user uses used".
fn layer_breaches(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, uses) in graph {
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
    wrong
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let wrong = layer_breaches(&graph());
    assert!(wrong.is_empty(), "layers used from below: {wrong:#?}");
}

/// `"a::b"` as a module path; `""` is the adapters' library root.
fn module_path(text: &str) -> ModulePath {
    text.split("::")
        .filter(|name| !name.is_empty())
        .map(String::from)
        .collect()
}

/// The graph of small sources: (module path, the path its `crate::`
/// names, source).
fn graph_of(sources: &[(&str, &str, &str)]) -> BTreeMap<ModulePath, BTreeSet<ModulePath>> {
    let modules: BTreeSet<ModulePath> = sources.iter().map(|(m, ..)| module_path(m)).collect();
    let known = Known {
        re_exports: sources
            .iter()
            .map(|(m, root, source)| {
                let given = re_exports(&module_path(m), &module_path(root), source, &modules);
                (module_path(m), given)
            })
            .collect(),
        modules,
    };
    sources
        .iter()
        .map(|(m, root, source)| {
            let path = module_path(m);
            let uses = dependencies(&path, &module_path(root), source, &known);
            (path, uses)
        })
        .collect()
}

/// The pages may use the service and below, never the store, the bot or
/// the binary; the bot may not use the pages, not even through a
/// re-export at the library's root; the binary may use both.
#[test]
fn the_layer_check_keeps_the_pages_and_the_bot_apart() {
    let mut graph = graph_of(&[
        (
            "",
            "",
            "pub mod discord;\npub mod web;\npub use holotable_service as service;\npub use web::page_url;",
        ),
        ("web", "", "mod game;\nmod live;\npub struct Port;"),
        (
            "web::game",
            "",
            "use crate::service::Service;\nuse holotable_store::Store;",
        ),
        ("web::live", "", "use crate::discord::Data;"),
        ("discord", "", "pub struct Data;"),
        (
            "discord::pages",
            "",
            "let url = crate::page_url(base, token);",
        ),
        ("discord::bot", "", "use crate::web::Port;"),
        ("service", "service", "pub struct Service;"),
        ("store", "store", "pub struct Store;"),
        ("bin", "bin", "mod cli;"),
        (
            "bin::cli",
            "bin",
            "use holotable::web::Port;\nuse holotable::discord::Data;",
        ),
    ]);
    // The library cannot name the binary, so no source can write this use.
    graph
        .entry(module_path("web::live"))
        .or_default()
        .insert(module_path("bin::cli"));
    let mut found = layer_breaches(&graph);
    found.sort();
    assert_eq!(
        found,
        [
            "discord::bot uses web",
            "discord::pages uses web",
            "web::game uses store",
            "web::live uses bin::cli",
            "web::live uses discord",
        ]
    );
}

/// Modules of one layer that may not use each other, either way: what
/// both need lives in a third that both use. Discord's commands (what
/// members ask) and its delivery (what a channel is told) share
/// `discord::layout`.
const APART: [(&str, &str); 1] = [("discord::commands", "discord::delivery")];

/// Each use in `graph` from one side of a pair in [`APART`] to the other.
fn apart_breaches(graph: &BTreeMap<ModulePath, BTreeSet<ModulePath>>) -> Vec<String> {
    let mut wrong = Vec::new();
    for (one, other) in APART.map(|(a, b)| (module_path(a), module_path(b))) {
        for (module, uses) in graph {
            for used in uses {
                let across = (module.starts_with(&one) && used.starts_with(&other))
                    || (module.starts_with(&other) && used.starts_with(&one));
                if across {
                    wrong.push(format!("{} uses {}", shown(module), shown(used)));
                }
            }
        }
    }
    wrong
}

#[test]
fn discords_commands_and_delivery_do_not_use_each_other() {
    let wrong = apart_breaches(&graph());
    assert!(
        wrong.is_empty(),
        "modules kept apart use each other: {wrong:#?}"
    );
}

#[test]
fn the_apart_check_catches_either_direction_and_a_re_export() {
    let graph = graph_of(&[
        (
            "discord",
            "",
            "mod commands;\nmod delivery;\nmod layout;\npub use delivery::DEFAULT_BOARD_SIZE;",
        ),
        ("discord::commands", "", "mod puzzle;\nmod vote;"),
        (
            "discord::commands::puzzle",
            "",
            "use crate::discord::delivery::attachments;\nuse crate::discord::layout::puzzles::vote_buttons;",
        ),
        (
            "discord::commands::vote",
            "",
            "let size = crate::discord::DEFAULT_BOARD_SIZE;",
        ),
        (
            "discord::delivery",
            "",
            "mod puzzles;\npub const DEFAULT_BOARD_SIZE: u32 = 640;",
        ),
        (
            "discord::delivery::puzzles",
            "",
            "use super::super::commands::puzzle::vote_buttons;\nuse crate::discord::layout::puzzles::vote_buttons as buttons;",
        ),
        ("discord::layout", "", "pub mod puzzles;"),
        ("discord::layout::puzzles", "", "pub fn vote_buttons() {}"),
    ]);
    let mut found = apart_breaches(&graph);
    found.sort();
    assert_eq!(
        found,
        [
            "discord::commands::puzzle uses discord::delivery",
            "discord::commands::vote uses discord::delivery",
            "discord::delivery::puzzles uses discord::commands::puzzle",
        ]
    );
}

/// Every source file is read as a module of its own: two files on one
/// path (the library's `lib.rs` and the binary's `main.rs` were both the
/// root) would leave one unread, and a use in it unchecked.
#[test]
fn each_source_file_is_a_module_path_of_its_own() {
    if let Err(twice) = one_module_per_path(repository_sources()) {
        panic!("files that are one module path: {twice:#?}");
    }
}

#[test]
fn two_files_on_one_module_path_are_an_error() {
    let module = |file: &str| Module {
        file: PathBuf::from(file),
        crate_root: Vec::new(),
        source: String::new(),
    };
    let twice = one_module_per_path(vec![
        (Vec::new(), module("src/lib.rs")),
        (module_path("web"), module("src/web/mod.rs")),
        (Vec::new(), module("src/main.rs")),
    ])
    .err();
    assert_eq!(
        twice,
        Some(vec!["crate: src/lib.rs and src/main.rs".to_string()])
    );
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
            for (path, given) in use_tree(statement) {
                if let Some(last) = path.last()
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
fn misplaced_methods(files: &[(String, String)]) -> Vec<String> {
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
fn doors(files: &[(String, String)], blanked: &[String]) -> BTreeMap<String, Option<String>> {
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
    let blanked: Vec<String> = files
        .iter()
        .map(|(_, source)| without_comments_and_strings(source))
        .collect();
    let doors = doors(&files, &blanked);
    // A floor, not a list: a check that reads no accessor passes on anything.
    assert!(
        doors.get("Votes") == Some(&Some("votes".to_string())) && doors.len() >= 10,
        "the core's accessors are read: {doors:?}"
    );
    assert_eq!(
        (doors.get("Votes"), doors.len()),
        (Some(&Some("votes".to_string())), 11),
        "the core's accessors are read: {doors:?}"
    );
    let wrong = misplaced_methods(&files);
    assert!(
        wrong.is_empty(),
        "public service methods off their door: {wrong:#?}"
    );
}

#[test]
fn the_door_check_sees_a_public_method_in_the_wrong_place() {
    let files = sources(&[
        CORE,
        VOTES_DOOR,
        (
            "votes/cast.rs",
            "impl Service {\n    /// `pub fn` in a comment is no method.\n    \
             pub async fn vote(&self) {}\n    pub(crate) fn cached(&self) {}\n}\n\
             impl<'a> Votes<'a> {\n    pub async fn cast_on(self) { let s = \"pub fn x\"; }\n}",
        ),
        (
            "games/turns.rs",
            "impl Votes<'_> {\n    pub fn suggest(self) {\n        if true { }\n    }\n}\n\
             impl fmt::Display for Votes<'_> {\n    fn fmt(&self) {}\n}\n\
             impl Service {\n    fn helper(&self) {}\n}",
        ),
    ]);
    let wrong = misplaced_methods(&files);
    assert_eq!(
        wrong,
        [
            "votes/cast.rs: Service::vote is public outside lib.rs; put it on its feature's door",
            "games/turns.rs: Votes::suggest is outside votes/",
        ],
    );
}

/// The files the door check's self-tests read: `path` and its source.
fn sources(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(path, source)| (path.to_string(), source.to_string()))
        .collect()
}

/// The core as it is: the methods it keeps and a door's accessor.
const CORE: (&str, &str) = (
    "lib.rs",
    "impl Service {\n    pub async fn close(&self) {}\n    pub fn now(&self) -> Millis { 0 }\n    \
     pub fn votes(&self) -> Votes<'_> {\n        Votes(self)\n    }\n}",
);

/// A door is one only while the core hands it out, and its folder is
/// where its handle is declared.
const VOTES_DOOR: (&str, &str) = (
    "votes/mod.rs",
    "pub struct Votes<'a>(pub(crate) &'a crate::Service);",
);

#[test]
fn the_door_check_allows_the_core_only_its_own_methods_and_the_accessors() {
    let files = sources(&[
        VOTES_DOOR,
        (
            "lib.rs",
            "impl Service {\n    pub fn now(&self) -> Millis { 0 }\n    \
             pub fn votes(&self) -> Votes<'_> {\n        Votes(self)\n    }\n    \
             pub async fn vote(&self, channel: &str) {}\n}",
        ),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            "lib.rs: Service::vote is neither the core's own nor a door's accessor; put it on its \
          feature's door"
        ],
    );
}

#[test]
fn the_door_check_takes_its_doors_from_the_cores_accessors() {
    let files = sources(&[
        (
            "lib.rs",
            "impl Service {\n    pub fn leagues(&self) -> Leagues<'_> {\n        Leagues(self)\n    \
             }\n    pub fn ladders(&self) -> Ladders<'_> {\n        Ladders(self)\n    }\n}",
        ),
        (
            "leagues/mod.rs",
            "pub struct Leagues<'a>(pub(crate) &'a crate::Service);\n\
             impl Leagues<'_> {\n    pub async fn join(self) {}\n}",
        ),
        (
            "games/table.rs",
            "impl Leagues<'_> {\n    pub async fn table(self) {}\n}",
        ),
        ("ladders.rs", "pub struct Ladders<'a>(&'a Service);"),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            "lib.rs: the door Ladders is not declared in a feature folder's mod.rs",
            "games/table.rs: Leagues::table is outside leagues/",
        ],
    );
}

#[test]
fn the_door_check_reads_the_type_an_impl_is_for_however_it_is_written() {
    let files = sources(&[
        CORE,
        VOTES_DOOR,
        (
            "games/where.rs",
            "impl<'a> Votes<'a> where 'a: 'a {\n    pub async fn suggest(self) {}\n}\n\
             impl crate::Service {\n    pub fn status(&self) {}\n}\n\
             impl<T: Fn() -> u8> Votes<'_> {\n    pub fn tally(self) {}\n}",
        ),
        (
            "games/alias.rs",
            "type S = crate::Service;\nuse crate::Votes as V;\n\
             impl S {\n    pub fn stop(&self) {}\n}\nimpl V<'_> {\n    pub fn back(self) {}\n}",
        ),
        (
            "games/nested.rs",
            "impl Service\nwhere\n    Self: Sized,\n{\n    pub fn pause(&self) {}\n}\n\
             impl Votes<'_> {\n    fn helper(self) -> impl Sized {\n        \
             impl crate::Service {\n            pub fn hidden(&self) {}\n        }\n    }\n}\n\
             pub trait Ext {\n    fn ext(&self);\n}\nimpl Ext for Service {\n    fn ext(&self) {}\n}\n\
             impl std::fmt::Debug for Service {\n    fn fmt(&self) {}\n}",
        ),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            "games/where.rs: Votes::suggest is outside votes/",
            "games/where.rs: Service::status is public outside lib.rs; put it on its feature's door",
            "games/where.rs: Votes::tally is outside votes/",
            "games/alias.rs: Service::stop is public outside lib.rs; put it on its feature's door",
            "games/alias.rs: Votes::back is outside votes/",
            "games/nested.rs: Ext for Service gives it methods round the doors; put them on its \
             feature's door",
            "games/nested.rs: Service::pause is public outside lib.rs; put it on its feature's door",
            "games/nested.rs: Service::hidden is public outside lib.rs; put it on its feature's door",
        ],
    );
}

#[test]
fn the_door_check_sees_a_public_function_that_takes_the_service() {
    let files = sources(&[
        CORE,
        VOTES_DOOR,
        (
            "ballot.rs",
            "pub async fn vote(service: &Service, channel: &str) {}\n\
             pub(crate) fn cached(service: &Service) {}\n\
             pub fn tally(votes: &[u8]) -> usize { 0 }\n\
             mod inner {\n    pub fn undo(service: &crate::Service) {}\n}",
        ),
        (
            "scheduler.rs",
            "pub async fn run_scheduler(service: Arc<Service>, shutdown: impl Future) {}",
        ),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            "ballot.rs: vote is a public function taking the Service; put it on its feature's door",
            "ballot.rs: undo is a public function taking the Service; put it on its feature's door",
        ],
    );
}
