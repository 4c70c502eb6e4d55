//! A community's page: its public games and its ratings. It exists only
//! for a community that has shown its name to other servers, the rule the
//! leaderboards follow; any other answers as an unknown address does.

use super::Pages;
use crate::{ServiceError, text};
use holotable_games::GameKind;
use holotable_i18n::Lang;
use holotable_model::GameStatus;

/// How many of a community's public games its page lists.
const LISTED: i64 = 50;

#[derive(Clone, Debug)]
pub struct CommunityPage {
    pub name: String,
    pub lang: Lang,
    pub ratings: Vec<PageRating>,
    pub games: Vec<ListedGameView>,
}

#[derive(Clone, Debug)]
pub struct PageRating {
    pub kind: GameKind,
    pub rating: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// The community's rating after each of its rated games of this kind,
    /// oldest first: every game, listed or not (the figures, not the
    /// games, as the leaderboards show how many games it played).
    pub history: Vec<f64>,
}

#[derive(Clone, Debug)]
pub struct ListedGameView {
    pub token: String,
    pub kind: GameKind,
    pub title: String,
    pub status: GameStatus,
    pub moves: u32,
    pub started_at: i64,
}

impl Pages<'_> {
    /// The community page whose token is `token`, if its community has
    /// shown its name.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn community(self, token: &str) -> Result<Option<CommunityPage>, ServiceError> {
        if !super::plausible_token(token) {
            return Ok(None);
        }
        let Some(server) = self.0.store.community_by_page(token).await? else {
            return Ok(None);
        };
        let server = server.as_str();
        let Some(name) = self.0.store.community_name(server).await? else {
            return Ok(None);
        };
        if !name.shown {
            return Ok(None);
        }
        let lang = self.0.servers().server_language(server).await?.lang;
        let listed = self.0.store.public_games(server, LISTED).await?;
        let history = self.0.store.rating_history(server).await?;
        let mut ratings = Vec::new();
        for kind in GameKind::ALL {
            let Some(row) = self.0.store.community_rating(server, kind).await? else {
                continue;
            };
            let history = history
                .iter()
                .filter(|(of, _)| of == kind.as_str())
                .map(|&(_, rating)| rating)
                .collect();
            ratings.push(PageRating {
                kind,
                rating: row.rating,
                games: row.games,
                wins: row.wins,
                draws: row.draws,
                losses: row.losses,
                history,
            });
        }
        let games = listed
            .into_iter()
            .map(|listed| ListedGameView {
                title: text::game_title(lang, listed.game.kind),
                kind: listed.game.kind,
                status: listed.game.status,
                moves: listed.game.ply,
                started_at: listed.game.created_at,
                token: listed.token,
            })
            .collect();
        Ok(Some(CommunityPage {
            name: name.name,
            lang,
            ratings,
            games,
        }))
    }
}
