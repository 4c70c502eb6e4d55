//! Each way a path to another module can be written reaches the graph:
//! inside a `use` group, renamed, starting at a name an import brought in,
//! in an inline module, after a leading `::`.

use super::graph_of_sources;
use crate::layers::{apart_breaches, layer_breaches};

/// A small house: the library's root, Discord's bot, commands and
/// delivery, the pages, the rules and the engine beside them, the store.
const HOUSE: [(&str, &str, &str); 13] = [
    ("", "", "pub mod discord;\npub mod web;"),
    ("discord", "", "mod bot;\nmod commands;\nmod delivery;"),
    ("discord::bot", "", ""),
    ("discord::commands", "", "mod x;"),
    ("discord::commands::x", "", ""),
    ("discord::delivery", "", "pub fn post() {}"),
    ("web", "", "pub mod game;\npub fn page_url() {}"),
    ("web::game", "", ""),
    ("games", "games", "pub mod engine;\npub mod rules;"),
    ("games::rules", "games", ""),
    ("engine", "games", "pub fn search() {}"),
    ("store", "store", "pub struct Store;"),
    ("model", "model", "pub struct GameState;"),
];

/// What the layer and apart checks find in [`HOUSE`] once `module`'s
/// source is `source`, sorted.
fn breaches_with(module: &str, source: &str) -> Vec<String> {
    let sources: Vec<(&str, &str, &str)> = HOUSE
        .iter()
        .map(|&(path, root, own)| (path, root, if path == module { source } else { own }))
        .collect();
    assert!(
        sources.iter().any(|(path, _, _)| *path == module),
        "{module} is in the house"
    );
    let graph = graph_of_sources(&sources);
    let mut found = layer_breaches(&graph);
    found.extend(apart_breaches(&graph));
    found.sort();
    found
}

/// Groups are read to each leaf, however deep, and a rename inside braces
/// is still the module it renames: rustfmt's `imports_granularity =
/// "Crate"` writes imports this way.
#[test]
fn a_use_group_is_read_to_each_leaf_and_through_each_rename() {
    let apart = "discord::commands uses discord::delivery";
    let mut missed = Vec::new();
    for (module, source, expected) in [
        (
            "discord::commands",
            "use crate::{discord::delivery::post, web};",
            vec![apart, "discord::commands uses web"],
        ),
        (
            "discord::commands",
            "use crate::{discord::{delivery::post}};",
            vec![apart],
        ),
        (
            "discord::commands",
            "use super::{\n    delivery as out,\n};",
            vec![apart],
        ),
        (
            "discord::commands",
            "use crate::{discord::{self as d, delivery::*}};",
            vec![apart],
        ),
        (
            "discord::bot",
            "use crate::{web as pages};",
            vec!["discord::bot uses web"],
        ),
        (
            "games::rules",
            "use crate::{engine as e};",
            vec!["games::rules uses engine"],
        ),
    ] {
        let found = breaches_with(module, source);
        if found != expected {
            missed.push(format!("{source}\n  found {found:?}"));
        }
    }
    assert!(missed.is_empty(), "{missed:#?}");
}

/// A path may start at a name an import brought in, a glob's or a
/// rename's, in a `use` line or inline; it leads where the import does.
#[test]
fn a_path_that_starts_at_an_imported_name_is_followed() {
    let apart = "discord::commands uses discord::delivery";
    let mut missed = Vec::new();
    for (module, source, expected) in [
        (
            "discord::commands",
            "use super::*;\nfn f() {\n    delivery::post();\n}",
            apart,
        ),
        (
            "discord::commands",
            "use super::*;\nuse delivery::post;",
            apart,
        ),
        (
            "discord::commands",
            "use super::*;\nuse delivery as out;",
            apart,
        ),
        (
            "discord::commands",
            "use crate::discord as d;\nfn f() {\n    d::delivery::post();\n}",
            apart,
        ),
        (
            "discord::commands",
            "use super as up;\nfn f() {\n    up::delivery::post();\n}",
            apart,
        ),
        (
            "discord::commands",
            "fn f() {\n    use super::*;\n    delivery::post();\n}",
            apart,
        ),
        (
            "discord::bot",
            "use crate::*;\nfn f() {\n    web::page_url();\n}",
            "discord::bot uses web",
        ),
    ] {
        let found = breaches_with(module, source);
        if found != [expected] {
            missed.push(format!("{source}\n  found {found:?}"));
        }
    }
    assert!(missed.is_empty(), "{missed:#?}");
}

/// `super::` and `self::` inside an inline module count from that module,
/// and a leading `::` names a crate.
#[test]
fn inline_modules_and_a_leading_double_colon_are_read_where_they_are() {
    let mut missed = Vec::new();
    for (module, source, expected) in [
        (
            "discord::commands::x",
            "mod tests {\n    use super::super::super::delivery::post;\n}",
            "discord::commands::x uses discord::delivery",
        ),
        (
            "discord::commands::x",
            "mod a {\n    mod b {\n        fn f() {\n            \
             super::super::super::super::delivery::post();\n        }\n    }\n}",
            "discord::commands::x uses discord::delivery",
        ),
        (
            "discord::commands",
            "mod inner {\n    use super::super::*;\n    fn f() {\n        delivery::post();\n    \
             }\n}",
            "discord::commands uses discord::delivery",
        ),
        (
            "web::game",
            "use ::holotable_store::Store;",
            "web::game uses store",
        ),
        (
            "web::game",
            "fn f() {\n    let s = ::holotable_store::Store::open();\n}",
            "web::game uses store",
        ),
    ] {
        let found = breaches_with(module, source);
        if found != [expected] {
            missed.push(format!("{source}\n  found {found:?}"));
        }
    }
    assert!(missed.is_empty(), "{missed:#?}");
}

/// What is no path to another module stays none: the module's own items
/// and children, another crate's paths, a type's associated items, a
/// method's turbofish, an inline module's own names.
#[test]
fn everyday_paths_add_no_use() {
    let source = "mod x;\nuse std::collections::BTreeMap;\nuse super::*;\n\
                  pub struct Own;\nfn f() {\n    let m = BTreeMap::<u8, u8>::new();\n    \
                  let v = items.iter().collect::<Vec<_>>();\n    let o = Own::default();\n    \
                  x::run();\n    Self::also();\n    let n = ::std::mem::take(&mut m);\n}\n\
                  mod tests {\n    use super::*;\n    mod helpers {\n        pub fn fixture() {}\n    \
                  }\n    fn t() {\n        helpers::fixture();\n        self::helpers::fixture();\n    \
                  }\n}";
    assert_eq!(
        breaches_with("discord::commands", source),
        Vec::<String>::new()
    );
    let graph = graph_of_sources(
        &HOUSE
            .iter()
            .map(|&(path, root, own)| {
                let own = if path == "discord::commands" {
                    source
                } else {
                    own
                };
                (path, root, own)
            })
            .collect::<Vec<_>>(),
    );
    let uses: Vec<String> = graph[&crate::source::module_path("discord::commands")]
        .iter()
        .map(crate::source::shown)
        .collect();
    assert_eq!(uses, ["discord", "discord::commands::x"]);
}
