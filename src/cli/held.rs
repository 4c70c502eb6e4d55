//! A terminal game is held by the command that plays it. Two `play` (or
//! `match`) commands resuming one game would otherwise both vote and close
//! its ballots in turn, each printing half of what happened; the second
//! is told instead that another process plays it, and does nothing.
//!
//! The hold is the service's lease (see `leases.rs` in the service), taken
//! under a name that says which process of which boot holds it. A
//! process that ended without letting go (Ctrl-C, a kill, a crash) is
//! then seen to be gone when it ran on this machine, and its game taken
//! over at once; one elsewhere is waited for until its lease runs out.

use holotable::i18n::Lang;
use holotable::model::{ClaimKind, GameId};
use holotable::service::{Lease, Leased, Service};
use holotable::t;

/// Another process has the game now, and this command leaves it to that
/// one: it did nothing with it, or it stopped once it found the game taken
/// over, every step it played saved. The message, in the terminal's
/// language, says which. The dispatcher ends the command with
/// [`PlayedElsewhere::EXIT_CODE`], which a script can tell from a failure
/// (2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct PlayedElsewhere(String);

impl PlayedElsewhere {
    pub const EXIT_CODE: u8 = 3;

    /// `said`, in the terminal's language, says which game and what to do.
    pub fn new(said: String) -> PlayedElsewhere {
        PlayedElsewhere(said)
    }
}

/// Holds `game` for this command until the returned lease is released or
/// dropped. `command` is how to resume it (`play` or `match`).
///
/// # Errors
/// [`PlayedElsewhere`] when another process holds it; storage failures.
pub async fn hold(
    service: &Service,
    game: GameId,
    command: &str,
    lang: Lang,
) -> anyhow::Result<Lease> {
    let key = game.0.to_string();
    let mut leased = service
        .upkeep()
        .lease(ClaimKind::Terminal, key.clone())
        .await?;
    if let Leased::Elsewhere { owner, .. } = &leased
        && ended_here(owner)
    {
        leased = service
            .upkeep()
            .lease_from(ClaimKind::Terminal, key, owner)
            .await?;
    }
    match leased {
        Leased::Ours(lease) => Ok(lease),
        Leased::Elsewhere { free_in, .. } => Err(PlayedElsewhere(t!(
            lang,
            "terminal-played-elsewhere",
            game = game.0,
            command = command,
            seconds = free_in.as_secs_f64().ceil().max(1.0) as u64
        ))
        .into()),
    }
}

/// This process's name in the leases it holds: `terminal <boot> <pid
/// namespace> <pid> <start> <random>`. The boot's id and the namespace
/// say where the pid means something (a container sharing the machine's
/// name has pids of its own); the start time, in clock ticks since boot,
/// tells the process from a later one given the same pid; the random part
/// keeps names apart where `/proc` tells nothing (then nothing is judged).
pub fn process_id() -> String {
    let pid = std::process::id();
    format!(
        "terminal {} {} {pid} {} {:08x}",
        boot(),
        pid_namespace(),
        started(pid).unwrap_or(0),
        rand::random::<u32>()
    )
}

/// Whether `owner` names a terminal process of this boot and pid namespace
/// that is no longer running.
fn ended_here(owner: &str) -> bool {
    let parts: Vec<&str> = owner.split(' ').collect();
    let ["terminal", boot_id, namespace, pid, start, _] = parts[..] else {
        return false;
    };
    let (Ok(pid), Ok(start)) = (pid.parse::<u32>(), start.parse::<u64>()) else {
        return false;
    };
    // A start of 0 is a process that could not read its own (no /proc).
    let judged_here = start != 0 && boot_id == boot() && namespace == pid_namespace();
    judged_here && started(pid) != Some(start)
}

/// This boot's id: empty where the kernel does not say.
fn boot() -> String {
    std::fs::read_to_string("/proc/sys/kernel/random/boot_id")
        .map(|id| id.trim().to_string())
        .unwrap_or_default()
}

/// This process's pid namespace (`pid:[4026531836]`): empty where the
/// kernel does not say.
fn pid_namespace() -> String {
    std::fs::read_link("/proc/self/ns/pid")
        .map(|link| link.display().to_string().replace(' ', "_"))
        .unwrap_or_default()
}

/// When process `pid` started, in clock ticks since boot: field 22 of
/// `/proc/PID/stat`, index 19 after the command name's closing
/// parenthesis (the name may hold spaces); `None` when no such process
/// runs.
fn started(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(19)?.parse().ok()
}
