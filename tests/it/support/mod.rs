//! What the integration tests share: databases on each backend, a store
//! and a service on them, games written straight into a store, perft data
//! files, a proxy to PostgreSQL, the `holotable` binary at a terminal, and the Discord stand-in
//! with the real bot against it.

pub mod backends;
pub mod browser;
pub mod discord_bot;
pub mod discord_standin;
pub mod discord_versus;
pub mod panic_tail;
pub mod perft_data;
pub mod pg_proxy;
pub mod service;
pub mod store_games;
pub mod terminal;
pub mod versus;
