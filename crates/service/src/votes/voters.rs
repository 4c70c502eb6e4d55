//! Who may vote in a server's community games (`docs/leagues.md`, "Who may
//! vote"): its managers' thresholds, tightened by a league's minimums in
//! the league's games, checked before any other check of a vote. A refused
//! vote writes nothing but one more refusal in the server's counts, and the
//! member is told only that they cannot vote yet: the thresholds are the
//! managers' to see, so they cannot be probed.
//!
//! A member's facts (account age, time in the server, roles) are the
//! platform's to read; the adapter hands them over as [`ServerMember`].

use super::Votes;
use crate::{Actor, Refusal, Service, ServiceError, VoteReceipt, VoteRefusal};
use holotable_leagues::eligibility::{LeagueMinimums, Member, VoterRule, VoterRules};
use holotable_model::{BallotId, GameId, Millis, ServerKey, Suggestion};

/// A member voting in a server's game, as the platform read them.
#[derive(Clone, Copy, Debug)]
pub struct ServerMember<'a> {
    pub id: &'a str,
    pub server: &'a ServerKey,
    pub facts: Member<'a>,
}

/// The longest threshold a manager may set: a year keeps a typo (`300d`
/// for `30d`) from shutting a server's members out for good.
pub const MAX_VOTER_THRESHOLD_MS: Millis = 365 * DAY_MS;

const MINUTE_MS: Millis = 60_000;
const HOUR_MS: Millis = 60 * MINUTE_MS;
const DAY_MS: Millis = 24 * HOUR_MS;

impl Votes<'_> {
    /// Server `server`'s voter rules (the defaults refuse nobody), for
    /// its managers only: the thresholds are not to be probed.
    ///
    /// # Errors
    /// [`Refusal::NotAllowed`] for a member who cannot manage the server;
    /// storage failures.
    pub async fn rules(self, server: &ServerKey, by: &Actor) -> Result<VoterRules, ServiceError> {
        by.must_manage("choose-voter-rules")?;
        Ok(self.0.store.voter_rules(server.as_str()).await?)
    }

    /// Sets server `server`'s voter rules, for its managers only.
    ///
    /// # Errors
    /// [`Refusal::NotAllowed`] for a member who cannot manage the server,
    /// [`VoteRefusal::ThresholdTooLong`] for a minimum past
    /// [`MAX_VOTER_THRESHOLD_MS`] or below zero; storage failures.
    pub async fn set_rules(
        self,
        server: &ServerKey,
        rules: VoterRules,
        by: &Actor,
    ) -> Result<VoterRules, ServiceError> {
        by.must_manage("choose-voter-rules")?;
        for minimum in [rules.min_account_age_ms, rules.min_time_in_server_ms] {
            if !(0..=MAX_VOTER_THRESHOLD_MS).contains(&minimum) {
                return Err(VoteRefusal::ThresholdTooLong {
                    most: MAX_VOTER_THRESHOLD_MS,
                }
                .into());
            }
        }
        self.0
            .store
            .set_voter_rules(server.as_str(), &rules, &by.id, self.0.now())
            .await?;
        Ok(rules)
    }

    /// How many votes each rule refused in server `server`'s games, for
    /// its managers only; rules that refused nobody are left out.
    ///
    /// # Errors
    /// [`Refusal::NotAllowed`] for a member who cannot manage the server;
    /// storage failures.
    pub async fn refusal_counts(
        self,
        server: &ServerKey,
        by: &Actor,
    ) -> Result<Vec<(VoterRule, i64)>, ServiceError> {
        by.must_manage("see-vote-refusals")?;
        Ok(self.0.store.vote_refusals(server.as_str()).await?)
    }

    /// [`Votes::cast`] by a member of a server, whose rules are checked
    /// first.
    ///
    /// # Errors
    /// [`VoteRefusal::NotAVoterYet`] when a rule refuses the member
    /// (counted, nothing else written); otherwise as [`Votes::cast`].
    pub async fn cast_as(
        self,
        channel: &str,
        member: &ServerMember<'_>,
        text: &str,
        sent_at: Millis,
    ) -> Result<VoteReceipt, ServiceError> {
        let context = self.0.ballot_context(channel).await?;
        self.admit(channel, context.id.game, context.league, member)
            .await?;
        self.cast(channel, member.id, text, sent_at).await
    }

    /// [`Votes::cast_on`] by a member of a server, whose rules are checked
    /// first.
    ///
    /// # Errors
    /// As [`Votes::cast_as`] and [`Votes::cast_on`].
    pub async fn cast_on_as(
        self,
        channel: &str,
        ballot: BallotId,
        member: &ServerMember<'_>,
        text: &str,
        sent_at: Millis,
    ) -> Result<VoteReceipt, ServiceError> {
        let league = self.0.store.league_minimums(ballot.game).await?;
        self.admit(channel, ballot.game, league, member).await?;
        self.cast_on(channel, ballot, member.id, text, sent_at)
            .await
    }

    /// [`Votes::poll_vote`] by a member of a server, in `channel` (the
    /// poll's), whose rules are checked first.
    ///
    /// # Errors
    /// As [`Votes::cast_as`] and [`Votes::poll_vote`].
    pub async fn poll_vote_as(
        self,
        channel: &str,
        ballot: BallotId,
        member: &ServerMember<'_>,
        option: usize,
    ) -> Result<VoteReceipt, ServiceError> {
        let league = self.0.store.league_minimums(ballot.game).await?;
        self.admit(channel, ballot.game, league, member).await?;
        self.poll_vote(ballot, member.id, option).await
    }

    /// [`Votes::suggest`] by a member of a server: whom the rules keep
    /// from voting they keep from arguing on the ballot's post too (not
    /// counted as a refused vote).
    ///
    /// # Errors
    /// [`VoteRefusal::NotAVoterYet`] when a rule refuses the member;
    /// otherwise as [`Votes::suggest`].
    pub async fn suggest_as(
        self,
        channel: &str,
        member: &ServerMember<'_>,
        text: &str,
        reason: &str,
        sent_at: Millis,
    ) -> Result<Suggestion, ServiceError> {
        let context = self.0.ballot_context(channel).await?;
        self.eligible(context.league, member).await?;
        self.suggest(channel, member.id, text, reason, sent_at)
            .await
    }

    /// [`Votes::back_suggestion`] by a member of a server, whose rules are
    /// checked first, as for [`Votes::suggest_as`].
    ///
    /// # Errors
    /// As [`Votes::suggest_as`] and [`Votes::back_suggestion`].
    pub async fn back_suggestion_as(
        self,
        channel: &str,
        id: i64,
        member: &ServerMember<'_>,
    ) -> Result<Suggestion, ServiceError> {
        let context = self.0.ballot_context(channel).await?;
        self.eligible(context.league, member).await?;
        self.back_suggestion(channel, id, member.id).await
    }

    /// Refuses, without counting, a member the rules refuse.
    async fn eligible(
        self,
        league: Option<LeagueMinimums>,
        member: &ServerMember<'_>,
    ) -> Result<(), ServiceError> {
        let rules = self.0.rules_for(member.server, league).await?;
        match rules.check(&member.facts, self.0.now()) {
            Ok(()) => Ok(()),
            Err(_) => Err(Refusal::Vote(VoteRefusal::NotAVoterYet).into()),
        }
    }

    /// Whether a vote by a member of `server` on `ballot` needs the
    /// member's facts: some rule, the server's or the game's league's,
    /// may refuse it. Without one, a platform need not read the member.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn rules_apply(
        self,
        server: &ServerKey,
        ballot: BallotId,
    ) -> Result<bool, ServiceError> {
        let league = self.0.store.league_minimums(ballot.game).await?;
        Ok(self.0.rules_for(server, league).await? != VoterRules::default())
    }

    /// Refuses, and counts, a member the rules for `game` refuse.
    async fn admit(
        self,
        channel: &str,
        game: GameId,
        league: Option<LeagueMinimums>,
        member: &ServerMember<'_>,
    ) -> Result<(), ServiceError> {
        let rules = self.0.rules_for(member.server, league).await?;
        let Err(rule) = rules.check(&member.facts, self.0.now()) else {
            return Ok(());
        };
        self.0
            .store
            .count_vote_refusal(member.server.as_str(), channel, rule)
            .await?;
        tracing::debug!(game = game.0, %rule, "vote refused by the server's voter rules");
        Err(Refusal::Vote(VoteRefusal::NotAVoterYet).into())
    }
}

impl Service {
    /// The rules for a game of `server`: its own, tightened by `league`'s.
    /// Read for every vote, not kept: a manager's change holds from the
    /// next vote in every process, as `/settings voters` says.
    pub(crate) async fn rules_for(
        &self,
        server: &ServerKey,
        league: Option<LeagueMinimums>,
    ) -> Result<VoterRules, ServiceError> {
        let rules = self.store.voter_rules(server.as_str()).await?;
        Ok(match league {
            Some(league) => rules.with_league(league),
            None => rules,
        })
    }
}

/// Reads a threshold as a manager types it: `0` (or `off`) for none, or
/// whole numbers each with a unit, `w`, `d`, `h` or `m` (`3d`, `12h`,
/// `1d 12h`), up to [`MAX_VOTER_THRESHOLD_MS`]. Units may be upper case, and
/// digits and units full-width, as Japanese keyboards type them.
///
/// # Errors
/// [`VoteRefusal::BadThreshold`], which shows the accepted forms.
pub fn parse_voter_threshold(text: &str) -> Result<Millis, Refusal> {
    let bad = || {
        Refusal::Vote(VoteRefusal::BadThreshold {
            text: text.trim().chars().take(40).collect(),
        })
    };
    let typed: String = text
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            // Full-width forms (U+FF01..U+FF5E) sit 0xFEE0 above ASCII.
            '！'..='～' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            other => other,
        })
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if ["0", "off", "none", "no", "ninguno", "ninguna", "なし"].contains(&typed.as_str()) {
        return Ok(0);
    }
    let mut total: Millis = 0;
    let mut number: Option<Millis> = None;
    for c in typed.chars() {
        if let Some(digit) = c.to_digit(10) {
            let so_far = number.unwrap_or(0);
            number = Some(
                so_far
                    .checked_mul(10)
                    .and_then(|n| n.checked_add(Millis::from(digit)))
                    .filter(|n| *n <= MAX_VOTER_THRESHOLD_MS)
                    .ok_or_else(bad)?,
            );
            continue;
        }
        let unit = match c {
            'w' => 7 * DAY_MS,
            'd' => DAY_MS,
            'h' => HOUR_MS,
            'm' => MINUTE_MS,
            _ => return Err(bad()),
        };
        let part = number.take().ok_or_else(bad)?;
        total = part
            .checked_mul(unit)
            .and_then(|part| total.checked_add(part))
            .filter(|t| *t <= MAX_VOTER_THRESHOLD_MS)
            .ok_or_else(bad)?;
    }
    // A number left without a unit, or nothing at all, is not a length.
    if number.is_some() || typed.is_empty() {
        return Err(bad());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn refused(text: &str) -> bool {
        matches!(
            parse_voter_threshold(text),
            Err(Refusal::Vote(VoteRefusal::BadThreshold { .. }))
        )
    }

    #[test]
    fn thresholds_read_as_managers_type_them() {
        assert_eq!(parse_voter_threshold("3d"), Ok(3 * DAY_MS));
        assert_eq!(parse_voter_threshold("12h"), Ok(12 * HOUR_MS));
        assert_eq!(parse_voter_threshold(" 1d 12H "), Ok(36 * HOUR_MS));
        assert_eq!(parse_voter_threshold("2w"), Ok(14 * DAY_MS));
        assert_eq!(parse_voter_threshold("90m"), Ok(90 * MINUTE_MS));
        assert_eq!(parse_voter_threshold("３ｄ"), Ok(3 * DAY_MS));
        assert_eq!(parse_voter_threshold("0"), Ok(0));
        assert_eq!(parse_voter_threshold("off"), Ok(0));
        assert_eq!(parse_voter_threshold("365d"), Ok(MAX_VOTER_THRESHOLD_MS));
    }

    #[test]
    fn what_is_not_a_length_is_refused() {
        for text in [
            "",
            "3",
            "d",
            "3x",
            "3 days",
            "-3d",
            "1.5d",
            "366d",
            "53w",
            "d3",
            "3dd",
            "99999999999999999999d",
        ] {
            assert!(refused(text), "{text:?} was accepted");
        }
    }

    proptest! {
        /// Nothing typed panics, and whatever is accepted is a length a
        /// manager may set.
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,24}") {
            if let Ok(ms) = parse_voter_threshold(&text) {
                prop_assert!((0..=MAX_VOTER_THRESHOLD_MS).contains(&ms));
            }
        }

        /// Days and hours written out read back as their sum.
        #[test]
        fn days_and_hours_add_up(days in 0_i64..300, hours in 0_i64..24) {
            prop_assert_eq!(
                parse_voter_threshold(&format!("{days}d{hours}h")),
                Ok(days * DAY_MS + hours * HOUR_MS)
            );
        }
    }
}
