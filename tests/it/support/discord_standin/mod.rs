//! A local stand-in for Discord, for end-to-end tests of the real bot.
//!
//! It listens on 127.0.0.1 (ephemeral ports): REST under `/api/v10` (the
//! bot reaches it through `DISCORD_API_URL`) and a websocket gateway. It
//! records what a person would see (messages, images, polls, edits,
//! interaction replies), validates every request body against Discord's
//! OpenAPI spec (see `schema.rs`), and lets a test script users (slash
//! commands, menu clicks, poll votes), inject 429/5xx answers and drop the
//! gateway. Never reaches the internet.
//!
//! Up to ten thousand guilds and more can be served, each with a few
//! text channels, or as big as a community server ([`Shape`]); IDENTIFY
//! names a shard, and each guild's events go only to the connection of
//! its shard (`(guild_id >> 22) % count`, Discord's formula), so tests can
//! run several bot processes that split the shards.

pub mod commands;
mod gateway;
mod guilds;
mod rest;
pub mod roles;
mod schema;

pub use guilds::Shape;
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

pub const TOKEN: &str = "standin-token";
pub const GUILD: u64 = 800_000_000_000_000_001;
pub const CHANNEL: u64 = 800_000_000_000_000_002;
pub const APPLICATION: u64 = 800_000_000_000_000_003;
pub const BOT_USER: u64 = 800_000_000_000_000_003;
/// Discord's permission bit for Manage Server.
pub const MANAGE_GUILD: u64 = 1 << 5;
/// Guilds one stand-in can serve: enough to measure ten thousand, and
/// their ids stay below 2^63 (`GUILD` plus this in the timestamp bits).
const MAX_GUILDS: u64 = 1 << 20;
/// Text channels of each guild the tests play in: its first,
/// [`Guild::channel`], and others ([`Guild::nth_channel`]), for games
/// between channels of one server.
const CHANNELS_PER_GUILD: u64 = 4;
/// Channels a guild may announce in all ([`Shape::channels`]).
const MAX_CHANNELS: u64 = 20;
/// How far apart a guild's channel ids are: in the low (counter) bits, so
/// a channel's guild is read back from its id.
const CHANNEL_STEP: u64 = 1000;
/// The guilds' names, in order; later guilds are "Server N".
const GUILD_NAMES: [&str; 3] = ["Holochess Club", "Rebel Base", "Echo Station"];

/// A guild of the stand-in and its first text channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Guild {
    pub id: u64,
    pub channel: u64,
}

impl Guild {
    /// The `n`th guild (the 0th is [`GUILD`] with [`CHANNEL`]). Their ids
    /// differ by one in the timestamp bits, so consecutive guilds fall on
    /// consecutive shards.
    pub fn nth(n: u64) -> Guild {
        assert!(
            n < MAX_GUILDS,
            "the stand-in serves at most {MAX_GUILDS} guilds"
        );
        Guild {
            id: GUILD + (n << 22),
            channel: CHANNEL + (n << 22),
        }
    }

    /// The guild's `k`th text channel (the 0th is [`Guild::channel`]).
    pub fn nth_channel(self, k: u64) -> u64 {
        assert!(
            k < CHANNELS_PER_GUILD,
            "a guild has {CHANNELS_PER_GUILD} channels"
        );
        self.channel + k * CHANNEL_STEP
    }

    /// Every text channel of the guild.
    pub fn channels(self) -> Vec<u64> {
        (0..CHANNELS_PER_GUILD)
            .map(|k| self.nth_channel(k))
            .collect()
    }

    /// The guild's name, as GUILD_CREATE and `GET /guilds/{id}` give it.
    pub fn name(self) -> String {
        let n = (self.id - GUILD) >> 22;
        GUILD_NAMES
            .get(n as usize)
            .map_or_else(|| format!("Server {n}"), |name| name.to_string())
    }

    /// The shard of `count` that carries this guild's events.
    pub fn shard(self, count: u32) -> u32 {
        shard_of(self.id, count)
    }
}

/// Discord's formula: which of `count` shards carries `guild`'s events.
pub fn shard_of(guild: u64, count: u32) -> u32 {
    ((guild >> 22) % u64::from(count.max(1))) as u32
}

/// The guild of one of the guilds' text channels ([`GUILD`] for any other
/// id: the bot reads no message's guild but an interaction's).
fn guild_of_channel(channel: u64) -> u64 {
    let offset = channel.wrapping_sub(CHANNEL);
    let (guild, within) = (offset >> 22, offset & 0x3F_FFFF);
    if guild < MAX_GUILDS && within % CHANNEL_STEP == 0 && within / CHANNEL_STEP < MAX_CHANNELS {
        GUILD + (guild << 22)
    } else {
        GUILD
    }
}

/// A gateway event the stand-in sent, and on which shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dispatched {
    /// `[id, count]` as the connection identified.
    pub shard: (u32, u32),
    pub kind: String,
    pub guild: u64,
}

/// An image the bot attached, decoded.
#[derive(Clone, Debug)]
pub struct Image {
    pub format: image::ImageFormat,
    pub width: u32,
    pub height: u32,
    /// The attachment's alt text, as the message's `attachments` gave it.
    pub description: Option<String>,
}

/// A thread the bot opened (and has not deleted).
#[derive(Clone, Debug)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    pub name: String,
    /// The message it was opened on, if any.
    pub message: Option<u64>,
}

/// A channel message the bot posted, as it looks now.
#[derive(Clone, Debug)]
pub struct Posted {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    pub components: Value,
    pub poll: Option<Value>,
    pub poll_expired: bool,
    pub images: Vec<Image>,
    pub edits: usize,
    /// Who the post may ping: its `allowed_mentions`.
    pub mentions: Value,
}

impl Posted {
    /// The values of every select-menu option, with their custom ids.
    pub fn menu_options(&self) -> Vec<(String, String)> {
        let mut options = Vec::new();
        for row in self.components.as_array().into_iter().flatten() {
            for menu in row["components"].as_array().into_iter().flatten() {
                let id = menu["custom_id"].as_str().unwrap_or_default().to_string();
                for option in menu["options"].as_array().into_iter().flatten() {
                    options.push((
                        id.clone(),
                        option["value"].as_str().unwrap_or_default().to_string(),
                    ));
                }
            }
        }
        options
    }

    pub fn poll_answers(&self) -> Vec<String> {
        self.poll
            .as_ref()
            .and_then(|p| p["answers"].as_array())
            .into_iter()
            .flatten()
            .map(|a| {
                a["poll_media"]["text"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect()
    }
}

/// An interaction the stand-in sent, and how the bot answered it.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    pub id: u64,
    /// Interaction callback bodies (type 4 reply, 5 deferral, 6 deferred
    /// update, 8 choices…).
    pub callbacks: Vec<Value>,
    /// Edits of the original response and follow-ups, in order.
    pub later: Vec<Value>,
    /// The follow-ups alone (also in `later`): messages of their own.
    pub followups: Vec<Value>,
    /// The bot deleted its original response.
    pub original_deleted: bool,
    pub images: Vec<Image>,
    /// When the gateway began sending the interaction to the bot.
    pub sent: Option<Instant>,
    /// How long the first callback (the acknowledgement Discord wants
    /// within 3 s) took from then, the stand-in's added latency included.
    pub answered_in: Option<Duration>,
    /// When the latest callback, edit or follow-up came, by the wall clock
    /// (a ballot's deadline is one too).
    pub last_at: Option<SystemTime>,
}

impl Answer {
    pub fn answered(&self) -> bool {
        !self.callbacks.is_empty()
    }

    /// Answered, and, when the answer was deferred ("thinking…", type 5,
    /// or a deferred update, type 6), its content has come too: the bot
    /// follows every deferral with an edit or a follow-up, later on a busy
    /// machine.
    pub fn settled(&self) -> bool {
        let deferred = self
            .callbacks
            .iter()
            .any(|c| c["type"] == 5 || c["type"] == 6);
        self.answered() && (!deferred || !self.later.is_empty())
    }

    /// The first callback's type: 4 an answer, 5 "thinking…", 6 a click
    /// taken with its message to be edited.
    pub fn first_type(&self) -> Option<u64> {
        self.callbacks.first().and_then(|c| c["type"].as_u64())
    }

    /// What the user finally reads: the last edit or follow-up, else the
    /// reply itself.
    pub fn text(&self) -> Option<String> {
        let last = self
            .later
            .iter()
            .rev()
            .find_map(|b| b["content"].as_str())
            .or_else(|| {
                self.callbacks
                    .iter()
                    .rev()
                    .find_map(|c| c["data"]["content"].as_str())
            });
        last.map(String::from)
    }

    /// [`Answer::last_at`] in Unix seconds.
    pub fn last_at_unix(&self) -> Option<f64> {
        let at = self.last_at?.duration_since(std::time::UNIX_EPOCH).ok()?;
        Some(at.as_secs_f64())
    }

    pub fn ephemeral(&self) -> bool {
        let flags = |v: &Value| v["flags"].as_u64().unwrap_or(0) & 64 != 0;
        self.callbacks.iter().any(|c| flags(&c["data"]))
    }

    pub fn choices(&self) -> Vec<String> {
        self.callbacks
            .iter()
            .filter(|c| c["type"] == 8)
            .flat_map(|c| c["data"]["choices"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["value"].as_str().map(String::from))
            .collect()
    }
}

/// A scripted fault: the next `count` requests whose path contains `path`
/// get `status` (before being processed, or after when `after` is set:
/// the work is done but the answer is lost).
#[derive(Clone, Debug)]
struct Fault {
    status: u16,
    count: usize,
    path: String,
    after: bool,
}

/// A scripted slow answer: the next `count` requests whose path contains
/// `path` and whose body contains `body` are answered after `until`.
#[derive(Clone, Debug)]
struct Delay {
    count: usize,
    path: String,
    body: String,
    until: Until,
}

/// How long a [`Delay`] holds a request.
#[derive(Clone, Debug)]
enum Until {
    Elapsed(Duration),
    /// Until the test releases it ([`Release`]).
    Released(tokio::sync::watch::Receiver<bool>),
}

impl Until {
    async fn wait(self) {
        match self {
            Until::Elapsed(by) => tokio::time::sleep(by).await,
            // A dropped `Release` lets the requests go too.
            Until::Released(mut released) => {
                let _ = released.wait_for(|done| *done).await;
            }
        }
    }
}

/// Lets the requests a [`StandIn::hold_next`] holds be answered: when
/// released, or dropped.
pub struct Release(tokio::sync::watch::Sender<bool>);

impl Release {
    pub fn release(self) {
        let _ = self.0.send(true);
    }
}

#[derive(Clone, Debug)]
pub struct Request {
    pub at: Instant,
    pub method: String,
    pub path: String,
    pub status: u16,
}

#[derive(Default)]
struct Poll {
    answers: usize,
    /// user → answer id
    votes: HashMap<u64, u64>,
}

#[derive(Default)]
pub(crate) struct Inner {
    next_id: u64,
    messages: Vec<Posted>,
    threads: Vec<Thread>,
    answers: Vec<Answer>,
    polls: HashMap<u64, Poll>,
    nonces: HashMap<String, u64>,
    /// Posts answered with the message an earlier post of the same nonce
    /// made: a retry, or two processes delivering one announcement.
    nonce_reuses: usize,
    faults: Vec<Fault>,
    /// Routes whose request was done but its answer lost
    /// ([`StandIn::lose_answer`]): a retry of one is expected.
    answers_lost: std::collections::HashSet<String>,
    delays: Vec<Delay>,
    /// Requests held by a [`Delay`], recorded when the wait begins (status
    /// 0: not answered yet), so a test can see a hanging call as it hangs.
    held: Vec<Request>,
    pub requests: Vec<Request>,
    pub violations: Vec<String>,
    pub commands: Value,
    /// Dispatches waiting for the gateway connection of their guild's
    /// shard: (kind, data, guild).
    events: VecDeque<(String, Value, u64)>,
    /// Every guild event sent, with its shard.
    pub dispatched: Vec<Dispatched>,
    /// The `[id, count]` of every IDENTIFY, in order.
    pub identified: Vec<(u32, u32)>,
    /// The `[id, count]` of the connections open now (identified or resumed).
    pub connected: Vec<(u32, u32)>,
    /// Where each interaction's [`Answer`] is, by id and by token: a
    /// burst of 20,000 is looked up once per request.
    by_id: HashMap<u64, usize>,
    by_token: HashMap<String, usize>,
    /// Added to every REST request before it is handled, as the round
    /// trip to a real Discord would.
    latency: Duration,
    guilds: Vec<Guild>,
    /// What `GET /gateway/bot` recommends.
    shards: u32,
    pub identifies: usize,
    pub resumes: usize,
    pub connections: usize,
    /// Guilds whose GUILD_CREATE is never sent: they stay unavailable,
    /// as in a Discord outage, so the bot has no cache of them.
    withheld: Vec<u64>,
    /// `GET /guilds/{id}` requests answered.
    guild_reads: usize,
    /// `GET /guilds/{id}/members/{user}` requests answered.
    member_reads: usize,
    /// GUILD_CREATEs sent so far, on every connection.
    announced: usize,
    /// Set to drop the current gateway connection.
    drop_gateway: bool,
    seq: u64,
    roles: roles::Roles,
}

impl Inner {
    fn answer_by_token(&mut self, token: &str) -> Option<&mut Answer> {
        let at = *self.by_token.get(token)?;
        self.answers.get_mut(at)
    }

    fn answer_by_id(&self, id: u64) -> Option<&Answer> {
        self.by_id.get(&id).and_then(|at| self.answers.get(*at))
    }

    /// Interaction `id` is on its way to the bot now.
    fn sending(&mut self, id: u64) {
        if let Some(at) = self.by_id.get(&id) {
            self.answers[*at].sent = Some(Instant::now());
        }
    }

    /// The guild of a channel, or of a thread's parent.
    fn guild_of(&self, channel: u64) -> u64 {
        let parent = self
            .threads
            .iter()
            .find(|t| t.id == channel)
            .map_or(channel, |t| t.parent);
        guild_of_channel(parent)
    }
}

pub struct State {
    inner: Mutex<Inner>,
    spec: Option<schema::Spec>,
    gateway_url: Mutex<String>,
    shape: Shape,
    members: guilds::Members,
}

impl State {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("stand-in lock")
    }

    /// A snowflake as Discord makes them: creation time in the top bits,
    /// so an interaction's id says when it was sent (the bot relies on it
    /// to count a vote on the ballot that was open then). The counter in
    /// the low bits keeps ids unique and increasing within a millisecond.
    fn next_id(inner: &mut Inner) -> u64 {
        const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
        inner.next_id += 1;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("the clock is after 1970")
            .as_millis() as u64;
        ((now - DISCORD_EPOCH_MS) << 22) | (inner.next_id & 0x3F_FFFF)
    }
}

pub struct StandIn {
    pub rest: SocketAddr,
    state: Arc<State>,
}

impl StandIn {
    /// One guild ([`GUILD`], [`CHANNEL`]) on one shard.
    pub async fn start() -> StandIn {
        StandIn::start_sharded(1, 1).await
    }

    /// `guilds` guilds ([`Guild::nth`]), and `GET /gateway/bot`
    /// recommending `shards` shards.
    pub async fn start_sharded(guilds: u64, shards: u32) -> StandIn {
        StandIn::start_shaped(guilds, shards, Shape::PLAIN).await
    }

    /// Like [`StandIn::start_sharded`], each guild announcing `shape`.
    /// The first guild's channels, roles and members are checked against
    /// the spec, since every guild is made alike.
    pub async fn start_shaped(guilds: u64, shards: u32, shape: Shape) -> StandIn {
        crate::support::panic_tail::install();
        let members = guilds::Members::new(shape);
        let spec = schema::Spec::load();
        let violations = spec
            .as_ref()
            .map(|spec| guilds::violations(spec, Guild::nth(0), shape, &members))
            .unwrap_or_default();
        let inner = Inner {
            guilds: (0..guilds).map(Guild::nth).collect(),
            shards,
            violations,
            ..Inner::default()
        };
        let state = Arc::new(State {
            inner: Mutex::new(inner),
            spec,
            gateway_url: Mutex::new(String::new()),
            shape,
            members,
        });
        let gateway = gateway::serve(state.clone()).await;
        *state.gateway_url.lock().unwrap() = format!("ws://{gateway}");
        let rest = rest::serve(state.clone()).await;
        StandIn { rest, state }
    }

    /// The `DISCORD_API_URL` that points the bot here.
    pub fn api_url(&self) -> String {
        format!("http://{}", self.rest)
    }

    pub fn messages(&self) -> Vec<Posted> {
        self.state.lock().messages.clone()
    }

    pub fn threads(&self) -> Vec<Thread> {
        self.state.lock().threads.clone()
    }

    pub fn violations(&self) -> Vec<String> {
        self.state.lock().violations.clone()
    }

    /// Requests a [`StandIn::delay_next`] or [`StandIn::hold_next`] held,
    /// from when their wait began.
    pub fn held(&self) -> Vec<Request> {
        self.state.lock().held.clone()
    }

    /// The commands as the bot last registered them.
    pub fn commands(&self) -> Value {
        self.state.lock().commands.clone()
    }

    pub fn requests(&self) -> Vec<Request> {
        self.state.lock().requests.clone()
    }

    pub fn answers(&self) -> Vec<Answer> {
        self.state.lock().answers.clone()
    }

    pub fn guilds(&self) -> Vec<Guild> {
        self.state.lock().guilds.clone()
    }

    /// Every guild event sent so far, with the shard it went on.
    pub fn dispatched(&self) -> Vec<Dispatched> {
        self.state.lock().dispatched.clone()
    }

    /// The `[id, count]` of every IDENTIFY so far.
    pub fn identified(&self) -> Vec<(u32, u32)> {
        self.state.lock().identified.clone()
    }

    /// The `[id, count]` of the gateway connections open now.
    pub fn connected(&self) -> Vec<(u32, u32)> {
        self.state.lock().connected.clone()
    }

    /// Posts that repeated an earlier post's nonce (and were not posted again).
    pub fn nonce_reuses(&self) -> usize {
        self.state.lock().nonce_reuses
    }

    /// GUILD_CREATEs sent so far, on every connection.
    pub fn announced(&self) -> usize {
        self.state.lock().announced
    }

    /// Interactions sent so far, and how many are [`Answer::settled`].
    pub fn settled_count(&self) -> (usize, usize) {
        let inner = self.state.lock();
        let settled = inner.answers.iter().filter(|a| a.settled()).count();
        (inner.answers.len(), settled)
    }

    /// Delays every REST request by `by` from here on, before it is
    /// handled: Discord is some tens of milliseconds away each way.
    pub fn add_latency(&self, by: Duration) {
        self.state.lock().latency = by;
    }

    /// Events queued for a shard that has no connection now.
    pub fn waiting_events(&self) -> usize {
        self.state.lock().events.len()
    }

    pub fn gateway_counts(&self) -> (usize, usize, usize) {
        let inner = self.state.lock();
        (inner.connections, inner.identifies, inner.resumes)
    }

    /// Answers the next `count` requests to paths containing `path` with
    /// `status` (429 carries a `retry_after`).
    pub fn fail_next(&self, status: u16, count: usize, path: &str) {
        self.state.lock().faults.push(Fault {
            status,
            count,
            path: path.into(),
            after: false,
        });
    }

    /// Processes the next matching request but answers `status`, as if the
    /// answer were lost on the way back.
    pub fn lose_answer(&self, status: u16, path: &str) {
        self.state.lock().faults.push(Fault {
            status,
            count: 1,
            path: path.into(),
            after: true,
        });
    }

    /// Answers the next `count` requests to paths containing `path`, with
    /// bodies containing `body`, only after `by` (a slow Discord, or a post
    /// that took retries).
    pub fn delay_next(&self, count: usize, path: &str, body: &str, by: Duration) {
        self.state.lock().delays.push(Delay {
            count,
            path: path.into(),
            body: body.into(),
            until: Until::Elapsed(by),
        });
    }

    /// Like [`StandIn::delay_next`], holding the requests until the test
    /// lets them go: whatever the bot does while it waits for their
    /// answers stays in progress for as long as the test needs.
    pub fn hold_next(&self, count: usize, path: &str, body: &str) -> Release {
        let (release, released) = tokio::sync::watch::channel(false);
        self.state.lock().delays.push(Delay {
            count,
            path: path.into(),
            body: body.into(),
            until: Until::Released(released),
        });
        Release(release)
    }

    /// Never sends `guild`'s GUILD_CREATE (call before the bot connects):
    /// the bot knows the guild only by the id its events carry.
    pub fn withhold_guild(&self, guild: u64) {
        self.state.lock().withheld.push(guild);
    }

    /// How many times the bot read a guild (`GET /guilds/{id}`).
    pub fn guild_reads(&self) -> usize {
        self.state.lock().guild_reads
    }

    /// How many times the bot read a member (`GET /guilds/{id}/members/{user}`).
    pub fn member_reads(&self) -> usize {
        self.state.lock().member_reads
    }

    /// Closes the gateway connection without a goodbye.
    pub fn drop_gateway(&self) {
        self.state.lock().drop_gateway = true;
    }

    /// Waits until `check` returns something, or panics after `within`.
    pub async fn wait_for<T>(
        &self,
        within: Duration,
        what: &str,
        mut check: impl FnMut(&StandIn) -> Option<T>,
    ) -> T {
        let until = Instant::now() + within;
        loop {
            if let Some(found) = check(self) {
                return found;
            }
            if Instant::now() > until {
                panic!(
                    "timed out waiting for {what}\nmessages: {:#?}\nviolations: {:#?}",
                    self.messages()
                        .iter()
                        .map(|m| &m.content)
                        .collect::<Vec<_>>(),
                    self.violations()
                );
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Waits until the bot is connected and has registered its commands.
    pub async fn wait_ready(&self) {
        self.wait_for(
            Duration::from_secs(30),
            "the bot to register its commands",
            |s| s.state.lock().commands.as_array().map(|_| ()),
        )
        .await;
    }

    fn dispatch(&self, kind: &str, data: Value) {
        let guild = data["guild_id"]
            .as_str()
            .and_then(|g| g.parse().ok())
            .unwrap_or(GUILD);
        self.state
            .lock()
            .events
            .push_back((kind.to_string(), data, guild));
    }

    fn new_interaction(&self) -> (u64, String) {
        let mut inner = self.state.lock();
        let id = State::next_id(&mut inner);
        let token = format!("interaction-token-{id}");
        let at = inner.answers.len();
        inner.by_id.insert(id, at);
        inner.by_token.insert(token.clone(), at);
        inner.answers.push(Answer {
            id,
            ..Answer::default()
        });
        (id, token)
    }

    fn command_id(&self, name: &str) -> String {
        let inner = self.state.lock();
        inner
            .commands
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["name"] == name)
            .and_then(|c| c["id"].as_str().map(String::from))
            .unwrap_or_else(|| panic!("the bot registered no /{name}"))
    }

    /// A user runs a slash command; `options` as Discord sends them.
    /// Returns the interaction id.
    pub fn slash(&self, user: &User, name: &str, options: Value, kind: u8) -> u64 {
        self.slash_in(CHANNEL, user, name, options, kind)
    }

    /// Like [`StandIn::slash`], run in `channel` (a thread the bot opened,
    /// say).
    pub fn slash_in(&self, channel: u64, user: &User, name: &str, options: Value, kind: u8) -> u64 {
        let (id, token) = self.new_interaction();
        let mut data =
            json!({ "id": self.command_id(name), "name": name, "type": 1, "options": options });
        // User options come with their resolved users, as Discord sends them.
        let mut users = serde_json::Map::new();
        collect_users(&data["options"], &mut users);
        if !users.is_empty() {
            data["resolved"] = json!({ "users": users });
        }
        self.dispatch(
            "INTERACTION_CREATE",
            interaction(
                id,
                &token,
                kind,
                data,
                user,
                self.channel_json(channel),
                None,
            ),
        );
        id
    }

    /// Like [`StandIn::slash`], for a command whose `option` names
    /// `role`: Discord sends the role's details in `resolved`.
    pub fn slash_with_role(&self, user: &User, name: &str, options: Value, role: u64) -> u64 {
        let (id, token) = self.new_interaction();
        let data = json!({
            "id": self.command_id(name), "name": name, "type": 1, "options": options,
            "resolved": { "roles": { role.to_string(): roles::role_json(role) } },
        });
        self.dispatch(
            "INTERACTION_CREATE",
            interaction(id, &token, 2, data, user, self.channel_json(CHANNEL), None),
        );
        id
    }

    /// The roles the bot gave `user` in [`GUILD`].
    pub fn roles_of(&self, user: &User) -> Vec<u64> {
        let inner = self.state.lock();
        inner
            .roles
            .held
            .get(&user.id)
            .into_iter()
            .flatten()
            .copied()
            .collect()
    }

    /// Sets the permissions of the bot's own role in [`GUILD`].
    pub fn set_bot_permissions(&self, permissions: u64) {
        self.state.lock().roles.bot_permissions = permissions;
    }

    /// A server manager gives `role` the `permissions` too.
    pub fn grant_role(&self, role: u64, permissions: u64) {
        self.state.lock().roles.granted.insert(role, permissions);
    }

    /// Like [`StandIn::slash`], for commands with a channel option: Discord
    /// sends the channels' details in `resolved`.
    pub fn slash_with_channels(
        &self,
        user: &User,
        name: &str,
        options: Value,
        channels: &[u64],
    ) -> u64 {
        let (id, token) = self.new_interaction();
        let resolved: serde_json::Map<String, Value> = channels
            .iter()
            .map(|c| {
                let channel = json!({ "id": c.to_string(), "name": "holochess", "type": 0, "permissions": "2251799813685247" });
                (c.to_string(), channel)
            })
            .collect();
        let data = json!({
            "id": self.command_id(name), "name": name, "type": 1, "options": options,
            "resolved": { "channels": resolved },
        });
        self.dispatch(
            "INTERACTION_CREATE",
            interaction(id, &token, 2, data, user, self.channel_json(CHANNEL), None),
        );
        id
    }

    /// The partial channel an interaction in `id` carries: a guild's text
    /// channel, or one of the bot's threads in it.
    fn channel_json(&self, id: u64) -> Value {
        let inner = self.state.lock();
        let guild = inner.guild_of(id).to_string();
        match inner.threads.iter().find(|t| t.id == id) {
            Some(thread) => json!({
                "id": id.to_string(), "type": 11, "name": thread.name,
                "parent_id": thread.parent.to_string(), "guild_id": guild,
            }),
            None => {
                json!({ "id": id.to_string(), "type": 0, "name": "holochess", "guild_id": guild })
            }
        }
    }

    /// A user picks `value` in the menu `custom_id` of `message`.
    pub fn pick(&self, user: &User, message: &Posted, custom_id: &str, value: &str) -> u64 {
        let (id, token) = self.new_interaction();
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": [value] });
        let channel = self.channel_json(message.channel);
        let message = message_json(message.id, message.channel, &message.content, json!([]));
        self.dispatch(
            "INTERACTION_CREATE",
            interaction(id, &token, 3, data, user, channel, Some(message)),
        );
        id
    }

    /// A user presses the button `custom_id` of `message`.
    pub fn press(&self, user: &User, message: &Posted, custom_id: &str) -> u64 {
        let (id, token) = self.new_interaction();
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        let channel = self.channel_json(message.channel);
        let message = message_json(message.id, message.channel, &message.content, json!([]));
        self.dispatch(
            "INTERACTION_CREATE",
            interaction(id, &token, 3, data, user, channel, Some(message)),
        );
        id
    }

    /// A user answers (or, with `add` false, un-answers) a poll. With
    /// `event` false the gateway event is "lost": only the poll's results
    /// know.
    pub fn poll_vote(&self, user: &User, message: &Posted, answer: u64, add: bool, event: bool) {
        {
            let mut inner = self.state.lock();
            let poll = inner.polls.entry(message.id).or_default();
            if add {
                poll.votes.insert(user.id, answer);
            } else if poll.votes.get(&user.id) == Some(&answer) {
                poll.votes.remove(&user.id);
            }
        }
        if event {
            let kind = if add {
                "MESSAGE_POLL_VOTE_ADD"
            } else {
                "MESSAGE_POLL_VOTE_REMOVE"
            };
            self.dispatch(
                kind,
                json!({
                    "user_id": user.id.to_string(),
                    "channel_id": message.channel.to_string(),
                    "message_id": message.id.to_string(),
                    "guild_id": self.state.lock().guild_of(message.channel).to_string(),
                    "answer_id": answer,
                }),
            );
        }
    }

    /// Waits for the bot's answer to interaction `id`.
    pub async fn answer(&self, id: u64) -> Answer {
        // Generous: a burst past the bound is worked through in turn, on a
        // two-core machine that may be busy with something else.
        self.wait_for(Duration::from_secs(30), "an interaction answer", |s| {
            let inner = s.state.lock();
            let answer = inner.answer_by_id(id)?;
            answer.settled().then(|| answer.clone())
        })
        .await
    }
}

/// When every stand-in member joined their server.
pub const MEMBER_JOINED_AT: &str = "2024-01-01T00:00:00.000000+00:00";

/// A scripted Discord user.
#[derive(Clone, Debug)]
pub struct User {
    pub id: u64,
    pub name: String,
    pub permissions: u64,
    pub roles: Vec<u64>,
    /// The member's client language, sent as the interaction's `locale`.
    pub locale: String,
}

impl User {
    pub fn new(id: u64, name: &str, permissions: u64) -> User {
        User {
            id,
            name: name.into(),
            permissions,
            roles: Vec::new(),
            locale: "en-GB".into(),
        }
    }

    /// The same member with their Discord client in `locale` ("ja").
    pub fn speaking(mut self, locale: &str) -> User {
        self.locale = locale.into();
        self
    }
}

fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
    })
}

fn interaction(
    id: u64,
    token: &str,
    kind: u8,
    data: Value,
    user: &User,
    channel: Value,
    message: Option<Value>,
) -> Value {
    let guild = channel["guild_id"].clone();
    let mut body = json!({
        "id": id.to_string(),
        "application_id": APPLICATION.to_string(),
        "type": kind,
        "data": data,
        "guild_id": guild,
        "channel_id": channel["id"],
        "channel": channel,
        "member": {
            "user": user_json(user.id, &user.name, false),
            "roles": user.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": MEMBER_JOINED_AT,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "permissions": user.permissions.to_string(),
        },
        "token": token,
        "version": 1,
        "app_permissions": "2251799813685247",
        "locale": user.locale,
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": { "0": guild },
        "context": 0,
        "attachment_size_limit": 10_485_760,
    });
    if let Some(message) = message {
        body["message"] = message;
    }
    body
}

/// The users named by user options (type 6), at any depth.
fn collect_users(options: &Value, users: &mut serde_json::Map<String, Value>) {
    for option in options.as_array().into_iter().flatten() {
        if option["type"] == 6
            && let Some(id) = option["value"].as_str()
        {
            let name = format!("player{}", &id[id.len().saturating_sub(3)..]);
            users.insert(
                id.to_string(),
                user_json(id.parse().unwrap_or(0), &name, false),
            );
        }
        collect_users(&option["options"], users);
    }
}

/// A message object as Discord returns it (the fields serenity requires).
fn message_json(id: u64, channel: u64, content: &str, components: Value) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "guild_id": guild_of_channel(channel).to_string(),
        "author": user_json(BOT_USER, "holotable", true),
        "content": content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "components": components,
    })
}
