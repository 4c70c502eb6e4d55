//! Who may vote in a community's games: a server's thresholds (a minimum
//! account age, a minimum time in the server, a required role), tightened
//! by a league's minimums for its games.
//!
//! Inputs are plain values. Reading an account's creation time from a
//! Discord snowflake, or a member's roles from the gateway, is the
//! adapter's job; the service keeps the thresholds and counts refusals by
//! the [`VoterRule`] that refused.

use crate::Millis;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A platform's role, by its id as text, as the service keeps roles.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RoleId(pub String);

/// A server's thresholds for voting in its community games. The default
/// (no minimums, no role) refuses nobody, so a server that sets nothing
/// plays as before.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VoterRules {
    /// The youngest an account may be to vote; 0 (or less) for no minimum.
    pub min_account_age_ms: Millis,
    /// The shortest time in the server a voter needs; 0 for no minimum.
    pub min_time_in_server_ms: Millis,
    pub required_role: Option<RoleId>,
}

/// The minimums a league asks of every entered community for its games.
/// No role: roles belong to one server, and a league spans several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeagueMinimums {
    pub min_account_age_ms: Millis,
    pub min_time_in_server_ms: Millis,
}

/// The member asking to vote, as the adapter read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member<'a> {
    pub account_created: Millis,
    /// When the member joined the server; `None` when the platform did
    /// not say.
    pub joined: Option<Millis>,
    pub roles: &'a [RoleId],
}

/// The rule that refused a vote: the count in a server's stats is kept
/// per rule. The member is told only that they cannot vote yet (the
/// thresholds are the managers' to see), so nothing else is carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum VoterRule {
    AccountAge,
    TimeInServer,
    Role,
}

impl VoterRule {
    pub const ALL: [VoterRule; 3] = [
        VoterRule::AccountAge,
        VoterRule::TimeInServer,
        VoterRule::Role,
    ];

    /// The stored name, for the store's counts.
    pub fn as_str(self) -> &'static str {
        match self {
            VoterRule::AccountAge => "account-age",
            VoterRule::TimeInServer => "time-in-server",
            VoterRule::Role => "role",
        }
    }
}

impl fmt::Display for VoterRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no voter rule is called {0:?}")]
pub struct UnknownVoterRule(String);

impl FromStr for VoterRule {
    type Err = UnknownVoterRule;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        VoterRule::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| UnknownVoterRule(s.to_string()))
    }
}

impl VoterRules {
    /// The rules for a league game: the longer of each minimum; the
    /// server's role stays.
    pub fn with_league(&self, league: LeagueMinimums) -> VoterRules {
        VoterRules {
            min_account_age_ms: self.min_account_age_ms.max(league.min_account_age_ms),
            min_time_in_server_ms: self.min_time_in_server_ms.max(league.min_time_in_server_ms),
            required_role: self.required_role.clone(),
        }
    }

    /// Whether `member` may vote at `now`.
    ///
    /// # Errors
    /// The first rule refused, in the order account age, time in server,
    /// role, so a refusal counts once, under one rule, however many it
    /// breaks. A member whose join time is unknown is refused by a
    /// minimum time in the server: nothing shows it is met, and the
    /// adapter can fetch the member to learn it.
    ///
    /// # Examples
    /// ```
    /// use holotable_leagues::eligibility::{Member, VoterRule, VoterRules};
    ///
    /// let day = 86_400_000;
    /// let rules = VoterRules { min_account_age_ms: 7 * day, ..VoterRules::default() };
    /// let member = Member { account_created: 0, joined: None, roles: &[] };
    /// assert_eq!(rules.check(&member, 3 * day), Err(VoterRule::AccountAge));
    /// assert_eq!(rules.check(&member, 7 * day), Ok(()));
    /// ```
    pub fn check(&self, member: &Member<'_>, now: Millis) -> Result<(), VoterRule> {
        // A minimum of zero is checked as none, so an account dated after
        // `now` by a disagreeing clock is not refused by rules that ask
        // nothing.
        if self.min_account_age_ms > 0
            && now.saturating_sub(member.account_created) < self.min_account_age_ms
        {
            return Err(VoterRule::AccountAge);
        }
        if self.min_time_in_server_ms > 0 {
            let in_server = member.joined.map(|joined| now.saturating_sub(joined));
            if in_server.is_none_or(|t| t < self.min_time_in_server_ms) {
                return Err(VoterRule::TimeInServer);
            }
        }
        if let Some(role) = &self.required_role
            && !member.roles.contains(role)
        {
            return Err(VoterRule::Role);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const DAY: Millis = 86_400_000;
    const NOW: Millis = 20_000 * DAY;

    fn role(id: &str) -> RoleId {
        RoleId(id.to_string())
    }

    #[test]
    fn an_account_younger_than_the_minimum_is_refused_until_it_is_old_enough() {
        let rules = VoterRules {
            min_account_age_ms: 30 * DAY,
            ..VoterRules::default()
        };
        let member = Member {
            account_created: NOW - 30 * DAY + 1,
            joined: Some(NOW - 100 * DAY),
            roles: &[],
        };
        assert_eq!(rules.check(&member, NOW), Err(VoterRule::AccountAge));
        assert_eq!(rules.check(&member, NOW + 1), Ok(()));
    }

    #[test]
    fn a_new_member_or_one_whose_join_is_unknown_is_refused_by_time_in_server() {
        let rules = VoterRules {
            min_time_in_server_ms: 2 * DAY,
            ..VoterRules::default()
        };
        let mut member = Member {
            account_created: 0,
            joined: Some(NOW - DAY),
            roles: &[],
        };
        assert_eq!(rules.check(&member, NOW), Err(VoterRule::TimeInServer));
        member.joined = None;
        assert_eq!(rules.check(&member, NOW), Err(VoterRule::TimeInServer));
        member.joined = Some(NOW - 2 * DAY);
        assert_eq!(rules.check(&member, NOW), Ok(()));
        assert_eq!(
            VoterRules::default().check(
                &Member {
                    joined: None,
                    ..member
                },
                NOW
            ),
            Ok(()),
            "without a minimum an unknown join refuses nobody"
        );
    }

    #[test]
    fn a_required_role_refuses_members_without_it() {
        let rules = VoterRules {
            required_role: Some(role("42")),
            ..VoterRules::default()
        };
        let others = [role("7")];
        let with = [role("7"), role("42")];
        let member = |roles| Member {
            account_created: 0,
            joined: Some(0),
            roles,
        };
        assert_eq!(rules.check(&member(&others), NOW), Err(VoterRule::Role));
        assert_eq!(rules.check(&member(&[]), NOW), Err(VoterRule::Role));
        assert_eq!(rules.check(&member(&with), NOW), Ok(()));
    }

    /// A member breaking every rule is counted once, under account age.
    #[test]
    fn the_first_rule_broken_is_the_one_named() {
        let rules = VoterRules {
            min_account_age_ms: DAY,
            min_time_in_server_ms: DAY,
            required_role: Some(role("1")),
        };
        let member = Member {
            account_created: NOW,
            joined: Some(NOW),
            roles: &[],
        };
        assert_eq!(rules.check(&member, NOW), Err(VoterRule::AccountAge));
        let older = Member {
            account_created: 0,
            ..member
        };
        assert_eq!(rules.check(&older, NOW), Err(VoterRule::TimeInServer));
    }

    #[test]
    fn a_league_tightens_each_minimum_and_keeps_the_server_s_role() {
        let server = VoterRules {
            min_account_age_ms: 10 * DAY,
            min_time_in_server_ms: DAY,
            required_role: Some(role("9")),
        };
        let league = LeagueMinimums {
            min_account_age_ms: 5 * DAY,
            min_time_in_server_ms: 3 * DAY,
        };
        assert_eq!(
            server.with_league(league),
            VoterRules {
                min_account_age_ms: 10 * DAY,
                min_time_in_server_ms: 3 * DAY,
                required_role: Some(role("9")),
            }
        );
        let member = Member {
            account_created: NOW - 20 * DAY,
            joined: Some(NOW - 2 * DAY),
            roles: &[role("9")],
        };
        assert_eq!(server.check(&member, NOW), Ok(()));
        assert_eq!(
            server.with_league(league).check(&member, NOW),
            Err(VoterRule::TimeInServer)
        );
    }

    #[test]
    fn rule_names_read_back() {
        for rule in VoterRule::ALL {
            assert_eq!(rule.as_str().parse(), Ok(rule));
        }
        assert!("age".parse::<VoterRule>().is_err());
    }

    proptest! {
        /// Defaults refuse nobody, whatever the member and the clock.
        #[test]
        fn the_defaults_refuse_nobody(
            created in any::<i64>(),
            joined in any::<Option<i64>>(),
            now in any::<i64>(),
        ) {
            let member = Member { account_created: created, joined, roles: &[] };
            prop_assert_eq!(VoterRules::default().check(&member, now), Ok(()));
            let league = VoterRules::default().with_league(LeagueMinimums::default());
            prop_assert_eq!(league.check(&member, now), Ok(()));
        }
    }
}
