//! Matches: the seats and timers of a match, and ratings.
//!
//! A match's game row, moves and announcements are the community games'
//! (`games.rs`), written by the same version-guarded transition; this file
//! adds the match's own rows in the same transaction, so a move, its new
//! deadline and, at the end, the ratings are written together or not at all.

use super::games::{NewGame, Transition, apply_in, insert_game_in};
use super::outbox::{self, NewAnnouncement};
use super::ratings::{self, PLAYERS, stored_rating};
use super::{GameId, Millis, Store, StoreError, Tx, Written, on_pool, on_tx, to_json};
use crate::{ChallengeId, EndReason, MatchSeat, MatchState, PlayerRating};
use holotable_games::GameKind;

/// A match's timers after a change: the waiting player's deadline (none
/// while the engine or nobody is to decide), and the next time the
/// scheduler must look (the half-time reminder, then the deadline).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchTimers {
    pub deadline: Option<Millis>,
    pub next_at: Option<Millis>,
    pub reminded: bool,
}

/// The end of a match, written with its last transition.
pub struct MatchEnd<'a> {
    pub reason: EndReason,
    /// For rated matches: the new ratings from the stored ones (one per
    /// seat, in seat order; `None` for a player's first rated game). It runs
    /// inside the transaction after the game's write lock is taken, so two
    /// matches of one player finishing together both count.
    pub rate: Option<&'a Rater>,
}

/// See [`MatchEnd::rate`].
pub type Rater = dyn Fn(&[Option<RatingRow>]) -> Vec<RatingRow> + Sync;

/// What a new match is made of.
pub struct NewMatch<'a> {
    /// The accepted challenge, and who had accepted it when read: the
    /// guard that makes two acceptances start one match.
    pub challenge: Option<(ChallengeId, &'a [String])>,
    pub game: &'a NewGame,
    pub seats: &'a [MatchSeat],
    pub turn_ms: Millis,
    pub rated: bool,
}

#[derive(sqlx::FromRow)]
struct RawMatch {
    challenge_id: Option<i64>,
    turn_ms: i64,
    rated: bool,
    deadline: Option<i64>,
    reminded: bool,
    next_at: Option<i64>,
    end_reason: Option<String>,
}

#[derive(sqlx::FromRow)]
struct RawSeat {
    seat: i64,
    player: Option<String>,
    name: String,
    rating_before: Option<f64>,
    rating_after: Option<f64>,
}

/// A player's rating and record in one game.
#[derive(Clone, Debug, Default, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    pub player: String,
    pub kind: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub streak: i64,
    pub best_streak: i64,
}

stored_rating!(RatingRow, PLAYERS, player, player: player);

impl From<RatingRow> for PlayerRating {
    fn from(row: RatingRow) -> Self {
        let RatingRow {
            player,
            kind,
            name,
            rating,
            deviation,
            volatility,
            games,
            wins,
            draws,
            losses,
            streak,
            best_streak,
        } = row;
        PlayerRating {
            player,
            kind,
            name,
            rating,
            deviation,
            volatility,
            games,
            wins,
            draws,
            losses,
            streak,
            best_streak,
        }
    }
}

impl Store {
    /// Starts a match: when `challenge` is given, marks it accepted (only if
    /// it is still open with exactly `accepted_before` accepted, so two
    /// acceptances at once start one match), then inserts the game, its
    /// seats and timers and applies its first transition, all at once.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the challenge changed meanwhile;
    /// [`StoreError::PlayerBusy`] when a player already has a live match in
    /// the channel.
    pub async fn start_match(
        &self,
        new: &NewMatch<'_>,
        first: &Transition,
        timers: MatchTimers,
    ) -> Result<GameId, StoreError> {
        let NewMatch {
            challenge,
            game,
            seats,
            turn_ms,
            rated,
        } = *new;
        let mut tx = self.begin().await?;
        if let Some((id, before)) = challenge {
            let done = on_tx!(&mut tx, |db| {
                sqlx::query(
                "UPDATE challenges SET status = 'accepted' WHERE id = $1 AND status = 'open' AND accepted = $2",
            )
            .bind(id.0)
            .bind(to_json(&before))
            .execute(db)
            .await.map(Written::from)
            })?;
            if done.rows_affected() != 1 {
                return Err(StoreError::Conflict);
            }
        }
        let id = insert_game_in(&mut tx, game, "match").await?;
        if let Some((challenge, _)) = challenge {
            on_tx!(&mut tx, |db| sqlx::query(
                "UPDATE challenges SET game_id = $1 WHERE id = $2"
            )
            .bind(id.0)
            .bind(challenge.0)
            .execute(db)
            .await
            .map(Written::from))?;
        }
        on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO matches (game_id, challenge_id, turn_ms, rated) VALUES ($1, $2, $3, $4)",
        )
        .bind(id.0)
        .bind(challenge.map(|(c, _)| c.0))
        .bind(turn_ms)
        .bind(rated)
        .execute(db)
        .await
        .map(Written::from))?;
        for seat in seats {
            let inserted = on_tx!(&mut tx, |db| {
                sqlx::query(
                "INSERT INTO match_seats (game_id, seat, player, name, channel) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id.0)
            .bind(i64::from(seat.seat))
            .bind(&seat.player)
            .bind(&seat.name)
            .bind(&game.channel)
            .execute(db)
            .await.map(Written::from)
            });
            match inserted {
                Ok(_) => {}
                Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                    return Err(StoreError::PlayerBusy {
                        player: seat.name.clone(),
                    });
                }
                Err(e) => return Err(e.into()),
            }
        }
        apply_match_in(&mut tx, id, first, timers, None).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Applies a match's transition with its new timers, and its end.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game moved on (nothing is written).
    pub async fn apply_match(
        &self,
        game: GameId,
        change: &Transition,
        timers: MatchTimers,
        end: Option<MatchEnd<'_>>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin().await?;
        apply_match_in(&mut tx, game, change, timers, end).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks the half-time reminder of `deadline` as sent and queues it, if
    /// that deadline still stands and was not reminded. Returns whether it
    /// was queued.
    pub async fn remind(
        &self,
        game: GameId,
        channel: &str,
        deadline: Millis,
        announcement: &NewAnnouncement,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let done = on_tx!(&mut tx, |db| {
            sqlx::query(
            "UPDATE matches SET reminded = TRUE, next_at = deadline WHERE game_id = $1 AND deadline = $2 AND reminded = FALSE",
        )
        .bind(game.0)
        .bind(deadline)
        .execute(db)
        .await.map(Written::from)
        })?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        outbox::insert_in(&mut tx, Some(game), channel, announcement, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Moves the retry timer of a match waiting for the engine.
    pub async fn postpone(&self, game: GameId, next_at: Millis) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "UPDATE matches SET next_at = $1 WHERE game_id = $2 AND deadline IS NULL"
        )
        .bind(next_at)
        .bind(game.0)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    pub async fn match_row(&self, game: GameId) -> Result<Option<MatchState>, StoreError> {
        let raw: Option<RawMatch> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT challenge_id, turn_ms, rated, deadline, reminded, next_at, end_reason FROM matches WHERE game_id = $1",
        )
        .bind(game.0)
        .fetch_optional(db)
        .await
        })?;
        let Some(raw) = raw else {
            return Ok(None);
        };
        let seats: Vec<RawSeat> = on_pool!(self, |db| {
            sqlx::query_as(
            "SELECT seat, player, name, rating_before, rating_after FROM match_seats WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game.0)
        .fetch_all(db)
        .await
        })?;
        Ok(Some(MatchState {
            game,
            challenge: raw.challenge_id.map(ChallengeId),
            turn_ms: raw.turn_ms,
            rated: raw.rated,
            deadline: raw.deadline,
            reminded: raw.reminded,
            next_at: raw.next_at,
            end_reason: raw
                .end_reason
                .as_deref()
                .map(EndReason::parse)
                .transpose()?,
            seats: seats
                .into_iter()
                .map(|s| MatchSeat {
                    seat: s.seat as u8,
                    player: s.player,
                    name: s.name,
                    rating_before: s.rating_before,
                    rating_after: s.rating_after,
                })
                .collect(),
        }))
    }

    /// The player's live match in `channel`, else their latest match there.
    pub async fn match_of(
        &self,
        player: &str,
        channel: &str,
    ) -> Result<Option<GameId>, StoreError> {
        let id: Option<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT game_id FROM match_seats WHERE player = $1 AND channel = $2
             ORDER BY live DESC, game_id DESC LIMIT 1",
        )
        .bind(player)
        .bind(channel)
        .fetch_optional(db)
        .await)?;
        Ok(id.map(GameId))
    }

    /// The channels of the player's live matches, newest first.
    pub async fn live_match_channels(&self, player: &str) -> Result<Vec<String>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT channel FROM match_seats WHERE player = $1 AND live ORDER BY game_id DESC",
        )
        .bind(player)
        .fetch_all(db)
        .await)?)
    }

    /// Matches whose next timer is due.
    pub async fn due_matches(&self, now: Millis) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<i64> = on_pool!(self, |db| {
            sqlx::query_scalar(
            "SELECT game_id FROM matches WHERE next_at IS NOT NULL AND next_at <= $1 ORDER BY next_at",
        )
        .bind(now)
        .fetch_all(db)
        .await
        })?;
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// The earliest match timer later than `after`, as for
    /// [`Store::earliest_deadline`].
    pub async fn earliest_match_timer(&self, after: Millis) -> Result<Option<Millis>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MIN(next_at) FROM matches WHERE next_at > $1"
        )
        .bind(after)
        .fetch_one(db)
        .await)?)
    }

    /// Live matches where nobody waits: the engine's (or the dice's) step
    /// was interrupted and must be finished.
    pub async fn matches_awaiting_step(&self) -> Result<Vec<GameId>, StoreError> {
        let ids: Vec<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT m.game_id FROM matches m JOIN games g ON g.id = m.game_id
             WHERE g.status = 'active' AND m.deadline IS NULL",
        )
        .fetch_all(db)
        .await)?;
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// The best ratings in one game, highest first.
    pub async fn leaderboard(
        &self,
        kind: GameKind,
        limit: i64,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let query = format!(
            "SELECT {} FROM ratings WHERE kind = $1 ORDER BY rating DESC, player LIMIT $2",
            PLAYERS.columns()
        );
        Ok(on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            query
        ))
        .bind(kind.as_str())
        .bind(limit)
        .fetch_all(db)
        .await)?)
    }

    /// A player's ratings, one per game they played rated.
    pub async fn ratings_of(&self, player: &str) -> Result<Vec<RatingRow>, StoreError> {
        let query = format!(
            "SELECT {} FROM ratings WHERE player = $1 ORDER BY kind",
            PLAYERS.columns()
        );
        Ok(on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            query
        ))
        .bind(player)
        .fetch_all(db)
        .await)?)
    }
}

async fn apply_match_in(
    tx: &mut Tx,
    game: GameId,
    change: &Transition,
    timers: MatchTimers,
    end: Option<MatchEnd<'_>>,
) -> Result<(), StoreError> {
    // The game's guarded write first: it takes the write lock, so the
    // ratings read below cannot go stale before the commit.
    apply_in(tx, game, change).await?;
    set_timers_in(tx, game, timers, end.as_ref().map(|e| e.reason)).await?;
    let Some(end) = end else {
        return Ok(());
    };
    on_tx!(tx, |db| sqlx::query(
        "UPDATE match_seats SET live = FALSE WHERE game_id = $1"
    )
    .bind(game.0)
    .execute(db)
    .await
    .map(Written::from))?;
    match end.rate {
        Some(rate) => rate_in(tx, game, rate, change.at).await,
        None => Ok(()),
    }
}

/// Writes the match's timers, and how it ended when it did.
async fn set_timers_in(
    tx: &mut Tx,
    game: GameId,
    timers: MatchTimers,
    end: Option<EndReason>,
) -> Result<(), StoreError> {
    on_tx!(tx, |db| {
        sqlx::query(
        "UPDATE matches SET deadline = $1, next_at = $2, reminded = $3, end_reason = COALESCE($4, end_reason) WHERE game_id = $5",
    )
    .bind(timers.deadline)
    .bind(timers.next_at)
    .bind(timers.reminded)
    .bind(end.map(EndReason::as_str))
    .bind(game.0)
    .execute(db)
    .await.map(Written::from)
    })?;
    Ok(())
}

/// Rates the players of finished match `game` with `rate`, from their
/// ratings as they stand inside this transaction.
async fn rate_in(tx: &mut Tx, game: GameId, rate: &Rater, at: Millis) -> Result<(), StoreError> {
    let (kind,): (String,) = on_tx!(tx, |db| sqlx::query_as(
        "SELECT kind FROM games WHERE id = $1"
    )
    .bind(game.0)
    .fetch_one(db)
    .await)?;
    let players: Vec<(i64, String)> = on_tx!(tx, |db| {
        sqlx::query_as(
        "SELECT seat, player FROM match_seats WHERE game_id = $1 AND player IS NOT NULL ORDER BY seat",
    )
    .bind(game.0)
    .fetch_all(db)
    .await
    })?;
    let holders: Vec<&str> = players.iter().map(|(_, player)| player.as_str()).collect();
    let current: Vec<Option<RatingRow>> = ratings::read_locked(tx, &kind, &holders).await?;
    let rated = rate(&current);
    for ((seat, _), (before, after)) in players.iter().zip(current.iter().zip(&rated)) {
        ratings::write_in(tx, after, at).await?;
        on_tx!(tx, |db| {
            sqlx::query(
            "UPDATE match_seats SET rating_before = $1, rating_after = $2 WHERE game_id = $3 AND seat = $4",
        )
        .bind(before.as_ref().map(|b| b.rating))
        .bind(after.rating)
        .bind(game.0)
        .bind(seat)
        .execute(db)
        .await.map(Written::from)
        })?;
    }
    Ok(())
}
