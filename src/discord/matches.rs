//! Matches from Discord: `/challenge`, `/play`, `/move`, `/resign` and
//! `/match status|history`. Clicks on challenge buttons and turn menus are
//! in `match_clicks.rs`, ratings in `ratings.rs`. Rules (who may act, what
//! a move means) stay in the service; refusals are ephemeral.

use super::community::{GameChoice, LevelChoice, parse_duration, reply_with_replay};
use super::deliver::channel_key;
use super::match_present::challenge_buttons;
use super::match_threads::{self, threads};
use super::{Context, Error, answer_error, channel_of, ephemeral, member_lang};
use crate::i18n::Lang;
use crate::service::text::{and_list, duration, relative_time};
use crate::service::{
    ChallengeRequest, EngineMatchRequest, MatchView, Refusal, ServiceError, rated_key, versus,
};
use crate::store::{ChallengeRow, GameStatus, PlayerRef};
use crate::t;
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

/// A rating as people read it: whole points ("1523").
pub(super) fn whole(rating: f64) -> String {
    format!("{rating:.0}")
}

/// The language of what the bot posts in the command's channel: the
/// server's. A failure to read it costs only the language of one post.
pub(super) async fn post_lang(ctx: Context<'_>) -> Lang {
    channel_lang(ctx.data(), ctx.channel_id().get()).await
}

/// The server's language for a post in `channel`.
pub(super) async fn channel_lang(data: &super::Data, channel: u64) -> Lang {
    match data.service.channel_language(&channel_key(channel)).await {
        Ok(lang) => lang,
        Err(error) => {
            tracing::warn!(%error, channel, "reading the channel's language failed; posting in English");
            Lang::default()
        }
    }
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
        let text = t!(member_lang(ctx), "match-bots-cannot-play");
        super::reply::send(ctx, ephemeral(text)).await;
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
    // The challenge is a post in the channel: the server's language.
    let lang = post_lang(ctx).await;
    let (accept, decline) = challenge_buttons(challenge.id);
    let buttons = serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(accept)
            .label(t!(lang, "challenge-accept"))
            .style(serenity::ButtonStyle::Success),
        serenity::CreateButton::new(decline)
            .label(t!(lang, "challenge-decline"))
            .style(serenity::ButtonStyle::Danger),
    ]);
    let invited: Vec<serenity::UserId> = challenge
        .invited
        .iter()
        .filter_map(|p| p.id.parse().ok())
        .map(serenity::UserId::new)
        .collect();
    let reply = poise::CreateReply::default()
        .content(challenge_text(lang, &challenge))
        .components(vec![buttons])
        // The challenged are pinged: it is their decision now.
        .allowed_mentions(serenity::CreateAllowedMentions::new().users(invited));
    super::reply::send(ctx, reply).await;
    Ok(())
}

fn challenge_text(lang: Lang, challenge: &ChallengeRow) -> String {
    let invited: Vec<String> = challenge.invited.iter().map(|p| mention(&p.id)).collect();
    t!(
        lang,
        "challenge-posted",
        challenger = mention(&challenge.challenger.id),
        invited = and_list(lang, &invited),
        game = challenge.kind.title(),
        turn = duration(lang, challenge.turn_ms),
        lapses = relative_time(challenge.expires_at)
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
        let lang = post_lang(ctx).await;
        let players = [by.name.clone(), t!(lang, "match-the-engine")];
        let name = t!(
            lang,
            "match-thread-name",
            game = game.kind().title(),
            players = versus(lang, &players)
        );
        match_threads::open(ctx.data(), ctx.guild_id(), here, None, &name).await
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
            let lang = member_lang(ctx);
            let text = match thread {
                Some(thread) => t!(
                    lang,
                    "match-engine-started-thread",
                    game = id.0,
                    thread = format!("<#{thread}>")
                ),
                None => t!(lang, "match-engine-started", game = id.0),
            };
            super::reply::send(ctx, ephemeral(text)).await;
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
            let text = t!(member_lang(ctx), "match-you-played", move = receipt.mv);
            super::reply::send(ctx, ephemeral(text)).await;
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
            let text = t!(member_lang(ctx), "match-you-resigned", game = id.0);
            super::reply::send(ctx, ephemeral(text)).await;
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
        let text = t!(
            member_lang(ctx),
            "match-in-thread",
            thread = format!("<#{thread}>"),
            command = command
        );
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
            super::reply::send(ctx, ephemeral(status_text(member_lang(ctx), &view))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

fn seat_text(lang: Lang, seat: &crate::store::SeatRow) -> String {
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
        kind = view.game.kind.title(),
        rated = rated_key(view.info.rated),
        seats = versus(lang, &seats),
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
    super::reply::defer(ctx).await?;
    let service = &ctx.data().service;
    let player = ctx.author().id.get().to_string();
    let view = match service.match_of(&channel_of(ctx), &player).await {
        Ok(view) => view,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = member_lang(ctx);
    let moves = service.store().moves(view.game.id).await?;
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
