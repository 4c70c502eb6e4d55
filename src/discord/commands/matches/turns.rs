//! A player's turn from Discord: `/move` (autocompleted with their legal
//! moves) and `/resign`, in their match in the command's channel. The
//! turn menus' clicks are `clicks.rs`.

use super::threads;
use crate::discord::keys::channel_of;
use crate::discord::{Context, Error, answer_error, ephemeral, member_lang, reply};
use crate::service::MatchRefusal;
use crate::service::{Refusal, ServiceError};
use crate::t;
use poise::serenity_prelude as serenity;

/// Discord shows at most 25 autocomplete choices.
const CHOICES: usize = 25;

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
    reply::defer(ctx).await?;
    let player = ctx.author().id.get().to_string();
    match ctx
        .data()
        .service
        .matches()
        .play(&channel_of(ctx), &player, &mv)
        .await
    {
        Ok(receipt) => {
            let text = t!(member_lang(ctx), "match-you-played", move = receipt.mv);
            reply::send(ctx, ephemeral(text)).await;
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
    if let Ok(view) = ctx
        .data()
        .service
        .matches()
        .of(&channel_of(ctx), &player)
        .await
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
    match ctx
        .data()
        .service
        .matches()
        .resign(&channel_of(ctx), &player)
        .await
    {
        Ok(id) => {
            let text = t!(member_lang(ctx), "match-you-resigned", game = id.0);
            reply::send(ctx, ephemeral(text)).await;
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
        ServiceError::Refused(
            Refusal::Match(MatchRefusal::NoMatch) | Refusal::Match(MatchRefusal::MatchOver)
        )
    ) && let Some(thread) =
        threads::live_thread_of(ctx.data(), ctx.channel_id().get(), player).await
    {
        let text = t!(
            member_lang(ctx),
            "match-in-thread",
            thread = format!("<#{thread}>"),
            command = command
        );
        reply::send(ctx, ephemeral(text)).await;
        return Ok(());
    }
    answer_error(ctx, error).await
}
