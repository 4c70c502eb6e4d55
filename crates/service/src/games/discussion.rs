//! A discussion before each ballot takes votes, and a tally hidden until
//! the close: how a game's members decide together rather than follow the
//! first few votes.
//!
//! A discussed ballot opens at once (its suggestions and backings with
//! it) and takes votes from `votes_open_at`, a time fixed when it opened,
//! so every process refuses an early vote alike. The post that opens the
//! votes is queued once, in the store's transaction that marks it posted
//! (`Store::post_opening`), by the turns' clockwork (`turns/open.rs`).

use super::Games;
use super::{Refusal, ServiceError};
use crate::GameRefusal;
use holotable_model::{BallotFormat, Deliberation, Millis};

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

impl Games<'_> {
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
    pub async fn channel_of(self, channel: &str) -> Result<String, ServiceError> {
        Ok(self
            .0
            .store
            .discussion_channel(channel)
            .await?
            .unwrap_or_else(|| channel.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
