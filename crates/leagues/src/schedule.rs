//! When the next round starts. It depends on how the format's rounds end
//! ([`RoundEnds`]):
//! - **Round robins and four-army tables** draw every round at the start,
//!   so the next round starts when the last game of this one ends, or at
//!   the round's deadline, whichever comes first. A game still playing at
//!   the deadline plays on (its community has a thread per game, so it can
//!   play it beside the next round's); its result counts in the table when
//!   it comes.
//! - **Knockouts** draw each round from the last one's winners, so the next
//!   round starts only when every tie has a winner: when the last game of
//!   the round, deciding games included, has ended. The deadline only
//!   reminds. The round always ends, because a game always does: a side
//!   that has not moved by its move's deadline loses on time.
//!
//! The scheduler asks again whenever a game of the round ends, since that
//! can only bring the start forward (or, for a knockout, settle it).

use crate::Millis;
use serde::{Deserialize, Serialize};

/// A round's timing: when it started, the league's time per move, and how
/// many moves it waits for at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundClock {
    pub start: Millis,
    /// The league's time per move: every ballot of its games lasts this.
    /// Unsigned, so the deadline is never before the start.
    pub move_ms: u64,
    /// Moves (one side's decision each, as ballots count them) a game
    /// gets before the round's deadline. The deadline is counted in moves
    /// so a league of hour-long moves and one of three-day moves both give
    /// a game the same room to finish.
    pub moves: u32,
}

impl RoundClock {
    /// `start + move_ms × moves`, held at `Millis::MAX` rather than
    /// wrapping past it; never before `start`.
    pub fn deadline(&self) -> Millis {
        let span = self.move_ms.saturating_mul(u64::from(self.moves));
        self.start
            .saturating_add(Millis::try_from(span).unwrap_or(Millis::MAX))
    }
}

/// Where one game of the round is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameProgress {
    Playing,
    Ended { at: Millis },
}

/// Why the next round starts when it does, for the announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StartCause {
    /// Every game of the round has ended (or it had none to play: a round
    /// of walkovers).
    AllEnded,
    /// The deadline came first; games still playing play on. Never for a
    /// knockout ([`RoundEnds::LastGame`]).
    Deadline,
}

/// How a format's rounds end, which decides when the next one may start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundEnds {
    /// Round robins and four-army tables: the next round is already drawn,
    /// so it starts at the last game's end or the deadline, whichever is
    /// first, and games still playing play on.
    LastGameOrDeadline,
    /// Knockouts: the next round is drawn from every tie's winner
    /// ([`crate::pairing::KnockoutRound::next`] takes one per tie), so it
    /// waits for the last game of the round, a level tie's deciding game
    /// included. The scheduler creates a deciding game in the step that
    /// ends its tie's last game, so "every game ended" is "every tie
    /// decided". A game at its move's deadline is lost on time by the side
    /// to move, so the wait always ends.
    LastGame,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NextRound {
    pub at: Millis,
    pub cause: StartCause,
}

/// When the round after `clock`'s starts, given its games as known now and
/// how the format's rounds end; `None` while a knockout's game is still
/// playing (ask again when one ends).
///
/// With [`RoundEnds::LastGameOrDeadline`], the deadline while a game
/// plays; once all have ended, the last end, or the deadline if that came
/// first (a process that was down past the deadline starts the round at
/// once, dated as it should have been). With [`RoundEnds::LastGame`], the
/// last end once every game has ended, whenever that is. Never before the
/// round's own start, so a game recorded as ending early by a clock that
/// disagrees cannot start the next round before this one.
///
/// # Examples
/// ```
/// use holotable_leagues::schedule::{next_round, GameProgress, RoundClock, RoundEnds, StartCause};
///
/// let hour = 3_600_000;
/// let clock = RoundClock { start: 0, move_ms: 3_600_000, moves: 40 };
/// let games = [GameProgress::Ended { at: 30 * hour }, GameProgress::Playing];
/// let round_robin = next_round(clock, &games, RoundEnds::LastGameOrDeadline).unwrap();
/// assert_eq!(round_robin.at, 40 * hour);
/// assert_eq!(next_round(clock, &games, RoundEnds::LastGame), None, "a knockout waits");
/// let games = [GameProgress::Ended { at: 30 * hour }, GameProgress::Ended { at: 52 * hour }];
/// let knockout = next_round(clock, &games, RoundEnds::LastGame).unwrap();
/// assert_eq!((knockout.at, knockout.cause), (52 * hour, StartCause::AllEnded));
/// ```
pub fn next_round(clock: RoundClock, games: &[GameProgress], ends: RoundEnds) -> Option<NextRound> {
    let deadline = clock.deadline();
    let mut last = clock.start;
    for game in games {
        match *game {
            GameProgress::Playing => {
                return match ends {
                    RoundEnds::LastGameOrDeadline => Some(NextRound {
                        at: deadline,
                        cause: StartCause::Deadline,
                    }),
                    RoundEnds::LastGame => None,
                };
            }
            GameProgress::Ended { at } => last = last.max(at),
        }
    }
    Some(if last < deadline || ends == RoundEnds::LastGame {
        NextRound {
            at: last,
            cause: StartCause::AllEnded,
        }
    } else {
        NextRound {
            at: deadline,
            cause: StartCause::Deadline,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const HOUR: Millis = 3_600_000;
    const HOUR_MS: u64 = 3_600_000;

    /// A round robin's (or four-army tables') next round, always known.
    fn rr(clock: RoundClock, games: &[GameProgress]) -> NextRound {
        next_round(clock, games, RoundEnds::LastGameOrDeadline).expect("known for a round robin")
    }

    fn knockout(games: &[GameProgress]) -> Option<NextRound> {
        next_round(clock(), games, RoundEnds::LastGame)
    }

    /// A knockout's round waits past its deadline for the tie still
    /// playing, and starts when that game ends, however late.
    #[test]
    fn a_knockout_round_waits_for_its_last_game_past_the_deadline() {
        let playing = [
            GameProgress::Ended { at: 1_001 * HOUR },
            GameProgress::Playing,
        ];
        assert_eq!(knockout(&playing), None);
        let late = [
            GameProgress::Ended { at: 1_001 * HOUR },
            GameProgress::Ended { at: 1_077 * HOUR },
        ];
        assert_eq!(
            knockout(&late),
            Some(NextRound {
                at: 1_077 * HOUR,
                cause: StartCause::AllEnded
            })
        );
        let early = [GameProgress::Ended { at: 1_012 * HOUR }];
        assert_eq!(knockout(&early).map(|n| n.at), Some(1_012 * HOUR));
        assert_eq!(knockout(&[]).map(|n| n.at), Some(1_000 * HOUR), "walkovers");
    }

    fn clock() -> RoundClock {
        RoundClock {
            start: 1_000 * HOUR,
            move_ms: HOUR_MS,
            moves: 40,
        }
    }

    #[test]
    fn the_last_game_s_end_starts_the_next_round_before_the_deadline() {
        let games = [
            GameProgress::Ended { at: 1_020 * HOUR },
            GameProgress::Ended { at: 1_031 * HOUR },
            GameProgress::Ended { at: 1_005 * HOUR },
        ];
        assert_eq!(
            rr(clock(), &games),
            NextRound {
                at: 1_031 * HOUR,
                cause: StartCause::AllEnded
            }
        );
    }

    #[test]
    fn a_game_still_playing_waits_for_the_deadline() {
        let games = [
            GameProgress::Ended { at: 1_001 * HOUR },
            GameProgress::Playing,
        ];
        assert_eq!(
            rr(clock(), &games),
            NextRound {
                at: 1_040 * HOUR,
                cause: StartCause::Deadline
            }
        );
    }

    /// The last game ended after the deadline because nothing started the
    /// round at the deadline (the processes were down): the round is due
    /// from the deadline, not from that end.
    #[test]
    fn an_end_after_the_deadline_leaves_the_round_due_at_the_deadline() {
        let games = [GameProgress::Ended { at: 1_050 * HOUR }];
        assert_eq!(rr(clock(), &games).at, 1_040 * HOUR);
        assert_eq!(rr(clock(), &games).cause, StartCause::Deadline);
    }

    #[test]
    fn a_round_without_games_is_over_at_its_start() {
        assert_eq!(
            rr(clock(), &[]),
            NextRound {
                at: 1_000 * HOUR,
                cause: StartCause::AllEnded
            }
        );
        let early = [GameProgress::Ended { at: 0 }];
        assert_eq!(rr(clock(), &early).at, 1_000 * HOUR);
    }

    #[test]
    fn a_huge_deadline_saturates_instead_of_wrapping() {
        let clock = RoundClock {
            start: Millis::MAX - 5,
            move_ms: u64::MAX,
            moves: u32::MAX,
        };
        assert_eq!(clock.deadline(), Millis::MAX);
        let clock = RoundClock {
            start: 0,
            move_ms: u64::MAX / 2,
            moves: 2,
        };
        assert_eq!(clock.deadline(), Millis::MAX, "a span past Millis::MAX");
    }

    fn progress() -> impl Strategy<Value = GameProgress> {
        prop_oneof![
            Just(GameProgress::Playing),
            (900 * HOUR..1_100 * HOUR).prop_map(|at| GameProgress::Ended { at }),
        ]
    }

    proptest! {
        /// Between the round's start and its deadline; the deadline while
        /// a game plays; and ending a game never delays the next round.
        #[test]
        fn the_start_is_bounded_and_only_moves_forward(
            games in prop::collection::vec(progress(), 0..12),
            end in 900 * HOUR..1_100 * HOUR,
        ) {
            let c = clock();
            let next = rr(c, &games);
            prop_assert!(c.start <= next.at && next.at <= c.deadline());
            if games.contains(&GameProgress::Playing) {
                prop_assert_eq!(next.at, c.deadline());
            }
            if let Some(i) = games.iter().position(|g| *g == GameProgress::Playing) {
                let mut ended = games.clone();
                ended[i] = GameProgress::Ended { at: end };
                prop_assert!(rr(c, &ended).at <= next.at);
            }
        }

        /// Whatever the clock (a move time of zero, or one so long the
        /// deadline saturates), the next round is never before this one's
        /// start: move_ms was signed, and -1 put it 10 ms early.
        #[test]
        fn the_next_round_is_never_before_this_one_s_start(
            start in any::<Millis>(),
            move_ms in any::<u64>(),
            moves in any::<u32>(),
            games in prop::collection::vec(
                prop_oneof![
                    Just(GameProgress::Playing),
                    any::<Millis>().prop_map(|at| GameProgress::Ended { at }),
                ],
                0..6,
            ),
        ) {
            let clock = RoundClock { start, move_ms, moves };
            prop_assert!(clock.deadline() >= start);
            let next = rr(clock, &games);
            prop_assert!(start <= next.at && next.at <= clock.deadline());
            if let Some(next) = next_round(clock, &games, RoundEnds::LastGame) {
                prop_assert!(start <= next.at);
            }
        }

        /// A knockout's next round is known exactly when no game plays,
        /// is never dated by the deadline, and is the round robin's answer
        /// whenever the last game ended before the deadline.
        #[test]
        fn a_knockout_waits_for_every_game_and_only_for_them(
            games in prop::collection::vec(progress(), 0..12),
        ) {
            let c = clock();
            let next = next_round(c, &games, RoundEnds::LastGame);
            prop_assert_eq!(next.is_none(), games.contains(&GameProgress::Playing));
            if let Some(next) = next {
                prop_assert_eq!(next.cause, StartCause::AllEnded);
                let robin = rr(c, &games);
                if robin.cause == StartCause::AllEnded {
                    prop_assert_eq!(next, robin);
                } else {
                    prop_assert!(next.at >= c.deadline());
                }
            }
        }
    }
}
