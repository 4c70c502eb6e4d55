//! `holotable export`: everything stored about one game, community game or
//! match, written out by its id — so a game whose replay was never written
//! (the process killed after the final commit) is not lost.

use crate::cli::output::outln;
use anyhow::Context;
use holotable::games::GameRecord;
use holotable::model::{Access, GameId, PlayedMove};
use holotable::render::DEFAULT_SIZE;
use holotable::service::review::SideReview;
use holotable::service::{Settings, SideView};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct Args {
    /// The game's id (1 or more, as `play` and `match` print it).
    #[arg(value_parser = super::ranges::game_id())]
    id: i64,
    #[command(flatten)]
    db: crate::cli::DatabaseArg,
    /// The folder to write game-ID.json, game-ID.gif and game-ID-moves.txt into.
    #[arg(long)]
    out: PathBuf,
    /// Width and height of the replay in pixels (256 to 2,048).
    #[arg(long, default_value_t = DEFAULT_SIZE, value_parser = super::ranges::IMAGE_SIZE)]
    size: u32,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let runtime = crate::cli::terminal_runtime()?;
    runtime.block_on(export(args))
}

async fn export(args: &Args) -> anyhow::Result<()> {
    let (service, _) = crate::cli::terminal_service(
        &args.db.url,
        &args.db.timeout,
        Access::Existing,
        Settings::default(),
    )
    .await?;
    let id = GameId(args.id);
    let game = service
        .games()
        .get(id)
        .await?
        .with_context(|| format!("there is no game {id}"))?;
    // Only once there is a game to write: `export 999` leaves no folder.
    crate::cli::out_folder(&args.out)?;
    let record = service.games().record_of(id).await?;
    // A finished community game carries its review; a reader of the record
    // alone (`holotable replay`) ignores the extra field.
    let review = if game.outcome.is_some() && !service.games().is_match(id).await? {
        Some(service.games().review(id).await?)
    } else {
        None
    };
    let exported = Exported {
        record: &record,
        review,
    };
    let json = serde_json::to_string_pretty(&exported).context("writing the record as JSON")?;
    write(&args.out.join(format!("game-{id}.json")), json)?;
    let moves = service.games().moves(id).await?;
    write(
        &args.out.join(format!("game-{id}-moves.txt")),
        move_list(&moves),
    )?;
    let lang = super::terminal_lang(None);
    let gif = service.games().replay_gif(id, args.size, lang).await?;
    write(&args.out.join(format!("game-{id}.gif")), gif)?;
    let count = moves.len();
    outln!(
        "Game {id} ({}, {}) exported with its {count} {}.",
        game.kind.as_str(),
        game.status.as_str(),
        if count == 1 { "decision" } else { "decisions" }
    );
    if let Some(sides) = SideView::list(lang, &service.versus().rated_sides(id).await?) {
        outln!("{sides}");
    }
    Ok(())
}

#[derive(serde::Serialize)]
struct Exported<'a> {
    #[serde(flatten)]
    record: &'a GameRecord,
    #[serde(skip_serializing_if = "Option::is_none")]
    review: Option<Vec<SideReview>>,
}

fn write(path: &Path, contents: impl AsRef<[u8]>) -> anyhow::Result<()> {
    std::fs::write(path, contents).with_context(|| format!("writing {}", path.display()))?;
    outln!("  {}", path.display());
    Ok(())
}

/// One decision a line, numbered from 1, with who decided it:
/// `  3. A2-B2 (community, 4 votes)`.
fn move_list(moves: &[PlayedMove]) -> String {
    moves
        .iter()
        .map(|row| {
            let votes = match row.votes {
                Some(1) => ", 1 vote".to_string(),
                Some(n) => format!(", {n} votes"),
                None => String::new(),
            };
            format!(
                "{:>3}. {} ({}{votes})\n",
                row.ply + 1,
                row.notation,
                row.decided_by
            )
        })
        .collect()
}
