//! The channels that play a community game, each for some of its seats.
//!
//! A game started against the engine has one side, its own channel. A
//! game between communities has one side per community, in channels of
//! the same server or of several. Each side votes on its seats' decisions
//! in its own channel; what concerns everyone is announced in every side's
//! channel. A member votes for one side of a game only.

use super::{BallotId, GameId, Store, StoreError, Tx, Written, on_pool, on_tx};

/// One side of a community game: a channel and the seats it votes for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSide {
    pub channel: String,
    /// The platform's server the channel belongs to, when the platform has
    /// servers: the community, for ratings and names.
    pub server: Option<String>,
    pub seats: Vec<u8>,
}

impl GameSide {
    pub fn plays(&self, seat: u8) -> bool {
        self.seats.contains(&seat)
    }
}

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

    /// Binds `voter` to the side of `channel` in `game` for a vote on
    /// `ballot`, unless they voted for another side before: then that
    /// side's channel is returned and nothing changes. One statement, so two
    /// votes by one member in two channels at once bind them to one side
    /// only. A ballot no longer open binds nobody: its vote will be refused,
    /// and a refused vote must not choose a side.
    pub async fn claim_side(
        &self,
        ballot: BallotId,
        voter: &str,
        channel: &str,
    ) -> Result<Option<String>, StoreError> {
        let bound: Option<String> = on_pool!(self, |db| sqlx::query_scalar(
            "INSERT INTO side_voters (game_id, voter, channel)
             SELECT $1, $2, $3 WHERE EXISTS (
                SELECT 1 FROM ballots WHERE game_id = $1 AND ply = $4 AND status = 'open')
             ON CONFLICT (game_id, voter) DO UPDATE SET channel = side_voters.channel
             RETURNING channel",
        )
        .bind(ballot.game.0)
        .bind(voter)
        .bind(channel)
        .bind(i64::from(ballot.ply))
        .fetch_optional(db)
        .await)?;
        Ok(bound.filter(|bound| bound != channel))
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
