//! What a member's votes did in one server's community games, as the
//! store counts it and `/community stats` and `/community voters` show it.

/// A member's figures over some of a server's closed ballots: those that
/// decided one of its sides' moves (a ballot nobody voted on decides
/// nothing and is not counted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VoteFigures {
    /// Ballots the member voted in.
    pub ballots: u32,
    /// Of those, the ones whose winner was the member's vote.
    pub became_move: u32,
    /// Of those, the ones the post-game review judged with a choice to
    /// make: reviewed before this was kept, still being played, or forced
    /// (one legal move), a ballot has no engine figure.
    pub judged: u32,
    /// Of the judged ones, those where the vote was the engine's choice.
    pub matched_engine: u32,
}

/// One member's line in a server's ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoterFigures {
    pub voter: String,
    pub figures: VoteFigures,
}

/// A member's figures in a server, all time, and their current streak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemberVotes {
    pub figures: VoteFigures,
    /// How many of the server's latest closed ballots, counted back from
    /// the last one, the member voted in without missing one.
    pub streak: u32,
    /// Moves the member suggested on the server's closed ballots.
    pub suggested: u32,
    /// Of those, the ones the community played.
    pub adopted: u32,
}
