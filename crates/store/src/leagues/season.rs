//! A league's season: its start, each round with its games, a community
//! leaving, each game's result, and its end.

use super::{
    LeagueFinish, LeagueGameKey, LeagueSeats, Left, NewLeagueGame, NewRound, TableFinish,
    ToChannel, tell_in,
};
use crate::games::{Transition, apply_in, insert_game_in};
use crate::sides;
use crate::{GameId, Millis, Store, StoreError, Tx, Written, on_pool, on_tx, to_json};
use holotable_leagues::{Entrant, Finish, Round};
use holotable_model::{LeagueId, ServerKey};

impl Store {
    /// Starts a league, once: its status from entering or closed to
    /// running, the entry numbers and ratings of `numbered` (every entrant,
    /// as the caller read them), and its first round, in one transaction.
    /// `false`, writing nothing, when it had started or ended already.
    ///
    /// # Errors
    /// [`StoreError::Conflict`], writing nothing, when the entrants changed
    /// since the caller read them (a join or a withdrawal came between):
    /// read them again and plan again.
    pub async fn start_league(
        &self,
        id: LeagueId,
        numbered: &[(ServerKey, Entrant, Option<f64>)],
        first: &NewRound,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        // Guarded by the count read as well as the status: a join moves
        // `entered` under the same row lock, so one that committed after
        // the caller's read fails this update rather than staying in the
        // league without an entry number, and one still waiting for the
        // lock finds the league running and is refused.
        let started = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET status = 'running', epoch = epoch + 1
             WHERE id = $1 AND status IN ('entering', 'closed') AND entered = $2"
        )
        .bind(id.0)
        .bind(numbered.len() as i64)
        .execute(db)
        .await
        .map(Written::from))?;
        if started.rows_affected() != 1 {
            let status: Option<String> = on_tx!(&mut tx, |db| sqlx::query_scalar(
                "SELECT status FROM leagues WHERE id = $1"
            )
            .bind(id.0)
            .fetch_optional(db)
            .await)?;
            return match status.as_deref() {
                Some("entering" | "closed") => Err(StoreError::Conflict),
                _ => Ok(false),
            };
        }
        for (server, entrant, rating) in numbered {
            let written = on_tx!(&mut tx, |db| sqlx::query(
                "UPDATE league_entrants SET entrant = $1, rating = $2
                 WHERE league_id = $3 AND server = $4"
            )
            .bind(i64::from(entrant.0))
            .bind(*rating)
            .bind(id.0)
            .bind(server.as_str())
            .execute(db)
            .await
            .map(Written::from))?;
            if written.rows_affected() != 1 {
                // One entrant withdrew and another joined between the
                // read and this write: the count matched, the names not.
                return Err(StoreError::Conflict);
            }
        }
        if !round_in(&mut tx, id, first).await? {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Starts a round of a running league, once, planned from the league
    /// as read at `epoch` ([`LeagueRow::epoch`](super::LeagueRow)):
    /// `false`, writing nothing, when it had started already (another
    /// process did it) or the league is no longer running.
    ///
    /// # Errors
    /// [`StoreError::Conflict`], writing nothing, when the league moved
    /// past `epoch` (a community left, or another step wrote): its
    /// entrants or games may not be the ones the round was planned from,
    /// so read them again and plan again. [`StoreError::ChannelBusy`] if
    /// a placeholder is somehow taken.
    pub async fn start_round(
        &self,
        id: LeagueId,
        epoch: i64,
        round: &NewRound,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        // The league's row first, as the start and the joins take it.
        if !next_epoch(&mut tx, id, epoch, None).await? || !round_in(&mut tx, id, round).await? {
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Ends a running league whose every game has a result, once, with its
    /// last round started, telling `told` (the final table) in the same
    /// transaction; no round's standings are posted after it. `false`
    /// when a game still plays, or another process ended it.
    pub async fn finish_league(
        &self,
        id: LeagueId,
        last_round: Round,
        at: Millis,
        told: &[ToChannel],
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let written = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE leagues SET status = 'finished', finished_at = $1, next_at = NULL
             WHERE id = $2 AND status = 'running'
             AND EXISTS (SELECT 1 FROM league_rounds WHERE league_id = $2 AND round = $3)
             AND NOT EXISTS (SELECT 1 FROM league_games WHERE league_id = $2 AND finish IS NULL)"
        )
        .bind(at)
        .bind(id.0)
        .bind(i64::from(last_round.0))
        .execute(db)
        .await
        .map(Written::from))?;
        if written.rows_affected() != 1 {
            return Ok(false);
        }
        on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE league_rounds SET reported = 1 WHERE league_id = $1"
        )
        .bind(id.0)
        .execute(db)
        .await
        .map(Written::from))?;
        tell_in(&mut tx, None, told, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Round `round`'s standings, `told`, queued once: `false`, writing
    /// nothing, when they were already (another process, or the end).
    pub async fn report_round(
        &self,
        id: LeagueId,
        round: Round,
        told: &[ToChannel],
        at: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let written = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE league_rounds SET reported = 1
             WHERE league_id = $1 AND round = $2 AND reported = 0"
        )
        .bind(id.0)
        .bind(i64::from(round.0))
        .execute(db)
        .await
        .map(Written::from))?;
        if written.rows_affected() != 1 {
            return Ok(false);
        }
        tell_in(&mut tx, None, told, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Adds games to round `round` of a running league that has started
    /// it: a knockout's deciding games. Once: `false`, writing nothing,
    /// when one of them is written already (another process did it) or
    /// the league is no longer running. The league is next looked at
    /// when a game ends (`next_at` cleared), as a knockout's round waits
    /// for its last game; at once (`at`) when one of them is a forfeit,
    /// which ends as it is written.
    ///
    /// # Errors
    /// [`StoreError::Conflict`], writing nothing, when the league moved
    /// past `epoch`, as for [`Store::start_round`].
    pub async fn add_league_games(
        &self,
        id: LeagueId,
        epoch: i64,
        round: Round,
        games: &[NewLeagueGame],
        at: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        // The league's row first, as a round's start takes it.
        let forfeited = games
            .iter()
            .any(|g| matches!(g, NewLeagueGame::Forfeit { .. }));
        let started = on_tx!(&mut tx, |db| sqlx::query_scalar(
            "SELECT 1 FROM league_rounds WHERE league_id = $1 AND round = $2"
        )
        .bind(id.0)
        .bind(i64::from(round.0))
        .fetch_optional(db)
        .await)?;
        let started: Option<i32> = started;
        if started.is_none()
            || !next_epoch(&mut tx, id, epoch, Some(forfeited.then_some(at))).await?
        {
            return Ok(false);
        }
        for game in games {
            if game.key().round != round || !game_in(&mut tx, id, game, at).await? {
                return Ok(false);
            }
        }
        tx.commit().await?;
        Ok(true)
    }

    /// A four-army table's places, once its game has ended: `false` when
    /// they were written already (or the game has not ended).
    pub async fn set_table_finish(
        &self,
        id: LeagueId,
        key: LeagueGameKey,
        finish: &TableFinish,
    ) -> Result<bool, StoreError> {
        let written = on_pool!(self, |db| sqlx::query(
            "UPDATE league_games SET finish = $1
             WHERE league_id = $2 AND round = $3 AND board = $4 AND leg = $5
             AND finish IS NULL AND ended_at IS NOT NULL"
        )
        .bind(to_json(&LeagueFinish::Table(*finish)))
        .bind(id.0)
        .bind(i64::from(key.round.0))
        .bind(i64::from(key.board))
        .bind(i64::from(key.leg))
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(written.rows_affected() == 1)
    }

    /// A community leaves a running league: `left_at` set once, each of
    /// its games still without a result forfeited (`forfeits`, by the
    /// side it played), and each of its live games ended by `endings`
    /// (its side out), all in one transaction. Nothing is written when it
    /// had left already ([`Left::AlreadyLeft`]) or the league is not
    /// running ([`Left::NotRunning`]: it ended or was cancelled).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when a game moved since its ending was
    /// planned, or the league moved past `epoch` (a round or deciding
    /// games came, or another community left, since the games were read):
    /// nothing is written; read again and plan again.
    pub async fn leave_league(
        &self,
        id: LeagueId,
        epoch: i64,
        server: &ServerKey,
        forfeits: &[(LeagueGameKey, Finish)],
        endings: &[(GameId, Transition)],
        at: Millis,
    ) -> Result<Left, StoreError> {
        let mut tx = self.begin().await?;
        // The order of the locks, which matters on PostgreSQL: the
        // leaver's game rows, then the league's row, then its league
        // games, and the communities' ratings last (each ending's
        // `rate_in` takes one advisory lock per community). A game that
        // ends elsewhere takes its game's row, its league game's, the
        // league's (`finish_in`), then the ratings (`games::apply_in`).
        // Were the league's row taken last, after the endings' ratings, a
        // leave by A ending A-B (holding B's rating lock, waiting for the
        // league) and B's game with D ending at once (holding the league,
        // waiting for B's rating lock) would deadlock. Taken before the
        // ratings, the league's row makes them wait in line: the game
        // ending elsewhere holds nothing the leave takes after the
        // league's row (its game is not the leaver's, or the leave would
        // hold its row already). A round's start and deciding games take
        // the league's row first and then only new rows.
        //
        // The leaver's games first, without changing them.
        for (game, _) in endings {
            on_tx!(&mut tx, |db| sqlx::query(
                "UPDATE games SET version = version WHERE id = $1"
            )
            .bind(game.0)
            .execute(db)
            .await
            .map(Written::from))?;
        }
        // Then the league's row, as explained above; due at once, as the
        // leaver's games may have been the round's last. On a stale
        // `epoch` this is the Conflict, before anything else is written.
        if !next_epoch(&mut tx, id, epoch, Some(Some(at))).await? {
            return Ok(Left::NotRunning);
        }
        let left = on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE league_entrants SET left_at = $1
             WHERE league_id = $2 AND server = $3 AND left_at IS NULL AND entrant IS NOT NULL"
        )
        .bind(at)
        .bind(id.0)
        .bind(server.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        // The league runs (its row, written above, says so under its
        // lock), so no row here means the community had left already.
        if left.rows_affected() != 1 {
            return Ok(Left::AlreadyLeft);
        }
        // The forfeits first, so the endings' own results find the
        // games decided and count nothing twice.
        for (key, finish) in forfeits {
            on_tx!(&mut tx, |db| sqlx::query(
                "UPDATE league_games SET finish = $1, ended_at = $2
                 WHERE league_id = $3 AND round = $4 AND board = $5 AND leg = $6
                 AND finish IS NULL"
            )
            .bind(to_json(&LeagueFinish::Pair(*finish)))
            .bind(at)
            .bind(id.0)
            .bind(i64::from(key.round.0))
            .bind(i64::from(key.board))
            .bind(i64::from(key.leg))
            .execute(db)
            .await
            .map(Written::from))?;
        }
        for (game, ending) in endings {
            apply_in(&mut tx, *game, ending).await?;
        }
        tx.commit().await?;
        Ok(Left::Left)
    }
}

/// Moves running league `id` from `epoch` to the next, and its next look
/// to `next_at` when given (a change a step sees, so `wakes` too):
/// `false` when it is not running; [`StoreError::Conflict`] when it
/// runs at another epoch. The guard is on the league's own row, so on
/// PostgreSQL a write that waited for the row lock re-checks it against
/// the committed row.
async fn next_epoch(
    tx: &mut Tx,
    id: LeagueId,
    epoch: i64,
    next_at: Option<Option<Millis>>,
) -> Result<bool, StoreError> {
    let written = match next_at {
        None => on_tx!(tx, |db| sqlx::query(
            "UPDATE leagues SET epoch = epoch + 1
             WHERE id = $1 AND status = 'running' AND epoch = $2"
        )
        .bind(id.0)
        .bind(epoch)
        .execute(db)
        .await
        .map(Written::from))?,
        Some(next_at) => on_tx!(tx, |db| sqlx::query(
            "UPDATE leagues SET epoch = epoch + 1, next_at = $3, wakes = wakes + 1
             WHERE id = $1 AND status = 'running' AND epoch = $2"
        )
        .bind(id.0)
        .bind(epoch)
        .bind(next_at)
        .execute(db)
        .await
        .map(Written::from))?,
    };
    if written.rows_affected() == 1 {
        return Ok(true);
    }
    let status: Option<String> = on_tx!(tx, |db| sqlx::query_scalar(
        "SELECT status FROM leagues WHERE id = $1"
    )
    .bind(id.0)
    .fetch_optional(db)
    .await)?;
    match status.as_deref() {
        Some("running") => Err(StoreError::Conflict),
        _ => Ok(false),
    }
}

/// Writes a round: its row first (the primary key makes it once: `false`
/// when it exists), then its games, each with its community game, sides,
/// first step and threads, and the league's next step.
async fn round_in(tx: &mut Tx, id: LeagueId, new: &NewRound) -> Result<bool, StoreError> {
    let sitting_out = (!new.round.sitting_out.is_empty()).then(|| to_json(&new.round.sitting_out));
    let inserted = on_tx!(tx, |db| {
        sqlx::query(
            "INSERT INTO league_rounds (league_id, round, started_at, deadline, sitting_out)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id.0)
        .bind(i64::from(new.round.round.0))
        .bind(new.round.started_at)
        .bind(new.round.deadline)
        .bind(sitting_out.clone())
        .execute(db)
        .await
        .map(Written::from)
    });
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    // Before the games' own news, so a channel reads the schedule first.
    tell_in(tx, None, &new.told, new.round.started_at).await?;
    for game in &new.games {
        // A round's games are new with it: none can be written already.
        if !game_in(tx, id, game, new.round.started_at).await? {
            return Ok(false);
        }
    }
    on_tx!(tx, |db| sqlx::query(
        "UPDATE leagues SET next_at = $1 WHERE id = $2"
    )
    .bind(new.next_at)
    .bind(id.0)
    .execute(db)
    .await
    .map(Written::from))?;
    Ok(true)
}

/// Writes one league game: its row, and for a game played its community
/// game, sides, threads and first step; a forfeit ends at `at`. The row
/// goes first, without its game, so its primary key refuses a game
/// written twice (`false`) before anything else is written; the game's id
/// follows.
async fn game_in(
    tx: &mut Tx,
    id: LeagueId,
    game: &NewLeagueGame,
    at: Millis,
) -> Result<bool, StoreError> {
    let (seats, finish, ended_at) = match game {
        NewLeagueGame::Play { seats, .. } => (to_json(seats), None, None),
        NewLeagueGame::Forfeit {
            fixture, finish, ..
        } => (
            to_json(&LeagueSeats::Pair(*fixture)),
            Some(to_json(&LeagueFinish::Pair(*finish))),
            Some(at),
        ),
    };
    let key = game.key();
    let inserted = on_tx!(tx, |db| {
        sqlx::query(
            "INSERT INTO league_games (league_id, round, board, leg, entrants, finish, ended_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(id.0)
        .bind(i64::from(key.round.0))
        .bind(i64::from(key.board))
        .bind(i64::from(key.leg))
        .bind(seats.clone())
        .bind(finish.clone())
        .bind(ended_at)
        .execute(db)
        .await
        .map(Written::from)
    });
    match inserted {
        Ok(_) => {}
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    let NewLeagueGame::Play {
        game,
        first,
        threads,
        told,
        ..
    } = game
    else {
        return Ok(true);
    };
    let game_id = insert_game_in(tx, game, "community").await?;
    sides::insert_in(tx, game_id, &game.sides).await?;
    for (parent, placeholder) in threads {
        on_tx!(tx, |db| {
            sqlx::query(
                "INSERT INTO league_threads (game_id, channel, placeholder) VALUES ($1, $2, $3)",
            )
            .bind(game_id.0)
            .bind(parent.as_str())
            .bind(placeholder)
            .execute(db)
            .await
            .map(Written::from)
        })?;
    }
    on_tx!(tx, |db| {
        sqlx::query(
            "UPDATE league_games SET game_id = $1
             WHERE league_id = $2 AND round = $3 AND board = $4 AND leg = $5",
        )
        .bind(game_id.0)
        .bind(id.0)
        .bind(i64::from(key.round.0))
        .bind(i64::from(key.board))
        .bind(i64::from(key.leg))
        .execute(db)
        .await
        .map(Written::from)
    })?;
    tell_in(tx, Some(game_id), told, at).await?;
    // The first step after the league game's row: a game that ends at
    // once (the engine cannot; a rule could) finds its row.
    apply_in(tx, game_id, first).await?;
    Ok(true)
}
