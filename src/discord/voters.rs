//! A voter as Discord tells us of them, for the service's voter rules: the
//! account's creation time from the user's snowflake, and the time they
//! joined and their roles from the member the interaction carries.
//!
//! A poll answer carries no member, so in a server with voter rules the
//! member is fetched: once per ballot and user when the rules admit them
//! (answers are changed freely while a poll runs, and each change would
//! otherwise be a call to Discord), again at the next answer when they
//! refuse them (a manager may have let them in meanwhile). A fetch that
//! fails records nothing; the answer stays in the poll, and the close
//! reads its member again before counting it (see the service's
//! `votes/polls.rs`). So a failure never counts a vote twice, and loses
//! one only when the member cannot be read even at the close.

use super::rest::{Body, Rest};
use super::snowflake_millis;
use crate::model::{BallotId, Millis, ServerKey};
use crate::service::{Member, MemberFacts, RoleId, ServerMember};
use poise::serenity_prelude as serenity;
use reqwest::Method;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// What the voter rules read of a member, kept as Discord said it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoterFacts {
    user: String,
    server: ServerKey,
    account_created: Millis,
    joined: Option<Millis>,
    roles: Vec<RoleId>,
}

impl VoterFacts {
    /// The facts of `user` as `member` of `guild`, from an interaction.
    pub fn of_member(
        guild: serenity::GuildId,
        user: serenity::UserId,
        member: Option<&serenity::Member>,
    ) -> VoterFacts {
        VoterFacts {
            user: user.get().to_string(),
            server: ServerKey(super::keys::server_key(guild)),
            account_created: snowflake_millis(user.get()),
            joined: member
                .and_then(|m| m.joined_at)
                .map(|at| at.unix_timestamp().saturating_mul(1000)),
            roles: member.map_or_else(Vec::new, |m| {
                m.roles
                    .iter()
                    .map(|r| RoleId(r.get().to_string()))
                    .collect()
            }),
        }
    }

    /// The facts of `user` from Discord's guild member object (the REST
    /// API's); a member who left has none.
    fn of_member_object(guild: serenity::GuildId, user: serenity::UserId, object: &Value) -> Self {
        let joined = object
            .get("joined_at")
            .and_then(Value::as_str)
            .and_then(|at| serenity::Timestamp::parse(at).ok())
            .map(|at| at.unix_timestamp().saturating_mul(1000));
        let roles = object
            .get("roles")
            .and_then(Value::as_array)
            .map(|roles| {
                roles
                    .iter()
                    .filter_map(Value::as_str)
                    .map(|r| RoleId(r.to_string()))
                    .collect()
            })
            .unwrap_or_default();
        VoterFacts {
            user: user.get().to_string(),
            server: ServerKey(super::keys::server_key(guild)),
            account_created: snowflake_millis(user.get()),
            joined,
            roles,
        }
    }

    /// The member as the poll's close takes them.
    pub fn into_member_facts(self) -> MemberFacts {
        MemberFacts {
            id: self.user,
            account_created: self.account_created,
            joined: self.joined,
            roles: self.roles,
        }
    }

    /// The member as the service's vote takes them.
    pub fn as_server_member(&self) -> ServerMember<'_> {
        ServerMember {
            id: &self.user,
            server: &self.server,
            facts: Member {
                account_created: self.account_created,
                joined: self.joined,
                roles: &self.roles,
            },
        }
    }
}

/// How many ballots' members are kept: a poll's ballot is forgotten when
/// its poll is read back at the close, and these bound the memory of the
/// ballots another process closed.
const BALLOTS_KEPT: usize = 512;

/// The members of each poll's ballot fetched so far.
#[derive(Default)]
pub struct PollMembers(Mutex<Ballots>);

/// One member's facts for one ballot, fetched at most once at a time:
/// answers come as separate events handled at once, and a member's quick
/// changes would otherwise each start their own read.
type Slot = Arc<OnceCell<VoterFacts>>;

#[derive(Default)]
struct Ballots {
    members: HashMap<BallotId, HashMap<u64, Slot>>,
    /// Members the rules refused on the ballot, as last read: read again
    /// at their next answer, but not at the close, where a brigade's
    /// hundreds of refused accounts would crowd out the reads of answers
    /// whose events were lost.
    refused: HashMap<BallotId, HashMap<u64, VoterFacts>>,
    /// Ballots in the order first seen, to forget the oldest.
    order: VecDeque<BallotId>,
}

impl PollMembers {
    /// `user`'s facts for `ballot`, fetched from Discord the first time.
    /// Answers arriving while the first read is out wait for it; if it
    /// fails, the next of them reads again.
    ///
    /// # Errors
    /// When Discord does not answer with the member.
    pub async fn facts(
        &self,
        rest: &Rest,
        ballot: BallotId,
        guild: serenity::GuildId,
        user: serenity::UserId,
    ) -> Result<VoterFacts, super::rest::RestError> {
        let slot = self.slot(ballot, user);
        slot.get_or_try_init(|| async {
            let path = format!("/guilds/{}/members/{}", guild.get(), user.get());
            let object = rest.call(Method::GET, &path, &Body::Empty).await?;
            Ok(VoterFacts::of_member_object(guild, user, &object))
        })
        .await
        .cloned()
    }

    /// Forgets `ballot`'s members: its poll has been read back.
    pub fn forget(&self, ballot: BallotId) {
        let mut ballots = self.0.lock().expect("poll members lock");
        ballots.members.remove(&ballot);
        ballots.refused.remove(&ballot);
        ballots.order.retain(|b| *b != ballot);
    }

    /// The rules refused `user` on `ballot`: their next answer reads them
    /// again (a manager may have let them in meanwhile), and the close
    /// takes these facts without a read.
    pub fn refused(&self, ballot: BallotId, user: serenity::UserId) {
        let mut ballots = self.0.lock().expect("poll members lock");
        let read = ballots
            .members
            .get_mut(&ballot)
            .and_then(|members| members.remove(&user.get()))
            .and_then(|slot| slot.get().cloned());
        if let Some(facts) = read {
            ballots
                .refused
                .entry(ballot)
                .or_default()
                .insert(user.get(), facts);
        }
    }

    /// `user`'s facts for the close of `ballot`: as refused at an answer,
    /// else as [`PollMembers::facts`] reads them.
    ///
    /// # Errors
    /// As [`PollMembers::facts`].
    pub async fn facts_at_close(
        &self,
        rest: &Rest,
        ballot: BallotId,
        guild: serenity::GuildId,
        user: serenity::UserId,
    ) -> Result<VoterFacts, super::rest::RestError> {
        let refused = {
            let ballots = self.0.lock().expect("poll members lock");
            ballots
                .refused
                .get(&ballot)
                .and_then(|members| members.get(&user.get()))
                .cloned()
        };
        match refused {
            Some(facts) => Ok(facts),
            None => self.facts(rest, ballot, guild, user).await,
        }
    }

    /// The slot of `user`'s facts for `ballot`, made empty when new.
    fn slot(&self, ballot: BallotId, user: serenity::UserId) -> Slot {
        let mut ballots = self.0.lock().expect("poll members lock");
        if !ballots.members.contains_key(&ballot) {
            ballots.order.push_back(ballot);
            while ballots.order.len() > BALLOTS_KEPT {
                if let Some(oldest) = ballots.order.pop_front() {
                    ballots.members.remove(&oldest);
                    ballots.refused.remove(&oldest);
                }
            }
        }
        Arc::clone(
            ballots
                .members
                .entry(ballot)
                .or_default()
                .entry(user.get())
                .or_default(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_is_as_old_as_its_snowflake() {
        // Discord's documented example: 175928847299117063 was made on
        // 2016-04-30 at 11:18:25.796 UTC.
        assert_eq!(snowflake_millis(175_928_847_299_117_063), 1_462_015_105_796);
        assert_eq!(snowflake_millis(0), 1_420_070_400_000);
        let facts = VoterFacts::of_member(
            serenity::GuildId::new(1),
            serenity::UserId::new(175_928_847_299_117_063),
            None,
        );
        assert_eq!(
            facts.as_server_member().facts.account_created,
            1_462_015_105_796
        );
        assert_eq!(facts.as_server_member().facts.joined, None);
    }

    #[test]
    fn a_fetched_member_gives_their_join_time_and_roles() {
        let object = serde_json::json!({
            "joined_at": "2016-04-30T11:18:25.796Z",
            "roles": ["41771983423143936", "41771983423143937"],
            "user": {"id": "175928847299117063"}
        });
        let facts = VoterFacts::of_member_object(
            serenity::GuildId::new(7),
            serenity::UserId::new(175_928_847_299_117_063),
            &object,
        );
        let member = facts.as_server_member();
        assert_eq!(member.server, &ServerKey("discord:7".into()));
        assert_eq!(member.facts.joined, Some(1_462_015_105_000));
        assert_eq!(
            member.facts.roles,
            &[
                RoleId("41771983423143936".into()),
                RoleId("41771983423143937".into())
            ]
        );
    }

    #[test]
    fn the_oldest_ballot_s_members_are_forgotten_first() {
        let members = PollMembers::default();
        let facts =
            VoterFacts::of_member(serenity::GuildId::new(1), serenity::UserId::new(9), None);
        let ballot = |ply| BallotId {
            game: crate::model::GameId(1),
            ply,
        };
        let user = serenity::UserId::new(9);
        for ply in 0..=BALLOTS_KEPT as u32 {
            members
                .slot(ballot(ply), user)
                .set(facts.clone())
                .expect("a new slot is empty");
        }
        // Ballot 1 first: asking for ballot 0 makes it new again.
        assert_eq!(members.slot(ballot(1), user).get(), Some(&facts));
        assert_eq!(members.slot(ballot(0), user).get(), None);
    }
}
