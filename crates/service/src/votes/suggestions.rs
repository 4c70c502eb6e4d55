//! Arguing for a move: a member suggests a move of the open ballot with a
//! reason, and others back it. A suggestion belongs to its ballot, closes
//! with it, and is only ever seen in the channel that votes on it: a
//! suggestion is made there (its ballot's context refuses another side's
//! channel), and nothing of it is routed elsewhere.

use super::Votes;
use crate::ServiceError;
use crate::VoteRefusal;
use holotable_model::{BallotId, Millis, Suggestion};
use holotable_store::SuggestError;

/// A reason may hold this many characters: a sentence or two, which a
/// ballot's post can list beside the others.
pub const REASON_CHARS: usize = 200;

/// A reason as it is kept and shown: on one line, its runs of spaces and
/// line breaks made one space, without control characters.
fn one_line(reason: &str) -> String {
    reason
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Votes<'_> {
    /// `author` suggests the move `text` (a move or an option number, as
    /// a vote reads it) on the ballot open in `channel` when they sent it.
    ///
    /// # Errors
    /// Refused as a vote would be (no ballot, another side's, moved on,
    /// not a legal move), for a reason that is empty or too long, for a
    /// move suggested already (to be backed instead), and past
    /// the suggestions a member may make on one ballot.
    pub async fn suggest(
        self,
        channel: &str,
        author: &str,
        text: &str,
        reason: &str,
        sent_at: Millis,
    ) -> Result<Suggestion, ServiceError> {
        let reason = one_line(reason);
        if reason.is_empty() {
            return Err(VoteRefusal::NoReason.into());
        }
        let length = reason.chars().count();
        if length > REASON_CHARS {
            return Err(VoteRefusal::ReasonTooLong {
                length,
                most: REASON_CHARS,
            }
            .into());
        }
        let context = self.0.ballot_context(channel).await?;
        if context.opened_at > sent_at {
            return Err(super::cast::moved_on(&context));
        }
        let mv = context.resolve(text)?;
        match self
            .0
            .store
            .suggest(context.id, &mv, author, &reason, self.0.now())
            .await
        {
            Ok(made) => Ok(made),
            Err(SuggestError::Taken(there)) if there.author == author => {
                Err(VoteRefusal::YouSuggested { mv: there.mv }.into())
            }
            Err(error) => Err(refused(error)),
        }
    }

    /// `member` backs suggestion `id`, from `channel`: the suggestion with
    /// its backers counted.
    ///
    /// # Errors
    /// Refused for a suggestion of another channel's or a closed ballot,
    /// the member's own, or one they backed already.
    pub async fn back_suggestion(
        self,
        channel: &str,
        id: i64,
        member: &str,
    ) -> Result<Suggestion, ServiceError> {
        // The channel's own open ballot first, so that another channel's
        // suggestion reads as no suggestion at all, not as one that exists.
        let open = self.0.ballot_context(channel).await?;
        match self.0.store.suggestion(id).await? {
            Some(found) if found.ballot == open.id => {}
            Some(found) if found.ballot.game == open.id.game => {
                return Err(VoteRefusal::BallotClosed.into());
            }
            _ => return Err(VoteRefusal::NoSuggestion.into()),
        }
        match self.0.store.back_suggestion(id, member, self.0.now()).await {
            Ok(backed) => Ok(backed),
            Err(error) => Err(refused(error)),
        }
    }

    /// The suggestions of `ballot`, most backed first.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn suggestions(self, ballot: BallotId) -> Result<Vec<Suggestion>, ServiceError> {
        Ok(self.0.store.suggestions(ballot).await?)
    }
}

fn refused(error: SuggestError) -> ServiceError {
    match error {
        SuggestError::Closed => VoteRefusal::BallotClosed.into(),
        SuggestError::Taken(there) => VoteRefusal::SuggestedAlready { mv: there.mv }.into(),
        SuggestError::TooMany => VoteRefusal::TooManySuggestions {
            most: holotable_store::SUGGESTIONS_PER_MEMBER as usize,
        }
        .into(),
        SuggestError::NoSuchSuggestion => VoteRefusal::NoSuggestion.into(),
        SuggestError::Own => VoteRefusal::OwnSuggestion.into(),
        SuggestError::Already => VoteRefusal::BackedAlready.into(),
        SuggestError::Store(error) => error.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_kept_on_one_line() {
        assert_eq!(
            one_line("  take\n\nthe   centre\t now "),
            "take the centre now"
        );
        assert_eq!(one_line("\u{7}\u{0}"), "");
    }
}
