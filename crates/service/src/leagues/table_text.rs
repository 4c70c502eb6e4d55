//! A league's table as one message: before the start the communities in
//! order of entry (the numbers `/league remove` takes), after it the
//! places with points and games. Cut to fit one message by leaving rows
//! out, with a sentence saying how many.

use super::{LeagueTable, StandingRow};
use holotable_i18n::{Lang, t};
use holotable_leagues::standings::TieBreak;

/// What one message may hold, with room for the platform's own words.
const MOST_CHARS: usize = 1800;

impl LeagueTable {
    /// The table in `lang`, at most one message long.
    pub fn text(&self, lang: Lang) -> String {
        let name = self.league.name.as_str();
        let started = !self.league.status.before_start();
        let mut text = if self.rows.is_empty() {
            t!(lang, "league-table-no-entrants", name = name)
        } else if started {
            t!(
                lang,
                "league-table-head",
                name = name,
                status = self.league.status.as_str()
            )
        } else {
            t!(
                lang,
                "league-table-entrants",
                name = name,
                count = self.rows.len()
            )
        };
        for (shown, row) in self.rows.iter().enumerate() {
            let line = if started {
                place_line(lang, shown + 1, row)
            } else {
                t!(
                    lang,
                    "league-table-entrant",
                    number = shown + 1,
                    community = community(lang, row)
                )
            };
            let more = self.rows.len() - shown;
            let ending = t!(lang, "league-table-more", count = more);
            if text.chars().count() + line.chars().count() + ending.chars().count() + 2 > MOST_CHARS
            {
                text.push('\n');
                text.push_str(&ending);
                break;
            }
            text.push('\n');
            text.push_str(&line);
        }
        text
    }
}

fn place_line(lang: Lang, place: usize, row: &StandingRow) -> String {
    let line = &row.row;
    let mut parts = vec![t!(
        lang,
        "league-table-row",
        place = place,
        community = community(lang, row),
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
            score = line.sonneborn_berger.to_string()
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

/// The community's shown name, or its entry number when it has shown
/// none: the table names no server that chose to stay unnamed.
fn community(lang: Lang, row: &StandingRow) -> String {
    match &row.name {
        Some(name) => name.clone(),
        None => t!(
            lang,
            "league-community-unnamed",
            number = row.row.entrant.index() + 1
        ),
    }
}
