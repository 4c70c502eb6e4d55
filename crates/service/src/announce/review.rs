//! What a review announces: each community decision with the engine's
//! verdict, the turning point, the accuracy and the closest voters, worded.
//! The data the review in `crate::review` computes and the announcement
//! carries; here, below both, so neither imports the other.

use crate::text;
use holotable_games::GameKind;
use holotable_games::engine::review::{Judgement, Verdict};
use holotable_i18n::Lang;
use holotable_i18n::t;
use serde::{Deserialize, Serialize};

/// One community decision and the engine's verdict on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedDecision {
    pub ply: u32,
    pub played: String,
    #[serde(flatten)]
    pub judgement: Judgement,
    /// How many members voted on this ballot.
    pub voters: u32,
    /// How many of them voted for the engine's preferred move.
    pub for_preferred: u32,
}

/// A member whose votes matched the engine's choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CloseVoter {
    pub voter: String,
    /// Ballots (forced ones left out) where the vote was the engine's choice.
    pub matched: u32,
    /// Ballots (forced ones left out) the member voted on.
    pub voted: u32,
}

/// A member's suggestion that was the engine's choice at its ballot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgreedSuggestion {
    pub ply: u32,
    pub mv: String,
    pub author: String,
}

/// How many agreed suggestions a review names: the first few of a long
/// game say enough, and the review must fit in one message.
pub const AGREED_SHOWN: usize = 5;

/// The review of the decisions of one side (the community against the
/// engine, or one community of a shared game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideReview {
    pub kind: GameKind,
    /// The seats the side played, by the rules' names.
    pub seats: Vec<String>,
    pub decisions: Vec<ReviewedDecision>,
    pub closest: Vec<CloseVoter>,
    /// How many members voted in the side's ballots (the turnout, with
    /// `decisions.len()` ballots); `None` in a review queued before the
    /// turnout was counted, which then says nothing of it.
    #[serde(default)]
    pub members: Option<u32>,
    /// The side's suggestions that were the engine's choice (forced moves
    /// left out), in the game's order, at most [`AGREED_SHOWN`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreed: Vec<AgreedSuggestion>,
}

impl SideReview {
    /// The decision that lost the most, if any lost as much as a mistake.
    pub fn turning_point(&self) -> Option<&ReviewedDecision> {
        self.decisions
            .iter()
            .filter(|d| d.judgement.verdict >= Verdict::Mistake)
            .max_by_key(|d| d.judgement.loss)
    }

    /// (best or good, judged): forced moves are left out.
    pub fn accuracy(&self) -> (usize, usize) {
        let judged: Vec<bool> = self
            .decisions
            .iter()
            .filter_map(|d| d.judgement.verdict.is_accurate())
            .collect();
        (judged.iter().filter(|&&a| a).count(), judged.len())
    }

    /// The review in `lang`, members named by `name` (the adapter's way of
    /// naming someone without pinging them). Within `limit` characters
    /// when given: a long game's list then keeps only the decisions that
    /// lost something, and says so.
    pub fn text(&self, lang: Lang, name: impl Fn(&str) -> String, limit: Option<usize>) -> String {
        let full = self.text_listing(lang, &name, |_| true);
        match limit {
            Some(limit) if full.chars().count() > limit => {
                let short = self.text_listing(lang, &name, |v| v >= Verdict::Inaccuracy);
                let note = t!(lang, "review-rest-not-listed");
                format!("{short}\n{note}")
            }
            _ => full,
        }
    }

    fn text_listing(
        &self,
        lang: Lang,
        name: impl Fn(&str) -> String,
        listed: impl Fn(Verdict) -> bool,
    ) -> String {
        let game = text::game_title(lang, self.kind);
        if self.decisions.is_empty() {
            return t!(lang, "review-nothing", game = game);
        }
        let (accurate, judged) = self.accuracy();
        let forced = self.decisions.len() - judged;
        let mut parts = vec![t!(
            lang,
            "review-heading",
            game = game,
            seats = text::seats(lang, &self.seats)
        )];
        parts.push(if judged == 0 {
            t!(lang, "review-all-forced", forced = forced)
        } else {
            t!(
                lang,
                "review-accuracy",
                accurate = accurate,
                judged = judged,
                percent = accurate * 100 / judged,
                forced = forced
            )
        });
        parts.extend(self.verdict_counts(lang));
        parts.push(match self.turning_point() {
            Some(d) => t!(
                lang,
                "review-turning-point",
                move = d.ply + 1,
                played = d.played.as_str(),
                preferred = d.judgement.preferred.as_str(),
                voters = d.voters,
                for_preferred = d.for_preferred
            ),
            None => t!(lang, "review-no-turning-point"),
        });
        parts.extend(self.closest_voters(lang, &name));
        parts.extend(self.agreed_suggestions(lang, &name));
        parts.extend(self.members.map(|members| {
            t!(
                lang,
                "review-turnout",
                voters = members,
                ballots = self.decisions.len()
            )
        }));
        let mut lines = text::sentences(lang, &parts);
        for d in self
            .decisions
            .iter()
            .filter(|d| listed(d.judgement.verdict))
        {
            lines.push('\n');
            lines.push_str(&t!(
                lang,
                "review-decision",
                move = d.ply + 1,
                played = d.played.as_str(),
                verdict = d.judgement.verdict.as_str(),
                preferred = d.judgement.preferred.as_str(),
                same = if d.judgement.preferred == d.played {
                    "yes"
                } else {
                    "no"
                }
            ));
        }
        lines
    }

    /// "2 mistakes and 1 blunder", if any decision was judged.
    fn verdict_counts(&self, lang: Lang) -> Option<String> {
        let counts: Vec<String> = Verdict::ALL
            .into_iter()
            .filter(|&v| v != Verdict::Forced)
            .filter_map(|v| {
                let n = self
                    .decisions
                    .iter()
                    .filter(|d| d.judgement.verdict == v)
                    .count();
                (n > 0).then(|| {
                    t!(
                        lang,
                        "review-verdict-count",
                        verdict = v.as_str(),
                        count = n
                    )
                })
            })
            .collect();
        (!counts.is_empty()).then(|| {
            t!(
                lang,
                "review-verdicts",
                counts = text::and_list(lang, &counts)
            )
        })
    }

    /// The suggestions that were the engine's choice, if any.
    fn agreed_suggestions(&self, lang: Lang, name: impl Fn(&str) -> String) -> Option<String> {
        if self.agreed.is_empty() {
            return None;
        }
        let named: Vec<String> = self
            .agreed
            .iter()
            .map(|a| {
                t!(
                    lang,
                    "review-agreed-item",
                    played = a.mv.as_str(),
                    number = a.ply + 1,
                    member = name(&a.author)
                )
            })
            .collect();
        Some(t!(
            lang,
            "review-agreed",
            count = self.agreed.len(),
            suggestions = text::and_list(lang, &named)
        ))
    }

    /// The members whose votes were closest to the engine's, if any.
    fn closest_voters(&self, lang: Lang, name: impl Fn(&str) -> String) -> Option<String> {
        if self.closest.is_empty() {
            return None;
        }
        let named: Vec<String> = self
            .closest
            .iter()
            .map(|c| {
                t!(
                    lang,
                    "review-close-voter",
                    member = name(&c.voter),
                    matched = c.matched,
                    voted = c.voted
                )
            })
            .collect();
        Some(t!(
            lang,
            "review-closest",
            members = text::and_list(lang, &named)
        ))
    }
}
