//! What the integration tests share: databases on each backend, a store
//! and a service on them, who acts on it and an engine whose moves a test
//! can predict, games written straight into a store, perft data files, a
//! proxy to PostgreSQL, the `holotable` binary at a terminal, and the
//! Discord stand-in with the real bot against it. Each need has one helper
//! here, so a change to what tests assume is made once.

pub mod actors;
pub mod backends;
pub mod browser;
pub mod discord_bot;
pub mod discord_standin;
pub mod discord_versus;
pub mod engines;
pub mod panic_tail;
pub mod perft_data;
pub mod pg_proxy;
pub mod service;
pub mod store_games;
pub mod terminal;
pub mod versus;
