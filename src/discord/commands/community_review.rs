//! `/community review [game:]`: the review posted when a game of this
//! channel ended, shown again to the member who asks.
//!
//! Only to them (the channel had the review once already), and only for
//! games this channel played a side of: the service refuses another
//! server's games, whose members' names are not this channel's to read.

use crate::discord::keys::channel_of;
use crate::discord::{Context, Error, answer_error, ephemeral, member_lang};
use crate::model::GameId;

/// My review of a finished game of this channel, shown only to you.
#[poise::command(slash_command, guild_only)]
pub async fn review(
    ctx: Context<'_>,
    #[description = "The game's number (the latest finished one if left out)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    // Judging a long game takes the engine a while; Discord wants an
    // answer within three seconds.
    crate::discord::reply::defer(ctx).await?;
    let service = &ctx.data().service;
    let review = match service
        .games()
        .channel_review(&channel_of(ctx), game.map(GameId))
        .await
    {
        Ok(review) => review,
        Err(error) => return answer_error(ctx, error).await,
    };
    // Members are named as `<@id>`, which Discord shows as their name;
    // the reply allows no mention, so none is pinged.
    let text = review.text(
        member_lang(ctx),
        |id| format!("<@{id}>"),
        Some(crate::discord::layout::limits::DISCORD_LIMIT),
    );
    crate::discord::reply::send(ctx, ephemeral(text)).await;
    Ok(())
}
