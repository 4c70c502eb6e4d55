//! What a match's announcement shows, as the parts a delivery posts:
//! the announcement's own words, and the match's seats read when the
//! words name them. The parts themselves are the deliveries' (`Part`).

use super::{MatchAnnouncement, Matches};
use crate::{Part, ServiceError, Style};
use holotable_i18n::Lang;
use holotable_store::GameId;

impl Matches<'_> {
    /// The parts of `announcement` of the match `game`, reading the
    /// match's seats when they are part of what it says.
    ///
    /// # Errors
    /// A storage failure, or no match `game` when its seats are needed.
    pub async fn parts(
        self,
        game: GameId,
        announcement: &MatchAnnouncement,
        lang: Lang,
        style: &dyn Style,
    ) -> Result<Vec<Part>, ServiceError> {
        let seats = if announcement.reads_seats() {
            self.view(game).await?.info.seats
        } else {
            Vec::new()
        };
        Ok(announcement.parts(lang, style, &seats))
    }
}
