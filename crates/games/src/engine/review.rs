//! Judging a decision after the game: how much of a piece the move played
//! gave away against the engine's choice, searched at one fixed budget so a
//! game reads the same whenever and wherever it is reviewed.

use super::evaluate::{Evaluate, PROVEN};
use super::level::{Budget, Level};
use super::player::{Engine, EngineError, Judged};
use crate::with_game;
use crate::{AnyGame, GameKind};
use serde::{Deserialize, Serialize};

/// What the engine thinks of one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The only legal move: no choice, so neither praise nor blame.
    Forced,
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Verdict {
    pub const ALL: [Verdict; 6] = [
        Verdict::Forced,
        Verdict::Best,
        Verdict::Good,
        Verdict::Inaccuracy,
        Verdict::Mistake,
        Verdict::Blunder,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Forced => "forced",
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// Whether the decision counts towards the community's accuracy: a
    /// forced move is left out, a best or good one counts for it.
    pub fn is_accurate(self) -> Option<bool> {
        match self {
            Verdict::Forced => None,
            Verdict::Best | Verdict::Good => Some(true),
            _ => Some(false),
        }
    }
}

/// The verdict on a decision that lost `loss` hundredths of a piece against
/// the best move, among `legal` moves.
///
/// Within a tenth of a piece is as good as the engine's own choice (its
/// evaluation is not finer than that); a quarter of a piece is still good;
/// half a piece is an inaccuracy; short of a whole piece a mistake; a piece
/// or more, or a proven result thrown away ([`Loss::Decisive`]), a blunder.
pub fn verdict(loss: Loss, legal: usize) -> Verdict {
    if legal <= 1 {
        return Verdict::Forced;
    }
    match loss {
        Loss::Decisive => Verdict::Blunder,
        Loss::Centipieces(0..=10) => Verdict::Best,
        Loss::Centipieces(11..=25) => Verdict::Good,
        Loss::Centipieces(26..=50) => Verdict::Inaccuracy,
        Loss::Centipieces(51..=99) => Verdict::Mistake,
        Loss::Centipieces(_) => Verdict::Blunder,
    }
}

/// What a decision gave away against the best move; any proven result
/// thrown away weighs more than any amount of material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Loss {
    /// In hundredths of a piece of the game's evaluation ([`Evaluate::PIECE`]).
    Centipieces(u32),
    /// A proven win turned into something less, or a position that was not
    /// proven lost turned into a proven loss.
    Decisive,
}

impl Loss {
    /// The loss between two exact values for the side deciding.
    fn between<G: Evaluate>(best: i32, played: i32) -> Loss {
        let proven_win = |v: i32| v >= PROVEN;
        let proven_loss = |v: i32| v <= -PROVEN;
        if (proven_win(best) && !proven_win(played)) || (!proven_loss(best) && proven_loss(played))
        {
            return Loss::Decisive;
        }
        if proven_win(best) || proven_loss(best) {
            // Both win (or both lose): a slower win is still a win, a
            // longer resistance no fault.
            return Loss::Centipieces(u32::from(best != played && proven_win(best)) * 20);
        }
        let lost = i64::from(best) - i64::from(played);
        let centi = (lost.max(0) * 100 / i64::from(G::PIECE)).min(i64::from(u32::MAX));
        Loss::Centipieces(u32::try_from(centi).unwrap_or(u32::MAX))
    }
}

/// One decision judged, in notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    pub verdict: Verdict,
    pub loss: Loss,
    /// The move the engine preferred (the move played when it was as good).
    pub preferred: String,
    /// The search depth both values come from.
    pub depth: u32,
}

/// The budget every review searches with: `normal`'s depth, capped in nodes
/// and not by the clock, so a review is the same on any machine.
pub fn review_budget(kind: GameKind) -> Budget {
    Budget {
        time: None,
        nodes: Some(REVIEW_NODES),
        depth: Level::Normal.budget(kind).depth,
    }
}

/// Nodes per decision: about what `normal` searches in a second here.
const REVIEW_NODES: u64 = 300_000;

/// Judges the move `played` (in notation) in `game`'s position.
///
/// # Errors
/// [`JudgeError::Unreadable`] when `played` is not a move of this game,
/// [`JudgeError::Engine`] when no player decides here or the move is not
/// legal.
pub fn judge(game: &AnyGame, played: &str) -> Result<Judgement, JudgeError> {
    with_game!(game, g => judge_move(g, played))
}

fn judge_move<G: Evaluate>(game: &G, played: &str) -> Result<Judgement, JudgeError> {
    let mv = game
        .parse_move(played)
        .map_err(|e| JudgeError::Unreadable(format!("{played}: {e}")))?;
    let engine = || Engine::new(Level::Normal, 0).with_budget(review_budget(G::KIND));
    let mut judged = engine().reading_tables().judge(game, mv)?;
    // A position a table proves lost is lost only against perfect play; the
    // levels the community meets may still let it go, so there the moves
    // are told apart by the search alone (every lost move would otherwise
    // be "best").
    if judged.best.score <= -PROVEN {
        judged = engine().judge(game, mv)?;
    }
    let Judged {
        best,
        played: value,
        legal,
        depth,
    } = judged;
    let loss = Loss::between::<G>(best.score, value);
    let verdict = verdict(loss, legal);
    let preferred = if verdict <= Verdict::Best {
        mv
    } else {
        best.mv
    };
    Ok(Judgement {
        verdict,
        loss,
        preferred: game.move_notation(preferred),
        depth,
    })
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    #[error("unreadable move {0}")]
    Unreadable(String),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::space_checkers::SpaceCheckers;

    #[test]
    fn verdict_thresholds_are_pinned_in_hundredths_of_a_piece() {
        let at = |centi| verdict(Loss::Centipieces(centi), 5);
        let expected = [
            (0, Verdict::Best),
            (10, Verdict::Best),
            (11, Verdict::Good),
            (25, Verdict::Good),
            (26, Verdict::Inaccuracy),
            (50, Verdict::Inaccuracy),
            (51, Verdict::Mistake),
            (99, Verdict::Mistake),
            (100, Verdict::Blunder),
            (u32::MAX, Verdict::Blunder),
        ];
        for (centi, want) in expected {
            assert_eq!(at(centi), want, "{centi} hundredths of a piece");
        }
        assert_eq!(verdict(Loss::Decisive, 2), Verdict::Blunder);
    }

    /// A Space Checkers position of the default game, typed and as the
    /// review takes it.
    fn space_checkers(position: &str) -> (SpaceCheckers, AnyGame) {
        (
            SpaceCheckers::from_position(&Default::default(), position).unwrap(),
            AnyGame::from_position(GameKind::SpaceCheckers, &Default::default(), position).unwrap(),
        )
    }

    #[test]
    fn the_winning_move_is_best_and_every_other_move_falls_short_of_it() {
        // A4-B4 completes white's row on the inner orbit and wins at once.
        let (sc, game) = space_checkers("A4,B1,B2,B3/A7,A8,A9,A10 w 10");
        let winning = judge(&game, "A4-B4").unwrap();
        assert_eq!(winning.verdict, Verdict::Best);
        assert_eq!(winning.preferred, "A4-B4");
        let mut moves = Vec::new();
        sc.legal_moves(&mut moves);
        assert!(moves.len() > 2, "the position offers a choice");
        for mv in moves {
            let played = sc.move_notation(mv);
            if played == "A4-B4" {
                continue;
            }
            let judged = judge(&game, &played).unwrap();
            // A slower win is good, anything that lets the win go a blunder.
            match judged.loss {
                Loss::Decisive => assert_eq!(judged.verdict, Verdict::Blunder, "{played}"),
                Loss::Centipieces(_) => assert_eq!(judged.verdict, Verdict::Good, "{played}"),
            }
            assert_eq!(judged.preferred, "A4-B4", "{played}");
        }
        assert!(
            judge(&game, "Z9-Z9").is_err(),
            "an unreadable move is refused"
        );
    }

    /// From the start white wins in 7 plies, past the review's depth; the
    /// solved table still tells a first move that keeps the win from one
    /// that gives black a win.
    #[test]
    fn a_first_move_that_throws_away_the_win_is_a_blunder() {
        use crate::engine::{Engine, WIN};
        let (after, _) = space_checkers("A11,A12,C,A2/A5,A6,A7,A8 b 1");
        let reply = Engine::new(Level::Max, 0).choose(&after).unwrap();
        assert_eq!(reply.score, WIN - 7, "after A1-C black wins in 7 plies");
        let (_, game) = space_checkers("A11,A12,A1,A2/A5,A6,A7,A8 w 0");
        let thrown = judge(&game, "A1-C").unwrap();
        assert_eq!(thrown.loss, Loss::Decisive);
        assert_eq!(thrown.verdict, Verdict::Blunder);
        let kept = judge(&game, &thrown.preferred).unwrap();
        assert_eq!(kept.verdict, Verdict::Best);
        assert_eq!(judge(&game, "A1-B1").unwrap().verdict, Verdict::Best);
    }

    /// After A1-B1 black is lost in 6 plies by the table, yet its moves are
    /// told apart as the search alone tells them, not all called best.
    #[test]
    fn moves_in_a_position_the_table_proves_lost_are_judged_by_the_search() {
        use crate::engine::Engine;
        let (sc, game) = space_checkers("A11,A12,B1,A2/A5,A6,A7,A8 b 1");
        let lost = Engine::new(Level::Max, 0).choose(&sc).unwrap();
        assert!(lost.score <= -PROVEN, "the table proves black lost");
        let mut moves = Vec::new();
        sc.legal_moves(&mut moves);
        let mut verdicts = Vec::new();
        for mv in moves {
            let played = sc.move_notation(mv);
            let searched = Engine::new(Level::Normal, 0)
                .with_budget(review_budget(GameKind::SpaceCheckers))
                .judge(&sc, mv)
                .unwrap();
            let judged = judge(&game, &played).unwrap();
            assert_eq!(
                judged.loss,
                Loss::between::<SpaceCheckers>(searched.best.score, searched.played),
                "{played}"
            );
            verdicts.push(judged.verdict);
        }
        assert!(verdicts.iter().any(|&v| v > Verdict::Best), "{verdicts:?}");
    }

    #[test]
    fn an_only_move_is_neither_praised_nor_blamed() {
        assert_eq!(verdict(Loss::Centipieces(0), 1), Verdict::Forced);
        assert_eq!(verdict(Loss::Decisive, 1), Verdict::Forced);
        assert_eq!(Verdict::Forced.is_accurate(), None);
    }

    #[test]
    fn proven_results_thrown_away_are_decisive_and_slower_wins_are_not() {
        use crate::space_checkers::SpaceCheckers;
        let win = |plies| PROVEN + 100 - plies;
        assert_eq!(Loss::between::<SpaceCheckers>(win(3), 150), Loss::Decisive);
        assert_eq!(Loss::between::<SpaceCheckers>(0, -win(4)), Loss::Decisive);
        assert_eq!(
            verdict(Loss::between::<SpaceCheckers>(win(3), win(5)), 4),
            Verdict::Good
        );
        assert_eq!(
            verdict(Loss::between::<SpaceCheckers>(-win(9), -win(3)), 4),
            Verdict::Best
        );
        // One Space Checkers piece (200) lost is a blunder, half of one an
        // inaccuracy.
        assert_eq!(
            Loss::between::<SpaceCheckers>(150, -50),
            Loss::Centipieces(100)
        );
        assert_eq!(
            verdict(Loss::between::<SpaceCheckers>(100, 0), 4),
            Verdict::Inaccuracy
        );
    }
}
