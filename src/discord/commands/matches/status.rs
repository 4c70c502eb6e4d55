//! `/match status|history|threads`: a player's current (or latest) match
//! in the command's channel, its moves with a replay, and the channel's
//! thread setting (`threads.rs`).

use super::players::{mention, whole};
use super::threads::threads;
use crate::discord::commands::community::reply_with_replay;
use crate::discord::keys::channel_of;
use crate::discord::{Context, Error, answer_error, ephemeral, member_lang, reply};
use crate::i18n::Lang;
use crate::model::GameStatus;
use crate::service::text::relative_time;
use crate::service::{MatchView, rated_key, versus_line};
use crate::t;

/// Your match in this channel.
#[poise::command(
    slash_command,
    guild_only,
    rename = "match",
    subcommands("status", "history", "threads"),
    subcommand_required
)]
pub async fn match_(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Your current (or latest) match here: seats, whose decision, time left.
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let player = ctx.author().id.get().to_string();
    match ctx
        .data()
        .service
        .matches()
        .of(&channel_of(ctx), &player)
        .await
    {
        Ok(view) => {
            reply::send(ctx, ephemeral(status_text(member_lang(ctx), &view))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

fn seat_text(lang: Lang, seat: &crate::model::MatchSeat) -> String {
    let who = match &seat.player {
        Some(id) => mention(id),
        None => t!(lang, "match-the-engine"),
    };
    match (seat.rating_before, seat.rating_after) {
        (before, Some(after)) => t!(
            lang,
            "match-status-seat-rating",
            player = who,
            before = whole(before.unwrap_or(1500.0)),
            after = whole(after)
        ),
        _ => who,
    }
}

fn status_text(lang: Lang, view: &MatchView) -> String {
    let seats: Vec<String> = view.info.seats.iter().map(|s| seat_text(lang, s)).collect();
    let mut lines = vec![t!(
        lang,
        "match-status",
        game = view.game.id.0,
        kind = crate::service::text::game_title(lang, view.game.kind),
        rated = rated_key(view.info.rated),
        seats = versus_line(lang, &seats),
        played = view.game.ply
    )];
    match (&view.waiting, view.info.deadline) {
        (Some(seat), Some(deadline)) if view.game.status == GameStatus::Active => {
            let who = seat.player.as_deref().map(mention).unwrap_or_default();
            lines.push(t!(
                lang,
                "match-status-waiting",
                player = who,
                legal = view.legal.len(),
                deadline = relative_time(deadline)
            ));
        }
        _ => {}
    }
    if let Some(outcome) = &view.game.outcome {
        lines.push(t!(
            lang,
            "match-status-over",
            reason = outcome.reason_text(lang)
        ));
    }
    lines.join("\n")
}

/// The moves of your current (or latest) match here, with a replay.
#[poise::command(slash_command, guild_only)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    reply::defer(ctx).await?;
    let service = &ctx.data().service;
    let player = ctx.author().id.get().to_string();
    let view = match service.matches().of(&channel_of(ctx), &player).await {
        Ok(view) => view,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = member_lang(ctx);
    let moves = service.games().moves(view.game.id).await?;
    let mut list = String::new();
    for (i, mv) in moves.iter().enumerate() {
        let number = i + 1;
        let notation = mv.notation.as_str();
        let player = match (mv.decided_by.as_str(), mv.seat) {
            ("player", Some(seat)) => view.info.seats.iter().find(|s| i64::from(s.seat) == seat),
            _ => None,
        };
        let line = match player {
            Some(seat) => t!(
                lang,
                "match-history-player",
                number = number,
                move = notation,
                player = seat.name.as_str()
            ),
            None => t!(
                lang,
                "history-by",
                number = number,
                move = notation,
                by = mv.decided_by.as_str()
            ),
        };
        let line = format!("{line}\n");
        // Within Discord's 2000 characters; the GIF shows everything.
        if list.len() + line.len() > 1700 {
            list.push_str("…\n");
            break;
        }
        list.push_str(&line);
    }
    if moves.is_empty() {
        list.push_str(&t!(lang, "history-none"));
        list.push('\n');
    }
    let text = format!("{}\n{list}", status_text(lang, &view));
    reply_with_replay(ctx, view.game.id, !moves.is_empty(), text).await
}
