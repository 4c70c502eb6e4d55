//! The real `holotable bot` process and the steps every end-to-end suite
//! shares: start it against the stand-in, start a community game, wait for
//! ballots and messages, read an interaction's reply as a message, and
//! check at the end that nothing went unanswered or broke the spec.

use crate::support::discord_standin::{
    self, CHANNEL, GUILD, MANAGE_GUILD, Posted, StandIn, TOKEN, User,
};
use crate::support::terminal::{holotable, holotable_from};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// `/community start`'s game choices, by their index.
pub const SPACE_CHECKERS: u64 = 0;
pub const HOLOCHESS: u64 = 2;
/// Four-player Djambi: the channel plays Red, the engine the three others.
pub const DJAMBI: u64 = 3;

/// Long enough for the slowest step here (a close plus the engine's reply
/// and the next board) on a loaded two-core machine.
pub const STEP: Duration = Duration::from_secs(40);

/// Component votes only: every vote is an interaction on a shard, and
/// every tally an edit of the ballot message. No vote lasts longer than
/// a week, the longest poll minimum the bot accepts.
pub const MENUS_ONLY: (&str, &str) = ("HOLOTABLE_POLL_MIN_SECS", "604800");

pub struct Bot {
    child: Child,
}

impl Bot {
    /// Starts `holotable bot` against the stand-in. `env` adds or overrides
    /// settings. The working directory is the test's own, so no `.env` of
    /// the developer's is read.
    pub fn start(standin: &StandIn, dir: &Path, env: &[(&str, &str)]) -> Bot {
        Bot::start_logged(standin, dir, "bot.log", env)
    }

    /// Like [`Bot::start`], logging to `log` in `dir` (appended to, so a
    /// restarted process keeps its earlier lines): several processes can
    /// share one directory and database.
    pub fn start_logged(standin: &StandIn, dir: &Path, log: &str, env: &[(&str, &str)]) -> Bot {
        let mut command = bot_command(dir);
        command
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_URL", standin.api_url())
            .env("DEV_GUILD_ID", GUILD.to_string());
        for (key, value) in env {
            command.env(key, value);
        }
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join(log))
            .expect("opening the bot's log");
        let child = command.stderr(log).spawn().expect("starting holotable bot");
        Bot { child }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Asks the process to stop (SIGTERM), as a service manager does, and
    /// waits for it to leave: `None` if it is still running after [`STEP`].
    pub async fn terminate(mut self) -> Option<std::process::ExitStatus> {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("running kill");
        assert!(sent.success(), "kill -TERM failed");
        let until = std::time::Instant::now() + STEP;
        while std::time::Instant::now() < until {
            if let Some(status) = self.child.try_wait().expect("waiting for the bot") {
                return Some(status);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        None
    }

    /// Kills the process at once (SIGKILL): no shutdown code runs.
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn sorted(mut shards: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    shards.sort_unstable();
    shards
}

/// Waits until exactly the shards `expected` are connected: `(id, count)`.
pub async fn wait_connected(standin: &StandIn, expected: &[(u32, u32)]) {
    let expected = sorted(expected.to_vec());
    standin
        .wait_for(STEP, "the shards to connect", |s| {
            (sorted(s.connected()) == expected).then_some(())
        })
        .await;
}

/// One of several bot processes on one database, each serving its own
/// shards (`HOLOTABLE_SHARDS`), restartable after a kill.
pub struct Process {
    pub log: &'static str,
    pub shards: &'static str,
    pub bot: Option<Bot>,
}

impl Process {
    pub fn start(&mut self, standin: &StandIn, dir: &Path, database: &str) {
        let env = [
            MENUS_ONLY,
            ("HOLOTABLE_SHARDS", self.shards),
            ("DATABASE_URL", database),
            // The shortest lease: a killed process's work is taken over
            // by the other process within 3 s, not the default 30.
            ("HOLOTABLE_LEASE_SECS", "3"),
        ];
        self.bot = Some(Bot::start_logged(standin, dir, self.log, &env));
    }
}

/// A fresh stand-in and `holotable bot` against it (see [`Bot::start`]),
/// once the bot is connected and has registered its commands. Bind the
/// bot by name: dropping it kills the process.
pub async fn start_standin_and_bot(dir: &Path, env: &[(&str, &str)]) -> (StandIn, Bot) {
    let standin = StandIn::start().await;
    let bot = Bot::start(&standin, dir, env);
    standin.wait_ready().await;
    (standin, bot)
}

/// `holotable bot` in `dir`: this build's binary, or the one
/// `HOLOTABLE_TEST_BIN` names (a release build, for a measurement).
pub fn bot_command(dir: &Path) -> Command {
    let mut command = match std::env::var_os("HOLOTABLE_TEST_BIN") {
        Some(binary) => holotable_from(binary),
        None => holotable(),
    };
    command
        .arg("bot")
        .current_dir(dir)
        .env_remove("DISCORD_API_URL")
        .env_remove("DEV_GUILD_ID")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("bot.db").display()),
        )
        .env("HOLOTABLE_MIN_VOTE_SECS", "1")
        .env("HOLOTABLE_POLL_MIN_SECS", "1")
        .env("HOLOTABLE_TALLY_SECS", "1")
        .env("HOLOTABLE_BOARD_SIZE", "256")
        .env("RUST_LOG", "holotable=debug,serenity=warn,poise=warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    command
}

pub fn admin() -> User {
    User::new(700_000_000_000_000_001, "Ada", MANAGE_GUILD)
}

pub fn voter(n: u64) -> User {
    User::new(700_000_000_000_000_100 + n, &format!("voter{n}"), 0)
}

/// A member who plays matches, with no permissions.
pub fn player(n: u64, name: &str) -> User {
    User::new(700_000_000_000_000_200 + n, name, 0)
}

/// `/community start` of Space Checkers against the random engine.
pub fn start_options(vote: &str) -> Value {
    game_options(SPACE_CHECKERS, vote)
}

/// `/community start` of `game` (a choice index) against the random engine.
pub fn game_options(game: u64, vote: &str) -> Value {
    json!([{ "name": "start", "type": 1, "options": [
        { "name": "game", "type": 4, "value": game },
        { "name": "vote", "type": 3, "value": vote },
        { "name": "level", "type": 4, "value": 0 },
    ]}])
}

pub fn vote_options(text: &str) -> Value {
    json!([{ "name": "move", "type": 3, "value": text }])
}

pub async fn start_game(standin: &StandIn, vote: &str) {
    start_game_of(standin, SPACE_CHECKERS, vote).await;
}

pub async fn start_game_of(standin: &StandIn, game: u64, vote: &str) {
    start_game_in(standin, CHANNEL, game, vote).await;
}

/// Starts a community game of `game` in `channel`.
pub async fn start_game_in(standin: &StandIn, channel: u64, game: u64, vote: &str) {
    let id = standin.slash_in(channel, &admin(), "community", game_options(game, vote), 2);
    let answer = standin.answer(id).await;
    let text = answer.text().unwrap_or_default();
    assert!(text.contains("started"), "{text}");
    assert!(answer.ephemeral());
}

/// The next live ballot message (a poll, or menus) not in `seen`.
pub async fn next_ballot(standin: &StandIn, seen: &HashSet<u64>) -> Option<Posted> {
    standin
        .wait_for(STEP, "a ballot or the end of the game", |s| {
            let messages = s.messages();
            if messages.iter().any(|m| m.content.contains("Game over")) {
                return Some(None);
            }
            messages
                .into_iter()
                .find(|m| {
                    !seen.contains(&m.id) && (m.poll.is_some() || !m.menu_options().is_empty())
                })
                .map(Some)
        })
        .await
}

pub async fn wait_text(standin: &StandIn, text: &str) -> Posted {
    wait_text_within(standin, STEP, text).await
}

/// Like [`wait_text`], for a post whose work grows with the game (a
/// review weighs every decision).
pub async fn wait_text_within(standin: &StandIn, within: Duration, text: &str) -> Posted {
    standin
        .wait_for(within, text, |s| {
            s.messages().into_iter().find(|m| m.content.contains(text))
        })
        .await
}

/// Every interaction got an answer, and every request matched the spec.
pub fn assert_clean(standin: &StandIn) {
    let unanswered: Vec<u64> = standin
        .answers()
        .iter()
        .filter(|a| !a.answered())
        .map(|a| a.id)
        .collect();
    assert!(
        unanswered.is_empty(),
        "interactions never answered: {unanswered:?}"
    );
    let violations = standin.violations();
    assert!(
        violations.is_empty(),
        "requests that break the spec:\n{}",
        violations.join("\n")
    );
}

/// The message an interaction reply created (a challenge with buttons, a
/// ballot step with its menus), so a test can click on it.
pub fn reply_message(answer: &discord_standin::Answer) -> Posted {
    let data = &answer.callbacks[0]["data"];
    Posted {
        id: answer.id,
        channel: CHANNEL,
        content: data["content"].as_str().unwrap_or_default().to_string(),
        components: data["components"].clone(),
        poll: None,
        poll_expired: false,
        images: Vec::new(),
        edits: 0,
        mentions: data["allowed_mentions"].clone(),
    }
}

/// The first `<t:…>` a text names, in seconds.
pub fn stated_closing(text: &str) -> u64 {
    text.split("<t:")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no time in {text:?}"))
}

/// Now, in Unix seconds, as Discord's `<t:…>` counts.
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// A port nothing listens on now, for a server the bot starts.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// The value of the Prometheus sample line starting with `name`.
pub fn metric_sample(text: &str, name: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}
