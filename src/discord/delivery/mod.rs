//! Delivering the outbox to Discord: every announcement the service queued
//! becomes one or more messages, in order per channel, exactly once for the
//! people reading.
//!
//! An announcement may take several messages (a board, then its ballot).
//! Each part is recorded in the row's `delivery_ref` as soon as it is
//! posted, so a retry (after a 5xx, a 429 storm or a restart) posts only
//! what is missing; the `nonce` sent with `enforce_nonce` covers the window
//! between Discord creating a message and us recording it. A row that keeps
//! failing is retried with backoff and finally given up by the store, so
//! one bad message never blocks a channel, and the game itself never waits
//! for delivery. Each channel is delivered by a task of its own, under a
//! lease shared by every process (`lanes.rs`), so one channel's failing or
//! hanging posts hold up no other channel's.

mod lanes;
mod matches;
pub(super) mod tally;

use crate::discord::keys::{channel_id, channel_key, post_reference, split_reference};
use crate::discord::present::{self, MENU_OPTIONS};
use crate::discord::rest::{Body, Rest, RestError};
use crate::i18n::Lang;
use crate::model::{
    BallotFormat, BallotId, BallotState, BallotStatus, GameId, Millis, PostStyle,
    QueuedAnnouncement,
};
use crate::service::text::{self, relative_time};
use crate::service::{
    Announcement, BoardImage, DailyPost, MatchAnnouncement, Service, ServiceError,
};
use crate::t;
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;

/// Board images are posted at this size, in pixels.
pub const DEFAULT_BOARD_SIZE: u32 = 640;

#[derive(Debug, thiserror::Error)]
pub enum DeliveryError {
    #[error(transparent)]
    Rest(#[from] RestError),
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error("{0}")]
    Unreadable(String),
}

/// What of an announcement has been posted already (the row's
/// `delivery_ref`, as JSON).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Progress {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    board: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ballot: Option<String>,
    /// The closing time the board or text message stated, so a deadline
    /// moved after it went out can be put right there (`restate_closing`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stated: Option<Millis>,
}

pub struct Delivery {
    pub service: Arc<Service>,
    pub rest: Arc<Rest>,
    /// Shortest vote shown as a native poll (see `present::style_for`).
    pub poll_min_ms: Millis,
    pub board_size: u32,
}

/// Where one announcement goes: its channel, in the channel's language,
/// and the outbox row whose progress is noted as its parts are posted.
struct Recipient<'a> {
    lang: Lang,
    channel: u64,
    row: &'a QueuedAnnouncement,
}

impl Delivery {
    pub(super) async fn deliver(&self, row: &QueuedAnnouncement) -> Result<(), DeliveryError> {
        let channel = channel_id(&row.channel)
            .ok_or_else(|| DeliveryError::Unreadable(format!("channel {:?}", row.channel)))?;
        let mut progress: Progress = row
            .delivery_ref
            .as_deref()
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or_default();
        if MatchAnnouncement::is_match_kind(&row.kind) {
            return self.deliver_match(row, channel, &mut progress).await;
        }
        let announcement: Announcement = serde_json::from_str(&row.payload)
            .map_err(|e| DeliveryError::Unreadable(format!("announcement {}: {e}", row.id)))?;
        let lang = self.service.channel_language(&row.channel).await?;
        if let Announcement::GamerOfTheDay { post } = &announcement {
            return self
                .post_daily(lang, channel, post, row, &mut progress)
                .await;
        }
        let game = row.game_id.map(GameId).ok_or_else(|| {
            DeliveryError::Unreadable(format!("announcement {} names no game", row.id))
        })?;
        let text = announcement.describe(lang);
        match &announcement {
            Announcement::BallotOpened {
                ply,
                featured,
                deadline,
                ..
            } => {
                let ballot = BallotId { game, ply: *ply };
                let to = Recipient { lang, channel, row };
                let shown = |closes| board_text(lang, &text, featured, closes);
                self.deliver_ballot(&to, ballot, *deadline, featured, &mut progress, shown)
                    .await?;
            }
            Announcement::BallotExtended { ply, deadline } => {
                self.tidy(lang, game, channel, None).await?;
                let ballot = BallotId { game, ply: *ply };
                let to = Recipient { lang, channel, row };
                self.deliver_extension(&to, ballot, *deadline, &text, &mut progress)
                    .await?;
            }
            Announcement::GameFinished { .. } => {
                self.tidy(lang, game, channel, None).await?;
                if progress.board.is_none() {
                    // The last position: board_png clamps the ply.
                    let to = Recipient { lang, channel, row };
                    self.post_position(&to, game, u32::MAX, &[], &text, &mut progress)
                        .await?;
                }
            }
            Announcement::BallotClosed { .. }
            | Announcement::GamePaused { .. }
            | Announcement::GameStopped { .. } => {
                let result = announcement.ballot_result(lang);
                self.tidy(lang, game, channel, result.as_deref()).await?;
                self.post_text(channel, &text, row, &mut progress).await?;
            }
            Announcement::OtherSideVoting { ply, deadline, .. } => {
                // The board as the other side sees it while it votes: no
                // options, nothing of its tally.
                if progress.board.is_none() {
                    let closes = t!(lang, "voting-closes", closes = relative_time(*deadline));
                    let text = text::sentences(lang, &[text, closes]);
                    let to = Recipient { lang, channel, row };
                    self.post_position(&to, game, *ply, &[], &text, &mut progress)
                        .await?;
                }
            }
            Announcement::OtherSideExtended { deadline, .. } => {
                let until = t!(
                    lang,
                    "ballot-extended-until",
                    closes = relative_time(*deadline)
                );
                let text = text::sentences(lang, &[text, until]);
                self.post_text(channel, &text, row, &mut progress).await?;
            }
            Announcement::SideLeft { .. } => {
                // The leaver's ballot, or one that opens again on the new
                // board, is over.
                self.tidy(lang, game, channel, None).await?;
                self.post_text(channel, &text, row, &mut progress).await?;
            }
            Announcement::GameReviewed { review } => {
                // Members are named as `<@id>`, which Discord shows as
                // their name; the body allows no mention, so none pings.
                let text = review.text(lang, |id| format!("<@{id}>"), Some(DISCORD_LIMIT));
                self.post_text(channel, &text, row, &mut progress).await?;
            }
            Announcement::GameStarted { .. }
            | Announcement::SharedGameStarted { .. }
            | Announcement::GameResumed { .. } => {
                self.post_text(channel, &text, row, &mut progress).await?;
            }
            Announcement::GamerOfTheDay { .. } => unreachable!("delivered above"),
        }
        Ok(())
    }

    /// A ballot's board (once: a retry resumes after it), its ballot, and
    /// the board's text restated if the deadline moved meanwhile. A late
    /// board names the deadline the ballot will have.
    async fn deliver_ballot(
        &self,
        to: &Recipient<'_>,
        ballot: BallotId,
        deadline: Millis,
        featured: &[String],
        progress: &mut Progress,
        board_text: impl Fn(Millis) -> String,
    ) -> Result<(), DeliveryError> {
        if progress.board.is_none() {
            let closes = self.shown_deadline(ballot, deadline, to.row).await?;
            let png = self
                .service
                .board_image(ballot.game, ballot.ply, featured, self.board_size, to.lang)
                .await?;
            let body = json!({ "content": board_text(closes) });
            progress.stated = Some(closes);
            self.post_board(to.channel, to.row, body, png, progress)
                .await?;
        }
        self.post_ballot(to.lang, to.channel, ballot, deadline, to.row, progress)
            .await?;
        self.restate_closing(to.lang, to.channel, ballot, to.row, progress, &board_text)
            .await
    }

    /// An extended ballot: the extension's text (naming, like a late
    /// board, the deadline the ballot will have), the ballot again, and the
    /// text restated if the deadline moved meanwhile.
    async fn deliver_extension(
        &self,
        to: &Recipient<'_>,
        ballot: BallotId,
        deadline: Millis,
        text: &str,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let lang = to.lang;
        let extended = |closes| {
            let until = t!(
                lang,
                "ballot-extended-until",
                closes = relative_time(closes)
            );
            text::sentences(lang, &[text.to_string(), until])
        };
        if progress.text.is_none() {
            let closes = self.shown_deadline(ballot, deadline, to.row).await?;
            progress.stated = Some(closes);
            self.post_text(to.channel, &extended(closes), to.row, progress)
                .await?;
        }
        self.post_ballot(lang, to.channel, ballot, deadline, to.row, progress)
            .await?;
        self.restate_closing(lang, to.channel, ballot, to.row, progress, extended)
            .await
    }

    /// A board of `game` after `ply` with `text`, its options `featured`.
    async fn post_position(
        &self,
        to: &Recipient<'_>,
        game: GameId,
        ply: u32,
        featured: &[String],
        text: &str,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let png = self
            .service
            .board_image(game, ply, featured, self.board_size, to.lang)
            .await?;
        let body = json!({ "content": clip(text) });
        self.post_board(to.channel, to.row, body, png, progress)
            .await
    }

    /// Posts a board message and records it as the announcement's board,
    /// so a retry does not post it again.
    async fn post_board(
        &self,
        channel: u64,
        row: &QueuedAnnouncement,
        body: serde_json::Value,
        png: BoardImage,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let files = vec![("board.png".into(), png)];
        let id = self.post(channel, body, files, row.id, 'b').await?;
        progress.board = Some(id);
        self.note(row, progress).await?;
        Ok(())
    }

    /// The daily post names the member as `<@id>`, which Discord shows as
    /// their name; only a server that turned mentions on lets it ping.
    async fn post_daily(
        &self,
        lang: Lang,
        channel: u64,
        post: &DailyPost,
        row: &QueuedAnnouncement,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.text.is_some() {
            return Ok(());
        }
        let id = self
            .post(channel, daily_body(lang, post), Vec::new(), row.id, 't')
            .await?;
        progress.text = Some(id);
        self.note(row, progress).await?;
        Ok(())
    }

    async fn post_text(
        &self,
        channel: u64,
        text: &str,
        row: &QueuedAnnouncement,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.text.is_none() {
            let id = self
                .post(
                    channel,
                    json!({ "content": clip(text) }),
                    Vec::new(),
                    row.id,
                    't',
                )
                .await?;
            progress.text = Some(id);
            self.note(row, progress).await?;
        }
        Ok(())
    }

    /// The deadline ballot `id` has once shown now (`Service::ballot_shown`),
    /// for a message posted before the ballot's own; `announced` if it
    /// has closed meanwhile.
    async fn shown_deadline(
        &self,
        id: BallotId,
        announced: Millis,
        row: &QueuedAnnouncement,
    ) -> Result<Millis, DeliveryError> {
        let now = self.service.now();
        self.service
            .ballot_shown(id, announced, row.created_at, now)
            .await?;
        Ok(self
            .open_ballot(id, now)
            .await?
            .map_or(announced, |b| b.deadline))
    }

    /// A ballot whose own post was slow moves its deadline after the board
    /// or the extension named one (`Service::ballot_shown`): that message is
    /// edited to the deadline the ballot has, so the channel reads one
    /// closing time. Times are shown to the second; a move within the
    /// second changes nothing shown.
    async fn restate_closing(
        &self,
        lang: Lang,
        channel: u64,
        ballot: BallotId,
        row: &QueuedAnnouncement,
        progress: &mut Progress,
        content: impl FnOnce(Millis) -> String,
    ) -> Result<(), DeliveryError> {
        // The one message of this announcement that named a closing time:
        // the board of a new ballot, or the text of an extension.
        let message = progress.board.as_ref().or(progress.text.as_ref()).cloned();
        let (Some(message), Some(stated)) = (message, progress.stated) else {
            return Ok(());
        };
        let Some(closes) = self
            .open_ballot(ballot, self.service.now())
            .await?
            .map(|b| b.deadline)
        else {
            return Ok(());
        };
        if closes.div_euclid(1000) == stated.div_euclid(1000) {
            return Ok(());
        }
        self.rest
            .call(
                Method::PATCH,
                &format!("/channels/{channel}/messages/{message}"),
                &Body::Json(json!({
                    "content": clip(&content(closes)),
                    "allowed_mentions": { "parse": [] },
                })),
            )
            .await?;
        self.restate_ballot_posts(lang, channel, ballot).await?;
        progress.stated = Some(closes);
        self.note(row, progress).await?;
        Ok(())
    }

    /// The ballot's own message in `channel` was written before its slow
    /// post moved the deadline: its closing time is put right too (menus
    /// by the tally's own edit, which writes the deadline with the tally).
    async fn restate_ballot_posts(
        &self,
        lang: Lang,
        channel: u64,
        id: BallotId,
    ) -> Result<(), DeliveryError> {
        let now = self.service.now();
        let Some(ballot) = self.open_ballot(id, now).await? else {
            return Ok(());
        };
        for post in self.service.deliveries().ballot_posts(id).await? {
            let Some((here, message)) = split_reference(&post.reference) else {
                continue;
            };
            if here != channel || post.finished || post.style != PostStyle::Poll {
                continue;
            }
            let content = present::ballot_body(lang, &ballot, post.style, now)["content"].clone();
            self.rest
                .call(
                    Method::PATCH,
                    &format!("/channels/{channel}/messages/{message}"),
                    &Body::Json(json!({ "content": content, "allowed_mentions": { "parse": [] } })),
                )
                .await?;
        }
        refresh_tally(&self.service, &self.rest, &channel_key(channel)).await
    }

    /// Posts the ballot message (poll or menus) if the ballot is still open,
    /// and records it for votes, tallies and the close. The vote runs from
    /// when members can see it (`Service::ballot_shown`): before the post,
    /// the time this announcement already waited (earlier attempts, the
    /// board) is added, so the message shows the deadline it will have;
    /// after it, the time the post itself took.
    async fn post_ballot(
        &self,
        lang: Lang,
        channel: u64,
        id: BallotId,
        announced: Millis,
        row: &QueuedAnnouncement,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.ballot.is_some() {
            return Ok(());
        }
        let now = self.service.now();
        self.service
            .ballot_shown(id, announced, row.created_at, now)
            .await?;
        let Some(ballot) = self.open_ballot(id, now).await? else {
            // Closed while we were away: the result follows; nothing to vote on.
            return Ok(());
        };
        let format = match self.service.game(id.game).await? {
            Some(game) => game.ballot_format,
            None => BallotFormat::Auto,
        };
        let style = present::style_for(&ballot, format, now, self.poll_min_ms);
        let body = present::ballot_body(lang, &ballot, style, now);
        let message = self.post(channel, body, Vec::new(), row.id, 'p').await?;
        self.service
            .ballot_shown(id, announced, row.created_at, self.service.now())
            .await?;
        let reference = post_reference(channel, &message);
        self.service
            .deliveries()
            .record_ballot_post(id, style, &reference)
            .await?;
        progress.ballot = Some(message);
        self.note(row, progress).await?;
        tracing::info!(
            game = id.game.0,
            ply = id.ply,
            style = style.as_str(),
            legal = ballot.legal.len(),
            menus = ballot.legal.len() > MENU_OPTIONS,
            "ballot posted"
        );
        Ok(())
    }

    async fn open_ballot(
        &self,
        id: BallotId,
        now: Millis,
    ) -> Result<Option<BallotState>, ServiceError> {
        Ok(self
            .service
            .deliveries()
            .ballot(id)
            .await?
            .filter(|b| b.status == BallotStatus::Open && b.deadline > now))
    }

    /// Ends the game's live ballot posts in `here`: polls expire (Discord
    /// then shows their bars), menus come down and their message says how
    /// the vote ended, with `result` when the ballot closed on a move. A
    /// post that is already gone or ended counts as done.
    ///
    /// Only this channel's posts: in a game between communities another
    /// channel's post is worded in its own language and from its own side
    /// ("The community played…"), by its own channel's announcement.
    async fn tidy(
        &self,
        lang: Lang,
        game: GameId,
        here: u64,
        result: Option<&str>,
    ) -> Result<(), DeliveryError> {
        let deliveries = self.service.deliveries();
        for post in deliveries.unfinished_posts(game).await? {
            let Some((channel, message)) = split_reference(&post.reference) else {
                deliveries.finish_post(&post.reference).await?;
                continue;
            };
            if channel != here {
                continue;
            }
            let result = match post.style {
                PostStyle::Poll => expire_poll(&self.rest, channel, message).await,
                PostStyle::Menu => self
                    .rest
                    .call(
                        Method::PATCH,
                        &format!("/channels/{channel}/messages/{message}"),
                        &Body::Json(json!({
                            "content": present::closed_menu_text(lang, post.ballot.ply, result),
                            "components": [],
                            "allowed_mentions": { "parse": [] },
                        })),
                    )
                    .await
                    .map(|_| ()),
            };
            match result {
                Ok(()) => {}
                Err(error) if error.is_final_client_error() => {
                    tracing::debug!(%error, "ballot post already gone or ended");
                }
                Err(error) => return Err(error.into()),
            }
            deliveries.finish_post(&post.reference).await?;
        }
        Ok(())
    }

    async fn note(
        &self,
        row: &QueuedAnnouncement,
        progress: &Progress,
    ) -> Result<(), ServiceError> {
        let text = serde_json::to_string(progress).expect("progress serialises");
        self.service.deliveries().progressed(row, &text).await
    }

    /// Posts a message and returns its id. The nonce names the outbox row
    /// and the part, so Discord drops a repeat of a post whose answer we
    /// never saw.
    async fn post(
        &self,
        channel: u64,
        mut body: Value,
        files: Vec<(String, BoardImage)>,
        row: i64,
        part: char,
    ) -> Result<String, DeliveryError> {
        // Nobody is pinged unless the body itself allows someone (a player's
        // turn, a daily post in a server that turned mentions on).
        if body.get("allowed_mentions").is_none() {
            body["allowed_mentions"] = json!({ "parse": [] });
        }
        body["nonce"] = json!(format!("ht{row}{part}"));
        body["enforce_nonce"] = json!(true);
        let body = if files.is_empty() {
            Body::Json(body)
        } else {
            body["attachments"] = attachments(&files);
            Body::WithFiles {
                payload: body,
                files: files
                    .into_iter()
                    .map(|(name, image)| (name, image.bytes))
                    .collect(),
            }
        };
        let answer = self
            .rest
            .call(
                Method::POST,
                &format!("/channels/{channel}/messages"),
                &body,
            )
            .await?;
        answer
            .get("id")
            .and_then(Value::as_str)
            .map(String::from)
            .ok_or_else(|| DeliveryError::Unreadable("a posted message without an id".into()))
    }
}

/// The attachments of a message's files, each with its alt text, so every
/// image the bot posts can be read by a screen reader.
pub fn attachments(files: &[(String, BoardImage)]) -> Value {
    files
        .iter()
        .enumerate()
        .map(|(i, (name, image))| {
            json!({ "id": i.to_string(), "filename": name, "description": image.alt_text })
        })
        .collect()
}

/// Ends a native poll now (Discord then shows its final results).
pub async fn expire_poll(rest: &Rest, channel: u64, message: &str) -> Result<(), RestError> {
    rest.call(
        Method::POST,
        &format!("/channels/{channel}/polls/{message}/expire"),
        &Body::Empty,
    )
    .await
    .map(|_| ())
}

/// The board message: the announcement, the numbered options (they match
/// the image's markers) and when voting closes.
fn board_text(lang: Lang, text: &str, featured: &[String], deadline: Millis) -> String {
    let options: Vec<String> = featured
        .iter()
        .enumerate()
        .map(|(i, mv)| format!("**{}** {mv}", i + 1))
        .collect();
    let options = t!(lang, "board-options", options = options.join(" · "));
    let closes = t!(lang, "voting-closes", closes = relative_time(deadline));
    clip(&format!("{text}\n{options}\n{closes}"))
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

/// Discord refuses content over 2000 characters.
pub(super) const DISCORD_LIMIT: usize = 2000;

/// Cuts `text` to what Discord accepts.
fn clip(text: &str) -> String {
    if text.chars().count() <= DISCORD_LIMIT {
        return text.to_string();
    }
    let mut clipped: String = text.chars().take(DISCORD_LIMIT - 1).collect();
    clipped.push('…');
    clipped
}

/// Edits the menu ballots of `channel`'s open ballot to its tally and
/// closing time (the live tally, and a deadline moved by a slow post).
pub(super) async fn refresh_tally(
    service: &Service,
    rest: &Rest,
    channel: &str,
) -> Result<(), DeliveryError> {
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
    for post in service.deliveries().ballot_posts(ballot.id).await? {
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
