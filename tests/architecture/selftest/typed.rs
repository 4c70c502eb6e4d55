//! Delivery typed end to end, on small sources: an adapter that decodes a
//! delivery's JSON, and a store that names a service word.

use super::modules_of;
use crate::source::without_comments_and_strings;
use crate::typed::{
    decoding_adapters, delivery_words, deserialisable_types, service_words_in_store,
};

/// The old delivery's ways of reading the service's JSON: the payload
/// decoded by type, a previous turn's progress decoded after the door
/// handed it over, and the terminal's through an imported `from_str`.
/// Decoding a platform's own answer, or naming a delivery without
/// decoding, is no such thing; nor is the store, which is no adapter.
#[test]
fn the_decoding_check_sees_an_adapter_read_a_deliverys_json() {
    let modules = modules_of(&[
        (
            "service::deliveries",
            "service",
            "#[derive(Clone, Serialize, Deserialize)]\npub struct Progress { text: Option<String> }\n\
             #[derive(Clone, Debug)]\npub struct Delivery { id: i64 }",
        ),
        (
            "service::announce",
            "service",
            "#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]\n\
             #[serde(tag = \"type\", rename_all = \"kebab-case\")]\npub enum Announcement { A }",
        ),
        (
            "discord::delivery",
            "",
            "use serde_json::{Value, json};\nimpl Deliverer {\n\
             async fn deliver(&self, row: &QueuedAnnouncement) -> Result<(), E> {\n\
             let announcement: Announcement =\n\
             serde_json::from_str(&row.payload).map_err(unreadable)?;\nOk(())\n}\n\
             async fn close_previous_turn(&self, game: GameId) -> Result<(), E> {\n\
             let Some(progress) = self.service.deliveries().previous_turn(game).await?\n\
             .and_then(|text| serde_json::from_str::<Progress>(&text).ok()) else {\n\
             return Ok(());\n};\nOk(())\n}\n\
             fn answer(text: &str) -> Value { serde_json::from_str::<Value>(text).unwrap_or(Value::Null) }\n\
             async fn done(&self, delivery: &Delivery) { self.service.deliveries().delivered(delivery).await }\n}",
        ),
        (
            "bin::cli::matches",
            "bin",
            "use serde_json::from_str;\n\
             async fn show_news(service: &Service) -> Result<(), E> {\n\
             for row in news { let a: MatchAnnouncement = from_str(&row.payload)?; }\nOk(())\n}\n\
             fn rules(text: &str) -> Value { serde_json::from_str(text).unwrap() }",
        ),
        (
            "web::game",
            "",
            "#[derive(serde::Deserialize)]\nstruct Query { kind: Option<String> }\n\
             fn query(text: &str) -> Query { serde_json::from_str(text).unwrap() }",
        ),
        (
            "store::outbox",
            "store",
            "fn read(payload: &str) -> Announcement { serde_json::from_str(payload).unwrap() }",
        ),
    ]);
    let words = delivery_words(&modules);
    assert!(words.contains("Progress") && words.contains("Announcement"));
    assert!(!words.contains("Delivery") && !words.contains("Query"));
    assert_eq!(
        decoding_adapters(&modules, &words),
        [
            "bin::cli::matches: fn show_news decodes {\"from_str\"} naming {\"payload\"}",
            "discord::delivery: fn deliver decodes {\"from_str\"} naming {\"Announcement\", \"payload\"}",
            "discord::delivery: fn close_previous_turn decodes {\"from_str\"} naming {\"Progress\", \"deliveries\"}",
        ]
    );
}

#[test]
fn a_deserialisable_type_is_read_through_other_attributes() {
    let source = without_comments_and_strings(
        "#[derive(Clone, Deserialize)]\n#[serde(rename_all = \"kebab-case\")]\n\
         pub(crate) enum Kind { A }\n#[derive(Serialize)]\nstruct Out;\n\
         #[derive(serde::Deserialize)] struct Query;",
    );
    assert_eq!(deserialisable_types(&source), ["Kind", "Query"]);
}

/// A kind the service owns, in the store's SQL or bound as a literal,
/// and a default only the service should decide; not the words the store
/// may know as another's: a message id (only named in `t!` or `tr`), a
/// catalogue's variant key, a lower layer's literal, punctuation.
#[test]
fn the_store_check_sees_a_service_word_in_its_sql_or_a_literal() {
    let service = "fn kind(&self) -> &'static str { match self { A => \"match-turn\", B => \"ballot-opened\" } }\n\
                   fn words(lang: Lang) -> String { t!(lang, \"voting-closes\", at = 1) }\n\
                   fn line(lang: Lang) -> String { holotable_i18n::tr(lang, \"puzzle-line\", None) }\n\
                   fn pick(lang: Lang) -> String { attr(lang, \"rank\") }\n\
                   fn status() -> Option<&'static str> { Some(\"withdrawn\") }\n\
                   const ZONE: &str = \"UTC\";\nfn join() -> &'static str { \", \" }";
    let lower = "pub fn as_str(self) -> &'static str { \"open\" }";
    let catalogue = "invitation = { $status ->\n    [withdrawn] Withdrawn.\n   *[other] Open.\n}\n";
    let store = "const TURN: &str = \"SELECT delivery_ref FROM outbox WHERE kind = 'match-turn' AND id < $1\";\n\
                 fn bind(query: Query) { query.bind(\"ballot-opened\"); }\n\
                 const OPEN: &str = \"SELECT 1 FROM ballots WHERE status = 'open'\";\n\
                 const GONE: &str = \"UPDATE invitations SET status = 'withdrawn'\";\n\
                 const SAID: &str = \"SELECT 'voting-closes', 'puzzle-line', 'rank'\";\n\
                 fn zone() -> String { \"UTC\".into() }\nfn join() -> &'static str { \", \" }";
    assert_eq!(
        service_words_in_store(
            &[service],
            &[lower],
            &[catalogue],
            &[("outbox.rs".to_string(), store.to_string())],
        ),
        [
            "outbox.rs: 'match-turn'",
            "outbox.rs: \"ballot-opened\"",
            "outbox.rs: 'rank'",
            "outbox.rs: \"UTC\"",
        ]
    );
}
