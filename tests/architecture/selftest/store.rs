//! The store kept behind the service, on small manifests and sources.

use super::modules_of;
use crate::store::{store_dependencies, store_re_exports};

/// Built into the package in any section that builds it; only the tests'
/// and the workspace's list of versions may name the store.
#[test]
fn the_manifest_check_sees_the_store_in_each_section_that_builds_the_package() {
    let manifest = "[workspace.dependencies]\nholotable-store = { path = \"crates/store\" }\n\
                    [dependencies]\nholotable-service.workspace = true\n\
                    holotable-store.workspace = true\n\
                    [target.'cfg(unix)'.dependencies]\nholotable-store = \"0.1\"\n\
                    [build-dependencies]\nholotable-store.workspace = true\n\
                    [dev-dependencies]\nholotable-store.workspace = true\n";
    assert_eq!(
        store_dependencies(manifest),
        [
            "[dependencies] holotable-store.workspace = true",
            "[target.'cfg(unix)'.dependencies] holotable-store = \"0.1\"",
            "[build-dependencies] holotable-store.workspace = true",
        ]
    );
}

/// A store item the service gives adapters: named, through a chain of
/// re-exports, or all of a store module by a glob; what only the service
/// itself can name is its own business.
#[test]
fn the_re_export_check_sees_the_store_through_a_name_a_chain_or_a_glob() {
    let modules = modules_of(&[
        (
            "service",
            "service",
            "mod games;\npub use holotable_store::Store;\npub use games::GameRow;\n\
             pub use holotable_store::pool::*;\npub use holotable_model::GameState;\n\
             pub(crate) use holotable_store::Access;\nuse holotable_store::Backend;",
        ),
        ("service::games", "service", "pub use crate::rows::GameRow;"),
        (
            "service::rows",
            "service",
            "pub use holotable_store::GameRow;",
        ),
        ("model", "model", "pub struct GameState;"),
        (
            "store",
            "store",
            "pub mod pool;\npub struct Store;\npub struct GameRow;\npub struct Access;",
        ),
        ("store::pool", "store", "pub struct Pool;"),
    ]);
    assert_eq!(
        store_re_exports(&modules),
        [
            "service: GameRow from store",
            "service: Store from store",
            "service: * from store::pool",
            "service::games: GameRow from store",
            "service::rows: GameRow from store",
        ]
    );
}

/// What adapters can name is more than a top-level `pub use`: a public
/// type alias of a store type (also through a private one), a `pub use` in
/// an inline module or through one, a public `extern crate` of the store,
/// a path after a leading `::`. What is the service's own, or the model's,
/// is not reported.
#[test]
fn the_re_export_check_sees_the_store_through_an_alias_an_inline_module_or_the_crate() {
    let modules = modules_of(&[
        ("service", "service", "mod fine;\nmod leaks;"),
        (
            "service::leaks",
            "service",
            "use holotable_store::Store;\npub type Leak = holotable_store::Store;\n\
             pub type Held = std::sync::Arc<Store>;\ntype Inner = holotable_store::Access;\n\
             pub type Outer = Inner;\npub use self::Inner as Renamed;\n\
             pub mod leak {\n    pub use holotable_store::Store;\n}\n\
             mod private {\n    pub use holotable_store::Access;\n}\npub use private::Access;\n\
             pub extern crate holotable_store;\npub use ::holotable_store::Backend;",
        ),
        (
            "service::fine",
            "service",
            "use holotable_model::GameState;\npub type Rows = Vec<GameState>;\n\
             type Own = holotable_store::Store;\npub(crate) type Near = holotable_store::Store;\n\
             extern crate holotable_store as st;\n\
             pub type Result<T> = std::result::Result<T, Error>;\n\
             impl Deref for Wrapper {\n    type Target = holotable_store::Store;\n}\n\
             mod inner {\n    pub(crate) use holotable_store::Store;\n}",
        ),
        (
            "store",
            "store",
            "pub struct Store;\npub struct Access;\npub struct Backend;",
        ),
        ("model", "model", "pub struct GameState;"),
    ]);
    let mut found = store_re_exports(&modules);
    found.sort();
    assert_eq!(
        found,
        [
            "service::leaks: Access from store",
            "service::leaks: Backend from store",
            "service::leaks: Held from store",
            "service::leaks: Leak from store",
            "service::leaks: Outer from store",
            "service::leaks: Renamed from store",
            "service::leaks: holotable_store from store",
            "service::leaks: leak::Store from store",
            "service::leaks: private::Access from store",
        ]
    );
}
