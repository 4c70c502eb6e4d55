//! Channels delivered side by side: the outbox is read in
//! rounds, and each channel with something due gets a task of its own that
//! posts that channel's rows in order and stops at its first failure. A
//! channel whose posts fail or hang (up to the REST timeout, then backoff)
//! therefore delays no other channel.
//!
//! A channel's task holds the channel's delivery lease, so with several
//! processes on one database each channel is delivered by one of them at
//! a time, in order, and a dead process's channels are taken over when
//! its leases run out.

use super::{Delivery, QueuedAnnouncement};
use crate::discord::keys::CHANNEL_PREFIX;
use crate::model::ClaimKind;
use crate::service::{Leased, ServiceError};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

/// How often the outbox is read when idle. The service does not signal new
/// rows, and one indexed query a quarter second is cheap.
const IDLE: Duration = Duration::from_millis(250);
/// Rows read per round: enough to reach many channels when a few have long
/// queues.
const BATCH: i64 = 500;
/// Channels delivered at once. Discord's limits are per channel (and 50
/// requests a second overall), so more would only queue in the REST client.
const CHANNELS_AT_ONCE: usize = 16;

/// The channels with a task running in this process.
#[derive(Default)]
struct Busy(Mutex<HashSet<String>>);

impl Busy {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.0.lock().expect("busy channels lock")
    }
}

/// A channel's place in [`Busy`], given back when its task ends, even by a
/// panic.
struct BusyChannel {
    busy: Arc<Busy>,
    channel: String,
}

impl Drop for BusyChannel {
    fn drop(&mut self) {
        self.busy.lock().remove(&self.channel);
    }
}

impl Delivery {
    /// Delivers forever; errors are logged and retried.
    pub async fn run(self: Arc<Self>) {
        let busy = Arc::new(Busy::default());
        let slots = Arc::new(Semaphore::new(CHANNELS_AT_ONCE));
        loop {
            match self.start_channels(&busy, &slots).await {
                Ok(0) => tokio::time::sleep(IDLE).await,
                // Rows were due: read again soon, for the channels that
                // were busy and for what the new tasks leave behind.
                Ok(_) => tokio::time::sleep(IDLE / 5).await,
                Err(error) => {
                    tracing::error!(%error, "reading the outbox failed");
                    tokio::time::sleep(Duration::from_secs(2)).await;
                }
            }
        }
    }

    /// Starts a task for each channel with due rows and none running;
    /// returns how many it started.
    async fn start_channels(
        self: &Arc<Self>,
        busy: &Arc<Busy>,
        slots: &Arc<Semaphore>,
    ) -> Result<usize, ServiceError> {
        let rows = self.service.deliveries().due(CHANNEL_PREFIX, BATCH).await?;
        let mut by_channel: HashMap<String, Vec<QueuedAnnouncement>> = HashMap::new();
        for row in rows {
            by_channel.entry(row.channel.clone()).or_default().push(row);
        }
        let mut started = 0;
        for (channel, rows) in by_channel {
            if !busy.lock().insert(channel.clone()) {
                continue;
            }
            let place = BusyChannel {
                busy: busy.clone(),
                channel: channel.clone(),
            };
            let (delivery, slots) = (self.clone(), slots.clone());
            tokio::spawn(async move {
                let _place = place;
                let _slot = slots.acquire_owned().await;
                if let Err(error) = delivery.deliver_channel(&channel, rows).await {
                    tracing::error!(%channel, %error, "delivering a channel failed; will retry");
                }
            });
            started += 1;
        }
        Ok(started)
    }

    /// Delivers one channel's due rows (oldest first) under its lease.
    async fn deliver_channel(
        &self,
        channel: &str,
        rows: Vec<QueuedAnnouncement>,
    ) -> Result<(), ServiceError> {
        let lease = match self
            .service
            .upkeep()
            .lease(ClaimKind::Delivery, channel.to_string())
            .await?
        {
            Leased::Ours(lease) => lease,
            Leased::Elsewhere { .. } => return Ok(()),
        };
        let delivered = self.deliver_in_order(rows).await;
        lease.release().await;
        delivered
    }

    /// Stops at the first row that fails: later ones wait so people see
    /// things in order.
    async fn deliver_in_order(&self, rows: Vec<QueuedAnnouncement>) -> Result<(), ServiceError> {
        let deliveries = self.service.deliveries();
        for row in rows {
            if !deliveries.still_due(&row).await? {
                return Ok(());
            }
            match self.deliver(&row).await {
                Ok(()) => deliveries.delivered(&row, None).await?,
                Err(error) => {
                    let given_up = deliveries.failed(&row, &error.to_string()).await?;
                    let attempts = row.attempts + 1;
                    if given_up {
                        tracing::error!(outbox = row.id, kind = %row.kind, attempts, %error, "delivery failed; given up");
                    } else {
                        tracing::warn!(outbox = row.id, kind = %row.kind, attempts, %error, "delivery failed; will retry");
                    }
                    return Ok(());
                }
            }
        }
        Ok(())
    }
}
