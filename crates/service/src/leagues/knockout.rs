//! Knockouts: a bracket seeded by the communities' ratings at the start
//! (entry order among equals; an unrated community counts as a new
//! rating's 1500), byes to the top seeds, each tie one or two games, a
//! level tie's deciding game with colours drawn from the league's seed,
//! each next round drawn from the winners, and the final's winner the
//! champion.
//!
//! Nothing of the bracket is stored beyond what it is drawn from: the
//! entrants' numbers and ratings (fixed at the start) and the games'
//! results. Round 1 is `Bracket::first_round`, and each next round
//! `KnockoutRound::next` of the winners of the one before, so every look
//! draws the same rounds, and a step planned twice plans the same games.
//! A tie's board is its place in its round (walkovers have no games), and
//! its deciding game is leg 2 of that board.
//!
//! A round waits for its last game (`RoundEnds::LastGame`): the next is
//! drawn from every tie's winner. The step that finds the round's games
//! all ended gives each level tie its deciding game and waits again; the
//! round is over when every tie has a winner.

use super::plan::{DECIDING_LEG, game_seed, per_pairing, round_clock};
use super::run::{Step, round_progress};
use super::{Leagues, by_number};
use crate::ratings::NEW_RATING;
use crate::{Failure, ServiceError};
use holotable_leagues::pairing::{
    Bracket, GamesPerPairing, KnockoutRound, Tie, TieState, decider_winner, deciding_game,
};
use holotable_leagues::schedule::{RoundEnds, StartCause, next_round};
use holotable_leagues::{Entrant, Fixture, GameResult, Round};
use holotable_store::{
    EntrantRow, LeagueFormat, LeagueGameKey, LeagueGameRow, LeagueId, LeagueRow, Millis, NewRound,
    ServerKey,
};

/// Where a knockout tie stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieProgress {
    /// Games of the tie are still to finish, its deciding game included.
    Playing,
    /// Its games ended level, and its deciding game is still to be made
    /// (the scheduler's next look makes it).
    Level,
    Won(Entrant),
}

/// One tie of a knockout round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieView {
    pub tie: Tie,
    pub progress: TieProgress,
    /// Its deciding game, once made: who took which colour.
    pub decider: Option<Fixture>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutRoundView {
    pub round: Round,
    pub ties: Vec<TieView>,
}

/// A knockout as it stands: each round drawn so far, and the champion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutView {
    /// Each entrant's community, by entry number.
    pub servers: Vec<ServerKey>,
    pub rounds: Vec<KnockoutRoundView>,
    /// The final's winner, once it is decided.
    pub champion: Option<Entrant>,
}

impl Leagues<'_> {
    /// The bracket of knockout `league` as it stands; `None` for a league
    /// of another format, or one not started.
    ///
    /// # Errors
    /// Refused for an unknown league.
    pub async fn bracket(self, league: LeagueId) -> Result<Option<KnockoutView>, ServiceError> {
        let row = self.read(league).await?;
        if row.league.format != LeagueFormat::Knockout || row.status.before_start() {
            return Ok(None);
        }
        let Some(current) = self.0.store.league_rounds(league).await?.pop() else {
            return Ok(None);
        };
        let entrants = self.0.store.league_entrants(league).await?;
        let entrants = by_number(&entrants)?;
        let games = self.0.store.league_games(league).await?;
        let rounds = drawn(&row, &entrants, &games, current.round)?;
        let champion = rounds
            .last()
            .filter(|(round, _)| round.is_final())
            .and_then(|(_, ties)| match ties.first()?.progress {
                TieProgress::Won(entrant) => Some(entrant),
                _ => None,
            });
        Ok(Some(KnockoutView {
            servers: entrants.iter().map(|e| e.server.clone()).collect(),
            rounds: (1..)
                .map(Round)
                .zip(rounds)
                .map(|(round, (_, ties))| KnockoutRoundView { round, ties })
                .collect(),
            champion,
        }))
    }

    /// A knockout's round 1, from its bracket.
    pub(super) async fn first_knockout_round(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let numbered: Vec<&EntrantRow> = entrants.iter().collect();
        let first = bracket(row, &numbered)?.first_round();
        self.plan_knockout_round(row, entrants, Round(1), &first, now)
            .await
    }

    /// A running knockout's next step: nothing while a game of the
    /// current round plays; once all have ended, the deciding games of
    /// its level ties; once every tie has its winner, the next round from
    /// the winners, or after the final the end.
    pub(super) async fn advance_knockout(
        self,
        row: &LeagueRow,
        now: Millis,
    ) -> Result<Step, ServiceError> {
        let id = row.id;
        let Some(current) = self.0.store.league_rounds(id).await?.pop() else {
            return Err(Failure::Inconsistent(format!("running league {id} has no round")).into());
        };
        let entrants = self.0.store.league_entrants(id).await?;
        let entrants: Vec<EntrantRow> = by_number(&entrants)?.into_iter().cloned().collect();
        let games = self.0.store.league_games(id).await?;
        let progress = round_progress(&games, &current);
        let clock = round_clock(row, current.started_at);
        if next_round(clock, &progress, RoundEnds::LastGame).is_none() {
            // The round's deadline only reminds: each game's end makes the
            // league due again.
            self.0.store.set_league_next(row, None).await?;
            return Ok(Step::Waiting);
        }
        let numbered: Vec<&EntrantRow> = entrants.iter().collect();
        let rounds = drawn(row, &numbered, &games, current.round)?;
        let (drawn_round, ties) = rounds
            .last()
            .expect("drawn through the current round, which exists");
        let mut deciders = Vec::new();
        for (board, (tie, view)) in (0u16..).zip(drawn_round.ties().iter().zip(ties)) {
            if view.progress == TieProgress::Level {
                let pairing = tie.pairing().expect("a level tie was played");
                let key = LeagueGameKey {
                    round: current.round,
                    board,
                    leg: DECIDING_LEG,
                };
                let fixture = deciding_game(pairing, game_seed(row.league.seed, key));
                deciders.push(self.plan_pair(row, &entrants, key, fixture, now).await?);
            }
        }
        if !deciders.is_empty() {
            if !self
                .0
                .store
                .add_league_games(id, row.epoch, current.round, &deciders, now)
                .await?
            {
                return Ok(Step::Waiting);
            }
            self.0.deadlines_changed.notify_one();
            tracing::info!(
                league = id.0,
                round = %current.round,
                ties = deciders.len(),
                "knockout ties level: deciding games"
            );
            return Ok(Step::Deciding(current.round));
        }
        let winners = ties
            .iter()
            .map(|view| match view.progress {
                TieProgress::Won(entrant) => Ok(entrant),
                _ => Err(Failure::Inconsistent(format!(
                    "league {id}: a tie of round {} has no winner after its last game",
                    current.round
                ))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if drawn_round.is_final() {
            return self.end_when_played(row, &games, current.round, now).await;
        }
        // Every tie has its winner: the round is over.
        self.report_round(row, current.round, now).await?;
        let next = drawn_round
            .next(&winners)
            .map_err(|e| Failure::Inconsistent(format!("league {id}: {e}")))?;
        let round = Round(current.round.0 + 1);
        let new = self
            .plan_knockout_round(row, &entrants, round, &next, now)
            .await?;
        self.start_next(row, &new, StartCause::AllEnded).await
    }

    /// A knockout round's games: each played tie's on the board of its
    /// place in the round.
    async fn plan_knockout_round(
        self,
        row: &LeagueRow,
        entrants: &[EntrantRow],
        round: Round,
        drawn: &KnockoutRound,
        now: Millis,
    ) -> Result<NewRound, ServiceError> {
        let boards: Vec<(u16, Fixture)> = (0u16..)
            .zip(drawn.ties())
            .filter_map(|(board, tie)| tie.pairing().map(|pairing| (board, pairing)))
            .collect();
        self.plan_pairings(row, entrants, round, &boards, now).await
    }
}

/// The bracket of `row`'s knockout of `entrants` (by entry number, as
/// numbered at the start): seeded by the ratings they started with, an
/// unrated community at a new rating's 1500, equals by entry order.
fn bracket(row: &LeagueRow, entrants: &[&EntrantRow]) -> Result<Bracket, ServiceError> {
    let unrated = NEW_RATING;
    let seeds = entrants
        .iter()
        .map(|e| {
            let entrant = e.entrant.ok_or_else(|| {
                Failure::Inconsistent(format!("league {}: an entrant has no number", row.id))
            })?;
            Ok((entrant, e.rating.unwrap_or(unrated)))
        })
        .collect::<Result<Vec<_>, ServiceError>>()?;
    Bracket::seeded(&seeds)
        .map_err(|e| Failure::Inconsistent(format!("league {}: {e}", row.id)).into())
}

/// The knockout's rounds through `upto`, each with where its ties stand:
/// round 1 from the bracket, each next from the winners of the one
/// before.
fn drawn(
    row: &LeagueRow,
    entrants: &[&EntrantRow],
    games: &[LeagueGameRow],
    upto: Round,
) -> Result<Vec<(KnockoutRound, Vec<TieView>)>, ServiceError> {
    let inconsistent = |e: &dyn std::fmt::Display| -> ServiceError {
        Failure::Inconsistent(format!("league {}: {e}", row.id)).into()
    };
    let per = per_pairing(row);
    let mut round = bracket(row, entrants)?.first_round();
    let mut rounds = Vec::new();
    for number in (1..=upto.0).map(Round) {
        let ties = (0u16..)
            .zip(round.ties())
            .map(|(board, tie)| {
                tie_view(tie, number, board, per, games).map_err(|e| inconsistent(&e))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let next = if number < upto {
            let winners = ties
                .iter()
                .map(|t| match t.progress {
                    TieProgress::Won(entrant) => Ok(entrant),
                    _ => Err(inconsistent(&format!(
                        "round {number} ended without a winner"
                    ))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            Some(round.next(&winners).map_err(|e| inconsistent(&e))?)
        } else {
            None
        };
        rounds.push((round, ties));
        match next {
            Some(next) => round = next,
            None => break,
        }
    }
    Ok(rounds)
}

/// Where `tie`, on `board` of `round`, stands after `games` (every game
/// of the league).
fn tie_view(
    tie: &Tie,
    round: Round,
    board: u16,
    per: GamesPerPairing,
    games: &[LeagueGameRow],
) -> Result<TieView, String> {
    if let Tie::Walkover(through) = *tie {
        return Ok(TieView {
            tie: *tie,
            progress: TieProgress::Won(through.entrant),
            decider: None,
        });
    }
    let pairing = tie.pairing().expect("a tie that is no walkover is played");
    let on_board = games
        .iter()
        .filter(|g| g.key.round == round && g.key.board == board);
    let mut legs = Vec::new();
    let mut decider = None;
    for game in on_board {
        let fixture = game
            .fixture()
            .ok_or_else(|| format!("a table on board {board} of knockout round {round}"))?;
        if game.key.leg == DECIDING_LEG {
            decider = Some((fixture, game.pair_finish()));
        } else if let Some(finish) = game.pair_finish() {
            legs.push(GameResult { fixture, finish });
        }
    }
    let state = TieState::of(pairing, per, &legs).map_err(|e| e.to_string())?;
    let progress = match (state, decider) {
        (TieState::Playing, _) => TieProgress::Playing,
        (TieState::Won(entrant), _) => TieProgress::Won(entrant),
        (TieState::Level, None) => TieProgress::Level,
        (TieState::Level, Some((_, None))) => TieProgress::Playing,
        (TieState::Level, Some((fixture, Some(finish)))) => {
            TieProgress::Won(decider_winner(fixture, finish))
        }
    };
    Ok(TieView {
        tie: *tie,
        progress,
        decider: decider.map(|(fixture, _)| fixture),
    })
}
