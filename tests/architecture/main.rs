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
//! inline paths, from `crate::`, `super::`, `self::`, a crate of the
//! workspace or a name an import brought in, to each leaf of a group, and
//! follow each through the imports of the modules on its way.
//! A path inside a string or a comment is skipped.
//!
//! This is a test binary of its own, apart from `tests/it/`, because it
//! uses nothing but `std`: it links none of the crate and builds in
//! seconds, even with `rustc --edition 2024 --test` and no cargo, while
//! the integration tests' binary takes minutes. The tests here check the
//! repository; [`selftest`] checks that each check can fail.

mod aliases;
mod doors;
mod graph;
mod holders;
mod items;
mod layers;
mod selftest;
mod source;
mod store;
mod typed;
mod uses;

use graph::{Graph, circles, graph_of};
use layers::{apart_breaches, layer_breaches};
use source::{
    member_folders, members, modules, one_module_per_path, shown, sources, unlisted, workspace,
};

/// The repository's modules and the uses of each.
fn graph() -> Graph {
    graph_of(&modules())
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
fn each_layer_uses_only_the_layers_below_it() {
    let wrong = layer_breaches(&graph());
    assert!(wrong.is_empty(), "layers used from below: {wrong:#?}");
}

#[test]
fn discords_commands_delivery_and_layout_keep_apart() {
    let wrong = apart_breaches(&graph());
    assert!(
        wrong.is_empty(),
        "modules kept apart use each other: {wrong:#?}"
    );
}

/// Every source file is read as a module of its own: two files on one
/// path (e.g. `lib.rs` and `main.rs` both read as the root) would leave
/// one unread, and a use in it unchecked.
#[test]
fn each_source_file_is_a_module_path_of_its_own() {
    if let Err(twice) = one_module_per_path(sources()) {
        panic!("files that are one module path: {twice:#?}");
    }
}

/// The checks read the crates [`source::CRATES`] lists; a package the
/// workspace builds that it does not list would go unread, its uses and
/// layer unchecked.
#[test]
fn every_package_of_the_workspace_is_read() {
    let manifest =
        std::fs::read_to_string(workspace().join("Cargo.toml")).expect("the manifest is readable");
    let patterns = members(&manifest);
    assert!(
        patterns.iter().any(|member| member == "crates/*"),
        "the members are read: {patterns:?}"
    );
    let folders = member_folders(workspace(), &patterns);
    let wrong = unlisted(&folders);
    assert!(wrong.is_empty(), "packages no check reads: {wrong:#?}");
}

/// The compiler keeps the adapters from the store only while their
/// package does not depend on it: then no path, alias or re-export can
/// reach it, and they read and write through the service alone.
#[test]
fn the_adapters_package_does_not_depend_on_the_store() {
    let manifest =
        std::fs::read_to_string(workspace().join("Cargo.toml")).expect("the manifest is readable");
    assert_eq!(
        manifest.matches("[dependencies]").count(),
        1,
        "one [dependencies] section"
    );
    let wrong = store::store_dependencies(&manifest);
    assert!(
        wrong.is_empty(),
        "the adapters depend on the store: {wrong:#?}"
    );
}

/// What the service hands the adapters is the model's, not the store's:
/// no public item of the service re-exports a store item, directly or
/// through a chain, so nothing an adapter can name is the store's.
#[test]
fn the_service_re_exports_nothing_of_the_store() {
    let wrong = store::store_re_exports(&modules());
    assert!(
        wrong.is_empty(),
        "store items re-exported by the service: {wrong:#?}"
    );
}

#[test]
fn each_public_service_method_is_on_its_features_door_in_its_folder() {
    let root = workspace().join("crates/service/src");
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
        .map(|(_, source)| source::without_comments_and_strings(source))
        .collect();
    let doors = doors::doors(&files, &blanked);
    // A floor, not a list: a check that reads no accessor passes on anything.
    assert!(
        doors.get("Votes") == Some(&Some("votes".to_string())) && doors.len() >= 10,
        "the core's accessors are read: {doors:?}"
    );
    let wrong = doors::misplaced_methods(&files);
    assert!(
        wrong.is_empty(),
        "public service methods off their door: {wrong:#?}"
    );
}

/// The service hands an adapter a delivery decoded (its news, its parts,
/// its progress): an adapter that reads a delivery's JSON itself has taken
/// back what the service decides.
#[test]
fn no_adapter_decodes_a_deliverys_json() {
    let modules = modules();
    let words = typed::delivery_words(&modules);
    // A floor: a check that reads no delivery type passes on anything.
    assert!(
        words.contains("Announcement") && words.contains("MatchAnnouncement"),
        "the service's delivery types are read: {words:?}"
    );
    let wrong = typed::decoding_adapters(&modules, &words);
    assert!(
        wrong.is_empty(),
        "adapters that decode a delivery: {wrong:#?}"
    );
}

/// The store stores what the service gives it and filters by what it is
/// asked: a service word in its SQL (an announcement's kind) ties a table
/// to a use case the store should know nothing of.
#[test]
fn no_store_file_names_a_service_word() {
    // A test module's literals (a database URL, an environment variable)
    // are the harness's, not words of a use case the store could learn.
    let service: Vec<(String, String)> = texts("crates/service/src", "rs")
        .into_iter()
        .filter(|(path, _)| !path.contains("/tests/") && !path.ends_with("/tests.rs"))
        .collect();
    let lower: Vec<(String, String)> = ["crates/model/src", "crates/games/src", "crates/i18n/src"]
        .into_iter()
        .flat_map(|dir| texts(dir, "rs"))
        .collect();
    let catalogue = texts("assets/locales", "ftl");
    let store = texts("crates/store/src", "rs");
    assert!(
        service.len() > 20 && lower.len() > 20 && catalogue.len() > 3 && store.len() > 10,
        "the sources are found"
    );
    let wrong = typed::service_words_in_store(
        &text_of(&service),
        &text_of(&lower),
        &text_of(&catalogue),
        &store,
    );
    assert!(wrong.is_empty(), "service words in the store: {wrong:#?}");
}

/// The texts of `files`, without their paths.
fn text_of(files: &[(String, String)]) -> Vec<&str> {
    files.iter().map(|(_, text)| text.as_str()).collect()
}

/// Every file under `dir` (from the workspace's root) whose name ends in
/// `.{ext}`, as its path from the root and its text.
fn texts(dir: &str, ext: &str) -> Vec<(String, String)> {
    let root = workspace();
    let mut found = Vec::new();
    let mut folders = vec![root.join(dir)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the folder is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                let text = std::fs::read_to_string(&path).expect("a readable file");
                let shown = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                found.push((shown, text));
            }
        }
    }
    found.sort();
    found
}
