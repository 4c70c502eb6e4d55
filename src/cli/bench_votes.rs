//! `holotable bench-votes`: the community core under load, on a real file
//! database. Three measurements, each printed with its figures:
//! - votes: V voters casting K votes each, concurrently, on one ballot;
//!   throughput, latency percentiles, and a check of the final tally;
//! - rearm: G games with open ballots, then a fresh process that opens the
//!   database and re-arms every deadline; its time and resident memory;
//! - close: the time a ballot close adds beyond the engine's own thinking.

use anyhow::{Context, bail, ensure};
use holotable::games::GameKind;
use holotable::service::{
    Actor, Clock, EngineOpponent, ManualClock, Service, Settings, StartGame, SystemClock,
};
use holotable::store::Store;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// Distinct voters on the one ballot.
    #[arg(long, default_value_t = 1000)]
    voters: usize,
    /// Votes each voter casts (each replaces the previous).
    #[arg(long, default_value_t = 10)]
    votes_each: usize,
    /// Concurrent voting tasks.
    #[arg(long, default_value_t = 16)]
    tasks: usize,
    /// Active games for the restart measurement (0 skips it).
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    /// Ballot closes to time.
    #[arg(long, default_value_t = 50)]
    closes: usize,
    /// Working directory for the database files (default: a temporary one).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Internal: only re-arm an existing database and report (run as a
    /// child process so its memory is measured alone).
    #[arg(long, hide = true)]
    rearm_only: Option<String>,
}

pub fn run(args: &Args) -> anyhow::Result<()> {
    let runtime = super::terminal_runtime()?;
    if let Some(url) = &args.rearm_only {
        return runtime.block_on(rearm_only(url));
    }
    let temp = tempfile::tempdir().context("creating a temporary directory")?;
    let dir = args
        .dir
        .clone()
        .unwrap_or_else(|| temp.path().to_path_buf());
    std::fs::create_dir_all(&dir)?;
    runtime.block_on(async {
        votes(args, &dir).await?;
        close_overhead(args, &dir).await?;
        if args.games > 0 {
            rearm(args, &dir).await?;
        }
        Ok(())
    })
}

fn admin() -> Actor {
    Actor {
        id: "bench".into(),
        name: "bench".into(),
        can_manage: true,
    }
}

async fn service_at(url: &str, clock: Arc<dyn Clock>) -> anyhow::Result<Service> {
    let store = Store::open(url).await?;
    Ok(Service::new(
        store,
        clock,
        Arc::new(EngineOpponent),
        Settings::default(),
    ))
}

fn start(channel: String) -> StartGame {
    StartGame {
        side: Default::default(),
        ballot_format: Default::default(),
        channel,
        kind: GameKind::SpaceCheckers,
        rules: serde_json::json!({}),
        vote_ms: None,
        level: Some("random".into()),
        seed: Some(1),
        by: admin(),
    }
}

async fn votes(args: &Args, dir: &std::path::Path) -> anyhow::Result<()> {
    let url = format!("sqlite://{}", dir.join("votes.db").display());
    let service = Arc::new(service_at(&url, Arc::new(SystemClock)).await?);
    service.start_game(start("bench".into())).await?;
    let legal = service
        .status("bench")
        .await?
        .ballot
        .context("a ballot is open")?
        .legal;
    let started = Instant::now();
    let mut tasks = Vec::new();
    for task in 0..args.tasks {
        let service = service.clone();
        let legal = legal.clone();
        let (voters, each, tasks_n) = (args.voters, args.votes_each, args.tasks);
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            for round in 0..each {
                for voter in (task..voters).step_by(tasks_n) {
                    let mv = &legal[(voter * 7 + round) % legal.len()];
                    let sent = Instant::now();
                    service
                        .vote("bench", &format!("v{voter}"), mv, service.now())
                        .await?;
                    latencies.push(sent.elapsed());
                }
            }
            anyhow::Ok(latencies)
        }));
    }
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await??);
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let mut expected: HashMap<String, u32> = HashMap::new();
    for voter in 0..args.voters {
        *expected
            .entry(legal[(voter * 7 + args.votes_each - 1) % legal.len()].clone())
            .or_default() += 1;
    }
    let tally: HashMap<String, u32> = service.status("bench").await?.tally.into_iter().collect();
    ensure!(
        tally == expected,
        "the final tally is wrong: {tally:?} vs {expected:?}"
    );
    let count = latencies.len();
    println!(
        "votes: {count} accepted in {:.2} s = {:.0} votes/s ({} tasks); latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; final tally exact ({} voters)",
        elapsed.as_secs_f64(),
        count as f64 / elapsed.as_secs_f64(),
        args.tasks,
        ms(percentile(&latencies, 0.50)),
        ms(percentile(&latencies, 0.99)),
        ms(*latencies.last().unwrap_or(&Duration::ZERO)),
        args.voters
    );
    Ok(())
}

async fn close_overhead(args: &Args, dir: &std::path::Path) -> anyhow::Result<()> {
    let url = format!("sqlite://{}", dir.join("close.db").display());
    let clock = ManualClock::starting_at(SystemClock.now());
    let service = service_at(&url, Arc::new(clock.clone())).await?;
    let mut times = Vec::new();
    let mut channel = 0;
    service
        .start_game(start(format!("close-{channel}")))
        .await?;
    while times.len() < args.closes {
        let view = service.status(&format!("close-{channel}")).await?;
        let Some(ballot) = view.ballot.filter(|_| view.game.status.is_live()) else {
            channel += 1;
            service
                .start_game(start(format!("close-{channel}")))
                .await?;
            continue;
        };
        for voter in 0..20 {
            service
                .vote(
                    &format!("close-{channel}"),
                    &format!("v{voter}"),
                    &ballot.legal[voter % ballot.legal.len()],
                    service.now(),
                )
                .await?;
        }
        clock.set(ballot.deadline);
        let started = Instant::now();
        ensure!(
            service.close_due_ballots().await?.closed == 1,
            "the ballot closes"
        );
        times.push(started.elapsed());
    }
    times.sort();
    println!(
        "close: ballot close + community move + engine reply (level random, ~0 ms thinking) + next ballot with its ranking: median {:.2} ms, p90 {:.2} ms, max {:.2} ms over {} closes",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.9)),
        ms(*times.last().unwrap_or(&Duration::ZERO)),
        times.len()
    );
    Ok(())
}

async fn rearm(args: &Args, dir: &std::path::Path) -> anyhow::Result<()> {
    let url = format!("sqlite://{}", dir.join("rearm.db").display());
    let service = service_at(&url, Arc::new(SystemClock)).await?;
    let started = Instant::now();
    for game in 0..args.games {
        service.start_game(start(format!("g{game}"))).await?;
    }
    println!(
        "rearm: created {} games with open ballots in {:.1} s",
        args.games,
        started.elapsed().as_secs_f64()
    );
    service.store().close().await;
    let output = std::process::Command::new(std::env::current_exe()?)
        .args(["bench-votes", "--rearm-only", &url])
        .output()
        .context("running the re-arm process")?;
    if !output.status.success() {
        bail!(
            "the re-arm process failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    print!("{}", String::from_utf8_lossy(&output.stdout));
    Ok(())
}

async fn rearm_only(url: &str) -> anyhow::Result<()> {
    let started = Instant::now();
    let service = service_at(url, Arc::new(SystemClock)).await?;
    let open = service.recover().await?;
    let next = service.store().earliest_deadline(i64::MIN).await?;
    let elapsed = started.elapsed();
    ensure!(next.is_some(), "deadlines are armed");
    println!(
        "rearm: a fresh process opened the database and re-armed {open} open ballots in {:.0} ms; resident memory {} MB",
        elapsed.as_secs_f64() * 1000.0,
        resident_mb().map_or("unknown".into(), |mb| format!("{mb:.1}"))
    );
    Ok(())
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

/// The process's resident set size from /proc (Linux); `None` elsewhere.
fn resident_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
