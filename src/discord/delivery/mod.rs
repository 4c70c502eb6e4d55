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
mod puzzles;
pub(super) mod tally;

use crate::discord::keys::{channel_id, channel_key, post_reference, split_reference};
use crate::discord::layout::attachments::attachments;
use crate::discord::layout::ballots;
use crate::discord::layout::components::{call_buttons, row, watch_button};
use crate::discord::layout::limits::{DISCORD_LIMIT, MENU_OPTIONS};
use crate::discord::layout::style::DiscordStyle;
use crate::discord::rest::{Body, Rest, RestError};
use crate::i18n::Lang;
use crate::model::{
    BallotFormat, BallotId, BallotState, BallotStatus, GameId, Millis, PostStyle,
    QueuedAnnouncement,
};
use crate::service::text::relative_time;
use crate::service::{
    Announcement, BoardImage, Closing, DailyPost, MatchAnnouncement, Message, Part, Service,
    ServiceError, suggestions_line, with_closing,
};
use crate::t;
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;

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
    /// The game's discussion thread was asked for (made or refused), so a
    /// retry does not ask again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    discussion: bool,
}

pub struct Delivery {
    pub service: Arc<Service>,
    pub rest: Arc<Rest>,
    /// Shortest vote shown as a native poll (see `layout::ballots::style_for`).
    pub poll_min_ms: Millis,
    pub board_size: u32,
    /// The pages' public address (`HOLOTABLE_PUBLIC_URL`): board posts of
    /// community games then carry a link to their game's page.
    pub public_url: Option<String>,
}

/// Where one announcement goes: its channel, in the channel's language,
/// and the outbox row whose progress is noted as its parts are posted.
struct Recipient<'a> {
    lang: Lang,
    channel: u64,
    row: &'a QueuedAnnouncement,
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

impl Delivery {
    /// Posts what of `row`'s parts is not posted yet, in order, noting each
    /// as it goes out; the parts are the service's
    /// (`Announcement::parts`, `Matches::parts`).
    pub(super) async fn deliver(&self, row: &QueuedAnnouncement) -> Result<(), DeliveryError> {
        let channel = channel_id(&row.channel)
            .ok_or_else(|| DeliveryError::Unreadable(format!("channel {:?}", row.channel)))?;
        let mut progress: Progress = row
            .delivery_ref
            .as_deref()
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or_default();
        let unreadable = |e| DeliveryError::Unreadable(format!("announcement {}: {e}", row.id));
        let lang = self
            .service
            .servers()
            .channel_language(&row.channel)
            .await?;
        let parts = if MatchAnnouncement::is_match_kind(&row.kind) {
            let announcement: MatchAnnouncement =
                serde_json::from_str(&row.payload).map_err(unreadable)?;
            let game = game_of(row)?;
            self.service
                .matches()
                .parts(game, &announcement, lang, &DiscordStyle)
                .await?
        } else {
            let announcement: Announcement =
                serde_json::from_str(&row.payload).map_err(unreadable)?;
            announcement.parts(lang, &DiscordStyle)
        };
        let to = Recipient { lang, channel, row };
        // The message that stated a ballot's closing time, to restate once
        // the ballot's own post has moved it.
        let mut stated: Option<(&Message, &[String])> = None;
        for part in &parts {
            match part {
                Part::EndBallotPosts { result } => {
                    self.tidy(lang, game_of(row)?, channel, result.as_deref())
                        .await?;
                }
                Part::EndPreviousTurn => {
                    self.close_previous_turn(game_of(row)?, row, channel)
                        .await?;
                }
                Part::Text(message) => {
                    if message.closes.is_some_and(|c| c.ballot.is_some()) {
                        stated = Some((message, &[]));
                    }
                    if progress.text.is_none() {
                        let mut at = self.closing_time(&to, message, &mut progress).await?;
                        if let Some(ply) = message.while_open {
                            let id = BallotId {
                                game: game_of(row)?,
                                ply,
                            };
                            let Some(ballot) = self.open_ballot(id, self.service.now()).await?
                            else {
                                // Retried past its ballot's close: too late to matter.
                                return Ok(());
                            };
                            at = at.map(|_| ballot.deadline);
                        }
                        let content = content(lang, message, &[], at);
                        self.post_text(&to, message, &content, &mut progress)
                            .await?;
                    }
                    if let (Some(name), Some(posted)) = (&message.discussion, &progress.text)
                        && !progress.discussion
                    {
                        if let Some(thread) =
                            open_discussion(&self.rest, channel, posted, name).await?
                        {
                            self.service
                                .games()
                                .note_discussion_thread(&channel_key(thread), &row.channel)
                                .await?;
                        }
                        progress.discussion = true;
                        self.note(row, &progress).await?;
                    }
                }
                Part::Board {
                    ply,
                    featured,
                    message,
                } => {
                    if message.closes.is_some_and(|c| c.ballot.is_some()) {
                        stated = Some((message, featured));
                    }
                    if progress.board.is_none() {
                        self.post_position(&to, *ply, featured, message, &mut progress)
                            .await?;
                    }
                }
                Part::Ballot { ply, deadline } => {
                    let ballot = BallotId {
                        game: game_of(row)?,
                        ply: *ply,
                    };
                    self.post_ballot(lang, channel, ballot, *deadline, row, &mut progress)
                        .await?;
                    // Votes opening after a discussion: the post lists
                    // what was suggested meanwhile. Only an edit, so a
                    // failure waits for the next tally refresh.
                    if row.kind == "voting-opened"
                        && let Err(error) =
                            refresh_tally(&self.service, &self.rest, &row.channel).await
                    {
                        tracing::warn!(%error, "listing the discussion's suggestions failed");
                    }
                    if let Some((message, featured)) = stated {
                        let content = |closes| content(lang, message, featured, Some(closes));
                        self.restate_closing(lang, channel, ballot, row, &mut progress, content)
                            .await?;
                    }
                }
                Part::Daily(post) => {
                    self.post_daily(lang, channel, post, row, &mut progress)
                        .await?;
                }
                Part::Puzzle(post) => {
                    self.post_puzzle(lang, channel, post, row, &mut progress)
                        .await?;
                }
                Part::PuzzleReveal(reveal) => {
                    self.reveal_puzzle(lang, channel, reveal, row, &mut progress)
                        .await?;
                }
            }
        }
        Ok(())
    }

    /// When `message` says its closing is: as announced, or for a ballot's
    /// deadline the one the ballot has once shown now (a late message
    /// names the deadline the ballot will have), noted as stated so a
    /// move after it can be put right (`restate_closing`).
    async fn closing_time(
        &self,
        to: &Recipient<'_>,
        message: &Message,
        progress: &mut Progress,
    ) -> Result<Option<Millis>, DeliveryError> {
        let Some(closes) = message.closes else {
            return Ok(None);
        };
        let Some(ply) = closes.ballot else {
            return Ok(Some(closes.at));
        };
        let ballot = BallotId {
            game: game_of(to.row)?,
            ply,
        };
        let at = self.shown_deadline(ballot, closes.at, to.row).await?;
        progress.stated = Some(at);
        Ok(Some(at))
    }

    /// A board of the announcement's game after `ply` (`u32::MAX`: the
    /// last position) with `message`, its options `featured`, and a turn's
    /// menus while that decision stands (a late delivery of an old turn
    /// shows the board alone).
    async fn post_position(
        &self,
        to: &Recipient<'_>,
        ply: u32,
        featured: &[String],
        message: &Message,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let game = game_of(to.row)?;
        let at = self.closing_time(to, message, progress).await?;
        let png = self
            .service
            .games()
            .board_image(game, ply, featured, self.board_size, to.lang)
            .await?;
        let mut body = json!({
            "content": content(to.lang, message, featured, at),
            "allowed_mentions": pinging(message),
        });
        if let Some(turn) = message.turn_menus {
            body["components"] = json!(self.turn_menus(to.lang, game, turn).await?);
        } else {
            let mut buttons = Vec::new();
            if message.role.is_some() {
                buttons.extend(call_buttons(to.lang));
            }
            if let Some(url) = self.watch_url(game).await? {
                buttons.push(watch_button(to.lang, &url));
            }
            if !buttons.is_empty() {
                body["components"] = json!([row(buttons)]);
            }
        }
        self.post_board(to.channel, to.row, body, png, progress)
            .await
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

    /// Posts a message of text alone and records it as the announcement's
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
            body["components"] = json!([row(call_buttons(to.lang))]);
        }
        let id = self
            .post(to.channel, body, Vec::new(), to.row.id, 't')
            .await?;
        progress.text = Some(id);
        self.note(to.row, progress).await?;
        Ok(())
    }

    /// The deadline ballot `id` has once shown now (`Turns::ballot_shown`),
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
            .turns()
            .ballot_shown(id, announced, row.created_at, now)
            .await?;
        Ok(self
            .open_ballot(id, now)
            .await?
            .map_or(announced, |b| b.deadline))
    }

    /// A ballot whose own post was slow moves its deadline after the board
    /// or the extension named one (`Turns::ballot_shown`): that message is
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
            let content = ballots::ballot_body(lang, &ballot, post.style, now)["content"].clone();
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
    /// when members can see it (`Turns::ballot_shown`): before the post,
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
            .turns()
            .ballot_shown(id, announced, row.created_at, now)
            .await?;
        let Some(ballot) = self.open_ballot(id, now).await? else {
            // Closed while we were away: the result follows; nothing to vote on.
            return Ok(());
        };
        let format = match self.service.games().get(id.game).await? {
            Some(game) => game.ballot_format,
            None => BallotFormat::Auto,
        };
        let style = ballots::style_for(&ballot, format, now, self.poll_min_ms);
        let body = ballots::ballot_body(lang, &ballot, style, now);
        let message = self.post(channel, body, Vec::new(), row.id, 'p').await?;
        self.service
            .turns()
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
                            "content": ballots::closed_menu_text(lang, post.ballot.ply, result),
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

/// Discord's longest thread name.
const THREAD_NAME_CHARS: usize = 100;
/// A week, Discord's longest: a game's ballots may be days apart.
const THREAD_ARCHIVE_MINUTES: u32 = 10_080;

/// Opens the game's discussion thread on its first post `message`: the
/// thread's id. A server that does not let the bot (no Create Public
/// Threads, a channel where threads cannot be) keeps the talk in the
/// channel itself: the refusal is logged, `None`, and nothing else
/// depends on the thread.
///
/// # Errors
/// A failure that may pass (a 5xx, a timeout): the delivery is tried
/// again rather than lose the thread for good.
async fn open_discussion(
    rest: &Rest,
    channel: u64,
    message: &str,
    name: &str,
) -> Result<Option<u64>, RestError> {
    let name: String = name.chars().take(THREAD_NAME_CHARS).collect();
    let body = json!({ "name": name, "auto_archive_duration": THREAD_ARCHIVE_MINUTES });
    let path = format!("/channels/{channel}/messages/{message}/threads");
    match rest.call(Method::POST, &path, &Body::Json(body)).await {
        Ok(thread) => Ok(thread["id"].as_str().and_then(|id| id.parse().ok())),
        Err(error) if error.is_final_client_error() => {
            tracing::warn!(%error, channel, "could not open a game's discussion thread; members talk in the channel");
            Ok(None)
        }
        Err(error) => Err(error),
    }
}

/// A message as Discord shows it: its text, a board's numbered options
/// (bold numbers, matching the image's markers) when it states a ballot's
/// closing, and the closing at `at` as a relative time, which each reader's
/// client shows in their own zone; cut to what Discord accepts.
fn content(lang: Lang, message: &Message, featured: &[String], at: Option<Millis>) -> String {
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

/// The game an announcement is about; every part but the daily post needs it.
fn game_of(row: &QueuedAnnouncement) -> Result<GameId, DeliveryError> {
    row.game_id
        .map(GameId)
        .ok_or_else(|| DeliveryError::Unreadable(format!("announcement {} names no game", row.id)))
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
fn clip(text: &str) -> String {
    if text.chars().count() <= DISCORD_LIMIT {
        return text.to_string();
    }
    let mut clipped: String = text.chars().take(DISCORD_LIMIT - 1).collect();
    clipped.push('…');
    clipped
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
    use crate::model::Suggestion;
    use crate::service::{Honoree, Record};

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
