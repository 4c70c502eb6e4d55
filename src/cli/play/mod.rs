//! `holotable play`: a real community game at the terminal, through the same
//! service and database as the bot. You are the community (vote at the
//! prompt), or `--voters N` simulates a crowd. With `--communities N`,
//! N communities play each other, each in a channel of its own.
//!
//! Time is a hand-moved clock: when the votes are in, it jumps to the
//! ballot's deadline, so a game never waits on the wall clock. Every step is
//! in the database, so Ctrl-C loses nothing and `--resume ID` continues.

mod crowd;
mod outage;
mod prompt;
mod table;

use super::stopped::{self, At, Terminal, went_away};
use super::{TerminalStyle, board_file, held, ranges, terminal_lang};
use crate::cli::output::{self, outln};
use anyhow::{Context, bail};
use holotable::games::GameKind;
use holotable::i18n::Lang;
use holotable::model::{Access, BallotStatus, ChannelKey, Deliberation, GameId, GameStatus};
use holotable::service::VoteRefusal;
use holotable::service::{
    Actor, Announcement, Clock, Lease, ManualClock, News, Part, Refusal, Service, Settings, Side,
    StartGame, Style, suggestions_line,
};
use holotable::t;
use outage::{Kept, TERMINAL_RETRY, close, taken_over};
use std::path::PathBuf;
use table::Community;

#[derive(clap::Args)]
pub struct Args {
    /// The game: space-checkers, dejarik, holochess or djambi. Not needed with --resume.
    #[arg(required_unless_present = "resume")]
    game: Option<GameKind>,
    /// The engine's level: adaptive, random, greedy, easy, normal, hard or max.
    #[arg(long, default_value = "normal")]
    level: String,
    /// How long each ballot lasts, in (simulated) seconds (10 to 604,800).
    #[arg(long, default_value_t = 3600, value_parser = vote_secs())]
    vote_secs: u64,
    /// Simulate a crowd of this many voters (0 to 10,000) instead of
    /// asking you; with --communities, a crowd of this many per community.
    // A crowd votes one member at a time through the service: 10,000 is
    // seconds per ballot, where a billion never closes the first one.
    #[arg(long, value_parser = ranges::whole::<u32>(0, 10_000))]
    voters: Option<u32>,
    /// Seed for the game and the crowd (any 64-bit number; default: random).
    #[arg(long, value_parser = ranges::seed())]
    seed: Option<u64>,
    /// Where to write ply-NNN.png for every ballot, final.png and game.gif at the end.
    #[arg(long, default_value = "holotable-play")]
    out: PathBuf,
    #[command(flatten)]
    db: crate::cli::DatabaseArg,
    /// Continue a game by its id (1 or more); for a game that has ended,
    /// write what its last session did not (the replay).
    #[arg(long, value_name = "ID", value_parser = ranges::game_id())]
    resume: Option<i64>,
    /// A rule option as KEY=VALUE, repeatable.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// Board image size in pixels (256 to 2,048).
    #[arg(long, default_value_t = 768, value_parser = ranges::IMAGE_SIZE)]
    size: u32,
    /// The community's side; with black the engine opens. (Each `play`
    /// is a channel of its own, so the bot's "alternate" has no meaning here.)
    #[arg(long, value_enum, default_value = "white")]
    side: SideArg,
    /// The language of what the game says: en, es or ja (default: from
    /// LC_ALL, LC_MESSAGES or LANG, else English).
    #[arg(long)]
    lang: Option<Lang>,
    /// Play a game between this many communities (2 to 4; more than 2
    /// only at four-army Djambi), each in a channel of its own, instead of
    /// one community against the engine. The first takes --side.
    #[arg(long, value_parser = ranges::whole::<u8>(2, 4), conflicts_with = "resume")]
    communities: Option<u8>,
    /// Call this role when a ballot opens, and remind it once when fewer
    /// than 3 have voted, as the bot calls a channel's chosen role.
    #[arg(long, value_name = "ROLE", conflicts_with_all = ["resume", "communities"])]
    call: Option<String>,
    /// Discuss each move for this many (simulated) seconds before its
    /// votes open (0 to 86,400; default: no discussion).
    #[arg(long, default_value_t = 0, value_parser = ranges::whole::<u32>(0, 86_400))]
    discuss_secs: u32,
    /// Serve the web pages on this address (IP:PORT) while the game is
    /// played, and print the game's page address. Unset: no pages.
    #[arg(long, env = "HOLOTABLE_WEB_ADDR")]
    web_addr: Option<String>,
}

impl Args {
    fn deliberation(&self) -> Deliberation {
        Deliberation {
            discuss_ms: i64::from(self.discuss_secs) * 1000,
            hidden_tally: false,
        }
    }
}

/// The vote lengths the service accepts, in seconds: a longer or shorter
/// one would be refused when the game starts, after the database is open.
fn vote_secs() -> ranges::Whole<u64> {
    let settings = Settings::default();
    let secs = |ms: holotable::model::Millis| i128::from(ms / 1000);
    ranges::whole(secs(settings.min_vote_ms), secs(settings.max_vote_ms))
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum SideArg {
    White,
    Black,
}

/// Serves the pages beside the game and prints where its page is; a
/// channel's choice of `off` leaves the game without one, and says so.
async fn serve_pages(
    service: &std::sync::Arc<Service>,
    address: std::net::SocketAddr,
    game: GameId,
    lang: Lang,
) -> anyhow::Result<()> {
    let bound = holotable::web::serve(address, service.clone(), None)
        .await
        .with_context(|| format!("serving the web pages on {address}"))?;
    match service.pages().token(game).await? {
        Some(token) => {
            let url = holotable::model::page_url(&format!("http://{bound}"), &token);
            outln!("{}", t!(lang, "play-watch", url = url));
        }
        None => outln!("{}", t!(lang, "play-no-page")),
    }
    Ok(())
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let runtime = crate::cli::terminal_runtime()?;
    runtime.block_on(play(args))
}

async fn play(args: &Args) -> anyhow::Result<()> {
    let settings = Settings {
        vote_ms: (args.vote_secs as i64).saturating_mul(1000),
        retry: TERMINAL_RETRY,
        ..Settings::default()
    };
    // A game to resume is read from the database there is; a new one may
    // start a new file.
    let (access, at) = match args.resume {
        Some(id) => (Access::Existing, At::Resuming(GameId(id))),
        None => (Access::Create, At::Starting),
    };
    let web_addr =
        crate::cli::address_setting("HOLOTABLE_WEB_ADDR", args.web_addr.as_deref(), 8080)?;
    let lang = terminal_lang(args.lang);
    let db = holotable::model::without_password(&args.db.url);
    let command = Terminal::Play { db: &db };
    let explain = |at| move |error| stopped::explain(error, lang, command, at);
    let (service, clock) =
        crate::cli::terminal_service(&args.db.url, &args.db.timeout, access, settings)
            .await
            .map_err(explain(at))?;
    // Shared with the pages, which read the game as it is played.
    let service = std::sync::Arc::new(service);
    let (game, held) = match args.resume {
        Some(id) => match resume(&service, &clock, id, lang, command).await? {
            Resumed::Live(game, held) => (game, held),
            Resumed::Over(game) => {
                crate::cli::out_folder(&args.out)?;
                return write_whats_missing(&service, game, args)
                    .await
                    .map_err(explain(at));
            }
        },
        None => {
            let game = start(&service, args).await.map_err(explain(at))?;
            let held = held::hold(&service, game, "play", lang)
                .await
                .map_err(explain(At::Game(game)))?;
            (game, held)
        }
    };
    let communities = match communities_of(&service, game).await {
        Ok(communities) => communities,
        Err(error) => {
            held.release().await;
            return Err(explain(At::Game(game))(error));
        }
    };
    // Only once the game is ours: a command told that another process
    // plays it leaves nothing behind.
    if let Err(error) = crate::cli::out_folder(&args.out) {
        held.release().await;
        return Err(error);
    }
    let mut kept = Kept::new(&communities, args, lang, held, &db);
    let played = async {
        outln!("{}", t!(lang, "play-started", game = game.0));
        if let Some(address) = web_addr {
            serve_pages(&service, address, game, lang).await?;
        }
        // A database that goes away for a moment (a reset connection, a
        // restart) is waited for: every step is committed before the
        // next, so the game carries on from the last one. The game's
        // interrupted step is finished first, for this game only: the
        // database may hold other games (a Discord community's, another
        // terminal's) whose ballots this clock, weeks ahead of theirs,
        // would find due.
        let mut back = false;
        loop {
            let played = async {
                // Away long enough, the hold may have run out and another
                // process taken the game over.
                if back {
                    kept.confirm_hold(lang, game).await?;
                }
                // Not progress yet: a read may succeed where the write
                // that failed keeps failing, so the outage's patience is
                // reset only by a vote accepted or a ballot closed.
                service.turns().recover(game).await?;
                vote_until_over(&service, &clock, game, &communities, args, &mut kept).await
            };
            match played.await {
                Err(error) if went_away(&error) && kept.outage.wait().await => back = true,
                played => break played,
            }
        }
    };
    let played = played.await;
    kept.held.release().await;
    played.map_err(|error| {
        if output::is_closed_pipe(&error) {
            // Not the quiet success of a reader that has all it wanted
            // (`legal | head -1`): the game is still waiting on a ballot,
            // and a script must not take it for played out. The cause is
            // left out of the chain so the dispatcher does not end quietly.
            anyhow::anyhow!("{}", t!(lang, "play-output-closed", game = game.0))
        } else {
            explain(At::Game(game))(error)
        }
    })
}

/// How voting on one ballot at the terminal ended.
pub enum Voted {
    /// The votes are in; the ballot is ours to close.
    Done,
    /// The ballot closed in another process before our votes were in.
    ClosedElsewhere,
    /// The person quit, or standard input ended.
    Quit,
    /// Another process took the game over before the vote was sent.
    TakenOver,
}

/// Whether `refusal` refuses a vote because its ballot is no longer open
/// (closed by another process), which ends voting on it without failing.
fn ballot_gone(refusal: &Refusal) -> bool {
    matches!(
        refusal,
        Refusal::Vote(VoteRefusal::BallotClosed) | Refusal::Vote(VoteRefusal::BallotMovedOn { .. })
    )
}

/// Votes (at the prompt, or the crowd) and closes ballots until the game
/// ends or the person stops.
async fn vote_until_over(
    service: &Service,
    clock: &ManualClock,
    game: GameId,
    communities: &[Community],
    args: &Args,
    kept: &mut Kept,
) -> anyhow::Result<()> {
    let lang = terminal_lang(args.lang);
    let first = &communities
        .first()
        .context("the game has no channel")?
        .channel;
    loop {
        show_news(service, communities, args).await?;
        let view = service.games().status(first).await?;
        match view.game.status {
            GameStatus::Finished | GameStatus::Stopped => break,
            GameStatus::Paused => {
                outln!("{}", t!(lang, "play-resume-paused", game = game.0));
                return Ok(());
            }
            GameStatus::Active => {}
        }
        let ballot = view
            .ballot
            .filter(|b| b.status == BallotStatus::Open)
            .context("the game has no open ballot")?;
        // Another process may have opened this ballot on a clock ahead of
        // ours (two resumes of one game); our votes come after it.
        clock.set(clock.now().max(ballot.opened_at));
        // A run killed while this ballot was open, resumed after its
        // deadline: no vote can count on it any more, so it closes on the
        // votes it has (or is extended when it has none), exactly once
        // whichever process gets there first, and the game goes on.
        if clock.now() >= ballot.deadline {
            close(service, game, ballot.id, lang, kept).await?;
            continue;
        }
        let voting = communities
            .iter()
            .position(|c| c.seats.contains(&ballot.seat))
            .context("no community votes for the open ballot's seat")?;
        let community = &communities[voting];
        if let Some(name) = &community.name {
            outln!(
                "{}",
                t!(lang, "play-community-votes", community = name.as_str())
            );
        }
        // A crowd argues first (in the discussion, when there is one);
        // then the discussion's time passes and the votes open.
        if let Some(crowd) = kept.crowds[voting].as_mut() {
            crowd
                .suggest(lang, service, &community.channel, &ballot)
                .await?;
            show_suggestions(service, lang, &ballot).await?;
        }
        if let Some(opens) = ballot.votes_open_at.filter(|at| *at > clock.now()) {
            clock.set(opens);
        }
        if ballot.votes_open_at.is_some() {
            service.turns().open_due_votes().await?;
            show_news(service, communities, args).await?;
        }
        let voted = match kept.crowds[voting].as_mut() {
            Some(crowd) => {
                crowd
                    .vote(lang, service, &community.channel, &ballot, &mut kept.held)
                    .await?
            }
            None => {
                kept.prompt
                    .vote(
                        service,
                        &community.channel,
                        &community.voter,
                        &ballot,
                        &mut kept.held,
                    )
                    .await?
            }
        };
        match voted {
            Voted::Done => kept.outage.over(),
            // Another process (the bot, another resume) closed it first:
            // what it decided is news, and the next ballot is read afresh.
            Voted::ClosedElsewhere => continue,
            Voted::Quit => {
                outln!("{}", t!(lang, "play-stopped", game = game.0));
                return Ok(());
            }
            Voted::TakenOver => return Err(taken_over(lang, game)),
        }
        // The ballot's time passes: a reminder due before its close (too
        // few voted) is news before the close is.
        clock.set(ballot.deadline - 1);
        service.votes().send_due_reminders().await?;
        show_news(service, communities, args).await?;
        clock.set(ballot.deadline);
        close(service, game, ballot.id, lang, kept).await?;
        kept.outage.over();
    }
    // The review the bot posts a moment after a game ends; here, at once.
    service.games().post_due_reviews().await?;
    show_news(service, communities, args).await?;
    write_replay(service, game, args).await
}

/// The ballot's suggestions as its post lists them, if it has any.
async fn show_suggestions(
    service: &Service,
    lang: Lang,
    ballot: &holotable::model::BallotState,
) -> anyhow::Result<()> {
    let suggestions = service.votes().suggestions(ballot.id).await?;
    if let Some(line) = suggestions_line(lang, &TerminalStyle, &suggestions) {
        outln!("  {line}");
    }
    Ok(())
}

async fn write_replay(service: &Service, game: GameId, args: &Args) -> anyhow::Result<()> {
    let gif = service
        .games()
        .replay_gif(game, args.size.min(512), terminal_lang(args.lang))
        .await?;
    let path = args.out.join("game.gif");
    std::fs::write(&path, gif).with_context(|| format!("writing {}", path.display()))?;
    let lang = terminal_lang(args.lang);
    let path = path.display().to_string();
    outln!("{}", t!(lang, "play-replay-written", path = path));
    Ok(())
}

/// A game that ended may have ended in a session killed after its final
/// commit: its last news never shown and its replay never written. Both
/// are derived from the database, so they are written now.
async fn write_whats_missing(service: &Service, game: GameId, args: &Args) -> anyhow::Result<()> {
    let communities = communities_of(service, game).await?;
    show_news(service, &communities, args).await?;
    let status = service
        .games()
        .get(game)
        .await?
        .context("the game vanished")?
        .status;
    outln!(
        "{}",
        t!(
            terminal_lang(args.lang),
            "play-nothing-left",
            game = game.0,
            status = status.as_str()
        )
    );
    write_replay(service, game, args).await
}

async fn start(service: &Service, args: &Args) -> anyhow::Result<GameId> {
    let kind = args.game.context("name a game, or --resume ID")?;
    if let Some(count) = args.communities {
        return table::start(service, args, kind, count).await;
    }
    // Each terminal game is its own channel. The time alone is not unique:
    // two `play` processes started in the same millisecond would share it.
    let channel = format!("terminal-{}-{:08x}", service.now(), rand::random::<u32>());
    let you = Actor {
        id: "terminal".into(),
        name: "you".into(),
        can_manage: true,
    };
    let rules = super::game_args::rules_json(&args.rules)?;
    if let Some(role) = &args.call {
        service
            .votes()
            .set_call_role(&channel, Some(role), &you)
            .await?;
    }
    let id = service
        .games()
        .start(StartGame {
            side: match args.side {
                SideArg::White => Side::White,
                SideArg::Black => Side::Black,
            },
            ballot_format: Default::default(),
            deliberation: args.deliberation(),
            channel: channel.clone(),
            // The terminal plays in no server: its games count for none.
            server: None,
            kind,
            rules,
            vote_ms: None,
            level: Some(args.level.clone()),
            seed: args.seed,
            by: you,
        })
        .await?;
    Ok(id)
}

async fn communities_of(service: &Service, game: GameId) -> anyhow::Result<Vec<Community>> {
    Ok(table::communities(
        &service.versus().game_sides(game).await?,
    ))
}

/// What `--resume` found.
enum Resumed {
    /// Active (or paused, and now resumed again): play on, holding it.
    Live(GameId, Lease),
    /// Finished or stopped: only what it left unwritten remains to do.
    Over(GameId),
}

/// Finds game `id` and holds it. Failures are said (`command`): before
/// the hold, as a game that could not be resumed; after it, as one that
/// stopped and can be continued.
async fn resume(
    service: &Service,
    clock: &ManualClock,
    id: i64,
    lang: Lang,
    command: Terminal<'_>,
) -> anyhow::Result<Resumed> {
    let explain = |at| move |error| stopped::explain(error, lang, command, at);
    let found = async {
        let game = service
            .games()
            .get(GameId(id))
            .await?
            .with_context(|| format!("there is no game {id}"))?;
        if service.games().is_match(game.id).await? {
            bail!("{}", t!(lang, "play-resume-is-match", game = id));
        }
        if !game.status.is_live() {
            return anyhow::Ok((game, None));
        }
        // Before anything is changed: a game another process plays is left
        // to it.
        let held = held::hold(service, game.id, "play", lang).await?;
        Ok((game, Some(held)))
    };
    let (game, held) = found.await.map_err(explain(At::Resuming(GameId(id))))?;
    let Some(held) = held else {
        return Ok(Resumed::Over(game.id));
    };
    let carried_on = async {
        // The simulated clock carries on from the game's own latest time, so
        // nothing it writes (a vote, the next ballot) lands before what the
        // game already holds.
        if let Some(latest) = service.games().latest_time(game.id).await? {
            clock.set(clock.now().max(latest));
        }
        if game.status == GameStatus::Paused {
            let you = Actor {
                id: "terminal".into(),
                name: "you".into(),
                can_manage: true,
            };
            service.games().resume(&game.channel, &you).await?;
        }
        anyhow::Ok(())
    };
    match carried_on.await {
        Ok(()) => Ok(Resumed::Live(game.id, held)),
        Err(error) => {
            held.release().await;
            Err(explain(At::Game(game.id))(error))
        }
    }
}

/// Prints what the game announced in each community's channel since last
/// time, under the community's name when several play, and writes the
/// board of each new ballot, marking delivered what was shown.
async fn show_news(
    service: &Service,
    communities: &[Community],
    args: &Args,
) -> anyhow::Result<()> {
    for community in communities {
        show_channel_news(service, community, args).await?;
    }
    Ok(())
}

/// Shows what the community's channel is told: the same parts the bot
/// posts, as text, each board written to a file. Ballots are the prompt's
/// and the terminal has no posts to end, so those parts show nothing.
async fn show_channel_news(
    service: &Service,
    community: &Community,
    args: &Args,
) -> anyhow::Result<()> {
    let lang = terminal_lang(args.lang);
    let channel = ChannelKey(community.channel.clone());
    let news = service
        .deliveries()
        .queued_in(&channel, 1000, lang, &TerminalStyle)
        .await?;
    for delivery in news {
        for part in &delivery.parts {
            let (text, board) = match part {
                Part::Text(message) => (message.text.clone(), None),
                Part::Board {
                    ply,
                    featured,
                    message,
                } => (message.text.clone(), Some((*ply, featured))),
                Part::Daily(post) => (post.text(lang, |id| TerminalStyle.member(id)), None),
                Part::Puzzle(post) => (post.text(lang, holotable::service::text::utc_time), None),
                Part::PuzzleReveal(reveal) => (reveal.text(lang), None),
                // Nothing to show: the terminal opens no threads (it plays
                // no league).
                Part::EndBallotPosts { .. }
                | Part::EndPreviousTurn
                | Part::Ballot { .. }
                | Part::OpenThread { .. } => {
                    continue;
                }
            };
            match &community.name {
                Some(name) => outln!("[{name}] {text}"),
                None => outln!("{text}"),
            }
            // Every community's channel writes to one folder: another
            // side's board of a ply (no options) would overwrite the
            // voting side's own (with them), so only that one is written.
            let Some((ply, featured)) =
                board.filter(|(ply, featured)| !featured.is_empty() || *ply == u32::MAX)
            else {
                continue;
            };
            let Some(game) = delivery.game else {
                continue;
            };
            let png = service
                .games()
                .board_png(game, ply, featured, args.size, lang)
                .await?;
            let path = args.out.join(board_file(ply));
            std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
            let path = path.display().to_string();
            outln!("  {}", t!(lang, "play-board-written", path = path));
        }
        // The position as the rules write it, which only a terminal reader
        // has a use for.
        if let News::Community(Announcement::GameFinished { position, .. }) = &delivery.news {
            outln!(
                "  {}",
                t!(lang, "play-final-position", position = position.as_str())
            );
        }
        service.deliveries().delivered(&delivery).await?;
    }
    Ok(())
}
