//! A league's table as one message: before the start the communities in
//! order of entry (the numbers `/league remove` takes), after it the
//! places with points and games. Cut to fit one message by leaving rows
//! out, with a sentence saying how many.

use super::wording::{Entered, fitted, placing_line};
use super::{LeagueTable, StandingRow};
use holotable_i18n::{Lang, t};

/// What one message may hold, with room for the platform's own words.
const MOST_CHARS: usize = 1800;

impl LeagueTable {
    /// The table in `lang`, at most one message long.
    pub fn text(&self, lang: Lang) -> String {
        let name = self.league.name.as_str();
        if self.rows.is_empty() {
            return t!(lang, "league-table-no-entrants", name = name);
        }
        if self.league.status.before_start() {
            let head = t!(
                lang,
                "league-table-entrants",
                name = name,
                count = self.rows.len()
            );
            let lines = (1..)
                .zip(&self.rows)
                .map(|(number, row)| {
                    t!(
                        lang,
                        "league-table-entrant",
                        number = number,
                        community = row.entered().text(lang)
                    )
                })
                .collect();
            return fitted(lang, &head, lines, Some(MOST_CHARS));
        }
        let head = t!(
            lang,
            "league-table-head",
            name = name,
            status = self.league.status.as_str()
        );
        let lines = (1..)
            .zip(&self.rows)
            .map(|(place, row)| placing_line(lang, place, &row.entered(), &row.row))
            .collect();
        fitted(lang, &head, lines, Some(MOST_CHARS))
    }
}

impl StandingRow {
    /// How news and tables name this community: its shown name, else its
    /// entry number, so the table names no server that chose to stay
    /// unnamed.
    pub(super) fn entered(&self) -> Entered {
        Entered {
            name: self.name.clone(),
            number: self.row.entrant.0 + 1,
        }
    }
}
