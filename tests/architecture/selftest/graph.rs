//! The reading of sources and the graph: `use` trees, items, which `use`
//! lines a module has, where a path leads, and the circles.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use super::{graph_of_sources, modules_of};
use crate::graph::{Known, circles, imports};
use crate::source::{Module, ModulePath, module_path, one_module_per_path};
use crate::uses::{UseLeaf, UseLines, items, module_uses, use_tree};

#[test]
fn the_circle_finder_finds_a_circle_between_siblings_and_none_with_a_parent() {
    let path = module_path;
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
    let path = module_path;
    let sources = [
        (
            "games",
            "games",
            "pub use any::{AnyGame, GameKind as Kind};\nmod any;\nmod holochess;",
        ),
        ("games::any", "games", "use super::holochess::Holochess;"),
        (
            "games::holochess",
            "games",
            "use super::{Game, Kind};\nuse crate::natural_cmp;",
        ),
    ];
    let (_, root, source) = sources[0];
    let root_imports = imports(&path(root), &path(root), source, UseLines::All);
    assert_eq!(
        root_imports.named.get("Kind"),
        Some(&path("games::any::GameKind"))
    );
    let graph = graph_of_sources(&sources);
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
    let leaf = |path: &str, name: Option<&str>| UseLeaf {
        path: module_path(path),
        name: name.map(String::from),
    };
    assert_eq!(
        use_tree("a::{b, c::{d as e, self}, f::*, g as _}"),
        [
            leaf("a::b", Some("b")),
            leaf("a::c::d", Some("e")),
            leaf("a::c", Some("c")),
            leaf("a::f", None),
        ]
    );
    assert_eq!(use_tree("self::web::*"), [leaf("web", None)]);
}

/// A module's own `use` lines, whatever their visibility, and only them:
/// one inside a function or an inline module names nothing in the module.
#[test]
fn a_modules_use_lines_are_its_top_level_ones_of_any_visibility() {
    let source = "pub use a::b;\npub(crate) use c::{d,\n    e};\nuse f::*;\n\
                  pub(in crate::x) use g::h;\nfn i() {\n    use j::k;\n}\n\
                  mod tests {\n    use super::*;\n}\n#[doc(hidden)] pub use l as m;";
    assert_eq!(
        module_uses(source, UseLines::All),
        ["a::b", "c::{d,\n    e}", "f::*", "g::h", "l as m"]
    );
    assert_eq!(module_uses(source, UseLines::Public), ["a::b", "l as m"]);
}

/// What a glob of a module brings in: the names its top level declares.
#[test]
fn a_modules_items_are_the_names_its_top_level_declares() {
    let source = "pub const fn a() {}\nstatic mut B: u8 = 0;\ntype F = fn(u8) -> u8;\n\
                  macro_rules! m {\n    () => {};\n}\npub(crate) struct S {\n    f: u8,\n}\n\
                  enum E {\n    V,\n}\nmod tests {\n    fn inner() {}\n}\n\
                  impl S {\n    fn method(&self) {}\n}\nunsafe trait T {}\nconst _: () = ();";
    assert_eq!(
        items(source),
        ["B", "E", "F", "S", "T", "_", "a", "m", "tests"]
            .map(String::from)
            .into()
    );
}

/// Where a path leads, Rust's way: a module's own item before a glob, a
/// named import before a glob, a `use` path that starts at another
/// import, and glob imports that go round in a circle to an end. A glob
/// of an enum's variants leads to no module the check can look into: a
/// variant's path stops at the module that imports them, whose own `use`
/// line names the enum's.
#[test]
fn a_path_leads_through_imports_to_where_its_item_is() {
    let modules = modules_of(&[
        (
            "",
            "",
            "mod a;\nmod b;\nmod c;\nmod d;\nmod e;\nuse a::*;\nuse b::*;\nuse c::Shared;\n\
             pub struct Own;\nuse crate::d as dee;\nuse dee::Deep as Deeper;\n\
             fn f() {\n    use d::Local;\n}",
        ),
        (
            "a",
            "",
            "pub struct OnlyA;\npub struct Shared;\npub struct Own;\npub use super::b::*;",
        ),
        ("b", "", "pub struct OnlyB;\npub use super::a::*;"),
        ("c", "", "pub struct Shared;\npub enum Kind {\n    V,\n}"),
        ("d", "", "pub struct Deep;\npub struct Local;"),
        ("e", "", "pub use super::c::Kind::*;"),
    ]);
    let known = Known::of(&modules);
    let resolve = |path: &str| known.resolve(&module_path(path)).join("::");
    assert_eq!(resolve("OnlyA::new"), "a", "through the first glob");
    assert_eq!(resolve("OnlyB"), "b", "through the second glob");
    assert_eq!(resolve("Shared"), "c", "a named import before a glob");
    assert_eq!(resolve("Own"), "", "the module's own item before a glob");
    assert_eq!(resolve("Deeper"), "d", "a use path from another import");
    assert_eq!(
        resolve("Local"),
        "",
        "a function's import is the function's"
    );
    assert_eq!(
        resolve("a::Missing"),
        "a",
        "round the globs' circle and out"
    );
    assert_eq!(resolve("e::V"), "e", "a variant stops where it is imported");
}

#[test]
fn two_files_on_one_module_path_are_an_error() {
    let module = |file: &str| Module {
        file: PathBuf::from(file),
        crate_root: ModulePath::new(),
        source: String::new(),
    };
    let twice = one_module_per_path(vec![
        (ModulePath::new(), module("src/lib.rs")),
        (module_path("web"), module("src/web/mod.rs")),
        (ModulePath::new(), module("src/main.rs")),
    ])
    .err();
    assert_eq!(
        twice,
        Some(vec!["crate: src/lib.rs and src/main.rs".to_string()])
    );
}
