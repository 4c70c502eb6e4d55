//! Which game a table plays, by the name commands, files and the database
//! use. Its own module, below every game: each game names its kind, and
//! `AnyGame` names every game, so the kind beside `AnyGame` made a circle.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which game a table plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    SpaceCheckers,
    Holochess,
    Dejarik,
    Djambi,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::SpaceCheckers,
        GameKind::Holochess,
        GameKind::Dejarik,
        GameKind::Djambi,
    ];

    /// The stable identifier used in commands, files and the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameKind::SpaceCheckers => "space-checkers",
            GameKind::Holochess => "holochess",
            GameKind::Dejarik => "dejarik",
            GameKind::Djambi => "djambi",
        }
    }

    /// The name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::SpaceCheckers => "Space Checkers",
            GameKind::Holochess => "Holochess",
            GameKind::Dejarik => "Dejarik",
            GameKind::Djambi => "Djambi",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {name:?}; expected one of: {}", known_games())]
pub struct UnknownGame {
    pub name: String,
}

fn known_games() -> String {
    GameKind::ALL.map(GameKind::as_str).join(", ")
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == wanted)
            .ok_or_else(|| UnknownGame {
                name: text.chars().take(40).collect(),
            })
    }
}
