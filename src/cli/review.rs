//! `holotable review`: the post-game review of a stored community game, at
//! the terminal, in the terminal's language.

use crate::cli::output::outln;
use anyhow::Context;
use holotable::i18n::Lang;
use holotable::model::{Access, GameId};
use holotable::service::{ServiceError, Settings};

#[derive(clap::Args)]
pub struct Args {
    /// The game's id (1 or more, as `play` prints it).
    #[arg(value_parser = super::ranges::game_id())]
    id: i64,
    #[command(flatten)]
    db: crate::cli::DatabaseArg,
    /// The language of the review (en, es or ja); the terminal's otherwise.
    #[arg(long)]
    lang: Option<Lang>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let runtime = crate::cli::terminal_runtime()?;
    runtime.block_on(review(args))
}

async fn review(args: &Args) -> anyhow::Result<()> {
    let (service, _) = crate::cli::terminal_service(
        &args.db.url,
        &args.db.timeout,
        Access::Existing,
        Settings::default(),
    )
    .await?;
    let lang = super::terminal_lang(args.lang);
    let id = GameId(args.id);
    service
        .games()
        .get(id)
        .await?
        .with_context(|| format!("there is no game {id}"))?;
    let reviews = service
        .games()
        .review(id)
        .await
        .map_err(|error| match error {
            ServiceError::Refused(refusal) => anyhow::anyhow!(refusal.text(lang)),
            other => other.into(),
        })?;
    for (index, review) in reviews.iter().enumerate() {
        if index > 0 {
            outln!("");
        }
        outln!("{}", review.text(lang, |id| format!("@{id}"), None));
    }
    Ok(())
}
