//! A bound on the interactions the bot works on at once, and the queue of
//! those that wait their turn. At most `HOLOTABLE_INTERACTIONS_AT_ONCE`
//! commands and clicks are worked on together; one that comes while as
//! many are in progress is acknowledged at once and waits, in order of
//! arrival, up to `HOLOTABLE_INTERACTIONS_QUEUED` of them. Past that depth
//! it is answered, ephemerally, "busy, try again in a moment", and nothing
//! of it is done.
//!
//! Without the bound a burst has no ceiling: serenity spawns a task for
//! every gateway event as it arrives, so a command in each of 10,000
//! servers at the same moment meant 10,000 commands working together,
//! each with its database reads and its own HTTP connection for the
//! answer, and the process peaked near 500 MB (`docs/operations.md`,
//! "Ten thousand servers"). The bound wraps poise's framework, so it is
//! the first of holotable's code an event reaches, before poise parses a
//! command's options or reads anything; serenity's copy of the event and
//! its task end as soon as this has decided.
//!
//! Discord wants a first answer to an interaction within three seconds,
//! and the last of a burst waits longer than that. So a waiting one is
//! acknowledged as it arrives: a command with "thinking…" shown to its
//! member alone (any command may be refused, and a refusal is for its
//! member only; a deferral's visibility cannot change later), a click as
//! [`commands::waiting_ack`] says. Its handler then answers through that
//! acknowledgement: poise is told the command's response was sent, so its
//! reply edits the "thinking…" (`reply.rs`), and a click handler finds it
//! in its [`Click`].
//!
//! A waiting interaction is kept as serenity's typed interaction alone,
//! with the context of its shard and nothing of the task that brought it
//! (a task holds serenity's whole event, 4 kB before what it points to).
//! Of a clicked message only its ids are kept: no click handler reads
//! more, and a ballot's message, its options listed and its menus, is
//! several kB.
//!
//! A vote that waited counts on the ballot it was sent for: each command
//! and click is registered with the service from its arrival to the end of
//! its work ([`Service::arrival`]), and a ballot's close waits for what was
//! sent before it, in this process or in another sharing the database
//! (the service's `arrivals` and `backlogs`).
//!
//! Acknowledgements and refusals are answers of their own, one request
//! each, sent [`ANSWERS_AT_ONCE`] at a time in order of arrival. One that
//! cannot be sent within three seconds of the interaction's arrival is
//! not sent: Discord has told its member that it failed, and nothing of it
//! is done (`holotable_interactions_expired_total`). Dropped so, a line
//! longer than the window empties at once, and those behind it are in
//! time. One sent but not answered in time (a retry would come too late)
//! is worked on all the same: Discord may have taken it, and the member
//! then sees it done; if not, its answer is refused, and nothing is lost
//! that the member was told had happened.

use super::commands::{self, on_click};
use super::reply::{self, Acked, Click};
use super::rest::{Rest, RestError};
use super::{Data, Error, snowflake_millis};
use crate::i18n::Lang;
use crate::service::{Arrival, Service};
use crate::t;
use futures_util::StreamExt;
use poise::serenity_prelude as serenity;
use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Notify, Semaphore, mpsc};
use tokio::time::Instant;

/// Interactions worked on at once, unless `HOLOTABLE_INTERACTIONS_AT_ONCE`
/// says otherwise.
pub const DEFAULT_AT_ONCE: usize = 64;

/// Interactions that may wait their turn, unless
/// `HOLOTABLE_INTERACTIONS_QUEUED` says otherwise: a command in each of
/// 10,000 servers at once. About 2 kB each while waiting. A deeper queue
/// is no use unless its acknowledgements can all be sent within Discord's
/// three seconds: at [`ANSWERS_AT_ONCE`] in flight and 100 ms a request,
/// some 5,000 a second.
pub const DEFAULT_QUEUED: usize = 10_000;

/// Acknowledgements and refusals sent at once. Discord is some 100 ms
/// away: 10,000 answers inside its three seconds need 10,000 / (3 s /
/// 100 ms) = 333 in flight at the least, more since the burst takes time to
/// arrive. On HTTP/1.1 each is a connection while in flight, some tens of
/// kB; the HTTP client keeps 32 of them afterwards (`rest.rs`).
pub const ANSWERS_AT_ONCE: usize = 512;

/// Discord's window for an interaction's first answer, counted here from
/// its arrival. Discord counts from its sending, a gateway hop earlier,
/// but this process's clock and Discord's need not agree: counted from the
/// sending time, a clock a few seconds fast would drop every waiting
/// acknowledgement, where counting from arrival only costs, when this
/// process reads the gateway late, acknowledgements Discord refuses.
const WINDOW: Duration = Duration::from_secs(3);

/// poise's framework behind the bound.
pub struct Bounded {
    inner: Arc<Inner>,
    /// The answers to send, until their task starts (at `init`).
    /// Acknowledgements are bounded by the queue's depth, refusals by how
    /// fast one is sent or, past Discord's window, dropped.
    answers: Option<mpsc::UnboundedReceiver<Answer>>,
}

struct Inner {
    framework: poise::Framework<Data, Error>,
    rest: Arc<Rest>,
    service: Arc<Service>,
    /// A place per interaction worked on.
    places: Arc<Semaphore>,
    queue: Mutex<Queue>,
    /// An acknowledged interaction joined the queue.
    joined: Notify,
    /// How many may wait.
    depth: usize,
    answers: mpsc::UnboundedSender<Answer>,
}

#[derive(Default)]
struct Queue {
    /// Acknowledged and waiting for a place, in order.
    ready: VecDeque<Waiting>,
    /// Taken in to wait: those ready, and those still being acknowledged.
    waiting: usize,
}

/// A command or click, as the gateway brought it.
enum Work {
    Command(Box<serenity::CommandInteraction>),
    Click(Box<serenity::ComponentInteraction>),
}

/// An interaction waiting its turn.
struct Waiting {
    work: Work,
    acked: Acked,
    ctx: serenity::Context,
    arrival: Arrival,
    /// When it came: its acknowledgement is due within [`WINDOW`].
    received: Instant,
}

/// What is sent at once, before any work.
enum Answer {
    Acknowledge(Waiting),
    Refuse(Refusal),
}

impl Bounded {
    /// `framework`, working on at most `at_once` interactions together and
    /// letting `depth` more wait; answers go through `rest`, and arrivals
    /// are told to `service`.
    pub fn new(
        framework: poise::Framework<Data, Error>,
        rest: Arc<Rest>,
        service: Arc<Service>,
        at_once: usize,
        depth: usize,
    ) -> Self {
        let (answers, to_send) = mpsc::unbounded_channel();
        let inner = Inner {
            framework,
            rest,
            service,
            places: Arc::new(Semaphore::new(at_once)),
            queue: Mutex::new(Queue::default()),
            joined: Notify::new(),
            depth,
            answers,
        };
        Bounded {
            inner: Arc::new(inner),
            answers: Some(to_send),
        }
    }
}

#[::serenity::async_trait]
impl serenity::Framework for Bounded {
    async fn init(&mut self, client: &serenity::Client) {
        Arc::get_mut(&mut self.inner)
            .expect("nothing shares the bound before it starts")
            .framework
            .init(client)
            .await;
        let answers = self.answers.take().expect("started once");
        tokio::spawn(self.inner.clone().send_answers(answers));
        tokio::spawn(self.inner.clone().work_through_queue());
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let serenity::FullEvent::InteractionCreate { interaction } = event else {
            return self.inner.framework.dispatch(ctx, event).await;
        };
        let work = match interaction {
            serenity::Interaction::Command(command) => Work::Command(Box::new(command)),
            serenity::Interaction::Component(click) => Work::Click(Box::new(click)),
            // Autocomplete is a suggestion while typing: it cannot be
            // deferred, and one after the next keystroke is of no use, so
            // it is worked on now or not at all. Left unanswered, Discord's
            // client says loading the options failed, which is true, and
            // asks again at the next keystroke. (A form's submission goes
            // to poise too, which ignores it: the bot shows no forms.)
            other => {
                if let Ok(_place) = self.inner.places.try_acquire() {
                    let event = serenity::FullEvent::InteractionCreate { interaction: other };
                    self.inner.framework.dispatch(ctx, event).await;
                } else {
                    crate::service::metrics::metrics().interaction_refused();
                }
                return;
            }
        };
        self.inner.clone().take(ctx, work).await;
    }
}

impl Inner {
    /// Works on `work` now if a place is free and nothing waits; else
    /// queues it, or refuses it past the queue's depth.
    async fn take(self: Arc<Self>, ctx: serenity::Context, work: Work) {
        let received = Instant::now();
        let arrival = self.service.arrival(snowflake_millis(work.id()));
        let place = {
            let mut queue = self.lock();
            let place = (queue.waiting == 0)
                .then(|| self.places.clone().try_acquire_owned().ok())
                .flatten();
            if place.is_none() {
                if queue.waiting >= self.depth {
                    drop(queue);
                    crate::service::metrics::metrics().interaction_refused();
                    self.send(Answer::Refuse(Refusal::of(&work, received)));
                    return;
                }
                queue.waiting += 1;
                crate::service::metrics::metrics().set_interactions_queued(queue.waiting);
            }
            place
        };
        if let Some(_place) = place {
            self.work(&ctx, &work, None).await;
            return;
        }
        crate::service::metrics::metrics().interaction_waited();
        let acked = match &work {
            Work::Command(_) => Acked::Reply,
            Work::Click(click) => commands::waiting_ack(click),
        };
        let waiting = Waiting {
            work: work.kept(),
            acked,
            ctx,
            arrival,
            received,
        };
        self.send(Answer::Acknowledge(waiting));
    }

    fn send(&self, answer: Answer) {
        if let Err(unsent) = self.answers.send(answer) {
            if let Answer::Acknowledge(_) = unsent.0 {
                Self::one_fewer_waiting(&mut self.lock());
            }
            tracing::error!("the answers' task has stopped; an interaction goes unanswered");
        }
    }

    /// One fewer waits (it starts, or its acknowledgement failed).
    fn one_fewer_waiting(queue: &mut Queue) {
        queue.waiting -= 1;
        crate::service::metrics::metrics().set_interactions_queued(queue.waiting);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().expect("queue lock")
    }

    /// Sends acknowledgements and refusals, [`ANSWERS_AT_ONCE`] at a time.
    async fn send_answers(self: Arc<Self>, mut answers: mpsc::UnboundedReceiver<Answer>) {
        futures_util::stream::poll_fn(move |cx| answers.poll_recv(cx))
            .for_each_concurrent(ANSWERS_AT_ONCE, |answer| {
                let inner = self.clone();
                async move {
                    match answer {
                        Answer::Acknowledge(waiting) => inner.acknowledge(waiting).await,
                        Answer::Refuse(refusal) => refusal.send(&inner.rest).await,
                    }
                }
            })
            .await;
    }

    /// Acknowledges `waiting` and queues it; one whose acknowledgement
    /// failed, or could not be sent within Discord's window, is dropped,
    /// since Discord tells its member the interaction failed, and doing it
    /// all the same would be work nobody hears of.
    async fn acknowledge(&self, waiting: Waiting) {
        let deadline = waiting.received + WINDOW;
        if Instant::now() >= deadline {
            Self::one_fewer_waiting(&mut self.lock());
            crate::service::metrics::metrics().interaction_expired();
            return;
        }
        let response = match waiting.acked {
            Acked::Reply => serenity::CreateInteractionResponse::Defer(
                serenity::CreateInteractionResponseMessage::new().ephemeral(true),
            ),
            Acked::Update => serenity::CreateInteractionResponse::Acknowledge,
        };
        let (id, token) = waiting.work.id_and_token();
        match reply::respond_within(&self.rest, deadline, id, token, &response).await {
            Ok(()) => {
                self.lock().ready.push_back(waiting);
                self.joined.notify_one();
            }
            // Sent, but its answer came too late for a retry: Discord may
            // have taken it.
            Err(RestError::Late {
                attempted: true, ..
            }) => {
                self.lock().ready.push_back(waiting);
                self.joined.notify_one();
            }
            Err(error) => {
                Self::one_fewer_waiting(&mut self.lock());
                if matches!(error, RestError::Late { .. }) {
                    crate::service::metrics::metrics().interaction_expired();
                }
                tracing::warn!(%error, "acknowledging an interaction failed; nothing of it is done");
            }
        }
    }

    /// Gives each queued interaction a place as one frees, in order.
    async fn work_through_queue(self: Arc<Self>) {
        loop {
            // `notify_one` keeps its wake-up for a wait that starts after
            // it, so one that joins between the look and the wait is seen.
            while self.lock().ready.is_empty() {
                self.joined.notified().await;
            }
            let place = self
                .places
                .clone()
                .acquire_owned()
                .await
                .expect("the places are never closed");
            let waiting = {
                let mut queue = self.lock();
                Self::one_fewer_waiting(&mut queue);
                queue
                    .ready
                    .pop_front()
                    .expect("only this task takes from the queue")
            };
            let inner = self.clone();
            tokio::spawn(async move {
                let Waiting {
                    work,
                    acked,
                    ctx,
                    arrival,
                    ..
                } = waiting;
                inner.work(&ctx, &work, Some(acked)).await;
                drop((place, arrival));
            });
        }
    }

    /// Works on `work`, acknowledged already as `acked` if it waited.
    async fn work(&self, ctx: &serenity::Context, work: &Work, acked: Option<Acked>) {
        match work {
            Work::Command(command) => self.command(ctx, command, acked.is_some()).await,
            Work::Click(click) => {
                let data = self.framework.user_data().await;
                if let Err(error) = on_click(data, &Click::new(click, acked)).await {
                    tracing::warn!(
                        custom_id = %click.data.custom_id,
                        %error,
                        "a click failed before its work; nothing of it was done"
                    );
                }
            }
        }
    }

    /// Runs `command` through poise, as poise's own dispatch does, but
    /// telling it whether the response was sent already (`deferred`): then
    /// its replies edit the deferral instead of answering again, which
    /// Discord would refuse.
    async fn command(
        &self,
        ctx: &serenity::Context,
        command: &serenity::CommandInteraction,
        deferred: bool,
    ) {
        let framework = poise::FrameworkContext {
            serenity_context: ctx,
            options: self.framework.options(),
            user_data: self.framework.user_data().await,
            shard_manager: self.framework.shard_manager(),
        };
        let responded = AtomicBool::new(deferred);
        let invocation: tokio::sync::Mutex<Box<dyn std::any::Any + Send + Sync>> =
            tokio::sync::Mutex::new(Box::new(()));
        let options = command.data.options();
        let mut tree = Vec::new();
        let dispatched = poise::dispatch_interaction(
            framework,
            command,
            &responded,
            &invocation,
            &options,
            &mut tree,
        )
        .await;
        if let Err(error) = dispatched {
            error.handle(framework.options).await;
        }
    }
}

impl Work {
    fn id(&self) -> u64 {
        self.id_and_token().0
    }

    fn id_and_token(&self) -> (u64, &str) {
        match self {
            Work::Command(command) => (command.id.get(), &command.token),
            Work::Click(click) => (click.id.get(), &click.token),
        }
    }

    /// What waiting keeps of it: all, but of a clicked message its ids.
    fn kept(self) -> Work {
        match self {
            Work::Command(command) => Work::Command(command),
            Work::Click(mut click) => {
                let mut message = serenity::Message::default();
                message.id = click.message.id;
                message.channel_id = click.message.channel_id;
                message.guild_id = click.message.guild_id;
                *click.message = message;
                Work::Click(click)
            }
        }
    }
}

/// What answering a refused interaction takes.
struct Refusal {
    id: u64,
    token: String,
    lang: Lang,
    received: Instant,
}

impl Refusal {
    fn of(work: &Work, received: Instant) -> Refusal {
        let (id, token) = work.id_and_token();
        let locale = match work {
            Work::Command(command) => &command.locale,
            Work::Click(click) => &click.locale,
        };
        Refusal {
            id,
            token: token.to_string(),
            lang: Lang::from_discord_locale(locale).unwrap_or_default(),
            received,
        }
    }

    /// Tells the member "busy", unless Discord's window has passed: then
    /// Discord has told them it failed, and a request would be refused.
    async fn send(self, rest: &Rest) {
        let deadline = self.received + WINDOW;
        if Instant::now() >= deadline {
            crate::service::metrics::metrics().interaction_expired();
            return;
        }
        let busy = serenity::CreateInteractionResponseMessage::new()
            .content(t!(self.lang, "busy"))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        let response = serenity::CreateInteractionResponse::Message(busy);
        if let Err(error) =
            reply::respond_within(rest, deadline, self.id, &self.token, &response).await
        {
            tracing::warn!(%error, "the busy answer to an interaction was not delivered");
        }
    }
}
