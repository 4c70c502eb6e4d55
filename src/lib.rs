//! holotable: holochess-style board games for Discord communities.
//!
//! The layers are the workspace's crates, each knowing only the ones
//! before it in this list: `holotable-i18n` (every text), `holotable-games`
//! (pure rules and the engine), `holotable-model` (the records kept, as
//! plain data), `holotable-render` and `holotable-store`,
//! `holotable-service` (the use cases); this package holds the adapters
//! ([`discord`] here, the terminal in the binary). The names below keep
//! one path for each layer for the adapters, the tests and the benches.
//! The store is not among them: this package does not depend on it, so
//! an adapter reaches the database only through the service.

pub mod discord;
pub mod web;

pub use holotable_games::{self as games, engine, with_game};
pub use holotable_i18n::{self as i18n, t};
pub use holotable_model as model;
pub use holotable_render as render;
pub use holotable_service as service;
