//! Alt text: a board image in words a screen reader can speak (issue 20).
//! It is built from the same [`Scene`] the image is drawn from, so the
//! words and the pixels cannot disagree: the game and whose move it is
//! (the caption), the last move, the numbered options, and where each
//! piece stands. Adapters attach it to the image (Discord's attachment
//! `description`); this module knows nothing of them.

use super::overlay::Overlay;
use super::scene::{Figure, Scene};
use super::{dejarik, djambi, holochess, space_checkers};
use crate::games::{AnyGame, Game};

/// Discord's limit for an attachment's description, and a length a
/// screen reader still reads in one go.
pub const MAX_ALT_TEXT: usize = 1024;

/// The board of `game` in sentences, at most [`MAX_ALT_TEXT`] characters:
/// "Space Checkers. Move 3, White to move. Last move: A1-B1. Numbered
/// options: 1, A5-B5; 2, A6-B6. White discs on A2, A11 and A12. ...".
/// `last_move` and `options` are notation, as given to the overlay.
///
/// When everything does not fit, whole piece groups are left out (and
/// the text says so) before anything else, because the options are what
/// a member votes on.
pub fn alt_text(game: &AnyGame, last_move: Option<&str>, options: &[String]) -> String {
    let scene = scene_of(game, &Overlay::default());
    let mut head = format!(
        "{}. {}.",
        scene.caption.title,
        scene.caption.status.replace(" · ", ", ")
    );
    if let Some(last) = last_move {
        head.push_str(&format!(" Last move: {last}."));
    }
    if !options.is_empty() {
        let numbered: Vec<String> = options
            .iter()
            .enumerate()
            .map(|(i, mv)| format!("{}, {mv}", i + 1))
            .collect();
        head.push_str(&format!(" Numbered options: {}.", numbered.join("; ")));
    }
    let head = clip(&head, MAX_ALT_TEXT);
    let groups = piece_groups(game, &scene);
    const LEFT_OUT: &str = " Other pieces are not listed.";
    let mut text = head;
    for (index, group) in groups.iter().enumerate() {
        let room = if index + 1 == groups.len() {
            MAX_ALT_TEXT
        } else {
            MAX_ALT_TEXT - LEFT_OUT.len()
        };
        if text.chars().count() + 1 + group.chars().count() > room {
            if text.chars().count() + LEFT_OUT.len() <= MAX_ALT_TEXT {
                text.push_str(LEFT_OUT);
            }
            break;
        }
        text.push(' ');
        text.push_str(group);
    }
    text
}

/// The scene an image of `game` with `overlay` shows.
pub(super) fn scene_of(game: &AnyGame, overlay: &Overlay) -> Scene {
    match game {
        AnyGame::SpaceCheckers(g) => space_checkers::scene(g, overlay),
        AnyGame::Dejarik(g) => dejarik::scene(g, overlay),
        AnyGame::Holochess(g) => holochess::scene(g, overlay),
        AnyGame::Djambi(g) => djambi::scene(&djambi::view(g), overlay),
    }
}

/// One sentence per kind of piece, in the order the board lists them:
/// "White discs on A2, A11 and A12."
fn piece_groups(game: &AnyGame, scene: &Scene) -> Vec<String> {
    let names = cell_names(game);
    let mut groups: Vec<(Figure, Vec<&str>)> = Vec::new();
    for &(cell, figure) in &scene.pieces {
        let square = names.get(usize::from(cell)).map_or("?", String::as_str);
        match groups.iter_mut().find(|(f, _)| *f == figure) {
            Some((_, squares)) => squares.push(square),
            None => groups.push((figure, vec![square])),
        }
    }
    groups
        .into_iter()
        .map(|(figure, squares)| {
            let noun = figure_words(game, figure);
            let noun = if squares.len() == 1 {
                noun
            } else {
                format!("{noun}s")
            };
            format!("{} on {}.", capitalised(&noun), and_list(&squares))
        })
        .collect()
}

fn cell_names(game: &AnyGame) -> Vec<String> {
    match game {
        AnyGame::SpaceCheckers(_) | AnyGame::Dejarik(_) => space_checkers::names(),
        AnyGame::Holochess(_) => holochess::names(),
        AnyGame::Djambi(_) => djambi::RANKS
            .iter()
            .flat_map(|rank| {
                djambi::FILES
                    .iter()
                    .map(move |file| format!("{file}{rank}"))
            })
            .collect(),
    }
}

/// A figure as a player names it: "white disc", "dark Brute", "red
/// Assassin", "black Kintan Strider".
fn figure_words(game: &AnyGame, figure: Figure) -> String {
    let monster = |kind: u8| match game {
        AnyGame::Dejarik(g) => g
            .rules()
            .monsters()
            .get(usize::from(kind))
            .map_or_else(|| "monster".to_string(), |m| m.name.clone()),
        _ => "monster".to_string(),
    };
    match figure {
        Figure::LightDisc => "white disc".to_string(),
        Figure::DarkDisc => "black disc".to_string(),
        Figure::LightBrute => "light Brute".to_string(),
        Figure::LightPredator => "light Predator".to_string(),
        Figure::LightGuardian => "light Guardian".to_string(),
        Figure::LightScout => "light Scout".to_string(),
        Figure::DarkBrute => "dark Brute".to_string(),
        Figure::DarkPredator => "dark Predator".to_string(),
        Figure::DarkGuardian => "dark Guardian".to_string(),
        Figure::DarkScout => "dark Scout".to_string(),
        Figure::LightMonster(kind) => format!("white {}", monster(kind)),
        Figure::DarkMonster(kind) => format!("black {}", monster(kind)),
        Figure::Djambi(army, kind) => format!(
            "{} {}",
            djambi::ARMIES
                .get(usize::from(army))
                .copied()
                .unwrap_or("neutral")
                .to_lowercase(),
            djambi::PIECES
                .get(usize::from(kind))
                .copied()
                .unwrap_or("piece")
        ),
        Figure::Corpse => "corpse".to_string(),
    }
}

/// "A1", "A1 and A2", "A1, A2 and A3".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `text` cut to `max` characters at a word, ending in an ellipsis.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(kept, _)| kept);
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Decider, GameKind};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn game(kind: GameKind, position: &str) -> AnyGame {
        AnyGame::from_position(kind, &Default::default(), position).unwrap()
    }

    #[test]
    fn space_checkers_says_the_turn_the_last_move_the_options_and_every_piece() {
        let start = game(GameKind::SpaceCheckers, "A11,A12,A1,A2/A5,A6,A7,A8 w 0");
        let mut after = start.clone();
        after.play_notation("A1-B1").unwrap();
        let options = ["A5-B5".to_string(), "A6-B6".to_string()];
        let text = alt_text(&after, Some("A1-B1"), &options);
        assert_eq!(
            text,
            "Space Checkers. Move 2, Black to move. Last move: A1-B1. \
             Numbered options: 1, A5-B5; 2, A6-B6. \
             White discs on A2, A11, A12 and B1. Black discs on A5, A6, A7 and A8."
        );
    }

    #[test]
    fn every_game_names_its_pieces_in_words() {
        for kind in GameKind::ALL {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let mut game = AnyGame::new_game(kind, &Default::default(), &mut rng).unwrap();
            // Holochess begins with every piece still to be placed.
            for ply in 0usize.. {
                let decided = matches!(game.to_decide(), Some(Decider::Seat(_)));
                if ply >= 10 && decided {
                    break;
                }
                // Varied moves, so no game walks straight into its end.
                let legal = game.legal_notations();
                let mv = legal[ply * 7 % legal.len()].clone();
                game.play_notation(&mv).unwrap();
            }
            let options: Vec<String> = game.legal_notations().into_iter().take(2).collect();
            let text = alt_text(&game, None, &options);
            assert!(text.starts_with(kind.title()), "{text}");
            assert!(text.contains("Numbered options: 1, "), "{text}");
            assert!(text.contains(" on "), "{kind:?} lists no pieces: {text}");
            assert!(!text.contains('?') && !text.contains("monster"), "{text}");
            assert!(text.chars().count() <= MAX_ALT_TEXT, "{}", text.len());
        }
    }

    #[test]
    fn a_long_description_leaves_out_pieces_before_options() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let djambi = AnyGame::new_game(GameKind::Djambi, &Default::default(), &mut rng).unwrap();
        let many: Vec<String> =
            std::iter::repeat_n("LA1-A2xB3-C4 and more".to_string(), 30).collect();
        let text = alt_text(&djambi, Some("MA3-A4"), &many);
        assert!(
            text.chars().count() <= MAX_ALT_TEXT,
            "{}",
            text.chars().count()
        );
        assert!(text.contains("Numbered options: 1, "));
        let ten = &many[..10];
        let text = alt_text(&djambi, None, ten);
        assert!(text.contains("Militants on"), "{text}");
        assert!(text.chars().count() <= MAX_ALT_TEXT);
    }

    #[test]
    fn clipping_cuts_at_a_word_and_says_so() {
        assert_eq!(clip("one two three", 9), "one two…");
        assert_eq!(clip("short", 9), "short");
    }
}
