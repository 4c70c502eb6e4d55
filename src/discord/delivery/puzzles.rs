//! Delivering the daily puzzle: its post (board, words, a button per
//! candidate) and its reveal, which takes the post's buttons down first so
//! that nobody clicks on a closed vote.

use super::{Delivery, DeliveryError, Progress};
use crate::discord::keys::{post_reference, split_reference};
use crate::discord::layout::puzzles::vote_buttons;
use crate::discord::rest::Body;
use crate::i18n::Lang;
use crate::model::QueuedAnnouncement;
use crate::service::text::relative_time;
use crate::service::{PuzzlePost, PuzzleReveal, puzzle_candidates};
use reqwest::Method;
use serde_json::json;

impl Delivery {
    /// Posts the round's board with its buttons while its vote is open (a
    /// post delivered after the close shows the board alone), and records
    /// it as the round's post.
    pub(super) async fn post_puzzle(
        &self,
        lang: Lang,
        channel: u64,
        post: &PuzzlePost,
        row: &QueuedAnnouncement,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.board.is_some() {
            return Ok(());
        }
        let image = self
            .service
            .puzzles()
            .board(&post.puzzle, 0, true, self.board_size, lang)
            .await?;
        let mut body = json!({
            "content": post.text(lang, relative_time),
            "allowed_mentions": { "parse": [] },
        });
        if self.service.now() < post.closes_at {
            body["components"] = vote_buttons(
                lang,
                &post.date,
                &post.puzzle,
                &puzzle_candidates(&post.puzzle, 0),
            );
        }
        let files = vec![("puzzle.png".into(), image)];
        let id = self.post(channel, body, files, row.id, 'b').await?;
        self.service
            .puzzles()
            .note_post(&post.server, &post.date, &post_reference(channel, &id))
            .await?;
        progress.board = Some(id);
        self.note(row, progress).await?;
        Ok(())
    }

    /// Takes the round's buttons down, then posts the reveal.
    pub(super) async fn reveal_puzzle(
        &self,
        lang: Lang,
        channel: u64,
        reveal: &PuzzleReveal,
        row: &QueuedAnnouncement,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.text.is_some() {
            return Ok(());
        }
        let posted = self
            .service
            .puzzles()
            .posted(&reveal.server, &reveal.date)
            .await?;
        if let Some((here, message)) = posted.as_deref().and_then(split_reference) {
            let edit = self
                .rest
                .call(
                    Method::PATCH,
                    &format!("/channels/{here}/messages/{message}"),
                    &Body::Json(json!({ "components": [], "allowed_mentions": { "parse": [] } })),
                )
                .await;
            match edit {
                Ok(_) => {}
                Err(error) if error.is_final_client_error() => {
                    tracing::debug!(%error, "the puzzle's post is already gone");
                }
                Err(error) => return Err(error.into()),
            }
        }
        let body = json!({
            "content": reveal.text(lang),
            "allowed_mentions": { "parse": [] },
        });
        let id = self.post(channel, body, Vec::new(), row.id, 't').await?;
        progress.text = Some(id);
        self.note(row, progress).await?;
        Ok(())
    }
}
