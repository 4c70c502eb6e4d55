//! Each game's levels on one Elo scale, measured with `holotable arena`:
//! what the adaptive level reads to give a community an engine of about
//! its own strength.
//!
//! A ladder is measured, not derived: adjacent levels played each other in
//! the arena and the differences were chained upwards from `random`, which
//! is 0 by definition. The runs, their game counts and intervals are in
//! `docs/engine.md` (section "Levels in Elo"); a change to a level's search,
//! budget or evaluation should be followed by a new run and a new table.

use super::Level;
use crate::GameKind;

/// A level's measured strength in one game: Elo above `random`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rung {
    pub level: Level,
    pub elo: f64,
}

const fn rung(level: Level, elo: f64) -> Rung {
    Rung { level, elo }
}

// Each table chains `holotable arena <game> --a <upper> --b <lower>` runs
// of adjacent levels (release build), listed with their game counts and
// intervals in docs/engine.md. Where the upper level won every game, the
// step is the Wilson interval's lower bound (an open interval has no
// centre): the rung is at least that far up.

/// `arena space-checkers … --games 200 --seed 1 --opening-plies 2`;
/// `max` at 200 ms a move. `max` and `hard` both win every game as white
/// (the game is a first-player win in 7 plies), so they measure the same.
const SPACE_CHECKERS: [Rung; 6] = [
    rung(Level::Random, 0.0),
    rung(Level::Greedy, 305.0),
    rung(Level::Easy, 440.0),
    rung(Level::Normal, 561.0),
    rung(Level::Hard, 786.0),
    rung(Level::Max, 786.0),
];

/// `arena holochess … --games 100 --seed 1`; `max` at 300 ms a move (47
/// games). Greedy won all 100 games against random: at least +566.
const HOLOCHESS: [Rung; 6] = [
    rung(Level::Random, 0.0),
    rung(Level::Greedy, 566.0),
    rung(Level::Easy, 896.0),
    rung(Level::Normal, 996.0),
    rung(Level::Hard, 1111.0),
    rung(Level::Max, 1338.0),
];

/// `arena dejarik … --seed 11`: the two lower steps 100 games each (easy vs
/// greedy at 25 ms a move), with `greedy` drawing its move from a softmax
/// (temperature 400; played best, one ply already weighs the exact kill
/// odds and it measured above `easy` and `normal`); the three upper steps
/// from runs at 25 ms a move (20 to 24 games), which still hold because
/// `greedy`'s softmax changed none of those levels. See docs/engine.md.
const DEJARIK: [Rung; 6] = [
    rung(Level::Random, 0.0),
    rung(Level::Greedy, 160.0),
    rung(Level::Easy, 291.0),
    rung(Level::Normal, 395.0),
    rung(Level::Hard, 606.0),
    rung(Level::Max, 695.0),
];

/// `arena djambi --rule players=2 … --seed 1` for the two lower steps; the
/// three upper steps are the longer runs already in docs/engine.md (100,
/// 60 and 88 games), which this machine could not repeat in its budget.
/// The four-player game is not measured and uses this table too.
const DJAMBI: [Rung; 6] = [
    rung(Level::Random, 0.0),
    rung(Level::Greedy, 708.0),
    rung(Level::Easy, 868.0),
    rung(Level::Normal, 1250.0),
    rung(Level::Hard, 1384.0),
    rung(Level::Max, 1549.0),
];

/// The levels of `game`, weakest first, with their Elo above `random`.
pub fn ladder(game: GameKind) -> &'static [Rung; 6] {
    match game {
        GameKind::SpaceCheckers => &SPACE_CHECKERS,
        GameKind::Holochess => &HOLOCHESS,
        GameKind::Dejarik => &DEJARIK,
        GameKind::Djambi => &DJAMBI,
    }
}

/// `level`'s Elo above `random` in `game`.
pub fn elo(game: GameKind, level: Level) -> f64 {
    ladder(game)
        .iter()
        .find(|rung| rung.level == level)
        .expect("every ladder has every level")
        .elo
}

/// The level whose Elo is nearest `rating`: the one a player of that
/// rating has about even chances against. A rating exactly between two
/// levels gets the weaker one (a community that loses less is a community
/// that keeps playing).
///
/// # Examples
/// ```
/// use holotable_games::engine::{Level, ladder};
/// use holotable_games::GameKind;
/// assert_eq!(ladder::nearest(GameKind::SpaceCheckers, -50.0), Level::Random);
/// assert_eq!(ladder::nearest(GameKind::Holochess, 10_000.0), Level::Max);
/// // Space Checkers' `hard` and `max` measure the same: the cheaper plays.
/// assert_eq!(ladder::nearest(GameKind::SpaceCheckers, 10_000.0), Level::Hard);
/// ```
pub fn nearest(game: GameKind, rating: f64) -> Level {
    ladder(game)
        .iter()
        .min_by(|a, b| {
            (a.elo - rating)
                .abs()
                .total_cmp(&(b.elo - rating).abs())
                .then(a.elo.total_cmp(&b.elo))
        })
        .expect("a ladder is never empty")
        .level
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ladder_has_every_level_once_weakest_first() {
        for game in GameKind::ALL {
            let levels: Vec<Level> = ladder(game).iter().map(|r| r.level).collect();
            assert_eq!(levels, Level::ALL, "{game}");
            assert_eq!(elo(game, Level::Random), 0.0, "{game}");
        }
    }

    /// A stronger level never measures weaker, so a community that wins
    /// meets levels of stronger names. The adaptive level itself picks by
    /// Elo and needs no order.
    #[test]
    fn every_ladder_is_ordered() {
        for game in GameKind::ALL {
            for pair in ladder(game).windows(2) {
                assert!(pair[0].elo <= pair[1].elo, "{game}: {pair:?}");
            }
        }
    }

    #[test]
    fn the_nearest_level_is_the_one_of_about_even_chances() {
        let game = GameKind::Holochess;
        let normal = elo(game, Level::Normal);
        let hard = elo(game, Level::Hard);
        assert_eq!(nearest(game, normal), Level::Normal);
        assert_eq!(nearest(game, normal + 0.4 * (hard - normal)), Level::Normal);
        assert_eq!(nearest(game, normal + 0.6 * (hard - normal)), Level::Hard);
        // Exactly between: the weaker.
        assert_eq!(nearest(game, (normal + hard) / 2.0), Level::Normal);
        assert_eq!(nearest(game, f64::NEG_INFINITY), Level::Random);
    }
}
