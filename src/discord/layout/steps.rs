//! The menus of a turn with more moves than one menu holds: a piece
//! first, then its moves, or, for a piece with more moves than one message
//! holds, its destinations and then the moves to one of them. Ballots and
//! matches name the menus their own way (`move_id`, `step_id`).

use super::components::Menu;
use super::limits::{MENU_OPTIONS, MESSAGE_ROWS};
use crate::i18n::Lang;
use crate::service::{destination_of, piece_of};
use crate::t;

/// Every move must stay reachable: a piece whose moves fit one message
/// lists them; one with more (a Djambi killer has each kill times every
/// corpse square) lists its destinations, each opening its follow-ups.
/// `move_id` and `step_id` name the menus by index; move menus start at 1
/// so they never share an id with the ballot's own first menu.
pub fn piece_step(
    lang: Lang,
    legal: &[String],
    piece: &str,
    placeholder: &str,
    move_id: impl Fn(usize) -> String,
    step_id: impl Fn(usize) -> String,
) -> Vec<Menu> {
    let moves: Vec<String> = legal
        .iter()
        .filter(|mv| piece_of(mv) == piece)
        .cloned()
        .collect();
    if moves.len() <= MENU_OPTIONS * MESSAGE_ROWS {
        return move_menus(&moves, placeholder, move_id);
    }
    let destinations = groups(&moves, destination_of);
    if destinations.len() > MENU_OPTIONS * MESSAGE_ROWS {
        tracing::warn!(
            destinations = destinations.len(),
            "more destinations than menus can hold; /vote covers the rest"
        );
    }
    destinations
        .chunks(MENU_OPTIONS)
        .take(MESSAGE_ROWS)
        .enumerate()
        .map(|(index, chunk)| Menu {
            custom_id: step_id(index),
            placeholder: t!(lang, "menu-pick-destination"),
            options: chunk
                .iter()
                .map(|(destination, count)| {
                    (group_label(lang, destination, *count), destination.clone())
                })
                .collect(),
        })
        .collect()
}

/// The moves whose destination is `destination` (empty for none).
pub fn destination_step(
    legal: &[String],
    destination: &str,
    placeholder: &str,
    move_id: impl Fn(usize) -> String,
) -> Vec<Menu> {
    let moves: Vec<String> = legal
        .iter()
        .filter(|mv| destination_of(mv) == destination)
        .cloned()
        .collect();
    if moves.len() > MENU_OPTIONS * MESSAGE_ROWS {
        tracing::warn!(
            moves = moves.len(),
            "more moves to one square than menus can hold; /vote covers the rest"
        );
    }
    move_menus(&moves, placeholder, move_id)
}

fn move_menus(moves: &[String], placeholder: &str, move_id: impl Fn(usize) -> String) -> Vec<Menu> {
    moves
        .chunks(MENU_OPTIONS)
        .take(MESSAGE_ROWS)
        .enumerate()
        .map(|(index, chunk)| Menu {
            custom_id: move_id(index + 1),
            placeholder: placeholder.to_string(),
            options: chunk.iter().map(|mv| (mv.clone(), mv.clone())).collect(),
        })
        .collect()
}

/// A group's menu label: its name and how many moves it holds.
pub fn group_label(lang: Lang, name: &str, count: usize) -> String {
    t!(lang, "menu-group", name = name, count = count)
}

/// Each piece with its number of moves, in the order of the legal list.
pub fn pieces(legal: &[String]) -> Vec<(String, usize)> {
    groups(legal, piece_of)
}

/// The distinct keys of `moves` with their counts, in first-seen order.
fn groups(moves: &[String], key: fn(&str) -> &str) -> Vec<(String, usize)> {
    let mut groups: Vec<(String, usize)> = Vec::new();
    for mv in moves {
        let group = key(mv);
        match groups.iter_mut().find(|(g, _)| g == group) {
            Some((_, count)) => *count += 1,
            None => groups.push((group.to_string(), 1)),
        }
    }
    groups
}
