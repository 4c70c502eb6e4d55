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
//!
//! Every count runs from 1 (a bench of nothing measures nothing) to about a
//! hundred times its default: the scale each bench asks about is its
//! default, and far past it a run takes hours and its latencies, kept for
//! the percentiles, hundreds of megabytes.

mod closes;
mod restart;
mod votes;

use super::ranges;
use anyhow::Context;
use holotable::games::GameKind;
use holotable::model::Access;
use holotable::service::{Actor, Clock, EngineOpponent, Service, Settings, StartGame};
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
    #[command(flatten)]
    db_timeout: super::DatabaseTimeoutArg,
    /// closes: channels whose ballots fall due together (1 to 100,000).
    #[arg(long, default_value_t = 1_000, value_parser = ranges::whole::<usize>(1, 100_000))]
    channels: usize,
    /// votes: votes cast in all (1 to 10,000,000).
    // Each vote's latency is kept for the percentiles, 16 bytes each.
    #[arg(long, default_value_t = 100_000, value_parser = ranges::whole::<usize>(1, 10_000_000))]
    votes: usize,
    /// votes: open ballots they are spread over (1 to 100,000).
    #[arg(long, default_value_t = 1_000, value_parser = ranges::whole::<usize>(1, 100_000))]
    ballots: usize,
    /// votes: distinct voters (1 to 1,000,000).
    #[arg(long, default_value_t = 10_000, value_parser = ranges::whole::<usize>(1, 1_000_000))]
    voters: usize,
    /// votes: concurrent voting tasks (1 to 1,000).
    // The tasks share the pool's eight connections: a thousand is already
    // a long queue at each.
    #[arg(long, default_value_t = 32, value_parser = ranges::whole::<usize>(1, 1_000))]
    tasks: usize,
    /// votes: write each vote in a commit of its own, as before votes were
    /// grouped, to compare.
    #[arg(long)]
    one_commit_per_vote: bool,
    /// votes: first open this many live pages (0 to 10,000) of one of the
    /// ballots' games on this process, held through the burst, to see what
    /// watchers cost the votes.
    #[arg(long, default_value_t = 0, value_parser = ranges::whole::<usize>(0, 10_000))]
    watchers: usize,
    /// Internal, votes: print every vote's answer as it comes and let the
    /// ballots' deadlines pass during the burst (for the crash test).
    #[arg(long, hide = true)]
    report_each: bool,
    /// restart: open games to re-arm (1 to 1,000,000).
    #[arg(long, default_value_t = 10_000, value_parser = ranges::whole::<usize>(1, 1_000_000))]
    games: usize,
    /// Internal: only re-arm the database named by DATABASE_URL and report
    /// (run as a child process so its memory is measured alone; the URL
    /// travels in the environment, not in the arguments that `ps` shows
    /// every user, since it may carry a password).
    #[arg(long, hide = true)]
    rearm_only: bool,
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
        let db = Database {
            url,
            timeout: args.db_timeout.get(),
        };
        return runtime.block_on(restart::rearm_only(&db));
    }
    let temp = tempfile::tempdir().context("creating a temporary directory")?;
    let url = args
        .db
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", temp.path().join("bench.db").display()));
    let db = Database {
        url,
        timeout: args.db_timeout.get(),
    };
    runtime.block_on(async {
        match args.what {
            What::Closes => closes::run(args.channels, &db).await,
            What::Votes => {
                votes::run(
                    votes::Load {
                        votes: args.votes,
                        ballots: args.ballots,
                        voters: args.voters,
                        tasks: args.tasks,
                        report_each: args.report_each,
                        one_commit_per_vote: args.one_commit_per_vote,
                        watchers: args.watchers,
                    },
                    &db,
                )
                .await
            }
            What::Restart => restart::run(args.games, &db).await,
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

/// The database a bench works on, and how long to wait for it.
pub struct Database {
    url: String,
    timeout: Duration,
}

/// A service on `db`, opened for `access`: a bench fills a database of its
/// own, so it starts from an empty one ([`Access::Empty`]), and reopens it
/// later as it left it ([`Access::Existing`]).
async fn service_at(
    db: &Database,
    access: Access,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<Arc<Service>> {
    service_with(db, access, clock, Settings::default()).await
}

/// [`service_at`] with `settings` of its own.
async fn service_with(
    db: &Database,
    access: Access,
    clock: Arc<dyn Clock>,
    settings: Settings,
) -> anyhow::Result<Arc<Service>> {
    let service = Service::open(
        &db.url,
        access,
        db.timeout,
        clock,
        Arc::new(EngineOpponent),
        settings,
    )
    .await
    .with_context(|| format!("opening {}", holotable::model::without_password(&db.url)))?;
    Ok(Arc::new(service))
}

/// A Space Checkers game in `channel` at `level`.
fn start(channel: String, level: &str) -> StartGame {
    StartGame {
        side: Default::default(),
        ballot_format: Default::default(),
        deliberation: Default::default(),
        channel,
        server: None,
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
                service.games().start(request).await?;
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
