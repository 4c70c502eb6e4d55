//! `holotable bench closes|votes|restart [--db URL]`: how the service holds
//! up under many channels (closes due at once, a vote storm, a restart with
//! many open games), measured on whatever database `--db` names (an empty one;
//! by default a fresh SQLite file in a temporary folder). Run on a release
//! build: `cargo run --release -- bench closes`.
//!
//! - `closes`: C channels with an open Space Checkers ballot (level
//!   `normal`), all due in the same second, closed by the real scheduler:
//!   the time until every close, engine reply and next ballot is written,
//!   and each close's lateness.
//! - `votes`: V votes over B open ballots from N voters, from T tasks:
//!   throughput, latency percentiles, every tally checked exact.
//! - `restart`: G open games, then a fresh process re-arms them: its time
//!   and resident memory (a child process, so only its own memory counts).
//!
//! Progress bars show on a terminal and stay quiet when the output is piped.

mod closes;
mod restart;
mod votes;

use anyhow::Context;
use holotable::games::GameKind;
use holotable::service::{Actor, Clock, EngineOpponent, Service, Settings, StartGame};
use holotable::store::{Access, Store};
use indicatif::{ProgressBar, ProgressStyle};
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    /// What to measure.
    what: What,
    /// The database: an empty one, a SQLite or PostgreSQL URL.
    /// Default: a fresh SQLite file in a temporary folder.
    #[arg(long)]
    db: Option<String>,
    /// closes: channels whose ballots fall due together.
    #[arg(long, default_value_t = 1_000, value_parser = at_least_one())]
    channels: usize,
    /// votes: votes cast in all.
    #[arg(long, default_value_t = 100_000, value_parser = at_least_one())]
    votes: usize,
    /// votes: open ballots they are spread over.
    #[arg(long, default_value_t = 1_000, value_parser = at_least_one())]
    ballots: usize,
    /// votes: distinct voters.
    #[arg(long, default_value_t = 10_000, value_parser = at_least_one())]
    voters: usize,
    /// votes: concurrent voting tasks.
    #[arg(long, default_value_t = 32, value_parser = at_least_one())]
    tasks: usize,
    /// votes: write each vote in a commit of its own, as before votes were
    /// grouped, to compare.
    #[arg(long)]
    one_commit_per_vote: bool,
    /// Internal, votes: print every vote's answer as it comes and let the
    /// ballots' deadlines pass during the burst (for the crash test).
    #[arg(long, hide = true)]
    report_each: bool,
    /// restart: open games to re-arm.
    #[arg(long, default_value_t = 10_000, value_parser = at_least_one())]
    games: usize,
    /// Internal: only re-arm the database named by DATABASE_URL and report
    /// (run as a child process so its memory is measured alone; the URL
    /// travels in the environment, not in the arguments that `ps` shows
    /// every user, since it may carry a password).
    #[arg(long, hide = true)]
    rearm_only: bool,
}

/// A count of at least one: a bench of nothing measures nothing, and
/// clap's own refusal is the one-line kind every bad value gets.
fn at_least_one() -> impl clap::builder::TypedValueParser<Value = usize> {
    use clap::builder::TypedValueParser;
    clap::value_parser!(u64)
        .range(1..=u64::from(u32::MAX))
        .map(|n| n as usize)
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum What {
    Closes,
    Votes,
    Restart,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let runtime = super::terminal_runtime()?;
    if args.rearm_only {
        let url = std::env::var("DATABASE_URL").context("the re-arm process needs DATABASE_URL")?;
        return runtime.block_on(restart::rearm_only(&url));
    }
    let temp = tempfile::tempdir().context("creating a temporary directory")?;
    let url = args
        .db
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", temp.path().join("bench.db").display()));
    runtime.block_on(async {
        match args.what {
            What::Closes => closes::run(args.channels, &url).await,
            What::Votes => {
                votes::run(
                    votes::Load {
                        votes: args.votes,
                        ballots: args.ballots,
                        voters: args.voters,
                        tasks: args.tasks,
                        report_each: args.report_each,
                        one_commit_per_vote: args.one_commit_per_vote,
                    },
                    &url,
                )
                .await
            }
            What::Restart => restart::run(args.games, &url).await,
        }
    })
}

fn admin() -> Actor {
    Actor {
        id: "bench".into(),
        name: "bench".into(),
        can_manage: true,
    }
}

/// A service on the database at `url`, opened for `access`: a bench fills
/// a database of its own, so it starts from an empty one ([`Access::Empty`]),
/// and reopens it later as it left it ([`Access::Existing`]).
async fn service_at(
    url: &str,
    access: Access,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<Arc<Service>> {
    service_with(url, access, clock, Settings::default()).await
}

/// [`service_at`] with `settings` of its own.
async fn service_with(
    url: &str,
    access: Access,
    clock: Arc<dyn Clock>,
    settings: Settings,
) -> anyhow::Result<Arc<Service>> {
    let store = Store::open_for(url, access)
        .await
        .with_context(|| format!("opening {}", holotable::store::without_password(url)))?;
    Ok(Arc::new(Service::new(
        store,
        clock,
        Arc::new(EngineOpponent),
        settings,
    )))
}

/// A Space Checkers game in `channel` at `level`.
fn start(channel: String, level: &str) -> StartGame {
    StartGame {
        side: Default::default(),
        ballot_format: Default::default(),
        channel,
        kind: GameKind::SpaceCheckers,
        rules: serde_json::json!({}),
        vote_ms: None,
        level: Some(level.into()),
        seed: Some(1),
        by: admin(),
    }
}

/// Starts `count` games, `channel(i)` for the i-th, a few at once.
async fn start_games(
    service: &Arc<Service>,
    count: usize,
    level: &str,
    channel: impl Fn(usize) -> String,
) -> anyhow::Result<()> {
    use futures_util::StreamExt;
    let bar = progress(count, "starting games");
    let started = futures_util::stream::iter(0..count)
        .map(|i| {
            let (service, request, bar) = (service.clone(), start(channel(i), level), bar.clone());
            async move {
                service.start_game(request).await?;
                bar.inc(1);
                anyhow::Ok(())
            }
        })
        .buffer_unordered(8)
        .collect::<Vec<_>>()
        .await;
    bar.finish_and_clear();
    started.into_iter().collect()
}

/// A progress bar on stderr; indicatif draws nothing when it is not a
/// terminal.
fn progress(len: usize, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    bar.set_style(
        ProgressStyle::with_template("{msg}: {bar:40} {pos}/{len} ({elapsed})")
            .expect("the template is valid"),
    );
    bar.set_message(what.to_string());
    bar
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// Says whether a figure met its target, for the report lines.
fn verdict(met: bool) -> &'static str {
    if met { "target met" } else { "TARGET MISSED" }
}
