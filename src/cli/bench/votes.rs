//! `bench votes`: many votes over many open ballots from many voters, cast
//! from concurrent tasks as the gateway's handlers would.
//!
//! Vote i is voter `i mod N`'s r-th (r = i div N), on ballot
//! `(voter + r·101) mod B`: with 10 votes each over 1,000 ballots a voter's
//! ballots are all different, so every vote is counted. Other loads (more
//! votes than voters, one ballot) make a voter vote again on a ballot,
//! which replaces their vote: every vote of one voter is cast from one
//! task, in order, so which of them is last, and so each ballot's expected
//! tally, is known exactly whatever the tasks' interleaving.
//!
//! With `--report-each` (for the crash test, not a measurement) the bench
//! prints a line for every vote as soon as it is answered, `ok` or
//! `refused`, and lets the ballots' deadlines pass one after another
//! during the burst, so answers of both kinds arrive together.

use super::{
    Database, ms, percentile, progress, service_at, service_with, start, start_games, verdict,
};
use crate::cli::output::outln;
use anyhow::ensure;
use holotable::model::Access;
use holotable::service::{
    Clock, ManualClock, Outage, RetryPolicy, ServiceError, Settings, SystemClock,
};
use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

const TARGET_RATE: f64 = 10_000.0;
const TARGET_P99: Duration = Duration::from_millis(20);

pub struct Load {
    pub votes: usize,
    pub ballots: usize,
    pub voters: usize,
    pub tasks: usize,
    /// Print every answer as it comes, for the crash test.
    pub report_each: bool,
    /// Each vote in a commit of its own (see [`holotable::service::Settings::group_votes`]).
    pub one_commit_per_vote: bool,
    /// Live pages of ballot 0's game held open through the burst.
    pub watchers: usize,
}

impl Load {
    /// The ballot and option index of vote `i`.
    fn vote(&self, i: usize) -> (usize, String, usize) {
        let voter = i % self.voters;
        let round = i / self.voters;
        (
            (voter + round * 101) % self.ballots,
            format!("v{voter}"),
            voter * 7 + round,
        )
    }
}

pub async fn run(load: Load, db: &Database) -> anyhow::Result<()> {
    if load.report_each {
        return run_reporting_each(load, db).await;
    }
    let settings = Settings {
        group_votes: !load.one_commit_per_vote,
        ..Settings::default()
    };
    let service = service_with(db, Access::Empty, Arc::new(SystemClock), settings).await?;
    let channel = |i: usize| format!("votes-{i}");
    start_games(&service, load.ballots, "random", channel).await?;
    let mut legal = Vec::with_capacity(load.ballots);
    for b in 0..load.ballots {
        let ballot = service.games().status(&channel(b)).await?.ballot;
        legal.push(ballot.expect("a new game has an open ballot").legal);
    }
    // A voter's votes are cast in order of i (one task casts them all),
    // so the last by i is the one each ballot keeps.
    let mut expected: Vec<HashMap<String, u32>> = vec![HashMap::new(); load.ballots];
    let mut last: HashMap<(usize, String), String> = HashMap::new();
    for i in 0..load.votes {
        let (b, voter, option) = load.vote(i);
        last.insert((b, voter), legal[b][option % legal[b].len()].clone());
    }
    for ((b, _), mv) in last {
        *expected[b].entry(mv).or_default() += 1;
    }

    let watching = watch(&service, &channel(0), load.watchers).await?;
    let (load, legal) = (Arc::new(load), Arc::new(legal));
    let db_timeout = db.timeout;
    let bar = progress(load.votes, "voting");
    let started = Instant::now();
    let mut tasks = Vec::new();
    for task in 0..load.tasks {
        let (service, load, legal, bar) =
            (service.clone(), load.clone(), legal.clone(), bar.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mine = (0..load.votes).filter(|i| (i % load.voters) % load.tasks == task);
            for i in mine {
                let (b, voter, option) = load.vote(i);
                let mv = &legal[b][option % legal[b].len()];
                let sent = Instant::now();
                vote_through_outages(&service, &channel(b), &voter, mv, db_timeout).await?;
                latencies.push(sent.elapsed());
                bar.inc(1);
            }
            anyhow::Ok(latencies)
        }));
    }
    let mut latencies = Vec::with_capacity(load.votes);
    for task in tasks {
        latencies.extend(task.await??);
    }
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    latencies.sort();
    for (b, expected) in expected.iter().enumerate() {
        let tally: HashMap<String, u32> = service
            .games()
            .status(&channel(b))
            .await?
            .tally
            .into_iter()
            .collect();
        ensure!(
            &tally == expected,
            "ballot {b}'s tally is wrong: {tally:?}, expected {expected:?}"
        );
    }
    if !watching.0.is_empty() {
        outln!(
            "{} live pages of one of the ballots' games were held on this process through the burst.",
            watching.0.len()
        );
    }
    let rate = latencies.len() as f64 / elapsed.as_secs_f64();
    let p99 = percentile(&latencies, 0.99);
    outln!(
        "votes{}: {} votes over {} open ballots from {} voters, {} tasks: {:.0} votes/s ({}, {:.0}); \
         latency p50 {:.2} ms, p99 {:.2} ms ({}, {:.0} ms), max {:.2} ms; every tally exact",
        if load.one_commit_per_vote {
            " (one commit per vote)"
        } else {
            ""
        },
        latencies.len(),
        load.ballots,
        load.voters,
        load.tasks,
        rate,
        verdict(rate >= TARGET_RATE),
        TARGET_RATE,
        ms(percentile(&latencies, 0.50)),
        ms(p99),
        verdict(p99 <= TARGET_P99),
        ms(TARGET_P99),
        ms(*latencies.last().unwrap_or(&Duration::ZERO)),
    );
    Ok(())
}

/// Clock time between two games' starts, and so between their deadlines.
const DEADLINE_STEP_MS: i64 = 1_000;
/// Real time between one ballot's deadline passing and the next's.
const DEADLINE_EVERY: Duration = Duration::from_millis(50);

/// `--report-each`: the same burst on a clock of the bench's own, which
/// starts the games a second apart and then, during the burst, passes one
/// ballot's deadline every [`DEADLINE_EVERY`]. Each answer is a line on
/// stdout, `ok|refused GAME PLY VOTER MOVE`, written (and flushed: stdout
/// is line-buffered) after the service answered, so a reader that sees a
/// line saw the answer; a vote answered otherwise is a `failed` line.
async fn run_reporting_each(load: Load, db: &Database) -> anyhow::Result<()> {
    let clock = ManualClock::starting_at(SystemClock.now());
    let service = service_at(db, Access::Empty, Arc::new(clock.clone())).await?;
    let channel = |i: usize| format!("votes-{i}");
    let mut ballots = Vec::with_capacity(load.ballots);
    for b in 0..load.ballots {
        service.games().start(start(channel(b), "random")).await?;
        let ballot = service.games().status(&channel(b)).await?.ballot;
        ballots.push(ballot.expect("a new game has an open ballot"));
        clock.advance(DEADLINE_STEP_MS);
    }
    let first_deadline = ballots[0].deadline;
    clock.set(first_deadline - DEADLINE_STEP_MS);
    let ticking = tokio::spawn({
        let clock = clock.clone();
        async move {
            loop {
                tokio::time::sleep(DEADLINE_EVERY).await;
                clock.advance(DEADLINE_STEP_MS);
            }
        }
    });
    let (load, ballots) = (Arc::new(load), Arc::new(ballots));
    let db_timeout = db.timeout;
    let mut tasks = Vec::new();
    for task in 0..load.tasks {
        let (service, load, ballots) = (service.clone(), load.clone(), ballots.clone());
        tasks.push(tokio::spawn(async move {
            let mine = (0..load.votes).filter(|i| (i % load.voters) % load.tasks == task);
            for i in mine {
                let (b, voter, option) = load.vote(i);
                let ballot = &ballots[b];
                let mv = &ballot.legal[option % ballot.legal.len()];
                let answer =
                    vote_through_outages(&service, &channel(b), &voter, mv, db_timeout).await;
                let word = match answer {
                    Ok(_) => "ok",
                    Err(ServiceError::Refused(_)) => "refused",
                    Err(ServiceError::Failed(_)) => "failed",
                };
                let line = format!(
                    "{word} {} {} {voter} {mv}\n",
                    ballot.id.game.0, ballot.id.ply
                );
                // One write of the whole line: the tasks share stdout.
                let _ = std::io::stdout().lock().write_all(line.as_bytes());
            }
        }));
    }
    for task in tasks {
        task.await?;
    }
    ticking.abort();
    Ok(())
}

/// The waits between tries of a vote that met a database gone away.
const OUTAGE_RETRY: RetryPolicy = RetryPolicy {
    first: Duration::from_millis(50),
    max: Duration::from_secs(1),
};

/// A vote, cast again while the database is away (a reset connection, a
/// restart) for as long as the store's timeout: what a voter would do, and
/// without the waits every task would open a connection after each
/// failure, thousands a second.
async fn vote_through_outages(
    service: &holotable::service::Service,
    channel: &str,
    voter: &str,
    mv: &str,
    patience: Duration,
) -> Result<holotable::service::VoteReceipt, ServiceError> {
    let mut outage = Outage::new(OUTAGE_RETRY, patience);
    loop {
        match service
            .votes()
            .cast(channel, voter, mv, service.now())
            .await
        {
            Err(error) if error.is_database_unreachable() && outage.wait().await => {}
            answer => return answer,
        }
    }
}

/// `count` event streams of the page of `channel`'s game, served by this
/// process and each given the page's first frame; they are read (so every
/// frame is sent) until dropped.
async fn watch(
    service: &Arc<holotable::service::Service>,
    channel: &str,
    count: usize,
) -> anyhow::Result<Watching> {
    if count == 0 {
        return Ok(Watching(Vec::new()));
    }
    let game = service.games().status(channel).await?.game.id;
    let token = service
        .pages()
        .token(game)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the game has no page"))?;
    let bound = holotable::web::serve("127.0.0.1:0".parse()?, service.clone(), None).await?;
    let url = format!("http://{bound}/g/{token}/events");
    let client = reqwest::Client::new();
    let mut held = Vec::with_capacity(count);
    for _ in 0..count {
        let mut stream = client.get(&url).send().await?;
        let mut seen = String::new();
        while !seen.contains("event: page") {
            let chunk = stream
                .chunk()
                .await?
                .ok_or_else(|| anyhow::anyhow!("a page's stream closed"))?;
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
        held.push(tokio::spawn(async move {
            while let Ok(Some(_)) = stream.chunk().await {}
        }));
    }
    Ok(Watching(held))
}

/// The watchers' readers; they stop when the bench is done with them.
struct Watching(Vec<tokio::task::JoinHandle<()>>);

impl Drop for Watching {
    fn drop(&mut self) {
        for reader in &self.0 {
            reader.abort();
        }
    }
}
