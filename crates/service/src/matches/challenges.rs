//! Challenges: a player invites others to a match, each invited player
//! accepts or declines, and the last acceptance starts the match (in the
//! challenge's channel, or in a place a platform made for it). An
//! unanswered challenge lapses after [`CHALLENGE_MS`]: the first answer
//! after that finds it expired and marks it so.

use super::{HOUR, MatchStart, Matches, new_position};
use crate::seeds::seeded_rng;
use crate::{Failure, MatchRefusal, RETRIES, ServiceError};
use holotable_games::{GameKind, RulesJson};
use holotable_store::{
    ChallengeId, ChallengeState, ChallengeStatus, GameId, MatchSeat, Millis, NewChallenge,
    PlayerRef, StoreError,
};
use rand::seq::SliceRandom;

/// An unanswered challenge lapses after this long.
pub const CHALLENGE_MS: Millis = 24 * HOUR;

#[derive(Clone, Debug)]
pub struct ChallengeRequest {
    pub channel: String,
    pub kind: GameKind,
    pub rules: RulesJson,
    pub by: PlayerRef,
    /// One opponent, or up to three in games for more seats.
    pub opponents: Vec<PlayerRef>,
    pub turn_ms: Option<Millis>,
    /// Seats and random setups follow from it; drawn when absent.
    pub seed: Option<u64>,
}

/// What an acceptance did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acceptance {
    /// Others must still accept.
    Waiting { still: Vec<PlayerRef> },
    /// The match is on (now, or already by an earlier acceptance).
    Started(GameId),
}

impl Matches<'_> {
    /// Invites `opponents` to a match; it starts when all have accepted.
    ///
    /// # Errors
    /// Refused for a wrong number of opponents, the challenger among them,
    /// a turn time out of range, bad rules, or a player already in a match
    /// in the channel.
    pub async fn challenge(
        self,
        request: ChallengeRequest,
    ) -> Result<ChallengeState, ServiceError> {
        let turn_ms = self.check_turn(request.turn_ms)?;
        let seed = request.seed.unwrap_or_else(rand::random);
        let probe = new_position(request.kind, &request.rules, seed)?;
        let wanted = probe.seat_count() - 1;
        if request.opponents.len() != wanted {
            return Err(MatchRefusal::OpponentCount {
                game: request.kind,
                wanted,
            }
            .into());
        }
        let mut ids: Vec<&str> = request.opponents.iter().map(|p| p.id.as_str()).collect();
        ids.push(&request.by.id);
        ids.sort_unstable();
        ids.dedup();
        if ids.len() != wanted + 1 {
            return Err(MatchRefusal::PlayersNotDistinct.into());
        }
        for player in std::iter::once(&request.by).chain(&request.opponents) {
            self.ensure_free(player, &request.channel).await?;
        }
        let now = self.0.now();
        let row = NewChallenge {
            channel: request.channel,
            kind: request.kind,
            rules: probe.rules_json(),
            challenger: request.by,
            invited: request.opponents,
            turn_ms,
            seed,
            created_at: now,
            expires_at: now + CHALLENGE_MS,
        };
        let id = self.0.store.insert_challenge(&row).await?;
        tracing::info!(challenge = id.0, kind = %row.kind, "challenge issued");
        self.0
            .store
            .challenge(id)
            .await?
            .ok_or_else(|| Failure::Inconsistent(format!("challenge {id} vanished")).into())
    }

    /// Accepts a challenge for `by`. Accepting twice, or two players'
    /// acceptances at once, start exactly one match.
    ///
    /// # Errors
    /// Refused for someone not invited, or a challenge declined or expired.
    pub async fn accept(self, id: ChallengeId, by: &PlayerRef) -> Result<Acceptance, ServiceError> {
        self.accept_in(id, by, None).await
    }

    /// Whether `by` accepting the open challenge `id` now would start the
    /// match: every other invited player has accepted. A platform that
    /// gives matches a place of their own (a thread) makes it only then.
    ///
    /// # Errors
    /// Refused for an unknown challenge.
    pub async fn acceptance_would_start(
        self,
        id: ChallengeId,
        by: &str,
    ) -> Result<bool, ServiceError> {
        let challenge = self.challenge_state(id).await?;
        Ok(challenge.status == ChallengeStatus::Open
            && self.0.now() < challenge.expires_at
            && challenge.invited.iter().any(|p| p.id == by)
            && challenge
                .invited
                .iter()
                .all(|p| p.id == by || challenge.accepted.contains(&p.id)))
    }

    /// Like [`Matches::accept`]; a match this acceptance starts
    /// is played in `venue` (say a thread made for it) instead of the
    /// challenge's channel.
    ///
    /// # Errors
    /// As [`Matches::accept`].
    pub async fn accept_in(
        self,
        id: ChallengeId,
        by: &PlayerRef,
        venue: Option<&str>,
    ) -> Result<Acceptance, ServiceError> {
        for _ in 0..RETRIES {
            let challenge = self.open_challenge(id).await?;
            let challenge = match challenge {
                Ok(challenge) => challenge,
                Err(started) => return Ok(started),
            };
            if !challenge.invited.iter().any(|p| p.id == by.id) {
                return Err(MatchRefusal::NotInvited.into());
            }
            let mut accepted = challenge.accepted.clone();
            if !accepted.contains(&by.id) {
                accepted.push(by.id.clone());
            }
            let still: Vec<PlayerRef> = challenge
                .invited
                .iter()
                .filter(|p| !accepted.contains(&p.id))
                .cloned()
                .collect();
            if !still.is_empty() {
                match self
                    .0
                    .store
                    .accept_partly(id, &challenge.accepted, &accepted)
                    .await
                {
                    Ok(()) => return Ok(Acceptance::Waiting { still }),
                    Err(StoreError::Conflict) => continue,
                    Err(e) => return Err(e.into()),
                }
            }
            match self.start_challenged(&challenge, venue).await {
                Ok(game) => return Ok(Acceptance::Started(game)),
                // Another acceptance won the race: read what it did.
                Err(ServiceError::Failed(Failure::Store(StoreError::Conflict))) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(Failure::Inconsistent(format!("challenge {id} kept changing while accepting")).into())
    }

    /// Declines a challenge (an invited player), or withdraws it (the
    /// challenger).
    ///
    /// # Errors
    /// Refused for anyone else, or a challenge no longer open.
    pub async fn decline(
        self,
        id: ChallengeId,
        by: &PlayerRef,
    ) -> Result<ChallengeState, ServiceError> {
        let challenge = match self.open_challenge(id).await? {
            Ok(challenge) => challenge,
            Err(_) => {
                return Err(MatchRefusal::ChallengeClosed { status: "accepted" }.into());
            }
        };
        let involved =
            challenge.challenger.id == by.id || challenge.invited.iter().any(|p| p.id == by.id);
        if !involved {
            return Err(MatchRefusal::NotInvited.into());
        }
        if !self
            .0
            .store
            .close_challenge(id, ChallengeStatus::Declined)
            .await?
        {
            return Err(MatchRefusal::ChallengeClosed { status: "answered" }.into());
        }
        Ok(challenge)
    }

    /// Challenge `id` as it stands: open, accepted (with its match),
    /// declined or expired. An open challenge past its time reads as open
    /// here; [`Matches::accept`] and [`Matches::decline`] expire it.
    ///
    /// # Errors
    /// Refused for an unknown challenge.
    pub async fn challenge_state(self, id: ChallengeId) -> Result<ChallengeState, ServiceError> {
        self.0
            .store
            .challenge(id)
            .await?
            .ok_or_else(|| MatchRefusal::NoChallenge { id: id.0 }.into())
    }

    /// The challenge if it is open and current; `Err(Started)` when it was
    /// accepted already. Expires it on the way when its time is up.
    async fn open_challenge(
        self,
        id: ChallengeId,
    ) -> Result<Result<ChallengeState, Acceptance>, ServiceError> {
        let challenge = self.challenge_state(id).await?;
        match challenge.status {
            ChallengeStatus::Open if self.0.now() >= challenge.expires_at => {
                self.0
                    .store
                    .close_challenge(id, ChallengeStatus::Expired)
                    .await?;
                Err(MatchRefusal::ChallengeClosed { status: "expired" }.into())
            }
            ChallengeStatus::Open => Ok(Ok(challenge)),
            ChallengeStatus::Accepted => match challenge.game {
                Some(game) => Ok(Err(Acceptance::Started(game))),
                None => Err(
                    Failure::Inconsistent(format!("accepted challenge {id} has no match")).into(),
                ),
            },
            ChallengeStatus::Declined => {
                Err(MatchRefusal::ChallengeClosed { status: "declined" }.into())
            }
            ChallengeStatus::Expired => {
                Err(MatchRefusal::ChallengeClosed { status: "expired" }.into())
            }
        }
    }

    async fn start_challenged(
        self,
        challenge: &ChallengeState,
        venue: Option<&str>,
    ) -> Result<GameId, ServiceError> {
        let game = new_position(challenge.kind, &challenge.rules, challenge.seed)?;
        let mut players: Vec<PlayerRef> = std::iter::once(challenge.challenger.clone())
            .chain(challenge.invited.iter().cloned())
            .collect();
        // Seats by lot: the first seat often has the edge.
        let mut rng = seeded_rng(challenge.seed);
        players.shuffle(&mut rng);
        let seats = players
            .into_iter()
            .enumerate()
            .map(|(seat, p)| MatchSeat {
                seat: seat as u8,
                player: Some(p.id),
                name: p.name,
                rating_before: None,
                rating_after: None,
            })
            .collect();
        let start = MatchStart {
            channel: venue.map_or_else(|| challenge.channel.clone(), String::from),
            seed: challenge.seed,
            level: self.match_default_level(),
            started_by: challenge.challenger.id.clone(),
            turn_ms: challenge.turn_ms,
            seats,
            rated: true,
        };
        self.start_match(Some((challenge.id, &challenge.accepted)), game, start)
            .await
    }
}
