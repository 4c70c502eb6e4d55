//! The board image for a ballot or a result, shared by every adapter so the
//! numbered markers always match the ballot's option numbers.

use super::{Failure, Service, ServiceError};
use crate::games::AnyGame;
use crate::render::{self, Overlay};
use crate::store::GameId;

impl Service {
    /// The game's board after `ply` decisions as PNG bytes: the last move
    /// marked and, when `featured` is given, each option's number drawn on
    /// its destination (option 1 is `featured[0]`).
    ///
    /// # Errors
    /// Storage failures, or a stored game that no longer replays.
    pub async fn board_png(
        &self,
        game: GameId,
        ply: u32,
        featured: &[String],
        size: u32,
    ) -> Result<Vec<u8>, ServiceError> {
        let record = self.game_record(game).await?;
        let note = self.last_roll(game, ply).await?;
        let featured = featured.to_vec();
        let render = move || -> Result<Vec<u8>, Failure> {
            let positions = record
                .positions()
                .map_err(|e| Failure::Inconsistent(e.to_string()))?;
            let ply = (ply as usize).min(positions.len() - 1);
            let now: &AnyGame = &positions[ply];
            let mut overlay = Overlay::new(size);
            if let Some(note) = &note {
                overlay = overlay.with_note(note);
            }
            if ply > 0 {
                overlay = overlay
                    .with_last_move(&positions[ply - 1], &record.moves[ply - 1])
                    .map_err(|e| Failure::Inconsistent(e.to_string()))?;
            }
            for (index, mv) in featured.iter().enumerate() {
                let number = u8::try_from(index + 1).unwrap_or(u8::MAX);
                overlay = overlay
                    .with_candidate(now, number, mv)
                    .map_err(|e| Failure::Inconsistent(e.to_string()))?;
            }
            Ok(render::board_png(now, &overlay))
        };
        Ok(tokio::task::spawn_blocking(render)
            .await
            .map_err(|e| Failure::Engine(e.to_string()))??)
    }

    /// The latest dice of the game up to `ply`, with the decision they
    /// settled ("Kl:A3xB4 roll 7v5"), if they were rolled within the last
    /// few decisions: what a player wants to read beside the board.
    async fn last_roll(&self, game: GameId, ply: u32) -> Result<Option<String>, ServiceError> {
        const RECENT: usize = 6;
        let moves = self.store.moves(game).await?;
        let upto = (ply as usize).min(moves.len());
        let recent = &moves[upto.saturating_sub(RECENT)..upto];
        let Some(index) = recent.iter().rposition(|m| m.decided_by == "chance") else {
            return Ok(None);
        };
        let roll = &recent[index].notation;
        Ok(Some(match index.checked_sub(1).map(|i| &recent[i]) {
            Some(cause) if cause.decided_by != "chance" => format!("{} {roll}", cause.notation),
            _ => roll.clone(),
        }))
    }

    /// The whole game as an animated GIF.
    ///
    /// # Errors
    /// Storage failures, or a stored game that no longer replays.
    pub async fn replay_gif(&self, game: GameId, size: u32) -> Result<Vec<u8>, ServiceError> {
        let record = self.game_record(game).await?;
        let gif = tokio::task::spawn_blocking(move || render::replay_gif(&record, size))
            .await
            .map_err(|e| Failure::Engine(e.to_string()))?
            .map_err(|e| Failure::Inconsistent(e.to_string()))?;
        Ok(gif)
    }
}
