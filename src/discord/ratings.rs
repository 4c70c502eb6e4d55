//! `/leaderboard` and `/profile`: ratings as embeds.

use super::community::GameChoice;
use super::matches::{mention, player_of};
use super::{Context, Error, answer_error};
use crate::service::text::counted;
use crate::store::RatingRow;
use poise::serenity_prelude as serenity;

/// Leaderboard length.
const BOARD: i64 = 10;

/// The best rated players of a game.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game"] game: GameChoice,
) -> Result<(), Error> {
    let rows = match ctx.data().service.leaderboard(game.kind(), BOARD).await {
        Ok(rows) => rows,
        Err(error) => return answer_error(ctx, error).await,
    };
    let title = format!("{} leaderboard", game.kind().title());
    let lines: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| format!("{}. {} — {}", i + 1, mention(&r.player), rating_line(r)))
        .collect();
    let description = if lines.is_empty() {
        "Nobody has played a rated match of this game yet.".to_string()
    } else {
        lines.join("\n")
    };
    let embed = serenity::CreateEmbed::new()
        .title(title)
        .description(description);
    super::reply::send(
        ctx,
        poise::CreateReply::default()
            .embed(embed)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await;
    Ok(())
}

fn rating_line(r: &RatingRow) -> String {
    let streak = match r.streak {
        s if s > 0 => format!(", {}", counted(s, "win in a row", "wins in a row")),
        s if s < 0 => format!(", {}", counted(-s, "loss in a row", "losses in a row")),
        _ => String::new(),
    };
    format!(
        "{:.0} ± {:.0} ({}, {}{streak})",
        r.rating,
        2.0 * r.deviation,
        counted(r.games, "game", "games"),
        counted(r.wins, "win", "wins")
    )
}

/// A player's ratings and records.
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.as_ref().unwrap_or_else(|| ctx.author());
    let rows = match ctx.data().service.profile(&user.id.get().to_string()).await {
        Ok(rows) => rows,
        Err(error) => return answer_error(ctx, error).await,
    };
    let mut embed =
        serenity::CreateEmbed::new().title(format!("{}'s matches", player_of(user).name));
    if rows.is_empty() {
        embed = embed.description("No rated matches yet.");
    }
    for row in &rows {
        let title = row
            .kind
            .parse::<crate::games::GameKind>()
            .map_or(row.kind.clone(), |k| k.title().to_string());
        embed = embed.field(
            title,
            format!(
                "{}\nBest streak: {}; {} and {}.",
                rating_line(row),
                counted(row.best_streak, "win", "wins"),
                counted(row.draws, "draw", "draws"),
                counted(row.losses, "loss", "losses")
            ),
            false,
        );
    }
    super::reply::send(
        ctx,
        poise::CreateReply::default()
            .embed(embed)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await;
    Ok(())
}
