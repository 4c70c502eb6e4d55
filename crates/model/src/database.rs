//! How a process uses the shared database: what a command needs of the
//! database it opens, and the kinds of work processes take leases on.

/// What a lease is on; each kind has its own keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// A community game's ballot close and the engine's reply (key: game).
    Close,
    /// A match's reminder or forfeit timer (key: game).
    Timer,
    /// A server's Gamer of the Day post (key: server).
    Daily,
    /// A channel's outbox, delivered in order (key: channel).
    Delivery,
}

impl ClaimKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Close => "close",
            ClaimKind::Timer => "timer",
            ClaimKind::Daily => "daily",
            ClaimKind::Delivery => "delivery",
        }
    }
}

/// What a command needs of the database it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The bot, a new `play` or `match`: a SQLite file is created if
    /// missing.
    Create,
    /// A command that reads what is there: the database must exist.
    Existing,
    /// `bench`: created if missing, and refused unless it holds no data,
    /// which is checked before anything is written to it.
    Empty,
}
