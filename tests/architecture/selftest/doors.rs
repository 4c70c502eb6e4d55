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
fn door_files(files: &[(&str, &str)]) -> Vec<(String, String)> {
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
            "games/nested.rs: Ext for Service gives it methods round the doors; put them on its \
             feature's door",
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
