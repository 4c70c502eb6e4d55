//! A game written straight into a store, for the tests of the store's own
//! promises (votes, races) that need a game row and nothing of its rules.

use holotable::games::GameKind;
use holotable_store::{GameSide, NewGame};

/// The clock time these games are created at.
pub const NOW: i64 = 1_700_000_000_000;

/// A Space Checkers game in `channel`, the community playing white, a
/// minute a ballot and no extensions.
pub fn new_game(channel: &str) -> NewGame {
    NewGame {
        channel: channel.to_string(),
        kind: GameKind::SpaceCheckers,
        rules: serde_json::json!({}),
        start_position: "start".to_string(),
        seed: 1,
        level: "random".to_string(),
        vote_ms: 60_000,
        max_extensions: 0,
        community_seats: vec![0],
        ballot_format: Default::default(),
        deliberation: Default::default(),
        started_by: "admin".to_string(),
        created_at: NOW,
        sides: vec![GameSide {
            channel: channel.to_string(),
            server: None,
            seats: vec![0],
        }],
    }
}
