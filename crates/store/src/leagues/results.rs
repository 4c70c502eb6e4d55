//! A league game's result, written by the game's own end: the one piece
//! of leagues that `games::apply_in` calls, kept apart from the season's
//! steps (which create games through `games`) so the two do not import
//! each other.

use super::LeagueFinish;
use crate::{GameId, Millis, StoreError, Tx, Written, on_tx, to_json};
use holotable_games::{Outcome, Seat, SeatResult};
use holotable_leagues::{Finish, Outcome as LeagueOutcome};

/// Inside the transaction that ends community game `game` with `outcome`
/// (`games::apply_in`): if it is a league game without a result, its
/// result, once, and its league due at once, so the scheduler's next look
/// decides whether the round is over. `wakes` counts it: a step under way,
/// which read the games before this result, must not then clear the
/// league's next look (`Store::set_league_next`), and `next_at` alone
/// cannot tell it, as it is not moved when already due. Nothing for any other game, at the
/// cost of one probe of `league_games`' unique index on `game_id`.
///
/// A four-army table's end is recorded (`ended_at`) without its places:
/// the outcome says who won or drew, not in which order the others went
/// out, which only the game's record tells. The scheduler's next look
/// replays it and writes the places (`Store::set_table_finish`).
pub(crate) async fn finish_in(
    tx: &mut Tx,
    game: GameId,
    outcome: &Outcome,
    at: Millis,
) -> Result<(), StoreError> {
    let league: Option<i64> = match finish_of(outcome) {
        Some(finish) => on_tx!(tx, |db| sqlx::query_scalar(
            "UPDATE league_games SET finish = $1, ended_at = $2
             WHERE game_id = $3 AND finish IS NULL
             RETURNING league_id"
        )
        .bind(to_json(&LeagueFinish::Pair(finish)))
        .bind(at)
        .bind(game.0)
        .fetch_optional(db)
        .await)?,
        None => on_tx!(tx, |db| sqlx::query_scalar(
            "UPDATE league_games SET ended_at = $1
             WHERE game_id = $2 AND finish IS NULL AND ended_at IS NULL
             RETURNING league_id"
        )
        .bind(at)
        .bind(game.0)
        .fetch_optional(db)
        .await)?,
    };
    if let Some(league) = league {
        on_tx!(tx, |db| {
            sqlx::query(
            "UPDATE leagues SET next_at = CASE WHEN next_at IS NULL OR next_at > $1 THEN $1 ELSE next_at END,
             wakes = wakes + 1
             WHERE id = $2 AND status = 'running'"
        )
        .bind(at)
        .bind(league)
        .execute(db)
        .await
        .map(Written::from)
        })?;
    }
    Ok(())
}

/// The league result of a two-sided game that ended with `outcome`: the
/// fixture's first entrant plays seat 0. None for a game of more seats: a
/// table, whose places its record gives.
fn finish_of(outcome: &Outcome) -> Option<Finish> {
    if outcome.results.len() != 2 {
        return None;
    }
    let played = match (outcome.results[Seat(0)], outcome.results[Seat(1)]) {
        (SeatResult::Win, _) => LeagueOutcome::FirstWon,
        (_, SeatResult::Win) => LeagueOutcome::SecondWon,
        _ => LeagueOutcome::Drawn,
    };
    Some(Finish::Played(played))
}
