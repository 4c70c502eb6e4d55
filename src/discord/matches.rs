//! Matches from Discord: `/challenge`, `/play`, `/move`, `/resign` and
//! `/match status|history`. Clicks on challenge buttons and turn menus are
//! in `match_clicks.rs`, ratings in `ratings.rs`. Rules (who may act, what
//! a move means) stay in the service; refusals are ephemeral.

use super::community::{GameChoice, LevelChoice, parse_duration, reply_with_replay};
use super::deliver::channel_key;
use super::match_present::challenge_buttons;
use super::match_threads::{self, threads};
use super::{Context, Error, answer_error, channel_of, ephemeral, member_lang};
use crate::service::text::{counted, counted_usize};
use crate::service::{
    ChallengeRequest, EngineMatchRequest, MatchView, Refusal, ServiceError, human_duration,
};
use crate::store::{ChallengeRow, GameStatus, PlayerRef};
use poise::serenity_prelude as serenity;

/// Discord shows at most 25 autocomplete choices.
const CHOICES: usize = 25;

pub(super) fn player_of(user: &serenity::User) -> PlayerRef {
    PlayerRef {
        id: user.id.get().to_string(),
        name: user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone()),
    }
}

pub(super) fn mention(id: &str) -> String {
    format!("<@{id}>")
}

/// Challenge other members to a match.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who you challenge"] opponent: serenity::User,
    #[description = "The game to play"] game: GameChoice,
    #[description = "Time for each decision, like 10m, 2h or 1d (default 1d)"]
    #[max_length = 20]
    turn: Option<String>,
    #[description = "A second opponent, in games for more players"] opponent2: Option<
        serenity::User,
    >,
    #[description = "A third opponent, in games for four players"] opponent3: Option<
        serenity::User,
    >,
) -> Result<(), Error> {
    let turn_ms = match turn
        .as_deref()
        .map(|t| parse_duration(member_lang(ctx), t))
        .transpose()
    {
        Ok(ms) => ms,
        Err(message) => {
            super::reply::send(ctx, ephemeral(message)).await;
            return Ok(());
        }
    };
    let opponents: Vec<PlayerRef> = std::iter::once(&opponent)
        .chain(opponent2.as_ref())
        .chain(opponent3.as_ref())
        .map(player_of)
        .collect();
    if [&opponent]
        .into_iter()
        .chain(opponent2.as_ref())
        .chain(opponent3.as_ref())
        .any(|u| u.bot)
    {
        super::reply::send(
            ctx,
            ephemeral("Bots cannot play matches; use `/play` to play me."),
        )
        .await;
        return Ok(());
    }
    let request = ChallengeRequest {
        channel: channel_of(ctx),
        kind: game.kind(),
        rules: serde_json::json!({}),
        by: player_of(ctx.author()),
        opponents,
        turn_ms,
        seed: None,
    };
    let challenge = match ctx.data().service.challenge(request).await {
        Ok(challenge) => challenge,
        Err(error) => return answer_error(ctx, error).await,
    };
    let (accept, decline) = challenge_buttons(challenge.id);
    let buttons = serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(accept)
            .label("Accept")
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(decline)
            .label("Decline")
            .style(serenity::ButtonStyle::Danger),
    ]);
    let invited: Vec<serenity::UserId> = challenge
        .invited
        .iter()
        .filter_map(|p| p.id.parse().ok())
        .map(serenity::UserId::new)
        .collect();
    let reply = poise::CreateReply::default()
        .content(challenge_text(&challenge))
        .components(vec![buttons])
        // The challenged are pinged: it is their decision now.
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(invited));
    super::reply::send(ctx, reply).await;
    Ok(())
}

fn challenge_text(challenge: &ChallengeRow) -> String {
    let invited: Vec<String> = challenge.invited.iter().map(|p| mention(&p.id)).collect();
    format!(
        "{} challenges {} to a rated match of {} ({} per decision). The challenge lapses <t:{}:R>.",
        mention(&challenge.challenger.id),
        invited.join(" and "),
        challenge.kind.title(),
        human_duration(challenge.turn_ms),
        challenge.expires_at / 1000
    )
}

/// Play a match against me.
#[poise::command(slash_command, guild_only)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "The game to play"] game: GameChoice,
    #[description = "My strength"] level: Option<LevelChoice>,
    #[description = "Time for each of your decisions, like 10m, 2h or 1d (default 1d)"]
    #[max_length = 20]
    turn: Option<String>,
) -> Result<(), Error> {
    super::reply::defer(ctx).await?;
    let turn_ms = match turn
        .as_deref()
        .map(|t| parse_duration(member_lang(ctx), t))
        .transpose()
    {
        Ok(ms) => ms,
        Err(message) => {
            super::reply::send(ctx, ephemeral(message)).await;
            return Ok(());
        }
    };
    let by = player_of(ctx.author());
    let here = ctx.channel_id().get();
    let thread = if match_threads::wanted(ctx.data(), here).await {
        let name = format!("{}: {} vs the engine", game.kind().title(), by.name);
        match_threads::open(&ctx.data().rest, here, None, &name).await
    } else {
        None
    };
    let request = EngineMatchRequest {
        channel: thread.map_or_else(|| channel_of(ctx), channel_key),
        kind: game.kind(),
        rules: serde_json::json!({}),
        by,
        level: level.map(|l| poise::ChoiceParameter::name(&l).to_string()),
        turn_ms,
        seed: None,
    };
    match ctx.data().service.play_engine(request).await {
        Ok(id) => {
            let place = thread.map_or_else(String::new, |t| format!(" in <#{t}>"));
            super::reply::send(
                ctx,
                ephemeral(format!(
                    "Match {id} against me started{place}: the board is on its way."
                )),
            )
            .await;
            Ok(())
        }
        Err(error) => {
            if let Some(thread) = thread {
                match_threads::remove(&ctx.data().rest, thread).await;
            }
            answer_error(ctx, error).await
        }
    }
}

/// Play a move in your match in this channel.
#[poise::command(slash_command, guild_only, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "A move like A1-B1"]
    #[autocomplete = "autocomplete_move"]
    #[max_length = 40]
    #[rename = "move"]
    mv: String,
) -> Result<(), Error> {
    // The engine may reply before the move is confirmed: defer.
    super::reply::defer(ctx).await?;
    let player = ctx.author().id.get().to_string();
    match ctx
        .data()
        .service
        .match_move(&channel_of(ctx), &player, &mv)
        .await
    {
        Ok(receipt) => {
            super::reply::send(ctx, ephemeral(format!("You played {}.", receipt.mv))).await;
            Ok(())
        }
        Err(error) => answer_unless_in_thread(ctx, &player, error, "move").await,
    }
}

/// Your legal moves containing what was typed (none when it is not your
/// decision).
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let player = ctx.author().id.get().to_string();
    let mut choices = Vec::new();
    if let Ok(view) = ctx.data().service.match_of(&channel_of(ctx), &player).await
        && view.waiting.as_ref().and_then(|s| s.player.as_deref()) == Some(player.as_str())
    {
        let wanted = partial.trim().to_ascii_uppercase();
        choices = view
            .legal
            .iter()
            .filter(|mv| mv.to_ascii_uppercase().contains(&wanted))
            .take(CHOICES)
            .map(|mv| serenity::AutocompleteChoice::new(mv.clone(), mv.clone()))
            .collect();
    }
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Resign your match in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    let player = ctx.author().id.get().to_string();
    match ctx.data().service.resign(&channel_of(ctx), &player).await {
        Ok(id) => {
            super::reply::send(ctx, ephemeral(format!("You resigned match {id}."))).await;
            Ok(())
        }
        Err(error) => answer_unless_in_thread(ctx, &player, error, "resign").await,
    }
}

/// Answers a refused `/move` or `/resign`. When the player has no live
/// match in this channel because theirs plays in a thread opened here,
/// they are pointed to it: "the match is over" about an older match here
/// would send them looking for a game that is not the one they mean.
async fn answer_unless_in_thread(
    ctx: Context<'_>,
    player: &str,
    error: ServiceError,
    command: &str,
) -> Result<(), Error> {
    if matches!(
        error,
        ServiceError::Refused(Refusal::NoMatch | Refusal::MatchOver)
    ) && let Some(thread) =
        match_threads::live_thread_of(ctx.data(), ctx.channel_id().get(), player).await
    {
        let text =
            format!("Your match is played in its thread, <#{thread}>: use `/{command}` there.");
        super::reply::send(ctx, ephemeral(text)).await;
        return Ok(());
    }
    answer_error(ctx, error).await
}

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
    match ctx.data().service.match_of(&channel_of(ctx), &player).await {
        Ok(view) => {
            super::reply::send(ctx, ephemeral(status_text(&view))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

fn seat_text(seat: &crate::store::SeatRow) -> String {
    let who = match &seat.player {
        Some(id) => mention(id),
        None => "the engine".into(),
    };
    let rating = match (seat.rating_before, seat.rating_after) {
        (before, Some(after)) => {
            format!(" {:.0} → {after:.0}", before.unwrap_or(1500.0))
        }
        _ => String::new(),
    };
    format!("{who}{rating}")
}

fn status_text(view: &MatchView) -> String {
    let seats: Vec<String> = view.info.seats.iter().map(seat_text).collect();
    let mut text = format!(
        "Match {} ({}, {}): {}; {} played.",
        view.game.id,
        view.game.kind.title(),
        if view.info.rated { "rated" } else { "friendly" },
        seats.join(" vs "),
        counted(view.game.ply, "decision", "decisions")
    );
    match (&view.waiting, view.info.deadline) {
        (Some(seat), Some(deadline)) if view.game.status == GameStatus::Active => {
            let who = seat.player.as_deref().map(mention).unwrap_or_default();
            text.push_str(&format!(
                "\n{who} to decide ({}); time runs out <t:{}:R>.",
                counted_usize(view.legal.len(), "legal move", "legal moves"),
                deadline / 1000
            ));
        }
        _ => {}
    }
    if let Some(outcome) = &view.game.outcome {
        text.push_str(&format!(
            "\nOver: {}.",
            outcome.reason_text(crate::i18n::Lang::En)
        ));
    }
    text
}

/// The moves of your current (or latest) match here, with a replay.
#[poise::command(slash_command, guild_only)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    super::reply::defer(ctx).await?;
    let service = &ctx.data().service;
    let player = ctx.author().id.get().to_string();
    let view = match service.match_of(&channel_of(ctx), &player).await {
        Ok(view) => view,
        Err(error) => return answer_error(ctx, error).await,
    };
    let moves = service.store().moves(view.game.id).await?;
    let mut list = String::new();
    for (i, mv) in moves.iter().enumerate() {
        let by = match (mv.decided_by.as_str(), mv.seat) {
            ("player", Some(seat)) => view
                .info
                .seats
                .iter()
                .find(|s| i64::from(s.seat) == seat)
                .map_or_else(String::new, |s| format!(" ({})", s.name)),
            (by, _) => format!(" ({by})"),
        };
        let line = format!("{}. {}{by}\n", i + 1, mv.notation);
        // Within Discord's 2000 characters; the GIF shows everything.
        if list.len() + line.len() > 1700 {
            list.push_str("…\n");
            break;
        }
        list.push_str(&line);
    }
    if moves.is_empty() {
        list.push_str("No moves yet.\n");
    }
    let text = format!("{}\n{list}", status_text(&view));
    reply_with_replay(ctx, view.game.id, !moves.is_empty(), text).await
}
