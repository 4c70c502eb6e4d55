//! The daily puzzle's buttons on Discord: the round's post (a button per
//! candidate, and one to solve it alone) and a private try's answers, with
//! the custom ids they carry and read back. The post is the delivery's,
//! the clicks and the tries the commands'.

use super::components::{button, row};
use crate::i18n::Lang;
use crate::t;
use poise::serenity_prelude::ButtonStyle;
use serde_json::{Value, json};

/// A community vote's button: `pzv:DATE:N` (the server is the click's).
pub const VOTE_PREFIX: &str = "pzv:";
/// A private try's button: `pzt:PUZZLE:STEP:N`.
pub const TRY_PREFIX: &str = "pzt:";
/// The post's button that opens its puzzle to solve alone: `pzo:PUZZLE`.
pub const ALONE_PREFIX: &str = "pzo:";

/// The buttons of a round's post: one per candidate, `N. MOVE`, and one
/// to solve the puzzle alone.
pub fn vote_buttons(lang: Lang, date: &str, puzzle: &str, candidates: &[String]) -> Value {
    let buttons: Vec<Value> = candidates
        .iter()
        .enumerate()
        .map(|(index, mv)| {
            button(
                ButtonStyle::Primary,
                &format!("{VOTE_PREFIX}{date}:{}", index + 1),
                &format!("{}. {mv}", index + 1),
            )
        })
        .collect();
    let alone = button(
        ButtonStyle::Secondary,
        &format!("{ALONE_PREFIX}{puzzle}"),
        &t!(lang, "puzzle-button-alone"),
    );
    json!([row(buttons), row([alone])])
}

/// The answers of a private try at `step` of `puzzle`: a button per
/// candidate, `N. MOVE`.
pub fn try_buttons(puzzle: &str, step: usize, candidates: &[String]) -> Value {
    let buttons: Vec<Value> = candidates
        .iter()
        .enumerate()
        .map(|(index, mv)| {
            button(
                ButtonStyle::Secondary,
                &format!("{TRY_PREFIX}{puzzle}:{step}:{}", index + 1),
                &format!("{}. {mv}", index + 1),
            )
        })
        .collect();
    json!([row(buttons)])
}

/// `PUZZLE:STEP:N` of a private try's button; `None` for anything else
/// (a forged or mangled id is an old button, not an error).
pub fn parse_try(rest: &str) -> Option<(&str, u32, usize)> {
    let mut parts = rest.rsplitn(3, ':');
    let (choice, step, puzzle) = (parts.next()?, parts.next()?, parts.next()?);
    Some((puzzle, step.parse().ok()?, choice.parse().ok()?))
}

/// `DATE:N` of a community vote's button.
pub fn parse_vote(rest: &str) -> Option<(&str, usize)> {
    let (date, choice) = rest.split_once(':')?;
    Some((date, choice.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn button_ids_read_back_what_they_were_made_of() {
        assert_eq!(
            parse_try("space-checkers-0042:1:3"),
            Some(("space-checkers-0042", 1, 3))
        );
        assert_eq!(parse_vote("2026-12-07:2"), Some(("2026-12-07", 2)));
        let made = vote_buttons(
            Lang::En,
            "2026-12-07",
            "space-checkers-5f3a09c2e1",
            &["A1-B1".into(), "C-A7".into()],
        );
        let id = made[0]["components"][1]["custom_id"].as_str().unwrap();
        assert_eq!(
            parse_vote(id.strip_prefix(VOTE_PREFIX).unwrap()),
            Some(("2026-12-07", 2))
        );
        for junk in [
            "",
            ":",
            "::",
            "x:y:z",
            "a:-1:2",
            "a:1:",
            "a:1:2x",
            "2026-12-07",
        ] {
            assert_eq!(parse_try(junk), None, "{junk}");
        }
        for junk in [
            "",
            "2026-12-07",
            "d:",
            "d:x",
            "d:-1",
            "d:99999999999999999999999",
        ] {
            assert_eq!(parse_vote(junk), None, "{junk}");
        }
    }

    proptest! {
        #[test]
        fn any_custom_id_is_read_without_panicking(id in ".{0,120}") {
            let _ = parse_try(&id);
            let _ = parse_vote(&id);
        }
    }
}
