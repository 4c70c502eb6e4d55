//! What the daily puzzle's posts and a member's tries say, in the reader's
//! language: the task, the post, the reveal with why the answer works and
//! what share of voters found it.
//!
//! Posts hold ids and numbers, not words (as the daily post does), so a
//! post queued before a change of the server's language is written in the
//! new one when it is delivered.

use crate::text;
use holotable_games::puzzle::{Proof, Puzzle, Theme};
use holotable_i18n::{Lang, t};
use holotable_model::Millis;
use serde::{Deserialize, Serialize};

/// The daily puzzle's post: a board, the task and the candidates to vote
/// on, open until `closes_at`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzlePost {
    pub server: String,
    /// The server's local date, `YYYY-MM-DD`.
    pub date: String,
    pub puzzle: String,
    pub closes_at: Millis,
}

/// The end of a round's vote: its puzzle and how many voted each move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleReveal {
    pub server: String,
    pub date: String,
    pub puzzle: String,
    pub tally: Vec<(String, i64)>,
}

impl PuzzleReveal {
    /// Voters who chose the answer, and voters in all.
    pub fn found(&self, puzzle: &Puzzle) -> (i64, i64) {
        let answer = &puzzle.steps[0].answer;
        let found = self
            .tally
            .iter()
            .filter(|(mv, _)| mv == answer)
            .map(|(_, n)| n)
            .sum();
        (found, self.tally.iter().map(|(_, n)| n).sum())
    }
}

/// "White to move and win." in `lang`.
pub fn task(lang: Lang, puzzle: &Puzzle) -> String {
    let seat = puzzle.game_at(0).seat_name(puzzle.solver()).to_string();
    let theme = match puzzle.theme {
        Theme::Win => "win",
        Theme::Material => "material",
        Theme::Defence => "defence",
        Theme::BestOdds => "odds",
    };
    // The task opens with the side, lower case inside a sentence.
    text::capitalised(&t!(
        lang,
        "puzzle-task",
        theme = theme,
        seat = seat.as_str()
    ))
}

/// "Space Checkers · medium · 2 moves to find": what kind of puzzle it is.
pub fn heading(lang: Lang, puzzle: &Puzzle) -> String {
    t!(
        lang,
        "puzzle-heading",
        game = text::game_title(lang, puzzle.game),
        difficulty = puzzle.difficulty.as_str(),
        steps = puzzle.steps.len()
    )
}

impl PuzzlePost {
    /// The post's words; `time` writes the closing time the platform's
    /// way (Discord's `<t:…:R>`).
    pub fn text(&self, lang: Lang, time: impl Fn(Millis) -> String) -> String {
        let Some(puzzle) = known(&self.puzzle) else {
            return String::new();
        };
        self.text_of(lang, puzzle, &time(self.closes_at))
    }

    fn text_of(&self, lang: Lang, puzzle: &Puzzle, closes: &str) -> String {
        [
            t!(lang, "puzzle-post-title", date = self.date.as_str()),
            heading(lang, puzzle),
            task(lang, puzzle),
            t!(lang, "puzzle-post-vote", closes = closes),
        ]
        .join("\n")
    }
}

/// A shipped puzzle by id; an id no longer shipped (removed from the
/// data after its post was queued) is logged and its post says nothing.
fn known(id: &str) -> Option<&'static Puzzle> {
    let puzzle = holotable_games::puzzle::by_id(id);
    if puzzle.is_none() {
        tracing::error!(
            puzzle = id,
            "a queued puzzle post names a puzzle no longer shipped"
        );
    }
    puzzle
}

impl PuzzleReveal {
    pub fn text(&self, lang: Lang) -> String {
        let Some(puzzle) = known(&self.puzzle) else {
            return String::new();
        };
        self.text_of(lang, puzzle)
    }

    fn text_of(&self, lang: Lang, puzzle: &Puzzle) -> String {
        let (found, voters) = self.found(puzzle);
        let share = if voters == 0 {
            t!(lang, "puzzle-reveal-nobody")
        } else {
            t!(
                lang,
                "puzzle-reveal-share",
                found = found,
                voters = voters,
                percent = (found * 100 + voters / 2) / voters
            )
        };
        [
            t!(
                lang,
                "puzzle-reveal-title",
                date = self.date.as_str(),
                answer = puzzle.steps[0].answer.as_str()
            ),
            line_text(lang, puzzle),
            why(lang, puzzle),
            share,
        ]
        .join("\n")
    }
}

/// "The line: A3-B4, then …" with the opponent's replies between answers.
pub fn line_text(lang: Lang, puzzle: &Puzzle) -> String {
    t!(
        lang,
        "puzzle-line",
        line = text::then_list(lang, &puzzle.line())
    )
}

/// Why the answer works, from the puzzle's proof.
pub fn why(lang: Lang, puzzle: &Puzzle) -> String {
    let seat = puzzle.game_at(0).seat_name(puzzle.solver()).to_string();
    match puzzle.proof {
        Proof::Solved { distance } => t!(
            lang,
            "puzzle-why-solved",
            seat = seat.as_str(),
            plies = distance
        ),
        Proof::Search { depth, margin, .. } => {
            t!(lang, "puzzle-why-search", plies = depth, margin = margin)
        }
        Proof::Expectation { depth, margin, .. } => {
            t!(lang, "puzzle-why-odds", plies = depth, margin = margin)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-move Space Checkers puzzle, written out so the snapshots do
    /// not change when the shipped puzzles are made again.
    fn puzzle(theme: &str, proof: &str) -> Puzzle {
        serde_json::from_str(&format!(
            r#"{{"id":"t","game":"space-checkers","rules":{{}},
            "position":"A11,B12,B1/A8,B5,B6 w 6",
            "steps":[{{"answer":"A11-B11","candidates":["A11-B11","B1-A1","A11-B10"],"reply":["A8-A9"]}},
                     {{"answer":"B11-B10","candidates":["B11-B10","B1-A1"],"reply":[]}}],
            "theme":"{theme}","difficulty":"medium","proof":{proof}}}"#
        ))
        .expect("a puzzle")
    }

    #[test]
    fn snapshots_of_the_post_and_the_reveal_in_every_language() {
        let solved = puzzle("win", r#"{"solved":{"distance":5}}"#);
        let searched = puzzle(
            "material",
            r#"{"search":{"depth":6,"best":420,"second":180,"margin":200}}"#,
        );
        let post = PuzzlePost {
            server: "discord:1".into(),
            date: "2026-12-07".into(),
            puzzle: "t".into(),
            closes_at: 0,
        };
        let reveal = |tally: Vec<(String, i64)>| PuzzleReveal {
            server: "discord:1".into(),
            date: "2026-12-07".into(),
            puzzle: "t".into(),
            tally,
        };
        let voted = reveal(vec![("A11-B11".into(), 1), ("B1-A1".into(), 2)]);
        for lang in Lang::ALL {
            insta::assert_snapshot!(
                format!("post-{lang}"),
                post.text_of(lang, &solved, "<t:0:R>")
            );
            insta::assert_snapshot!(format!("reveal-{lang}"), voted.text_of(lang, &solved));
            insta::assert_snapshot!(
                format!("reveal-searched-nobody-{lang}"),
                reveal(Vec::new()).text_of(lang, &searched)
            );
        }
    }

    #[test]
    fn the_share_counts_only_votes_for_the_answer() {
        let solved = puzzle("win", r#"{"solved":{"distance":5}}"#);
        let reveal = PuzzleReveal {
            server: String::new(),
            date: String::new(),
            puzzle: "t".into(),
            tally: vec![
                ("A11-B11".into(), 3),
                ("B1-A1".into(), 1),
                ("A11-B10".into(), 2),
            ],
        };
        assert_eq!(reveal.found(&solved), (3, 6));
        assert!(
            reveal
                .text_of(Lang::En, &solved)
                .contains("3 of 6 voters found it (50%).")
        );
        assert!(
            reveal
                .text_of(Lang::Es, &solved)
                .contains("3 de 6 votantes la encontraron (50 %).")
        );
    }
}
