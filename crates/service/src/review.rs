//! The post-game review: every community decision weighed by the engine at
//! a fixed budget, the turning point, the accuracy, and the members whose
//! votes most often matched the engine's choice.
//!
//! The engine's judging is CPU work: it runs on the blocking pool, one
//! review at a time, so a burst of finished games never takes the cores
//! that other channels' replies need.

use super::{Announcement, Failure, Refusal, Service, ServiceError, text};
use holotable_games::engine::review::{Judgement, Verdict, judge};
use holotable_games::{AnyGame, GameKind, GameRecord};
use holotable_i18n::Lang;
use holotable_i18n::t;
use holotable_store::{BallotId, GameId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tokio::sync::Semaphore;

/// One review at a time: see the module comment.
static REVIEWING: Semaphore = Semaphore::const_new(1);

/// How many members a review names.
const CLOSEST_SHOWN: usize = 3;

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

/// The review of the decisions of one side (the community against the
/// engine, or one community of a shared game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideReview {
    pub kind: GameKind,
    /// The seats the side played, by the rules' names.
    pub seats: Vec<String>,
    pub decisions: Vec<ReviewedDecision>,
    pub closest: Vec<CloseVoter>,
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
        if !counts.is_empty() {
            parts.push(t!(
                lang,
                "review-verdicts",
                counts = text::and_list(lang, &counts)
            ));
        }
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
        if !self.closest.is_empty() {
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
            parts.push(t!(
                lang,
                "review-closest",
                members = text::and_list(lang, &named)
            ));
        }
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
}

impl Service {
    /// Reviews game `id`'s community decisions, one review per side.
    ///
    /// # Errors
    /// Storage failures; refused for an unknown game or one that has not
    /// ended; [`Failure::Inconsistent`] when the stored record does not
    /// replay.
    pub async fn review_game(&self, id: GameId) -> Result<Vec<SideReview>, ServiceError> {
        Ok(self
            .review_by_channel(id)
            .await?
            .into_iter()
            .map(|(_, review)| review)
            .collect())
    }

    /// The review of the decisions channel `channel` made in game `game`,
    /// or in its latest finished game when `game` is `None`.
    ///
    /// # Errors
    /// Storage failures; refused when the channel has no finished game,
    /// when game `game` had no side in this channel (another server's games
    /// are not this channel's to read) or has not ended.
    pub async fn channel_review(
        &self,
        channel: &str,
        game: Option<GameId>,
    ) -> Result<SideReview, ServiceError> {
        let id = match game {
            Some(id) => id,
            None => self
                .store
                .latest_finished_game(channel)
                .await?
                .ok_or(Refusal::NoFinishedGame)?,
        };
        let played_here = self
            .store
            .sides(id)
            .await?
            .iter()
            .any(|side| side.channel == channel);
        if !played_here {
            return Err(Refusal::NotPlayedHere { game: id.0 }.into());
        }
        self.review_by_channel(id)
            .await?
            .into_iter()
            .find(|(side_channel, _)| side_channel == channel)
            .map(|(_, review)| review)
            .ok_or_else(|| Refusal::NotPlayedHere { game: id.0 }.into())
    }

    /// Posts the review of every finished community game that has none
    /// queued yet, each side's in its own channel, once: returns how many
    /// games' reviews this call queued. A game whose record does not
    /// replay is logged and marked, so it is not tried forever.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn post_due_reviews(&self) -> Result<usize, ServiceError> {
        let mut queued = 0;
        for id in self.store.games_awaiting_review(REVIEWS_PER_PASS).await? {
            let posts = match self.review_by_channel(id).await {
                Ok(reviews) => reviews
                    .into_iter()
                    .map(|(channel, review)| {
                        (channel, Announcement::GameReviewed { review }.to_outbox())
                    })
                    .collect(),
                Err(error @ ServiceError::Failed(Failure::Store(_))) => return Err(error),
                Err(error) => {
                    tracing::error!(game = id.0, %error, "reviewing a finished game failed");
                    Vec::new()
                }
            };
            if self.store.record_review(id, &posts, self.now()).await? {
                queued += 1;
            }
        }
        Ok(queued)
    }

    async fn review_by_channel(
        &self,
        id: GameId,
    ) -> Result<Vec<(String, SideReview)>, ServiceError> {
        let row = self.store.game(id).await?.ok_or(Refusal::NoGame)?;
        if row.outcome.is_none() {
            return Err(Refusal::GameNotOver.into());
        }
        let record = self.game_record(id).await?;
        let moves = self.store.moves(id).await?;
        let sides = self.game_sides(id).await?;
        let mut votes = BTreeMap::new();
        for m in moves.iter().filter(|m| m.decided_by == "community") {
            let ply = u32::try_from(m.ply).unwrap_or(u32::MAX);
            let ballot = BallotId { game: id, ply };
            votes.insert(ply, self.store.votes(ballot).await?);
        }
        let community: Vec<(u32, u8)> = moves
            .iter()
            .filter(|m| m.decided_by == "community")
            .filter_map(|m| Some((u32::try_from(m.ply).ok()?, u8::try_from(m.seat?).ok()?)))
            .collect();
        let _slot = REVIEWING
            .acquire()
            .await
            .map_err(|_| Failure::Inconsistent("the review queue closed".into()))?;
        let judged = tokio::task::spawn_blocking(move || judge_record(&record, &community))
            .await
            .map_err(|e| Failure::Inconsistent(format!("reviewing game {id}: {e}")))?
            .map_err(|e| Failure::Inconsistent(format!("game {id}: {e}")))?;
        Ok(sides
            .0
            .iter()
            .map(|side| {
                let decisions: Vec<ReviewedDecision> = judged
                    .iter()
                    .filter(|(_, seat, ..)| side.side.plays(*seat))
                    .map(|(ply, _, played, judgement)| {
                        let cast = votes.get(ply).map(Vec::as_slice).unwrap_or_default();
                        ReviewedDecision {
                            ply: *ply,
                            played: played.clone(),
                            judgement: judgement.clone(),
                            voters: count(cast.len()),
                            for_preferred: count(
                                cast.iter()
                                    .filter(|(_, mv)| *mv == judgement.preferred)
                                    .count(),
                            ),
                        }
                    })
                    .collect();
                let closest = closest_voters(&decisions, &votes);
                let review = SideReview {
                    kind: row.kind,
                    seats: side.label.seats.clone(),
                    decisions,
                    closest,
                };
                (side.side.channel.clone(), review)
            })
            .collect())
    }
}

/// Games reviewed per pass of the scheduler: each takes the one review
/// slot for a while, and the next pass picks up the rest.
const REVIEWS_PER_PASS: i64 = 8;

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Each community decision as (ply, seat, move played, judgement).
type Judged = Vec<(u32, u8, String, Judgement)>;

fn judge_record(record: &GameRecord, community: &[(u32, u8)]) -> Result<Judged, String> {
    let positions: Vec<AnyGame> = record.positions().map_err(|e| e.to_string())?;
    community
        .iter()
        .map(|&(ply, seat)| {
            let at = usize::try_from(ply).map_err(|e| e.to_string())?;
            let (Some(position), Some(played)) = (positions.get(at), record.moves.get(at)) else {
                return Err(format!("no decision {ply} in the record"));
            };
            let judgement = judge(position, played).map_err(|e| format!("move {ply}: {e}"))?;
            Ok((ply, seat, played.clone(), judgement))
        })
        .collect()
}

/// The members whose votes most often were the engine's choice, on the
/// ballots that offered a choice: most matches first, then the larger
/// share, then the voter id so the order is stable.
fn closest_voters(
    decisions: &[ReviewedDecision],
    votes: &BTreeMap<u32, Vec<(String, String)>>,
) -> Vec<CloseVoter> {
    let mut tally: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for d in decisions
        .iter()
        .filter(|d| d.judgement.verdict != Verdict::Forced)
    {
        for (voter, mv) in votes.get(&d.ply).into_iter().flatten() {
            let entry = tally.entry(voter).or_default();
            entry.1 += 1;
            entry.0 += u32::from(*mv == d.judgement.preferred);
        }
    }
    let mut close: Vec<CloseVoter> = tally
        .into_iter()
        .filter(|&(_, (matched, _))| matched > 0)
        .map(|(voter, (matched, voted))| CloseVoter {
            voter: voter.to_string(),
            matched,
            voted,
        })
        .collect();
    close.sort_by(|a, b| {
        b.matched
            .cmp(&a.matched)
            .then(
                (u64::from(b.matched) * u64::from(a.voted))
                    .cmp(&(u64::from(a.matched) * u64::from(b.voted))),
            )
            .then(a.voter.cmp(&b.voter))
    });
    close.truncate(CLOSEST_SHOWN);
    close
}
