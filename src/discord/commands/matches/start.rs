//! Starting matches from Discord: `/challenge` posts a challenge with
//! Accept / Decline buttons (their clicks are `clicks.rs`), and `/play`
//! starts a match against the engine, in a thread of its own when the
//! channel wants one (`threads.rs`).

use super::players::{mention, player_of};
use super::threads;
use crate::discord::commands::community::{GameChoice, LevelChoice, parse_duration};
use crate::discord::keys::{channel_key, channel_of};
use crate::discord::layout::matches::challenge_buttons;
use crate::discord::{Context, Error, answer_error, ephemeral, member_lang, post_lang, reply};
use crate::i18n::Lang;
use crate::model::{ChallengeState, PlayerRef};
use crate::service::text::{and_list, duration, relative_time};
use crate::service::{ChallengeRequest, EngineMatchRequest, versus_line};
use crate::t;
use poise::serenity_prelude as serenity;

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
            reply::send(ctx, ephemeral(message)).await;
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
        reply::send(ctx, ephemeral(text)).await;
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
    let challenge = match ctx.data().service.matches().challenge(request).await {
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
    reply::send(ctx, reply).await;
    Ok(())
}

fn challenge_text(lang: Lang, challenge: &ChallengeState) -> String {
    let invited: Vec<String> = challenge.invited.iter().map(|p| mention(&p.id)).collect();
    t!(
        lang,
        "challenge-posted",
        challenger = mention(&challenge.challenger.id),
        invited = and_list(lang, &invited),
        game = crate::service::text::game_title(lang, challenge.kind),
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
    reply::defer(ctx).await?;
    let turn_ms = match turn
        .as_deref()
        .map(|t| parse_duration(member_lang(ctx), t))
        .transpose()
    {
        Ok(ms) => ms,
        Err(message) => {
            reply::send(ctx, ephemeral(message)).await;
            return Ok(());
        }
    };
    let by = player_of(ctx.author());
    let here = ctx.channel_id().get();
    let thread = if threads::wanted(ctx.data(), here).await {
        let lang = post_lang(ctx).await;
        let players = [by.name.clone(), t!(lang, "match-the-engine")];
        let name = t!(
            lang,
            "match-thread-name",
            game = crate::service::text::game_title(lang, game.kind()),
            players = versus_line(lang, &players)
        );
        threads::open(ctx.data(), ctx.guild_id(), here, None, &name).await
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
    match ctx.data().service.matches().play_engine(request).await {
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
            reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => {
            if let Some(thread) = thread {
                threads::remove(&ctx.data().rest, thread).await;
            }
            answer_error(ctx, error).await
        }
    }
}
