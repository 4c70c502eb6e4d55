//! The door check on small service sources.

use crate::doors::misplaced_methods;

#[test]
fn the_door_check_sees_a_public_method_in_the_wrong_place() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "votes/cast.rs",
            "impl Service {\n    /// `pub fn` in a comment is no method.\n    \
             pub async fn vote(&self) {}\n    pub(crate) fn cached(&self) {}\n}\n\
             impl<'a> Votes<'a> {\n    pub async fn cast_on(self) { let s = \"pub fn x\"; }\n}",
        ),
        (
            "games/suggest.rs",
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
            "games/suggest.rs: Votes::suggest is outside votes/",
        ],
    );
}

/// The files the door check's self-tests read: `path` and its source.
pub(super) fn door_files(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(path, source)| (path.to_string(), source.to_string()))
        .collect()
}

/// A core in brief: two of the methods it keeps and a door's accessor.
pub(super) const CORE: (&str, &str) = (
    "lib.rs",
    "impl Service {\n    pub async fn close(&self) {}\n    pub fn now(&self) -> Millis { 0 }\n    \
     pub fn votes(&self) -> Votes<'_> {\n        Votes(self)\n    }\n}",
);

/// A door is one only while the core hands it out, and its folder is
/// where its handle is declared.
pub(super) const VOTES_DOOR: (&str, &str) = (
    "votes/mod.rs",
    "pub struct Votes<'a>(pub(crate) &'a crate::Service);",
);

#[test]
fn the_door_check_allows_the_core_only_its_own_methods_and_the_accessors() {
    let files = door_files(&[
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
    let files = door_files(&[
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
    let files = door_files(&[
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
            "games/nested.rs: impl Ext for Service gives Service methods round the doors; put \
             them on its feature's door",
            "games/nested.rs: Service::pause is public outside lib.rs; put it on its feature's door",
            "games/nested.rs: Service::hidden is public outside lib.rs; put it on its feature's door",
        ],
    );
}

#[test]
fn the_door_check_sees_a_public_function_that_takes_the_service() {
    let files = door_files(&[
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

/// A trait's methods implemented for the service or a door are theirs,
/// whatever the trait and however the `impl` names them: for a type that
/// holds them, a blanket `impl` bound by them, an alias. Only the harmless
/// traits are let through, and not when the name is the service's own
/// trait's or another trait's renamed.
#[test]
fn the_door_check_sees_every_trait_impl_that_names_the_service_or_a_door() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "games/ext.rs",
            "pub trait Ext {\n    fn x(&self);\n}\n\
             impl Ext for Arc<Service> {\n    fn x(&self) {}\n}\n\
             impl<S: Deref<Target = Service>> Ext for S {\n    fn x(&self) {}\n}\n\
             impl<S> Ext for S where S: Borrow<Votes<'static>> {\n    fn x(&self) {}\n}",
        ),
        (
            "games/deref.rs",
            "impl std::ops::Deref for Service {\n    type Target = Store;\n    \
             fn deref(&self) -> &Store {\n        &self.store\n    }\n}\n\
             impl AsRef<Store> for crate::Service {\n    \
             fn as_ref(&self) -> &Store {\n        &self.store\n    }\n}\n\
             type Held = Arc<Service>;\nimpl Ext for Held {}\n\
             impl std::fmt::Debug for Service {\n    fn fmt(&self) {}\n}\n\
             impl Clone for Votes<'_> {\n    fn clone(&self) -> Self {\n        *self\n    }\n}\n\
             impl Ext for Ballot {}",
        ),
        (
            "games/renamed.rs",
            "use std::convert::AsRef as Drop;\nimpl Drop for Service {}\n\
             pub trait Copy {\n    fn sneak(&self);\n}\n\
             impl Copy for Service {\n    fn sneak(&self) {}\n}",
        ),
    ]);
    let round = "methods round the doors; put them on its feature's door";
    assert_eq!(
        misplaced_methods(&files),
        [
            format!("games/ext.rs: impl Ext for Arc<Service> gives Service {round}"),
            format!(
                "games/ext.rs: impl<S: Deref<Target = Service>> Ext for S gives Service {round}"
            ),
            format!(
                "games/ext.rs: impl<S> Ext for S where S: Borrow<Votes<'static>> gives Votes \
                 {round}"
            ),
            format!("games/deref.rs: impl std::ops::Deref for Service gives Service {round}"),
            format!("games/deref.rs: impl AsRef<Store> for crate::Service gives Service {round}"),
            format!("games/deref.rs: impl Ext for Held gives Service {round}"),
            format!("games/renamed.rs: impl Drop for Service gives Service {round}"),
            format!("games/renamed.rs: impl Copy for Service gives Service {round}"),
        ],
    );
}

/// A function's whole signature is read, generics, `where` and result
/// included, and an associated function of a type that is no door is a
/// function like a free one; a door in it is a use case outside the door's
/// folder.
#[test]
fn the_door_check_reads_a_public_functions_whole_signature() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "games/free.rs",
            "pub fn sneak<S: Borrow<Service>>(s: S) {}\n\
             pub fn sneak2<S>(s: S)\nwhere\n    S: AsRef<Service>,\n{\n}\n\
             pub fn suggest(votes: Votes<'_>) {}\n\
             pub fn handed() -> Votes<'static> {\n    todo!()\n}\n\
             impl Ballot {\n    pub fn sneak3(service: &Service) {}\n    \
             pub fn count(self) -> usize {\n        0\n    }\n}",
        ),
        ("votes/free.rs", "pub fn suggest(votes: Votes<'_>) {}"),
    ]);
    let service = "is a public function taking the Service; put it on its feature's door";
    let door = "is a public function with the door Votes in its signature, outside votes/; put \
                it on that door";
    assert_eq!(
        misplaced_methods(&files),
        [
            format!("games/free.rs: sneak {service}"),
            format!("games/free.rs: sneak2 {service}"),
            format!("games/free.rs: suggest {door}"),
            format!("games/free.rs: handed {door}"),
            format!("games/free.rs: Ballot::sneak3 {service}"),
        ],
    );
}

/// What a macro makes is not read, so a macro may not make it where a
/// door's methods go: invoked in an `impl` of the service or a door, as a
/// fragment there, or given their names (a variant named like a door is
/// not the door).
#[test]
fn the_door_check_sees_a_macro_where_it_cannot_read_what_the_macro_makes() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "games/macros.rs",
            "macro_rules! m {\n    () => {\n        pub fn sneak(&self) {}\n    };\n}\n\
             impl Service {\n    m!();\n}\n\
             macro_rules! body {\n    ($($t:tt)*) => {\n        impl Service {\n            \
             $($t)*\n        }\n    };\n}\n\
             body! {\n    pub fn sneak2(&self) {}\n}\n\
             impl_record!(Service);\n\
             fn refused(r: Refusal) -> bool {\n    matches!(r, Refusal::Votes(_))\n}\n\
             impl Ballot {\n    m!();\n}",
        ),
        ("votes/macros.rs", "impl Votes<'_> {\n    m!();\n}"),
    ]);
    let unread = "makes what the check cannot read; write the methods out";
    assert_eq!(
        misplaced_methods(&files),
        [
            format!("games/macros.rs: m! in impl Service {unread}"),
            format!("games/macros.rs: $t in impl Service {unread}"),
            "games/macros.rs: impl_record! names Service, and the check cannot read what it \
             makes of it"
                .to_string(),
            format!("votes/macros.rs: m! in impl Votes {unread}"),
        ],
    );
}

/// Whatever holds the service or a door and is not a door is a door
/// nobody checks: a struct, an enum (its variants' names aside), a static,
/// an `impl` of a generic type given them, a trait whose methods are bound
/// by them. The scheduler's claim is let through, with its reason.
#[test]
fn the_door_check_sees_what_holds_the_service_and_is_no_door() {
    let files = door_files(&[
        CORE,
        VOTES_DOOR,
        (
            "games/admin.rs",
            "pub struct Admin<'a>(pub(crate) &'a Service);\n\
             impl Admin<'_> {\n    pub fn anything(self) {}\n}\n\
             pub struct Wrapper<S>(S);\n\
             impl<'a> Wrapper<&'a Service> {\n    pub fn anything(self) {}\n}\n\
             pub enum Handle<'a> {\n    Votes(Votes<'a>),\n    Other { door: Votes<'a> },\n}\n\
             pub enum Step {\n    Votes,\n    #[default]\n    Other(u8),\n}\n\
             static HELD: OnceLock<Arc<Service>> = OnceLock::new();\n\
             pub trait Sneak {\n    fn sneak(&self)\n    where\n        Self: Borrow<Service>;\n}\n\
             impl<T> Sneak for T {\n    fn sneak(&self) where Self: Borrow<Service> {}\n}",
        ),
        (
            "scheduler.rs",
            "struct Claim {\n    service: Arc<Service>,\n    game: GameId,\n}",
        ),
    ]);
    let held = "but is no door, so what uses it reaches them round the doors";
    assert_eq!(
        misplaced_methods(&files),
        [
            "games/admin.rs: impl<'a> Wrapper<&'a Service> is no door's but names Service: its \
             methods reach it round the doors"
                .to_string(),
            format!("games/admin.rs: Admin holds Service {held}"),
            format!("games/admin.rs: Handle holds Votes {held}"),
            format!("games/admin.rs: HELD holds Service {held}"),
            "games/admin.rs: the trait Sneak names Service: implemented for them without naming \
             them (`impl<T> Sneak for T`), its methods reach them round the doors"
                .to_string(),
        ],
    );
}

/// The core's own methods are pinned as they are declared, so that none
/// of them hands out what it should not.
#[test]
fn the_door_check_pins_the_cores_own_signatures() {
    let files = door_files(&[
        VOTES_DOOR,
        (
            "lib.rs",
            "impl Service {\n    pub fn now(&self) -> Millis {\n        0\n    }\n    \
             pub fn arrival(&self) -> Store {\n        self.store.clone()\n    }\n    \
             pub fn votes(&self) -> Votes<'_> {\n        Votes(self)\n    }\n}",
        ),
    ]);
    assert_eq!(
        misplaced_methods(&files),
        [
            "lib.rs: Service::arrival is `arrival(&self)->Store`, not the core's own \
             `arrival(&self,sent_at:Millis)->Arrival`"
        ],
    );
}
