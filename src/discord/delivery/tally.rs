//! The live tally on menu ballots: after votes, the ballot message is
//! edited to show the leading moves, at most once per interval per channel
//! so a busy vote costs a handful of edits, not one per click.

use crate::discord::delivery::refresh_tally;
use crate::discord::rest::Rest;
use crate::service::Service;
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
                if let Err(error) = refresh_tally(&service, &rest, &channel).await {
                    tracing::warn!(%error, channel, "editing the tally failed");
                }
            }
        }
    }
}
