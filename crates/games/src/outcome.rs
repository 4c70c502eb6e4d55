//! How a finished game ended, per seat.

use super::{BySeat, Seat};
use holotable_i18n::Lang;
use holotable_i18n::t;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeatResult {
    Win,
    Draw,
    Loss,
}

impl SeatResult {
    pub fn as_str(self) -> &'static str {
        match self {
            SeatResult::Win => "win",
            SeatResult::Draw => "draw",
            SeatResult::Loss => "loss",
        }
    }

    /// 1 for a win, ½ for a draw, 0 for a loss: the usual match score.
    pub fn points(self) -> f64 {
        match self {
            SeatResult::Win => 1.0,
            SeatResult::Draw => 0.5,
            SeatResult::Loss => 0.0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub results: BySeat<SeatResult>,
    /// Points per seat, for games that end on a score (Space Checkers).
    pub scores: Option<BySeat<u32>>,
    /// Why the game ended; [`Outcome::reason_text`] puts it in words.
    pub reason: Ending,
}

/// Why a game ended, as facts for the catalogue (`outcomes.ftl`) to put in
/// words, so one stored ending reads right in every language. Seats are
/// named as their game names them ([`Game::seat_name`](super::Game)), the
/// keys the catalogue's selectors know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum Ending {
    /// Holochess: every creature of `loser` was captured.
    AllCaptured { winner: String, loser: String },
    /// Holochess: three turns without a capture with one creature left.
    NoCaptureWithLastCreature { loser: String },
    /// Holochess: three turns without a capture in sudden death.
    NoCaptureInSuddenDeath { loser: String },
    /// The side to move had no legal move.
    NoLegalMove { seat: String },
    /// Dejarik: `loser` has no monsters left.
    NoMonstersLeft { loser: String },
    /// Dejarik: the last two monsters fought and `winner`'s survived.
    DuelWon { winner: String },
    /// Dejarik: neither last monster can ever win the duel.
    UndecidableDuel,
    /// Dejarik: the rules' limit of decisions was reached.
    DecisionLimit { limit: u32 },
    /// Space Checkers: the rules' limit of moves was reached.
    MoveLimit { limit: u32 },
    /// Space Checkers: `seat` has all its pieces in a row on the inner orbit.
    InnerRow { seat: String },
    /// Space Checkers: `seat` lost half of its pieces.
    HalfPiecesLost { seat: String },
    /// Djambi: `winner` eliminated every rival.
    EveryRivalEliminated { winner: String },
    /// Djambi: `turns` turns passed without a death.
    QuietTurns { turns: u32 },
    /// Djambi (djambi.net rules): one move walled in every side's Leader.
    EverySideEncircled,
    /// A match: the player of this name resigned.
    Resigned { player: String },
    /// A match: the player of this name ran out of time.
    OutOfTime { player: String },
    /// A game between communities: the community playing `seat` resigned.
    CommunityResigned { seat: String },
    /// A game between communities: the community playing `seat` ran out of
    /// time (its ballot got no vote, extensions included).
    CommunityOutOfTime { seat: String },
    /// An ending in English words only: what outcomes stored before
    /// endings had structure hold (a bare string), shown as it was.
    #[serde(untagged)]
    Described(String),
}

impl Outcome {
    /// Why the game ended, in `lang`: a clause ("white resigned") that the
    /// catalogue's "Game over: …" messages wrap.
    pub fn reason_text(&self, lang: Lang) -> String {
        use Ending as E;
        match &self.reason {
            E::AllCaptured { winner, loser } => t!(
                lang,
                "end-all-captured",
                winner = winner.as_str(),
                loser = loser.as_str()
            ),
            E::NoCaptureWithLastCreature { loser } => {
                t!(lang, "end-no-capture-last-creature", seat = loser.as_str())
            }
            E::NoCaptureInSuddenDeath { loser } => {
                t!(lang, "end-no-capture-sudden-death", seat = loser.as_str())
            }
            E::NoLegalMove { seat } => t!(lang, "end-no-legal-move", seat = seat.as_str()),
            E::NoMonstersLeft { loser } => {
                t!(lang, "end-no-monsters-left", seat = loser.as_str())
            }
            E::DuelWon { winner } => t!(lang, "end-duel-won", seat = winner.as_str()),
            E::UndecidableDuel => t!(lang, "end-undecidable-duel"),
            E::DecisionLimit { limit } => t!(lang, "end-decision-limit", limit = *limit),
            E::MoveLimit { limit } => t!(lang, "end-move-limit", limit = *limit),
            E::InnerRow { seat } => t!(lang, "end-inner-row", seat = seat.as_str()),
            E::HalfPiecesLost { seat } => t!(lang, "end-half-pieces-lost", seat = seat.as_str()),
            E::EveryRivalEliminated { winner } => {
                t!(lang, "end-every-rival-eliminated", seat = winner.as_str())
            }
            E::QuietTurns { turns } => t!(lang, "end-quiet-turns", turns = *turns),
            E::EverySideEncircled => t!(lang, "end-every-side-encircled"),
            E::Resigned { player } => t!(lang, "end-resigned", player = player.as_str()),
            E::OutOfTime { player } => t!(lang, "end-out-of-time", player = player.as_str()),
            E::CommunityResigned { seat } => {
                t!(lang, "end-community-resigned", seat = seat.as_str())
            }
            E::CommunityOutOfTime { seat } => {
                t!(lang, "end-community-out-of-time", seat = seat.as_str())
            }
            E::Described(text) => text.clone(),
        }
    }

    /// The final score as seats' points in seat order ("5-0"), for games
    /// that end on a score.
    pub fn score_line(&self) -> Option<String> {
        let points: Vec<String> = self
            .scores
            .as_ref()?
            .iter()
            .map(|(_, p)| p.to_string())
            .collect();
        Some(points.join("-"))
    }

    /// The sole winner, if there is exactly one.
    pub fn winner(&self) -> Option<Seat> {
        let mut winners = self
            .results
            .iter()
            .filter(|(_, r)| **r == SeatResult::Win)
            .map(|(s, _)| s);
        match (winners.next(), winners.next()) {
            (Some(seat), None) => Some(seat),
            _ => None,
        }
    }

    /// Results from a score table: the highest total wins; a shared top
    /// score is a draw between those seats and a loss for the rest.
    pub fn from_scores(scores: BySeat<u32>, reason: Ending) -> Outcome {
        let best = scores.iter().map(|(_, s)| *s).max().unwrap_or(0);
        let top = scores.iter().filter(|(_, s)| **s == best).count();
        let results = BySeat::from_fn(scores.len(), |seat| match (scores[seat] == best, top) {
            (true, 1) => SeatResult::Win,
            (true, _) => SeatResult::Draw,
            (false, _) => SeatResult::Loss,
        });
        Outcome {
            results,
            scores: Some(scores),
            reason,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(reason: Ending) -> Outcome {
        Outcome {
            results: BySeat::from_fn(2, |seat| {
                if seat == Seat(0) {
                    SeatResult::Win
                } else {
                    SeatResult::Loss
                }
            }),
            scores: None,
            reason,
        }
    }

    /// One of every ending, with the seats each game really names.
    fn every_ending() -> Vec<Ending> {
        let s = |name: &str| name.to_string();
        vec![
            Ending::AllCaptured {
                winner: s("light"),
                loser: s("dark"),
            },
            Ending::NoCaptureWithLastCreature { loser: s("dark") },
            Ending::NoCaptureInSuddenDeath { loser: s("light") },
            Ending::NoLegalMove { seat: s("white") },
            Ending::NoMonstersLeft { loser: s("black") },
            Ending::DuelWon { winner: s("white") },
            Ending::UndecidableDuel,
            Ending::DecisionLimit { limit: 400 },
            Ending::MoveLimit { limit: 200 },
            Ending::InnerRow { seat: s("black") },
            Ending::HalfPiecesLost { seat: s("white") },
            Ending::EveryRivalEliminated { winner: s("red") },
            Ending::EveryRivalEliminated {
                winner: s("yellow-green"),
            },
            Ending::QuietTurns { turns: 200 },
            Ending::EverySideEncircled,
            Ending::Resigned { player: s("Ana") },
            Ending::OutOfTime { player: s("Kenji") },
        ]
    }

    #[test]
    fn every_ending_reads_as_a_clause_in_every_language() {
        for lang in Lang::ALL {
            let text: Vec<String> = every_ending()
                .into_iter()
                .map(|reason| outcome(reason).reason_text(lang))
                .collect();
            insta::assert_snapshot!(format!("endings-{lang}"), text.join("\n"));
        }
    }

    #[test]
    fn an_ending_survives_its_trip_through_storage() {
        for reason in every_ending() {
            let stored = serde_json::to_string(&outcome(reason.clone())).unwrap();
            let read: Outcome = serde_json::from_str(&stored).unwrap();
            assert_eq!(read.reason, reason, "{stored}");
        }
    }

    /// The endings of games between communities, for every kind of seat
    /// name: a side, an army, a pair of armies.
    fn community_endings() -> Vec<Ending> {
        let s = |name: &str| name.to_string();
        vec![
            Ending::CommunityResigned { seat: s("white") },
            Ending::CommunityResigned {
                seat: s("red-blue"),
            },
            Ending::CommunityOutOfTime { seat: s("light") },
            Ending::CommunityOutOfTime { seat: s("yellow") },
        ]
    }

    #[test]
    fn a_community_ending_names_the_side_in_every_language_and_is_stored() {
        for lang in Lang::ALL {
            let text: Vec<String> = community_endings()
                .into_iter()
                .map(|reason| outcome(reason).reason_text(lang))
                .collect();
            insta::assert_snapshot!(format!("community-endings-{lang}"), text.join("\n"));
        }
        for reason in community_endings() {
            let stored = serde_json::to_string(&outcome(reason.clone())).unwrap();
            let read: Outcome = serde_json::from_str(&stored).unwrap();
            assert_eq!(read.reason, reason, "{stored}");
        }
    }

    #[test]
    fn a_score_line_lists_points_in_seat_order() {
        let scored = Outcome::from_scores(
            BySeat::from_fn(2, |seat| if seat == Seat(0) { 5 } else { 0 }),
            Ending::InnerRow {
                seat: "white".into(),
            },
        );
        assert_eq!(scored.score_line().as_deref(), Some("5-0"));
        assert_eq!(outcome(Ending::UndecidableDuel).score_line(), None);
    }

    /// Games finished before endings had structure stored their reason as
    /// English words; they must still load and show those words.
    #[test]
    fn an_outcome_stored_as_words_still_loads() {
        let stored =
            r#"{"results":["Win","Loss"],"scores":null,"reason":"dark has no legal move"}"#;
        let read: Outcome = serde_json::from_str(stored).unwrap();
        assert_eq!(
            read.reason,
            Ending::Described("dark has no legal move".into())
        );
        assert_eq!(read.reason_text(Lang::Ja), "dark has no legal move");
    }
}
