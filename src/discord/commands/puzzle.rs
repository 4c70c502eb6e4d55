//! `/puzzle`: the daily puzzle. Members solve it (or one at their level)
//! privately, with buttons or `/puzzle answer`, and see the server's
//! ranking; server managers post it daily with the Gamer of the Day and
//! may reveal it early. The post and the reveal are the outbox's
//! (`delivery/puzzles.rs`); the community's votes are clicks on the post
//! ([`on_component`]). The buttons and their ids are `layout/puzzles.rs`'s.

use super::community_leaderboard::RatedGame;
use crate::discord::keys::{channel_key, server_of};
use crate::discord::layout::attachments::{DEFAULT_BOARD_SIZE, attachments};
use crate::discord::layout::puzzles::{
    ALONE_PREFIX, TRY_PREFIX, VOTE_PREFIX, parse_try, parse_vote, try_buttons,
};
use crate::discord::reply::Click;
use crate::discord::rest::Body;
use crate::discord::{
    Context, Data, Error, actor, answer_error, apology, ephemeral, error_text, member_lang,
};
use crate::i18n::Lang;
use crate::service::text::relative_time;
use crate::service::{
    BoardImage, PuzzleChoice, PuzzleSetup, PuzzleVoted, ServiceError, SolveView, puzzle_candidates,
};
use crate::t;
use poise::serenity_prelude as serenity;
use reqwest::Method;
use serde_json::{Value, json};

/// The daily puzzle: solve it, see the ranking, or set it up.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("today", "random", "answer", "ranking", "daily", "off", "reveal"),
    subcommand_required
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Solve today's puzzle, only you see it (one at your level if there is none).
#[poise::command(slash_command, guild_only)]
async fn today(ctx: Context<'_>) -> Result<(), Error> {
    open(ctx, PuzzleChoice::Today).await
}

/// Solve a puzzle at your level that you have not tried, only you see it.
#[poise::command(slash_command, guild_only)]
async fn random(
    ctx: Context<'_>,
    #[description = "Only this game's puzzles"] game: Option<RatedGame>,
) -> Result<(), Error> {
    open(
        ctx,
        PuzzleChoice::AtMyLevel {
            game: game.map(RatedGame::kind),
        },
    )
    .await
}

async fn open(ctx: Context<'_>, choice: PuzzleChoice) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    if let Err(error) = crate::discord::reply::defer(ctx).await {
        tracing::warn!(%error, "deferring /puzzle failed");
        return Ok(());
    }
    let service = &ctx.data().service;
    let member = ctx.author().id.get().to_string();
    let lang = member_lang(ctx);
    match service.puzzles().open(&member, &server, choice).await {
        Ok(view) => {
            let text = view.text(lang, relative_time);
            show(ctx, lang, &view, text).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Answer your puzzle with a move in the game's notation.
#[poise::command(slash_command, guild_only)]
async fn answer(
    ctx: Context<'_>,
    #[description = "Your move, e.g. A3-B4"]
    #[rename = "move"]
    #[max_length = 100]
    mv: String,
) -> Result<(), Error> {
    if let Err(error) = crate::discord::reply::defer(ctx).await {
        tracing::warn!(%error, "deferring /puzzle answer failed");
        return Ok(());
    }
    let member = ctx.author().id.get().to_string();
    let lang = member_lang(ctx);
    match ctx
        .data()
        .service
        .puzzles()
        .answer(&member, None, &mv)
        .await
    {
        Ok(answered) => {
            let text = answered.text(lang, relative_time);
            show(ctx, lang, answered.view(), text).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// The server's best puzzle solvers, and your own rating and streak.
#[poise::command(slash_command, guild_only)]
async fn ranking(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let service = &ctx.data().service;
    let lang = member_lang(ctx);
    let member = ctx.author().id.get().to_string();
    let ranked = match service.puzzles().ranking(&server, 10).await {
        Ok(ranked) => ranked,
        Err(error) => return answer_error(ctx, error).await,
    };
    let mine = match service.puzzles().standing(&member).await {
        Ok(mine) => mine,
        Err(error) => return answer_error(ctx, error).await,
    };
    let mut lines = vec![t!(lang, "puzzle-ranking-title")];
    if ranked.is_empty() {
        lines.push(t!(lang, "puzzle-ranking-empty"));
    }
    for (place, standing) in ranked.iter().enumerate() {
        lines.push(t!(
            lang,
            "puzzle-ranking-line",
            place = place + 1,
            member = format!("<@{}>", standing.member),
            rating = standing.rating.round() as i64,
            solved = standing.solved,
            streak = standing.streak
        ));
    }
    lines.push(match mine {
        Some(me) => t!(
            lang,
            "puzzle-ranking-you",
            rating = me.rating.round() as i64,
            solved = me.solved,
            failed = me.failed,
            streak = me.streak,
            best = me.best_streak
        ),
        None => t!(lang, "puzzle-ranking-you-none"),
    });
    crate::discord::reply::send(ctx, ephemeral(lines.join("\n"))).await;
    Ok(())
}

/// Post a puzzle every day with the Gamer of the Day (server managers).
#[poise::command(slash_command, guild_only)]
async fn daily(
    ctx: Context<'_>,
    #[description = "Where to post"]
    #[channel_types("Text", "News")]
    channel: serenity::ChannelId,
    #[description = "Hours the vote stays open (1 to 23, 12 if not given)"]
    #[min = 1]
    #[max = 23]
    hours: Option<u32>,
    #[description = "Only this game's puzzles (the games take turns if not given)"] game: Option<
        RatedGame,
    >,
) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = member_lang(ctx);
    let setup = PuzzleSetup {
        server,
        channel: channel_key(channel.get()),
        game: game.map(RatedGame::kind),
        hours,
        by,
    };
    match ctx.data().service.puzzles().set_up(setup).await {
        Ok(plan) => {
            let game = plan.game.map_or_else(
                || t!(lang, "puzzle-daily-every-game"),
                |game| crate::service::text::game_title(lang, game),
            );
            let text = t!(
                lang,
                "puzzle-daily-done",
                channel = format!("<#{}>", channel.get()),
                time = plan.post_time.as_str(),
                zone = plan.time_zone.as_str(),
                hours = plan.hours,
                game = game
            );
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Stop the daily puzzle (server managers).
#[poise::command(slash_command, guild_only)]
async fn off(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    match ctx.data().service.puzzles().off(&by, &server).await {
        Ok(was_on) => {
            let id = if was_on {
                "puzzle-off-done"
            } else {
                "puzzle-off-was-off"
            };
            crate::discord::reply::send(ctx, ephemeral(t!(member_lang(ctx), id))).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Close today's puzzle vote now and reveal the answer (server managers).
#[poise::command(slash_command, guild_only)]
async fn reveal(ctx: Context<'_>) -> Result<(), Error> {
    let Some(server) = server_of(ctx) else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    match ctx.data().service.puzzles().reveal_now(&by, &server).await {
        Ok(()) => {
            let text = t!(member_lang(ctx), "puzzle-reveal-done");
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Answers a deferred command with the view: its board and buttons while
/// the try is open, its words alone once it has ended.
async fn show(ctx: Context<'_>, lang: Lang, view: &SolveView, text: String) {
    let poise::Context::Application(app) = ctx else {
        return;
    };
    let data = ctx.data();
    let (payload, files) = match view_message(data, lang, view, text).await {
        Ok(message) => message,
        Err(error) => {
            tracing::error!(%error, "showing a puzzle failed");
            (json!({ "content": apology(lang) }), Vec::new())
        }
    };
    let application = app.interaction.application_id.get();
    let path = format!(
        "/webhooks/{application}/{}/messages/@original",
        app.interaction.token
    );
    let body = with_files(payload, files);
    if let Err(error) = data.rest.call(Method::PATCH, &path, &body).await {
        tracing::warn!(%error, "the answer to /puzzle was not delivered");
    }
}

/// A view as a message: its text, the board while there is something to
/// answer, and a button per candidate.
async fn view_message(
    data: &Data,
    lang: Lang,
    view: &SolveView,
    text: String,
) -> Result<(Value, Vec<(String, BoardImage)>), ServiceError> {
    let candidates = view.candidates();
    let mut payload = json!({
        "content": text,
        "allowed_mentions": { "parse": [] },
        "components": [],
    });
    if candidates.is_empty() {
        return Ok((payload, Vec::new()));
    }
    let board = data
        .service
        .puzzles()
        .board(&view.puzzle, view.step, true, DEFAULT_BOARD_SIZE, lang)
        .await?;
    payload["components"] = try_buttons(&view.puzzle, view.step, &candidates);
    Ok((payload, vec![("puzzle.png".into(), board)]))
}

/// `payload` with `files` attached (multipart when there are any).
fn with_files(mut payload: Value, files: Vec<(String, BoardImage)>) -> Body {
    if files.is_empty() {
        payload["attachments"] = json!([]);
        Body::Json(payload)
    } else {
        payload["attachments"] = attachments(&files);
        Body::WithFiles {
            payload,
            files: files
                .into_iter()
                .map(|(name, image)| (name, image.bytes))
                .collect(),
        }
    }
}

/// A click on a puzzle's buttons (a community vote, or a private answer);
/// `false` for any other component.
///
/// # Errors
/// Never: every failure is told to the member.
pub async fn on_component(data: &Data, click: &Click<'_>) -> Result<bool, Error> {
    let id = click.data.custom_id.as_str();
    let lang = Lang::from_discord_locale(&click.locale).unwrap_or_default();
    if let Some(rest) = id.strip_prefix(VOTE_PREFIX) {
        let text = vote(data, lang, click, rest).await;
        let reply = serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(true)
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        );
        click.answer(&data.rest, reply).await;
        return Ok(true);
    }
    let (alone, rest) = match (id.strip_prefix(ALONE_PREFIX), id.strip_prefix(TRY_PREFIX)) {
        (Some(puzzle), _) => (true, puzzle),
        (None, Some(rest)) => (false, rest),
        (None, None) => return Ok(false),
    };
    // Rendering a board may outlast Discord's three seconds.
    click.defer_reply(&data.rest).await?;
    let member = click.user.id.get().to_string();
    let shown = if alone {
        let server = click.guild_id.map(crate::discord::keys::server_key);
        open_alone(data, lang, &member, server.as_deref().unwrap_or(""), rest).await
    } else {
        try_click(data, lang, &member, rest).await
    };
    let (payload, files) = match shown {
        Ok(message) => message,
        Err(text) => (
            json!({ "content": text, "allowed_mentions": { "parse": [] } }),
            Vec::new(),
        ),
    };
    if let Err(error) = click
        .reply_body(&data.rest, with_files(payload, files))
        .await
    {
        tracing::warn!(%error, "the answer to a puzzle button was not delivered");
    }
    Ok(true)
}

/// The post's "solve it alone" button: the member's own try of the
/// post's puzzle.
async fn open_alone(
    data: &Data,
    lang: Lang,
    member: &str,
    server: &str,
    puzzle: &str,
) -> Result<(Value, Vec<(String, BoardImage)>), String> {
    let view = data
        .service
        .puzzles()
        .open(member, server, PuzzleChoice::Named(puzzle.to_string()))
        .await
        .map_err(|error| failed(lang, error))?;
    let text = view.text(lang, relative_time);
    view_message(data, lang, &view, text)
        .await
        .map_err(|error| failed(lang, error))
}

/// A private answer by button: `PUZZLE:STEP:N`.
async fn try_click(
    data: &Data,
    lang: Lang,
    member: &str,
    rest: &str,
) -> Result<(Value, Vec<(String, BoardImage)>), String> {
    let Some((puzzle, step, choice)) = parse_try(rest) else {
        return Err(t!(lang, "menu-stale"));
    };
    let service = &data.service;
    let candidates = puzzle_candidates(puzzle, step as usize);
    let answered = match choice.checked_sub(1).and_then(|i| candidates.get(i)) {
        Some(mv) => service
            .puzzles()
            .answer(member, Some((puzzle, step)), mv)
            .await
            .map(Some),
        None => Ok(None),
    };
    match answered {
        Ok(Some(answered)) => {
            let text = answered.text(lang, relative_time);
            view_message(data, lang, answered.view(), text)
                .await
                .map_err(|error| failed(lang, error))
        }
        Ok(None) => Err(t!(lang, "menu-stale")),
        Err(error) => Err(failed(lang, error)),
    }
}

fn failed(lang: Lang, error: ServiceError) -> String {
    error_text(lang, error, "a puzzle click")
}

/// A community vote by button: `DATE:N`, in the click's server.
async fn vote(
    data: &Data,
    lang: Lang,
    click: &serenity::ComponentInteraction,
    rest: &str,
) -> String {
    let (Some(guild), Some((date, choice))) = (click.guild_id, parse_vote(rest)) else {
        return t!(lang, "menu-stale");
    };
    let server = crate::discord::keys::server_key(guild);
    let voter = click.user.id.get().to_string();
    match data
        .service
        .puzzles()
        .vote(
            &server,
            date,
            &voter,
            choice,
            crate::discord::snowflake_millis(click.id.get()),
        )
        .await
    {
        Ok(PuzzleVoted::Counted { mv, closes_at }) => t!(
            lang,
            "puzzle-vote-counted",
            mv = mv,
            closes = relative_time(closes_at)
        ),
        Ok(PuzzleVoted::Changed {
            from,
            mv,
            closes_at,
        }) => t!(
            lang,
            "puzzle-vote-changed",
            from = from,
            mv = mv,
            closes = relative_time(closes_at)
        ),
        Ok(PuzzleVoted::Unchanged { mv, closes_at }) => t!(
            lang,
            "puzzle-vote-unchanged",
            mv = mv,
            closes = relative_time(closes_at)
        ),
        Err(error) => failed(lang, error),
    }
}
