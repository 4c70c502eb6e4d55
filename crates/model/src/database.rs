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
    /// A game played at a terminal (`play`, `match`), for as long as the
    /// command runs (key: game): a second command resuming it is told so.
    Terminal,
}

impl ClaimKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Close => "close",
            ClaimKind::Timer => "timer",
            ClaimKind::Daily => "daily",
            ClaimKind::Delivery => "delivery",
            ClaimKind::Terminal => "terminal",
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

/// Why a database cannot be written to until a person acts: waiting does
/// not help, so nothing retries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permanent {
    /// The file is not a database, or its pages do not hold together.
    Damaged,
    /// The disk, or a size limit of the database, is reached.
    Full,
    /// The file or the disk allows reading alone.
    ReadOnly,
    /// The role lacks a right it needs on the database; its owner can
    /// grant it.
    Denied,
}
