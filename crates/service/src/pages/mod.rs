//! What a game's web page shows, read for anyone with its address: the
//! service decides here what a page may show, so no page can show more
//! than the channels that play the game see.
//!
//! A page never shows the tally of an open ballot of a game between
//! communities (each side would read the other's vote as it forms), nor
//! who voted, nor any member's or channel's id. It shows a tally only
//! where the game's one channel shows it live.

mod listings;

pub use listings::{CommunityPage, ListedGameView, PageRating};

use crate::games::load;
use crate::versus::SideView;
use crate::{Actor, BoardImage, ServiceError, text};
use holotable_games::{GameKind, Seat};
use holotable_i18n::{Lang, t};
use holotable_model::{
    BallotStatus, DecidedBy, GameId, GameState, GameStatus, Millis, PageMark, PageVisibility,
};

/// The door to the web pages' reads: `service.pages().game(..)`.
#[derive(Clone, Copy)]
pub struct Pages<'a>(pub(crate) &'a crate::Service);

/// A game's page, as its watchers may read it.
#[derive(Clone, Debug)]
pub struct GamePage {
    /// For the adapter's own bookkeeping (which watchers to refresh);
    /// never shown.
    pub game: GameId,
    pub token: String,
    pub kind: GameKind,
    /// The language of the game's channel.
    pub lang: Lang,
    pub status: GameStatus,
    pub ply: u32,
    pub version: i64,
    pub sides: Vec<SideView>,
    /// Each side's community page token (in `sides`' order), for a
    /// community that has shown its name.
    pub side_pages: Vec<Option<String>>,
    /// Each side's community rating in this game now (in `sides`' order),
    /// in a game between communities; `None` before its first rated game.
    pub side_ratings: Vec<Option<f64>>,
    /// More than one community plays: no open tally, ever.
    pub between_communities: bool,
    pub ballot: Option<PageBallot>,
    pub moves: Vec<PageMove>,
    /// The result in words, once the game is over.
    pub result: Option<String>,
}

/// The open ballot as a page may show it.
#[derive(Clone, Debug)]
pub struct PageBallot {
    /// Who decides, in words ("white", "Rebel Base (black)").
    pub deciding: String,
    pub votes_open_at: Option<Millis>,
    pub deadline: Millis,
    /// Votes per move, most first; `None` where the page may not show it.
    pub tally: Option<Vec<(String, u32)>>,
}

/// One decision played, and who made it.
#[derive(Clone, Debug)]
pub struct PageMove {
    pub number: u32,
    pub notation: String,
    /// "the community", "the engine", "the dice", a side's name.
    pub decided_by: String,
    /// Votes for the move played, for a community's decision.
    pub votes: Option<i64>,
}

impl Pages<'_> {
    /// The page at `token`, if it exists and every channel playing the
    /// game lets it be shown.
    ///
    /// # Errors
    /// Storage failures; a stored game that no longer replays.
    pub async fn game(self, token: &str) -> Result<Option<GamePage>, ServiceError> {
        if !plausible_token(token) {
            return Ok(None);
        }
        let Some(game) = self.0.store.game_by_page(token).await? else {
            return Ok(None);
        };
        if !self.page_shown(game.id).await? {
            return Ok(None);
        }
        self.page_of(game, token.to_string()).await.map(Some)
    }

    /// The game behind a page that may be shown, for its images.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn shown_game(self, token: &str) -> Result<Option<GameState>, ServiceError> {
        if !plausible_token(token) {
            return Ok(None);
        }
        let Some(game) = self.0.store.game_by_page(token).await? else {
            return Ok(None);
        };
        Ok(self.page_shown(game.id).await?.then_some(game))
    }

    /// The board as the channel last saw it, with the open ballot's
    /// numbered options, as the channel's post shows them.
    ///
    /// # Errors
    /// Storage failures; a stored game that no longer replays.
    pub async fn board(
        self,
        game: &GameState,
        size: u32,
        lang: Lang,
    ) -> Result<BoardImage, ServiceError> {
        let ballot = self.0.store.current_ballot(game.id).await?;
        let featured = match &ballot {
            // The ballot of the position read: a move landing between the
            // two reads must not draw the next ballot's options on it.
            Some(b)
                if b.status == BallotStatus::Open
                    && b.id.ply == game.ply
                    && !self.shared(game.id).await? =>
            {
                b.featured.clone()
            }
            _ => Vec::new(),
        };
        self.0
            .games()
            .board_image(game.id, game.ply, &featured, size, lang)
            .await
    }

    /// The review of a finished game's community decisions, one text per
    /// side, in `lang`, for its page: without the members it would name
    /// (the closest voters, the authors of suggestions), whom a page never
    /// shows. Empty for a game that has not ended. The engine's work: an
    /// adapter keeps it, a finished game's review never changes.
    ///
    /// # Errors
    /// Storage failures; a stored game that no longer replays.
    pub async fn review(self, game: &GameState, lang: Lang) -> Result<Vec<String>, ServiceError> {
        if game.status != GameStatus::Finished || game.ply == 0 {
            return Ok(Vec::new());
        }
        Ok(self
            .0
            .games()
            .review(game.id)
            .await?
            .into_iter()
            .map(|mut review| {
                review.closest.clear();
                review.agreed.clear();
                review.text(lang, |_| String::new(), None)
            })
            .collect())
    }

    /// What a watcher's page is refreshed by; `None` once the game is gone.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn mark(self, game: GameId) -> Result<Option<PageMark>, ServiceError> {
        Ok(self.0.store.page_mark(game).await?)
    }

    /// The address part of game `id`'s page, if its channels let it be
    /// shown: for the "watch" link of a game's posts.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn token(self, game: GameId) -> Result<Option<String>, ServiceError> {
        if !self.page_shown(game).await? {
            return Ok(None);
        }
        Ok(self.0.store.page_token(game).await?)
    }

    /// Who may see the pages of `channel`'s games.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn visibility(self, channel: &str) -> Result<PageVisibility, ServiceError> {
        Ok(self.0.store.page_visibility(channel).await?)
    }

    /// Chooses who may see the pages of `channel`'s games, from now on
    /// and for its past games too.
    ///
    /// # Errors
    /// Refused unless `by` may manage the server.
    pub async fn set_visibility(
        self,
        channel: &str,
        visibility: PageVisibility,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        by.must_manage("choose-page-visibility")?;
        Ok(self
            .0
            .store
            .set_page_visibility(channel, visibility)
            .await?)
    }

    /// A community game's page is served unless a channel playing it
    /// turned pages off. A match has no page yet: its turns, clocks and
    /// players are not what a page shows.
    async fn page_shown(self, game: GameId) -> Result<bool, ServiceError> {
        if self.0.store.match_row(game).await?.is_some() {
            return Ok(false);
        }
        let choices = self.0.store.page_choices(game).await?;
        Ok(!choices.contains(&PageVisibility::Off))
    }

    async fn shared(self, game: GameId) -> Result<bool, ServiceError> {
        Ok(self.0.store.sides(game).await?.len() > 1)
    }

    async fn page_of(self, game: GameState, token: String) -> Result<GamePage, ServiceError> {
        let lang = self.0.servers().channel_language(&game.channel).await?;
        let position = load(&game)?;
        let sides = self.0.sides_of(game.id, &position).await?;
        let between_communities = sides.shared();
        // The sides just labelled, not read and labelled again.
        let rated = self.0.rated(game.id, &sides).await?;
        let mut side_pages = Vec::with_capacity(sides.0.len());
        let mut side_ratings = Vec::with_capacity(sides.0.len());
        for side in &sides.0 {
            side_pages.push(match (&side.label.community, &side.side.server) {
                (Some(_), Some(server)) => self.0.store.community_page_token(server).await?,
                _ => None,
            });
            side_ratings.push(match between_communities {
                true => {
                    self.0
                        .community_rating(side.side.server.as_deref(), game.kind)
                        .await?
                }
                false => None,
            });
        }
        let moves = self.0.store.moves(game.id).await?;
        let ballot = match self.0.store.current_ballot(game.id).await? {
            Some(b) if b.status == BallotStatus::Open && game.status.is_live() => {
                let seat = vec![position.seat_name(Seat(b.seat)).to_string()];
                let deciding = match sides.of_seat(b.seat) {
                    Some(side) if between_communities => side.label.text(lang),
                    _ => text::seats_as_nouns(lang, &seat),
                };
                let tally = if between_communities || game.deliberation.hidden_tally {
                    None
                } else {
                    let mut tally = self.0.store.tally(b.id).await?;
                    tally.sort_by(|a, b| {
                        b.1.cmp(&a.1)
                            .then_with(|| holotable_games::natural_cmp(&a.0, &b.0))
                    });
                    Some(tally)
                };
                Some(PageBallot {
                    deciding,
                    votes_open_at: b.votes_open_at,
                    deadline: b.deadline,
                    tally,
                })
            }
            _ => None,
        };
        let moves = moves
            .into_iter()
            .map(|m| {
                let decided_by = match DecidedBy::parse(&m.decided_by) {
                    Some(DecidedBy::Community) if between_communities => m
                        .seat
                        .and_then(|s| u8::try_from(s).ok())
                        .and_then(|s| sides.of_seat(s))
                        .map_or_else(|| t!(lang, "web-by-community"), |s| s.label.text(lang)),
                    Some(DecidedBy::Community) => t!(lang, "web-by-community"),
                    Some(DecidedBy::Engine) => t!(lang, "web-by-engine"),
                    Some(DecidedBy::Chance) => t!(lang, "web-by-chance"),
                    Some(DecidedBy::Player) | None => m
                        .seat
                        .and_then(|s| u8::try_from(s).ok())
                        .map(|s| {
                            text::seats_as_nouns(lang, &[position.seat_name(Seat(s)).to_string()])
                        })
                        .unwrap_or_default(),
                };
                PageMove {
                    number: u32::try_from(m.ply + 1).unwrap_or(u32::MAX),
                    notation: m.notation,
                    decided_by,
                    votes: m.votes,
                }
            })
            .collect();
        let result = match (&game.outcome, game.status) {
            (Some(outcome), _) => Some(crate::announce::game_over(lang, outcome)),
            (None, GameStatus::Stopped) => Some(t!(lang, "web-stopped")),
            _ => None,
        };
        Ok(GamePage {
            game: game.id,
            token,
            kind: game.kind,
            lang,
            status: game.status,
            ply: game.ply,
            version: game.version,
            sides: rated,
            side_pages,
            side_ratings,
            between_communities,
            ballot,
            moves,
            result,
        })
    }
}

/// Tokens are 32 lowercase hex digits; anything else is not looked up.
pub(super) fn plausible_token(token: &str) -> bool {
    token.len() == 32
        && token
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}
