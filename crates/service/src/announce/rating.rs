//! What the end of a game between communities announces of their ratings.

use super::SideLabel;
use crate::text;
use holotable_i18n::Lang;
use holotable_i18n::t;
use serde::{Deserialize, Serialize};

/// A community's rating in one game, before and after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub side: SideLabel,
    pub before: f64,
    pub after: f64,
}

/// What the end of a game between communities says of their ratings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "rated", rename_all = "kebab-case")]
pub enum RatingNews {
    /// Each rated community's rating, in seat order.
    Changed { changes: Vec<RatingChange> },
    /// Not rated: one server played more than one side.
    SameServer,
}

impl RatingNews {
    /// "New community ratings: Rebel Base (white) 1662 (+162) and Echo
    /// Station (black) 1338 (−162)."
    pub fn text(&self, lang: Lang) -> String {
        match self {
            RatingNews::Changed { changes } => {
                let list: Vec<String> = changes
                    .iter()
                    .map(|change| {
                        t!(
                            lang,
                            "community-rating",
                            side = change.side.text(lang),
                            rating = whole(change.after),
                            change = signed(whole(change.after) - whole(change.before))
                        )
                    })
                    .collect();
                t!(
                    lang,
                    "community-ratings",
                    list = text::and_list(lang, &list)
                )
            }
            RatingNews::SameServer => t!(lang, "community-unrated"),
        }
    }
}

/// A rating as people read it: whole points.
pub(crate) fn whole(rating: f64) -> i64 {
    rating.round() as i64
}

/// "+162", "−162" (a true minus sign), "±0".
fn signed(change: i64) -> String {
    match change.signum() {
        1 => format!("+{change}"),
        -1 => format!("\u{2212}{}", change.unsigned_abs()),
        _ => "±0".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_signed_with_a_true_minus() {
        assert_eq!(signed(162), "+162");
        assert_eq!(signed(-162), "\u{2212}162");
        assert_eq!(signed(0), "±0");
    }
}
