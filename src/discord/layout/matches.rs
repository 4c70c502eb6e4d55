//! How a match looks on Discord, as request bodies: the legal-move menus
//! of a turn and the Accept / Decline buttons of a challenge. Pure, so the
//! layouts are tested without a network.
//!
//! Custom ids name the match and the decision (`mm:GAME:PLY:N` plays the
//! chosen move, `mp:GAME:PLY:N` picks a piece first and `md:GAME:PLY:N`
//! a destination when the piece's moves overflow, as ballots do), and
//! the challenge (`mc:accept:ID`, `mc:decline:ID`), so a click on an old
//! message is refused by the service instead of applied to a newer turn.

use super::components::{Menu, select_row};
use super::limits::{MENU_OPTIONS, MESSAGE_ROWS};
use super::steps::{destination_step, group_label, piece_step, pieces};
use crate::i18n::Lang;
use crate::model::{ChallengeId, GameId};
use crate::t;
use serde_json::{Value, json};

/// A match component, decoded from its custom id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchAction {
    /// The chosen value is a move.
    Move {
        game: GameId,
        ply: u32,
    },
    /// The chosen value is a piece; show its moves (or destinations).
    Piece {
        game: GameId,
        ply: u32,
    },
    /// The chosen value is a destination; show the moves going there.
    Destination {
        game: GameId,
        ply: u32,
    },
    Accept(ChallengeId),
    Decline(ChallengeId),
}

impl MatchAction {
    /// Reads a custom id written here; `None` for anything else.
    pub fn parse(custom_id: &str) -> Option<MatchAction> {
        let mut parts = custom_id.split(':');
        match parts.next()? {
            "mc" => {
                let verb = parts.next()?;
                let id = ChallengeId(parts.next()?.parse().ok()?);
                match verb {
                    "accept" => Some(MatchAction::Accept(id)),
                    "decline" => Some(MatchAction::Decline(id)),
                    _ => None,
                }
            }
            kind @ ("mm" | "mp" | "md") => {
                let game = GameId(parts.next()?.parse().ok()?);
                let ply = parts.next()?.parse().ok()?;
                Some(match kind {
                    "mm" => MatchAction::Move { game, ply },
                    "mp" => MatchAction::Piece { game, ply },
                    _ => MatchAction::Destination { game, ply },
                })
            }
            _ => None,
        }
    }
}

fn menu_id(kind: &str, game: GameId, ply: u32, index: usize) -> String {
    format!("{kind}:{}:{ply}:{index}", game.0)
}

/// The menus of a turn message: every legal move when they fit one menu,
/// otherwise the pieces (the second step shows a piece's moves). Posted in
/// the channel, so `lang` is the server's.
pub fn turn_rows(lang: Lang, game: GameId, ply: u32, legal: &[String]) -> Vec<Value> {
    if legal.len() <= MENU_OPTIONS {
        let options = legal
            .iter()
            .map(|mv| json!({ "label": mv, "value": mv }))
            .collect();
        return vec![select_row(
            menu_id("mm", game, ply, 0),
            &t!(lang, "match-menu-play"),
            options,
        )];
    }
    let pieces = pieces(legal);
    pieces
        .chunks(MENU_OPTIONS)
        .take(MESSAGE_ROWS)
        .enumerate()
        .map(|(index, chunk)| {
            let options = chunk
                .iter()
                .map(
                    |(piece, count)| json!({ "label": group_label(lang, piece, *count), "value": piece }),
                )
                .collect();
            select_row(
                menu_id("mp", game, ply, index),
                &t!(lang, "match-menu-pick-piece"),
                options,
            )
        })
        .collect()
}

/// The second step: menus of one piece's moves, or of its destinations
/// when they overflow one message (empty for no such piece). Shown only
/// to the player, so `lang` is theirs.
pub fn piece_moves(lang: Lang, game: GameId, ply: u32, legal: &[String], piece: &str) -> Vec<Menu> {
    piece_step(
        lang,
        legal,
        piece,
        &t!(lang, "match-menu-play"),
        |index| menu_id("mm", game, ply, index),
        |index| menu_id("md", game, ply, index),
    )
}

/// The third step of an overflowing piece: the moves to one destination.
pub fn destination_moves(
    lang: Lang,
    game: GameId,
    ply: u32,
    legal: &[String],
    destination: &str,
) -> Vec<Menu> {
    destination_step(legal, destination, &t!(lang, "match-menu-play"), |index| {
        menu_id("mm", game, ply, index)
    })
}

/// The custom ids of a challenge's buttons: (accept, decline).
pub fn challenge_buttons(id: ChallengeId) -> (String, String) {
    (
        format!("mc:accept:{}", id.0),
        format!("mc:decline:{}", id.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(count: usize) -> Vec<String> {
        (0..count)
            .map(|i| format!("A{}-B{}", i / 3 + 1, i % 3 + 1))
            .collect()
    }

    #[test]
    fn small_turns_list_every_move_and_large_ones_pick_a_piece() {
        let rows = turn_rows(Lang::En, GameId(4), 7, &legal(20));
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0]["components"][0]["custom_id"], "mm:4:7:0");
        assert_eq!(
            rows[0]["components"][0]["options"]
                .as_array()
                .unwrap()
                .len(),
            20
        );
        let rows = turn_rows(Lang::En, GameId(4), 7, &legal(40));
        assert_eq!(rows[0]["components"][0]["custom_id"], "mp:4:7:0");
        assert_eq!(
            rows[0]["components"][0]["options"][0]["label"],
            "A1 (3 moves)"
        );
        let second = piece_moves(Lang::En, GameId(4), 7, &legal(40), "A2");
        assert_eq!(second[0].custom_id, "mm:4:7:1");
        let values: Vec<&str> = second[0].options.iter().map(|(_, v)| v.as_str()).collect();
        assert_eq!(values, ["A2-B1", "A2-B2", "A2-B3"]);
    }

    #[test]
    fn menus_speak_the_language_asked_for() {
        let rows = turn_rows(Lang::Ja, GameId(4), 7, &legal(20));
        assert_eq!(rows[0]["components"][0]["placeholder"], "手を選んで指す");
        let rows = turn_rows(Lang::Es, GameId(4), 7, &legal(40));
        assert_eq!(
            rows[0]["components"][0]["placeholder"],
            "Elige una pieza y luego su movimiento"
        );
        let second = piece_moves(Lang::Es, GameId(4), 7, &legal(40), "A2");
        assert_eq!(second[0].placeholder, "Haz un movimiento");
        let moves = legal(40);
        let destination = crate::service::destination_of(&moves[0]);
        let third = destination_moves(Lang::Ja, GameId(4), 7, &moves, destination);
        assert_eq!(third[0].placeholder, "手を選んで指す");
    }

    #[test]
    fn custom_ids_round_trip_and_junk_is_none() {
        let (accept, decline) = challenge_buttons(ChallengeId(9));
        assert_eq!(
            MatchAction::parse(&accept),
            Some(MatchAction::Accept(ChallengeId(9)))
        );
        assert_eq!(
            MatchAction::parse(&decline),
            Some(MatchAction::Decline(ChallengeId(9)))
        );
        assert_eq!(
            MatchAction::parse("mp:3:5:0"),
            Some(MatchAction::Piece {
                game: GameId(3),
                ply: 5
            })
        );
        assert_eq!(
            MatchAction::parse("md:3:5:1"),
            Some(MatchAction::Destination {
                game: GameId(3),
                ply: 5
            })
        );
        for junk in ["", "mm", "mm:x:1:0", "mc:maybe:1", "hv:1:2:0", "mc:accept:"] {
            assert_eq!(MatchAction::parse(junk), None, "{junk}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_custom_id_parses_without_panicking(text in ".{0,40}") {
            let _ = MatchAction::parse(&text);
        }
    }
}
