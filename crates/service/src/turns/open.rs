//! A discussed ballot's votes open when its discussion ends: the post
//! that says so is queued once, in the channel that votes.

use super::Turns;
use crate::{Announcement, ServiceError};
use holotable_model::{BallotStatus, GameStatus};
use holotable_store::BallotId;

impl Turns<'_> {
    /// Opens the votes of every ballot whose discussion has ended; returns
    /// how many were opened here. One ballot's failure is logged and
    /// leaves it due for the next pass.
    ///
    /// # Errors
    /// Reading which discussions ended failed.
    pub async fn open_due_votes(self) -> Result<usize, ServiceError> {
        let mut opened = 0;
        // Again while any opened: one that fell due during the pass opens
        // now, not at the scheduler's next turn (its votes already count).
        loop {
            let mut here = 0;
            for ballot in self.0.store.due_openings(self.0.now()).await? {
                match self.open_votes(ballot).await {
                    Ok(posted) => here += usize::from(posted),
                    Err(error) => {
                        tracing::error!(%error, game = ballot.game.0, ply = ballot.ply, "opening a ballot's votes failed");
                    }
                }
            }
            if here == 0 {
                return Ok(opened);
            }
            opened += here;
        }
    }

    /// Queues the post that opens `id`'s votes in its voting channel;
    /// `false` when another process did, or the ballot is gone.
    async fn open_votes(self, id: BallotId) -> Result<bool, ServiceError> {
        let (Some(game), Some(ballot)) = (
            self.0.store.game(id.game).await?,
            self.0.store.ballot(id).await?,
        ) else {
            return Ok(false);
        };
        if game.status != GameStatus::Active || ballot.status != BallotStatus::Open {
            return Ok(false);
        }
        let position = crate::games::load(&game)?;
        let sides = self.0.sides_of(id.game, &position).await?;
        let channel = sides
            .of_seat(ballot.seat)
            .map_or_else(|| game.channel.clone(), |s| s.side.channel.clone());
        let post = Announcement::VotingOpened {
            ply: id.ply,
            deadline: ballot.deadline,
        }
        .to_outbox();
        Ok(self
            .0
            .store
            .post_opening(id, &channel, &post, self.0.now())
            .await?)
    }
}
