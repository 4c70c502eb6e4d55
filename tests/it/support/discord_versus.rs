//! Community against community through the bot: a challenge, its code
//! and its acceptance, each side's ballots, and a way of voting that ends
//! a game in a handful of moves.

use crate::support::discord_bot::SPACE_CHECKERS;
use crate::support::discord_standin::{Posted, StandIn};

use serde_json::{Value, json};
use std::collections::HashSet;

pub fn subcommand(name: &str, options: Value) -> Value {
    json!([{ "name": name, "type": 1, "options": options }])
}

pub fn challenge_options(vote: &str, public: bool) -> Value {
    subcommand(
        "challenge",
        json!([
            { "name": "game", "type": 4, "value": SPACE_CHECKERS },
            { "name": "vote", "type": 3, "value": vote },
            { "name": "public", "type": 5, "value": public },
        ]),
    )
}

pub fn accept_options(code: &str) -> Value {
    subcommand(
        "accept",
        json!([{ "name": "code", "type": 3, "value": code }]),
    )
}

/// The code a challenge's answer shows in bold: `ABCD-EFGH`.
pub fn code_in(text: &str) -> String {
    let code = text.split("**").nth(1).unwrap_or_default().to_string();
    assert!(
        code.len() == 9 && code.as_bytes()[4] == b'-',
        "no code in {text}"
    );
    code
}

pub fn in_channel(standin: &StandIn, channel: u64) -> Vec<Posted> {
    standin
        .messages()
        .into_iter()
        .filter(|m| m.channel == channel)
        .collect()
}

/// A live ballot menu in `channel` not in `seen`.
pub fn live_menu(standin: &StandIn, channel: u64, seen: &HashSet<u64>) -> Option<Posted> {
    in_channel(standin, channel)
        .into_iter()
        .find(|m| !seen.contains(&m.id) && !m.menu_options().is_empty())
}

/// White heads for the end (captures, then straight walks inward); black
/// avoids captures, so the game ends in a handful of ballots.
pub fn choose(options: &[(String, String)], white: bool) -> (String, String) {
    let straight = |mv: &str| {
        let (from, to) = mv.split_once('-').unwrap_or((mv, ""));
        from.starts_with('A') && to.starts_with('B') && from[1..] == to[1..]
    };
    let score = |mv: &str| match (white, mv) {
        (true, mv) if mv.contains('x') => 0,
        (true, mv) if straight(mv) => 1,
        (true, mv) if mv.contains("-C") => 2,
        (true, _) => 3,
        (false, mv) if mv.contains('x') => 1,
        (false, _) => 0,
    };
    options
        .iter()
        .min_by_key(|(_, mv)| score(mv))
        .cloned()
        .expect("a ballot has options")
}
