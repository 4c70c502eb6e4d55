//! Every rating holotable keeps, in one place: a player's in matches
//! (`ratings`), a community's (`community_ratings`) and a channel's against
//! the engine (`engine_ratings`). The three tables have one shape (whose
//! rating and in which game; the Glicko-2 numbers; the record), so one set
//! of queries here reads and writes them all, each row type naming its
//! table through [`StoredRating`].
//!
//! What a result does to a rating is the service's arithmetic. Here a
//! rating is read under a lock and written back inside the transaction
//! that ends the game, so two games of one holder ending at once both
//! count.

use super::{Millis, StoreError, Tx, Written, on_tx};
use sqlx::FromRow;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;

/// A ratings table.
pub(crate) struct RatingTable {
    pub name: &'static str,
    /// The column that says whose rating a row is.
    pub holder: &'static str,
    /// The first part of a row's lock key (`rating:<kind>:<holder>`).
    lock: &'static str,
    /// The columns only this table has, as [`StoredRating::player`] gives
    /// them.
    extra: &'static [&'static str],
}

pub(crate) const PLAYERS: RatingTable = RatingTable {
    name: "ratings",
    holder: "player",
    lock: "rating",
    extra: &["name", "streak", "best_streak"],
};

pub(crate) const COMMUNITIES: RatingTable = RatingTable {
    name: "community_ratings",
    holder: "server",
    lock: "community-rating",
    extra: &[],
};

pub(crate) const AGAINST_ENGINE: RatingTable = RatingTable {
    name: "engine_ratings",
    holder: "channel",
    lock: "engine-rating",
    extra: &[],
};

const NUMBERS: [&str; 7] = [
    "rating",
    "deviation",
    "volatility",
    "games",
    "wins",
    "draws",
    "losses",
];

impl RatingTable {
    /// Every column a row type reads, for a `SELECT`.
    pub fn columns(&self) -> String {
        let mut columns = vec![self.holder, "kind"];
        columns.extend(self.extra);
        columns.extend(NUMBERS);
        columns.join(", ")
    }

    /// The row of one holder in one game: `$1` the holder, `$2` the kind.
    pub fn select_one(&self) -> String {
        format!(
            "SELECT {} FROM {} WHERE {} = $1 AND kind = $2",
            self.columns(),
            self.name,
            self.holder
        )
    }

    fn upsert(&self) -> String {
        let mut set: Vec<&str> = self.extra.to_vec();
        set.extend(NUMBERS);
        set.push("updated_at");
        let mut columns = vec![self.holder, "kind"];
        columns.extend(&set);
        let values: Vec<String> = (1..=columns.len()).map(|n| format!("${n}")).collect();
        let updates: Vec<String> = set.iter().map(|c| format!("{c} = excluded.{c}")).collect();
        format!(
            "INSERT INTO {} ({}) VALUES ({}) ON CONFLICT ({}, kind) DO UPDATE SET {}",
            self.name,
            columns.join(", "),
            values.join(", "),
            self.holder,
            updates.join(", ")
        )
    }
}

/// A row of one of the ratings tables.
pub(crate) trait StoredRating:
    for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin
{
    const TABLE: RatingTable;
    fn holder(&self) -> &str;
    fn kind(&self) -> &str;
    /// Rating, deviation and volatility.
    fn glicko(&self) -> [f64; 3];
    /// Games, wins, draws and losses.
    fn record(&self) -> [i64; 4];
    /// A player's name, streak and best streak; `None` for the tables
    /// without them.
    fn player(&self) -> Option<(&str, i64, i64)> {
        None
    }
}

/// Implements [`StoredRating`] for a row type of `$table` whose holder is
/// the field `$holder` and whose other fields are named as the columns;
/// `player` adds the players' table's name and streaks.
macro_rules! stored_rating {
    ($row:ty, $table:expr, $holder:ident $(, player: $player:ident)?) => {
        impl $crate::ratings::StoredRating for $row {
            const TABLE: $crate::ratings::RatingTable = $table;

            fn holder(&self) -> &str {
                &self.$holder
            }

            fn kind(&self) -> &str {
                &self.kind
            }

            fn glicko(&self) -> [f64; 3] {
                [self.rating, self.deviation, self.volatility]
            }

            fn record(&self) -> [i64; 4] {
                [self.games, self.wins, self.draws, self.losses]
            }

            $(
                fn $player(&self) -> Option<(&str, i64, i64)> {
                    Some((&self.name, self.streak, self.best_streak))
                }
            )?
        }
    };
}
pub(crate) use stored_rating;

/// The rows of `holders` in `kind`, in their order (`None` for a holder's
/// first rated game), each read under a lock that holds until the commit.
///
/// SQLite: the game's guarded write already holds the one write lock.
/// PostgreSQL locks only the game's row, so each rating is read under a
/// lock of its own (its row may not exist yet), taken in sorted order so
/// two games sharing holders cannot deadlock.
pub(crate) async fn read_locked<R: StoredRating>(
    tx: &mut Tx,
    kind: &str,
    holders: &[&str],
) -> Result<Vec<Option<R>>, StoreError> {
    let mut keys: Vec<String> = holders
        .iter()
        .map(|holder| format!("{}:{kind}:{holder}", R::TABLE.lock))
        .collect();
    keys.sort();
    keys.dedup();
    for key in &keys {
        tx.serialise_on(key).await?;
    }
    let mut rows = Vec::with_capacity(holders.len());
    for holder in holders {
        let query = R::TABLE.select_one();
        let row: Option<R> = on_tx!(tx, |db| sqlx::query_as(sqlx::AssertSqlSafe(query))
            .bind(*holder)
            .bind(kind)
            .fetch_optional(db)
            .await)?;
        rows.push(row);
    }
    Ok(rows)
}

/// Writes `row` as of `at`, over the holder's earlier row in its game.
pub(crate) async fn write_in<R: StoredRating>(
    tx: &mut Tx,
    row: &R,
    at: Millis,
) -> Result<(), StoreError> {
    let [rating, deviation, volatility] = row.glicko();
    let [games, wins, draws, losses] = row.record();
    let player = row.player();
    let sql = R::TABLE.upsert();
    on_tx!(tx, |db| {
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(row.holder())
            .bind(row.kind());
        if let Some((name, streak, best_streak)) = player {
            query = query.bind(name).bind(streak).bind(best_streak);
        }
        query
            .bind(rating)
            .bind(deviation)
            .bind(volatility)
            .bind(games)
            .bind(wins)
            .bind(draws)
            .bind(losses)
            .bind(at)
            .execute(db)
            .await
            .map(Written::from)
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_table_is_written_with_its_own_columns_by_name() {
        assert_eq!(
            PLAYERS.upsert(),
            "INSERT INTO ratings (player, kind, name, streak, best_streak, rating, deviation, \
             volatility, games, wins, draws, losses, updated_at) VALUES ($1, $2, $3, $4, $5, $6, \
             $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (player, kind) DO UPDATE SET \
             name = excluded.name, streak = excluded.streak, best_streak = excluded.best_streak, \
             rating = excluded.rating, deviation = excluded.deviation, volatility = \
             excluded.volatility, games = excluded.games, wins = excluded.wins, draws = \
             excluded.draws, losses = excluded.losses, updated_at = excluded.updated_at"
        );
        assert_eq!(
            COMMUNITIES.select_one(),
            "SELECT server, kind, rating, deviation, volatility, games, wins, draws, losses \
             FROM community_ratings WHERE server = $1 AND kind = $2"
        );
    }
}
