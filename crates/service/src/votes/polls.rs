//! Native polls: votes that arrive as a platform's poll answers, and the
//! reconciliation with the poll's final results just before a ballot
//! closes.
//!
//! A platform's poll is the source of truth for its own answers, but its
//! vote events can be missed (a dropped connection, a restart). So poll
//! votes are recorded as they arrive, marked as poll votes, and at the
//! deadline the scheduler asks the registered [`PollSource`] for the final
//! answers and makes the stored poll votes equal them before the tally is
//! read. Votes cast by command or menu are never overwritten: one vote per
//! voter, the one sent last wins (a poll answer is dated when it arrives),
//! and a poll answer whose event never arrived cannot be dated against
//! them (see `docs/discord.md`).

use super::Votes;
use crate::VoteRefusal;
use crate::{Refusal, Service, ServiceError, VoteReceipt};
use holotable_leagues::eligibility::{Member, RoleId, VoterRules};
use holotable_model::{Millis, ServerKey};
use holotable_store::{BallotId, BallotStatus, GameStatus, Reconciled, VoteError, VoteVia};
use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// What [`PollSource::final_answers`] returns: `None` when the ballot has
/// no native poll, otherwise every (voter, option number) answer.
pub type PollAnswers = Option<Vec<(String, usize)>>;

/// The future of [`PollSource::final_answers`], boxed so the trait stays
/// object safe without a macro crate.
pub type PollFuture<'a> = Pin<Box<dyn Future<Output = Result<PollAnswers, String>> + Send + 'a>>;

/// A member as the platform read them for the voter rules, kept whole:
/// what [`PollSource::members`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberFacts {
    pub id: String,
    pub account_created: Millis,
    pub joined: Option<Millis>,
    pub roles: Vec<RoleId>,
}

impl MemberFacts {
    pub fn facts(&self) -> Member<'_> {
        Member {
            account_created: self.account_created,
            joined: self.joined,
            roles: &self.roles,
        }
    }
}

/// The future of [`PollSource::members`].
pub type MembersFuture<'a> = Pin<Box<dyn Future<Output = Vec<MemberFacts>> + Send + 'a>>;

/// A platform that can present a ballot as a native poll. Option numbers
/// are 1-based positions in the ballot's featured list.
pub trait PollSource: Send + Sync + 'static {
    /// Ends `ballot`'s poll, if it has one, and returns its final answers.
    /// Called once per close attempt, at or after the deadline.
    fn final_answers(&self, ballot: BallotId) -> PollFuture<'_>;

    /// Reads `voters`, members of `server`, for the voter rules at the
    /// close of `ballot`: those whose answers no checked vote vouches for
    /// (their events never came, or their member could not be read then).
    /// A member that cannot be read now either is left out of the result.
    fn members(
        &self,
        ballot: BallotId,
        server: ServerKey,
        voters: Vec<String>,
    ) -> MembersFuture<'_>;
}

/// A platform that does not answer in this time is closed without it: the
/// votes its events delivered still count, and the game goes on.
const POLL_TIMEOUT: Duration = Duration::from_secs(20);

impl Votes<'_> {
    /// Registers the platform's poll source. Only the first call counts: a
    /// process has one platform.
    pub fn set_poll_source(self, source: Arc<dyn PollSource>) {
        if self.0.poll_source.set(source).is_err() {
            tracing::warn!("a poll source was already registered; keeping the first");
        }
    }

    /// Records a poll answer (option number `option`) as `voter`'s vote,
    /// replacing their earlier vote however it was cast.
    ///
    /// # Errors
    /// Refused when the ballot is not open or the option does not exist.
    pub async fn poll_vote(
        self,
        ballot: BallotId,
        voter: &str,
        option: usize,
    ) -> Result<VoteReceipt, ServiceError> {
        let mv = self.poll_option(ballot, option).await?;
        // The poll shows the answer whatever we say; it counts only if
        // the member has not voted for another side of this game.
        if let Some(refusal) = self.side_refusal(ballot, voter).await? {
            return Err(refusal.into());
        }
        match self
            .0
            .store
            .record_vote_via(ballot, voter, &mv, VoteVia::Poll, self.0.now())
            .await
        {
            Ok(replaced) => Ok(VoteReceipt {
                ballot,
                mv,
                replaced,
                option: Some(option),
            }),
            Err(VoteError::Closed | VoteError::NoSuchBallot) => {
                Err(VoteRefusal::BallotClosed.into())
            }
            Err(VoteError::Superseded { standing }) => {
                Err(VoteRefusal::VoteSuperseded { standing }.into())
            }
            Err(VoteError::Store(e)) => Err(e.into()),
        }
    }

    /// Withdraws `voter`'s poll answer `option`. A vote they cast another
    /// way since then stays. Returns whether a vote was removed.
    ///
    /// # Errors
    /// Refused when the ballot is not open or the option does not exist.
    pub async fn withdraw_poll_vote(
        self,
        ballot: BallotId,
        voter: &str,
        option: usize,
    ) -> Result<bool, ServiceError> {
        let mv = self.poll_option(ballot, option).await?;
        Ok(self
            .0
            .store
            .withdraw_poll_vote(ballot, voter, &mv, self.0.now())
            .await?)
    }

    /// Why `voter`'s poll answer on `ballot` may not count: never in a
    /// game of one side; in a shared game, when they voted for another
    /// side (else the answer, once counted, binds them to the ballot's
    /// side).
    async fn side_refusal(
        self,
        ballot: BallotId,
        voter: &str,
    ) -> Result<Option<Refusal>, ServiceError> {
        let sides = self.0.store.sides(ballot.game).await?;
        if sides.len() < 2 {
            return Ok(None);
        }
        let Some(row) = self.0.store.ballot(ballot).await? else {
            return Ok(Some(Refusal::Vote(VoteRefusal::BallotClosed)));
        };
        let Some(side) = sides.iter().find(|s| s.plays(row.seat)) else {
            return Ok(Some(Refusal::Vote(VoteRefusal::BallotClosed)));
        };
        let Some(bound) = self
            .0
            .side_voted_elsewhere(ballot.game, voter, &side.channel, &sides)
            .await?
        else {
            return Ok(None);
        };
        let game = self
            .0
            .store
            .game(ballot.game)
            .await?
            .ok_or(Refusal::Vote(VoteRefusal::BallotClosed))?;
        let position = crate::games::load(&game)?;
        let side = crate::games::seat_names(&position, &bound.seats);
        Ok(Some(Refusal::Vote(VoteRefusal::VotedForOtherSide { side })))
    }

    async fn poll_option(self, ballot: BallotId, option: usize) -> Result<String, ServiceError> {
        let row = self
            .0
            .store
            .ballot(ballot)
            .await?
            .filter(|b| b.status == BallotStatus::Open)
            .ok_or(Refusal::Vote(VoteRefusal::BallotClosed))?;
        option
            .checked_sub(1)
            .and_then(|i| row.featured.get(i))
            .cloned()
            .ok_or_else(|| {
                VoteRefusal::NoSuchOption {
                    text: option.to_string(),
                    count: row.featured.len(),
                }
                .into()
            })
    }
}

impl Service {
    /// Makes the ballot's poll votes equal a poll's final answers (voter,
    /// option number). Works while the ballot is open, even past its
    /// deadline, because it is the first step of closing. Answers naming no
    /// option are skipped and logged.
    ///
    /// # Errors
    /// Refused when the ballot is closed.
    pub(crate) async fn reconcile_poll(
        &self,
        ballot: BallotId,
        answers: &[(String, usize)],
    ) -> Result<Reconciled, ServiceError> {
        let row = self
            .store
            .ballot(ballot)
            .await?
            .ok_or(Refusal::Vote(VoteRefusal::BallotClosed))?;
        // In a shared game, the channel of the side this ballot is for,
        // read once for all answers: an answer by a member who voted for
        // another side is left out.
        let sides = self.store.sides(ballot.game).await?;
        let voting_channel = (sides.len() > 1)
            .then(|| sides.iter().find(|s| s.plays(row.seat)))
            .flatten()
            .map(|s| s.channel.clone());
        let checked = self
            .checked_poll_voters(ballot, &row, &sides, answers)
            .await?;
        let mut moves = Vec::with_capacity(answers.len());
        for (voter, option) in answers {
            if let Some(checked) = &checked
                && !checked.contains(voter.as_str())
            {
                tracing::debug!(
                    game = ballot.game.0,
                    ply = ballot.ply,
                    "a poll answer no recorded vote vouches for is left out under voter rules"
                );
                continue;
            }
            if let Some(channel) = &voting_channel
                && self
                    .side_voted_elsewhere(ballot.game, voter, channel, &sides)
                    .await?
                    .is_some()
            {
                continue;
            }
            match option.checked_sub(1).and_then(|i| row.featured.get(i)) {
                Some(mv) => moves.push((voter.clone(), mv.clone())),
                None => tracing::warn!(
                    game = ballot.game.0,
                    ply = ballot.ply,
                    option,
                    "poll answer names no option"
                ),
            }
        }
        match self
            .store
            .reconcile_poll_votes(ballot, &moves, self.now())
            .await
        {
            Ok(done) => Ok(done),
            Err(VoteError::Closed | VoteError::NoSuchBallot) => {
                Err(VoteRefusal::BallotClosed.into())
            }
            Err(VoteError::Superseded { standing }) => {
                Err(VoteRefusal::VoteSuperseded { standing }.into())
            }
            Err(VoteError::Store(e)) => Err(e.into()),
        }
    }

    /// Under voter rules, the voters whose answers may count at the close:
    /// those with a vote recorded on the ballot, each checked when it was
    /// recorded, and those of `answers` the platform reads now and the
    /// rules admit. The final answers name voters, not their accounts' ages
    /// or roles, so an answer whose event never came is checked here, and
    /// one whose member cannot be read even now is left out rather than let
    /// a refused member in. `None` when no rule applies: every answer
    /// counts, as before there were rules.
    async fn checked_poll_voters(
        &self,
        ballot: BallotId,
        row: &holotable_store::BallotState,
        sides: &[holotable_store::GameSide],
        answers: &[(String, usize)],
    ) -> Result<Option<HashSet<String>>, ServiceError> {
        let side = sides.iter().find(|s| s.plays(row.seat));
        // The side knows its server; a game without sides (one channel's)
        // is found through its channel.
        let server = match side.and_then(|s| s.server.clone()) {
            Some(server) => Some(server),
            None => {
                let channel = match side {
                    Some(side) => side.channel.clone(),
                    None => match self.store.game(ballot.game).await? {
                        Some(game) => game.channel,
                        None => return Ok(None),
                    },
                };
                self.store.channel_server(&channel).await?
            }
        };
        let league = self.store.league_minimums(ballot.game).await?;
        let rules = match &server {
            Some(server) => self.rules_for(&ServerKey(server.clone()), league).await?,
            None => VoterRules::default().with_league(league.unwrap_or_default()),
        };
        if rules == VoterRules::default() {
            return Ok(None);
        }
        let mut checked: HashSet<String> = self
            .store
            .votes(ballot)
            .await?
            .into_iter()
            .map(|(voter, _)| voter)
            .collect();
        // In the answers' order, each voter once: the platform reads them
        // in turn, so the order it is given is the order it gets to.
        let mut asked = HashSet::new();
        let unvouched: Vec<String> = answers
            .iter()
            .map(|(voter, _)| voter)
            .filter(|voter| !checked.contains(voter.as_str()) && asked.insert(voter.as_str()))
            .cloned()
            .collect();
        if let (Some(server), Some(source), false) =
            (server, self.poll_source.get(), unvouched.is_empty())
        {
            let read = tokio::time::timeout(
                POLL_TIMEOUT,
                source.members(ballot, ServerKey(server), unvouched),
            )
            .await
            .unwrap_or_default();
            let now = self.now();
            checked.extend(
                read.into_iter()
                    .filter(|member| rules.check(&member.facts(), now).is_ok())
                    .map(|member| member.id),
            );
        }
        Ok(Some(checked))
    }

    /// Before a due ballot closes: ask the platform for its poll's final
    /// answers and reconcile. Failures are logged, never fatal: the ballot
    /// then closes on the votes the events delivered.
    pub(crate) async fn settle_poll(&self, id: BallotId) {
        let Some(source) = self.poll_source.get() else {
            return;
        };
        let due = match (self.store.ballot(id).await, self.store.game(id.game).await) {
            (Ok(Some(ballot)), Ok(Some(game))) => {
                ballot.status == BallotStatus::Open
                    && self.now() >= ballot.deadline
                    && game.status == GameStatus::Active
            }
            _ => false,
        };
        if !due {
            return;
        }
        let answers = match tokio::time::timeout(POLL_TIMEOUT, source.final_answers(id)).await {
            Ok(Ok(Some(answers))) => answers,
            Ok(Ok(None)) => return,
            Ok(Err(error)) => {
                tracing::warn!(game = id.game.0, ply = id.ply, %error, "reading the poll's final answers failed; closing on the recorded votes");
                return;
            }
            Err(_) => {
                tracing::warn!(
                    game = id.game.0,
                    ply = id.ply,
                    "the poll's final answers took too long; closing on the recorded votes"
                );
                return;
            }
        };
        match self.reconcile_poll(id, &answers).await {
            Ok(done) => tracing::info!(game = id.game.0, ply = id.ply, ?done, "poll reconciled"),
            Err(error) => {
                tracing::warn!(game = id.game.0, ply = id.ply, %error, "reconciling the poll failed")
            }
        }
    }
}
