//! Recording votes: the hot path, served from a per-channel cache of the
//! open ballot's parsed context.

use super::Votes;
use crate::VoteRefusal;
use crate::ballot::{self, VoteTextError};
use crate::games::seat_names;
use crate::games::{VoteReceipt, load};
use crate::{Refusal, Service, ServiceError};
use holotable_games::AnyGame;
use holotable_leagues::eligibility::LeagueMinimums;
use holotable_store::{BallotId, BallotStatus, GameSide, GameStatus, Millis, VoteError};
use std::sync::Arc;

/// What a vote needs, parsed once per ballot.
pub(crate) struct BallotContext {
    pub(crate) id: BallotId,
    /// A ballot id names one decision and its opening time never changes,
    /// so a vote sent before this moment was meant for an earlier ballot.
    pub(crate) opened_at: Millis,
    /// After a discussion, when votes open (suggestions are taken before).
    votes_open_at: Option<Millis>,
    game: AnyGame,
    legal: Vec<String>,
    featured: Vec<String>,
    /// In a shared game, the channel whose side this ballot is, and every
    /// side (to name the one a member already voted for).
    shared: Option<(String, Vec<GameSide>)>,
    /// The minimums of the league this game is in, read once per ballot.
    pub(crate) league: Option<LeagueMinimums>,
}

impl Votes<'_> {
    /// Records a vote on the ballot that was open in the channel when the
    /// voter sent it (`sent_at`: on Discord, the interaction's creation
    /// time). An option number or a move means something only on the board
    /// the voter saw, so a vote sent before the open ballot opened is
    /// refused, never carried over to it. A vote sent before the deadline
    /// counts while its ballot is open, though it is recorded after: one
    /// that waited in the platform's queue, which the close waits for
    /// (`arrivals.rs`).
    ///
    /// # Errors
    /// Refused when there is no open ballot, when the ballot open at
    /// `sent_at` has closed since ([`VoteRefusal::BallotMovedOn`] names the one
    /// open now), or when the text is not a legal move (the message suggests
    /// the closest legal moves).
    pub async fn cast(
        self,
        channel: &str,
        voter: &str,
        text: &str,
        sent_at: Millis,
    ) -> Result<VoteReceipt, ServiceError> {
        for _ in 0..2 {
            let context = self.0.ballot_context(channel).await?;
            if context.opened_at > sent_at {
                return Err(moved_on(&context));
            }
            match self.record_vote(&context, voter, text, sent_at).await {
                // The cached ballot may be stale (closed elsewhere): reload
                // once, and the check above decides whether the new one is
                // the ballot the voter saw.
                Err(ServiceError::Refused(Refusal::Vote(VoteRefusal::BallotClosed))) => {
                    self.0.forget_ballot(channel)
                }
                other => return other,
            }
        }
        Err(VoteRefusal::BallotClosed.into())
    }

    /// Records a vote on a specific ballot (a button or menu on an older
    /// message names its ballot, so a late click is refused, not
    /// misapplied), sent at `sent_at` as for [`Votes::cast`].
    ///
    /// # Errors
    /// As [`Votes::cast`], and [`VoteRefusal::BallotClosed`] for another ballot.
    pub async fn cast_on(
        self,
        channel: &str,
        ballot: BallotId,
        voter: &str,
        text: &str,
        sent_at: Millis,
    ) -> Result<VoteReceipt, ServiceError> {
        let context = self.0.ballot_context(channel).await;
        match context {
            Ok(context) if context.id == ballot => {
                match self.record_vote(&context, voter, text, sent_at).await {
                    // Closed by another process since it was cached: say
                    // which ballot is open now, if any.
                    Err(ServiceError::Refused(Refusal::Vote(VoteRefusal::BallotClosed))) => {
                        self.0.forget_ballot(channel);
                        match self.0.ballot_context(channel).await {
                            Ok(now_open)
                                if now_open.id.game == ballot.game
                                    && now_open.id.ply > ballot.ply =>
                            {
                                Err(moved_on(&now_open))
                            }
                            _ => Err(VoteRefusal::BallotClosed.into()),
                        }
                    }
                    other => other,
                }
            }
            // The cache may hold the ballot before this one, if a vote
            // re-cached it while the close was being written: reload once.
            Ok(context) if context.id.game == ballot.game => {
                self.0.forget_ballot(channel);
                match self.0.ballot_context(channel).await {
                    Ok(fresh) if fresh.id == ballot => {
                        self.record_vote(&fresh, voter, text, sent_at).await
                    }
                    Ok(fresh) if fresh.id.game == ballot.game && fresh.id.ply > ballot.ply => {
                        Err(moved_on(&fresh))
                    }
                    Ok(_) | Err(ServiceError::Refused(_)) => Err(VoteRefusal::BallotClosed.into()),
                    Err(e) => Err(e),
                }
            }
            Ok(_) | Err(ServiceError::Refused(_)) => Err(VoteRefusal::BallotClosed.into()),
            Err(e) => Err(e),
        }
    }

    async fn record_vote(
        self,
        context: &BallotContext,
        voter: &str,
        text: &str,
        sent_at: Millis,
    ) -> Result<VoteReceipt, ServiceError> {
        // When it was sent, as far as this clock can tell: a platform's
        // clock ahead of ours gains a vote no time past the deadline.
        let at = sent_at.min(self.0.now());
        votes_open(context.votes_open_at, at)?;
        let mv = context.resolve(text)?;
        if let Some((channel, sides)) = &context.shared
            && let Some(bound) = self
                .0
                .side_voted_elsewhere(context.id.game, voter, channel, sides)
                .await?
        {
            let side = seat_names(&context.game, &bound.seats);
            return Err(VoteRefusal::VotedForOtherSide { side }.into());
        }
        let replaced = match self.0.store.record_vote(context.id, voter, &mv, at).await {
            Ok(replaced) => replaced,
            Err(VoteError::Closed | VoteError::NoSuchBallot) => {
                return Err(VoteRefusal::BallotClosed.into());
            }
            Err(VoteError::Superseded { standing }) => {
                return Err(VoteRefusal::VoteSuperseded { standing }.into());
            }
            Err(VoteError::Store(e)) => return Err(e.into()),
        };
        let option = context
            .featured
            .iter()
            .position(|f| *f == mv)
            .map(|i| i + 1);
        Ok(VoteReceipt {
            ballot: context.id,
            mv,
            replaced,
            option,
        })
    }
}

impl Service {
    pub(crate) async fn ballot_context(
        &self,
        channel: &str,
    ) -> Result<Arc<BallotContext>, ServiceError> {
        if let Some(context) = self.ballots.lock().expect("ballot cache lock").get(channel) {
            return Ok(context.clone());
        }
        let game = self
            .store
            .live_game(channel)
            .await?
            .ok_or(Refusal::NoGame)?;
        if game.status != GameStatus::Active {
            return Err(VoteRefusal::NotVoting {
                status: game.status.as_str(),
            }
            .into());
        }
        let ballot = self
            .store
            .current_ballot(game.id)
            .await?
            .filter(|b| b.status == BallotStatus::Open)
            .ok_or(Refusal::Vote(VoteRefusal::BallotClosed))?;
        let position = load(&game)?;
        let sides = self.store.sides(game.id).await?;
        let shared = if sides.len() > 1 {
            let voting = sides.iter().find(|s| s.plays(ballot.seat));
            if voting.is_none_or(|s| s.channel != channel) {
                let side = voting
                    .map(|s| seat_names(&position, &s.seats))
                    .unwrap_or_default();
                return Err(VoteRefusal::OtherSideVoting { side }.into());
            }
            Some((channel.to_string(), sides))
        } else {
            None
        };
        let league = self.store.league_minimums(game.id).await?;
        let context = Arc::new(BallotContext {
            id: ballot.id,
            opened_at: ballot.opened_at,
            votes_open_at: ballot.votes_open_at,
            game: position,
            legal: ballot.legal,
            featured: ballot.featured,
            shared,
            league,
        });
        self.ballots
            .lock()
            .expect("ballot cache lock")
            .insert(channel.to_string(), context.clone());
        Ok(context)
    }

    pub(crate) fn forget_ballot(&self, channel: &str) {
        self.ballots
            .lock()
            .expect("ballot cache lock")
            .remove(channel);
    }
}

impl BallotContext {
    /// The legal move `text` names on this ballot (a move, or an option
    /// number), as a vote or a suggestion reads it.
    pub(crate) fn resolve(&self, text: &str) -> Result<String, Refusal> {
        ballot::resolve_vote(&self.game, &self.legal, &self.featured, text).map_err(|e| {
            let text: String = text.trim().chars().take(40).collect();
            match e {
                VoteTextError::Unreadable => Refusal::Vote(VoteRefusal::UnreadableVote {
                    text,
                    game: self.game.kind(),
                }),
                VoteTextError::Illegal { suggestions } => {
                    Refusal::IllegalMove { text, suggestions }
                }
                VoteTextError::NoSuchOption { count } => Refusal::Vote(VoteRefusal::NoSuchOption {
                    text: text.trim_start_matches('#').to_string(),
                    count,
                }),
            }
        })
    }
}

pub(crate) fn moved_on(open: &BallotContext) -> ServiceError {
    VoteRefusal::BallotMovedOn {
        open_move: open.id.ply + 1,
    }
    .into()
}

/// Refuses a vote on a ballot whose discussion runs until `votes_open_at`.
fn votes_open(votes_open_at: Option<Millis>, now: Millis) -> Result<(), Refusal> {
    match votes_open_at {
        Some(opens) if now < opens => Err(Refusal::Vote(VoteRefusal::DiscussionRuns {
            opens_in: opens - now,
        })),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn votes_open_when_the_discussion_ends() {
        assert_eq!(votes_open(None, 5), Ok(()));
        assert_eq!(votes_open(Some(10), 10), Ok(()));
        assert_eq!(
            votes_open(Some(10), 4),
            Err(Refusal::Vote(VoteRefusal::DiscussionRuns { opens_in: 6 }))
        );
    }
}
