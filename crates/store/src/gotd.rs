//! Gamer of the Day: per-server settings, the claim of a server's post for
//! a local date, the curated items a server has been shown, and the
//! activity the winner is chosen from.
//!
//! The claim is the whole of "exactly one post per server per local date":
//! the `gotd_posts` row (primary key server + date), the items drawn and
//! the outbox row are written in one transaction that starts with the
//! claim's insert, so of several processes racing for a date one writes
//! everything and the others write nothing.

use super::outbox::{self, NewAnnouncement};
use super::{GameId, Millis, Store, StoreError, Tx, Written, from_json, on_pool, on_tx};
use crate::DailySettings;
use holotable_games::{Outcome, SeatResult};

/// The curated lists whose items are not repeated within a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CuratedList {
    Character,
    FunFact,
}

impl CuratedList {
    pub fn as_str(self) -> &'static str {
        match self {
            CuratedList::Character => "character",
            CuratedList::FunFact => "fun-fact",
        }
    }
}

/// A daily post to claim. The curated items are drawn inside the claim:
/// the first of the candidates (in the caller's order) not yet shown in
/// the server's current cycle of that list.
#[derive(Clone, Debug)]
pub struct NewDailyPost<'a> {
    pub server: &'a str,
    pub local_date: &'a str,
    pub channel: &'a str,
    /// The member of the day; `None` draws a character instead.
    pub member: Option<&'a str>,
    pub characters: &'a [&'a str],
    pub facts: &'a [&'a str],
    pub at: Millis,
}

/// What a claim drew from the curated lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub character: Option<String>,
    pub fact: String,
}

/// A community game that finished, with everyone who voted in it.
#[derive(Clone, Debug)]
pub struct FinishedCommunityGame {
    pub game: GameId,
    pub community_seats: Vec<u8>,
    pub outcome: Outcome,
    pub voters: Vec<String>,
}

/// One member's part in a finished match.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedMatchSeat {
    pub member: String,
    pub won: bool,
    /// Rated matches only; `rating_before` is also `None` in a member's
    /// first rated match of that game.
    pub rating_before: Option<f64>,
    pub rating_after: Option<f64>,
}

const SETTINGS_COLUMNS: &str =
    "server, channel, post_time, time_zone, mentions, configured_at FROM gotd_settings";

/// Member, seat, outcome JSON, rating before and after.
type MatchSeatRow = (String, i64, String, Option<f64>, Option<f64>);

type SettingsRow = (String, String, String, String, bool, Millis);

fn settings_from_row(row: SettingsRow) -> DailySettings {
    let (server, channel, post_time, time_zone, mentions, configured_at) = row;
    DailySettings {
        server,
        channel,
        post_time,
        time_zone,
        mentions,
        configured_at,
    }
}

impl Store {
    /// Remembers which server `channel` belongs to.
    pub async fn note_channel_server(&self, channel: &str, server: &str) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query(
            "INSERT INTO channel_servers (channel, server) VALUES ($1, $2)
             ON CONFLICT (channel) DO UPDATE SET server = excluded.server WHERE channel_servers.server != excluded.server",
        )
        .bind(channel)
        .bind(server)
        .execute(db)
        .await.map(Written::from)
        })?;
        Ok(())
    }

    pub async fn set_daily_settings(&self, settings: &DailySettings) -> Result<(), StoreError> {
        on_pool!(self, |db| {
            sqlx::query(
            "INSERT INTO gotd_settings (server, channel, post_time, time_zone, mentions, configured_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (server) DO UPDATE SET channel = excluded.channel, post_time = excluded.post_time,
                time_zone = excluded.time_zone, mentions = excluded.mentions,
                configured_at = excluded.configured_at",
        )
        .bind(&settings.server)
        .bind(&settings.channel)
        .bind(&settings.post_time)
        .bind(&settings.time_zone)
        .bind(settings.mentions)
        .bind(settings.configured_at)
        .execute(db)
        .await.map(Written::from)
        })?;
        Ok(())
    }

    /// Turns the server's daily post off; returns whether it was on.
    pub async fn remove_daily_settings(&self, server: &str) -> Result<bool, StoreError> {
        let done = on_pool!(self, |db| sqlx::query(
            "DELETE FROM gotd_settings WHERE server = $1"
        )
        .bind(server)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn daily_settings(&self, server: &str) -> Result<Option<DailySettings>, StoreError> {
        let row: Option<SettingsRow> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {SETTINGS_COLUMNS} WHERE server = $1")
        ))
        .bind(server)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(settings_from_row))
    }

    /// Every server with the daily post on.
    pub async fn all_daily_settings(&self) -> Result<Vec<DailySettings>, StoreError> {
        let rows: Vec<SettingsRow> = on_pool!(self, |db| sqlx::query_as(sqlx::AssertSqlSafe(
            format!("SELECT {SETTINGS_COLUMNS} ORDER BY server")
        ))
        .fetch_all(db)
        .await)?;
        Ok(rows.into_iter().map(settings_from_row).collect())
    }

    /// What the post of a local date drew, once claimed.
    pub async fn daily_post_drawn(
        &self,
        server: &str,
        local_date: &str,
    ) -> Result<Option<Drawn>, StoreError> {
        let row: Option<(String, String)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT subject, fact FROM gotd_posts WHERE server = $1 AND local_date = $2",
        )
        .bind(server)
        .bind(local_date)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(|(subject, fact)| Drawn {
            character: subject.strip_prefix("character:").map(String::from),
            fact,
        }))
    }

    /// The latest local date the server posted for.
    pub async fn last_daily_post_date(&self, server: &str) -> Result<Option<String>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT MAX(local_date) FROM gotd_posts WHERE server = $1"
        )
        .bind(server)
        .fetch_one(db)
        .await)?)
    }

    pub async fn daily_post_claimed(
        &self,
        server: &str,
        local_date: &str,
    ) -> Result<bool, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM gotd_posts WHERE server = $1 AND local_date = $2)",
        )
        .bind(server)
        .bind(local_date)
        .fetch_one(db)
        .await)?)
    }

    /// Claims the server's post for a local date, draws its curated items
    /// and queues `announce(&drawn)` in the outbox, all at once. Returns
    /// `None` (and writes nothing) when the date was claimed already.
    ///
    /// # Panics
    /// When a candidate list the claim draws from is empty.
    pub async fn claim_daily_post(
        &self,
        post: &NewDailyPost<'_>,
        announce: impl FnOnce(&Drawn) -> NewAnnouncement,
    ) -> Result<Option<Drawn>, StoreError> {
        let mut tx = self.begin().await?;
        // The insert comes first: it takes SQLite's write lock, so the
        // draws below read what no other claim can change under them. On
        // PostgreSQL, claims of one server for two dates would not wait for
        // each other and could draw the same item: they take turns on the
        // server's key first.
        tx.serialise_on(&format!("daily-post:{}", post.server))
            .await?;
        let claimed = on_tx!(&mut tx, |db| sqlx::query(
            "INSERT INTO gotd_posts (server, local_date, channel, subject, fact, posted_at)
             VALUES ($1, $2, $3, '', '', $4) ON CONFLICT (server, local_date) DO NOTHING",
        )
        .bind(post.server)
        .bind(post.local_date)
        .bind(post.channel)
        .bind(post.at)
        .execute(db)
        .await
        .map(Written::from))?;
        if claimed.rows_affected() == 0 {
            return Ok(None);
        }
        let character = match post.member {
            Some(_) => None,
            None => Some(
                draw_in(
                    &mut tx,
                    post.server,
                    CuratedList::Character,
                    post.characters,
                    post.at,
                )
                .await?,
            ),
        };
        let fact = draw_in(
            &mut tx,
            post.server,
            CuratedList::FunFact,
            post.facts,
            post.at,
        )
        .await?;
        let subject = match (post.member, &character) {
            (Some(member), _) => format!("member:{member}"),
            (None, Some(character)) => format!("character:{character}"),
            (None, None) => unreachable!("a character is drawn when there is no member"),
        };
        on_tx!(&mut tx, |db| sqlx::query(
            "UPDATE gotd_posts SET subject = $1, fact = $2 WHERE server = $3 AND local_date = $4",
        )
        .bind(&subject)
        .bind(&fact)
        .bind(post.server)
        .bind(post.local_date)
        .execute(db)
        .await
        .map(Written::from))?;
        let drawn = Drawn { character, fact };
        outbox::insert_in(&mut tx, None, post.channel, &announce(&drawn), post.at).await?;
        tx.commit().await?;
        Ok(Some(drawn))
    }

    /// The item a claim would draw now, without drawing it (for previews).
    ///
    /// # Panics
    /// When `candidates` is empty.
    pub async fn peek_draw(
        &self,
        server: &str,
        list: CuratedList,
        candidates: &[&str],
    ) -> Result<String, StoreError> {
        // A transaction only for a connection of either backend; it writes
        // nothing and rolls back when dropped.
        let mut tx = self.begin().await?;
        let (_, unused) = unused_in(&mut tx, server, list, candidates).await?;
        Ok(unused.unwrap_or(candidates[0]).to_string())
    }

    /// Per voter, the votes they cast for the move the community then
    /// played, in the games of `server`'s channels whose move was played in
    /// `[from, to)`.
    pub async fn winning_votes(
        &self,
        server: &str,
        from: Millis,
        to: Millis,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_as(
            "SELECT v.voter, COUNT(*) FROM votes v
             JOIN moves m ON m.game_id = v.game_id AND m.ply = v.ply
                          AND m.decided_by = 'community' AND m.notation = v.move
             JOIN games g ON g.id = v.game_id
             JOIN channel_servers c ON c.channel = g.channel
             WHERE c.server = $1 AND m.played_at >= $2 AND m.played_at < $3
             GROUP BY v.voter ORDER BY v.voter",
        )
        .bind(server)
        .bind(from)
        .bind(to)
        .fetch_all(db)
        .await)?)
    }

    /// The community games of `server`'s channels that finished in
    /// `[from, to)`, with their voters.
    pub async fn finished_community_games(
        &self,
        server: &str,
        from: Millis,
        to: Millis,
    ) -> Result<Vec<FinishedCommunityGame>, StoreError> {
        let rows: Vec<(i64, String, String)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT g.id, g.community_seats, g.outcome FROM games g
             JOIN channel_servers c ON c.channel = g.channel
             WHERE c.server = $1 AND g.mode = 'community'
               AND g.status = 'finished' AND g.outcome IS NOT NULL
               AND g.finished_at >= $2 AND g.finished_at < $3
             ORDER BY g.id",
        )
        .bind(server)
        .bind(from)
        .bind(to)
        .fetch_all(db)
        .await)?;
        let mut games = Vec::with_capacity(rows.len());
        for (id, seats, outcome) in rows {
            let voters: Vec<String> = on_pool!(self, |db| sqlx::query_scalar(
                "SELECT DISTINCT voter FROM votes WHERE game_id = $1 ORDER BY voter",
            )
            .bind(id)
            .fetch_all(db)
            .await)?;
            games.push(FinishedCommunityGame {
                game: GameId(id),
                community_seats: from_json(&seats)?,
                outcome: from_json(&outcome)?,
                voters,
            });
        }
        Ok(games)
    }
}

impl Store {
    /// Every member's seat in a match of `server` that finished in
    /// `[from, to)`; the engine's seats are left out.
    ///
    /// # Errors
    /// When the database fails or holds an unreadable outcome.
    pub async fn finished_match_seats(
        &self,
        server: &str,
        from: Millis,
        to: Millis,
    ) -> Result<Vec<FinishedMatchSeat>, StoreError> {
        let rows: Vec<MatchSeatRow> = on_pool!(self, |db| sqlx::query_as(
            "SELECT s.player, s.seat, g.outcome, s.rating_before, s.rating_after FROM games g
             JOIN match_seats s ON s.game_id = g.id
             JOIN channel_servers c ON c.channel = g.channel
             WHERE c.server = $1 AND g.mode = 'match' AND s.player IS NOT NULL
               AND g.status = 'finished' AND g.outcome IS NOT NULL
               AND g.finished_at >= $2 AND g.finished_at < $3
             ORDER BY g.id, s.seat",
        )
        .bind(server)
        .bind(from)
        .bind(to)
        .fetch_all(db)
        .await)?;
        rows.into_iter()
            .map(|(member, seat, outcome, before, after)| {
                let outcome: Outcome = from_json(&outcome)?;
                let won = outcome
                    .results
                    .iter()
                    .any(|(s, r)| i64::from(s.0) == seat && *r == SeatResult::Win);
                Ok(FinishedMatchSeat {
                    member,
                    won,
                    rating_before: before,
                    rating_after: after,
                })
            })
            .collect()
    }
}

/// The server's current cycle of `list` and the first candidate not shown
/// in it (`None` when the cycle is complete).
async fn unused_in<'c>(
    conn: &mut Tx,
    server: &str,
    list: CuratedList,
    candidates: &[&'c str],
) -> Result<(i64, Option<&'c str>), StoreError> {
    let cycle: i64 = on_tx!(conn, |db| sqlx::query_scalar(
        "SELECT COALESCE(MAX(cycle), 0) FROM gotd_used WHERE server = $1 AND list = $2",
    )
    .bind(server)
    .bind(list.as_str())
    .fetch_one(db)
    .await)?;
    let used: Vec<String> = on_tx!(conn, |db| sqlx::query_scalar(
        "SELECT item FROM gotd_used WHERE server = $1 AND list = $2 AND cycle = $3",
    )
    .bind(server)
    .bind(list.as_str())
    .bind(cycle)
    .fetch_all(db)
    .await)?;
    let unused = candidates
        .iter()
        .copied()
        .find(|c| !used.iter().any(|u| u == c));
    Ok((cycle, unused))
}

async fn draw_in(
    tx: &mut Tx,
    server: &str,
    list: CuratedList,
    candidates: &[&str],
    at: Millis,
) -> Result<String, StoreError> {
    let (cycle, unused) = unused_in(tx, server, list, candidates).await?;
    // Every item shown: a new cycle starts with the first candidate.
    let (cycle, item) = match unused {
        Some(item) => (cycle, item),
        None => (cycle + 1, candidates[0]),
    };
    on_tx!(tx, |db| sqlx::query(
        "INSERT INTO gotd_used (server, list, cycle, item, used_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(server)
    .bind(list.as_str())
    .bind(cycle)
    .bind(item)
    .bind(at)
    .execute(db)
    .await
    .map(Written::from))?;
    Ok(item.to_string())
}
