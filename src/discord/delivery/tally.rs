//! The live tally on ballot posts: after votes, the ballot message is
//! edited to show the leading moves, at most once per interval per channel
//! so a busy vote costs a handful of edits, not one per click; and the
//! suggestions and the closing time written beside it.

use super::DeliveryError;
use super::messages::clip;
use crate::discord::keys::split_reference;
use crate::discord::layout::ballots;
use crate::discord::layout::limits::DISCORD_LIMIT;
use crate::discord::layout::style::DiscordStyle;
use crate::discord::rest::{Body, Rest};
use crate::model::{BallotStatus, PostStyle};
use crate::service::text::relative_time;
use crate::service::{Service, suggestions_line};
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
                if let Err(error) = refresh_tally(&service, &rest, &channel).await {
                    tracing::warn!(%error, channel, "editing the tally failed");
                }
            }
        }
    }
}

/// Edits the ballot posts of `channel`'s open ballot: menus to its tally,
/// closing time (a deadline moved by a slow post) and suggested moves; a
/// poll's message, whose answers cannot change, to list the suggestions.
pub(super) async fn refresh_tally(
    service: &Service,
    rest: &Rest,
    channel: &str,
) -> Result<(), DeliveryError> {
    let view = service.games().status(channel).await?;
    let Some(ballot) = view.ballot.filter(|b| b.status == BallotStatus::Open) else {
        return Ok(());
    };
    let lang = service.servers().channel_language(channel).await?;
    let suggestions = service.votes().suggestions(ballot.id).await?;
    let suggested = suggestions_line(lang, &DiscordStyle, &suggestions);
    let closes = t!(
        lang,
        "voting-closes",
        closes = relative_time(ballot.deadline)
    );
    for post in service.deliveries().ballot_posts(ballot.id).await? {
        if post.finished {
            continue;
        }
        let body = match post.style {
            PostStyle::Menu => {
                let tally = match &view.voters {
                    Some(voters) => ballots::hidden_tally_text(lang, &ballot, voters),
                    None => ballots::tally_text(lang, &ballot, &view.tally),
                };
                let mut rows = ballots::menu_rows(lang, &ballot);
                let moves: Vec<&str> = suggestions.iter().map(|s| s.mv.as_str()).collect();
                ballots::mark_suggested(&mut rows, &moves);
                let lines: Vec<&str> = [Some(tally.as_str()), suggested.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect();
                json!({ "content": with_last_line(&lines.join("\n"), &closes), "components": rows })
            }
            PostStyle::Poll => {
                let Some(suggested) = &suggested else {
                    continue;
                };
                let poll = ballots::ballot_body(lang, &ballot, PostStyle::Poll, service.now());
                let content = poll["content"].as_str().unwrap_or_default();
                json!({ "content": clip(&format!("{content}\n{suggested}")) })
            }
        };
        // Closed while this was being written: the close's own edit of the
        // post stands, live menus must not come back over it.
        let still_open = service
            .deliveries()
            .ballot(ballot.id)
            .await?
            .is_some_and(|b| b.status == BallotStatus::Open);
        if !still_open {
            return Ok(());
        }
        if let Some((channel, message)) = split_reference(&post.reference) {
            let mut body = body;
            body["allowed_mentions"] = json!({ "parse": [] });
            rest.call(
                Method::PATCH,
                &format!("/channels/{channel}/messages/{message}"),
                &Body::Json(body),
            )
            .await?;
        }
    }
    Ok(())
}

/// `text` cut to fit with `last` on a line after it, `last` whole: the
/// closing time must survive whatever is cut.
fn with_last_line(text: &str, last: &str) -> String {
    let room = DISCORD_LIMIT.saturating_sub(last.chars().count() + 2);
    let mut kept: String = text.chars().take(room).collect();
    if kept.len() < text.len() {
        kept.push('…');
    }
    format!("{kept}\n{last}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::model::{BallotId, GameId, Suggestion};

    #[test]
    fn a_ballot_post_lists_ten_suggestions_and_keeps_its_closing_within_discords_limit() {
        let suggestions: Vec<Suggestion> = (0..40)
            .map(|n| Suggestion {
                id: n,
                ballot: BallotId {
                    game: GameId(1),
                    ply: 0,
                },
                mv: format!("A{n}-B{n}"),
                author: format!("{}", 700_000_000_000_000_000u64 + n as u64),
                reason: "x".repeat(200),
                backers: 40 - n as u32,
            })
            .collect();
        let line = suggestions_line(Lang::En, &DiscordStyle, &suggestions).unwrap();
        assert_eq!(line.matches(" from <@").count(), 10, "{line}");
        assert!(line.ends_with(" · 30 more."), "{line}");
        let closes = "Voting closes <t:1700000000:R>.";
        let long = format!("{}\n{line}", "y".repeat(1990));
        let content = with_last_line(&long, closes);
        assert!(content.chars().count() <= DISCORD_LIMIT);
        assert!(content.ends_with(&format!("…\n{closes}")), "{content}");
    }
}
