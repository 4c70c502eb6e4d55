//! What an outbox row holds, decoded: the news it tells ([`News`]: a
//! community game's, a server's daily post or puzzle, or a match's) and
//! its kind ([`NewsKind`]), and how both are written into the outbox and
//! read back.
//!
//! This is the one place that encodes a row and decodes it: the store keeps
//! the kind and the JSON as it is given them, and an adapter is handed the
//! decoded [`News`], never the JSON. Which type a row holds is its kind's
//! to say, not a prefix of it.

use crate::{Announcement, LeagueNews, MatchAnnouncement};
use holotable_store::{ChannelKey, NewAnnouncement, ToChannel};

/// What an announcement tells its channel.
#[derive(Clone, Debug, PartialEq)]
pub enum News {
    /// A community game's news, or a server's daily post or puzzle.
    Community(Announcement),
    /// A match's news.
    Match(MatchAnnouncement),
    /// A league's news to one of its entered channels.
    League(LeagueNews),
}

/// Which news a row holds, by the name the outbox keeps for it: in logs,
/// and to find an earlier row of a kind (a match's previous turn). The
/// names are the ones rows were always stored with, so rows queued before
/// a release are read after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NewsKind {
    GameStarted,
    BallotOpened,
    VotingOpened,
    BallotReminder,
    SharedGameStarted,
    OtherSideVoting,
    OtherSideExtended,
    SideLeft,
    BallotExtended,
    BallotClosed,
    GamePaused,
    GameResumed,
    GameFinished,
    GameStopped,
    GameReviewed,
    GamerOfTheDay,
    DailyPuzzle,
    PuzzleRevealed,
    MatchStarted,
    TurnStarted,
    TurnReminder,
    MatchFinished,
    LeagueSchedule,
    LeagueRound,
    LeagueStandings,
    LeagueFinished,
    LeagueCancelled,
}

impl NewsKind {
    pub const ALL: [NewsKind; 27] = [
        NewsKind::GameStarted,
        NewsKind::BallotOpened,
        NewsKind::VotingOpened,
        NewsKind::BallotReminder,
        NewsKind::SharedGameStarted,
        NewsKind::OtherSideVoting,
        NewsKind::OtherSideExtended,
        NewsKind::SideLeft,
        NewsKind::BallotExtended,
        NewsKind::BallotClosed,
        NewsKind::GamePaused,
        NewsKind::GameResumed,
        NewsKind::GameFinished,
        NewsKind::GameStopped,
        NewsKind::GameReviewed,
        NewsKind::GamerOfTheDay,
        NewsKind::DailyPuzzle,
        NewsKind::PuzzleRevealed,
        NewsKind::MatchStarted,
        NewsKind::TurnStarted,
        NewsKind::TurnReminder,
        NewsKind::MatchFinished,
        NewsKind::LeagueSchedule,
        NewsKind::LeagueRound,
        NewsKind::LeagueStandings,
        NewsKind::LeagueFinished,
        NewsKind::LeagueCancelled,
    ];

    /// The name the outbox keeps.
    pub fn as_str(self) -> &'static str {
        match self {
            NewsKind::GameStarted => "game-started",
            NewsKind::BallotOpened => "ballot-opened",
            NewsKind::VotingOpened => "voting-opened",
            NewsKind::BallotReminder => "ballot-reminder",
            NewsKind::SharedGameStarted => "shared-game-started",
            NewsKind::OtherSideVoting => "other-side-voting",
            NewsKind::OtherSideExtended => "other-side-extended",
            NewsKind::SideLeft => "side-left",
            NewsKind::BallotExtended => "ballot-extended",
            NewsKind::BallotClosed => "ballot-closed",
            NewsKind::GamePaused => "game-paused",
            NewsKind::GameResumed => "game-resumed",
            NewsKind::GameFinished => "game-finished",
            NewsKind::GameStopped => "game-stopped",
            NewsKind::GameReviewed => "game-reviewed",
            NewsKind::GamerOfTheDay => "gamer-of-the-day",
            NewsKind::DailyPuzzle => "daily-puzzle",
            NewsKind::PuzzleRevealed => "puzzle-revealed",
            NewsKind::MatchStarted => "match-started",
            NewsKind::TurnStarted => "match-turn",
            NewsKind::TurnReminder => "match-reminder",
            NewsKind::MatchFinished => "match-finished",
            NewsKind::LeagueSchedule => "league-schedule",
            NewsKind::LeagueRound => "league-round",
            NewsKind::LeagueStandings => "league-standings",
            NewsKind::LeagueFinished => "league-finished",
            NewsKind::LeagueCancelled => "league-cancelled",
        }
    }

    fn parse(text: &str) -> Option<NewsKind> {
        NewsKind::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// Whether rows of this kind hold a [`MatchAnnouncement`].
    fn is_match(self) -> bool {
        matches!(
            self,
            NewsKind::MatchStarted
                | NewsKind::TurnStarted
                | NewsKind::TurnReminder
                | NewsKind::MatchFinished
        )
    }

    /// Whether rows of this kind hold a [`LeagueNews`].
    fn is_league(self) -> bool {
        matches!(
            self,
            NewsKind::LeagueSchedule
                | NewsKind::LeagueRound
                | NewsKind::LeagueStandings
                | NewsKind::LeagueFinished
                | NewsKind::LeagueCancelled
        )
    }
}

impl std::fmt::Display for NewsKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl News {
    pub fn kind(&self) -> NewsKind {
        match self {
            News::Community(announcement) => announcement.kind(),
            News::Match(announcement) => announcement.kind(),
            News::League(news) => news.kind(),
        }
    }

    /// The news a row's `kind` and `payload` hold.
    ///
    /// # Errors
    /// Why they cannot be read: a kind this version does not know, a
    /// payload that is not that kind's JSON.
    pub(crate) fn decode(kind: &str, payload: &str) -> Result<News, String> {
        let named = NewsKind::parse(kind).ok_or_else(|| format!("unknown kind {kind:?}"))?;
        let news = if named.is_match() {
            News::Match(serde_json::from_str(payload).map_err(|e| e.to_string())?)
        } else if named.is_league() {
            News::League(serde_json::from_str(payload).map_err(|e| e.to_string())?)
        } else {
            News::Community(serde_json::from_str(payload).map_err(|e| e.to_string())?)
        };
        // The row's two columns are written together; apart, one of them
        // was changed by hand, and neither can be trusted.
        if news.kind() != named {
            return Err(format!("a row of kind {named} holds {}", news.kind()));
        }
        Ok(news)
    }
}

impl Announcement {
    pub fn kind(&self) -> NewsKind {
        match self {
            Announcement::GameStarted { .. } => NewsKind::GameStarted,
            Announcement::BallotOpened { .. } => NewsKind::BallotOpened,
            Announcement::VotingOpened { .. } => NewsKind::VotingOpened,
            Announcement::BallotReminder { .. } => NewsKind::BallotReminder,
            Announcement::SharedGameStarted { .. } => NewsKind::SharedGameStarted,
            Announcement::OtherSideVoting { .. } => NewsKind::OtherSideVoting,
            Announcement::OtherSideExtended { .. } => NewsKind::OtherSideExtended,
            Announcement::SideLeft { .. } => NewsKind::SideLeft,
            Announcement::BallotExtended { .. } => NewsKind::BallotExtended,
            Announcement::BallotClosed { .. } => NewsKind::BallotClosed,
            Announcement::GamePaused { .. } => NewsKind::GamePaused,
            Announcement::GameResumed { .. } => NewsKind::GameResumed,
            Announcement::GameFinished { .. } => NewsKind::GameFinished,
            Announcement::GameStopped { .. } => NewsKind::GameStopped,
            Announcement::GameReviewed { .. } => NewsKind::GameReviewed,
            Announcement::GamerOfTheDay { .. } => NewsKind::GamerOfTheDay,
            Announcement::DailyPuzzle { .. } => NewsKind::DailyPuzzle,
            Announcement::PuzzleRevealed { .. } => NewsKind::PuzzleRevealed,
        }
    }

    /// The row to queue for this announcement, in every channel of its
    /// game unless the caller names one.
    pub(crate) fn to_outbox(&self) -> NewAnnouncement {
        NewAnnouncement {
            kind: self.kind().as_str(),
            payload: serde_json::to_string(self).expect("announcements serialise"),
            channel: None,
        }
    }
}

impl MatchAnnouncement {
    pub fn kind(&self) -> NewsKind {
        match self {
            MatchAnnouncement::MatchStarted { .. } => NewsKind::MatchStarted,
            MatchAnnouncement::TurnStarted { .. } => NewsKind::TurnStarted,
            MatchAnnouncement::TurnReminder { .. } => NewsKind::TurnReminder,
            MatchAnnouncement::MatchFinished { .. } => NewsKind::MatchFinished,
        }
    }

    /// As [`Announcement::to_outbox`].
    pub(crate) fn to_outbox(&self) -> NewAnnouncement {
        NewAnnouncement {
            kind: self.kind().as_str(),
            payload: serde_json::to_string(self).expect("announcements serialise"),
            channel: None,
        }
    }
}

impl LeagueNews {
    pub fn kind(&self) -> NewsKind {
        match self {
            LeagueNews::Schedule { .. } => NewsKind::LeagueSchedule,
            LeagueNews::RoundStarted { .. } => NewsKind::LeagueRound,
            LeagueNews::Standings { .. } => NewsKind::LeagueStandings,
            LeagueNews::Finished { .. } => NewsKind::LeagueFinished,
            LeagueNews::Cancelled { .. } => NewsKind::LeagueCancelled,
        }
    }

    /// The row to queue for this news in `channel`.
    pub(crate) fn to_outbox(&self, channel: &ChannelKey) -> ToChannel {
        ToChannel {
            channel: channel.clone(),
            news: NewAnnouncement {
                channel: Some(channel.as_str().to_string()),
                ..self.to_entrants()
            },
        }
    }

    /// The row to queue for this news in each channel the store's write
    /// picks: every community still in the league, as its transaction
    /// reads them.
    pub(crate) fn to_entrants(&self) -> NewAnnouncement {
        NewAnnouncement {
            kind: self.kind().as_str(),
            payload: serde_json::to_string(self).expect("league news serialises"),
            channel: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holotable_games::GameKind;

    fn read_back(row: &NewAnnouncement) -> Result<News, String> {
        News::decode(row.kind, &row.payload)
    }

    #[test]
    fn each_kind_has_a_name_of_its_own_that_reads_back() {
        let mut names: Vec<&str> = NewsKind::ALL.iter().map(|k| k.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), NewsKind::ALL.len());
        for kind in NewsKind::ALL {
            assert_eq!(NewsKind::parse(kind.as_str()), Some(kind));
        }
    }

    #[test]
    fn news_reads_back_as_it_was_queued() {
        let community = Announcement::VotingOpened {
            ply: 3,
            deadline: 1_700_000_000_000,
        };
        assert_eq!(
            read_back(&community.to_outbox()),
            Ok(News::Community(community))
        );
        let started = MatchAnnouncement::MatchStarted {
            kind: GameKind::Holochess,
            seats: Vec::new(),
            rated: false,
            turn_ms: 60_000,
            level: None,
        };
        assert_eq!(read_back(&started.to_outbox()), Ok(News::Match(started)));
    }

    /// A row this version cannot read is an error to report, never news
    /// of another kind nor a default.
    #[test]
    fn an_unknown_kind_a_damaged_payload_or_a_kind_beside_other_news_is_unreadable() {
        let payload = Announcement::VotingOpened {
            ply: 3,
            deadline: 1,
        }
        .to_outbox()
        .payload;
        let unknown = News::decode("voting-opened-twice", &payload).unwrap_err();
        assert_eq!(unknown, "unknown kind \"voting-opened-twice\"");
        assert!(News::decode("voting-opened", "{\"type\":").is_err());
        let mixed = News::decode("ballot-extended", &payload).unwrap_err();
        assert_eq!(mixed, "a row of kind ballot-extended holds voting-opened");
        // A match's kind picks the match's type, whatever the payload says.
        assert!(News::decode("match-turn", &payload).is_err());
    }
}
