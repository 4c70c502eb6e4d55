//! Native Discord polls: vote events as they arrive, and the poll's final
//! answers for the service's close (see `service::PollSource`).
//!
//! Events can be missed (a dropped gateway, a restart), so they are only
//! the fast path; at the deadline the poll is ended with the expire
//! endpoint and its voters are read back per answer, and the service makes
//! its poll votes equal them before counting.

use super::Data;
use super::delivery::expire_poll;
use super::keys::{channel_key, guild_of, post_reference, server_key, split_reference};
use super::rest::{Body, Rest};
use super::voters::PollMembers;
use crate::model::ServerKey;
use crate::model::{BallotId, PostStyle};
use crate::service::{
    Deliveries, MembersFuture, PollAnswers, PollFuture, PollSource, Refusal, ServiceError,
    VoteRefusal,
};
use poise::serenity_prelude as serenity;
use reqwest::Method;
use serde_json::Value;
use std::sync::Arc;

/// Voters are listed 100 at a time (Discord's maximum page).
const PAGE: usize = 100;
/// Enough pages for 100,000 voters on one answer; a bound, not a guess at
/// real sizes, so a misbehaving API cannot loop us forever.
const MAX_PAGES: usize = 1000;

pub struct DiscordPolls {
    pub deliveries: Deliveries,
    pub rest: Arc<Rest>,
    /// The members fetched for the poll's answers, forgotten once the
    /// close has read the members it needed (else when 512 later ballots
    /// push them out).
    pub members: Arc<PollMembers>,
}

impl PollSource for DiscordPolls {
    fn final_answers(&self, ballot: BallotId) -> PollFuture<'_> {
        Box::pin(async move {
            // The members read for the ballot are kept for `members`,
            // which the close may ask for next; it forgets them.
            self.read(ballot).await.map_err(|e| e.to_string())
        })
    }

    fn members(
        &self,
        ballot: BallotId,
        server: ServerKey,
        voters: Vec<String>,
    ) -> MembersFuture<'_> {
        Box::pin(async move {
            let Some(guild) = guild_of(&server) else {
                return Vec::new();
            };
            // Within the close's wait for the platform, what was read is
            // kept and the rest left out.
            let deadline = tokio::time::Instant::now() + MEMBERS_READ_FOR;
            let mut read = Vec::with_capacity(voters.len());
            for voter in voters {
                let Ok(user) = voter.parse::<u64>() else {
                    continue;
                };
                let user = serenity::UserId::new(user.max(1));
                let facts = tokio::time::timeout_at(
                    deadline,
                    self.members.facts_at_close(&self.rest, ballot, guild, user),
                )
                .await;
                match facts {
                    Ok(Ok(facts)) => read.push(facts.into_member_facts()),
                    Ok(Err(error)) => {
                        tracing::warn!(%error, "reading a poll voter's member at the close failed; their answer is left out");
                    }
                    Err(_) => {
                        tracing::warn!(
                            "reading the poll's unchecked voters took too long; the rest are left out"
                        );
                        break;
                    }
                }
            }
            self.members.forget(ballot);
            read
        })
    }
}

/// How long the close reads the members of unchecked poll answers: less
/// than the service waits for the platform.
const MEMBERS_READ_FOR: std::time::Duration = std::time::Duration::from_secs(15);

impl DiscordPolls {
    async fn read(&self, ballot: BallotId) -> Result<PollAnswers, super::delivery::DeliveryError> {
        let posts = self.deliveries.ballot_posts(ballot).await?;
        // An extension posts the ballot again: the latest poll is the live one.
        let Some(post) = posts.iter().rev().find(|p| p.style == PostStyle::Poll) else {
            return Ok(None);
        };
        let Some((channel, message)) = split_reference(&post.reference) else {
            return Ok(None);
        };
        if !post.finished {
            match expire_poll(&self.rest, channel, message).await {
                Ok(()) => {}
                // Already ended (or deleted): its voters can still be read, or not at all.
                Err(error) if error.is_final_client_error() => {
                    tracing::debug!(%error, "poll already ended");
                }
                Err(error) => return Err(error.into()),
            }
            self.deliveries.finish_post(&post.reference).await?;
        }
        let options = match self.deliveries.ballot(ballot).await? {
            Some(row) => row.featured.len(),
            None => return Ok(None),
        };
        let mut answers = Vec::new();
        for option in 1..=options {
            let mut after: Option<String> = None;
            for _ in 0..MAX_PAGES {
                let mut path =
                    format!("/channels/{channel}/polls/{message}/answers/{option}?limit={PAGE}");
                if let Some(after) = &after {
                    path.push_str(&format!("&after={after}"));
                }
                let page = self.rest.call(Method::GET, &path, &Body::Empty).await?;
                let users: Vec<String> = page
                    .get("users")
                    .and_then(Value::as_array)
                    .map(|users| {
                        users
                            .iter()
                            .filter_map(|u| u.get("id").and_then(Value::as_str).map(String::from))
                            .collect()
                    })
                    .unwrap_or_default();
                let full = users.len() == PAGE;
                after = users.last().cloned();
                answers.extend(users.into_iter().map(|user| (user, option)));
                if !full {
                    break;
                }
            }
        }
        Ok(Some(answers))
    }
}

/// A poll answer was added (`added`) or withdrawn by a user. An added
/// answer counts once the member is read (see [`super::voters`]): the
/// service checks the server's voter rules with it first.
pub async fn on_poll_vote(
    data: &Data,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    user: serenity::UserId,
    answer: u64,
    added: bool,
) {
    let service = &data.service;
    let reference = post_reference(channel.get(), &message.get().to_string());
    let post = match service.deliveries().ballot_post(&reference).await {
        Ok(Some(post)) if post.style == PostStyle::Poll => post,
        Ok(_) => return,
        Err(error) => {
            tracing::error!(%error, "reading a ballot post failed");
            return;
        }
    };
    let voter = user.get().to_string();
    let option = usize::try_from(answer).unwrap_or(usize::MAX);
    let result = match (added, guild) {
        (true, Some(guild)) => {
            let server = server_key(guild);
            let channel = channel_key(channel.get());
            // The close finds the poll's server from its channel.
            if let Err(error) = service
                .servers()
                .note_channel_server(&channel, &server)
                .await
            {
                tracing::warn!(%error, "noting the poll's server failed");
            }
            match service
                .votes()
                .rules_apply(&ServerKey(server.clone()), post.ballot)
                .await
            {
                // No rule can refuse: no need to read the member.
                Ok(false) => service
                    .votes()
                    .poll_vote(post.ballot, &voter, option)
                    .await
                    .map(|_| ()),
                Ok(true) => {
                    let facts = match data
                        .poll_members
                        .facts(&data.rest, post.ballot, guild, user)
                        .await
                    {
                        Ok(facts) => facts,
                        Err(error) => {
                            tracing::warn!(%error, "reading a poll voter's member failed; the poll's close reads it again");
                            return;
                        }
                    };
                    let voted = service
                        .votes()
                        .poll_vote_as(&channel, post.ballot, &facts.as_server_member(), option)
                        .await;
                    if matches!(
                        voted,
                        Err(ServiceError::Refused(Refusal::Vote(
                            VoteRefusal::NotAVoterYet
                        )))
                    ) {
                        data.poll_members.refused(post.ballot, user);
                    }
                    voted.map(|_| ())
                }
                Err(error) => Err(error),
            }
        }
        // The bot asks for server polls only; one elsewhere has no rules.
        (true, None) => service
            .votes()
            .poll_vote(post.ballot, &voter, option)
            .await
            .map(|_| ()),
        (false, _) => service
            .votes()
            .withdraw_poll_vote(post.ballot, &voter, option)
            .await
            .map(|_| ()),
    };
    match result {
        Ok(()) => {}
        // A late or odd answer: the poll's final results settle it.
        Err(ServiceError::Refused(refusal)) => tracing::debug!(%refusal, "poll vote not counted"),
        Err(ServiceError::Failed(error)) => tracing::error!(%error, "recording a poll vote failed"),
    }
}
