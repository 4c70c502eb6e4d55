//! `bench restart`: many open games, then a fresh process opens the
//! database and re-arms every deadline. The re-arming runs as a child
//! process of this same binary, so its resident memory is its own and not
//! the setup's.

use super::{Database, progress, service_at, start_games, verdict};
use crate::cli::output::outln;
use anyhow::{Context, bail, ensure};
use holotable::model::Access;
use holotable::service::SystemClock;
use std::sync::Arc;
use std::time::{Duration, Instant};

const TARGET: Duration = Duration::from_secs(2);
const TARGET_MB: f64 = 150.0;

pub async fn run(games: usize, db: &Database) -> anyhow::Result<()> {
    let service = service_at(db, Access::Empty, Arc::new(SystemClock)).await?;
    let started = Instant::now();
    start_games(&service, games, "random", |i| format!("restart-{i}")).await?;
    let setup = started.elapsed();
    service.close().await;
    drop(service);
    let bar = progress(1, "re-arming in a fresh process");
    let output = std::process::Command::new(std::env::current_exe()?)
        .args(["bench", "restart", "--rearm-only"])
        .env("DATABASE_URL", &db.url)
        .env("HOLOTABLE_DB_TIMEOUT", db.timeout.as_secs().to_string())
        .output()
        .context("running the re-arm process")?;
    bar.finish_and_clear();
    if !output.status.success() {
        bail!(
            "the re-arm process failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    outln!(
        "restart: {games} open games created in {:.1} s",
        setup.as_secs_f64()
    );
    crate::cli::output::raw(&String::from_utf8_lossy(&output.stdout))?;
    Ok(())
}

pub async fn rearm_only(db: &Database) -> anyhow::Result<()> {
    let started = Instant::now();
    let service = service_at(db, Access::Existing, Arc::new(SystemClock)).await?;
    let open = service.upkeep().recover().await?;
    let next = service.turns().next_deadline(i64::MIN).await?;
    let elapsed = started.elapsed();
    ensure!(next.is_some(), "deadlines are armed");
    let (peak, resident) = (memory_mb("VmHWM:"), memory_mb("VmRSS:"));
    let shown = |mb: Option<f64>| mb.map_or("unknown".into(), |mb| format!("{mb:.1} MB"));
    outln!(
        "restart: a fresh process opened the database and re-armed {open} open ballots in {:.0} ms ({}, {:.0} s); \
         resident memory {} now, {} at its peak ({}, {TARGET_MB:.0} MB)",
        elapsed.as_secs_f64() * 1000.0,
        verdict(elapsed <= TARGET),
        TARGET.as_secs_f64(),
        shown(resident),
        shown(peak),
        verdict(peak.is_some_and(|mb| mb < TARGET_MB)),
    );
    Ok(())
}

/// A line of /proc/self/status in MB (Linux); `None` elsewhere.
fn memory_mb(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
