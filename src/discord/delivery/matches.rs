//! Delivering match announcements: the turn's board with the player's
//! legal-move menus, reminders and the result. Only the player whose
//! decision it is gets pinged; everything else is silent.

use super::{Body, Delivery, DeliveryError, Method, Progress, clip};
use crate::discord::commands::matches::{turn_rows, whole};
use crate::i18n::Lang;
use crate::model::{GameId, Millis, PlayerRef, QueuedAnnouncement};
use crate::service::MatchAnnouncement;
use crate::service::text::relative_time;
use crate::t;
use serde_json::json;

fn mention(player: &PlayerRef) -> String {
    format!("<@{}>", player.id)
}

/// allowed_mentions that ping `player` only, or nobody.
fn pinging(player: Option<&PlayerRef>) -> serde_json::Value {
    match player {
        Some(player) => json!({ "parse": [], "users": [player.id] }),
        None => json!({ "parse": [] }),
    }
}

/// What every message of one match announcement shares.
struct MatchPost<'a> {
    row: &'a QueuedAnnouncement,
    channel: u64,
    game: GameId,
    /// The channel's language: the server's.
    lang: Lang,
    ping: serde_json::Value,
}

impl Delivery {
    /// Takes the menus off the previous turn's message: that decision is
    /// made. Harmless to repeat; a message already gone counts as done.
    async fn close_previous_turn(
        &self,
        game: GameId,
        before: &QueuedAnnouncement,
        channel: u64,
    ) -> Result<(), DeliveryError> {
        let Some(progress) = self
            .service
            .deliveries()
            .previous_turn(game, before)
            .await?
            .and_then(|text| serde_json::from_str::<Progress>(&text).ok())
        else {
            return Ok(());
        };
        let Some(message) = progress.board else {
            return Ok(());
        };
        let result = self
            .rest
            .call(
                Method::PATCH,
                &format!("/channels/{channel}/messages/{message}"),
                &Body::Json(json!({ "components": [], "allowed_mentions": { "parse": [] } })),
            )
            .await;
        match result {
            Ok(_) => Ok(()),
            Err(error) if error.is_final_client_error() => {
                tracing::debug!(%error, "an old turn message is already gone");
                Ok(())
            }
            Err(error) => Err(error.into()),
        }
    }

    pub(super) async fn deliver_match(
        &self,
        row: &QueuedAnnouncement,
        channel: u64,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        let announcement: MatchAnnouncement = serde_json::from_str(&row.payload)
            .map_err(|e| DeliveryError::Unreadable(format!("announcement {}: {e}", row.id)))?;
        let game = row.game_id.map(GameId).ok_or_else(|| {
            DeliveryError::Unreadable(format!("match announcement {} names no game", row.id))
        })?;
        let lang = self.service.channel_language(&row.channel).await?;
        let text = announcement.describe(lang, &mention);
        let post = MatchPost {
            row,
            channel,
            game,
            lang,
            ping: pinging(announcement.addressee()),
        };
        if matches!(
            announcement,
            MatchAnnouncement::TurnStarted { .. } | MatchAnnouncement::MatchFinished { .. }
        ) {
            self.close_previous_turn(game, row, channel).await?;
        }
        match &announcement {
            MatchAnnouncement::TurnStarted { ply, deadline, .. } => {
                self.post_turn(&post, text, *ply, *deadline, progress).await
            }
            MatchAnnouncement::MatchFinished { rated, .. } => {
                self.post_result(&post, text, *rated, progress).await
            }
            MatchAnnouncement::MatchStarted { .. } | MatchAnnouncement::TurnReminder { .. } => {
                if progress.text.is_none() {
                    let body = json!({ "content": clip(&text), "allowed_mentions": post.ping });
                    let id = self.post(channel, body, Vec::new(), row.id, 't').await?;
                    progress.text = Some(id);
                    self.note(row, progress).await?;
                }
                Ok(())
            }
        }
    }

    /// A turn's board, with the player's menus while that decision stands.
    async fn post_turn(
        &self,
        post: &MatchPost<'_>,
        text: String,
        ply: u32,
        deadline: Millis,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.board.is_some() {
            return Ok(());
        }
        let (game, lang) = (post.game, post.lang);
        let png = self
            .service
            .board_image(
                game,
                ply,
                &[],
                self.board_size,
                self.service.channel_language(&post.row.channel).await?,
            )
            .await?;
        // The menus only while this decision stands: a late
        // delivery of an old turn shows the board alone.
        let view = self.service.match_view(game).await?;
        let components = if view.is_live() && view.game.ply == ply {
            turn_rows(lang, game, ply, &view.legal)
        } else {
            Vec::new()
        };
        let choose = t!(
            lang,
            "match-turn-choose",
            deadline = relative_time(deadline)
        );
        let body = json!({
            "content": clip(&format!("{text}\n{choose}")),
            "components": components,
            "allowed_mentions": post.ping,
        });
        self.post_board(post.channel, post.row, body, png, progress)
            .await
    }

    /// The final board, with each player's rating change when rated.
    async fn post_result(
        &self,
        post: &MatchPost<'_>,
        text: String,
        rated: bool,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.board.is_some() {
            return Ok(());
        }
        let (game, lang) = (post.game, post.lang);
        let png = self
            .service
            .board_image(
                game,
                u32::MAX,
                &[],
                self.board_size,
                self.service.channel_language(&post.row.channel).await?,
            )
            .await?;
        let mut content = text;
        if rated {
            let view = self.service.match_view(game).await?;
            for seat in &view.info.seats {
                if let (Some(player), Some(after)) = (&seat.player, seat.rating_after) {
                    let change = t!(
                        lang,
                        "match-rating-change",
                        player = format!("<@{player}>"),
                        before = whole(seat.rating_before.unwrap_or(1500.0)),
                        after = whole(after)
                    );
                    content.push('\n');
                    content.push_str(&change);
                }
            }
        }
        let body = json!({ "content": clip(&content), "allowed_mentions": post.ping });
        self.post_board(post.channel, post.row, body, png, progress)
            .await
    }
}
