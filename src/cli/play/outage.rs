//! What `play` keeps and checks while the database comes and goes: the
//! crowds and the prompt, the outage being waited out, and the hold on
//! the game (`Kept`); and a ballot's close, which waits out failures for
//! as long as a person at the terminal is made to wait.

use super::{Args, crowd, prompt, table::Community};
use crate::cli::held;
use crate::cli::stopped::{self, At, DatabaseAway, Stopped, Terminal};
use holotable::i18n::Lang;
use holotable::model::{BallotId, GameId};
use holotable::service::{Lease, Outage, RetryPolicy, Service};
use holotable::t;
use std::time::Duration;

/// What the game keeps while the database comes and goes: the crowd of
/// each community (its draws go on from where they were) and the prompt
/// (with the lines typed ahead of it), the outage being waited out, and
/// the hold on the game.
pub(super) struct Kept {
    pub(super) crowds: Vec<Option<crowd::Crowd>>,
    pub(super) prompt: prompt::Prompt,
    pub(super) outage: Outage,
    pub(super) held: Lease,
    /// The database as the person may be shown it (no password).
    db: String,
}

impl Kept {
    pub(super) fn new(
        communities: &[Community],
        args: &Args,
        lang: Lang,
        held: Lease,
        db: &str,
    ) -> Kept {
        let seed = args.seed.unwrap_or_else(rand::random);
        // Each community's crowd is its own members, with a seed of its own.
        let crowds = communities
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let prefix = match c.name {
                    Some(_) => format!("{}-", c.voter),
                    None => String::new(),
                };
                args.voters
                    .map(|n| crowd::Crowd::new(n, seed.wrapping_add(i as u64), &prefix))
            })
            .collect();
        Kept {
            crowds,
            prompt: prompt::Prompt::new(lang),
            outage: Outage::new(TERMINAL_RETRY, args.db.timeout.get()),
            held,
            db: db.to_string(),
        }
    }

    /// Stops the command, as one that found the game played elsewhere,
    /// when another process took it over while the database was away.
    pub(super) async fn confirm_hold(&mut self, lang: Lang, game: GameId) -> anyhow::Result<()> {
        if self.held.confirm().await? {
            return Ok(());
        }
        Err(taken_over(lang, game))
    }

    /// As [`Kept::confirm_hold`], asking the database only when the hold's
    /// renewer found it may have been lost: before every vote and close,
    /// however long the person sat at the prompt.
    async fn still_held(&mut self, lang: Lang, game: GameId) -> anyhow::Result<()> {
        if self.held.still_ours().await? {
            return Ok(());
        }
        Err(taken_over(lang, game))
    }
}

/// The game was taken over by another process while this one could not
/// renew its hold: it is left to that one.
pub(super) fn taken_over(lang: Lang, game: GameId) -> anyhow::Error {
    held::PlayedElsewhere::new(t!(lang, "play-taken-over", game = game.0)).into()
}

/// A person is waiting at the terminal: retry sooner than the bot does, and
/// give up after `CLOSE_ATTEMPTS` tries (about 6 s of waiting) with a
/// message, rather than keep them staring at a silent prompt.
pub(super) const TERMINAL_RETRY: RetryPolicy = RetryPolicy {
    first: Duration::from_millis(200),
    max: Duration::from_secs(5),
};
const CLOSE_ATTEMPTS: u32 = 6;

/// Closes the due ballot, waiting out failures (each one is logged by the
/// service) until it closes or `CLOSE_ATTEMPTS` tries have failed. Giving
/// up is an error, so the command exits non-zero instead of carrying on
/// with a ballot that can no longer take votes. Only this game's ballot:
/// the database may be shared with other terminals, whose clocks differ.
pub(super) async fn close(
    service: &Service,
    game: GameId,
    ballot: BallotId,
    lang: Lang,
    kept: &mut Kept,
) -> anyhow::Result<()> {
    // The hold may have run out while the person sat at the prompt.
    kept.still_held(lang, game).await?;
    let stopped = |why| {
        let command = Terminal::Play { db: &kept.db };
        stopped::say(lang, command, At::Game(game), Some(why))
    };
    let mut was_away = false;
    while let Err(failing) = service.turns().close_with_backoff(ballot).await {
        if let Some(why) = failing.permanent {
            return Err(Stopped::new(lang, stopped(why), failing.found).into());
        }
        if failing.unreachable {
            // The close's own backoff paces the tries; the outage's
            // patience decides when the database has been away too long,
            // and what it is when it is still refused (a standby that
            // stays one is read-only).
            if kept.outage.gave_up() {
                return Err(match failing.permanent_once_waited {
                    Some(why) => Stopped::new(lang, stopped(why), failing.found).into(),
                    None => DatabaseAway(failing.error).into(),
                });
            }
            was_away = true;
        } else if failing.attempts >= CLOSE_ATTEMPTS {
            // A database that went away is said as such (the caller adds
            // how to resume), rather than as a ballot that would not close.
            service.games().get(game).await?;
            let said = t!(
                lang,
                "play-close-failed",
                move = ballot.ply + 1,
                game = game.0
            );
            return Err(Stopped::new(lang, said, failing.found).into());
        }
        tokio::time::sleep(failing.retry_in()).await;
    }
    // The close is guarded by a lease of its own; the game's next ballot
    // is this process's to play only if it still holds the game.
    if was_away {
        kept.confirm_hold(lang, game).await?;
    }
    Ok(())
}
