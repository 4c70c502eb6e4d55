//! How a ballot looks on Discord, as request bodies: a native poll when the
//! featured options are every legal move (at most 10) and the vote is long
//! enough, otherwise select menus. Pure functions, so the rules are tested
//! without a network.
//!
//! Menu custom ids name the ballot (`hv:GAME:PLY:N` votes for the chosen
//! move, `hp:GAME:PLY:N` picks a piece first, `hd:GAME:PLY:N` a
//! destination when the piece has more moves than one message holds), so a
//! click on an old message is refused by the service instead of counting
//! on a newer ballot.

use super::components::{Menu, select_row};
use super::limits::{MENU_OPTIONS, MESSAGE_ROWS};
use super::steps::{destination_step, group_label, piece_step, pieces};
use crate::i18n::Lang;
use crate::model::{BallotFormat, BallotId, BallotState, GameId, Millis, PostStyle};
use crate::service::MAX_FEATURED;
use crate::service::text::{self, relative_time};
use crate::t;
use serde_json::{Value, json};

/// Poll answers may hold at most this many characters.
const POLL_ANSWER_CHARS: usize = 55;
/// A poll lasts at most 32 days.
const POLL_MAX_HOURS: i64 = 768;
const HOUR: Millis = 3_600_000;

/// A menu interaction, decoded from its custom id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuAction {
    /// The chosen value is a move to vote for.
    Vote(BallotId),
    /// The chosen value is a piece; show its moves (or destinations).
    Piece(BallotId),
    /// The chosen value is a destination; show the moves going there.
    Destination(BallotId),
}

impl MenuAction {
    /// Reads a custom id written by [`menu_id`]; `None` for anything else.
    pub fn parse(custom_id: &str) -> Option<MenuAction> {
        let mut parts = custom_id.split(':');
        let kind = parts.next()?;
        let game = parts.next()?.parse().ok()?;
        let ply = parts.next()?.parse().ok()?;
        let ballot = BallotId {
            game: GameId(game),
            ply,
        };
        match kind {
            "hv" => Some(MenuAction::Vote(ballot)),
            "hp" => Some(MenuAction::Piece(ballot)),
            "hd" => Some(MenuAction::Destination(ballot)),
            _ => None,
        }
    }
}

fn menu_id(kind: &str, ballot: BallotId, index: usize) -> String {
    format!("{kind}:{}:{}:{index}", ballot.game.0, ballot.ply)
}

/// The game's ballot format decides; under `auto` the native poll is used
/// when it can show every legal move and lasts at least `poll_min_ms`
/// (Discord polls run in whole hours; shorter votes end theirs early with
/// the expire endpoint, so the minimum is a setting). A game started with
/// `ballot:poll` asked for polls, so it gets one whatever their length.
pub fn style_for(
    ballot: &BallotState,
    format: BallotFormat,
    now: Millis,
    poll_min_ms: Millis,
) -> PostStyle {
    match format {
        BallotFormat::Menus => return PostStyle::Menu,
        BallotFormat::Poll if !ballot.featured.is_empty() => return PostStyle::Poll,
        BallotFormat::Poll | BallotFormat::Auto => {}
    }
    let all_featured = ballot.featured.len() == ballot.legal.len();
    if all_featured
        && ballot.legal.len() <= MAX_FEATURED
        && !ballot.legal.is_empty()
        && ballot.deadline - now >= poll_min_ms
    {
        PostStyle::Poll
    } else {
        PostStyle::Menu
    }
}

/// The ballot message body (without nonce and mentions, which the sender
/// adds).
pub fn ballot_body(lang: Lang, ballot: &BallotState, style: PostStyle, now: Millis) -> Value {
    let close = t!(
        lang,
        "voting-closes",
        closes = relative_time(ballot.deadline)
    );
    match style {
        PostStyle::Poll => {
            let hours = ((ballot.deadline - now + HOUR - 1) / HOUR).clamp(1, POLL_MAX_HOURS);
            let answers: Vec<Value> = ballot
                .featured
                .iter()
                .enumerate()
                .map(|(i, mv)| {
                    let text: String = format!("{}. {mv}", i + 1)
                        .chars()
                        .take(POLL_ANSWER_CHARS)
                        .collect();
                    json!({ "poll_media": { "text": text } })
                })
                .collect();
            let how = if ballot.featured.len() == ballot.legal.len() {
                t!(lang, "poll-how-all")
            } else {
                t!(lang, "poll-how-featured", legal = ballot.legal.len())
            };
            let question = t!(lang, "poll-question", move = ballot.id.ply + 1);
            json!({
                "content": text::sentences(lang, &[how, close]),
                "poll": {
                    "question": { "text": question },
                    "answers": answers,
                    "duration": hours,
                    "allow_multiselect": false,
                    "layout_type": 1,
                },
            })
        }
        PostStyle::Menu => json!({
            "content": format!("{}\n{close}", tally_text(lang, ballot, &[])),
            "components": menu_rows(lang, ballot),
        }),
    }
}

/// The menus of a ballot message: one menu of every move when they fit,
/// otherwise the featured options and a "pick a piece" menu (the second
/// step then shows that piece's moves, see [`piece_menus`]).
pub fn menu_rows(lang: Lang, ballot: &BallotState) -> Vec<Value> {
    let label = |mv: &String| match ballot.featured.iter().position(|f| f == mv) {
        Some(i) => format!("#{} {mv}", i + 1),
        None => mv.clone(),
    };
    if ballot.legal.len() <= MENU_OPTIONS {
        let mut moves = ballot.featured.clone();
        moves.extend(
            ballot
                .legal
                .iter()
                .filter(|mv| !ballot.featured.contains(mv))
                .cloned(),
        );
        let options: Vec<Value> = moves
            .iter()
            .map(|mv| json!({ "label": label(mv), "value": mv }))
            .collect();
        return vec![select_row(
            menu_id("hv", ballot.id, 0),
            &t!(lang, "menu-vote-move"),
            options,
        )];
    }
    let mut rows = Vec::new();
    let featured: Vec<Value> = ballot
        .featured
        .iter()
        .map(|mv| json!({ "label": label(mv), "value": mv }))
        .collect();
    if !featured.is_empty() {
        rows.push(select_row(
            menu_id("hv", ballot.id, 0),
            &t!(lang, "menu-vote-option"),
            featured,
        ));
    }
    let pieces = pieces(&ballot.legal);
    for (index, chunk) in pieces.chunks(MENU_OPTIONS).enumerate() {
        if rows.len() == MESSAGE_ROWS {
            tracing::warn!(
                pieces = pieces.len(),
                "more pieces than menus can hold; /vote covers the rest"
            );
            break;
        }
        let options: Vec<Value> = chunk
            .iter()
            .map(|(piece, count)| json!({ "label": group_label(lang, piece, *count), "value": piece }))
            .collect();
        rows.push(select_row(
            menu_id("hp", ballot.id, index),
            &t!(lang, "menu-pick-piece"),
            options,
        ));
    }
    rows
}

/// The mark a menu entry of a suggested move carries.
pub const SUGGESTED: &str = "💬";

/// Marks, in a ballot's menus (`rows`), the entries of the `suggested`
/// moves, so a member picking sees which moves were argued for.
pub fn mark_suggested(rows: &mut [Value], suggested: &[&str]) {
    for row in rows {
        for menu in row["components"].as_array_mut().into_iter().flatten() {
            for option in menu["options"].as_array_mut().into_iter().flatten() {
                let chosen = option["value"]
                    .as_str()
                    .is_some_and(|v| suggested.contains(&v));
                if chosen && let Some(label) = option["label"].as_str() {
                    option["label"] = json!(format!("{SUGGESTED} {label}"));
                }
            }
        }
    }
}

/// The second step: menus of one piece's moves, or of its destinations
/// when its moves overflow one message (empty for no such piece).
pub fn piece_menus(lang: Lang, ballot: &BallotState, piece: &str) -> Vec<Menu> {
    piece_step(
        lang,
        &ballot.legal,
        piece,
        &t!(lang, "menu-vote-move"),
        |index| menu_id("hv", ballot.id, index),
        |index| menu_id("hd", ballot.id, index),
    )
}

/// The third step of an overflowing piece: the moves to one destination.
pub fn destination_menus(lang: Lang, ballot: &BallotState, destination: &str) -> Vec<Menu> {
    destination_step(
        &ballot.legal,
        destination,
        &t!(lang, "menu-vote-move"),
        |index| menu_id("hv", ballot.id, index),
    )
}

/// A menu ballot's message once voting ends: the result when there is one
/// ("**Move 3**: voting has closed. The community played A1-B1 (3 of 4
/// votes). I reply A7-B7.").
pub fn closed_menu_text(lang: Lang, ply: u32, result: Option<&str>) -> String {
    let head = t!(lang, "menu-closed", move = ply + 1);
    text::sentences(lang, &[head, result.unwrap_or_default().to_string()])
}

/// The live tally line of a menu ballot: the leading moves and the count.
pub fn tally_text(lang: Lang, ballot: &BallotState, tally: &[(String, u32)]) -> String {
    let total: u32 = tally.iter().map(|(_, n)| n).sum();
    let number = ballot.id.ply + 1;
    if total == 0 {
        return t!(lang, "menu-tally-none", move = number);
    }
    t!(
        lang,
        "menu-tally",
        move = number,
        total = total,
        leaders = leaders_text(tally)
    )
}

/// The most voters a hidden tally names; the rest are counted.
const VOTERS_NAMED: usize = 20;

/// The tally line of a menu ballot whose votes stay hidden until the
/// close: who voted, never for what.
pub fn hidden_tally_text(lang: Lang, ballot: &BallotState, voters: &[String]) -> String {
    let number = ballot.id.ply + 1;
    if voters.is_empty() {
        return t!(lang, "menu-tally-none", move = number);
    }
    let mut named: Vec<String> = voters
        .iter()
        .take(VOTERS_NAMED)
        .map(|id| format!("<@{id}>"))
        .collect();
    if voters.len() > VOTERS_NAMED {
        named.push(t!(lang, "voters-more", count = voters.len() - VOTERS_NAMED));
    }
    t!(
        lang,
        "menu-tally-hidden",
        move = number,
        total = voters.len(),
        members = named.join(", ")
    )
}

/// The leading moves of a tally with their votes: "A1-B1 3, A2-B2 1".
/// Notation and digits read the same in every language.
pub fn leaders_text(tally: &[(String, u32)]) -> String {
    let leaders: Vec<String> = tally
        .iter()
        .take(5)
        .map(|(mv, n)| format!("{mv} {n}"))
        .collect();
    leaders.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::games::djambi::{Djambi, Rules};
    use crate::model::BallotStatus;
    use crate::service::piece_of;
    use std::collections::BTreeSet;

    fn ballot(legal: usize, featured: usize, deadline: Millis) -> BallotState {
        let legal: Vec<String> = (0..legal)
            .map(|i| format!("A{}-B{}", i / 3 + 1, i % 3 + 1))
            .collect();
        ballot_of(legal, featured, deadline)
    }

    fn ballot_of(legal: Vec<String>, featured: usize, deadline: Millis) -> BallotState {
        BallotState {
            id: BallotId {
                game: GameId(3),
                ply: 4,
            },
            seat: 0,
            featured: legal.iter().take(featured).cloned().collect(),
            legal,
            ranking: Vec::new(),
            opened_at: 0,
            votes_open_at: None,
            deadline,
            extensions: 0,
            status: BallotStatus::Open,
            winner: None,
            tally: None,
            tie_broken: false,
            closed_at: None,
        }
    }

    #[test]
    fn polls_need_every_move_featured_and_a_long_enough_vote() {
        let auto = BallotFormat::Auto;
        assert_eq!(
            style_for(&ballot(8, 8, HOUR), auto, 0, HOUR),
            PostStyle::Poll
        );
        assert_eq!(
            style_for(&ballot(8, 8, HOUR - 1), auto, 0, HOUR),
            PostStyle::Menu
        );
        assert_eq!(
            style_for(&ballot(12, 10, HOUR), auto, 0, HOUR),
            PostStyle::Menu
        );
    }

    #[test]
    fn a_chosen_format_overrides_the_automatic_rule() {
        let poll = BallotFormat::Poll;
        assert_eq!(
            style_for(&ballot(12, 10, HOUR), poll, 0, HOUR),
            PostStyle::Poll
        );
        assert_eq!(
            style_for(&ballot(8, 8, 60_000), poll, 0, HOUR),
            PostStyle::Poll
        );
        assert_eq!(
            style_for(&ballot(1, 0, HOUR), poll, 0, HOUR),
            PostStyle::Menu
        );
        let menus = BallotFormat::Menus;
        assert_eq!(
            style_for(&ballot(8, 8, HOUR), menus, 0, HOUR),
            PostStyle::Menu
        );
    }

    #[test]
    fn a_poll_of_some_moves_says_the_others_are_votable_by_command() {
        let body = ballot_body(Lang::En, &ballot(12, 10, HOUR), PostStyle::Poll, 0);
        let content = body["content"].as_str().unwrap();
        assert!(
            content.starts_with(
                "Vote in the poll for a numbered option, or with `/vote` for any of the 12 legal moves."
            ),
            "{content}"
        );
        assert_eq!(body["poll"]["answers"].as_array().unwrap().len(), 10);
        let all = ballot_body(Lang::En, &ballot(3, 3, HOUR), PostStyle::Poll, 0);
        assert!(
            all["content"]
                .as_str()
                .unwrap()
                .starts_with("Vote in the poll, or with `/vote`.")
        );
    }

    #[test]
    fn a_poll_has_numbered_answers_and_whole_hours() {
        let body = ballot_body(Lang::En, &ballot(3, 3, 90 * 60_000), PostStyle::Poll, 0);
        assert_eq!(body["poll"]["duration"], 2);
        assert_eq!(body["poll"]["answers"][2]["poll_media"]["text"], "3. A1-B3");
    }

    #[test]
    fn suggested_moves_are_marked_in_the_menus_and_nothing_else() {
        let ballot = ballot(6, 6, 0);
        let mut rows = menu_rows(Lang::En, &ballot);
        let suggested = ballot.legal[1].clone();
        mark_suggested(&mut rows, &[suggested.as_str()]);
        let labels: Vec<String> = rows[0]["components"][0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["label"].as_str().unwrap().to_string())
            .collect();
        let marked: Vec<&String> = labels.iter().filter(|l| l.starts_with(SUGGESTED)).collect();
        assert_eq!(marked, vec![&format!("{SUGGESTED} #2 {suggested}")]);
    }

    #[test]
    fn large_ballots_pick_a_piece_first() {
        let big = ballot(40, 10, HOUR);
        let rows = menu_rows(Lang::En, &big);
        let first = &rows[0]["components"][0];
        assert_eq!(first["custom_id"], "hv:3:4:0");
        assert_eq!(first["options"].as_array().unwrap().len(), 10);
        let piece = &rows[1]["components"][0];
        assert_eq!(piece["custom_id"], "hp:3:4:0");
        assert_eq!(piece["options"][0]["label"], "A1 (3 moves)");
        let second = piece_menus(Lang::En, &big, "A2");
        assert_eq!(second[0].options[1].1, "A2-B2");
        assert_eq!(second[0].custom_id, "hv:3:4:1");
        assert!(piece_menus(Lang::En, &big, "Z9").is_empty());
        assert_eq!(
            MenuAction::parse("hp:3:4:0"),
            Some(MenuAction::Piece(big.id))
        );
        assert_eq!(MenuAction::parse("hv:x:4:0"), None);
    }

    #[test]
    fn small_ballots_fit_one_menu_featured_first() {
        let rows = menu_rows(Lang::En, &ballot(20, 10, HOUR));
        assert_eq!(rows.len(), 1);
        let options = rows[0]["components"][0]["options"].as_array().unwrap();
        assert_eq!(options.len(), 20);
        assert_eq!(options[0]["label"], "#1 A1-B1");
        assert_eq!(options[10]["label"], "A4-B2");
    }

    /// A Djambi position where the Red Leader on E3 can kill three
    /// Militants, each kill with a corpse for any empty square: far more
    /// moves than one message of menus holds, and a Militant on A9.
    fn killer_legal() -> Vec<String> {
        let text = "GL7YL/9/1YM2RL2GM1/9/9/4BM4/9/9/RM7BL R RBYG 0";
        let game = Djambi::from_position(&Rules::default(), text).unwrap();
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        moves.into_iter().map(|mv| game.move_notation(mv)).collect()
    }

    fn values(menus: &[Menu]) -> Vec<String> {
        assert!(menus.len() <= MESSAGE_ROWS, "{} menus", menus.len());
        for menu in menus {
            assert!(menu.options.len() <= MENU_OPTIONS, "{}", menu.custom_id);
            assert!(!menu.options.is_empty(), "{}", menu.custom_id);
        }
        menus
            .iter()
            .flat_map(|m| m.options.iter().map(|(_, value)| value.clone()))
            .collect()
    }

    #[test]
    fn every_move_of_an_overflowing_piece_is_reachable_through_destinations() {
        let legal = killer_legal();
        let leader = legal.iter().filter(|mv| piece_of(mv) == "LE3").count();
        assert!(leader > MENU_OPTIONS * MESSAGE_ROWS, "only {leader} moves");
        let big = ballot_of(legal.clone(), 10, HOUR);
        let rows = menu_rows(Lang::En, &big);
        assert!(rows.len() <= MESSAGE_ROWS);
        let mut reached = BTreeSet::new();
        let mut third_steps = 0;
        for row in &rows {
            let menu = &row["components"][0];
            let options = menu["options"].as_array().unwrap();
            assert!(options.len() <= MENU_OPTIONS);
            let id = menu["custom_id"].as_str().unwrap();
            for option in options {
                let value = option["value"].as_str().unwrap();
                match MenuAction::parse(id) {
                    Some(MenuAction::Vote(_)) => {
                        reached.insert(value.to_string());
                    }
                    Some(MenuAction::Piece(_)) => {
                        let second = piece_menus(Lang::En, &big, value);
                        for (menu, chosen) in second
                            .iter()
                            .flat_map(|m| m.options.iter().map(move |(_, v)| (m, v.clone())))
                        {
                            match MenuAction::parse(&menu.custom_id) {
                                Some(MenuAction::Vote(_)) => {
                                    reached.insert(chosen);
                                }
                                Some(MenuAction::Destination(_)) => {
                                    third_steps += 1;
                                    reached.extend(values(&destination_menus(
                                        Lang::En,
                                        &big,
                                        &chosen,
                                    )));
                                }
                                other => panic!("{other:?} in a second step"),
                            }
                        }
                        values(&second);
                    }
                    other => panic!("{other:?} on the ballot message"),
                }
            }
        }
        assert!(
            third_steps > 0,
            "the Leader's moves should need a third step"
        );
        let legal: BTreeSet<String> = legal.into_iter().collect();
        assert_eq!(reached, legal);
    }

    #[test]
    fn pieces_that_fit_keep_the_two_step_menus() {
        let big = ballot(40, 10, HOUR);
        let second = piece_menus(Lang::En, &big, "A2");
        assert!(second.iter().all(|m| m.custom_id.starts_with("hv:")));
        let legal = killer_legal();
        let big = ballot_of(legal.clone(), 10, HOUR);
        let militant = legal.iter().find(|mv| piece_of(mv) != "LE3").unwrap();
        let second = piece_menus(Lang::En, &big, piece_of(militant));
        assert!(second.iter().all(|m| m.custom_id.starts_with("hv:")));
        let leader = piece_menus(Lang::En, &big, "LE3");
        assert!(leader.iter().all(|m| m.custom_id.starts_with("hd:3:4:")));
        assert!(values(&leader).contains(&"LE3-E6".to_string()));
        assert_eq!(
            MenuAction::parse("hd:3:4:0"),
            Some(MenuAction::Destination(big.id))
        );
    }
}
