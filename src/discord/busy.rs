//! A bound on the interactions the bot works on at once. Past it, a
//! command, click or form is answered, ephemerally, with "busy, try again
//! in a moment", and nothing of it is done.
//!
//! Without the bound a burst has no ceiling: serenity spawns a task for
//! every gateway event as it arrives, so a command in each of 10,000
//! servers at the same moment meant 10,000 commands working together,
//! each with its database reads and its own HTTP connection for the
//! answer, and the process peaked near 500 MB (`docs/operations.md`,
//! "Ten thousand servers"). The bound wraps poise's framework, so it is
//! the first of holotable's code an event reaches, before poise parses a
//! command's options or reads anything; what comes before it is
//! serenity's copy of the event and its task, which end as soon as this
//! has decided.
//!
//! A refusal is an answer too, one HTTP request, so the refusals are
//! bounded as well: a refused interaction waits its turn as its id, token
//! and language (a few hundred bytes; 10,000 of them are about 3 MB),
//! while the event and its task are let go at once.

use super::rest::Rest;
use super::{Data, Error, reply};
use crate::i18n::Lang;
use crate::t;
use futures_util::StreamExt;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use tokio::sync::{Semaphore, mpsc};

/// Interactions worked on at once, unless `HOLOTABLE_INTERACTIONS_AT_ONCE`
/// says otherwise.
pub const DEFAULT_AT_ONCE: usize = 64;

/// Refusals sent at once. Each is one small request: a few keep the
/// answers flowing, and, being fewer than the HTTP client's idle
/// connections (`rest.rs`), they reuse connections instead of opening one
/// each.
const REFUSALS_AT_ONCE: usize = 16;

/// poise's framework behind the bound.
pub struct Bounded {
    framework: poise::Framework<Data, Error>,
    working: Semaphore,
    refusals: mpsc::UnboundedSender<Refusal>,
}

impl Bounded {
    /// `framework`, working on at most `at_once` interactions together;
    /// refusals are answered through `rest`. Starts the task that sends
    /// them.
    pub fn new(framework: poise::Framework<Data, Error>, rest: Arc<Rest>, at_once: usize) -> Self {
        let (refusals, mut queue) = mpsc::unbounded_channel::<Refusal>();
        let queue = futures_util::stream::poll_fn(move |cx| queue.poll_recv(cx));
        tokio::spawn(queue.for_each_concurrent(REFUSALS_AT_ONCE, move |refusal| {
            let rest = rest.clone();
            async move { refusal.send(&rest).await }
        }));
        Bounded {
            framework,
            working: Semaphore::new(at_once),
            refusals,
        }
    }
}

#[::serenity::async_trait]
impl serenity::Framework for Bounded {
    async fn init(&mut self, client: &serenity::Client) {
        self.framework.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let _working = match &event {
            serenity::FullEvent::InteractionCreate { interaction } => {
                let Ok(permit) = self.working.try_acquire() else {
                    crate::service::metrics::metrics().interaction_refused();
                    if let Some(refusal) = Refusal::of(interaction)
                        && self.refusals.send(refusal).is_err()
                    {
                        tracing::warn!(
                            "the refusals' sender has stopped; an interaction goes unanswered"
                        );
                    }
                    return;
                };
                Some(permit)
            }
            _ => None,
        };
        self.framework.dispatch(ctx, event).await;
    }
}

/// What answering a refused interaction takes.
struct Refusal {
    id: u64,
    token: String,
    lang: Lang,
}

impl Refusal {
    /// A command, click or form is told it was not done. Autocomplete is
    /// left unanswered: it is a suggestion while typing, not something
    /// asked to be done. Discord's client then says that loading the
    /// options failed, which is true, and asks again at the next
    /// keystroke, where an empty list would claim that nothing matches;
    /// and no request is added to a burst refused for having too many.
    fn of(interaction: &serenity::Interaction) -> Option<Refusal> {
        let (id, token, locale) = match interaction {
            serenity::Interaction::Command(command) => {
                (command.id, &command.token, &command.locale)
            }
            serenity::Interaction::Component(click) => (click.id, &click.token, &click.locale),
            serenity::Interaction::Modal(form) => (form.id, &form.token, &form.locale),
            // Autocomplete, and pings, which come only to an HTTP endpoint.
            _ => return None,
        };
        Some(Refusal {
            id: id.get(),
            token: token.clone(),
            lang: Lang::from_discord_locale(locale).unwrap_or_default(),
        })
    }

    async fn send(self, rest: &Rest) {
        let busy = serenity::CreateInteractionResponseMessage::new()
            .content(t!(self.lang, "busy"))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        let response = serenity::CreateInteractionResponse::Message(busy);
        if let Err(error) = reply::respond(rest, self.id, &self.token, &response).await {
            tracing::warn!(%error, "the busy answer to an interaction was not delivered");
        }
    }
}
