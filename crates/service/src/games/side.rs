//! Which seat the community plays. Space Checkers is a first
//! player's win, so a community that always moves first wins once someone
//! finds the walk; a server can give the community the second seat, or
//! swap seats from one game to the next in a channel.

use holotable_store::GameState;

/// The community's seat in a new game; the engine plays every other seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// The first seat (white; Red, with Blue in two-player Djambi).
    #[default]
    White,
    /// The second seat (black; Yellow with Green in two-player Djambi):
    /// the engine opens the game.
    Black,
    /// The seat the channel's previous community game did not have, white
    /// for a channel's first game.
    Alternate,
}

impl Side {
    /// The seats the community plays, given the channel's latest game.
    pub fn seats(self, previous: Option<&GameState>) -> Vec<u8> {
        const FIRST: u8 = 0;
        const SECOND: u8 = 1;
        match self {
            Side::White => vec![FIRST],
            Side::Black => vec![SECOND],
            Side::Alternate => match previous {
                Some(game) if game.community_seats == [FIRST] => vec![SECOND],
                _ => vec![FIRST],
            },
        }
    }
}
