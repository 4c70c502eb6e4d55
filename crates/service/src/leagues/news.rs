//! What a league tells its entered channels, as data kept in the outbox
//! (`LeagueNews`), and its words in a channel's language: the schedule at
//! the start, each side's round with the thread it plays in, the table
//! after each round and at the end with the champion and the ratings, and
//! a cancel. The facts are read when the news is queued (`told.rs`); a
//! platform only lays the words out.

use super::wording::{Entered, fitted, placing_line};
use crate::announce::whole;
use crate::deliveries::{Message, Part, Style};
use crate::text;
use holotable_i18n::{Lang, t};
use holotable_leagues::standings::Row;
use serde::{Deserialize, Serialize};

/// One round of the schedule: its games (two communities, or four at a
/// table) and who has a bye or sits out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduledRound {
    pub round: u16,
    pub games: Vec<Vec<Entered>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resting: Vec<Entered>,
}

/// One line of a table: the community and its line as the core counts it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    pub community: Entered,
    pub row: Row,
}

/// A community's rating before the league and after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingMove {
    pub community: Entered,
    pub before: f64,
    pub after: f64,
}

/// Which game of its pairing a league game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeagueLeg {
    /// The pairing's one game (or a table's).
    Only,
    /// Game `n` (from 1) of a pairing of two.
    Game(u8),
    /// A knockout tie's deciding game.
    Deciding,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum LeagueNews {
    /// The league started: every round's pairings (a round robin), or
    /// round 1's (`complete: false`: later rounds are drawn as it goes).
    Schedule {
        league: String,
        entrants: u16,
        rounds: Vec<ScheduledRound>,
        complete: bool,
    },
    /// To one side: its game of the round, which opens its thread.
    RoundStarted {
        league: String,
        round: u16,
        leg: LeagueLeg,
        opponents: Vec<Entered>,
    },
    /// A round's last game ended: the table as it stands.
    Standings {
        league: String,
        round: u16,
        table: Vec<Placing>,
    },
    /// The league is over: its final table, champion and ratings.
    Finished {
        league: String,
        table: Vec<Placing>,
        champion: Option<Entered>,
        ratings: Vec<RatingMove>,
    },
    /// The league is cancelled: by its creator, or at its start for
    /// want of communities (`too_few`: how many it needed and had).
    /// `started`: it had games, which the cancel stops.
    Cancelled {
        league: String,
        started: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        too_few: Option<(u16, u16)>,
    },
}

impl LeagueNews {
    /// What the channel is told, in order, worded in `lang`.
    pub fn parts(&self, lang: Lang, style: &dyn Style) -> Vec<Part> {
        let text = Part::Text(Message::text(self.describe(lang, style.limit())));
        match self {
            LeagueNews::RoundStarted { .. } => vec![
                text,
                Part::OpenThread {
                    name: self.thread_name(lang),
                },
            ],
            _ => vec![text],
        }
    }

    /// The news in `lang`, within `limit` characters when given (rows
    /// left out of a long table or schedule, with a sentence saying how
    /// many).
    pub fn describe(&self, lang: Lang, limit: Option<usize>) -> String {
        match self {
            LeagueNews::Schedule {
                league,
                entrants,
                rounds,
                complete,
            } => {
                let mut head = vec![t!(
                    lang,
                    "league-started",
                    league = league.as_str(),
                    communities = *entrants
                )];
                if !complete {
                    head.push(t!(lang, "league-later-rounds-drawn"));
                }
                let lines = rounds.iter().map(|r| round_line(lang, r)).collect();
                fitted(lang, &text::sentences(lang, &head), lines, limit)
            }
            LeagueNews::RoundStarted { .. } => self.round_words(lang, "league-round-started"),
            LeagueNews::Standings {
                league,
                round,
                table,
            } => fitted(
                lang,
                &t!(
                    lang,
                    "league-round-over",
                    league = league.as_str(),
                    round = *round
                ),
                table_lines(lang, table),
                limit,
            ),
            LeagueNews::Finished {
                league,
                table,
                champion,
                ratings,
            } => {
                let over = match champion {
                    Some(champion) => t!(
                        lang,
                        "league-finished-champion",
                        league = league.as_str(),
                        champion = champion.text(lang)
                    ),
                    None => t!(lang, "league-finished", league = league.as_str()),
                };
                let mut lines = table_lines(lang, table);
                if !ratings.is_empty() {
                    lines.push(t!(lang, "league-rating-changes"));
                    lines.extend(ratings.iter().map(|r| {
                        t!(
                            lang,
                            "league-rating-change",
                            community = r.community.text(lang),
                            before = whole(r.before),
                            after = whole(r.after)
                        )
                    }));
                }
                fitted(lang, &over, lines, limit)
            }
            LeagueNews::Cancelled {
                league,
                started,
                too_few,
            } => match (too_few, started) {
                (Some((needed, got)), _) => t!(
                    lang,
                    "league-cancelled-too-few",
                    league = league.as_str(),
                    needed = *needed,
                    got = *got
                ),
                (None, true) => t!(lang, "league-cancelled", league = league.as_str()),
                (None, false) => t!(
                    lang,
                    "league-cancelled-before-start",
                    league = league.as_str()
                ),
            },
        }
    }

    /// The side's thread: the league, the round and whom it plays.
    fn thread_name(&self, lang: Lang) -> String {
        self.round_words(lang, "league-thread-name")
    }

    /// Text `id` of a side's round (its message, or its thread's name),
    /// which both take the same facts; empty for other news.
    fn round_words(&self, lang: Lang, id: &str) -> String {
        let LeagueNews::RoundStarted {
            league,
            round,
            leg,
            opponents,
        } = self
        else {
            return String::new();
        };
        let opponents: Vec<String> = opponents.iter().map(|o| o.text(lang)).collect();
        let (leg, number) = leg_args(*leg);
        t!(
            lang,
            id,
            league = league.as_str(),
            round = *round,
            leg = leg,
            number = number,
            opponents = text::and_list(lang, &opponents)
        )
    }
}

/// The catalogue's selector for which game of its pairing a game is, and
/// its number (game 1 or 2 of a pairing of two).
fn leg_args(leg: LeagueLeg) -> (&'static str, u8) {
    match leg {
        LeagueLeg::Only => ("only", 0),
        LeagueLeg::Game(n) => ("game", n),
        LeagueLeg::Deciding => ("deciding", 0),
    }
}

fn round_line(lang: Lang, round: &ScheduledRound) -> String {
    // Japanese writes a match card with a full-width dash and lists with
    // 、, without the spaces other languages put around theirs.
    let (versus, between) = match lang {
        Lang::Ja => ("－", "、"),
        _ => (" – ", " · "),
    };
    let games: Vec<String> = round
        .games
        .iter()
        .map(|game| {
            let names: Vec<String> = game.iter().map(|e| e.text(lang)).collect();
            names.join(versus)
        })
        .collect();
    let mut line = t!(
        lang,
        "league-schedule-round",
        round = round.round,
        games = games.join(between)
    );
    if !round.resting.is_empty() {
        let resting: Vec<String> = round.resting.iter().map(|e| e.text(lang)).collect();
        let resting = t!(
            lang,
            "league-schedule-resting",
            communities = text::and_list(lang, &resting)
        );
        // Joined as sentences are: with a space, but none in Japanese.
        line = text::sentences(lang, &[line, resting]);
    }
    line
}

fn table_lines(lang: Lang, table: &[Placing]) -> Vec<String> {
    (1..)
        .zip(table)
        .map(|(place, p)| placing_line(lang, place, &p.community, &p.row))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use holotable_leagues::Entrant;
    use holotable_leagues::standings::{Points, SonnebornBerger};

    struct Plain;

    impl Style for Plain {
        fn member(&self, id: &str) -> String {
            id.to_string()
        }

        fn role(&self, id: &str) -> String {
            id.to_string()
        }
    }

    fn named(number: u16) -> Entered {
        Entered {
            name: Some(format!("Community with a long name number {number}")),
            number,
        }
    }

    /// A 64-community table is longer than a Discord message: rows are
    /// left out from the bottom and a sentence says how many, in every
    /// language.
    #[test]
    fn a_long_table_keeps_within_the_limit_and_says_what_it_left_out() {
        let table: Vec<Placing> = (1..=64)
            .map(|n| Placing {
                community: named(n),
                row: Row {
                    entrant: Entrant(n - 1),
                    points: Points(2 * u32::from(n)),
                    sonneborn_berger: SonnebornBerger(0),
                    won: u32::from(n),
                    drawn: 0,
                    lost: 64 - u32::from(n),
                    won_by_forfeit: 0,
                    forfeited: 0,
                    byes: 0,
                    head_to_head: None,
                    below_by: None,
                },
            })
            .collect();
        let news = LeagueNews::Standings {
            league: "Galactic Cup".into(),
            round: 3,
            table,
        };
        for lang in Lang::ALL {
            let said = news.describe(lang, Some(2000));
            assert!(said.chars().count() <= 2000, "{lang:?}: {said}");
            let last = said.lines().last().unwrap();
            let shown = said.lines().count() - 2;
            let left_out = (64 - shown).to_string();
            assert!(last.contains(&left_out), "{lang:?}: {last}");
            let first = said.lines().nth(1).unwrap();
            assert!(
                first.contains("number 1") && !first.contains("number 10"),
                "{first}"
            );
        }
        let short = news.describe(Lang::En, None);
        assert_eq!(short.lines().count(), 65);
    }

    #[test]
    fn a_round_names_the_opponent_and_its_thread() {
        let news = LeagueNews::RoundStarted {
            league: "Galactic Cup".into(),
            round: 2,
            leg: LeagueLeg::Game(2),
            opponents: vec![Entered {
                name: None,
                number: 3,
            }],
        };
        assert_eq!(
            news.describe(Lang::En, None),
            "“Galactic Cup”, round 2 (game 2): this community plays Community 3. The game is in this thread."
        );
        let Part::OpenThread { name } = &news.parts(Lang::En, &Plain)[1] else {
            panic!("the round's message opens a thread");
        };
        assert_eq!(name, "Galactic Cup – round 2 (game 2) – Community 3");
    }
}
