//! `/leaderboard` and `/profile`: ratings as embeds.

use crate::discord::commands::community::GameChoice;
use crate::discord::commands::matches::{mention, player_of, whole};
use crate::discord::{Context, Error, answer_error, post_lang};
use crate::i18n::Lang;
use crate::model::PlayerRating;
use crate::t;
use poise::serenity_prelude as serenity;

/// Leaderboard length.
const BOARD: i64 = 10;

/// The best rated players of a game.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "The game"] game: GameChoice,
) -> Result<(), Error> {
    let rows = match ctx
        .data()
        .service
        .matches()
        .leaderboard(game.kind(), BOARD)
        .await
    {
        Ok(rows) => rows,
        Err(error) => return answer_error(ctx, error).await,
    };
    // The leaderboard is posted for the channel: the server's language.
    let lang = post_lang(ctx).await;
    let title = t!(
        lang,
        "leaderboard-title",
        game = crate::service::text::game_title(lang, game.kind())
    );
    let lines: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            t!(
                lang,
                "leaderboard-line",
                rank = i + 1,
                player = mention(&r.player),
                record = rating_line(lang, r)
            )
        })
        .collect();
    let description = if lines.is_empty() {
        t!(lang, "leaderboard-empty")
    } else {
        lines.join("\n")
    };
    let embed = serenity::CreateEmbed::new()
        .title(title)
        .description(description);
    crate::discord::reply::send(
        ctx,
        poise::CreateReply::default()
            .embed(embed)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await;
    Ok(())
}

/// "1523 ± 120 (3 games, 2 wins, 2 wins in a row)": the deviation
/// doubled, the 95% band people expect from "±".
fn rating_line(lang: Lang, r: &PlayerRating) -> String {
    let (id, run) = match r.streak {
        s if s > 0 => ("rating-record-winning", s),
        s if s < 0 => ("rating-record-losing", -s),
        _ => ("rating-record", 0),
    };
    t!(
        lang,
        id,
        rating = whole(r.rating),
        deviation = whole(2.0 * r.deviation),
        games = r.games,
        wins = r.wins,
        run = run
    )
}

/// A player's ratings and records.
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.as_ref().unwrap_or_else(|| ctx.author());
    let rows = match ctx
        .data()
        .service
        .matches()
        .profile(&user.id.get().to_string())
        .await
    {
        Ok(rows) => rows,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = post_lang(ctx).await;
    let name = player_of(user).name;
    let mut embed = serenity::CreateEmbed::new().title(t!(lang, "profile-title", player = name));
    if rows.is_empty() {
        embed = embed.description(t!(lang, "profile-empty"));
    }
    for row in &rows {
        let title = row
            .kind
            .parse::<crate::games::GameKind>()
            .map_or(row.kind.clone(), |k| {
                crate::service::text::game_title(lang, k)
            });
        let streaks = t!(
            lang,
            "profile-streaks",
            best = row.best_streak,
            draws = row.draws,
            losses = row.losses
        );
        embed = embed.field(
            title,
            format!("{}\n{streaks}", rating_line(lang, row)),
            false,
        );
    }
    crate::discord::reply::send(
        ctx,
        poise::CreateReply::default()
            .embed(embed)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(games: i64, wins: i64, streak: i64) -> PlayerRating {
        PlayerRating {
            player: "1".into(),
            kind: "holochess".into(),
            name: "ann".into(),
            rating: 1523.4,
            deviation: 60.2,
            volatility: 0.06,
            games,
            wins,
            draws: 0,
            losses: games - wins,
            streak,
            best_streak: wins,
        }
    }

    #[test]
    fn a_record_names_its_run_of_wins_or_losses_and_agrees_with_its_counts() {
        assert_eq!(
            rating_line(Lang::En, &row(1, 1, 1)),
            "1523 ± 120 (1 game, 1 win, 1 win in a row)"
        );
        assert_eq!(
            rating_line(Lang::En, &row(5, 2, -3)),
            "1523 ± 120 (5 games, 2 wins, 3 losses in a row)"
        );
        assert_eq!(
            rating_line(Lang::Es, &row(2, 0, 0)),
            "1523 ± 120 (2 partidas, 0 victorias)"
        );
        assert_eq!(
            rating_line(Lang::Ja, &row(5, 2, -3)),
            "1523 ± 120（5局、2勝、3連敗中）"
        );
    }
}
