//! Delivering the daily puzzle: its post (board, words, a button per
//! candidate) and its reveal, which takes the post's buttons down first so
//! that nobody clicks on a closed vote.

use super::{Deliverer, DeliveryError, Recipient};
use crate::discord::keys::{post_reference, split_reference};
use crate::discord::layout::puzzles::vote_buttons;
use crate::service::text::relative_time;
use crate::service::{Progress, PuzzlePost, PuzzleReveal, puzzle_candidates};
use serde_json::json;

impl Deliverer {
    /// Posts the round's board with its buttons while its vote is open (a
    /// post delivered after the close shows the board alone), and records
    /// it as the round's post.
    pub(super) async fn post_puzzle(
        &self,
        to: &Recipient<'_>,
        post: &PuzzlePost,
        progress: &mut Progress,
    ) -> Result<(), DeliveryError> {
        if progress.board.is_some() {
            return Ok(());
        }
        let lang = to.delivery.lang;
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
        let id = self.post(to, body, files, 'b').await?;
        self.service
            .puzzles()
            .note_post(&post.server, &post.date, &post_reference(to.channel, &id))
            .await?;
        progress.board = Some(id);
        self.note(to.delivery, progress).await?;
        Ok(())
    }

    /// Takes the round's buttons down, then posts the reveal.
    pub(super) async fn reveal_puzzle(
        &self,
        to: &Recipient<'_>,
        reveal: &PuzzleReveal,
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
            let body = json!({ "components": [], "allowed_mentions": { "parse": [] } });
            self.edit_if_there(here, message, body, "the puzzle's post")
                .await?;
        }
        let body = json!({
            "content": reveal.text(to.delivery.lang),
            "allowed_mentions": { "parse": [] },
        });
        let id = self.post(to, body, Vec::new(), 't').await?;
        progress.text = Some(id);
        self.note(to.delivery, progress).await?;
        Ok(())
    }
}
