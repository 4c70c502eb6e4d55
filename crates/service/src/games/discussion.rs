//! A discussion before each ballot takes votes, and a tally hidden until
//! the close: how a game's members decide together rather than follow the
//! first few votes.
//!
//! A discussed ballot opens at once (its suggestions and backings with
//! it) and takes votes from `votes_open_at`, a time fixed when it opened,
//! so every process refuses an early vote alike. The post that opens the
//! votes is queued once, in the store's transaction that marks it posted
//! (`Store::post_opening`).

use super::Games;
use super::{Announcement, Refusal, ServiceError};
use crate::{GameRefusal, VoteRefusal};
use holotable_model::{BallotFormat, BallotStatus, Deliberation, GameStatus, Millis};
use holotable_store::BallotId;

/// The longest discussion: longer, and the game stalls between ballots.
pub const MAX_DISCUSS_MS: Millis = 24 * 3_600_000;

/// How a game asked to `asked` and to show its ballots as `format`
/// deliberates and shows them: a hidden tally needs menus, since a
/// poll shows its counts to everyone, so `auto` becomes menus.
///
/// # Errors
/// A discussion longer than [`MAX_DISCUSS_MS`] or negative; a hidden
/// tally with polls.
pub(crate) fn check_deliberation(
    asked: Deliberation,
    format: BallotFormat,
) -> Result<(Deliberation, BallotFormat), Refusal> {
    if !(0..=MAX_DISCUSS_MS).contains(&asked.discuss_ms) {
        return Err(Refusal::Game(GameRefusal::DiscussLength {
            max: MAX_DISCUSS_MS,
        }));
    }
    let format = match (asked.hidden_tally, format) {
        (true, BallotFormat::Poll) => return Err(Refusal::Game(GameRefusal::HiddenTallyPoll)),
        (true, _) => BallotFormat::Menus,
        (false, format) => format,
    };
    Ok((asked, format))
}

/// Refuses a vote on a ballot whose discussion runs until `votes_open_at`.
pub(crate) fn votes_open(votes_open_at: Option<Millis>, now: Millis) -> Result<(), Refusal> {
    match votes_open_at {
        Some(opens) if now < opens => Err(Refusal::Vote(VoteRefusal::DiscussionRuns {
            opens_in: opens - now,
        })),
        _ => Ok(()),
    }
}

impl Games<'_> {
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

    /// Notes that `thread` was opened to talk over `channel`'s game.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn note_discussion_thread(
        self,
        thread: &str,
        channel: &str,
    ) -> Result<(), ServiceError> {
        Ok(self.0.store.note_discussion_thread(thread, channel).await?)
    }

    /// The channel whose game a command typed in `channel` is about: the
    /// game's own channel in a thread opened to talk it over, else
    /// `channel` itself.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn channel(self, channel: &str) -> Result<String, ServiceError> {
        Ok(self
            .0
            .store
            .discussion_channel(channel)
            .await?
            .unwrap_or_else(|| channel.to_string()))
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
        let position = super::load(&game)?;
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

    #[test]
    fn a_discussion_is_at_most_a_day() {
        let day = Deliberation {
            discuss_ms: MAX_DISCUSS_MS,
            hidden_tally: false,
        };
        let auto = BallotFormat::Auto;
        assert_eq!(check_deliberation(day, auto), Ok((day, auto)));
        for discuss_ms in [-1, MAX_DISCUSS_MS + 1] {
            let asked = Deliberation { discuss_ms, ..day };
            assert_eq!(
                check_deliberation(asked, auto),
                Err(Refusal::Game(GameRefusal::DiscussLength {
                    max: MAX_DISCUSS_MS
                }))
            );
        }
    }

    #[test]
    fn a_hidden_tally_takes_menus() {
        let hidden = Deliberation {
            discuss_ms: 0,
            hidden_tally: true,
        };
        for format in [BallotFormat::Auto, BallotFormat::Menus] {
            assert_eq!(
                check_deliberation(hidden, format),
                Ok((hidden, BallotFormat::Menus))
            );
        }
        assert_eq!(
            check_deliberation(hidden, BallotFormat::Poll),
            Err(Refusal::Game(GameRefusal::HiddenTallyPoll))
        );
    }
}
