//! `holotable match`: a match at one terminal, between people taking turns
//! at the keyboard or against the engine, through the same service and
//! database code as the bot's matches.
//!
//! The turn clock does not run here (people at one keyboard wait for each
//! other); everything else (whose decision it is, pushes by the defender,
//! placements, resignation, ratings) is the bot's.

use super::stopped::{At, Terminal};
use super::typed_lines::{Typed, TypedLines, not_text};
use super::{TerminalStyle, board_file, ranges, terminal_lang};
use crate::cli::output::{self, outln};
use anyhow::{Context, bail};
use holotable::games::{AnyGame, GameKind};
use holotable::i18n::Lang;
use holotable::model::{Access, ChannelKey, GameId, PlayerRef};
use holotable::service::{
    Acceptance, ChallengeRequest, EngineMatchRequest, Lease, Part, Service, ServiceError, Settings,
};
use holotable::t;
use rand::SeedableRng;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The game: space-checkers, dejarik, holochess or djambi. Not needed
    /// with --resume.
    #[arg(required_unless_present = "resume")]
    game: Option<GameKind>,
    /// Continue a match by its id (1 or more, as a stopped match prints it).
    #[arg(long, value_name = "ID", value_parser = ranges::game_id(),
          conflicts_with_all = ["vs_engine", "players", "rules", "seed"])]
    resume: Option<i64>,
    /// Play against the engine at this level (random, greedy, easy, normal,
    /// hard or max) instead of between people.
    #[arg(long, value_name = "LEVEL")]
    vs_engine: Option<String>,
    /// The players' names, comma separated, one per seat (or just yours
    /// against the engine). Default: player 1, player 2, ...
    #[arg(long, value_delimiter = ',')]
    players: Vec<String>,
    /// Seed for seats and random setups (any 64-bit number; default:
    /// random).
    #[arg(long, value_parser = ranges::seed())]
    seed: Option<u64>,
    /// Where to write ply-NNN.png for every turn and game.gif at the end.
    #[arg(long, default_value = "holotable-match")]
    out: PathBuf,
    /// The database; its own file by default, so terminal players stay off
    /// the bot's leaderboards.
    #[arg(long, default_value = "sqlite://holotable-match.db")]
    db: String,
    #[command(flatten)]
    db_timeout: crate::cli::DatabaseTimeoutArg,
    /// A rule option as KEY=VALUE, repeatable.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
    /// Board image size in pixels (256 to 2,048).
    #[arg(long, default_value_t = 512, value_parser = ranges::IMAGE_SIZE)]
    size: u32,
    /// The language of what the match says: en, es or ja (default: from
    /// LC_ALL, LC_MESSAGES or LANG, else English).
    #[arg(long)]
    lang: Option<Lang>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let runtime = super::terminal_runtime()?;
    runtime.block_on(play(args))
}

async fn play(args: &Args) -> anyhow::Result<()> {
    let lang = terminal_lang(args.lang);
    let db = holotable::model::without_password(&args.db);
    let command = Terminal::Match { db: &db };
    let explain = |at| move |error| super::stopped::explain(error, lang, command, at);
    // A match to resume is read from the database there is; a new one may
    // start a new file.
    let (access, at) = match args.resume {
        Some(id) => (Access::Existing, At::Resuming(GameId(id))),
        None => (Access::Create, At::Starting),
    };
    let (service, _) =
        super::terminal_service(&args.db, &args.db_timeout, access, Settings::default())
            .await
            .map_err(explain(at))?;
    let (game, channel) = match args.resume {
        Some(id) => resume(&service, id, lang).await,
        None => start(&service, args, lang).await,
    }
    .map_err(explain(at))?;
    // A match just started stays in the database, to be continued; one
    // being resumed was not played here at all.
    let holding = match args.resume {
        Some(_) => at,
        None => At::Game(game),
    };
    let mut held = super::held::hold(&service, game, "match", lang)
        .await
        .map_err(explain(holding))?;
    // Only once the match is ours: a command told that another process
    // plays it leaves nothing behind.
    let played = match super::out_folder(&args.out) {
        Ok(()) => take_turns(&service, game, &channel, args, lang, &mut held).await,
        Err(error) => Err(error),
    };
    held.release().await;
    played.map_err(|error| {
        // As `play`: a match left waiting on a move must not look
        // played out to a script, so this is no quiet closed pipe.
        if output::is_closed_pipe(&error) {
            anyhow::anyhow!(
                "{}",
                t!(
                    lang,
                    "match-cli-output-closed",
                    game = game.0,
                    db = db.as_str()
                )
            )
        } else {
            explain(At::Game(game))(error)
        }
    })
}

/// The stored match `id` and its channel, refused for a community game.
async fn resume(service: &Service, id: i64, lang: Lang) -> anyhow::Result<(GameId, String)> {
    let game = service
        .games()
        .get(GameId(id))
        .await?
        .with_context(|| format!("there is no game {id}"))?;
    if !service.games().is_match(game.id).await? {
        bail!("{}", t!(lang, "match-cli-is-community", game = id));
    }
    Ok((game.id, game.channel))
}

/// Starts a new match as `args` describe it: against the engine, or
/// between the named people (each accepting the first one's challenge).
async fn start(service: &Service, args: &Args, lang: Lang) -> anyhow::Result<(GameId, String)> {
    let kind = args.game.context("name a game, or --resume ID")?;
    // Unique per process, as for `play`: players are busy per channel.
    let channel = format!(
        "terminal-match-{}-{:08x}",
        service.now(),
        rand::random::<u32>()
    );
    let rules = super::game_args::rules_json(&args.rules)?;
    let game = match &args.vs_engine {
        Some(level) => {
            let you = players(args, lang, 1)?.remove(0);
            service
                .matches()
                .play_engine(EngineMatchRequest {
                    channel: channel.clone(),
                    kind,
                    rules,
                    by: you,
                    level: Some(level.clone()),
                    turn_ms: None,
                    seed: args.seed,
                })
                .await
                .map_err(|e| refused(lang, e))?
        }
        None => {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            let seats = AnyGame::new_game(kind, &rules, &mut rng)
                .map_err(|e| anyhow::anyhow!("{e}"))?
                .seat_count();
            let mut people = players(args, lang, seats)?;
            let by = people.remove(0);
            let challenge = service
                .matches()
                .challenge(ChallengeRequest {
                    channel: channel.clone(),
                    kind,
                    rules,
                    by,
                    opponents: people.clone(),
                    turn_ms: None,
                    seed: args.seed,
                })
                .await
                .map_err(|e| refused(lang, e))?;
            let mut started = None;
            for person in &people {
                if let Acceptance::Started(game) = service
                    .matches()
                    .accept(challenge.id, person)
                    .await
                    .map_err(|e| refused(lang, e))?
                {
                    started = Some(game);
                }
            }
            started.context("the match did not start")?
        }
    };
    Ok((game, channel))
}

/// Asks for each turn's move at the terminal until the match ends or the
/// people stop, then writes the replay.
async fn take_turns(
    service: &Service,
    game: GameId,
    channel: &str,
    args: &Args,
    lang: Lang,
    held: &mut Lease,
) -> anyhow::Result<()> {
    if service.matches().view(game).await?.is_live() {
        outln!("{}", t!(lang, "match-cli-intro", game = game.0));
    } else {
        outln!("{}", t!(lang, "match-cli-over", game = game.0));
    }
    let stopped = t!(
        lang,
        "match-cli-stopped",
        game = game.0,
        db = holotable::model::without_password(&args.db)
    );
    let mut lines = TypedLines::stdin();
    loop {
        show_news(service, channel, args, lang).await?;
        let view = service.matches().view(game).await?;
        if !view.is_live() {
            break;
        }
        let Some(seat) = view.waiting.clone() else {
            bail!("match {game} waits for nobody; it is inconsistent");
        };
        let player = seat.player.clone().expect("a waiting seat has a player");
        outln!(
            "{}",
            t!(lang, "match-cli-your-move", player = seat.name.as_str())
        );
        let line = match lines.next_line().await? {
            Typed::Text(line) => line,
            Typed::NotText => {
                outln!("{}", not_text(lang));
                continue;
            }
            Typed::End => {
                outln!("{stopped}");
                return Ok(());
            }
        };
        match line.trim() {
            "" => {}
            "quit" | "exit" => {
                outln!("{stopped}");
                return Ok(());
            }
            // The players may have sat at the prompt for longer than the
            // hold lasts without being renewed: a move or a resignation is
            // sent only while the match is still this process's.
            _ if !held.still_ours().await? => {
                let said = t!(lang, "match-cli-taken-over", game = game.0);
                return Err(super::held::PlayedElsewhere::new(said).into());
            }
            "list" => outln!("  {}", view.legal.join("  ")),
            "resign" => {
                service.matches().resign(channel, &player).await?;
            }
            text => match service.matches().play_at(game, None, &player, text).await {
                Ok(receipt) => outln!(
                    "{}",
                    t!(
                        lang,
                        "match-cli-played",
                        player = seat.name.as_str(),
                        move = receipt.mv
                    )
                ),
                Err(ServiceError::Refused(refusal)) => outln!("  {}", refusal.text(lang)),
                Err(other) => return Err(other.into()),
            },
        }
    }
    let gif = service
        .games()
        .replay_gif(game, args.size.min(512), super::terminal_lang(None))
        .await?;
    let path = args.out.join("game.gif");
    std::fs::write(&path, gif).with_context(|| format!("writing {}", path.display()))?;
    let shown = path.display().to_string();
    outln!("{}", t!(lang, "match-cli-replay", path = shown));
    Ok(())
}

/// The players, named by `--players` or numbered; `count` of them.
fn players(args: &Args, lang: Lang, count: usize) -> anyhow::Result<Vec<PlayerRef>> {
    if !args.players.is_empty() && args.players.len() != count {
        bail!(
            "{}",
            t!(
                lang,
                "match-cli-wrong-players",
                named = args.players.len(),
                needed = count
            )
        );
    }
    Ok((0..count)
        .map(|i| {
            let name = args
                .players
                .get(i)
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| t!(lang, "match-cli-player", number = i + 1));
            PlayerRef {
                id: format!("terminal:{}", i + 1),
                name,
            }
        })
        .collect())
}

/// A refusal as the one line the terminal shows, in `lang`.
fn refused(lang: Lang, error: ServiceError) -> anyhow::Error {
    match error {
        ServiceError::Refused(refusal) => anyhow::anyhow!(refusal.text(lang)),
        other => other.into(),
    }
}

/// Prints what the match's channel is told (the same parts the bot
/// posts) and writes each board to a file. The prompt asks for moves
/// itself, so the parts that end earlier turns' menus show nothing.
async fn show_news(
    service: &Service,
    channel: &str,
    args: &Args,
    lang: Lang,
) -> anyhow::Result<()> {
    let channel = ChannelKey(channel.to_string());
    let news = service
        .deliveries()
        .queued_in(&channel, 1000, lang, &TerminalStyle)
        .await?;
    for delivery in news {
        let Some(game) = delivery.game else {
            bail!("match announcement {} names no game", delivery.id);
        };
        for part in &delivery.parts {
            let (message, ply) = match part {
                Part::Text(message) => (message, None),
                Part::Board { ply, message, .. } => (message, Some(*ply)),
                _ => continue,
            };
            outln!("{}", message.text);
            let Some(ply) = ply else {
                continue;
            };
            let png = service
                .games()
                .board_png(game, ply, &[], args.size, super::terminal_lang(None))
                .await?;
            let path = args.out.join(board_file(ply));
            std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
            let shown = path.display().to_string();
            outln!("  {}", t!(lang, "match-cli-board", path = shown));
        }
        service.deliveries().delivered(&delivery).await?;
    }
    Ok(())
}
