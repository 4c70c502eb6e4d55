//! `/community`: start, watch, replay, stop and resume the channel's game,
//! and choose which role may start games.

use crate::discord::commands::community_leaderboard::leaderboard;
use crate::discord::commands::community_review::review;
use crate::discord::commands::community_stats::{stats, voters};
use crate::discord::keys::{channel_of, game_channel_of, server_of};
use crate::discord::rest::Body;
use crate::discord::{Context, Error, actor, answer_error, ephemeral, member_lang};
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::model::{BallotFormat, BallotStatus, Deliberation, GameId, Millis};
use crate::service::text::{self, relative_time};
use crate::service::{Refusal, ServiceError, Side, SideView, StartGame};
use crate::t;
use poise::serenity_prelude as serenity;

/// The games one can start (Discord shows these as choices).
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "Space Checkers"]
    SpaceCheckers,
    #[name = "Dejarik"]
    Dejarik,
    #[name = "Holochess"]
    Holochess,
    #[name = "Djambi (4 players: the channel plays Red)"]
    Djambi,
    #[name = "Djambi (2 players: the channel plays Red and Blue)"]
    DjambiTwoPlayers,
}

impl GameChoice {
    pub fn kind(self) -> GameKind {
        match self {
            GameChoice::SpaceCheckers => GameKind::SpaceCheckers,
            GameChoice::Dejarik => GameKind::Dejarik,
            GameChoice::Holochess => GameKind::Holochess,
            GameChoice::Djambi | GameChoice::DjambiTwoPlayers => GameKind::Djambi,
        }
    }

    /// The rule options the choice stands for (`{}`: the game's defaults).
    /// The community always plays seat 0, which is Red in four-player
    /// Djambi and Red with Blue in the two-player game.
    pub fn rules(self) -> serde_json::Value {
        match self {
            GameChoice::DjambiTwoPlayers => serde_json::json!({ "players": 2 }),
            _ => serde_json::json!({}),
        }
    }
}

/// The engine's strength.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "random"]
    Random,
    #[name = "greedy"]
    Greedy,
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "hard"]
    Hard,
    #[name = "max"]
    Max,
}

/// The engine's strength in a community game: a level, or `adaptive`, the
/// level that gives the channel about even chances by its results so far.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum StrengthChoice {
    #[name = "random"]
    Random,
    #[name = "greedy"]
    Greedy,
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "hard"]
    Hard,
    #[name = "max"]
    Max,
    // Last, so the fixed levels keep the indices Discord sends for them.
    #[name = "adaptive"]
    Adaptive,
}

/// The community's side (the engine plays the others).
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SideChoice {
    #[name = "white (moves first)"]
    White,
    #[name = "black (the engine opens)"]
    Black,
    #[name = "alternate (swaps each new game here)"]
    Alternate,
}

impl SideChoice {
    fn side(self) -> Side {
        match self {
            SideChoice::White => Side::White,
            SideChoice::Black => Side::Black,
            SideChoice::Alternate => Side::Alternate,
        }
    }
}

/// How each move's ballot is shown.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum BallotChoice {
    #[name = "auto (a poll when every move fits, else menus)"]
    Auto,
    #[name = "poll (the numbered options; others by /vote)"]
    Poll,
    #[name = "menus"]
    Menus,
}

impl BallotChoice {
    pub fn format(self) -> BallotFormat {
        match self {
            BallotChoice::Auto => BallotFormat::Auto,
            BallotChoice::Poll => BallotFormat::Poll,
            BallotChoice::Menus => BallotFormat::Menus,
        }
    }
}

/// Whether members see a ballot's votes before it closes.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum TallyChoice {
    #[name = "live"]
    Live,
    #[name = "hidden"]
    Hidden,
}

/// A game's vote length and how it deliberates, from its `vote:`,
/// `discuss:` and `tally:` options (of `/community start` and
/// `/community challenge` alike); for an unreadable time, the message
/// that says what is accepted.
pub fn game_timing(
    lang: Lang,
    vote: Option<&str>,
    discuss: Option<&str>,
    tally: Option<TallyChoice>,
) -> Result<(Option<Millis>, Deliberation), String> {
    let vote_ms = vote.map(|text| parse_duration(lang, text)).transpose()?;
    let deliberation = Deliberation {
        discuss_ms: discuss
            .map(|text| parse_duration(lang, text))
            .transpose()?
            .unwrap_or(0),
        hidden_tally: matches!(tally, Some(TallyChoice::Hidden)),
    };
    Ok((vote_ms, deliberation))
}

/// Community games: the channel votes on every move.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "start",
        "status",
        "history",
        "review",
        "stop",
        "resume",
        "role",
        "leaderboard",
        "stats",
        "voters"
    ),
    subcommand_required
)]
pub async fn community(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a community game in this channel (server managers).
#[poise::command(slash_command, guild_only)]
// Each argument is one of the command's options, as poise reads them.
#[allow(clippy::too_many_arguments)]
async fn start(
    ctx: Context<'_>,
    #[description = "The game to play"] game: GameChoice,
    #[description = "How long each vote lasts, like 30m, 2h or 1d"]
    #[max_length = 20]
    vote: Option<String>,
    #[description = "The engine's strength"] level: Option<StrengthChoice>,
    #[description = "The community's side (default: white)"] side: Option<SideChoice>,
    #[description = "How each move's ballot is shown (default: auto)"] ballot: Option<BallotChoice>,
    #[description = "Time to suggest moves before each vote opens, like 10m (default: none)"]
    #[max_length = 20]
    discuss: Option<String>,
    #[description = "Whether members see the votes before the close (default: live)"] tally: Option<
        TallyChoice,
    >,
) -> Result<(), Error> {
    // Planning the first ballot asks the engine: defer, answer later.
    crate::discord::reply::defer(ctx).await?;
    let lang = member_lang(ctx);
    let (vote_ms, deliberation) =
        match game_timing(lang, vote.as_deref(), discuss.as_deref(), tally) {
            Ok(timing) => timing,
            Err(message) => {
                crate::discord::reply::send(ctx, ephemeral(message)).await;
                return Ok(());
            }
        };
    let by = match actor(ctx, true).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let request = StartGame {
        channel: channel_of(ctx),
        server: server_of(ctx),
        kind: game.kind(),
        rules: game.rules(),
        vote_ms,
        level: level.map(|l| poise::ChoiceParameter::name(&l).to_string()),
        seed: None,
        by: by.clone(),
        side: side.map_or(Side::White, SideChoice::side),
        ballot_format: ballot.map_or(BallotFormat::Auto, BallotChoice::format),
        deliberation,
    };
    match ctx.data().service.games().start(request).await {
        Ok(id) => {
            crate::discord::reply::send(ctx, ephemeral(t!(lang, "start-done", game = id.0))).await;
            Ok(())
        }
        Err(ServiceError::Refused(Refusal::ChannelBusy { game })) => {
            match own_start(ctx, lang, &by.id, game).await {
                Some(text) => {
                    crate::discord::reply::send(ctx, ephemeral(text)).await;
                    Ok(())
                }
                None => answer_error(ctx, Refusal::ChannelBusy { game }.into()).await,
            }
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// When the channel is busy with a game that `starter` started: the
/// answer to their start may have been lost (Discord failed after the
/// game began), and this is them trying again. They hear that their game
/// is on, not a bare "already has a game" that reads like someone else's.
async fn own_start(ctx: Context<'_>, lang: Lang, starter: &str, game: i64) -> Option<String> {
    let view = ctx
        .data()
        .service
        .games()
        .status(&channel_of(ctx))
        .await
        .ok()?;
    (view.game.id.0 == game && view.game.started_by == starter).then(|| {
        t!(
            lang,
            "start-already-yours",
            game = game,
            when = relative_time(view.game.created_at)
        )
    })
}

/// Show this channel's game and the current ballot's votes.
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    // In the game's discussion thread, the channel's game.
    let channel = game_channel_of(ctx).await;
    let view = match ctx.data().service.games().status(&channel).await {
        Ok(view) => view,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = member_lang(ctx);
    let game = &view.game;
    let mut text = t!(
        lang,
        "status-game",
        game = game.id.0,
        kind = crate::service::text::game_title(lang, game.kind),
        status = game.status.as_str(),
        played = game.ply,
        level = text::level(lang, &game.level),
        vote = text::duration(lang, game.vote_ms)
    );
    let open = view.ballot.filter(|b| b.status == BallotStatus::Open);
    if let (Some(ballot), Some(side)) = (&open, &view.voting_elsewhere) {
        // Another side's ballot: who votes and until when, nothing of its votes.
        let line = t!(
            lang,
            "status-other-side",
            move = ballot.id.ply + 1,
            side = text::seats(lang, side),
            closes = relative_time(ballot.deadline)
        );
        text.push('\n');
        text.push_str(&line);
    } else if let Some(ballot) = open {
        // A hidden tally counts its voters, and names no move.
        let total = match &view.voters {
            Some(voters) => voters.len() as u32,
            None => view.tally.iter().map(|(_, n)| n).sum(),
        };
        let id = if view.tally.is_empty() {
            "status-ballot"
        } else {
            "status-ballot-leaders"
        };
        let line = t!(
            lang,
            id,
            move = ballot.id.ply + 1,
            legal = ballot.legal.len(),
            total = total,
            leaders = crate::discord::layout::ballots::leaders_text(&view.tally),
            closes = relative_time(ballot.deadline)
        );
        text.push('\n');
        text.push_str(&line);
        if let Some(opens) = ballot
            .votes_open_at
            .filter(|at| *at > ctx.data().service.now())
        {
            text.push('\n');
            text.push_str(&t!(lang, "status-discussion", opens = relative_time(opens)));
        }
    }
    crate::discord::reply::send(ctx, ephemeral(text)).await;
    Ok(())
}

/// The moves of this channel's game so far, with a replay.
#[poise::command(slash_command, guild_only)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    crate::discord::reply::defer(ctx).await?;
    let service = &ctx.data().service;
    let game = match service.games().status(&channel_of(ctx)).await {
        Ok(view) => view.game,
        Err(error) => return answer_error(ctx, error).await,
    };
    let lang = member_lang(ctx);
    let moves = service.games().moves(game.id).await?;
    let mut list = String::new();
    for (i, mv) in moves.iter().enumerate() {
        let number = i + 1;
        let notation = mv.notation.as_str();
        let line = match mv.votes {
            Some(votes) => {
                t!(lang, "history-votes", number = number, move = notation, votes = votes)
            }
            None => t!(
                lang,
                "history-by",
                number = number,
                move = notation,
                by = mv.decided_by.as_str()
            ),
        } + "\n";
        // Keep within Discord's 2000 characters; the GIF shows everything.
        if list.len() + line.len() > 1800 {
            list.push_str("…\n");
            break;
        }
        list.push_str(&line);
    }
    if moves.is_empty() {
        list.push_str(&t!(lang, "history-none"));
    }
    let mut head = t!(
        lang,
        "history-head",
        game = game.id.0,
        kind = crate::service::text::game_title(lang, game.kind),
        status = game.status.as_str()
    );
    if let Some(sides) = SideView::list(lang, &service.versus().rated_sides(game.id).await?) {
        head = format!("{head}\n{sides}");
    }
    let text = format!("{head}\n{list}");
    reply_with_replay(ctx, game.id, !moves.is_empty(), text).await
}

/// Answers a deferred `history` command with `text` and, when the game has
/// moves, its GIF replay. Through the bot's own client, which writes
/// attachment ids as the spec wants (strings); text alone when the replay
/// cannot be drawn, so the list still arrives.
pub(in crate::discord) async fn reply_with_replay(
    ctx: Context<'_>,
    game: GameId,
    has_moves: bool,
    text: String,
) -> Result<(), Error> {
    let gif = if has_moves {
        match ctx
            .data()
            .service
            .games()
            .replay(game, 384, member_lang(ctx))
            .await
        {
            Ok(gif) => Some(gif),
            Err(error) => {
                tracing::error!(%error, game = game.0, "rendering the replay failed");
                None
            }
        }
    } else {
        None
    };
    let Some(gif) = gif else {
        crate::discord::reply::send(ctx, ephemeral(text)).await;
        return Ok(());
    };
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let path = format!(
        "/webhooks/{}/{}/messages/@original",
        app.interaction.application_id.get(),
        app.interaction.token
    );
    let files = vec![("replay.gif".to_string(), gif)];
    let body = Body::WithFiles {
        payload: serde_json::json!({
            "content": text,
            "attachments": crate::discord::layout::attachments::attachments(&files),
            "allowed_mentions": { "parse": [] },
        }),
        files: files
            .into_iter()
            .map(|(name, image)| (name, image.bytes))
            .collect(),
    };
    ctx.data()
        .rest
        .call(reqwest::Method::PATCH, &path, &body)
        .await?;
    Ok(())
}

/// Stop this channel's game for good (server managers).
#[poise::command(slash_command, guild_only)]
async fn stop(ctx: Context<'_>) -> Result<(), Error> {
    crate::discord::reply::defer(ctx).await?;
    let result = match actor(ctx, true).await {
        Ok(by) => ctx.data().service.games().stop(&channel_of(ctx), &by).await,
        Err(error) => Err(error),
    };
    match result {
        Ok(id) => {
            let text = t!(member_lang(ctx), "stop-done", game = id.0);
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Resume this channel's paused game (server managers).
#[poise::command(slash_command, guild_only)]
async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    crate::discord::reply::defer(ctx).await?;
    let result = match actor(ctx, true).await {
        Ok(by) => {
            ctx.data()
                .service
                .games()
                .resume(&channel_of(ctx), &by)
                .await
        }
        Err(error) => Err(error),
    };
    match result {
        Ok(id) => {
            crate::discord::reply::send(
                ctx,
                ephemeral(t!(member_lang(ctx), "resume-done", game = id.0)),
            )
            .await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Let a role start and stop games in this channel (Manage Server).
#[poise::command(slash_command, guild_only)]
async fn role(
    ctx: Context<'_>,
    #[description = "The role; leave out to allow server managers only"] role: Option<
        serenity::Role,
    >,
) -> Result<(), Error> {
    // Only Manage Server may hand out the right, not the role itself.
    let result = match actor(ctx, false).await {
        Ok(by) => {
            let id = role.as_ref().map(|r| r.id.get().to_string());
            ctx.data()
                .service
                .servers()
                .set_starter_role(&channel_of(ctx), id.as_deref(), &by)
                .await
        }
        Err(error) => Err(error),
    };
    match result {
        Ok(()) => {
            let lang = member_lang(ctx);
            let text = match &role {
                Some(role) => t!(lang, "role-set", role = role.name.as_str()),
                None => t!(lang, "role-cleared"),
            };
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Reads a vote length: a number with a unit (`90s`, `10m`, `2h`, `1d`),
/// units combinable (`1h30m`).
///
/// # Errors
/// A short message saying what is accepted.
pub fn parse_duration(lang: Lang, text: &str) -> Result<Millis, String> {
    let bad = || {
        let shown: String = text.chars().take(20).collect();
        t!(lang, "duration-unreadable", text = shown)
    };
    let text = text.trim().to_ascii_lowercase();
    if text.is_empty() {
        return Err(bad());
    }
    let mut total: Millis = 0;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit: Millis = match c {
            's' => 1_000,
            'm' => 60_000,
            'h' => 3_600_000,
            'd' => 86_400_000,
            ' ' if number.is_empty() => continue,
            _ => return Err(bad()),
        };
        let value: Millis = number.parse().map_err(|_| bad())?;
        total = value
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(bad)?;
        number.clear();
    }
    if !number.is_empty() {
        return Err(bad());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::parse_duration;
    use crate::i18n::Lang;

    #[test]
    fn durations_take_units() {
        assert_eq!(parse_duration(Lang::En, "90s"), Ok(90_000));
        assert_eq!(parse_duration(Lang::En, "1h30m"), Ok(5_400_000));
        assert_eq!(parse_duration(Lang::En, " 2D "), Ok(172_800_000));
        for junk in ["", "10", "m", "5w", "1h x", "99999999999999999d"] {
            let error = parse_duration(Lang::En, junk).unwrap_err();
            assert!(
                error.contains("like 90s, 10m, 2h or 1d."),
                "{junk}: {error}"
            );
            let error = parse_duration(Lang::Es, junk).unwrap_err();
            assert!(error.contains("como 90s, 10m, 2h o 1d."), "{junk}: {error}");
        }
    }
}
