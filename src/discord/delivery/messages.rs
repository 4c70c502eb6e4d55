//! The messages of a delivery that say something: a text, a board with its
//! words, the daily post, and the discussion thread a game's first post
//! opens. Each is laid out here as Discord shows it (a closing time as a
//! relative time, a board's numbered options, who is pinged) and recorded
//! in the delivery's progress once posted.

use super::threads::{Opened, open_thread_on};
use super::{Deliverer, DeliveryError, Recipient, game_of};
use crate::discord::keys::channel_key;
use crate::discord::layout::components::{call_buttons, row, watch_button};
use crate::discord::layout::limits::DISCORD_LIMIT;
use crate::i18n::Lang;
use crate::model::{GameId, Millis};
use crate::service::text::relative_time;
use crate::service::{Closing, DailyPost, Message, Progress, with_closing};
use crate::t;
use serde_json::{Value, json};

impl Deliverer {
    /// A text part: its message, unless posted already, and the game's
    /// discussion thread when it opens one. `false` when the message is
    /// about a ballot that closed meanwhile: then it is not posted, and
    /// nothing after it either.
    pub(super) async fn text_part(
        &self,
        to: &Recipient<'_>,
        message: &Message,
        progress: &mut Progress,
    ) -> Result<bool, DeliveryError> {
        if progress.text.is_none() {
            let mut at = self.closing_time(to, message, progress).await?;
            if let Some(ply) = message.while_open {
                let deliveries = self.service.deliveries();
                let Some(ballot) = deliveries.open_ballot(to.delivery, ply).await? else {
                    return Ok(false);
                };
                at = at.map(|_| ballot.deadline);
            }
            let content = content(to.delivery.lang, message, &[], at);
            self.post_text(to, message, &content, progress).await?;
        }
        if let (Some(name), Some(posted)) = (&message.discussion, &progress.text)
            && !progress.discussion
        {
            // Refused, the talk stays in the channel: nothing else depends
            // on the thread.
            match open_thread_on(&self.rest, to.channel, posted, name).await? {
                Opened::Thread(thread) => {
                    self.service
                        .games()
                        .note_discussion_thread(&channel_key(thread), to.delivery.channel.as_str())
                        .await?;
                }
                Opened::Refused(error) => {
                    tracing::warn!(%error, channel = to.channel, "could not open a game's discussion thread; members talk in the channel");
                }
            }
            progress.discussion = true;
            self.note(to.delivery, progress).await?;
        }
        Ok(true)
    }

    /// When `message` says its closing is (the service's answer: a late
    /// message names the deadline its ballot will have), noted as stated
    /// when it is a ballot's deadline, so a move after it can be put right
    /// (`restate_closing`).
    pub(super) async fn closing_time(
        &self,
        to: &Recipient<'_>,
        message: &Message,
        progress: &mut Progress,
    ) -> Result<Option<Millis>, DeliveryError> {
        let Some(closes) = &message.closes else {
            return Ok(None);
        };
        let deliveries = self.service.deliveries();
        let at = deliveries.closing_time(to.delivery, closes).await?;
        if closes.ballot.is_some() {
            progress.stated = Some(at);
        }
        Ok(Some(at))
    }

    /// A board of the delivery's game after `ply` (`u32::MAX`: the last
    /// position) with `message`, its options `featured`, and a turn's
    /// menus while that decision stands (a late delivery of an old turn
    /// shows the board alone); recorded as the delivery's board.
    pub(super) async fn post_position(
        &self,
        to: &Recipient<'_>,
        ply: u32,
        featured: &[String],
        message: &Message,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let (lang, game) = (to.delivery.lang, game_of(to.delivery)?);
        let at = self.closing_time(to, message, progress).await?;
        let png = self
            .service
            .games()
            .board_image(game, ply, featured, self.board_size, lang)
            .await?;
        let mut body = json!({
            "content": content(lang, message, featured, at),
            "allowed_mentions": pinging(message),
        });
        if let Some(turn) = message.turn_menus {
            body["components"] = json!(self.turn_menus(lang, game, turn).await?);
        } else {
            let mut buttons = Vec::new();
            if message.role.is_some() {
                buttons.extend(call_buttons(lang));
            }
            if let Some(url) = self.watch_url(game).await? {
                buttons.push(watch_button(lang, &url));
            }
            if !buttons.is_empty() {
                body["components"] = json!([row(buttons)]);
            }
        }
        let files = vec![("board.png".into(), png)];
        let id = self.post(to, body, files, 'b').await?;
        progress.board = Some(id);
        self.note(to.delivery, progress).await?;
        Ok(())
    }

    /// The address of `game`'s page, when pages have a public address and
    /// the game's channels let its page be shown. A match has none: its
    /// posts carry their turn's menus instead.
    async fn watch_url(&self, game: GameId) -> Result<Option<String>, DeliveryError> {
        let Some(base) = &self.public_url else {
            return Ok(None);
        };
        Ok(self
            .service
            .pages()
            .token(game)
            .await?
            .map(|token| crate::model::page_url(base, &token)))
    }

    /// The daily post names the member as `<@id>`, which Discord shows as
    /// their name; only a server that turned mentions on lets it ping.
    pub(super) async fn post_daily(
        &self,
        to: &Recipient<'_>,
        post: &DailyPost,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.text.is_some() {
            return Ok(());
        }
        let body = daily_body(to.delivery.lang, post);
        let id = self.post(to, body, Vec::new(), 't').await?;
        progress.text = Some(id);
        self.note(to.delivery, progress).await?;
        Ok(())
    }

    /// Posts a message of text alone and records it as the delivery's
    /// text.
    async fn post_text(
        &self,
        to: &Recipient<'_>,
        message: &Message,
        content: &str,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let mut body = json!({
            "content": content,
            "allowed_mentions": pinging(message),
        });
        if message.role.is_some() {
            body["components"] = json!([row(call_buttons(to.delivery.lang))]);
        }
        let id = self.post(to, body, Vec::new(), 't').await?;
        progress.text = Some(id);
        self.note(to.delivery, progress).await?;
        Ok(())
    }
}

/// allowed_mentions that ping whom `message` calls (a player, a role),
/// or nobody.
fn pinging(message: &Message) -> Value {
    let mut mentions = json!({ "parse": [] });
    if let Some(player) = &message.calls {
        mentions["users"] = json!([player.id]);
    }
    if let Some(role) = &message.role {
        mentions["roles"] = json!([role]);
    }
    mentions
}

/// A message as Discord shows it: its text, a board's numbered options
/// (bold numbers, matching the image's markers) when it states a ballot's
/// closing, and the closing at `at` as a relative time, which each reader's
/// client shows in their own zone; cut to what Discord accepts.
pub(super) fn content(
    lang: Lang,
    message: &Message,
    featured: &[String],
    at: Option<Millis>,
) -> String {
    let (Some(closes), Some(at)) = (message.closes, at) else {
        return clip(&message.text);
    };
    let mut between = Vec::new();
    if matches!(closes.wording, Closing::VotingCloses | Closing::VotesOpen) && !featured.is_empty()
    {
        let options: Vec<String> = featured
            .iter()
            .enumerate()
            .map(|(i, mv)| format!("**{}** {mv}", i + 1))
            .collect();
        between.push(t!(lang, "board-options", options = options.join(" · ")));
    }
    let time = relative_time(at);
    clip(&with_closing(
        lang,
        &message.text,
        &between,
        closes.wording,
        &time,
    ))
}

/// The daily post's message: the member as `<@id>`, pingable only when
/// the server turned mentions on.
fn daily_body(lang: Lang, post: &DailyPost) -> Value {
    let users: Vec<&str> = post
        .member()
        .filter(|_| post.mentions)
        .into_iter()
        .collect();
    json!({
        "content": clip(&post.text(lang, |id| format!("<@{id}>"))),
        "allowed_mentions": { "parse": [], "users": users },
    })
}

/// Cuts `text` to what Discord accepts.
pub(super) fn clip(text: &str) -> String {
    if text.chars().count() <= DISCORD_LIMIT {
        return text.to_string();
    }
    let mut clipped: String = text.chars().take(DISCORD_LIMIT - 1).collect();
    clipped.push('…');
    clipped
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Honoree, Record};

    fn post(mentions: bool) -> DailyPost {
        DailyPost {
            date: "2026-06-10".into(),
            honoree: Honoree::Member {
                id: "123".into(),
                record: Record {
                    winning_votes: 3,
                    ..Record::default()
                },
            },
            fact: "wookiee-rule".into(),
            mentions,
        }
    }

    #[test]
    fn the_member_of_the_day_is_pinged_only_when_the_server_asked() {
        let quiet = daily_body(Lang::En, &post(false));
        assert!(quiet["content"].as_str().unwrap().contains("<@123>"));
        assert_eq!(
            quiet["allowed_mentions"],
            json!({ "parse": [], "users": [] })
        );
        let loud = daily_body(Lang::En, &post(true));
        assert_eq!(
            loud["allowed_mentions"],
            json!({ "parse": [], "users": ["123"] })
        );
    }
}
