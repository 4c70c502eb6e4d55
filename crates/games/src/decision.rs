//! Which part of a turn the next decision is, for games whose turn holds
//! more than one (Dejarik's two actions and pushes, two-player Djambi's
//! armies): facts that a ballot puts in words in the reader's language.

use holotable_i18n::Lang;
use holotable_i18n::t;
use serde::{Deserialize, Serialize};

/// Seats and armies are named as their game names them, the keys the
/// catalogue's selectors know (`seat` in `common.ftl`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum Decision {
    /// Dejarik: `seat`'s first (1) or second (2) action of the turn.
    Action { seat: String, number: u8 },
    /// Dejarik: where `seat` pushes the monster it beat on `square`.
    Push { seat: String, square: String },
    /// Two-player Djambi: `army`'s move; `extra_turn` when it is the extra
    /// turn that holding the Labyrinth gives.
    ArmyMove { army: String, extra_turn: bool },
    /// A decision in English words only: what announcements queued before
    /// decisions had structure hold (a bare string), shown as it was.
    #[serde(untagged)]
    Described(String),
}

impl Decision {
    /// The decision as a noun phrase in `lang` ("white's second action of
    /// the turn"), for a ballot's heading.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Decision::Action { seat, number } => t!(
                lang,
                "decision-action",
                seat = seat.as_str(),
                number = *number
            ),
            Decision::Push { seat, square } => t!(
                lang,
                "decision-push",
                seat = seat.as_str(),
                square = square.as_str()
            ),
            Decision::ArmyMove { army, extra_turn } => t!(
                lang,
                "decision-army-move",
                seat = army.as_str(),
                extra = if *extra_turn { "yes" } else { "no" }
            ),
            Decision::Described(text) => text.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_decision() -> Vec<Decision> {
        vec![
            Decision::Action {
                seat: "white".into(),
                number: 1,
            },
            Decision::Action {
                seat: "black".into(),
                number: 2,
            },
            Decision::Push {
                seat: "black".into(),
                square: "B4".into(),
            },
            Decision::ArmyMove {
                army: "red".into(),
                extra_turn: false,
            },
            Decision::ArmyMove {
                army: "green".into(),
                extra_turn: true,
            },
        ]
    }

    #[test]
    fn every_decision_reads_as_a_phrase_in_every_language() {
        for lang in Lang::ALL {
            let text: Vec<String> = every_decision().iter().map(|d| d.text(lang)).collect();
            insta::assert_snapshot!(format!("decisions-{lang}"), text.join("\n"));
        }
    }

    #[test]
    fn a_decision_survives_its_trip_through_storage() {
        for decision in every_decision() {
            let stored = serde_json::to_string(&decision).unwrap();
            assert_eq!(serde_json::from_str::<Decision>(&stored).unwrap(), decision);
        }
        let old: Decision = serde_json::from_str(r#""the red army's move""#).unwrap();
        assert_eq!(old.text(Lang::Es), "the red army's move");
    }
}
