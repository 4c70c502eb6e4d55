//! Communities' Glicko-2 ratings: what the end of a game between
//! communities does to them, and where they are read (the leaderboard, the
//! lobby, a game's sides).
//!
//! A community is a platform server. A finished game is rated when its
//! sides belong to at least two servers and no server played two of its
//! sides: a community must not gain by playing itself, even in part. Sides
//! without a server, or simulated at the terminal, are not rated, nor is
//! the engine. The
//! rated communities met each other once, as the seats of a match do
//! ([`ratings::rate_records`]), each with its side's result: the best of
//! its seats', which in two-player Djambi is its one seat of two armies.

use super::Versus;
use super::sides::{PlannedSide, Sides};
use crate::adaptive;
use crate::announce::{RatingChange, RatingNews, SideLabel, whole};
use crate::ratings::{self, Rating, Record, impl_record};
use crate::{Announcement, Service, ServiceError, text};
use holotable_games::engine::Level;
use holotable_games::{GameKind, Outcome, Seat, SeatResult};
use holotable_i18n::Lang;
use holotable_i18n::t;
use holotable_store::{
    CommunityRatingRow, EngineRatingRow, GameId, GameState, GameStatus, RateCommunities,
    RateEngine, Transition,
};
use std::sync::Arc;

/// A community's place in a game's leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct CommunityStanding {
    /// From 1; a community whose name is hidden keeps its place, so the
    /// others' ranks stay true.
    pub rank: usize,
    /// `None` until the community has shown its name to other servers.
    pub community: Option<String>,
    /// The token of the community's page; `None` while its name is hidden.
    pub page: Option<String>,
    pub rating: f64,
    pub deviation: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// One side of a game, with its community's rating before and after it
/// when the game was rated.
#[derive(Clone, Debug, PartialEq)]
pub struct SideView {
    pub label: SideLabel,
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
}

/// The write that ends `game` with `outcome`, announced in every channel.
/// Between communities of different servers it also moves their ratings;
/// a game of one channel against the engine moves the channel's rating
/// against the engine, which the adaptive level reads.
///
/// The new ratings travel in the finishing announcement, which the store's
/// rater builds inside the write from the ratings it read under lock. An
/// announcement is a fact complete in itself: Discord's delivery and the
/// terminal's `describe` word it alike with no read of their own, and a
/// channel that receives it late (after a restart) still reads the change
/// this game made, not a rating that other games have moved since.
pub(crate) fn finishing(
    game: &GameState,
    sides: &Sides,
    outcome: Outcome,
    replies: Vec<String>,
    position: String,
) -> Transition {
    let kind = game.kind;
    let mut change = Transition {
        status: Some(GameStatus::Finished),
        outcome: Some(outcome.clone()),
        rate_engine: against_engine(game, sides, &outcome),
        ..Transition::default()
    };
    let rated = rated(sides, &outcome);
    let finished = move |ratings: Option<RatingNews>| Announcement::GameFinished {
        replies: replies.clone(),
        position: position.clone(),
        outcome: outcome.clone(),
        ratings,
    };
    match rated {
        Rated::No => change.announce = vec![finished(None).to_outbox()],
        Rated::SameServer => {
            change.announce = vec![finished(Some(RatingNews::SameServer)).to_outbox()];
        }
        Rated::Communities(communities) => {
            change.rate = Some(RateCommunities {
                kind,
                servers: communities.iter().map(|c| c.server.clone()).collect(),
                rate: Arc::new(move |current| {
                    let (after, changes) = rate(kind, &communities, current);
                    let news = RatingNews::Changed { changes };
                    (after, vec![finished(Some(news)).to_outbox()])
                }),
            });
        }
    }
    change
}

/// How the end of `game` moves its channel's rating against the engine:
/// when one channel played the engine at a level of the ladder. Games
/// between communities are not counted even when the engine filled a seat:
/// the result is the table's, not one community's against the engine.
fn against_engine(game: &GameState, sides: &Sides, outcome: &Outcome) -> Option<RateEngine> {
    if sides.shared() || game.community_seats.len() >= outcome.results.len() {
        return None;
    }
    let level: Level = game.level.parse().ok()?;
    let (kind, channel) = (game.kind, game.channel.clone());
    let result = side_result(&game.community_seats, outcome);
    Some(RateEngine {
        channel: channel.clone(),
        kind,
        rate: Arc::new(move |current: Option<EngineRatingRow>| {
            let mut row = current.unwrap_or_else(|| {
                let first = adaptive::first_rating(kind);
                EngineRatingRow {
                    channel: channel.clone(),
                    kind: kind.as_str().to_string(),
                    rating: first.rating,
                    deviation: first.deviation,
                    volatility: first.volatility,
                    ..EngineRatingRow::default()
                }
            });
            let after = adaptive::after_game(row.rating(), kind, level, result);
            row.count(after, result);
            row
        }),
    })
}

/// A community rated in a finished game.
struct RatedCommunity {
    server: String,
    label: SideLabel,
    result: SeatResult,
}

enum Rated {
    /// Against the engine alone, or sides without servers: nothing to say.
    No,
    SameServer,
    Communities(Vec<RatedCommunity>),
}

/// The server of a community the terminal simulates (`holotable play
/// --communities`). Such a community lives on no platform, so its games are
/// not rated: a rehearsal must not reach the leaderboard of a bot that
/// shares the database.
pub fn terminal_server(run: &str, name: &str) -> String {
    format!("{TERMINAL}{run}:{name}")
}

const TERMINAL: &str = "terminal:";

fn rated(sides: &Sides, outcome: &Outcome) -> Rated {
    if !sides.shared() {
        return Rated::No;
    }
    let online: Vec<(&str, &PlannedSide)> = sides
        .0
        .iter()
        .filter_map(|side| Some((side.side.server.as_deref()?, side)))
        .filter(|(server, _)| !server.starts_with(TERMINAL))
        .collect();
    let mut servers: Vec<&str> = online.iter().map(|(server, _)| *server).collect();
    servers.sort_unstable();
    servers.dedup();
    if servers.len() < online.len() {
        return Rated::SameServer;
    }
    if online.len() < 2 {
        return Rated::No;
    }
    Rated::Communities(
        online
            .into_iter()
            .map(|(server, side)| RatedCommunity {
                server: server.to_string(),
                label: side.label.clone(),
                result: side_result(&side.side.seats, outcome),
            })
            .collect(),
    )
}

/// A side's result: the best of its seats'.
fn side_result(seats: &[u8], outcome: &Outcome) -> SeatResult {
    seats
        .iter()
        .map(|&seat| outcome.results[Seat(seat)])
        .max_by(|a, b| a.points().total_cmp(&b.points()))
        .unwrap_or(SeatResult::Loss)
}

/// The communities' new ratings from their stored ones, and each one's
/// change for the announcement.
fn rate(
    kind: GameKind,
    communities: &[RatedCommunity],
    current: &[Option<CommunityRatingRow>],
) -> (Vec<CommunityRatingRow>, Vec<RatingChange>) {
    let before: Vec<CommunityRatingRow> = communities
        .iter()
        .zip(current)
        .map(|(community, row)| {
            row.clone().unwrap_or_else(|| {
                CommunityRatingRow {
                    server: community.server.clone(),
                    kind: kind.as_str().to_string(),
                    ..CommunityRatingRow::default()
                }
                .unrated()
            })
        })
        .collect();
    let results: Vec<SeatResult> = communities.iter().map(|c| c.result).collect();
    let after = ratings::rate_records(&before, &results);
    let changes = communities
        .iter()
        .zip(before.iter().zip(&after))
        .map(|(community, (before, after))| RatingChange {
            side: community.label.clone(),
            before: before.rating,
            after: after.rating,
        })
        .collect();
    (after, changes)
}

impl_record!(CommunityRatingRow);
impl_record!(EngineRatingRow);

impl SideView {
    /// "Sides: Rebel Base (white), rated 1500 → 1662 and Echo Station
    /// (black), rated 1500 → 1338."; `None` for a game against the engine,
    /// whose one side needs no naming.
    pub fn list(lang: Lang, sides: &[SideView]) -> Option<String> {
        if sides.len() < 2 {
            return None;
        }
        let named: Vec<String> = sides
            .iter()
            .map(|side| match (side.rating_before, side.rating_after) {
                (Some(before), Some(after)) => t!(
                    lang,
                    "history-side-rated",
                    side = side.label.text(lang),
                    before = whole(before),
                    after = whole(after)
                ),
                _ => side.label.text(lang),
            })
            .collect();
        Some(t!(
            lang,
            "history-sides",
            sides = text::and_list(lang, &named)
        ))
    }
}

impl Versus<'_> {
    /// The communities rated in one game, best first, across servers. A
    /// community that has not shown its name to other servers keeps its
    /// place without a name.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn leaderboard(
        self,
        kind: GameKind,
        limit: usize,
    ) -> Result<Vec<CommunityStanding>, ServiceError> {
        let rows = self
            .0
            .store
            .community_leaderboard(kind, i64::try_from(limit).unwrap_or(i64::MAX))
            .await?;
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(i, row)| CommunityStanding {
                rank: i + 1,
                community: row.name.filter(|_| row.shown),
                page: row.page.filter(|_| row.shown),
                rating: row.rating.rating,
                deviation: row.rating.deviation,
                games: row.rating.games,
                wins: row.rating.wins,
                draws: row.rating.draws,
                losses: row.rating.losses,
            })
            .collect())
    }

    /// The sides of game `id`, each named as other servers may read it,
    /// with its community's rating before and after a rated game.
    ///
    /// # Errors
    /// Refused for an unknown game; storage failures.
    pub async fn rated_sides(self, id: GameId) -> Result<Vec<SideView>, ServiceError> {
        let game = self.0.store.game(id).await?.ok_or(crate::Refusal::NoGame)?;
        let position = crate::games::load(&game)?;
        let sides = self.0.sides_of(id, &position).await?;
        self.0.rated(id, &sides).await
    }
}

impl Service {
    /// A community's rating in `kind`; `None` before its first rated game.
    pub(crate) async fn community_rating(
        &self,
        server: Option<&str>,
        kind: GameKind,
    ) -> Result<Option<f64>, ServiceError> {
        let Some(server) = server else {
            return Ok(None);
        };
        Ok(self
            .store
            .community_rating(server, kind)
            .await?
            .map(|row| row.rating))
    }

    /// [`Versus::rated_sides`] for a caller that has labelled the sides.
    pub(crate) async fn rated(
        &self,
        id: GameId,
        sides: &super::Sides,
    ) -> Result<Vec<SideView>, ServiceError> {
        let ratings = self.store.side_ratings(id).await?;
        Ok(sides
            .0
            .iter()
            .cloned()
            .map(|side| {
                let (before, after) = ratings
                    .iter()
                    .find(|(channel, _, _)| *channel == side.side.channel)
                    .map_or((None, None), |(_, before, after)| (*before, *after));
                SideView {
                    label: side.label,
                    // A first rated game starts from the unrated rating.
                    rating_before: after.map(|_| before.unwrap_or(Rating::default().rating)),
                    rating_after: after,
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_takes_the_best_of_its_seats() {
        let outcome = Outcome {
            results: holotable_games::BySeat::from_fn(4, |seat: Seat| match seat.0 {
                1 => SeatResult::Win,
                _ => SeatResult::Loss,
            }),
            scores: None,
            reason: holotable_games::Ending::CommunityResigned { seat: "red".into() },
        };
        assert_eq!(side_result(&[0, 1], &outcome), SeatResult::Win);
        assert_eq!(side_result(&[2], &outcome), SeatResult::Loss);
    }
}
