//! A simulated crowd for `play --voters N`: each voter prefers moves the
//! engine ranks higher, with noise; some change their mind, some send junk
//! (which the service must refuse without losing anything).

use super::{Voted, ballot_gone};
use crate::cli::output::outln;
use holotable::i18n::Lang;
use holotable::model::BallotState;
use holotable::service::{Lease, Service, ServiceError};
use holotable::t;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub struct Crowd {
    voters: u32,
    rng: ChaCha8Rng,
    /// Set before each voter's number: the members of one community's
    /// crowd are not those of another's.
    prefix: String,
}

/// Chances per voter and ballot.
const TURNOUT: f64 = 0.85;
const CHANGE_OF_MIND: f64 = 0.1;
const JUNK: f64 = 0.05;
const JUNK_TEXTS: [&str; 5] = ["A13-B2", "lol", "B4-B5", "#42", "A1 to B1 please"];
/// How many of a crowd's members suggest a move on each ballot, and how
/// many (those among them) argue at all, suggesting or backing.
const SUGGESTERS: u32 = 2;
const ARGUERS: u32 = 5;

impl Crowd {
    pub fn new(voters: u32, seed: u64, prefix: &str) -> Crowd {
        Crowd {
            voters,
            rng: ChaCha8Rng::seed_from_u64(seed),
            prefix: prefix.to_string(),
        }
    }

    fn pick<'a>(&mut self, ballot: &'a BallotState) -> &'a str {
        // Mostly the engine's favourites (rank r weighs 1/(r+1)), sometimes
        // any legal move: a crowd agrees on good moves but not always.
        if self.rng.random_bool(0.2) || ballot.ranking.is_empty() {
            return &ballot.legal[self.rng.random_range(0..ballot.legal.len())];
        }
        let weights: Vec<f64> = (0..ballot.ranking.len())
            .map(|r| 1.0 / (r as f64 + 1.0))
            .collect();
        let mut point = self.rng.random::<f64>() * weights.iter().sum::<f64>();
        for (mv, weight) in ballot.ranking.iter().zip(weights) {
            point -= weight;
            if point <= 0.0 {
                return mv;
            }
        }
        &ballot.ranking[0]
    }

    /// The crowd argues for moves: its first members each suggest the
    /// move they favour (backing it when another suggested it first), and
    /// a few more back a suggestion of the move they favour.
    pub async fn suggest(
        &mut self,
        lang: Lang,
        service: &Service,
        channel: &str,
        ballot: &BallotState,
    ) -> anyhow::Result<()> {
        let reason = t!(lang, "play-crowd-reason");
        for voter in 0..self.voters.min(ARGUERS) {
            let id = format!("sim-{}{voter}", self.prefix);
            let mv = self.pick(ballot).to_string();
            let suggesting = voter < SUGGESTERS;
            if suggesting {
                match service
                    .votes()
                    .suggest(channel, &id, &mv, &reason, service.now())
                    .await
                {
                    Ok(_) => continue,
                    Err(ServiceError::Refused(_)) => {}
                    Err(other) => return Err(other.into()),
                }
            }
            let suggested = service.votes().suggestions(ballot.id).await?;
            if let Some(there) = suggested.iter().find(|s| s.mv == mv) {
                match service
                    .votes()
                    .back_suggestion(channel, there.id, &id)
                    .await
                {
                    Ok(_) | Err(ServiceError::Refused(_)) => {}
                    Err(other) => return Err(other.into()),
                }
            }
        }
        Ok(())
    }

    pub async fn vote(
        &mut self,
        lang: Lang,
        service: &Service,
        channel: &str,
        ballot: &BallotState,
        held: &mut Lease,
    ) -> anyhow::Result<Voted> {
        let (mut cast, mut changed, mut refused) = (0, 0, 0);
        for voter in 0..self.voters {
            // A crowd of thousands votes for a while: each vote is sent
            // only while the game is still this process's.
            if !held.still_ours().await? {
                return Ok(Voted::TakenOver);
            }
            if !self.rng.random_bool(TURNOUT) {
                continue;
            }
            let id = format!("sim-{}{voter}", self.prefix);
            if self.rng.random_bool(JUNK) {
                let junk = JUNK_TEXTS[self.rng.random_range(0..JUNK_TEXTS.len())];
                match service
                    .votes()
                    .cast_on(channel, ballot.id, &id, junk, service.now())
                    .await
                {
                    Err(ServiceError::Refused(r)) if ballot_gone(&r) => {
                        return Ok(Voted::ClosedElsewhere);
                    }
                    Err(ServiceError::Refused(_)) => refused += 1,
                    Err(other) => return Err(other.into()),
                    Ok(_) => {}
                }
            }
            let mut choices = vec![self.pick(ballot).to_string()];
            if self.rng.random_bool(CHANGE_OF_MIND) {
                choices.push(self.pick(ballot).to_string());
            }
            for choice in &choices {
                match service
                    .votes()
                    .cast_on(channel, ballot.id, &id, choice, service.now())
                    .await
                {
                    Err(ServiceError::Refused(r)) if ballot_gone(&r) => {
                        return Ok(Voted::ClosedElsewhere);
                    }
                    other => other?,
                };
            }
            cast += 1;
            changed += choices.len() - 1;
        }
        outln!(
            "  {}",
            t!(
                lang,
                "play-crowd",
                cast = cast,
                changed = changed,
                refused = refused
            )
        );
        Ok(Voted::Done)
    }
}
