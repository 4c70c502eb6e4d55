//! holotable's integration tests, gathered in one test binary.
//!
//! Every file directly under `tests/` is a binary of its own that links
//! the whole crate and its dependencies again, so each file there costs a
//! link on every build. Here each former file is a module (`cli`,
//! `service`, `discord_e2e`, …) and a test's name starts with its module:
//! `cargo test --test it discord_e2e::` runs one area. What the areas
//! share (a fresh database per backend, a store and a service, the Discord
//! stand-in and the bot) lives once in [`support`].

mod support;

mod adaptive;
mod calling;
mod channels;
mod channels_e2e;
mod cli;
mod cli_ranges;
mod dejarik;
mod dejarik_paths;
mod deliveries;
mod discord_burst;
mod discord_calling;
mod discord_commands;
mod discord_discussion;
mod discord_djambi_menus;
mod discord_e2e;
mod discord_languages;
mod discord_league_commands;
mod discord_leagues;
mod discord_match_languages;
mod discord_present;
mod discord_puzzles;
mod discord_scale;
mod discord_shards;
mod discord_suggestions;
mod discord_trust;
mod discord_versus;
mod discord_versus_shards;
mod discord_versus_tables;
mod discord_vote_stats;
mod discord_voters;
mod discussion;
mod djambi;
mod gotd;
mod holochess;
mod languages;
mod match_cli;
mod matches;
mod play;
mod play_overdue;
mod processes;
mod promises;
mod puzzle_cli;
mod puzzles;
mod render;
mod review;
mod service;
mod space_checkers;
mod store_open;
mod store_races;
mod suggestions;
mod terminal_errors;
mod versus;
mod versus_ratings;
mod versus_tables;
mod vote_groups;
mod vote_stats;
mod web;
mod web_browser;
