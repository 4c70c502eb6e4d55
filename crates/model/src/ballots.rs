//! A ballot as kept, and the platform messages that present it.

use crate::{BallotId, Millis, Unknown};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BallotStatus {
    Open,
    Closed,
    /// The game was paused or stopped while this ballot was open.
    Abandoned,
}

impl BallotStatus {
    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "open" => BallotStatus::Open,
            "closed" => BallotStatus::Closed,
            "abandoned" => BallotStatus::Abandoned,
            other => return Err(Unknown::new("ballot status", other)),
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct BallotState {
    pub id: BallotId,
    pub seat: u8,
    pub legal: Vec<String>,
    pub ranking: Vec<String>,
    pub featured: Vec<String>,
    pub opened_at: Millis,
    /// After a discussion, when the ballot takes votes; `None`: from its
    /// opening.
    pub votes_open_at: Option<Millis>,
    pub deadline: Millis,
    pub extensions: u32,
    pub status: BallotStatus,
    pub winner: Option<String>,
    pub tally: Option<Vec<(String, u32)>>,
    pub tie_broken: bool,
    pub closed_at: Option<Millis>,
}

/// How a ballot was presented.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostStyle {
    /// A native poll: its answers are the ballot's featured options, in order.
    Poll,
    /// Menus (or any presentation whose votes arrive as direct votes).
    Menu,
}

impl PostStyle {
    pub fn as_str(self) -> &'static str {
        match self {
            PostStyle::Poll => "poll",
            PostStyle::Menu => "menu",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        match text {
            "poll" => Ok(PostStyle::Poll),
            "menu" => Ok(PostStyle::Menu),
            other => Err(Unknown::new("post style", other)),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BallotPost {
    pub reference: String,
    pub ballot: BallotId,
    pub style: PostStyle,
    pub finished: bool,
}
