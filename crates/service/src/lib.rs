//! The use cases of community games, free of any platform: start a game,
//! cast a vote, close a ballot, let the engine reply, pause, resume, stop.
//!
//! Discord and the offline CLI both drive this module. It speaks
//! holotable's words (games, ballots, seats, notation) and returns either a
//! [`Refusal`] (the user asked for something not allowed: shown to them) or
//! a [`Failure`] (we failed: logged, with an apology shown).
//!
//! Exactly-once: every change goes through one guarded store transition.
//! Closing a ballot plans the whole turn first (the winner, the engine's
//! replies and dice, the next ballot, the announcements) and writes it as
//! one transaction, guarded by the game's version and the ballot's tally.
//! A process that dies while planning has written nothing, and
//! [`Upkeep::recover`] closes the overdue ballot again on restart.
//! Decisions are seeded from the game's seed and ply, so a retried step
//! decides the same.

pub mod adaptive;
mod announce;
mod arrivals;
mod autoplay;
mod backlogs;
mod ballot;
mod clock;
mod deliveries;
mod engine_opponent;
mod errors;
mod games;
mod gotd;
mod leagues;
mod leases;
mod matches;
pub mod metrics;
mod opponent;
mod pages;
mod puzzles;
pub mod ratings;
mod retry;
mod scheduler;
mod seeds;
mod servers;
pub mod text;
mod turns;
mod upkeep;
mod versus;
mod votes;

pub use announce::{
    AGREED_SHOWN, AdaptiveStart, Announcement, RatingChange, RatingNews, SideLabel,
};
pub use arrivals::Arrival;
pub use ballot::{
    MAX_FEATURED, VoteTextError, destination_of, featured, nearest, piece_of, resolve_vote, winner,
};
pub use clock::{Clock, ManualClock, SystemClock};
pub use deliveries::{
    BallotToPost, Closes, Closing, Deliveries, Delivery, Message, News, NewsKind, Part, Progress,
    Queued, REDELIVERY, Style, suggestions_line, with_closing,
};
pub use engine_opponent::EngineOpponent;
pub use errors::{Failure, Refusal, ServiceError};
pub use games::refusals::GameRefusal;
pub use games::{
    BoardImage, GameView, MAX_DISCUSS_MS, Side, StartGame, VoteReceipt, human_duration,
};
pub use games::{Games, review};
pub use gotd::refusals::DailyRefusal;
pub use gotd::{
    DailyPlan, DailyPost, DailySetup, GamerOfTheDay, Honoree, PostNow, PostTime, Record, Skipped,
    zone_names_matching,
};
pub use holotable_leagues::eligibility::{Member, RoleId, VoterRule, VoterRules};
pub use leagues::refusals::LeagueRefusal;
pub use leagues::{
    DueReport, Entered, GamesPerPairing, JoinLeague, KnockoutRoundView, KnockoutView, LeagueCode,
    LeagueLeg, LeagueNews, LeagueSpec, LeagueTable, LeagueView, Leagues, MAX_MOVE_MS,
    MAX_NAME_CHARS, MAX_START_DAYS, MIN_MOVE_MS, Placing, ROUND_MOVES, RatingMove, ScheduledRound,
    StandingRow, TieProgress, TieView, Wanted,
};
pub use leases::{Lease, Leased};
pub use matches::refusals::MatchRefusal;
pub use matches::{
    Acceptance, CHALLENGE_MS, ChallengeRequest, DEFAULT_TURN_MS, EngineMatchRequest,
    MatchAnnouncement, MatchView, Matches, MoveReceipt, SeatLabel, rated_key, versus_line,
};
pub use opponent::Opponent;
pub use pages::{CommunityPage, GamePage, ListedGameView, PageBallot, PageMove, PageRating, Pages};
pub use puzzles::refusals::PuzzleRefusal;
pub use puzzles::{
    Answered, DEFAULT_PUZZLE_HOURS, MAX_PUZZLE_HOURS, PuzzleChoice, PuzzlePlan, PuzzlePost,
    PuzzleReveal, PuzzleSetup, PuzzleStanding, PuzzleVoted, Puzzles, SolveStatus, SolveView,
    puzzle_candidates, puzzle_heading, puzzle_line, puzzle_task, puzzle_why,
};
pub use retry::{Failing, Outage, RetryPolicy};
pub use scheduler::run_scheduler;
pub use seeds::decision_seed;
pub use servers::{ServerLanguage, Servers};
pub use turns::{CloseReport, FailingClose, Turns};
pub use upkeep::Upkeep;
pub use versus::refusals::VersusRefusal;
pub use versus::{
    AcceptChallenge, Accepted, ChallengeCommunity, CommunityStanding, INVITATION_MS, Invitation,
    PlannedSide, SideView, Sides, Versus, normalise_code, shown_code, terminal_server,
};
pub use votes::refusals::VoteRefusal;
pub use votes::{
    MAX_VOTER_THRESHOLD_MS, MemberFacts, MembersFuture, PollAnswers, PollFuture, PollSource,
    ReminderChange, ServerMember, VoterRanking, VotersPeriod, Votes, parse_quiet_hours,
    parse_voter_threshold,
};

use holotable_model::{Access, Millis};
use holotable_store::Store;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tokio::sync::Notify;

/// Who is asking. Platforms decide `can_manage` (Discord: Manage Server or
/// the configured role); the service decides what it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub id: String,
    pub name: String,
    pub can_manage: bool,
}

impl Actor {
    /// Refused unless the actor may manage the server; `action` selects
    /// the refusal's wording ("choose-call-role"). For an adapter that
    /// must know before it does platform work on the manager's behalf.
    ///
    /// # Errors
    /// [`Refusal::NotAllowed`].
    pub fn must_manage(&self, action: &'static str) -> Result<(), ServiceError> {
        if self.can_manage {
            Ok(())
        } else {
            Err(Refusal::NotAllowed { action }.into())
        }
    }
}

/// Defaults for new games, overridable per game.
#[derive(Clone, Debug)]
pub struct Settings {
    pub vote_ms: Millis,
    pub min_vote_ms: Millis,
    pub max_vote_ms: Millis,
    pub level: String,
    /// How many times a ballot with no votes is extended before the game pauses.
    pub max_extensions: u32,
    /// How soon a failed close or match timer is tried again.
    pub retry: RetryPolicy,
    /// This process's name in the leases it holds on shared work (see
    /// `leases.rs`); unique among the processes sharing the database.
    pub process_id: String,
    /// How long a lease holds without renewal: how soon another process
    /// takes over the work of one that died.
    pub lease: std::time::Duration,
    /// Votes that arrive together share one commit (`store::votes`). Off
    /// only to measure what that brings (`bench votes --one-commit-per-vote`).
    pub group_votes: bool,
}

/// A name no other process picks: the process id and a random suffix
/// (process ids repeat across machines and restarts).
pub fn random_process_id() -> String {
    format!("{}-{:08x}", std::process::id(), rand::random::<u32>())
}

/// Long enough that a healthy process renewing at a third of it never
/// loses a lease to a slow database; short enough that a dead process's
/// ballots close less than a minute late.
pub const DEFAULT_LEASE: std::time::Duration = std::time::Duration::from_secs(30);

impl Default for Settings {
    fn default() -> Self {
        Settings {
            vote_ms: 60 * 60 * 1000,
            min_vote_ms: 10 * 1000,
            max_vote_ms: 7 * 24 * 60 * 60 * 1000,
            level: "normal".into(),
            max_extensions: 1,
            retry: RetryPolicy::default(),
            process_id: random_process_id(),
            lease: DEFAULT_LEASE,
            group_votes: true,
        }
    }
}

pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    opponent: Arc<dyn Opponent>,
    settings: Settings,
    /// Woken when a ballot opens or changes deadline, or a daily post is
    /// set up, so the scheduler re-reads what is due next.
    deadlines_changed: Arc<Notify>,
    /// Per channel, the open ballot's parsed context: votes are the hot path
    /// and should not re-read and re-parse the ballot each time. Entries are
    /// dropped on every change of the game; a stale one can only make a vote
    /// fail the store's open-ballot guard, which then reloads and retries.
    ballots: Mutex<HashMap<String, Arc<votes::BallotContext>>>,
    /// The platform's native polls, asked for their final answers before a
    /// ballot closes (see `votes/polls.rs`). Unset offline.
    poll_source: OnceLock<Arc<dyn PollSource>>,
    /// The (channel, server) pairs noted (see `servers/mod.rs`).
    noted: servers::Noted,
    /// The daily pass's last look at the servers (see `upkeep/daily.rs`).
    daily_scan: upkeep::DailyScan,
    /// Ballots whose close failed, waiting for their next try.
    close_retries: retry::Retries<holotable_store::BallotId>,
    /// Matches whose timer failed, waiting for their next try.
    timer_retries: retry::Retries<holotable_store::GameId>,
    /// Leagues whose step failed, waiting for their next try: a league
    /// stays due while its step fails, so without this the scheduler
    /// would try it again on every turn (see `leagues/run.rs`).
    league_retries: retry::Retries<holotable_store::LeagueId>,
    /// Tests only: a pause a league's step takes between its reads of the
    /// games and the entrants (`leagues/run.rs`), set once by a test that
    /// commits a leave there: the step says it reached it, then waits.
    #[cfg(test)]
    league_reads_pause: std::sync::Mutex<
        Option<(
            tokio::sync::oneshot::Sender<()>,
            tokio::sync::oneshot::Receiver<()>,
        )>,
    >,
    /// Games whose close or timer task is running (see `scheduler.rs`).
    in_flight: scheduler::InFlight,
    /// The engine's searches running at once: one per core.
    engine_slots: Arc<tokio::sync::Semaphore>,
    /// Requests this process has received and not finished, which a close
    /// waits for (see `arrivals.rs`).
    arrivals: Arc<arrivals::Arrivals>,
    /// Publishes this process's waiting requests for other processes'
    /// closes, and reads theirs (see `backlogs.rs`).
    publisher: backlogs::Publisher,
    others_seen: backlogs::OthersSeen,
}

/// A guarded write that lost a race (another process or task changed the
/// game first) is re-read and retried this often, by every feature.
pub(crate) const RETRIES: usize = 5;

/// How long opening the database, and each statement after, may take
/// unless a command says otherwise.
pub const DATABASE_TIMEOUT: std::time::Duration = holotable_store::DEFAULT_TIMEOUT;

impl Service {
    /// A service on the database at `url` (a SQLite file's path or a
    /// PostgreSQL URL), opened for `access`, waiting `timeout` at most for
    /// the connection, for each statement and for the migrations a start
    /// applies.
    ///
    /// # Errors
    /// When the database cannot be opened as `access` needs: missing, not
    /// empty for a bench, not reached in time, or of a schema this build
    /// does not know.
    pub async fn open(
        url: &str,
        access: Access,
        timeout: std::time::Duration,
        clock: Arc<dyn Clock>,
        opponent: Arc<dyn Opponent>,
        settings: Settings,
    ) -> Result<Self, ServiceError> {
        let store = Store::open_for(url, access, timeout).await?;
        Ok(Service::new(store, clock, opponent, settings))
    }

    pub fn new(
        store: Store,
        clock: Arc<dyn Clock>,
        opponent: Arc<dyn Opponent>,
        settings: Settings,
    ) -> Self {
        let store = if settings.group_votes {
            store
        } else {
            store.one_commit_per_vote()
        };
        Service {
            store,
            clock,
            opponent,
            deadlines_changed: Arc::new(Notify::new()),
            ballots: Mutex::new(HashMap::new()),
            poll_source: OnceLock::new(),
            noted: servers::Noted::default(),
            daily_scan: upkeep::DailyScan::default(),
            close_retries: retry::Retries::new(settings.retry),
            timer_retries: retry::Retries::new(settings.retry),
            league_retries: retry::Retries::new(settings.retry),
            #[cfg(test)]
            league_reads_pause: std::sync::Mutex::default(),
            in_flight: scheduler::InFlight::default(),
            engine_slots: opponent::engine_slots(),
            arrivals: Arc::default(),
            publisher: backlogs::Publisher::default(),
            others_seen: backlogs::OthersSeen::default(),
            settings,
        }
    }

    /// Closes the database connections, waiting for queries in flight:
    /// nothing more can be done with this service.
    pub async fn close(&self) {
        self.withdraw_backlog().await;
        self.store.close().await;
    }

    pub fn now(&self) -> Millis {
        self.clock.now()
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// A request sent at `sent_at` (on Discord, an interaction's creation
    /// time) has reached this process: until the returned guard is dropped,
    /// when its work is done, no ballot due after `sent_at` closes, in this
    /// process or another sharing the database (for at most
    /// `arrivals::MAX_WAIT`), so a vote that waited in a queue counts on
    /// the ballot its member saw.
    pub fn arrival(&self, sent_at: Millis) -> Arrival {
        self.publish_backlog();
        self.arrivals.arrive(sent_at)
    }

    /// Community games: start, stop, resume, status, the boards and
    /// replays, resignations, discussions and reviews.
    pub fn games(&self) -> Games<'_> {
        Games(self)
    }

    /// The turns' clockwork: ballots closed when due, the engine's
    /// replies, votes opened after a discussion, deadlines moved for a
    /// ballot shown late.
    pub fn turns(&self) -> Turns<'_> {
        Turns(self)
    }

    /// Votes, however they are cast, suggestions, calling members to vote,
    /// and what members' votes did.
    pub fn votes(&self) -> Votes<'_> {
        Votes(self)
    }

    /// Community against community: invitations, the lobby, sides and the
    /// communities' ratings.
    pub fn versus(&self) -> Versus<'_> {
        Versus(self)
    }

    /// Matches between players or against the engine: challenges, moves,
    /// timers, ratings and what a match's announcement shows.
    pub fn matches(&self) -> Matches<'_> {
        Matches(self)
    }

    /// The daily puzzle: its setup, votes, solving alone, standings.
    pub fn puzzles(&self) -> Puzzles<'_> {
        Puzzles(self)
    }

    /// Leagues between communities: creating one, entering, leaving, the
    /// table, the lobby, and the scheduler's steps from start to champion.
    pub fn leagues(&self) -> Leagues<'_> {
        Leagues(self)
    }

    /// The Gamer of the Day: its setup, previews, posts made at once, and
    /// the records behind it.
    pub fn gamer_of_the_day(&self) -> GamerOfTheDay<'_> {
        GamerOfTheDay(self)
    }

    /// The web pages' reads: a game's page and board, a community's page,
    /// and which games are shown.
    pub fn pages(&self) -> Pages<'_> {
        Pages(self)
    }

    /// What a server or channel sets for itself: its language, the role
    /// that starts games, match threads.
    pub fn servers(&self) -> Servers<'_> {
        Servers(self)
    }

    /// The work no member asks for: recovery after a restart, the daily
    /// pass, leases on shared work.
    pub fn upkeep(&self) -> Upkeep<'_> {
        Upkeep(self)
    }

    /// The door for delivering announcements and tracking the messages
    /// that present ballots.
    pub fn deliveries(&self) -> Deliveries {
        Deliveries::new(
            self.store.clone(),
            self.clock.clone(),
            self.deadlines_changed.clone(),
        )
    }
}
