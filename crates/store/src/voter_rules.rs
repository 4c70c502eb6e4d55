//! Who may vote in a server's community games: the thresholds its managers
//! set, a league's minimums for the league's games, and the refusals
//! counted per (server, channel, rule). Checking a member against them is
//! the service's (`holotable_leagues::eligibility`).

use super::{GameId, Millis, Store, StoreError, Written, on_pool};
use holotable_leagues::eligibility::{LeagueMinimums, RoleId, VoterRule, VoterRules};

type RulesRow = (i64, i64, Option<String>);

impl Store {
    /// Server `server`'s voter rules; the defaults (which refuse nobody)
    /// when its managers set none.
    pub async fn voter_rules(&self, server: &str) -> Result<VoterRules, StoreError> {
        let row: Option<RulesRow> = on_pool!(self, |db| sqlx::query_as(
            "SELECT min_account_age_ms, min_time_in_server_ms, required_role
             FROM voter_rules WHERE server = $1"
        )
        .bind(server)
        .fetch_optional(db)
        .await)?;
        Ok(
            row.map_or_else(VoterRules::default, |(age, time, role)| VoterRules {
                min_account_age_ms: age,
                min_time_in_server_ms: time,
                required_role: role.map(RoleId),
            }),
        )
    }

    /// Replaces server `server`'s voter rules, set by `by` at `at`.
    pub async fn set_voter_rules(
        &self,
        server: &str,
        rules: &VoterRules,
        by: &str,
        at: Millis,
    ) -> Result<(), StoreError> {
        let role = rules.required_role.as_ref().map(|r| r.0.as_str());
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO voter_rules
                 (server, min_account_age_ms, min_time_in_server_ms, required_role, set_by, set_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (server) DO UPDATE SET
                 min_account_age_ms = excluded.min_account_age_ms,
                 min_time_in_server_ms = excluded.min_time_in_server_ms,
                 required_role = excluded.required_role,
                 set_by = excluded.set_by, set_at = excluded.set_at"
        )
        .bind(server)
        .bind(rules.min_account_age_ms)
        .bind(rules.min_time_in_server_ms)
        .bind(role)
        .bind(by)
        .bind(at)
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// Counts one vote refused by `rule` in `channel` of `server`: one
    /// upsert, so refusals racing across processes each count.
    pub async fn count_vote_refusal(
        &self,
        server: &str,
        channel: &str,
        rule: VoterRule,
    ) -> Result<(), StoreError> {
        on_pool!(self, |db| sqlx::query(
            "INSERT INTO vote_refusals (server, channel, rule, count) VALUES ($1, $2, $3, 1)
             ON CONFLICT (server, channel, rule) DO UPDATE SET count = vote_refusals.count + 1"
        )
        .bind(server)
        .bind(channel)
        .bind(rule.as_str())
        .execute(db)
        .await
        .map(Written::from))?;
        Ok(())
    }

    /// Server `server`'s refused votes per rule, over all its channels;
    /// rules that refused nobody are left out.
    pub async fn vote_refusals(&self, server: &str) -> Result<Vec<(VoterRule, i64)>, StoreError> {
        let rows: Vec<(String, i64)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT rule, CAST(SUM(count) AS BIGINT) FROM vote_refusals
             WHERE server = $1 GROUP BY rule ORDER BY rule"
        )
        .bind(server)
        .fetch_all(db)
        .await)?;
        rows.into_iter()
            .map(|(rule, count)| {
                let rule = rule
                    .parse()
                    .map_err(|e| StoreError::Corrupt(format!("vote_refusals.rule: {e}")))?;
                Ok((rule, count))
            })
            .collect()
    }

    /// The minimums of the league whose game `game` is; `None` for a game
    /// of no league.
    pub async fn league_minimums(
        &self,
        game: GameId,
    ) -> Result<Option<LeagueMinimums>, StoreError> {
        let row: Option<(i64, i64)> = on_pool!(self, |db| sqlx::query_as(
            "SELECT l.min_account_age_ms, l.min_time_in_server_ms
             FROM league_games g JOIN leagues l ON l.id = g.league_id
             WHERE g.game_id = $1"
        )
        .bind(game.0)
        .fetch_optional(db)
        .await)?;
        Ok(row.map(|(age, time)| LeagueMinimums {
            min_account_age_ms: age,
            min_time_in_server_ms: time,
        }))
    }

    /// The server `channel` was last seen in (`note_channel_server`).
    pub async fn channel_server(&self, channel: &str) -> Result<Option<String>, StoreError> {
        Ok(on_pool!(self, |db| sqlx::query_scalar(
            "SELECT server FROM channel_servers WHERE channel = $1"
        )
        .bind(channel)
        .fetch_optional(db)
        .await)?)
    }
}
