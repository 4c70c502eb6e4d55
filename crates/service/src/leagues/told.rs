//! The league's news, read when it is queued: the names of the
//! communities, the schedule, the table (`holotable_leagues::standings`
//! through `Leagues::standings`), the champion and the ratings, each
//! addressed to the entered channels. The writes that cause the news
//! queue it in their own transaction (`run.rs`, `plan.rs`, `leaving.rs`),
//! so it is queued once however many processes plan the step.

use super::news::{LeagueLeg, LeagueNews, Placing, RatingMove, ScheduledRound};
use super::plan::DECIDING_LEG;
use super::wording::Entered;
use super::{Leagues, by_number};
use crate::ServiceError;
use holotable_leagues::Entrant;
use holotable_leagues::pairing::GamesPerPairing;
use holotable_store::{
    EntrantRow, LeagueFormat, LeagueGameKey, LeagueId, LeagueRow, LeagueSeats, NewAnnouncement,
    NewLeagueGame, NewRound, ToChannel,
};

impl Leagues<'_> {
    /// How news names `entrant`: its community's shown name, else its
    /// number (from 1; before the start, its place in the order of entry).
    pub(super) async fn entered(
        self,
        entrant: &EntrantRow,
        index: usize,
    ) -> Result<Entered, ServiceError> {
        let name = self.shown_name(&entrant.server).await?;
        let number = entrant.entrant.map_or(index, Entrant::index) + 1;
        Ok(Entered {
            name,
            number: u16::try_from(number).unwrap_or(u16::MAX),
        })
    }

    /// Every entrant named, by entry number.
    async fn all_entered(self, entrants: &[EntrantRow]) -> Result<Vec<Entered>, ServiceError> {
        let mut named = Vec::with_capacity(entrants.len());
        for (index, entrant) in entrants.iter().enumerate() {
            named.push(self.entered(entrant, index).await?);
        }
        Ok(named)
    }

    /// The start's schedule, to each entrant its own fixtures (`entrants`
    /// numbered, by entry number): a round robin's every round, else
    /// `first`'s game. The whole draw of a large league would not fit one
    /// message, and a community looks for its own games in it.
    pub(super) async fn schedule_told(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        first: &NewRound,
    ) -> Result<Vec<ToChannel>, ServiceError> {
        let named = self.all_entered(entrants).await?;
        let name = |e: Entrant| named.get(e.index()).cloned();
        let (rounds, complete) = match row.league.format {
            LeagueFormat::RoundRobin | LeagueFormat::DoubleRoundRobin => {
                let schedule = super::round_robin::schedule(row, entrants.len())?;
                let rounds = schedule
                    .rounds()
                    .iter()
                    .map(|r| ScheduledRound {
                        round: r.round.0,
                        games: r
                            .pairings
                            .iter()
                            .map(|p| [p.first, p.second].into_iter().filter_map(name).collect())
                            .collect(),
                        resting: r.bye.into_iter().filter_map(name).collect(),
                    })
                    .collect();
                (rounds, true)
            }
            LeagueFormat::Knockout | LeagueFormat::Tables => {
                let mut games: Vec<Vec<Entered>> = Vec::new();
                let mut playing = Vec::new();
                for game in first.games.iter().filter(|g| g.key().leg == 0) {
                    let seats = match game {
                        NewLeagueGame::Play { seats, .. } => seats_of(seats),
                        NewLeagueGame::Forfeit { fixture, .. } => {
                            vec![fixture.first, fixture.second]
                        }
                    };
                    playing.extend(seats.iter().copied());
                    games.push(seats.into_iter().filter_map(name).collect());
                }
                let resting = Entrant::all(entrants.len())
                    .filter(|e| !playing.contains(e))
                    .filter_map(name)
                    .collect();
                let round = ScheduledRound {
                    round: first.round.round.0,
                    games,
                    resting,
                };
                (vec![round], false)
            }
        };
        Ok(entrants
            .iter()
            .zip(&named)
            .map(|(entrant, own)| {
                LeagueNews::Schedule {
                    league: row.league.name.clone(),
                    entrants: u16::try_from(entrants.len()).unwrap_or(u16::MAX),
                    rounds: rounds.iter().map(|r| fixtures_of(r, own)).collect(),
                    complete,
                }
                .to_outbox(&entrant.channel)
            })
            .collect())
    }

    /// Each side's news of its game at `key`: whom it plays, in the
    /// thread it opens on its parent channel. `sides[i]` plays seat `i`.
    pub(super) async fn round_told(
        self,
        row: &LeagueRow,
        key: LeagueGameKey,
        sides: &[&EntrantRow],
    ) -> Result<Vec<ToChannel>, ServiceError> {
        let mut named = Vec::with_capacity(sides.len());
        for (index, side) in sides.iter().enumerate() {
            named.push(self.entered(side, index).await?);
        }
        let leg = match (key.leg, super::plan::per_pairing(row)) {
            (DECIDING_LEG, _) => LeagueLeg::Deciding,
            (leg, GamesPerPairing::Two) => LeagueLeg::Game(leg + 1),
            (_, GamesPerPairing::One) => LeagueLeg::Only,
        };
        Ok(sides
            .iter()
            .enumerate()
            .map(|(i, side)| {
                LeagueNews::RoundStarted {
                    league: row.league.name.clone(),
                    round: key.round.0,
                    leg,
                    opponents: (0..named.len())
                        .filter(|&other| other != i)
                        .map(|other| named[other].clone())
                        .collect(),
                }
                .to_outbox(&side.channel)
            })
            .collect())
    }

    /// The table now, as news lines, and the channels of the communities
    /// still in the league.
    async fn table_now(
        self,
        league: LeagueId,
    ) -> Result<(Vec<Placing>, Vec<EntrantRow>), ServiceError> {
        let table = self.standings(league).await?;
        let entrants = self.0.store.league_entrants(league).await?;
        let numbered: Vec<EntrantRow> = by_number(&entrants)?.into_iter().cloned().collect();
        let placings = table
            .rows
            .iter()
            .map(|line| Placing {
                community: line.entered(),
                row: line.row.clone(),
            })
            .collect();
        Ok((placings, numbered))
    }

    /// Round `round`'s standings for every community still in.
    pub(super) async fn standings_told(
        self,
        row: &LeagueRow,
        round: u16,
    ) -> Result<Vec<ToChannel>, ServiceError> {
        let (table, entrants) = self.table_now(row.id).await?;
        let news = LeagueNews::Standings {
            league: row.league.name.clone(),
            round,
            table,
        };
        Ok(still_in(&entrants)
            .map(|e| news.to_outbox(&e.channel))
            .collect())
    }

    /// The end's news for every community still in: the final table, the
    /// champion (a knockout's from its bracket, else the table's first)
    /// and each community's rating before the league and now.
    pub(super) async fn finished_told(
        self,
        row: &LeagueRow,
    ) -> Result<Vec<ToChannel>, ServiceError> {
        let (table, entrants) = self.table_now(row.id).await?;
        let champion = match row.league.format {
            LeagueFormat::Knockout => self
                .bracket(row.id)
                .await?
                .and_then(|bracket| bracket.champion)
                .and_then(|champion| {
                    table
                        .iter()
                        .find(|p| p.community.number == champion.0 + 1)
                        .map(|p| p.community.clone())
                }),
            _ => table.first().map(|p| p.community.clone()),
        };
        let mut ratings = Vec::new();
        for (index, entrant) in entrants.iter().enumerate() {
            let after = self
                .0
                .community_rating(Some(entrant.server.as_str()), row.league.kind)
                .await?;
            if let Some(after) = after {
                ratings.push(RatingMove {
                    community: self.entered(entrant, index).await?,
                    // A community new to the game started at a new rating's.
                    before: entrant.rating.unwrap_or(crate::ratings::NEW_RATING),
                    after,
                });
            }
        }
        let news = LeagueNews::Finished {
            league: row.league.name.clone(),
            table,
            champion,
            ratings,
        };
        Ok(still_in(&entrants)
            .map(|e| news.to_outbox(&e.channel))
            .collect())
    }

    /// The news of `row`'s cancel, for every community still in, which
    /// the store reads in the cancel's transaction; `too_few` when it is
    /// the start's, for want of communities (needed, entered).
    pub(super) fn cancelled_news(
        row: &LeagueRow,
        too_few: Option<(usize, usize)>,
    ) -> NewAnnouncement {
        let count = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        LeagueNews::Cancelled {
            league: row.league.name.clone(),
            started: !row.status.before_start(),
            too_few: too_few.map(|(needed, got)| (count(needed), count(got))),
        }
        .to_entrants()
    }
}

/// `round` as `own` plays it: its game, or its rest.
fn fixtures_of(round: &ScheduledRound, own: &Entered) -> ScheduledRound {
    ScheduledRound {
        round: round.round,
        games: round
            .games
            .iter()
            .filter(|game| game.contains(own))
            .cloned()
            .collect(),
        resting: round
            .resting
            .iter()
            .filter(|resting| *resting == own)
            .cloned()
            .collect(),
    }
}

/// The entrants that have not left: a community that left hears no more
/// of the league.
fn still_in(entrants: &[EntrantRow]) -> impl Iterator<Item = &EntrantRow> {
    entrants.iter().filter(|e| e.left_at.is_none())
}

fn seats_of(seats: &LeagueSeats) -> Vec<Entrant> {
    match seats {
        LeagueSeats::Pair(fixture) => vec![fixture.first, fixture.second],
        LeagueSeats::Table(table) => table.seats.to_vec(),
    }
}
