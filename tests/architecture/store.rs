//! The store is the service's alone. The compiler keeps the adapters from
//! it while their package does not depend on it, so that is checked in
//! the manifest; and what the service hands them must not be the store's
//! under another name.

use std::collections::BTreeMap;

use crate::graph::{Known, imports};
use crate::source::{Module, ModulePath, shown};
use crate::uses::UseLines;

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

/// Each name the service's modules give with `pub use` that leads to the
/// store, directly or through a chain of imports, and each `pub use` glob
/// of a store module. `pub(crate) use` and the like are the service's own
/// business: no adapter can name what they bring in.
pub fn store_re_exports(modules: &BTreeMap<ModulePath, Module>) -> Vec<String> {
    let known = Known::of(modules);
    let in_store = |path: &ModulePath| path.first().is_some_and(|layer| layer == "store");
    let mut wrong = Vec::new();
    for (path, module) in modules {
        if path.first().is_none_or(|layer| layer != "service") {
            continue;
        }
        let file = module.file.display();
        let public = imports(path, &module.crate_root, &module.source, UseLines::Public);
        for (name, from) in &public.named {
            let target = known.resolve(from);
            if in_store(&target) {
                wrong.push(format!("{file}: {name} from {}", shown(&target)));
            }
        }
        for glob in &public.globs {
            let target = known.resolve(glob);
            if in_store(&target) {
                wrong.push(format!("{file}: * from {}", shown(&target)));
            }
        }
    }
    wrong
}
