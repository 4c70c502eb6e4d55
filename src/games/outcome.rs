//! How a finished game ended, per seat.

use super::{BySeat, Seat};
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
    /// Why the game ended, as a short sentence for people.
    pub reason: String,
}

impl Outcome {
    /// Why the game ended, as a sentence in `lang`.
    pub fn reason_text(&self, _lang: crate::i18n::Lang) -> String {
        self.reason.clone()
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
    pub fn from_scores(scores: BySeat<u32>, reason: String) -> Outcome {
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
