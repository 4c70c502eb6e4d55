//! The layers and the modules kept apart, on small graphs.

use super::graph_of_sources;
use crate::layers::{apart_breaches, layer_breaches};
use crate::source::module_path;

/// The pages may use the service and below, never the store, the bot or
/// the binary; the bot may not use the pages, not even through a
/// re-export at the library's root; the binary may use both.
#[test]
fn the_layer_check_keeps_the_pages_and_the_bot_apart() {
    let mut graph = graph_of_sources(&[
        (
            "",
            "",
            "pub mod discord;\npub mod web;\npub use holotable_service as service;\npub use web::page_url;",
        ),
        ("web", "", "mod game;\nmod live;\npub struct Port;"),
        (
            "web::game",
            "",
            "use crate::service::Service;\nuse holotable_store::Store;",
        ),
        ("web::live", "", "use crate::discord::Data;"),
        ("discord", "", "pub struct Data;"),
        (
            "discord::pages",
            "",
            "let url = crate::page_url(base, token);",
        ),
        ("discord::bot", "", "use crate::web::Port;"),
        ("service", "service", "pub struct Service;"),
        ("store", "store", "pub struct Store;"),
        ("bin", "bin", "mod cli;"),
        (
            "bin::cli",
            "bin",
            "use holotable::web::Port;\nuse holotable::discord::Data;",
        ),
    ]);
    // The library cannot name the binary, so no source can write this use.
    graph
        .entry(module_path("web::live"))
        .or_default()
        .insert(module_path("bin::cli"));
    let mut found = layer_breaches(&graph);
    found.sort();
    assert_eq!(
        found,
        [
            "discord::bot uses web",
            "discord::pages uses web",
            "web::game uses store",
            "web::live uses bin::cli",
            "web::live uses discord",
        ]
    );
}

/// Rust lets a module's descendants name what it brings in with any
/// `use`, private or glob, so `crate::page_url` reaches the pages whether
/// the library's root re-exports it, imports it privately or takes all of
/// `web` with a glob.
#[test]
fn the_layer_check_sees_a_use_through_an_ancestors_private_or_glob_import() {
    for import in [
        "pub use web::page_url;",
        "use web::page_url;",
        "use crate::web::{page_url as url};",
        "pub use web::*;",
        "use self::web::*;",
    ] {
        let root = format!("pub mod discord;\npub mod web;\n{import}");
        let call = if import.contains(" as url") {
            "let link = crate::url(base, token);"
        } else {
            "let link = crate::page_url(base, token);"
        };
        let graph = graph_of_sources(&[
            ("", "", &root),
            ("web", "", "pub fn page_url() {}"),
            ("discord", "", "mod pages;"),
            ("discord::pages", "", call),
        ]);
        assert_eq!(
            layer_breaches(&graph),
            ["discord::pages uses web"],
            "through `{import}`"
        );
    }
}

#[test]
fn the_apart_check_catches_either_direction_and_a_re_export() {
    let graph = graph_of_sources(&[
        (
            "discord",
            "",
            "mod commands;\nmod delivery;\nmod layout;\npub use delivery::DEFAULT_BOARD_SIZE;",
        ),
        ("discord::commands", "", "mod puzzle;\nmod vote;"),
        (
            "discord::commands::puzzle",
            "",
            "use crate::discord::delivery::attachments;\nuse crate::discord::layout::puzzles::vote_buttons;\n\
             pub struct Solve;",
        ),
        (
            "discord::commands::vote",
            "",
            "let size = crate::discord::DEFAULT_BOARD_SIZE;",
        ),
        (
            "discord::delivery",
            "",
            "mod puzzles;\npub const DEFAULT_BOARD_SIZE: u32 = 640;",
        ),
        (
            "discord::delivery::puzzles",
            "",
            "use super::super::commands::puzzle::Solve;\nuse crate::discord::layout::puzzles::vote_buttons;",
        ),
        ("discord::layout", "", "pub mod puzzles;"),
        ("discord::layout::puzzles", "", "pub fn vote_buttons() {}"),
    ]);
    let mut found = apart_breaches(&graph);
    found.sort();
    assert_eq!(
        found,
        [
            "discord::commands::puzzle uses discord::delivery",
            "discord::commands::vote uses discord::delivery",
            "discord::delivery::puzzles uses discord::commands::puzzle",
        ]
    );
}

/// The same through a private or glob import in Discord's root, which is
/// where wiring the bot would put one.
#[test]
fn the_apart_check_sees_a_use_through_a_private_or_glob_import() {
    for import in ["use delivery::attachments;", "pub(crate) use delivery::*;"] {
        let root = format!("mod commands;\nmod delivery;\n{import}");
        let graph = graph_of_sources(&[
            ("discord", "", &root),
            ("discord::commands", "", "mod puzzle;\nmod vote;"),
            (
                "discord::commands::puzzle",
                "",
                "let files = super::super::attachments(board);",
            ),
            (
                "discord::commands::vote",
                "",
                "use crate::discord::attachments;",
            ),
            ("discord::delivery", "", "pub fn attachments() {}"),
        ]);
        let mut found = apart_breaches(&graph);
        found.sort();
        assert_eq!(
            found,
            [
                "discord::commands::puzzle uses discord::delivery",
                "discord::commands::vote uses discord::delivery",
            ],
            "through `{import}`"
        );
    }
}

/// A module whose first name is in no layer would have no rules, so its
/// uses would go unchecked: it is an error itself. The library's root is
/// the one module in none.
#[test]
fn the_layer_check_refuses_a_module_in_no_layer() {
    let graph = graph_of_sources(&[
        ("", "", "pub mod discord;\npub mod tools;"),
        ("discord", "", "pub struct Data;"),
        ("tools", "", "mod export;"),
        ("tools::export", "", "use crate::discord::Data;"),
    ]);
    assert_eq!(
        layer_breaches(&graph),
        ["tools is in no layer", "tools::export is in no layer"]
    );
}

/// Discord's layouts are what commands and delivery share, so they know
/// neither: the other way round, a layout would be drawn for one of them.
#[test]
fn the_apart_check_keeps_the_layouts_from_commands_and_delivery() {
    let graph = graph_of_sources(&[
        ("discord", "", "mod commands;\nmod delivery;\nmod layout;"),
        ("discord::commands", "", "mod vote;"),
        (
            "discord::commands::vote",
            "",
            "use crate::discord::layout::ballots::buttons;",
        ),
        (
            "discord::delivery",
            "",
            "pub const LIMIT: usize = 2000;\nuse super::layout::ballots;",
        ),
        ("discord::layout", "", "pub mod ballots;"),
        (
            "discord::layout::ballots",
            "",
            "use crate::discord::commands::vote::Choice;\n\
             let cut = super::super::delivery::LIMIT;\npub fn buttons() {}",
        ),
    ]);
    let mut found = apart_breaches(&graph);
    found.sort();
    assert_eq!(
        found,
        [
            "discord::layout::ballots uses discord::commands::vote",
            "discord::layout::ballots uses discord::delivery",
        ]
    );
}
