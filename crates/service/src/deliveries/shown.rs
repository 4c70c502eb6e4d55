//! A ballot's voting time runs from when members can see it.
//!
//! A ballot is written with its deadline, and the platform shows it when
//! delivery gets through: normally within a second, but retries after 429s
//! or 5xx can take longer, and members then lost that time, or saw a
//! ballot close before it appeared. So the adapter says when it is about
//! to show a ballot, or a message stating its closing time, and when it
//! showed the ballot; each time the deadline moves to the announced
//! deadline plus the time since the announcement, forward only, by a
//! second or more, and only while the ballot is open, so a report
//! repeated (a retried post, a restart) changes nothing more than the
//! later of them asks for. The second of slack keeps the closing time
//! that the board, the ballot and an extension show one and the same when
//! posts are quick: times are shown to the second, and a post takes a
//! fraction of one.
//!
//! Only the delivery that is still current moves a deadline
//! ([`Deliveries::still_current`], and the same fence in the update
//! itself): a process whose lease ran out, or whose attempt ended, while
//! it stalled would otherwise add its stall to a ballot another process
//! already posted, and the vote would stay open past the closing time the
//! channel was shown.
//!
//! The whole rule is here: the adapter reports what it shows and posts
//! the time it is told, and asks whether a message it posted earlier must
//! restate a deadline that moved since ([`Deliveries::restated`]).

use super::{Closes, Deliveries, Delivery};
use crate::ServiceError;
use holotable_model::{BallotFormat, BallotId, BallotState, BallotStatus, Millis, PostStyle};

/// Lags below this leave the deadline alone, and so do moves smaller than
/// this: drawing the board and posting it takes about that long on any day.
const LATE_MS: Millis = 1_000;

/// A ballot about to be posted: as it stands once its deadline has taken
/// in the wait so far, and how its game shows ballots.
#[derive(Clone, Debug, PartialEq)]
pub struct BallotToPost {
    pub ballot: BallotState,
    pub format: BallotFormat,
}

impl Deliveries {
    /// The closing time a message of `delivery` posted now states: as
    /// announced, or for a ballot's deadline the one the ballot has once
    /// it is shown now (a late message names the deadline the ballot will
    /// have; as announced if it has closed meanwhile).
    ///
    /// # Errors
    /// Storage failures; [`Failure::LeaseLost`](crate::Failure::LeaseLost)
    /// for a ballot's deadline when `delivery` is no longer current
    /// ([`Deliveries::still_current`]): nothing is moved then.
    pub async fn closing_time(
        &self,
        delivery: &Delivery,
        closes: &Closes,
    ) -> Result<Millis, ServiceError> {
        let Some(ply) = closes.ballot else {
            return Ok(closes.at);
        };
        let id = delivery.ballot(ply)?;
        self.current(delivery).await?;
        let now = self.clock.now();
        self.shown(delivery, id, closes.at, now).await?;
        Ok(self
            .open_at(id, now)
            .await?
            .map_or(closes.at, |ballot| ballot.deadline))
    }

    /// The ballot of `ply` while it is open, as it stands now, for a
    /// message posted only while it is (`Message::while_open`). Its
    /// deadline stays as it is: only the ballot's own post moves it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn open_ballot(
        &self,
        delivery: &Delivery,
        ply: u32,
    ) -> Result<Option<BallotState>, ServiceError> {
        self.open_at(delivery.ballot(ply)?, self.clock.now()).await
    }

    /// The ballot of `ply` (announced to close at `announced`), about to
    /// be posted now, if it is still open: its deadline first takes in the
    /// time the announcement already waited (earlier attempts, the board),
    /// so the post shows the deadline it will have.
    ///
    /// # Errors
    /// Storage failures; [`Failure::LeaseLost`](crate::Failure::LeaseLost)
    /// when `delivery` is no longer current ([`Deliveries::still_current`]):
    /// nothing is moved then, and nothing is to be posted.
    pub async fn ballot_to_post(
        &self,
        delivery: &Delivery,
        ply: u32,
        announced: Millis,
    ) -> Result<Option<BallotToPost>, ServiceError> {
        let id = delivery.ballot(ply)?;
        self.current(delivery).await?;
        let now = self.clock.now();
        self.shown(delivery, id, announced, now).await?;
        let Some(ballot) = self.open_at(id, now).await? else {
            return Ok(None);
        };
        let format = self
            .store
            .game(id.game)
            .await?
            .map_or(BallotFormat::Auto, |game| game.ballot_format);
        Ok(Some(BallotToPost { ballot, format }))
    }

    /// The ballot of `ply` was posted as the message `reference`, shown
    /// as `style`: the time the post itself took is added to its voting
    /// time, and the post is remembered for votes, tallies and the close.
    ///
    /// # Errors
    /// Storage failures; [`Failure::LeaseLost`](crate::Failure::LeaseLost)
    /// when `delivery` is no longer current ([`Deliveries::still_current`]):
    /// the post is still recorded (it is out, and must be tidied and
    /// closed), but the deadline is not moved for it.
    pub async fn ballot_posted(
        &self,
        delivery: &Delivery,
        ply: u32,
        announced: Millis,
        style: PostStyle,
        reference: &str,
    ) -> Result<(), ServiceError> {
        let id = delivery.ballot(ply)?;
        let current = self.still_current(delivery).await?;
        let now = self.clock.now();
        if current {
            self.shown(delivery, id, announced, now).await?;
        }
        // Recorded even for a stale delivery: the poll is out (the nonce's
        // window missed), and only this record gets it tidied and closed.
        // The deadline is left to the delivery that holds the channel,
        // whose own post is the one members see.
        self.outbox()
            .record_ballot_post(id, style, reference, now)
            .await?;
        if current {
            Ok(())
        } else {
            Err(delivery.lease_lost())
        }
    }

    /// Whether a message of `delivery` that stated `stated` as the ballot
    /// of `ply`'s closing time must say it again: the open ballot, when
    /// its own slow post moved its deadline to another second since (times
    /// are shown to the second, so a move within one changes nothing
    /// shown); `None` when nothing is to be restated.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn restated(
        &self,
        delivery: &Delivery,
        ply: u32,
        stated: Millis,
    ) -> Result<Option<BallotState>, ServiceError> {
        let ballot = self.open_ballot(delivery, ply).await?;
        Ok(ballot.filter(|b| b.deadline.div_euclid(1000) != stated.div_euclid(1000)))
    }

    /// Ballot `id`, announced by `delivery` with voting until `announced`,
    /// is (about to be) shown at `at`: its deadline moves to `announced`
    /// plus the time since the announcement was queued, if that is later
    /// than it is; the scheduler is woken when it moved. Fenced as
    /// [`Deliveries::still_current`] in the same statement: a stale
    /// delivery moves nothing.
    async fn shown(
        &self,
        delivery: &Delivery,
        id: BallotId,
        announced: Millis,
        at: Millis,
    ) -> Result<(), ServiceError> {
        let lag = at.saturating_sub(delivery.row.created_at);
        if lag < LATE_MS {
            return Ok(());
        }
        let deadline = announced.saturating_add(lag);
        let moved = self
            .store
            .delay_deadline(id, deadline, LATE_MS, &delivery.row, delivery.holder())
            .await?;
        if !moved {
            return Ok(());
        }
        tracing::info!(
            game = id.game.0,
            ply = id.ply,
            lag_ms = lag,
            "the ballot was shown late; its vote runs from when it was shown"
        );
        self.deadlines_changed.notify_one();
        Ok(())
    }

    /// Ballot `id` as it stands, if it is open at `now`.
    async fn open_at(
        &self,
        id: BallotId,
        now: Millis,
    ) -> Result<Option<BallotState>, ServiceError> {
        Ok(self
            .outbox()
            .ballot(id)
            .await?
            .filter(|b| b.status == BallotStatus::Open && b.deadline > now))
    }
}
