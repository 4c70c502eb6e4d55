//! The board image for a ballot or a result, shared by every adapter so the
//! numbered markers always match the ballot's option numbers, with its alt
//! text (the same board in words) for adapters that can attach it.

use super::Games;
use crate::{Failure, ServiceError};
use holotable_games::AnyGame;
use holotable_i18n::Lang;
use holotable_i18n::t;
use holotable_render::Overlay;
use holotable_store::GameId;

/// An image and its alt text (at most [`holotable_render::MAX_ALT_TEXT`] characters).
#[derive(Clone, Debug)]
pub struct BoardImage {
    pub bytes: Vec<u8>,
    pub alt_text: String,
}

impl Games<'_> {
    /// The game's board after `ply` decisions as PNG bytes: the last move
    /// marked and, when `featured` is given, each option's number drawn on
    /// its destination (option 1 is `featured[0]`); its words in `lang`.
    ///
    /// # Errors
    /// Storage failures, or a stored game that no longer replays.
    pub async fn board_png(
        self,
        game: GameId,
        ply: u32,
        featured: &[String],
        size: u32,
        lang: Lang,
    ) -> Result<Vec<u8>, ServiceError> {
        Ok(self
            .board_image(game, ply, featured, size, lang)
            .await?
            .bytes)
    }

    /// [`Games::board_png`] with the board's alt text: whose move, the
    /// last move, the numbered options and every piece, in words.
    ///
    /// # Errors
    /// Storage failures, or a stored game that no longer replays.
    pub async fn board_image(
        self,
        game: GameId,
        ply: u32,
        featured: &[String],
        size: u32,
        lang: Lang,
    ) -> Result<BoardImage, ServiceError> {
        let record = self.record_of(game).await?;
        let note = self.last_roll(game, ply).await?;
        let featured = featured.to_vec();
        let render = move || -> Result<BoardImage, Failure> {
            let positions = record
                .positions()
                .map_err(|e| Failure::Inconsistent(e.to_string()))?;
            let ply = (ply as usize).min(positions.len() - 1);
            let now: &AnyGame = &positions[ply];
            let mut overlay = Overlay::new(size).with_lang(lang);
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
            let last_move = ply.checked_sub(1).map(|last| record.moves[last].as_str());
            Ok(BoardImage {
                bytes: holotable_render::board_png(now, &overlay),
                alt_text: holotable_render::alt_text(now, last_move, &featured, lang),
            })
        };
        Ok(tokio::task::spawn_blocking(render)
            .await
            .map_err(|e| Failure::Engine(e.to_string()))??)
    }

    /// The latest dice of the game up to `ply`, with the decision they
    /// settled ("Kl:A3xB4 roll 7v5"), if they were rolled within the last
    /// few decisions: what a player wants to read beside the board.
    async fn last_roll(self, game: GameId, ply: u32) -> Result<Option<String>, ServiceError> {
        const RECENT: usize = 6;
        let moves = self.0.store.moves(game).await?;
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

    /// The whole game as an animated GIF, its captions in `lang`.
    ///
    /// # Errors
    /// Storage failures, or a stored game that no longer replays.
    pub async fn replay_gif(
        self,
        game: GameId,
        size: u32,
        lang: Lang,
    ) -> Result<Vec<u8>, ServiceError> {
        Ok(self.replay(game, size, lang).await?.bytes)
    }

    /// [`Games::replay_gif`] with its alt text: how long the game was and
    /// the final board in words.
    ///
    /// # Errors
    /// Storage failures, or a stored game that no longer replays.
    pub async fn replay(
        self,
        game: GameId,
        size: u32,
        lang: Lang,
    ) -> Result<BoardImage, ServiceError> {
        let record = self.record_of(game).await?;
        let work = move || -> Result<BoardImage, Failure> {
            let inconsistent = |e: &dyn std::fmt::Display| Failure::Inconsistent(e.to_string());
            let bytes =
                holotable_render::replay_gif(&record, size, lang).map_err(|e| inconsistent(&e))?;
            let positions = record.positions().map_err(|e| inconsistent(&e))?;
            let last = positions
                .last()
                .expect("a record replays to at least its start");
            let decisions = record.moves.len();
            let intro = |board: &str| t!(lang, "alt-replay", count = decisions, board = board);
            let board = holotable_render::alt_text(
                last,
                record.moves.last().map(String::as_str),
                &[],
                lang,
            );
            let room = holotable_render::MAX_ALT_TEXT.saturating_sub(intro("").chars().count());
            let board: String = if board.chars().count() > room {
                board
                    .chars()
                    .take(room.saturating_sub(1))
                    .chain(['…'])
                    .collect()
            } else {
                board
            };
            Ok(BoardImage {
                bytes,
                alt_text: intro(&board),
            })
        };
        Ok(tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| Failure::Engine(e.to_string()))??)
    }
}
