//! The channels that play a community game, each for some of its seats.
//!
//! A game started against the engine has one side, its own channel. A
//! game between communities has one side per community, in channels of
//! the same server or of several. Each side votes on its seats' decisions
//! in its own channel; what concerns everyone is announced in every side's
//! channel. A member votes for one side of a game only.

use super::{GameId, GameSide, Store, StoreError, Tx, Written, on_pool, on_tx};

impl Store {
    /// The sides of `game`, in seat order (the side of seat 0 first).
    pub async fn sides(&self, game: GameId) -> Result<Vec<GameSide>, StoreError> {
        let rows: Vec<(String, Option<String>, String)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT channel, server, seats FROM game_sides WHERE game_id = $1"
        )
        .bind(game.0)
        .fetch_all(db)
        .await)?;
        parse_sides(rows)
    }

    /// The seats whose ballots in `game` hold a vote of `voter`: the sides
    /// they voted for. A member's side is what their counted votes say, not
    /// a claim written beside them, so a vote that was refused (its ballot
    /// closed first) binds them to nothing. Each of the game's ballots is
    /// one probe of the votes' primary key, so no index by voter is needed.
    pub async fn seats_voted(&self, game: GameId, voter: &str) -> Result<Vec<u8>, StoreError> {
        let seats: Vec<i64> = on_pool!(self, |db| sqlx::query_scalar(
            "SELECT DISTINCT b.seat FROM ballots b
             JOIN votes v ON v.game_id = b.game_id AND v.ply = b.ply AND v.voter = $2
             WHERE b.game_id = $1"
        )
        .bind(game.0)
        .bind(voter)
        .fetch_all(db)
        .await)?;
        seats
            .into_iter()
            .map(|seat| u8::try_from(seat).map_err(|_| StoreError::corrupt(format!("seat {seat}"))))
            .collect()
    }
}

fn parse_sides(rows: Vec<(String, Option<String>, String)>) -> Result<Vec<GameSide>, StoreError> {
    let mut sides = rows
        .into_iter()
        .map(|(channel, server, seats)| {
            let seats: Vec<u8> = serde_json::from_str(&seats)
                .map_err(|e| StoreError::corrupt(format!("side seats {seats:?}: {e}")))?;
            Ok(GameSide {
                channel,
                server,
                seats,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    sides.sort_by_key(|side| side.seats.iter().min().copied());
    Ok(sides)
}

/// Writes the sides of a new game.
///
/// # Errors
/// [`StoreError::ChannelBusy`] when a side's channel has a live game.
pub(super) async fn insert_in(
    tx: &mut Tx,
    game: GameId,
    sides: &[GameSide],
) -> Result<(), StoreError> {
    for side in sides {
        let seats = serde_json::to_string(&side.seats).expect("seats serialise");
        let inserted = on_tx!(tx, |db| sqlx::query(
            "INSERT INTO game_sides (game_id, channel, server, seats) VALUES ($1, $2, $3, $4)"
        )
        .bind(game.0)
        .bind(&side.channel)
        .bind(side.server.as_deref())
        .bind(&seats)
        .execute(db)
        .await
        .map(Written::from));
        match inserted {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::ChannelBusy);
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// The channels of `game`'s sides, for an announcement to all of them.
pub(super) async fn channels_in(tx: &mut Tx, game: GameId) -> Result<Vec<String>, StoreError> {
    let rows: Vec<(String, Option<String>, String)> = on_tx!(tx, |db| sqlx::query_as(
        "SELECT channel, server, seats FROM game_sides WHERE game_id = $1"
    )
    .bind(game.0)
    .fetch_all(db)
    .await)?;
    Ok(parse_sides(rows)?.into_iter().map(|s| s.channel).collect())
}

/// Frees the channels of a game that ended, for their next game.
pub(super) async fn end_in(tx: &mut Tx, game: GameId) -> Result<(), StoreError> {
    on_tx!(tx, |db| sqlx::query(
        "UPDATE game_sides SET live = FALSE WHERE game_id = $1"
    )
    .bind(game.0)
    .execute(db)
    .await
    .map(Written::from))?;
    Ok(())
}
