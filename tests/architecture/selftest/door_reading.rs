//! What the door check reads as naming the service, and where: an alias
//! only where it can be named, a function a macro makes, a public
//! constant; and what it lets be: what no adapter can name, and what only
//! tests build.

use super::doors::{CORE, VOTES_DOOR, door_files};
use crate::doors::misplaced_methods;

const TAKES: &str = "is a public function taking the Service; put it on its feature's door";
const HOLDS: &str = "but is no door, so what uses it reaches them round the doors";

/// A private alias is its module's (and its children's, through `super::`);
/// a public one is read where it is imported or named by its path. An
/// associated type is no alias: `Target` in `impl Deref` is the trait's.
#[test]
fn the_door_check_reads_an_alias_only_where_it_can_be_named() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "votes/tally.rs",
            "type S = crate::Service;\nimpl S {\n    fn own(&self) {}\n}",
        ),
        (
            "games/a.rs",
            "pub fn sorted<S: Ord>(v: Vec<S>) -> Vec<S> {\n    v\n}\n\
             pub fn first<T: Deref<Target = [u8]>>(t: T) -> u8 {\n    t[0]\n}",
        ),
        (
            "scheduler.rs",
            "struct Claim {\n    service: Arc<Service>,\n}\nimpl Deref for Claim {\n    \
             type Target = Service;\n    fn deref(&self) -> &Service {\n        &self.service\n    \
             }\n}",
        ),
        ("util.rs", "pub type Held = Arc<Service>;"),
        ("games/mod.rs", "type Shared = crate::Service;"),
        (
            "games/c.rs",
            "use crate::util::Held;\npub fn sneak(h: Held) {}",
        ),
        ("games/d.rs", "pub fn sneak2(s: &super::Shared) {}"),
        (
            "games/e.rs",
            "use crate::util::{Held as H};\npub fn sneak3(h: H) {}",
        ),
        ("games/f.rs", "pub fn sneak4(h: crate::util::Held) {}"),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            format!("games/c.rs: sneak {TAKES}"),
            format!("games/d.rs: sneak2 {TAKES}"),
            format!("games/e.rs: sneak3 {TAKES}"),
            format!("games/f.rs: sneak4 {TAKES}"),
        ]
    );
}

/// A public function a `macro_rules!` body declares is read as one
/// declared where the macro is; a public constant is read like a static
/// (its type, not its value); an `extern "C"` function is public too.
#[test]
fn the_door_check_reads_macro_bodies_constants_and_foreign_abis() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "games/macros.rs",
            "macro_rules! sneak {\n    () => {\n        pub fn sneak(s: &Service) {}\n    };\n}\n\
             sneak!();\nmacro_rules! also {\n    () => (\n        \
             pub fn also(s: &crate::Service) {}\n    );\n}\nalso!();",
        ),
        (
            "games/consts.rs",
            "pub const SNEAK: fn(&Service) = |s| {};\npub const fn limit() -> usize {\n    3\n}\n\
             const PRIVATE: fn(&Service) = |s| {};\npub const NAME: &str = Service::NAME;\n\
             pub fn sized<const N: usize>(s: [u8; N]) {}",
        ),
        ("games/abi.rs", "pub extern \"C\" fn sneak4(s: &Service) {}"),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            format!("games/macros.rs: sneak {TAKES}"),
            format!("games/macros.rs: also {TAKES}"),
            format!("games/consts.rs: SNEAK holds Service {HOLDS}"),
            format!("games/abi.rs: sneak4 {TAKES}"),
        ]
    );
}

/// A type that holds the service or a door is a way round only where an
/// adapter can name it: declared with a bare `pub`, outside the door's own
/// folder. A `#[cfg(test)]` module is no part of what adapters build, and
/// the standard formatting, assertion and logging macros make nothing of
/// a name but text, unless the service declares its own of that name.
#[test]
fn the_door_check_lets_be_what_no_adapter_can_reach() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "votes/cast.rs",
            "struct Tally<'a> {\n    votes: Votes<'a>,\n}\npub struct Casting<'a> {\n    \
             votes: Votes<'a>,\n}",
        ),
        (
            "games/fixtures.rs",
            "pub(crate) struct Near(Service);\n#[cfg(test)]\nmod tests {\n    \
             struct Fixture {\n        service: Service,\n    }\n    \
             pub struct Shared(pub Service);\n    pub fn fixture(service: &Service) {}\n    \
             impl Ext for Service {}\n}",
        ),
        (
            "games/log.rs",
            "fn f(s: &Service) {\n    tracing::debug!(\"{}\", Service::NAME);\n    \
             assert_eq!(s.now(), 0, \"{}\", Service::NAME);\n}",
        ),
        (
            "games/held.rs",
            "pub struct Admin(Arc<Service>);\npub struct Tallies<'a>(Votes<'a>);\n\
             static HELD: OnceLock<Arc<Service>> = OnceLock::new();\n\
             #[cfg(any(test, feature = \"x\"))]\nmod loose {\n    pub fn sneak(s: &Service) {}\n}",
        ),
        (
            "games/own_log.rs",
            "macro_rules! warn {\n    ($($t:tt)*) => {};\n}\nwarn!(Service);",
        ),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            format!("games/held.rs: Admin holds Service {HOLDS}"),
            format!("games/held.rs: Tallies holds Votes {HOLDS}"),
            format!("games/held.rs: HELD holds Service {HOLDS}"),
            format!("games/held.rs: sneak {TAKES}"),
            "games/own_log.rs: warn! names Service, and the check cannot read what it makes of it"
                .to_string(),
        ]
    );
}
