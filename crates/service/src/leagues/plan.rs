//! A round's games as the store writes them: each pairing's one or two
//! games, a knockout's deciding game, or a four-army table, as community
//! games whose sides play under placeholders until their threads are
//! reported, each with its first ballot; and the forfeit of a two-sided
//! game whose side's community has left. Deciding who meets whom is the
//! formats' (`round_robin.rs`, `knockout.rs`, `tables.rs`); this file only
//! turns their answer into games.

use super::Leagues;
use crate::seeds::seeded_rng;
use crate::{Announcement, Failure, ServiceError};
use holotable_games::AnyGame;
use holotable_leagues::pairing::{GamesPerPairing, RoundPairings};
use holotable_leagues::schedule::RoundClock;
use holotable_leagues::tables::TableRound;
use holotable_leagues::{Colour, Entrant, Finish, Fixture, Round};
use holotable_store::{
    ChannelKey, EntrantRow, GameSide, LeagueGameKey, LeagueId, LeagueRow, LeagueSeats, Millis,
    NewGame, NewLeagueGame, NewRound, RoundRow,
};

/// The leg of a knockout pairing's deciding game: after the one or two
/// games of the pairing (legs 0 and 1).
pub(super) const DECIDING_LEG: u8 = 2;

impl Leagues<'_> {
    /// A round robin's round (or any round of two-sided pairings): each
    /// pairing's games, numbered as the pairings are.
    pub(super) async fn plan_round(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        pairings: &RoundPairings,
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let boards: Vec<(u16, Fixture)> = pairings
            .pairings
            .iter()
            .enumerate()
            .map(|(board, pairing)| {
                (
                    u16::try_from(board).expect("at most 32 pairings a round"),
                    *pairing,
                )
            })
            .collect();
        self.plan_pairings(row, entrants, pairings.round, &boards, now)
            .await
    }

    /// A round of two-sided pairings, each on its board (a knockout's
    /// boards are its ties, walkovers included, so some are missing).
    pub(super) async fn plan_pairings(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        round: Round,
        boards: &[(u16, Fixture)],
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let per_pairing = super::games_per_pairing(row.league.pairing_games);
        let mut games = Vec::new();
        for &(board, pairing) in boards {
            for (leg, fixture) in per_pairing.fixtures(pairing).enumerate() {
                let key = LeagueGameKey {
                    round,
                    board,
                    leg: u8::try_from(leg).expect("at most two games a pairing"),
                };
                games.push(self.plan_pair(row, entrants, key, fixture, now).await?);
            }
        }
        Ok(new_round(row, round, games, Vec::new(), now))
    }

    /// One two-sided game: played, or forfeited at once by a side whose
    /// community has left (if both have, the first named forfeits, so the
    /// game still has one result).
    pub(super) async fn plan_pair(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        key: LeagueGameKey,
        fixture: Fixture,
        now: Millis,
    ) -> Result<NewLeagueGame, ServiceError> {
        let first = entrant_row(row.id, entrants, fixture.first)?;
        let second = entrant_row(row.id, entrants, fixture.second)?;
        let left = if first.left_at.is_some() {
            Some(Colour::First)
        } else if second.left_at.is_some() {
            Some(Colour::Second)
        } else {
            None
        };
        Ok(match left {
            Some(by) => NewLeagueGame::Forfeit {
                key,
                fixture,
                finish: Finish::Forfeited { by },
            },
            None => {
                self.plan_game(row, key, LeagueSeats::Pair(fixture), &[first, second], now)
                    .await?
            }
        })
    }

    /// A four-army round: a game per table, in the seating's order, and
    /// its sit-outs kept with the round. Only entrants still in the league
    /// are seated, so no table waits on a community that has left.
    pub(super) async fn plan_tables(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        seated: &TableRound,
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let mut games = Vec::with_capacity(seated.tables.len());
        for (board, table) in seated.tables.iter().enumerate() {
            let key = LeagueGameKey {
                round: seated.round,
                board: u16::try_from(board).expect("at most 16 tables a round"),
                leg: 0,
            };
            let sides = table
                .seats
                .iter()
                .map(|&entrant| entrant_row(row.id, entrants, entrant))
                .collect::<Result<Vec<_>, _>>()?;
            games.push(
                self.plan_game(row, key, LeagueSeats::Table(*table), &sides, now)
                    .await?,
            );
        }
        Ok(new_round(
            row,
            seated.round,
            games,
            seated.sitting_out.clone(),
            now,
        ))
    }

    /// One league game: a community game between the communities'
    /// sides, `sides[i]` on seat `i`, each under a placeholder until its
    /// thread is reported, with its first ballot.
    async fn plan_game(
        self,
        row: &LeagueRow,
        key: LeagueGameKey,
        seats: LeagueSeats,
        sides: &[&EntrantRow],
        now: Millis,
    ) -> Result<NewLeagueGame, ServiceError> {
        let league = &row.league;
        let seed = game_seed(league.seed, key);
        let game = AnyGame::new_game(league.kind, &league.rules, &mut seeded_rng(seed))
            .map_err(|e| Failure::Inconsistent(format!("league {} rules: {e}", row.id)))?;
        if game.seat_count() != sides.len() {
            return Err(Failure::Inconsistent(format!(
                "league {} plays {} sides a game; its game seats {}",
                row.id,
                sides.len(),
                game.seat_count()
            ))
            .into());
        }
        let mut threads = Vec::with_capacity(sides.len());
        let mut game_sides = Vec::with_capacity(sides.len());
        for (seat, entrant) in (0u8..).zip(sides) {
            let placeholder = placeholder(row.id, key, &entrant.channel);
            threads.push((entrant.channel.clone(), placeholder.clone()));
            game_sides.push(GameSide {
                channel: placeholder,
                server: Some(entrant.server.as_str().to_string()),
                seats: vec![seat],
            });
        }
        let new = NewGame {
            channel: game_sides[0].channel.clone(),
            kind: league.kind,
            rules: game.rules_json(),
            start_position: game.position(),
            seed,
            level: self.0.settings.level.clone(),
            vote_ms: league.move_ms,
            max_extensions: self.0.settings.max_extensions,
            community_seats: (0u8..).take(sides.len()).collect(),
            ballot_format: league.ballot_format,
            deliberation: league.deliberation,
            started_by: league.created_by.clone(),
            created_at: now,
            sides: game_sides,
        };
        let planned = self.0.label_sides(new.sides.clone(), &game, None).await?;
        let mut first = self
            .0
            .plan_step(&crate::games::row_view(&new), game, 0, Vec::new(), &planned)
            .await?;
        let started = planned.per_side(|side| {
            Some(Announcement::SharedGameStarted {
                kind: new.kind,
                yours: side.label.seats.clone(),
                opponents: planned
                    .0
                    .iter()
                    .filter(|other| other.side.channel != side.side.channel)
                    .map(|other| other.label.clone())
                    .collect(),
                engine: None,
                ballot_format: new.ballot_format,
                in_thread: true,
            })
        });
        first.announce.splice(0..0, started);
        let told = self.round_told(row, key, sides).await?;
        Ok(NewLeagueGame::Play {
            key,
            seats,
            game: Box::new(new),
            first: Box::new(first),
            threads,
            told,
        })
    }
}

/// A round starting `now`, its deadline from the league's clock, which is
/// also the league's next look (a knockout's only reminds: its round
/// waits for its last game, `knockout.rs`); at once if no game of it is
/// played (every one forfeited), since no game's end will make the
/// league due.
fn new_round(
    row: &LeagueRow,
    round: Round,
    games: Vec<NewLeagueGame>,
    sitting_out: Vec<Entrant>,
    now: Millis,
) -> NewRound {
    let deadline = round_clock(row, now).deadline();
    let played = games
        .iter()
        .any(|g| matches!(g, NewLeagueGame::Play { .. }));
    NewRound {
        round: RoundRow {
            round,
            started_at: now,
            deadline,
            sitting_out,
        },
        games,
        told: Vec::new(),
        next_at: if played { deadline } else { now },
    }
}

/// Entrant `entrant`'s row, from the entrants by entry number.
fn entrant_row(
    league: LeagueId,
    entrants: &[EntrantRow],
    entrant: Entrant,
) -> Result<&EntrantRow, ServiceError> {
    entrants.get(entrant.index()).ok_or_else(|| {
        Failure::Inconsistent(format!("league {league} has no entrant {}", entrant.0)).into()
    })
}

/// The clock of `row`'s round that starts at `start`.
pub(super) fn round_clock(row: &LeagueRow, start: Millis) -> RoundClock {
    RoundClock {
        start,
        move_ms: u64::try_from(row.league.move_ms).unwrap_or(0),
        moves: row.league.round_moves,
    }
}

/// The games a pairing plays in `row`'s league.
pub(super) fn per_pairing(row: &LeagueRow) -> GamesPerPairing {
    super::games_per_pairing(row.league.pairing_games)
}

/// The channel key a side plays under until its thread is reported: one
/// no platform has (the adapters' keys are `discord:`, `cli:`, …), unique
/// per league game and side, and known before the game has an id, so the
/// round's one transaction can write the game and its sides together.
fn placeholder(league: LeagueId, key: LeagueGameKey, parent: &ChannelKey) -> String {
    format!(
        "league:{}:{}:{}:{}:{}",
        league.0,
        key.round.0,
        key.board,
        key.leg,
        parent.as_str()
    )
}

/// A game's seed from the league's and its place: distinct per game, and
/// the same on every retry of the round, so two processes planning it
/// plan the same games. A deciding game's colours are drawn from its
/// seed too (`knockout.rs`).
pub(super) fn game_seed(league: u64, key: LeagueGameKey) -> u64 {
    let place = (u64::from(key.round.0) << 32) | (u64::from(key.board) << 8) | u64::from(key.leg);
    // SplitMix64's finaliser: nearby places give unrelated seeds.
    let mut z = league ^ place.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
