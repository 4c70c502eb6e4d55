//! What delivering a match's parts needs beyond a community game's: the
//! previous turn's menus taken down, and the legal-move menus of the turn
//! being posted. Who is pinged (only the player whose decision it is) is
//! the parts' own (`Message::calls`).

use super::{Deliverer, DeliveryError};
use crate::discord::layout::matches::turn_rows;
use crate::i18n::Lang;
use crate::model::GameId;
use crate::service::Delivery;
use serde_json::{Value, json};

impl Deliverer {
    /// Takes the menus off the previous turn's message: that decision is
    /// made. Harmless to repeat; a message already gone counts as done.
    pub(super) async fn close_previous_turn(
        &self,
        delivery: &Delivery,
        channel: u64,
    ) -> Result<(), DeliveryError> {
        let previous = self.service.deliveries().previous_turn(delivery).await?;
        let Some(message) = previous.and_then(|progress| progress.board) else {
            return Ok(());
        };
        let body = json!({ "components": [], "allowed_mentions": { "parse": [] } });
        self.edit_if_there(channel, &message, body, "an old turn message")
            .await
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
