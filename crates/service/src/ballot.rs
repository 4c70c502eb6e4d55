//! The pure parts of voting: which options to feature, how a vote's text
//! becomes a legal move, and who wins a tally. No storage, no clock.

use holotable_games::{AnyGame, PlayError, natural_cmp, sort_naturally};

/// A native poll or a numbered board shows at most this many options.
pub const MAX_FEATURED: usize = 10;

/// How many of the featured options come from the engine's ranking when
/// there are more legal moves than fit; the rest cover other pieces.
const ENGINE_PICKS: usize = 6;

/// The numbered options of a ballot: every legal move when they fit,
/// otherwise the engine's best plus moves of pieces not yet represented.
/// Sorted naturally, so the numbering is predictable from the position.
pub fn featured(legal: &[String], ranking: &[String]) -> Vec<String> {
    if legal.len() <= MAX_FEATURED {
        let mut all = legal.to_vec();
        sort_naturally(&mut all);
        return all;
    }
    let mut chosen: Vec<String> = ranking.iter().take(ENGINE_PICKS).cloned().collect();
    let ordered = ranking.iter().chain(legal.iter());
    for mv in ordered.clone() {
        if chosen.len() >= MAX_FEATURED {
            break;
        }
        let piece = piece_of(mv);
        if !chosen.iter().any(|c| piece_of(c) == piece) {
            chosen.push(mv.clone());
        }
    }
    for mv in ordered {
        if chosen.len() >= MAX_FEATURED {
            break;
        }
        if !chosen.contains(mv) {
            chosen.push(mv.clone());
        }
    }
    sort_naturally(&mut chosen);
    chosen
}

/// The piece a move belongs to, for grouping: the notation before its
/// first `-` (the origin square in the board games here).
pub fn piece_of(mv: &str) -> &str {
    mv.split('-').next().unwrap_or(mv)
}

/// Where a move goes, the step after its piece when a piece has more moves
/// than menus hold: the piece, the `-` and the square after it (letters
/// then digits), without follow-ups such as a kill's corpse square
/// (`LA9-A5x@B5` goes to `LA9-A5`), so those follow-ups become a third step.
pub fn destination_of(mv: &str) -> &str {
    let Some(dash) = mv.find('-') else {
        return mv;
    };
    let rest = &mv[dash + 1..];
    let letters = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let square = rest[letters..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(rest.len(), |digits| letters + digits);
    &mv[..dash + 1 + square]
}

/// Why a vote's text did not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoteTextError {
    /// Not notation at all. The refusal shows the game's notation, in the
    /// reader's language, rather than the parser's English detail.
    Unreadable,
    /// Notation, but not a legal move here; the closest legal moves follow.
    Illegal { suggestions: Vec<String> },
    /// An option number outside 1..=count.
    NoSuchOption { count: usize },
}

/// Turns a vote's text into a legal move: an option number (`3`, `#3`), or
/// notation in any case, with or without captures.
///
/// # Errors
/// A [`VoteTextError`] saying what was wrong and what would be accepted.
pub fn resolve_vote(
    game: &AnyGame,
    legal: &[String],
    featured: &[String],
    text: &str,
) -> Result<String, VoteTextError> {
    let text = text.trim();
    let number = text.strip_prefix('#').unwrap_or(text);
    if !number.is_empty() && number.len() <= 3 && number.bytes().all(|b| b.is_ascii_digit()) {
        let index: usize = number.parse().unwrap_or(0);
        return match index.checked_sub(1).and_then(|i| featured.get(i)) {
            Some(mv) => Ok(mv.clone()),
            None => Err(VoteTextError::NoSuchOption {
                count: featured.len(),
            }),
        };
    }
    if let Some(exact) = legal.iter().find(|mv| mv.eq_ignore_ascii_case(text)) {
        return Ok(exact.clone());
    }
    match game.clone().play_notation(text) {
        Ok(canonical) if legal.contains(&canonical) => Ok(canonical),
        Ok(_) | Err(PlayError::Illegal(_)) => Err(VoteTextError::Illegal {
            suggestions: nearest(legal, text, 3),
        }),
        Err(PlayError::Parse(_)) => Err(VoteTextError::Unreadable),
        Err(PlayError::GameOver) => Err(VoteTextError::Illegal {
            suggestions: Vec::new(),
        }),
    }
}

/// The `count` legal moves closest to `text` by edit distance (ignoring
/// case); ties in natural order.
pub fn nearest(legal: &[String], text: &str, count: usize) -> Vec<String> {
    let wanted = compared(text);
    let mut scored: Vec<(usize, &String)> = legal
        .iter()
        .map(|mv| (strsim::levenshtein(&compared(mv), &wanted), mv))
        .collect();
    scored.sort_by(|(a, a_move), (b, b_move)| a.cmp(b).then_with(|| natural_cmp(a_move, b_move)));
    scored
        .into_iter()
        .take(count)
        .map(|(_, mv)| mv.clone())
        .collect()
}

/// The part of a text that suggestions compare: upper case, and at most
/// 64 characters, so a pasted essay costs no more than a long move.
fn compared(text: &str) -> String {
    text.chars()
        .take(64)
        .collect::<String>()
        .to_ascii_uppercase()
}

/// The winner of a non-empty tally: the most votes; among equal counts, the
/// move the engine ranked higher; among moves it did not rank, the first in
/// the ballot's list. Returns the winner and whether a tie was broken.
pub fn winner(
    tally: &[(String, u32)],
    ranking: &[String],
    legal: &[String],
) -> Option<(String, u32, bool)> {
    let best = tally.iter().map(|(_, n)| *n).max()?;
    let tied: Vec<&String> = tally
        .iter()
        .filter(|(_, n)| *n == best)
        .map(|(mv, _)| mv)
        .collect();
    let rank = |mv: &String| {
        let engine = ranking.iter().position(|r| r == mv).unwrap_or(usize::MAX);
        let listed = legal.iter().position(|l| l == mv).unwrap_or(usize::MAX);
        (engine, listed)
    };
    let chosen = tied.iter().min_by_key(|mv| rank(mv))?;
    Some(((*chosen).clone(), best, tied.len() > 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn destinations_drop_the_follow_ups() {
        for (mv, destination) in [
            ("LA9-A5x@B5", "LA9-A5"),
            ("RA7-C6xD6", "RA7-C6"),
            ("RA7-C6", "RA7-C6"),
            ("NE8-E5@A5>E8", "NE8-E5"),
            ("A1-B2-C3", "A1-B2"),
            ("pass", "pass"),
            ("A1-", "A1-"),
        ] {
            assert_eq!(destination_of(mv), destination, "{mv}");
        }
    }

    proptest::proptest! {
        #[test]
        fn a_destination_is_a_prefix_of_its_move(mv in ".{0,20}") {
            proptest::prop_assert!(mv.starts_with(destination_of(&mv)));
        }
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn small_ballots_feature_every_move_in_natural_order() {
        let legal = strings(&["A11-C", "A2-B2", "A1-B1"]);
        assert_eq!(
            featured(&legal, &strings(&["A1-B1"])),
            ["A1-B1", "A2-B2", "A11-C"]
        );
    }

    #[test]
    fn large_ballots_mix_engine_picks_and_other_pieces() {
        let legal: Vec<String> = (1..=12)
            .flat_map(|ray| [format!("A{ray}-B{ray}"), format!("A{ray}-C")])
            .collect();
        let ranking = strings(&["A5-C", "A5-B5", "A6-C", "A6-B6", "A7-C", "A7-B7", "A8-C"]);
        let chosen = featured(&legal, &ranking);
        assert_eq!(chosen.len(), MAX_FEATURED);
        for best in &ranking[..ENGINE_PICKS] {
            assert!(chosen.contains(best), "{best} missing from {chosen:?}");
        }
        let pieces: std::collections::HashSet<&str> = chosen.iter().map(|m| piece_of(m)).collect();
        assert!(pieces.len() >= 6, "covers several pieces: {chosen:?}");
    }

    #[test]
    fn ties_go_to_the_engine_ranking_then_the_ballot_order() {
        let tally = vec![
            ("A1-B1".to_string(), 3),
            ("A2-B2".to_string(), 3),
            ("A3-B3".to_string(), 1),
        ];
        let legal = strings(&["A1-B1", "A2-B2", "A3-B3"]);
        assert_eq!(
            winner(&tally, &strings(&["A2-B2"]), &legal),
            Some(("A2-B2".into(), 3, true))
        );
        assert_eq!(winner(&tally, &[], &legal), Some(("A1-B1".into(), 3, true)));
        assert_eq!(
            winner(&tally[2..], &[], &legal),
            Some(("A3-B3".into(), 1, false))
        );
        assert_eq!(winner(&[], &[], &legal), None);
    }

    #[test]
    fn nearest_suggests_close_spellings() {
        let legal = strings(&["A1-B1", "A1-C", "A12-B12", "A2-B2"]);
        assert_eq!(nearest(&legal, "a1-b2", 2), ["A1-B1", "A2-B2"]);
    }
}
