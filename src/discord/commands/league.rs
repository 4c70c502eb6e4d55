//! `/league`: leagues between communities. Each subcommand reads its
//! options into the service's words, calls one method of the leagues door
//! and answers the member alone; what the entered channels see (the
//! schedule, the rounds, the table) is the delivery's.

use crate::discord::commands::community::{
    BallotChoice, GameChoice, TallyChoice, game_timing, parse_duration,
};
use crate::discord::keys::{channel_of, server_key};
use crate::discord::{Context, Error, actor, answer_error, ephemeral, member_lang};
use crate::i18n::Lang;
use crate::model::{BallotFormat, ChannelKey, LeagueFormat, ServerKey};
use crate::service::text::{self, relative_time};
use crate::service::{GamesPerPairing, JoinLeague, LeagueCode, LeagueSpec, LeagueView, Wanted};
use crate::service::{LeagueRefusal, ServiceError};
use crate::t;
use poise::serenity_prelude as serenity;

/// A league's format, as Discord offers it.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "round robin (every community meets every other once)"]
    RoundRobin,
    #[name = "double round robin (twice, colours swapped)"]
    DoubleRoundRobin,
    #[name = "knockout (a bracket seeded by rating)"]
    Knockout,
    #[name = "four-army tables (four-player Djambi)"]
    Tables,
}

impl FormatChoice {
    fn format(self) -> LeagueFormat {
        match self {
            FormatChoice::RoundRobin => LeagueFormat::RoundRobin,
            FormatChoice::DoubleRoundRobin => LeagueFormat::DoubleRoundRobin,
            FormatChoice::Knockout => LeagueFormat::Knockout,
            FormatChoice::Tables => LeagueFormat::Tables,
        }
    }
}

/// The answer that a community leaving a started league forfeits its
/// games: one choice, so leaving takes a deliberate second command.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ForfeitChoice {
    #[name = "yes, forfeit every game not finished"]
    Yes,
}

/// Games a pairing plays.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum PairsChoice {
    #[name = "one game"]
    One,
    #[name = "two games at once, colours swapped"]
    Two,
}

/// Leagues between communities: seasons of community games.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create",
        "join",
        "lobby",
        "standings",
        "leave",
        "remove",
        "close",
        "start",
        "cancel"
    ),
    subcommand_required
)]
pub async fn league(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a league for communities to enter with its code (server managers).
#[poise::command(slash_command, guild_only)]
// Each argument is one of the command's options, as poise reads them.
#[allow(clippy::too_many_arguments)]
async fn create(
    ctx: Context<'_>,
    #[description = "The league's name"]
    #[max_length = 60]
    name: String,
    #[description = "The game to play"] game: GameChoice,
    #[description = "How the communities are paired"] format: FormatChoice,
    #[description = "How long each move's vote lasts, from 1h to 3d, like 12h"]
    #[rename = "move-time"]
    #[max_length = 20]
    move_time: String,
    #[description = "How long until the first round, like 2d (at most 30 days)"]
    #[rename = "starts-in"]
    #[max_length = 20]
    starts_in: String,
    #[description = "Games each pairing plays (default: one)"] pairs: Option<PairsChoice>,
    #[description = "List the league in /league lobby for every server (default: no)"]
    public: Option<bool>,
    #[description = "How each move's ballot is shown (default: auto)"] ballot: Option<BallotChoice>,
    #[description = "Time to suggest moves before each vote opens, like 10m (default: none)"]
    #[max_length = 20]
    discuss: Option<String>,
    #[description = "Whether members see the votes before the close (default: live)"] tally: Option<
        TallyChoice,
    >,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let timing = parse_duration(lang, &move_time).and_then(|move_ms| {
        let until = parse_duration(lang, &starts_in)?;
        let (_, deliberation) = game_timing(lang, None, discuss.as_deref(), tally)?;
        Ok((move_ms, until, deliberation))
    });
    let (move_ms, until, deliberation) = match timing {
        Ok(timing) => timing,
        Err(message) => {
            crate::discord::reply::send(ctx, ephemeral(message)).await;
            return Ok(());
        }
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let service = &ctx.data().service;
    let spec = LeagueSpec {
        name,
        kind: game.kind(),
        rules: game.rules(),
        format: format.format(),
        games_per_pairing: match pairs {
            Some(PairsChoice::Two) => GamesPerPairing::Two,
            _ => GamesPerPairing::One,
        },
        move_ms,
        start_at: service.now().saturating_add(until),
        public: public.unwrap_or(false),
        ballot_format: ballot.map_or(BallotFormat::Auto, BallotChoice::format),
        deliberation,
        server: ServerKey(server_key(guild)),
        channel: ChannelKey(channel_of(ctx)),
        by,
    };
    match service.leagues().create(spec).await {
        Ok(league) => answer(ctx, created(lang, &league)).await,
        Err(error) => answer_error(ctx, error).await,
    }
}

fn created(lang: Lang, league: &LeagueView) -> String {
    t!(
        lang,
        "league-created",
        name = league.name.as_str(),
        format = format_name(lang, league.format),
        game = text::game_title(lang, league.kind),
        move_time = text::duration(lang, league.move_ms),
        code = league.code.shown(),
        start = relative_time(league.start_at)
    )
}

/// Enter this community in a league, playing in this channel (server managers).
#[poise::command(slash_command, guild_only)]
async fn join(
    ctx: Context<'_>,
    #[description = "The league's entry code, like ABCD-EFGH"]
    #[max_length = 20]
    code: String,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let by = match actor(ctx, false).await {
        Ok(by) => by,
        Err(error) => return answer_error(ctx, error).await,
    };
    let request = JoinLeague {
        code: LeagueCode::typed(&code),
        server: ServerKey(server_key(guild)),
        channel: ChannelKey(channel_of(ctx)),
        channel_usable: channel_usable(ctx),
        by,
    };
    match ctx.data().service.leagues().join(request).await {
        Ok(league) => {
            let text = t!(
                lang,
                "league-joined",
                name = league.name.as_str(),
                start = relative_time(league.start_at)
            );
            answer(ctx, text).await
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Whether the command's channel can hold a league's games: a text or
/// announcement channel (Discord opens no thread in a thread, so a side
/// entered from one would never see its games), where the bot may post
/// boards and polls, read back its own messages (a thread whose answer
/// was lost is found on its message) and open threads. Discord sends the
/// channel and the bot's permissions in it with every interaction.
fn channel_usable(ctx: Context<'_>) -> bool {
    let poise::Context::Application(app) = ctx else {
        return false;
    };
    let holds_threads = app.interaction.channel.as_ref().is_some_and(|channel| {
        matches!(
            channel.kind,
            serenity::ChannelType::Text | serenity::ChannelType::News
        )
    });
    holds_threads && app.interaction.app_permissions.is_some_and(can_play_in)
}

fn can_play_in(permissions: serenity::Permissions) -> bool {
    permissions.view_channel()
        && permissions.send_messages()
        && permissions.attach_files()
        && permissions.send_polls()
        && permissions.read_message_history()
        && permissions.create_public_threads()
        && permissions.send_messages_in_threads()
}

/// Public leagues still taking entries.
#[poise::command(slash_command, guild_only)]
async fn lobby(
    ctx: Context<'_>,
    #[description = "Only leagues of this game"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let leagues = match ctx
        .data()
        .service
        .leagues()
        .lobby(game.map(GameChoice::kind))
        .await
    {
        Ok(leagues) => leagues,
        Err(error) => return answer_error(ctx, error).await,
    };
    if leagues.is_empty() {
        return answer(ctx, t!(lang, "league-lobby-empty")).await;
    }
    let mut text = t!(lang, "league-lobby-head", count = leagues.len());
    for (shown, league) in leagues.iter().enumerate() {
        let line = t!(
            lang,
            "league-lobby-line",
            name = league.name.as_str(),
            format = format_name(lang, league.format),
            game = text::game_title(lang, league.kind),
            move_time = text::duration(lang, league.move_ms),
            entered = league.entered,
            code = league.code.shown(),
            start = relative_time(league.start_at)
        );
        let more = t!(lang, "league-lobby-more", count = leagues.len() - shown);
        if text.chars().count() + line.chars().count() + more.chars().count() + 2 > MOST_CHARS {
            text.push('\n');
            text.push_str(&more);
            break;
        }
        text.push('\n');
        text.push_str(&line);
    }
    answer(ctx, text).await
}

/// What one answer may hold: under Discord's 2000 characters, with room
/// for the sentence saying what the lobby left out.
const MOST_CHARS: usize = 1800;

/// A league's table, ranked by points, then tie-breaks.
#[poise::command(slash_command, guild_only)]
async fn standings(
    ctx: Context<'_>,
    #[description = "The league's code (default: this community's league)"]
    #[max_length = 20]
    league: Option<String>,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let service = &ctx.data().service;
    let found = match named(ctx, league.as_deref(), Wanted::AnyLatest).await {
        Ok(found) => found,
        Err(error) => return answer_error(ctx, error).await,
    };
    match service.leagues().standings(found.id).await {
        Ok(table) => answer(ctx, table.text(lang)).await,
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Take this community out of a league; after the start it forfeits its games (server managers).
#[poise::command(slash_command, guild_only)]
async fn leave(
    ctx: Context<'_>,
    #[description = "The league's code (default: this community's league)"]
    #[max_length = 20]
    league: Option<String>,
    #[description = "Needed to leave after the start: this community forfeits its unfinished games"]
    forfeit: Option<ForfeitChoice>,
) -> Result<(), Error> {
    // Leaving a started league forfeits every live game of the community:
    // more than Discord's three seconds in a large league.
    if forfeit.is_some() {
        crate::discord::reply::defer(ctx).await?;
    }
    let lang = member_lang(ctx);
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let leagues = ctx.data().service.leagues();
    let server = ServerKey(server_key(guild));
    let result = async {
        let found = named(ctx, league.as_deref(), Wanted::StillToPlay).await?;
        let by = actor(ctx, false).await?;
        // Without the forfeit choice only a withdrawal before the start
        // is done; a started league answers with what leaving costs.
        let id = match forfeit {
            None => {
                leagues.withdraw(found.id, &server, &by).await?;
                "league-left-before-start"
            }
            Some(ForfeitChoice::Yes) => {
                leagues.leave(found.id, &server, &by).await?;
                if leagues.league(found.id).await?.status.before_start() {
                    "league-left-before-start"
                } else {
                    "league-left-forfeiting"
                }
            }
        };
        Ok::<_, ServiceError>(t!(lang, id, name = found.name.as_str()))
    }
    .await;
    match result {
        Ok(text) => answer(ctx, text).await,
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Take a community out of your league before it starts (the league's creator).
#[poise::command(slash_command, guild_only)]
async fn remove(
    ctx: Context<'_>,
    #[description = "The community's number in /league standings"]
    #[min = 1]
    #[max = 64]
    entry: u32,
    #[description = "The league's code (default: this community's league)"]
    #[max_length = 20]
    league: Option<String>,
) -> Result<(), Error> {
    let lang = member_lang(ctx);
    let leagues = ctx.data().service.leagues();
    let result = async {
        let found = named(ctx, league.as_deref(), Wanted::StillToPlay).await?;
        let by = actor(ctx, false).await?;
        let server = leagues.entrant(found.id, entry as usize).await?;
        leagues.remove(found.id, &server, &by).await?;
        Ok::<_, ServiceError>(found)
    }
    .await;
    match result {
        Ok(found) => {
            let text = t!(
                lang,
                "league-removed",
                entry = entry,
                name = found.name.as_str()
            );
            answer(ctx, text).await
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// Close your league to new entries; it still starts at its start time (the league's creator).
#[poise::command(slash_command, guild_only)]
async fn close(
    ctx: Context<'_>,
    #[description = "The league's code (default: this community's league)"]
    #[max_length = 20]
    league: Option<String>,
) -> Result<(), Error> {
    creators_step(ctx, league, Step::Close).await
}

/// Start your league now instead of at its start time (the league's creator).
#[poise::command(slash_command, guild_only)]
async fn start(
    ctx: Context<'_>,
    #[description = "The league's code (default: this community's league)"]
    #[max_length = 20]
    league: Option<String>,
) -> Result<(), Error> {
    creators_step(ctx, league, Step::Start).await
}

/// Cancel your league: its games stop without a result (the league's creator).
#[poise::command(slash_command, guild_only)]
async fn cancel(
    ctx: Context<'_>,
    #[description = "The league's code (default: this community's league)"]
    #[max_length = 20]
    league: Option<String>,
) -> Result<(), Error> {
    creators_step(ctx, league, Step::Cancel).await
}

/// What only a league's creator may do to the whole league.
#[derive(Clone, Copy)]
enum Step {
    Close,
    Start,
    Cancel,
}

async fn creators_step(ctx: Context<'_>, league: Option<String>, step: Step) -> Result<(), Error> {
    // A start plans every first ballot, a cancel stops every live game:
    // more than Discord's three seconds for a large league.
    if matches!(step, Step::Start | Step::Cancel) {
        crate::discord::reply::defer(ctx).await?;
    }
    let lang = member_lang(ctx);
    let leagues = ctx.data().service.leagues();
    let result = async {
        let found = named(ctx, league.as_deref(), Wanted::StillToPlay).await?;
        let by = actor(ctx, false).await?;
        match step {
            Step::Close => leagues.close_entries(found.id, &by).await?,
            Step::Start => leagues.start_now(found.id, &by).await?,
            Step::Cancel => leagues.cancel(found.id, &by).await?,
        }
        Ok::<_, ServiceError>(found)
    }
    .await;
    let found = match result {
        Ok(found) => found,
        Err(error) => return answer_error(ctx, error).await,
    };
    let id = match step {
        Step::Close => "league-closed",
        Step::Start => "league-started-now",
        Step::Cancel => "league-cancelled-now",
    };
    answer(ctx, t!(lang, id, name = found.name.as_str())).await
}

/// The league a command names: by its code when typed, else the league
/// of this thread or the community's only league still to play.
async fn named(
    ctx: Context<'_>,
    code: Option<&str>,
    wanted: Wanted,
) -> Result<LeagueView, ServiceError> {
    let Some(guild) = ctx.guild_id() else {
        return Err(LeagueRefusal::NoLeagueHere.into());
    };
    let code = code
        .map(str::trim)
        .filter(|code| !code.is_empty())
        .map(LeagueCode::typed);
    ctx.data()
        .service
        .leagues()
        .named(
            code.as_ref(),
            &ServerKey(server_key(guild)),
            &ChannelKey(channel_of(ctx)),
            wanted,
        )
        .await
}

fn format_name(lang: Lang, format: LeagueFormat) -> String {
    let id = match format {
        LeagueFormat::RoundRobin => "league-format-round-robin",
        LeagueFormat::DoubleRoundRobin => "league-format-double-round-robin",
        LeagueFormat::Knockout => "league-format-knockout",
        LeagueFormat::Tables => "league-format-tables",
    };
    t!(lang, id)
}

async fn answer(ctx: Context<'_>, text: String) -> Result<(), Error> {
    crate::discord::reply::send(ctx, ephemeral(text)).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::can_play_in;
    use poise::serenity_prelude::Permissions;

    #[test]
    fn a_channel_holds_a_league_only_when_the_bot_may_post_boards_and_polls_and_open_threads() {
        let needed = [
            Permissions::VIEW_CHANNEL,
            Permissions::SEND_MESSAGES,
            Permissions::ATTACH_FILES,
            Permissions::SEND_POLLS,
            Permissions::READ_MESSAGE_HISTORY,
            Permissions::CREATE_PUBLIC_THREADS,
            Permissions::SEND_MESSAGES_IN_THREADS,
        ];
        let all = needed.into_iter().fold(Permissions::empty(), |a, p| a | p);
        assert!(can_play_in(all));
        for missing in needed {
            assert!(!can_play_in(all - missing), "{missing:?}");
        }
    }
}
