//! holotable: holochess-style board games for Discord communities.
//!
//! Layers, each knowing only the ones above it in this list:
//! [`games`] (pure rules) → engine → render → store → service → discord / CLI;
//! [`i18n`], the catalogues of every text, is below them all.

pub mod discord;
pub mod engine;
pub mod games;
pub mod i18n;
pub mod render;
pub mod service;
pub mod store;
