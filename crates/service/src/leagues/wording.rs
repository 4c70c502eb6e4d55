//! The words a league's table and its news share: how a community is
//! named, one place of a table, and fitting lines into one message.

use holotable_i18n::{Lang, t};
use holotable_leagues::standings::{Row, TieBreak};
use serde::{Deserialize, Serialize};

/// A community as league news names it: its shown name, else its entry
/// number (from 1), which every entered channel reads the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entered {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub number: u16,
}

impl Entered {
    pub fn text(&self, lang: Lang) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None => t!(lang, "league-community-numbered", number = self.number),
        }
    }
}

/// One place of a table: points, games won, drawn and lost on the board,
/// then what else explains the line (forfeit wins, the tie-break that
/// put it lower, leaving, byes).
pub(super) fn placing_line(lang: Lang, place: usize, community: &Entered, line: &Row) -> String {
    let mut parts = vec![t!(
        lang,
        "league-table-row",
        place = place,
        community = community.text(lang),
        points = t!(
            lang,
            "league-points",
            points = line.points.to_string(),
            halves = line.points.0
        ),
        won = line.won,
        drawn = line.drawn,
        lost = line.lost
    )];
    if line.won_by_forfeit > 0 {
        parts.push(t!(
            lang,
            "league-table-forfeit-wins",
            count = line.won_by_forfeit
        ));
    }
    // Rows level on points say which tie-break put them lower, so a
    // reader sees why two equal-looking lines are ordered.
    let rule = match line.below_by {
        None | Some(TieBreak::Points) => None,
        Some(TieBreak::SonnebornBerger) => Some("sonneborn-berger"),
        Some(TieBreak::GamesWon) => Some("games-won"),
        Some(TieBreak::HeadToHead) => Some("head-to-head"),
        Some(TieBreak::EntryOrder) => Some("entry-order"),
    };
    if let Some(rule) = rule {
        parts.push(t!(
            lang,
            "league-table-below-by",
            rule = rule,
            score = decimal(lang, line.sonneborn_berger.to_string())
        ));
    }
    if line.forfeited > 0 {
        parts.push(t!(lang, "league-table-left", forfeited = line.forfeited));
    }
    if line.byes > 0 {
        parts.push(t!(lang, "league-table-byes", byes = line.byes));
    }
    crate::text::sentences(lang, &parts)
}

/// `head` and `lines`, one a line, within `limit` characters: the lines
/// that do not fit are left out from the end, and a last line says how
/// many.
pub(super) fn fitted(lang: Lang, head: &str, lines: Vec<String>, limit: Option<usize>) -> String {
    let whole = std::iter::once(head.to_string())
        .chain(lines.iter().cloned())
        .collect::<Vec<_>>()
        .join("\n");
    let Some(limit) = limit else {
        return whole;
    };
    if whole.chars().count() <= limit {
        return whole;
    }
    let mut kept = head.to_string();
    let mut used = kept.chars().count();
    for (shown, line) in lines.iter().enumerate() {
        let left_out = lines.len() - shown;
        // Room for this line and for the sentence saying what is left out
        // after it, whose count is at most this one's.
        let note = t!(lang, "league-rows-left-out", count = left_out - 1);
        let needed = 1 + line.chars().count() + 1 + note.chars().count();
        if used + needed > limit {
            kept.push('\n');
            kept.push_str(&t!(lang, "league-rows-left-out", count = left_out));
            return kept;
        }
        kept.push('\n');
        kept.push_str(line);
        used += 1 + line.chars().count();
    }
    kept
}

/// A decimal as `lang` writes it: `6,25` in Spanish.
fn decimal(lang: Lang, text: String) -> String {
    match lang {
        Lang::Es => text.replace('.', ","),
        _ => text,
    }
}
