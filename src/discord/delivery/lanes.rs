//! Channels delivered side by side: the outbox is read in
//! rounds, and each channel with something due gets a task of its own that
//! posts that channel's rows in order and stops at its first failure. A
//! channel whose posts fail or hang (up to the REST timeout, then backoff)
//! therefore delays no other channel.
//!
//! A channel's task holds the channel's delivery lease, so with several
//! processes on one database each channel is delivered by one of them at
//! a time, in order, and a dead process's channels are taken over when
//! its leases run out. Before each post the task asks the database whether
//! the delivery is still current (`Deliveries::still_current`: this
//! process holds the lease, the attempt it read has not ended), so a task
//! whose lease ran out while it posted (a stall, a pause longer than the
//! lease) stops there, even if it took the lease back once the taker
//! released it. The service refuses (`LeaseLost`) the progress, the end of
//! the attempt and a ballot's deadline move of a delivery that is not
//! current; it keeps the record of a ballot's or puzzle's post that went
//! out, so that post is tidied. A post already on its way when the lease
//! was taken still goes out, and Discord's nonce is then all that keeps
//! the taker from posting it again.

use super::{Deliverer, DeliveryError};
use crate::discord::keys::CHANNEL_PREFIX;
use crate::discord::layout::style::DiscordStyle;
use crate::model::{ChannelKey, ClaimKind};
use crate::service::{Delivery, Lease, Leased, Queued, ServiceError};
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
struct Busy(Mutex<HashSet<ChannelKey>>);

impl Busy {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashSet<ChannelKey>> {
        self.0.lock().expect("busy channels lock")
    }
}

/// A channel's place in [`Busy`], given back when its task ends, even by a
/// panic.
struct BusyChannel {
    busy: Arc<Busy>,
    channel: ChannelKey,
}

impl Drop for BusyChannel {
    fn drop(&mut self) {
        self.busy.lock().remove(&self.channel);
    }
}

impl Deliverer {
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
        let due = self.service.deliveries().due(CHANNEL_PREFIX, BATCH).await?;
        let mut by_channel: HashMap<ChannelKey, Vec<Queued>> = HashMap::new();
        for queued in due {
            by_channel
                .entry(queued.channel.clone())
                .or_default()
                .push(queued);
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

    /// Delivers one channel's due announcements (oldest first) under its
    /// lease.
    async fn deliver_channel(
        &self,
        channel: &ChannelKey,
        due: Vec<Queued>,
    ) -> Result<(), ServiceError> {
        let lease = match self
            .service
            .upkeep()
            .lease(ClaimKind::Delivery, channel.as_str().to_string())
            .await?
        {
            Leased::Ours(lease) => lease,
            Leased::Elsewhere { .. } => return Ok(()),
        };
        let lease = tokio::sync::Mutex::new(lease);
        let delivered = self.deliver_in_order(&lease, due).await;
        lease.into_inner().release().await;
        delivered
    }

    /// Stops at the first announcement that fails: later ones wait so
    /// people see things in order.
    async fn deliver_in_order(
        &self,
        lease: &tokio::sync::Mutex<Lease>,
        due: Vec<Queued>,
    ) -> Result<(), ServiceError> {
        let deliveries = self.service.deliveries();
        for queued in due {
            // Read again under the lease: another process may have posted
            // some of it, or all, since the round read it.
            let opened = {
                let lease = lease.lock().await;
                deliveries.open(&queued, &lease, &DiscordStyle).await?
            };
            let Some(delivery) = opened else {
                return Ok(());
            };
            match self.deliver(&delivery, lease).await {
                Ok(()) => match deliveries.delivered(&delivery).await {
                    Err(error) if error.is_lease_lost() => {
                        taken_over(&delivery, &error);
                        return Ok(());
                    }
                    done => done?,
                },
                Err(error) if error.is_lease_lost() => {
                    taken_over(&delivery, &error);
                    return Ok(());
                }
                Err(error) => return self.failed(&delivery, &error).await,
            }
        }
        Ok(())
    }

    /// Records that `delivery` failed with `error`, to be tried again or
    /// given up as the service says, and logs it.
    async fn failed(&self, delivery: &Delivery, error: &DeliveryError) -> Result<(), ServiceError> {
        let deliveries = self.service.deliveries();
        let given_up = match deliveries.failed(delivery, &error.to_string()).await {
            Err(lost) if lost.is_lease_lost() => {
                taken_over(delivery, &lost);
                return Ok(());
            }
            given_up => given_up?,
        };
        let (kind, attempts) = (delivery.news.kind(), delivery.attempts() + 1);
        if given_up {
            tracing::error!(outbox = delivery.id, %kind, attempts, %error, "delivery failed; given up");
        } else {
            tracing::warn!(outbox = delivery.id, %kind, attempts, %error, "delivery failed; will retry");
        }
        Ok(())
    }
}

/// Another process delivered, gave up or retried `delivery`, or holds the
/// channel's lease, while this one posted it (this one's lease ran out):
/// it is theirs now.
fn taken_over(delivery: &Delivery, error: &dyn std::fmt::Display) {
    tracing::warn!(outbox = delivery.id, %error, "another process took the delivery over");
}
