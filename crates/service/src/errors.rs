//! The two ways a use case can fail: refused (the user's request is not
//! allowed; shown to them as it is) or failed (our fault; logged).

use super::text;
use holotable_games::GameKind;
use holotable_games::engine::Level;
use holotable_i18n::Lang;
use holotable_i18n::t;
use holotable_model::Permanent;
use holotable_store::{Millis, StoreError};
use std::fmt;

/// Both variants are transparent: the message is the inner error's, and so
/// is `source()`, so a printed chain never says the same thing twice.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Failed(#[from] Failure),
}

impl ServiceError {
    /// Whether this failed because the database went away (see
    /// [`StoreError::is_unreachable`]).
    pub fn is_database_unreachable(&self) -> bool {
        matches!(self, ServiceError::Failed(Failure::Store(store)) if store.is_unreachable())
    }

    /// Why the database cannot be written to until a person acts, when
    /// that is why this failed (see [`StoreError::permanent`]).
    pub fn permanent(&self) -> Option<Permanent> {
        match self {
            ServiceError::Failed(Failure::Store(store)) => store.permanent(),
            _ => None,
        }
    }

    /// What the store found, without the advice its message gives (see
    /// [`StoreError::without_advice`]).
    pub fn without_advice(&self) -> Option<String> {
        match self {
            ServiceError::Failed(Failure::Store(store)) => store.without_advice(),
            _ => None,
        }
    }

    /// Why the database still cannot be written to when this failure,
    /// which usually passes, lasted as long as a person waits (see
    /// [`StoreError::permanent_once_waited`]).
    pub fn permanent_once_waited(&self) -> Option<Permanent> {
        match self {
            ServiceError::Failed(Failure::Store(store)) => store.permanent_once_waited(),
            _ => None,
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> Self {
        ServiceError::Failed(Failure::Store(error))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the engine task failed: {0}")]
    Engine(String),
    #[error("stored game is inconsistent: {0}")]
    Inconsistent(String),
}

/// Something a user asked for that is not allowed. Each message is short,
/// says what is wrong and what would be accepted; its words are the
/// catalogue's (`assets/locales/*/refusals.ftl`), in the language of
/// whoever is told, and `Display` is the English one, for logs and the
/// terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NoGame,
    /// A review was asked for a game still being played.
    GameNotOver,
    /// A review was asked in a channel none of whose games has ended.
    NoFinishedGame,
    /// A review was asked for a game this channel had no side in.
    NotPlayedHere {
        game: i64,
    },
    ChannelBusy {
        game: i64,
    },
    /// `action` selects the catalogue's wording ("start-game").
    NotAllowed {
        action: &'static str,
    },
    BallotClosed,
    /// The vote came in after one the member sent later on the same
    /// ballot (both waited, and were worked on out of order): the later,
    /// `standing`, stays.
    VoteSuperseded {
        standing: String,
    },
    /// The vote was meant for a ballot that closed before it arrived; an
    /// option number or move on the new board would mean something else.
    BallotMovedOn {
        open_move: u32,
    },
    /// `status` is the game's stored status ("paused").
    NotVoting {
        status: &'static str,
    },
    /// Text that is not `game`'s notation; the refusal shows how its
    /// moves are written.
    UnreadableVote {
        text: String,
        game: GameKind,
    },
    IllegalVote {
        text: String,
        suggestions: Vec<String>,
    },
    NoSuchOption {
        text: String,
        count: usize,
    },
    NotPaused,
    /// The vote length asked for is outside the bot's range (milliseconds).
    VoteLength {
        min: i64,
        max: i64,
    },
    /// The engine has no level of this name.
    UnknownLevel {
        level: String,
    },
    /// The game's rules (the `rules` JSON) cannot set up a game; `detail`
    /// is the rules parser's own English words, which name the field.
    BadRules {
        detail: String,
    },
    /// `game` is played by `wanted` opponents and a challenger.
    OpponentCount {
        game: GameKind,
        wanted: usize,
    },
    /// A challenge named someone twice, or the challenger.
    PlayersNotDistinct,
    /// The turn length asked for is outside the bot's range (milliseconds).
    TurnLength {
        min: i64,
        max: i64,
    },
    /// Not a time of day as HH:MM.
    BadPostTime {
        text: String,
    },
    UnknownTimeZone {
        name: String,
    },
    NoDailyPost,
    /// The daily puzzle goes out with the daily post, which the server
    /// has not set up.
    PuzzleNeedsDaily,
    /// The puzzle vote's length in hours is outside 1 to `max`.
    PuzzleHours {
        hours: i64,
        max: i64,
    },
    /// A puzzle vote's option number is not one of its `count`.
    PuzzleChoice {
        count: i64,
    },
    /// No puzzle vote is open in this server.
    NoOpenPuzzle,
    /// The member has tried the puzzle alone, so may not vote on it.
    PuzzleTriedAlone,
    /// The member has tried every puzzle asked for.
    NoPuzzleLeft,
    /// The member has no puzzle to answer.
    NoPuzzleTry,
    NoMatch,
    NoChallenge {
        id: i64,
    },
    NotInvited,
    /// `status` selects the wording: accepted, declined, expired, answered.
    ChallengeClosed {
        status: &'static str,
    },
    NotAPlayer,
    NotYourTurn {
        waiting: String,
    },
    /// The engine (or the dice) is deciding; no player may move now.
    EngineDeciding,
    MatchOver,
    MatchMoved,
    PlayerBusy {
        player: String,
    },
    UnreadableMove {
        text: String,
        game: GameKind,
    },
    /// No invitation has this code (as typed, cut short).
    UnknownCode {
        code: String,
    },
    /// `status` selects the wording: accepted, withdrawn, expired.
    CodeClosed {
        status: &'static str,
    },
    /// A channel tried to accept the invitation it made.
    OwnChallenge,
    /// The channel that made the invitation has a live game now.
    ChallengerBusy,
    /// Withdrawing, with no open invitation from this channel.
    NoOpenChallenge,
    /// Voting in a shared game's channel while another side's ballot is
    /// open; `side` names the seats voting ("black").
    OtherSideVoting {
        side: Vec<String>,
    },
    /// A member who voted for one side of a game voted in another side's
    /// channel; `side` names the seats they voted for.
    VotedForOtherSide {
        side: Vec<String>,
    },
    /// `/community stop` in a game another community plays too.
    SharedGameStop,
    /// Resigning a game that no other community plays.
    NotShared,
    /// Resigning for a side already out of a game that goes on without it.
    SideOut,
    /// A challenge for more communities than the game has seats (`most`).
    TableSize {
        most: usize,
    },
    /// Accepting, again, a table this channel already sits at.
    AlreadySeated,
    /// Quiet hours that are not `22-7`, `22:00-07:00` or `off`.
    BadQuietHours {
        text: String,
    },
    /// A reminder asked for in a channel whose ballots call no role.
    NoCallRole,
    /// One role chosen both to start games and to be called: members join
    /// the called role themselves, so they would all start games too.
    CallRoleStarts,
    /// A suggestion without a reason.
    NoReason,
    /// A suggestion's reason of `length` characters, over `most`.
    ReasonTooLong {
        length: usize,
        most: usize,
    },
    /// `mv` is suggested on this ballot already: it is to be backed.
    SuggestedAlready {
        mv: String,
    },
    /// A member's suggestions on one ballot past `most`.
    TooManySuggestions {
        most: usize,
    },
    NoSuggestion,
    /// Suggesting again a move one suggested on this ballot.
    YouSuggested {
        mv: String,
    },
    /// Backing one's own suggestion.
    OwnSuggestion,
    BackedAlready,
    /// A vote while the ballot's discussion runs, `opens_in` before its
    /// votes open.
    DiscussionRuns {
        opens_in: Millis,
    },
    /// A discussion time over `max`.
    DiscussLength {
        max: Millis,
    },
    /// A hidden tally asked of a game whose ballots are polls, which show
    /// their counts to everyone.
    HiddenTallyPoll,
    /// A reminder's threshold over `most` voters.
    RemindBelow {
        most: u32,
    },
    /// A reminder's time outside `min`..=`max` percent of the ballot.
    RemindAt {
        min: u8,
        max: u8,
    },
}

impl Refusal {
    /// The refusal as a finished sentence in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Refusal::NoGame => t!(lang, "refusal-no-game"),
            Refusal::GameNotOver => t!(lang, "refusal-game-not-over"),
            Refusal::NoFinishedGame => t!(lang, "refusal-no-finished-game"),
            Refusal::NotPlayedHere { game } => t!(lang, "refusal-not-played-here", game = *game),
            Refusal::ChannelBusy { game } => t!(lang, "refusal-channel-busy", game = *game),
            Refusal::NotAllowed { action } => t!(lang, "refusal-not-allowed", action = *action),
            Refusal::BallotClosed => t!(lang, "refusal-ballot-closed"),
            Refusal::VoteSuperseded { standing } => {
                t!(
                    lang,
                    "refusal-vote-superseded",
                    standing = standing.as_str()
                )
            }
            Refusal::BallotMovedOn { open_move } => {
                t!(lang, "refusal-ballot-moved-on", move = *open_move)
            }
            Refusal::NotVoting { status } => t!(lang, "refusal-not-voting", status = *status),
            Refusal::UnreadableVote { text, game } => t!(
                lang,
                "refusal-unreadable-vote",
                text = text.as_str(),
                game = game.as_str(),
                title = text::game_title(lang, *game)
            ),
            Refusal::IllegalVote { text, suggestions } => {
                let text: String = text.chars().take(40).collect();
                if suggestions.is_empty() {
                    t!(lang, "refusal-illegal-vote", text = text)
                } else {
                    let suggestions = text::or_list(lang, suggestions);
                    t!(
                        lang,
                        "refusal-illegal-vote-suggest",
                        text = text,
                        suggestions = suggestions
                    )
                }
            }
            Refusal::NoSuchOption { text, count } => t!(
                lang,
                "refusal-no-such-option",
                text = text.as_str(),
                count = *count
            ),
            Refusal::NotPaused => t!(lang, "refusal-not-paused"),
            Refusal::VoteLength { min, max } => t!(
                lang,
                "refusal-vote-length",
                min = text::duration(lang, *min),
                max = text::duration(lang, *max)
            ),
            Refusal::UnknownLevel { level } => {
                // Named as the level menu names them in this language.
                let levels: Vec<String> = Level::ALL
                    .iter()
                    .map(|known| text::level(lang, known.as_str()))
                    .collect();
                t!(
                    lang,
                    "refusal-unknown-level",
                    level = shown(level),
                    levels = text::or_list(lang, &levels)
                )
            }
            Refusal::BadRules { detail } => t!(lang, "refusal-bad-rules", detail = detail.as_str()),
            Refusal::OpponentCount { game, wanted } => t!(
                lang,
                "refusal-opponent-count",
                title = text::game_title(lang, *game),
                count = *wanted
            ),
            Refusal::PlayersNotDistinct => t!(lang, "refusal-players-not-distinct"),
            Refusal::TurnLength { min, max } => t!(
                lang,
                "refusal-turn-length",
                min = text::duration(lang, *min),
                max = text::duration(lang, *max)
            ),
            Refusal::BadPostTime { text } => t!(lang, "refusal-bad-post-time", text = shown(text)),
            Refusal::UnknownTimeZone { name } => {
                t!(lang, "refusal-unknown-time-zone", zone = shown(name))
            }
            Refusal::NoDailyPost => t!(lang, "refusal-no-daily-post"),
            Refusal::PuzzleNeedsDaily => t!(lang, "refusal-puzzle-needs-daily"),
            Refusal::PuzzleHours { hours, max } => {
                t!(lang, "refusal-puzzle-hours", hours = *hours, max = *max)
            }
            Refusal::PuzzleChoice { count } => t!(lang, "refusal-puzzle-choice", count = *count),
            Refusal::NoOpenPuzzle => t!(lang, "refusal-no-open-puzzle"),
            Refusal::PuzzleTriedAlone => t!(lang, "refusal-puzzle-tried-alone"),
            Refusal::NoPuzzleLeft => t!(lang, "refusal-no-puzzle-left"),
            Refusal::NoPuzzleTry => t!(lang, "refusal-no-puzzle-try"),
            Refusal::NoMatch => t!(lang, "refusal-no-match"),
            Refusal::NoChallenge { id } => t!(lang, "refusal-no-challenge", id = *id),
            Refusal::NotInvited => t!(lang, "refusal-not-invited"),
            Refusal::ChallengeClosed { status } => {
                t!(lang, "refusal-challenge-closed", status = *status)
            }
            Refusal::NotAPlayer => t!(lang, "refusal-not-a-player"),
            Refusal::NotYourTurn { waiting } => {
                t!(lang, "refusal-not-your-turn", waiting = waiting.as_str())
            }
            Refusal::EngineDeciding => t!(lang, "refusal-engine-deciding"),
            Refusal::MatchOver => t!(lang, "refusal-match-over"),
            Refusal::MatchMoved => t!(lang, "refusal-match-moved"),
            Refusal::PlayerBusy { player } => {
                t!(lang, "refusal-player-busy", player = player.as_str())
            }
            Refusal::UnreadableMove { text, game } => t!(
                lang,
                "refusal-unreadable-move",
                text = text.as_str(),
                game = game.as_str(),
                title = text::game_title(lang, *game)
            ),
            Refusal::UnknownCode { code } => t!(lang, "refusal-unknown-code", code = shown(code)),
            Refusal::CodeClosed { status } => t!(lang, "refusal-code-closed", status = *status),
            Refusal::OwnChallenge => t!(lang, "refusal-own-challenge"),
            Refusal::ChallengerBusy => t!(lang, "refusal-challenger-busy"),
            Refusal::NoOpenChallenge => t!(lang, "refusal-no-open-challenge"),
            Refusal::OtherSideVoting { side } => {
                t!(
                    lang,
                    "refusal-other-side-voting",
                    side = text::seats(lang, side)
                )
            }
            Refusal::VotedForOtherSide { side } => {
                t!(
                    lang,
                    "refusal-voted-other-side",
                    side = text::seats_as_nouns(lang, side)
                )
            }
            Refusal::SharedGameStop => t!(lang, "refusal-shared-game-stop"),
            Refusal::NotShared => t!(lang, "refusal-not-shared"),
            Refusal::SideOut => t!(lang, "refusal-side-out"),
            Refusal::TableSize { most } => t!(lang, "refusal-table-size", most = *most),
            Refusal::AlreadySeated => t!(lang, "refusal-already-seated"),
            Refusal::BadQuietHours { text } => {
                t!(lang, "refusal-bad-quiet-hours", text = shown(text))
            }
            Refusal::NoCallRole => t!(lang, "refusal-no-call-role"),
            Refusal::CallRoleStarts => t!(lang, "refusal-call-role-starts"),
            Refusal::NoReason => t!(lang, "refusal-no-reason"),
            Refusal::ReasonTooLong { length, most } => t!(
                lang,
                "refusal-reason-too-long",
                length = *length,
                most = *most
            ),
            Refusal::SuggestedAlready { mv } => {
                t!(lang, "refusal-suggested-already", move = mv.as_str())
            }
            Refusal::TooManySuggestions { most } => {
                t!(lang, "refusal-too-many-suggestions", most = *most)
            }
            Refusal::NoSuggestion => t!(lang, "refusal-no-suggestion"),
            Refusal::YouSuggested { mv } => t!(lang, "refusal-you-suggested", move = mv.as_str()),
            Refusal::OwnSuggestion => t!(lang, "refusal-own-suggestion"),
            Refusal::BackedAlready => t!(lang, "refusal-backed-already"),
            Refusal::RemindBelow { most } => t!(lang, "refusal-remind-below", most = *most),
            Refusal::RemindAt { min, max } => {
                t!(lang, "refusal-remind-at", earliest = *min, latest = *max)
            }
            Refusal::DiscussionRuns { opens_in } => t!(
                lang,
                "refusal-discussion-runs",
                // Whole minutes read better than "437 seconds"; rounded
                // up, so a member never comes back too early.
                wait = text::duration(
                    lang,
                    if *opens_in > 60_000 {
                        (opens_in + 59_999) / 60_000 * 60_000
                    } else {
                        (opens_in + 999) / 1_000 * 1_000
                    }
                )
            ),
            Refusal::DiscussLength { max } => {
                t!(
                    lang,
                    "refusal-discuss-length",
                    max = text::duration(lang, *max)
                )
            }
            Refusal::HiddenTallyPoll => t!(lang, "refusal-hidden-tally-poll"),
        }
    }
}

/// What a person typed, cut short so a refusal stays short.
fn shown(text: &str) -> String {
    text.trim().chars().take(40).collect()
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for Refusal {}

#[cfg(test)]
mod tests {
    use super::*;
    use holotable_games::engine::solver::TableError;
    use holotable_games::{IllegalMove, MoveParseError, PlayError, PositionError, ReplayError};
    use holotable_render::OverlayError;
    use holotable_store::VoteError;
    use std::error::Error;

    /// The first link of `error`'s chain whose message already contains its
    /// source's message: what `{:#}` would then print twice.
    fn repeated_cause(error: &dyn Error) -> Option<String> {
        let mut link = error;
        while let Some(source) = link.source() {
            let (outer, inner) = (link.to_string(), source.to_string());
            if outer.contains(&inner) {
                return Some(format!("{outer:?} embeds its source {inner:?}"));
            }
            link = source;
        }
        None
    }

    fn disk_full() -> sqlx::Error {
        sqlx::Error::Io(std::io::Error::other("database or disk is full"))
    }

    #[test]
    fn error_lines_do_not_repeat_their_source() {
        let position = || PositionError::new("expected 3 fields");
        let errors: Vec<Box<dyn Error>> = vec![
            Box::new(ServiceError::from(Refusal::VoteLength {
                min: 10_000,
                max: 7 * 86_400_000,
            })),
            Box::new(ServiceError::from(StoreError::from(disk_full()))),
            Box::new(ServiceError::from(Failure::Engine("it panicked".into()))),
            Box::new(StoreError::from(sqlx::migrate::MigrateError::Execute(
                disk_full(),
            ))),
            Box::new(VoteError::from(StoreError::from(disk_full()))),
            Box::new(ReplayError::from(position())),
            Box::new(PlayError::from(MoveParseError::new(
                "foo",
                "expected A1-B1",
            ))),
            Box::new(PlayError::from(IllegalMove {
                notation: "A1-B7".into(),
            })),
            Box::new(OverlayError::from(PlayError::GameOver)),
            Box::new(TableError::from(std::io::Error::other("no such file"))),
        ];
        let repeated: Vec<String> = errors
            .iter()
            .filter_map(|error| repeated_cause(error.as_ref()))
            .collect();
        assert!(repeated.is_empty(), "{repeated:#?}");
    }

    #[test]
    fn refusals_name_levels_and_sides_as_each_reader_reads_them() {
        let level = Refusal::UnknownLevel {
            level: "brutal".into(),
        };
        let voted = Refusal::VotedForOtherSide {
            side: vec!["white".into()],
        };
        let cases = [
            (
                Lang::En,
                &level,
                "choose random, greedy, easy, normal, hard or max.",
            ),
            (
                Lang::Es,
                &level,
                "elige aleatorio, impulsivo, fácil, normal, difícil o máximo.",
            ),
            (
                Lang::Ja,
                &level,
                "ランダム、一手読み、やさしい、ふつう、むずかしいか最強のいずれか",
            ),
            (
                Lang::Es,
                &voted,
                "Ya votaste por las blancas en esta partida",
            ),
            (Lang::Ja, &voted, "すでに別のチャンネルで白に投票しています"),
        ];
        for (lang, refusal, wanted) in cases {
            let text = refusal.text(lang);
            assert!(text.contains(wanted), "{lang}: {text}");
        }
    }
}
