//! What a channel is told for each announcement, as data: the ordered
//! [`Part`]s an adapter posts (a text, a board, a ballot) or carries out
//! (ending the last ballot's posts, the last turn's menus).
//!
//! The service decides which parts, in which order, and their words; a
//! platform decides only what is its own formatting: how a time reads
//! (Discord's `<t:…:R>` shows each reader their own zone), how a member is
//! named, how options are marked up, how long a message may be, and who
//! is pinged (only [`Message::calls`], and the daily post's member where
//! the server allows it). So Discord and the terminal show the same
//! announcement the same way, and a new announcement is worded once, here.
//!
//! What a part needs from the database when it is posted (the board's
//! image, a ballot's deadline that a slow post moved, whether a turn is
//! still live for its menus) the adapter asks the service for then: a
//! part says what to show, not the state it is shown in.

use crate::announce::{reminder, whole};
use crate::text;
use crate::{Announcement, DailyPost, MatchAnnouncement};
use holotable_i18n::{Lang, t};
use holotable_model::{MatchSeat, Millis, PlayerRef};

/// How a platform writes what the service cannot word for it.
///
/// `Sync` so a delivery task that holds one across an `await` can move
/// between threads.
pub trait Style: Sync {
    /// A member named by their platform id, without pinging them (on
    /// Discord `<@id>`, shown as their name; who is pinged is the
    /// message's [`Message::calls`], not its text).
    fn member(&self, id: &str) -> String;

    /// A role named by its platform id (on Discord `<@&id>`); whether its
    /// members are pinged is the message's [`Message::role`].
    fn role(&self, id: &str) -> String;

    /// A match player; as a member unless the platform has a better name.
    fn player(&self, player: &PlayerRef) -> String {
        self.member(&player.id)
    }

    /// The most characters one message may hold, if the platform limits
    /// it. Texts that can run long (a review) are shortened to fit by
    /// leaving things out, which reads better than the adapter's cut.
    fn limit(&self) -> Option<usize> {
        None
    }
}

/// One step of delivering an announcement to a channel, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// The game's live ballot posts in this channel end: polls expire,
    /// menus come down, saying `result` when the ballot closed on a move.
    /// Only this channel's: another channel's are worded in its language,
    /// from its side, by its own announcement.
    EndBallotPosts { result: Option<String> },
    /// The menus of the match's previous turn come down: that decision
    /// is made.
    EndPreviousTurn,
    /// A message of text alone.
    Text(Message),
    /// A board image of the game after `ply` (`u32::MAX`: the last
    /// position), with `featured` moves marked and numbered, and its
    /// message.
    Board {
        ply: u32,
        featured: Vec<String>,
        message: Message,
    },
    /// The ballot of `ply` to vote on (a poll or menus: the platform's
    /// choice), if it is still open when posted; `deadline` is the one
    /// announced, which the post may move (`deliveries/shown.rs`).
    Ballot { ply: u32, deadline: Millis },
    /// The server's daily post. Kept whole because whether its member may
    /// be pinged is the post's (`DailyPost::mentions`).
    Daily(DailyPost),
    /// The daily puzzle: its board, its words and a way to vote on its
    /// candidates, recorded as the round's post.
    Puzzle(crate::PuzzlePost),
    /// The end of a daily puzzle's vote: its post stops taking votes and
    /// the reveal's text follows.
    PuzzleReveal(crate::PuzzleReveal),
    /// A thread named `name` opens on the message of the text part before
    /// it, and the delivery's game's side in this channel plays there
    /// from then on (`Leagues::thread_opened`). A step of its own, not a
    /// field of the message as a discussion is: the side's game depends
    /// on it, so it is recorded (`Progress::thread`), retried until
    /// done, and reported, where a discussion is asked for once and may
    /// be refused.
    OpenThread { name: String },
}

/// The words of one message.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The announcement's sentences, already in the channel's language.
    pub text: String,
    /// When something closes, for the platform to write after `text`.
    pub closes: Option<Closes>,
    /// The one person this message calls (pinged on Discord); nobody else
    /// is, whoever the text names.
    pub calls: Option<PlayerRef>,
    /// The role this message calls: its members are pinged (the text names
    /// the role), and the platform offers joining or leaving it here.
    pub role: Option<String>,
    /// The match turn (its ply) whose move menus go on this message, while
    /// that decision still stands when it is posted.
    pub turn_menus: Option<u32>,
    /// The ballot (its ply) this message is about, and only while it is
    /// open: posted later (a retry, a restart) it is not posted at all,
    /// and its closing time is the ballot's as it stands then. A reminder
    /// must not speak of a closed vote, nor move the deadline as a slow
    /// post of the ballot itself does.
    pub while_open: Option<u32>,
    /// The name of the game's place to talk it over, which opens on this
    /// message: a thread where the platform has them (and lets the bot
    /// open one); elsewhere the channel itself is that place.
    pub discussion: Option<String>,
}

impl Message {
    pub(crate) fn text(text: String) -> Self {
        Message {
            text,
            closes: None,
            calls: None,
            role: None,
            turn_menus: None,
            while_open: None,
            discussion: None,
        }
    }

    fn closing(text: String, wording: Closing, at: Millis, ballot: Option<u32>) -> Self {
        Message {
            closes: Some(Closes {
                wording,
                at,
                ballot,
            }),
            ..Message::text(text)
        }
    }
}

/// A closing time a message states. The time is a field, not words,
/// because how it reads is the platform's (a relative time on Discord).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Closes {
    pub wording: Closing,
    /// The time as announced.
    pub at: Millis,
    /// `Some(ply)`: the time is that ballot's deadline, which a slow post
    /// of the ballot moves (`deliveries/shown.rs`). A message posted
    /// after the announcement waited names the deadline the ballot has by
    /// then, and is restated once the ballot's own post has moved it, so
    /// the channel reads one closing time.
    pub ballot: Option<u32>,
}

/// Which closing a message states, and where it stands in the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// A ballot's board: its numbered options on a line (they match the
    /// image's markers), then when voting closes on the next.
    VotingCloses,
    /// Another side's vote: when it closes, as the text's next sentence.
    TheirVotingCloses,
    /// A ballot extended: until when, as the text's next sentence.
    ExtendedUntil,
    /// A match turn: choose by when, on a line of its own.
    ChooseBy,
    /// A ballot's reminder: when voting closes, as the text's next
    /// sentence.
    Reminder,
    /// A ballot's discussion: its numbered options on a line, then when
    /// voting opens on the next.
    VotesOpen,
}

impl Closing {
    /// The closing in `lang`, the time written by the platform as `time`.
    pub fn words(self, lang: Lang, time: &str) -> String {
        match self {
            Closing::VotingCloses | Closing::TheirVotingCloses | Closing::Reminder => {
                t!(lang, "voting-closes", closes = time)
            }
            Closing::ExtendedUntil => t!(lang, "ballot-extended-until", closes = time),
            Closing::VotesOpen => t!(lang, "votes-open-at", opens = time),
            Closing::ChooseBy => t!(lang, "match-turn-choose", deadline = time),
        }
    }

    /// Whether the closing stands on a line of its own after the text (a
    /// board's options, a turn's menus, read as a list), or continues it
    /// as its next sentence.
    pub fn on_its_own_line(self) -> bool {
        matches!(
            self,
            Closing::VotingCloses | Closing::ChooseBy | Closing::VotesOpen
        )
    }
}

impl Announcement {
    /// What the channel is told, in order, worded in `lang`.
    pub fn parts(&self, lang: Lang, style: &dyn Style) -> Vec<Part> {
        let text = || self.describe(lang);
        match self {
            Announcement::BallotOpened {
                ply,
                featured,
                deadline,
                call,
                votes_open_at,
                ..
            } => {
                // The call stands on a line of its own, first, so a
                // member sees why they were pinged before the board.
                let text = match call {
                    Some(role) => format!(
                        "{}\n{}",
                        t!(lang, "ballot-call", role = style.role(role)),
                        text()
                    ),
                    None => text(),
                };
                // A discussion first: the board and its options, and when
                // voting opens, a time no slow post moves.
                let (closing, at, ballot) = match votes_open_at {
                    Some(opens) => (Closing::VotesOpen, *opens, None),
                    None => (Closing::VotingCloses, *deadline, Some(*ply)),
                };
                let board = Part::Board {
                    ply: *ply,
                    featured: featured.clone(),
                    message: Message {
                        role: call.clone(),
                        ..Message::closing(text, closing, at, ballot)
                    },
                };
                match votes_open_at {
                    Some(_) => vec![board],
                    None => vec![
                        board,
                        Part::Ballot {
                            ply: *ply,
                            deadline: *deadline,
                        },
                    ],
                }
            }
            // Posted after its ballot closed (a long backlog), "vote now"
            // would be wrong: it is not posted at all.
            Announcement::VotingOpened { ply, deadline } => vec![
                Part::Text(Message {
                    while_open: Some(*ply),
                    ..Message::closing(text(), Closing::VotingCloses, *deadline, Some(*ply))
                }),
                Part::Ballot {
                    ply: *ply,
                    deadline: *deadline,
                },
            ],
            Announcement::BallotReminder {
                ply,
                deadline,
                voters,
                role,
            } => vec![Part::Text(Message {
                role: Some(role.clone()),
                while_open: Some(*ply),
                ..Message::closing(
                    reminder(lang, *ply, *voters, &style.role(role)),
                    Closing::Reminder,
                    *deadline,
                    None,
                )
            })],
            Announcement::BallotExtended { ply, deadline } => vec![
                Part::EndBallotPosts { result: None },
                Part::Text(Message::closing(
                    text(),
                    Closing::ExtendedUntil,
                    *deadline,
                    Some(*ply),
                )),
                Part::Ballot {
                    ply: *ply,
                    deadline: *deadline,
                },
            ],
            Announcement::GameFinished { .. } => vec![
                Part::EndBallotPosts { result: None },
                Part::Board {
                    ply: u32::MAX,
                    featured: Vec::new(),
                    message: Message::text(text()),
                },
            ],
            Announcement::BallotClosed { .. }
            | Announcement::GamePaused { .. }
            | Announcement::GameStopped { .. } => vec![
                Part::EndBallotPosts {
                    result: self.ballot_result(lang),
                },
                Part::Text(Message::text(text())),
            ],
            // The board as the other side sees it while it votes: no
            // options, nothing of its tally.
            Announcement::OtherSideVoting { ply, deadline, .. } => vec![Part::Board {
                ply: *ply,
                featured: Vec::new(),
                message: Message::closing(text(), Closing::TheirVotingCloses, *deadline, None),
            }],
            Announcement::OtherSideExtended { deadline, .. } => vec![Part::Text(Message::closing(
                text(),
                Closing::ExtendedUntil,
                *deadline,
                None,
            ))],
            // The leaver's ballot, or one that opens again on the new
            // board, is over.
            Announcement::SideLeft { .. } => vec![
                Part::EndBallotPosts { result: None },
                Part::Text(Message::text(text())),
            ],
            Announcement::GameReviewed { review } => vec![Part::Text(Message::text(review.text(
                lang,
                |id| style.member(id),
                style.limit(),
            )))],
            Announcement::SharedGameStarted {
                in_thread: true, ..
            } => vec![Part::Text(Message::text(text()))],
            Announcement::GameStarted { kind, .. }
            | Announcement::SharedGameStarted { kind, .. } => vec![Part::Text(Message {
                discussion: Some(t!(
                    lang,
                    "discussion-place",
                    game = text::game_title(lang, *kind)
                )),
                ..Message::text(text())
            })],
            Announcement::GameResumed { .. } => vec![Part::Text(Message::text(text()))],
            Announcement::GamerOfTheDay { post } => vec![Part::Daily(post.clone())],
            Announcement::DailyPuzzle { post } => vec![Part::Puzzle(post.clone())],
            Announcement::PuzzleRevealed { reveal } => vec![Part::PuzzleReveal(reveal.clone())],
        }
    }
}

impl MatchAnnouncement {
    /// What the match's channel is told, in order, worded in `lang`.
    /// `seats` are the match's seats with their ratings (the match's
    /// view), read only for a rated match's result; the deliveries read
    /// them when they are needed.
    pub fn parts(&self, lang: Lang, style: &dyn Style, seats: &[MatchSeat]) -> Vec<Part> {
        let text = self.describe(lang, &|player: &PlayerRef| style.player(player));
        let calls = self.addressee().cloned();
        match self {
            MatchAnnouncement::TurnStarted { ply, deadline, .. } => vec![
                Part::EndPreviousTurn,
                Part::Board {
                    ply: *ply,
                    featured: Vec::new(),
                    message: Message {
                        calls,
                        turn_menus: Some(*ply),
                        ..Message::closing(text, Closing::ChooseBy, *deadline, None)
                    },
                },
            ],
            MatchAnnouncement::MatchFinished { rated, .. } => {
                let mut text = text;
                if *rated {
                    for line in rating_changes(lang, style, seats) {
                        text.push('\n');
                        text.push_str(&line);
                    }
                }
                vec![
                    Part::EndPreviousTurn,
                    Part::Board {
                        ply: u32::MAX,
                        featured: Vec::new(),
                        message: Message {
                            calls,
                            ..Message::text(text)
                        },
                    },
                ]
            }
            MatchAnnouncement::MatchStarted { .. } | MatchAnnouncement::TurnReminder { .. } => {
                vec![Part::Text(Message {
                    calls,
                    ..Message::text(text)
                })]
            }
        }
    }

    /// Whether [`MatchAnnouncement::parts`] reads the match's seats.
    pub(crate) fn reads_seats(&self) -> bool {
        matches!(self, MatchAnnouncement::MatchFinished { rated: true, .. })
    }
}

/// Each rated player's rating before and after, one line each; a seat
/// without a rating (the engine's) says nothing.
fn rating_changes(lang: Lang, style: &dyn Style, seats: &[MatchSeat]) -> Vec<String> {
    seats
        .iter()
        .filter_map(|seat| {
            let (player, after) = (seat.player.as_ref()?, seat.rating_after?);
            let player = PlayerRef {
                id: player.clone(),
                name: seat.name.clone(),
            };
            Some(t!(
                lang,
                "match-rating-change",
                player = style.player(&player),
                before = whole(seat.rating_before.unwrap_or(crate::ratings::NEW_RATING)),
                after = whole(after)
            ))
        })
        .collect()
}

/// A closing written after its message's text, the time as `time` (the
/// platform's writing of `closes.at` or of a later deadline): the text and
/// the closing, joined as [`Closing::on_its_own_line`] says. `between` is
/// what stands on lines of its own before a closing that does too (a
/// board's options).
pub fn with_closing(
    lang: Lang,
    text: &str,
    between: &[String],
    wording: Closing,
    time: &str,
) -> String {
    let closing = wording.words(lang, time);
    if wording.on_its_own_line() {
        let mut lines = vec![text.to_string()];
        lines.extend(between.iter().cloned());
        lines.push(closing);
        lines.join("\n")
    } else {
        text::sentences(lang, &[text.to_string(), closing])
    }
}

#[cfg(test)]
mod tests;
