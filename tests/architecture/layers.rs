//! The rules the graph is held to: which layers each layer may use, and
//! which modules of one layer may not use which others.

use crate::graph::Graph;
use crate::source::{module_path, shown};

/// The top-level modules each layer may use, lowest layer first.
pub const LAYERS: [(&str, &[&str]); 12] = [
    ("i18n", &[]),
    // Leagues' pure rules: nothing of holotable below them, so the records
    // above (model, store) may name their entrants, rounds and results.
    ("leagues", &[]),
    ("games", &["i18n"]),
    ("engine", &["i18n", "games"]),
    ("puzzle", &["i18n", "games", "engine"]),
    ("model", &["i18n", "leagues", "games"]),
    ("render", &["i18n", "games"]),
    ("store", &["i18n", "leagues", "games", "model"]),
    (
        "service",
        &[
            "i18n", "leagues", "games", "engine", "puzzle", "model", "render", "store",
        ],
    ),
    // The adapters: the store is not theirs to use, only the service. The
    // bot and the pages are siblings that know nothing of each other; the
    // binary starts both.
    (
        "discord",
        &[
            "i18n", "leagues", "games", "engine", "puzzle", "model", "render", "service",
        ],
    ),
    (
        "web",
        &[
            "i18n", "leagues", "games", "engine", "puzzle", "model", "render", "service",
        ],
    ),
    (
        "bin",
        &[
            "i18n", "leagues", "games", "engine", "puzzle", "model", "render", "service",
            "discord", "web",
        ],
    ),
];

/// Each use in `graph` of a layer that the user's layer may not use, as
/// "user uses used", and each module in no layer at all, whose uses
/// nobody would check. The adapters' library's root, the empty path, is
/// in none: it only declares the adapters and gives the layers' crates
/// their names, and a path through it is followed to where it leads.
pub fn layer_breaches(graph: &Graph) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, uses) in graph {
        let Some(layer) = module.first() else {
            continue;
        };
        let Some((_, allowed)) = LAYERS.iter().find(|(name, _)| name == layer) else {
            wrong.push(format!("{} is in no layer", shown(module)));
            continue;
        };
        for used in uses {
            let Some(target) = used.first() else { continue };
            let is_layer = LAYERS.iter().any(|(name, _)| name == target);
            if is_layer && target != layer && !allowed.contains(&target.as_str()) {
                wrong.push(format!("{} uses {}", shown(module), shown(used)));
            }
        }
    }
    wrong
}

/// Modules of one layer that may not use others, each pair read "the
/// first may not use the second". What two of them both need lives in a
/// third that both use: Discord's commands (what members ask) and its
/// delivery (what a channel is told) share `discord::layout`, which in
/// turn knows neither, so a layout is the same whoever shows it.
pub const APART: [(&str, &str); 4] = [
    ("discord::commands", "discord::delivery"),
    ("discord::delivery", "discord::commands"),
    ("discord::layout", "discord::commands"),
    ("discord::layout", "discord::delivery"),
];

/// Each use in `graph` that [`APART`] forbids.
pub fn apart_breaches(graph: &Graph) -> Vec<String> {
    let mut wrong = Vec::new();
    for (user, used) in APART.map(|(a, b)| (module_path(a), module_path(b))) {
        for (module, uses) in graph {
            if !module.starts_with(&user) {
                continue;
            }
            for target in uses.iter().filter(|target| target.starts_with(&used)) {
                wrong.push(format!("{} uses {}", shown(module), shown(target)));
            }
        }
    }
    wrong
}
