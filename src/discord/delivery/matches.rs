//! What delivering a match's parts needs beyond a community game's: the
//! previous turn's menus taken down, and the legal-move menus of the turn
//! being posted. Who is pinged (only the player whose decision it is) is
//! the parts' own (`Message::calls`).

use super::{Body, Delivery, DeliveryError, Method, Progress};
use crate::discord::layout::matches::turn_rows;
use crate::i18n::Lang;
use crate::model::{GameId, QueuedAnnouncement};
use serde_json::{Value, json};

impl Delivery {
    /// Takes the menus off the previous turn's message: that decision is
    /// made. Harmless to repeat; a message already gone counts as done.
    pub(super) async fn close_previous_turn(
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

    /// The move menus of the turn at `ply`, only while that decision
    /// stands: a late delivery of an old turn gets none.
    pub(super) async fn turn_menus(
        &self,
        lang: Lang,
        game: GameId,
        ply: u32,
    ) -> Result<Vec<Value>, DeliveryError> {
        let view = self.service.matches().view(game).await?;
        Ok(if view.is_live() && view.game.ply == ply {
            turn_rows(lang, game, ply, &view.legal)
        } else {
            Vec::new()
        })
    }
}
