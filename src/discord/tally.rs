//! The live tally on menu ballots: after votes, the ballot message is
//! edited to show the leading moves, at most once per interval per channel
//! so a busy vote costs a handful of edits, not one per click.

use super::deliver::DeliveryError;
use super::keys::split_reference;
use super::present;
use super::rest::{Body, Rest};
use crate::service::Service;
use crate::service::text::relative_time;
use crate::store::{BallotStatus, PostStyle};
use crate::t;
use reqwest::Method;
use serde_json::json;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Channels whose tally changed since the last edit.
#[derive(Default)]
pub struct Tallies {
    dirty: Mutex<HashSet<String>>,
}

impl Tallies {
    pub fn mark(&self, channel: &str) {
        self.dirty
            .lock()
            .expect("tally lock")
            .insert(channel.to_string());
    }

    fn take(&self) -> HashSet<String> {
        std::mem::take(&mut *self.dirty.lock().expect("tally lock"))
    }

    /// Edits the changed tallies every `every`, forever.
    pub async fn run(self: Arc<Self>, service: Arc<Service>, rest: Arc<Rest>, every: Duration) {
        loop {
            tokio::time::sleep(every).await;
            for channel in self.take() {
                if let Err(error) = refresh(&service, &rest, &channel).await {
                    tracing::warn!(%error, channel, "editing the tally failed");
                }
            }
        }
    }
}

async fn refresh(service: &Service, rest: &Rest, channel: &str) -> Result<(), DeliveryError> {
    let view = service.status(channel).await?;
    let Some(ballot) = view.ballot.filter(|b| b.status == BallotStatus::Open) else {
        return Ok(());
    };
    let lang = service.channel_language(channel).await?;
    let text = format!(
        "{}\n{}",
        present::tally_text(lang, &ballot, &view.tally),
        t!(
            lang,
            "voting-closes",
            closes = relative_time(ballot.deadline)
        )
    );
    for post in service.outbox().ballot_posts(ballot.id).await? {
        if post.style != PostStyle::Menu || post.finished {
            continue;
        }
        if let Some((channel, message)) = split_reference(&post.reference) {
            rest.call(
                Method::PATCH,
                &format!("/channels/{channel}/messages/{message}"),
                &Body::Json(json!({ "content": text, "allowed_mentions": { "parse": [] } })),
            )
            .await?;
        }
    }
    Ok(())
}
