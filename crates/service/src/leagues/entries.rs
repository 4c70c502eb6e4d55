//! A league before its start: created, entered, its entrants removed,
//! entries closed, started at once by its creator.

use super::{
    DAY_MS, JoinLeague, LeagueSpec, LeagueView, Leagues, MAX_MOVE_MS, MAX_NAME_CHARS,
    MAX_START_DAYS, MIN_MOVE_MS, ROUND_MOVES, minimum, view,
};
use crate::versus::draw_code;
use crate::{Actor, Failure, LeagueRefusal, Refusal, ServiceError};
use holotable_games::AnyGame;
use holotable_leagues::MAX_ENTRANTS;
use holotable_leagues::pairing::GamesPerPairing;
use holotable_store::{Joined, LeagueFormat, LeagueId, LeagueRow, Millis, NewLeague, ServerKey};

impl Leagues<'_> {
    /// Creates a league taking entries until `spec.start_at`; returns it
    /// with its code.
    ///
    /// # Errors
    /// Refused without the right to manage; for a name empty or over
    /// [`MAX_NAME_CHARS`]; a move time outside [`MIN_MOVE_MS`] to
    /// [`MAX_MOVE_MS`]; a start in the past or over [`MAX_START_DAYS`]
    /// ahead; rules that set up no game; a format the game cannot play
    /// (two-sided formats need a two-sided game, tables four-army Djambi);
    /// two games a pairing at tables. Nothing is written on a refusal.
    pub async fn create(self, spec: LeagueSpec) -> Result<LeagueView, ServiceError> {
        spec.by.must_manage("create-league")?;
        let name = spec.name.trim().to_string();
        let chars = name.chars().count();
        if chars == 0 || chars > MAX_NAME_CHARS {
            return Err(LeagueRefusal::Name {
                most: MAX_NAME_CHARS,
            }
            .into());
        }
        if !(MIN_MOVE_MS..=MAX_MOVE_MS).contains(&spec.move_ms) {
            return Err(LeagueRefusal::MoveTime.into());
        }
        let now = self.0.now();
        let latest = now + Millis::from(MAX_START_DAYS) * DAY_MS;
        if spec.start_at < now || spec.start_at > latest {
            return Err(LeagueRefusal::StartTime {
                days: MAX_START_DAYS,
            }
            .into());
        }
        let (deliberation, ballot_format) =
            crate::games::check_deliberation(spec.deliberation, spec.ballot_format)?;
        let seed: u64 = rand::random();
        let game = AnyGame::new_game(spec.kind, &spec.rules, &mut crate::seeds::seeded_rng(seed))
            .map_err(|e| Refusal::BadRules {
            detail: e.to_string(),
        })?;
        match spec.format {
            LeagueFormat::RoundRobin | LeagueFormat::DoubleRoundRobin | LeagueFormat::Knockout => {
                if game.seat_count() != 2 {
                    return Err(LeagueRefusal::FormatForGame.into());
                }
            }
            // Only four-army Djambi seats four.
            LeagueFormat::Tables => {
                if game.seat_count() != holotable_leagues::tables::SEATS {
                    return Err(LeagueRefusal::TablesForGame.into());
                }
                if spec.games_per_pairing != GamesPerPairing::One {
                    return Err(LeagueRefusal::TablesOneGame.into());
                }
            }
        }
        let mut new = NewLeague {
            name,
            code: String::new(),
            kind: spec.kind,
            rules: game.rules_json(),
            format: spec.format,
            pairing_games: spec.games_per_pairing.count() as u8,
            move_ms: spec.move_ms,
            round_moves: ROUND_MOVES,
            ballot_format,
            deliberation,
            public: spec.public,
            seed,
            server: spec.server,
            channel: spec.channel,
            created_by: spec.by.id.clone(),
            start_at: spec.start_at,
            created_at: now,
        };
        // A clash among 6.6 × 10^11 codes is rare; a few draws settle it.
        for _ in 0..8 {
            new.code = draw_code();
            if let Some(id) = self.0.store.insert_league(&new).await? {
                // Its start is a time the scheduler wakes for.
                self.0.deadlines_changed.notify_one();
                tracing::info!(league = id.0, kind = %new.kind, format = new.format.as_str(), "league created");
                return self.read(id).await.map(|row| view(&row));
            }
        }
        Err(Failure::Inconsistent("no free league code".into()).into())
    }

    /// Enters `request.server`'s community in the league of
    /// `request.code`, playing under `request.channel`.
    ///
    /// # Errors
    /// Refused without the right to manage; for a channel the bot cannot
    /// use; an unknown code; a league no longer entering or already full;
    /// a community already in (whichever process entered it). Nothing
    /// changes on a refusal.
    pub async fn join(self, request: JoinLeague) -> Result<LeagueView, ServiceError> {
        request.by.must_manage("join-league")?;
        if !request.channel_usable {
            return Err(LeagueRefusal::ChannelUnusable.into());
        }
        let row = self
            .0
            .store
            .league_by_code(&request.code.0)
            .await?
            .ok_or_else(|| LeagueRefusal::UnknownCode {
                code: request.code.shown(),
            })?;
        let joined = self
            .0
            .store
            .join_league(
                row.id,
                &request.server,
                &request.channel,
                &request.by.id,
                self.0.now(),
            )
            .await?;
        match joined {
            Joined::Entered => {
                tracing::info!(
                    league = row.id.0,
                    server = request.server.as_str(),
                    "community entered a league"
                );
                self.read(row.id).await.map(|row| view(&row))
            }
            Joined::NotEntering => Err(LeagueRefusal::EntriesClosed.into()),
            Joined::Full => Err(LeagueRefusal::Full { most: MAX_ENTRANTS }.into()),
            Joined::AlreadyIn => Err(LeagueRefusal::AlreadyEntered.into()),
        }
    }

    /// The creator takes `server`'s community out before the start.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, a league
    /// that has started or is over, or a community not in it.
    pub async fn remove(
        self,
        league: LeagueId,
        server: &ServerKey,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        let row = self.creators(league, by).await?;
        if !row.status.before_start() {
            return Err(started_or_over(&row).into());
        }
        if self.0.store.withdraw_entrant(league, server).await? {
            return Ok(());
        }
        let again = self.read(league).await?;
        Err(if again.status.before_start() {
            // The creator named another community: "this community"
            // would be the creator's own.
            LeagueRefusal::OtherNotEntered
        } else {
            started_or_over(&again)
        }
        .into())
    }

    /// The creator stops entries; the league starts at its start time.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, a league no
    /// longer entering, or fewer communities than its format needs.
    pub async fn close_entries(self, league: LeagueId, by: &Actor) -> Result<(), ServiceError> {
        let row = self.creators(league, by).await?;
        self.enough(&row)?;
        let moved = self.0.store.close_league_entries(league).await?;
        if moved {
            Ok(())
        } else {
            Err(LeagueRefusal::EntriesClosed.into())
        }
    }

    /// The creator starts the league now instead of at its start time:
    /// its pairings and first round, as the scheduler would.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, a league
    /// that has started or ended, or fewer communities than its format
    /// needs.
    pub async fn start_now(self, league: LeagueId, by: &Actor) -> Result<(), ServiceError> {
        let row = self.creators(league, by).await?;
        if !row.status.before_start() {
            return Err(already_started_or_over(&row).into());
        }
        self.enough(&row)?;
        if self.start(&row, self.0.now()).await? {
            return Ok(());
        }
        // Started by the scheduler meanwhile, or cancelled: say which.
        let again = self.read(league).await?;
        Err(already_started_or_over(&again).into())
    }

    /// Refused when `row` has fewer entrants than its format starts with.
    fn enough(self, row: &LeagueRow) -> Result<(), ServiceError> {
        let needed = minimum(row.league.format);
        let got = usize::from(row.entered);
        if got < needed {
            return Err(LeagueRefusal::TooFew { needed, got }.into());
        }
        Ok(())
    }
}

/// Why a league past its start refuses a change of its communities.
fn started_or_over(row: &LeagueRow) -> LeagueRefusal {
    if row.status.is_over() {
        LeagueRefusal::Over
    } else {
        LeagueRefusal::Started
    }
}

/// Why a league past its start refuses to start now.
fn already_started_or_over(row: &LeagueRow) -> LeagueRefusal {
    if row.status.is_over() {
        LeagueRefusal::Over
    } else {
        LeagueRefusal::AlreadyStarted
    }
}
