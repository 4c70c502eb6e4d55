//! The post-game review: every community decision weighed by the engine at
//! a fixed budget, the turning point, the accuracy, and the members whose
//! votes most often matched the engine's choice.
//!
//! The engine's judging is CPU work: it runs on the blocking pool, one
//! review at a time, so a burst of finished games never takes the cores
//! that other channels' replies need.

use super::Games;
use crate::GameRefusal;
pub use crate::announce::{
    AGREED_SHOWN, AgreedSuggestion, CloseVoter, ReviewedDecision, SideReview,
};
use crate::{Announcement, Failure, Refusal, ServiceError};
use holotable_games::engine::review::{Judgement, Verdict, judge};
use holotable_games::{AnyGame, GameRecord};
use holotable_store::{BallotId, EngineChoice, GameId, Suggestion};
use std::collections::BTreeMap;
use tokio::sync::Semaphore;

/// One review at a time: see the module comment.
static REVIEWING: Semaphore = Semaphore::const_new(1);

/// How many members a review names.
const CLOSEST_SHOWN: usize = 3;

impl Games<'_> {
    /// Reviews game `id`'s community decisions, one review per side.
    ///
    /// # Errors
    /// Storage failures; refused for an unknown game or one that has not
    /// ended; [`Failure::Inconsistent`] when the stored record does not
    /// replay.
    pub async fn review(self, id: GameId) -> Result<Vec<SideReview>, ServiceError> {
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
        self,
        channel: &str,
        game: Option<GameId>,
    ) -> Result<SideReview, ServiceError> {
        let id = match game {
            Some(id) => id,
            None => self
                .0
                .store
                .latest_finished_game(channel)
                .await?
                .ok_or(Refusal::Game(GameRefusal::NoFinishedGame))?,
        };
        let played_here = self
            .0
            .store
            .sides(id)
            .await?
            .iter()
            .any(|side| side.channel == channel);
        if !played_here {
            return Err(GameRefusal::NotPlayedHere { game: id.0 }.into());
        }
        self.review_by_channel(id)
            .await?
            .into_iter()
            .find(|(side_channel, _)| side_channel == channel)
            .map(|(_, review)| review)
            .ok_or_else(|| GameRefusal::NotPlayedHere { game: id.0 }.into())
    }

    /// Posts the review of every finished community game that has none
    /// queued yet, each side's in its own channel, once: returns how many
    /// games' reviews this call queued. A game whose record does not
    /// replay is logged and marked, so it is not tried forever.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn post_due_reviews(self) -> Result<usize, ServiceError> {
        let mut queued = 0;
        for id in self.0.store.games_awaiting_review(REVIEWS_PER_PASS).await? {
            let (choices, posts) = match self.review_by_channel(id).await {
                Ok(reviews) => (
                    engine_choices(&reviews),
                    reviews
                        .into_iter()
                        .map(|(channel, review)| {
                            (channel, Announcement::GameReviewed { review }.to_outbox())
                        })
                        .collect(),
                ),
                Err(error @ ServiceError::Failed(Failure::Store(_))) => return Err(error),
                Err(error) => {
                    tracing::error!(game = id.0, %error, "reviewing a finished game failed");
                    (Vec::new(), Vec::new())
                }
            };
            if self
                .0
                .store
                .record_review(id, &choices, &posts, self.0.now())
                .await?
            {
                queued += 1;
            }
        }
        Ok(queued)
    }

    async fn review_by_channel(
        self,
        id: GameId,
    ) -> Result<Vec<(String, SideReview)>, ServiceError> {
        let row = self.0.store.game(id).await?.ok_or(Refusal::NoGame)?;
        if row.outcome.is_none() {
            return Err(GameRefusal::GameNotOver.into());
        }
        let record = self.record_of(id).await?;
        let moves = self.0.store.moves(id).await?;
        let sides = self.0.versus().game_sides(id).await?;
        let mut votes = BTreeMap::new();
        let mut suggested = BTreeMap::new();
        for m in moves.iter().filter(|m| m.decided_by == "community") {
            let ply = u32::try_from(m.ply).unwrap_or(u32::MAX);
            let ballot = BallotId { game: id, ply };
            votes.insert(ply, self.0.store.votes(ballot).await?);
            suggested.insert(ply, self.0.store.suggestions(ballot).await?);
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
                let members = turnout(&decisions, &votes);
                let agreed = agreed_suggestions(&decisions, &suggested);
                let review = SideReview {
                    kind: row.kind,
                    seats: side.label.seats.clone(),
                    decisions,
                    closest,
                    members: Some(members),
                    agreed,
                };
                (side.side.channel.clone(), review)
            })
            .collect())
    }
}

/// Games reviewed per pass of the scheduler: each takes the one review
/// slot for a while, and the next pass picks up the rest.
const REVIEWS_PER_PASS: i64 = 8;

/// The engine's choice at every side's decisions, kept with the review
/// for the members' figures.
fn engine_choices(reviews: &[(String, SideReview)]) -> Vec<EngineChoice> {
    reviews
        .iter()
        .flat_map(|(_, review)| &review.decisions)
        .map(|d| EngineChoice {
            ply: d.ply,
            preferred: d.judgement.preferred.clone(),
            forced: d.judgement.verdict == Verdict::Forced,
        })
        .collect()
}

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

/// How many members voted in `decisions`' ballots: one side's, so each
/// side of a shared game hears its own turnout.
fn turnout(decisions: &[ReviewedDecision], votes: &BTreeMap<u32, Vec<(String, String)>>) -> u32 {
    let members: std::collections::BTreeSet<&str> = decisions
        .iter()
        .flat_map(|d| votes.get(&d.ply).into_iter().flatten())
        .map(|(voter, _)| voter.as_str())
        .collect();
    count(members.len())
}

/// The suggestions on `decisions`' ballots that were the engine's choice
/// where it had one, in the game's order.
fn agreed_suggestions(
    decisions: &[ReviewedDecision],
    suggested: &BTreeMap<u32, Vec<Suggestion>>,
) -> Vec<AgreedSuggestion> {
    decisions
        .iter()
        .filter(|d| d.judgement.verdict != Verdict::Forced)
        .flat_map(|d| {
            suggested
                .get(&d.ply)
                .into_iter()
                .flatten()
                .filter(move |s| s.mv == d.judgement.preferred)
        })
        .take(AGREED_SHOWN)
        .map(|s| AgreedSuggestion {
            ply: s.ballot.ply,
            mv: s.mv.clone(),
            author: s.author.clone(),
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
