//! Each check run on small sources written for it, so that each is seen
//! to fail on what it is there to catch: a check that passes on anything
//! would pass on the repository too.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::graph::{Graph, graph_of};
use crate::source::{Module, ModulePath, module_path, without_comments_and_strings};

mod door_reading;
mod doors;
mod graph;
mod layers;
mod paths;
mod source;
mod store;
mod typed;

/// Small sources as modules: each its module path, the path its `crate::`
/// names, and its source. A module's file is its module path.
fn modules_of(sources: &[(&str, &str, &str)]) -> BTreeMap<ModulePath, Module> {
    sources
        .iter()
        .map(|(path, root, source)| {
            let module = Module {
                file: PathBuf::from(path),
                crate_root: module_path(root),
                source: without_comments_and_strings(source),
            };
            (module_path(path), module)
        })
        .collect()
}

/// The graph of small sources, as [`modules_of`] reads them.
fn graph_of_sources(sources: &[(&str, &str, &str)]) -> Graph {
    graph_of(&modules_of(sources))
}
