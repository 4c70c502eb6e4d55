//! Communities and games leaving a league: a community that leaves
//! (before the start, simply no longer entered; after, forfeiting what it
//! has not finished), and a league cancelled by its creator, its live
//! games stopped.

use super::Leagues;
use crate::RETRIES;
use crate::{Actor, Announcement, Failure, LeagueRefusal, ServiceError};
use holotable_leagues::Finish;
use holotable_store::{
    BallotStatus, GameId, LeagueId, LeagueSeats, Left, ServerKey, StoreError, Transition,
};

impl Leagues<'_> {
    /// Takes `server`'s community out of `league`. Before the start it
    /// is simply no longer entered; after, it forfeits every two-sided
    /// game it has not finished, its live games go on or end with its side
    /// out, and it is seated at no more tables.
    ///
    /// # Errors
    /// Refused without the right to manage, for an unknown league, a
    /// community not in it (or gone already), or a league that is over.
    pub async fn leave(
        self,
        league: LeagueId,
        server: &ServerKey,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        by.must_manage("leave-league")?;
        let row = self.read(league).await?;
        if row.status.is_over() {
            return Err(LeagueRefusal::Over.into());
        }
        if row.status.before_start() {
            if self.0.store.withdraw_entrant(league, server).await? {
                return Ok(());
            }
            // Started meanwhile, or never in: read again to say which.
            let again = self.read(league).await?;
            if again.status.before_start() {
                return Err(LeagueRefusal::NotEntered.into());
            }
        }
        self.leave_running(league, server).await
    }

    /// Takes `server`'s community out of `league` only while the league
    /// has not started: what `/league leave` does until the member has
    /// agreed to forfeit. A league that started meanwhile (even between
    /// this read and the write) is refused with the forfeits it would
    /// cost, so nothing is forfeited without that consent.
    ///
    /// # Errors
    /// As [`Leagues::leave`]; and [`LeagueRefusal::LeavingForfeits`] once
    /// the league has started.
    pub async fn withdraw(
        self,
        league: LeagueId,
        server: &ServerKey,
        by: &Actor,
    ) -> Result<(), ServiceError> {
        by.must_manage("leave-league")?;
        let row = self.read(league).await?;
        if row.status.before_start() && self.0.store.withdraw_entrant(league, server).await? {
            return Ok(());
        }
        let now = self.read(league).await?;
        if now.status.is_over() {
            return Err(LeagueRefusal::Over.into());
        }
        let entered = self
            .0
            .store
            .league_entrants(league)
            .await?
            .iter()
            .any(|entrant| &entrant.server == server && entrant.left_at.is_none());
        Err(if !entered {
            LeagueRefusal::NotEntered
        } else {
            LeagueRefusal::LeavingForfeits {
                name: now.league.name,
            }
        }
        .into())
    }

    /// The creator cancels the league: no more rounds, and its live
    /// games stopped without a result or a rating.
    ///
    /// # Errors
    /// Refused for an unknown league, anyone but its creator, or a league
    /// already over.
    pub async fn cancel(self, league: LeagueId, by: &Actor) -> Result<(), ServiceError> {
        let mut row = self.creators(league, by).await?;
        // The news says whether games were under way: the write holds only
        // if the league is still as read, else it is read again (a start
        // came between).
        let mut cancelled = false;
        for _ in 0..RETRIES {
            let news = Leagues::cancelled_news(&row, None);
            cancelled = self
                .0
                .store
                .cancel_league(league, row.status, self.0.now(), &news)
                .await?;
            if cancelled || row.status.is_over() {
                break;
            }
            row = self.creators(league, by).await?;
        }
        // The games are stopped after the league's write, each in its own
        // guarded write. The league stays due until they are, so a
        // cancel cut short between the two is finished by the scheduler
        // (`run.rs`), or by the creator's next try, which stops what is
        // left before it is refused as over.
        self.stop_games(league).await?;
        if !cancelled {
            return Err(LeagueRefusal::Over.into());
        }
        self.0.store.cancel_done(league).await?;
        self.0.deadlines_changed.notify_one();
        tracing::info!(league = league.0, "league cancelled");
        Ok(())
    }

    /// Stops every live game of cancelled league `league` (for its
    /// creator, or for the scheduler finishing a cancel cut short).
    pub(super) async fn stop_games(self, league: LeagueId) -> Result<(), ServiceError> {
        for game in self.0.store.league_games(league).await? {
            if let (Some(id), None) = (game.game, game.finish) {
                self.stop_game(id).await?;
            }
        }
        Ok(())
    }

    /// A community leaves a running league: its unfinished games
    /// forfeited and its live games ended with its side out, in one write.
    async fn leave_running(self, league: LeagueId, server: &ServerKey) -> Result<(), ServiceError> {
        let entrants = self.0.store.league_entrants(league).await?;
        let Some(entrant) = entrants
            .iter()
            .find(|e| &e.server == server && e.left_at.is_none())
            .and_then(|e| e.entrant)
        else {
            return Err(LeagueRefusal::NotEntered.into());
        };
        for _ in 0..RETRIES {
            // One instant for the leave: its games end when it leaves, so
            // a table the leave ends counts the leaver as left
            // (`left_at <= ended_at`, `tables.rs`), not as beaten.
            let now = self.0.now();
            // The league before its games: a round or deciding games
            // written after this read move its epoch, and the leave,
            // which would not forfeit them, is refused and planned again.
            let epoch = self.read(league).await?.epoch;
            let games = self.0.store.league_games(league).await?;
            let mut forfeits = Vec::new();
            let mut endings = Vec::new();
            for game in games.iter().filter(|g| g.finish.is_none()) {
                match game.seats {
                    LeagueSeats::Pair(fixture) => {
                        let Some(colour) = fixture.colour_of(entrant) else {
                            continue;
                        };
                        forfeits.push((game.key, Finish::Forfeited { by: colour }));
                    }
                    // A table has no forfeit: the others play on, and the
                    // leaver's army, out from now, is placed as it fell
                    // (and marked as left, so those above it won by
                    // forfeit: `tables.rs`).
                    LeagueSeats::Table(table) => {
                        if !table.seats.contains(&entrant) {
                            continue;
                        }
                    }
                }
                if let Some(id) = game.game
                    && let Some(mut ending) = self.leaving(id, server).await?
                {
                    ending.at = now;
                    endings.push((id, ending));
                }
            }
            match self
                .0
                .store
                .leave_league(league, epoch, server, &forfeits, &endings, now)
                .await
            {
                Ok(Left::Left) => {
                    for (id, _) in &endings {
                        self.0.forget_game_sides(*id).await?;
                    }
                    self.0.deadlines_changed.notify_one();
                    tracing::info!(
                        league = league.0,
                        server = server.as_str(),
                        "community left a league"
                    );
                    return Ok(());
                }
                Ok(Left::AlreadyLeft) => return Err(LeagueRefusal::NotEntered.into()),
                // It ended or was cancelled since it was read.
                Ok(Left::NotRunning) => return Err(LeagueRefusal::Over.into()),
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("league {league} kept changing while leaving")).into())
    }

    /// The write that takes `server`'s side out of live game `id`, if it
    /// is still live.
    async fn leaving(
        self,
        id: GameId,
        server: &ServerKey,
    ) -> Result<Option<Transition>, ServiceError> {
        let Some(game) = self.0.store.game(id).await? else {
            return Ok(None);
        };
        if !game.status.is_live() {
            return Ok(None);
        }
        let position = crate::games::load(&game)?;
        let sides = self.0.sides_of(id, &position).await?;
        let Some(leaver) = sides
            .0
            .iter()
            .find(|s| s.side.server.as_deref() == Some(server.as_str()))
            .map(|s| s.side.clone())
        else {
            return Ok(None);
        };
        let open = self
            .0
            .store
            .current_ballot(id)
            .await?
            .filter(|b| b.status == BallotStatus::Open)
            .map(|b| (b.id.ply, b.seat));
        let change = self
            .0
            .side_leaves(
                &game,
                position,
                &sides,
                &leaver,
                crate::games::Leaving::Resigned,
                open,
            )
            .await?;
        Ok(Some(change))
    }

    /// Stops live game `id` of a cancelled league, without a result.
    async fn stop_game(self, id: GameId) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let Some(game) = self.0.store.game(id).await? else {
                return Ok(());
            };
            if !game.status.is_live() {
                return Ok(());
            }
            let stopped = Announcement::GameStopped {
                by: String::new(),
                league_cancelled: true,
            };
            let change = self.0.stop_transition(&game, stopped).await?;
            match self.0.store.apply(id, &change).await {
                Ok(()) => {
                    self.0.forget_game_sides(id).await?;
                    return Ok(());
                }
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(Failure::Inconsistent(format!("game {id} kept changing while stopping")).into())
    }
}
