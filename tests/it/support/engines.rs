//! Engine stand-ins for the service: each plays and ranks the legal moves
//! in natural order, so a test knows which move an engine turn plays and
//! which moves a ballot features.

use holotable::engine::Level;
use holotable::games::{AnyGame, sort_naturally};
use holotable::service::Opponent;
use std::sync::atomic::{AtomicBool, Ordering};

/// Plays the first legal move in natural order at the levels it knows.
/// Which levels it knows is the test's to choose, so a level the test
/// means to be refused is refused by the service, not by this stand-in.
pub struct FirstMove {
    levels: Levels,
    broken: AtomicBool,
}

enum Levels {
    Every,
    Only(&'static [&'static str]),
}

impl FirstMove {
    /// Knows every [`Level`], as the real engine does.
    pub fn at_every_level() -> FirstMove {
        FirstMove::knowing(Levels::Every)
    }

    /// Knows only `levels`: any other is refused as unknown.
    pub fn at(levels: &'static [&'static str]) -> FirstMove {
        FirstMove::knowing(Levels::Only(levels))
    }

    fn knowing(levels: Levels) -> FirstMove {
        FirstMove {
            levels,
            broken: AtomicBool::new(false),
        }
    }

    /// While `broken`, choosing a move panics, as an engine that dies while
    /// thinking takes its thread down.
    pub fn set_broken(&self, broken: bool) {
        self.broken.store(broken, Ordering::SeqCst);
    }
}

impl Opponent for FirstMove {
    fn knows_level(&self, level: &str) -> bool {
        match self.levels {
            Levels::Every => level.parse::<Level>().is_ok(),
            Levels::Only(levels) => levels.contains(&level),
        }
    }

    fn choose(&self, game: &AnyGame, _level: &str, _seed: u64) -> String {
        assert!(!self.broken.load(Ordering::SeqCst), "the engine died");
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.remove(0)
    }

    fn rank(&self, game: &AnyGame, k: usize, _seed: u64) -> Vec<String> {
        let mut legal = game.legal_notations();
        sort_naturally(&mut legal);
        legal.truncate(k);
        legal
    }
}
