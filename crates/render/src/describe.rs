//! Alt text: a board image in words a screen reader can speak.
//! It is built from the same [`Scene`] the image is drawn from, so the
//! words and the pixels cannot disagree: the game and whose move it is
//! (the caption), the last move, the numbered options, and where each
//! piece stands. Adapters attach it to the image (Discord's attachment
//! `description`); this module knows nothing of them.

use super::drawing::{board_art, drawing};
use super::overlay::Overlay;
use super::scene::{Figure, Scene};
use holotable_games::AnyGame;
use holotable_i18n::Lang;
use holotable_i18n::t;

/// Discord's limit for an attachment's description, and a length a
/// screen reader still reads in one go.
pub const MAX_ALT_TEXT: usize = 1024;

/// The board of `game` in sentences in `lang`, at most [`MAX_ALT_TEXT`]
/// characters: "Space Checkers. Move 3, White to move. Last move: A1-B1.
/// Numbered options: 1, A5-B5; 2, A6-B6. White discs on A2, A11 and A12.
/// ...". `last_move` and `options` are notation, as given to the overlay.
///
/// When everything does not fit, whole piece groups are left out (and
/// the text says so) before anything else, because the options are what
/// a member votes on.
pub fn alt_text(game: &AnyGame, last_move: Option<&str>, options: &[String], lang: Lang) -> String {
    let scene = scene_of(game, &Overlay::default().with_lang(lang));
    let caption = &scene.caption;
    let status = caption.status.join(&t!(lang, "alt-status-separator"));
    let mut head = vec![t!(
        lang,
        "alt-status",
        title = caption.title.as_str(),
        status = status
    )];
    if let Some(last) = last_move {
        head.push(t!(lang, "alt-last-move", move = last));
    }
    if !options.is_empty() {
        let numbered: Vec<String> = options
            .iter()
            .zip(1..)
            .map(|(mv, number)| t!(lang, "alt-option", number = number, move = mv.as_str()))
            .collect();
        let separator = t!(lang, "alt-option-separator");
        let options = numbered.join(&separator);
        head.push(t!(lang, "alt-options", options = options));
    }
    let gap = sentence_gap(lang);
    let mut text = clip(&head.join(gap), MAX_ALT_TEXT);
    let groups = piece_groups(game, &scene, lang);
    let left_out = format!("{gap}{}", t!(lang, "alt-left-out"));
    let length = |text: &str| text.chars().count();
    for (index, group) in groups.iter().enumerate() {
        let room = if index + 1 == groups.len() {
            MAX_ALT_TEXT
        } else {
            MAX_ALT_TEXT - length(&left_out)
        };
        if length(&text) + length(gap) + length(group) > room {
            if length(&text) + length(&left_out) <= MAX_ALT_TEXT {
                text.push_str(&left_out);
            }
            break;
        }
        text.push_str(gap);
        text.push_str(group);
    }
    text
}

/// What goes between two sentences: Japanese sets them without a space.
fn sentence_gap(lang: Lang) -> &'static str {
    match lang {
        Lang::Ja => "",
        Lang::En | Lang::Es => " ",
    }
}

/// The scene an image of `game` with `overlay` shows.
pub(super) fn scene_of(game: &AnyGame, overlay: &Overlay) -> Scene {
    drawing(game).scene(&overlay.marks, overlay.lang)
}

/// One sentence per kind of piece, in the order the board lists them:
/// "White discs on A2, A11 and A12."
fn piece_groups(game: &AnyGame, scene: &Scene, lang: Lang) -> Vec<String> {
    let names = board_art(game.kind()).board.cell_names();
    let mut groups: Vec<(Figure, Vec<String>)> = Vec::new();
    for &(cell, figure) in &scene.pieces {
        let square = names.get(usize::from(cell)).cloned().unwrap_or_default();
        match groups.iter_mut().find(|(f, _)| *f == figure) {
            Some((_, squares)) => squares.push(square),
            None => groups.push((figure, vec![square])),
        }
    }
    let drawing = drawing(game);
    groups
        .into_iter()
        .map(|(figure, squares)| {
            let count = squares.len();
            let squares = and_list(lang, &squares);
            drawing.pieces_sentence(figure, count, &squares, lang)
        })
        .collect()
}

/// "A1", "A1 and A2", "A1, A2 and A3", in the catalogue's words. (The
/// service's list helpers sit above this layer.)
fn and_list(lang: Lang, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [first, second] => t!(
            lang,
            "list-and-pair",
            first = first.as_str(),
            second = second.as_str()
        ),
        [first, rest @ ..] => {
            let rest = and_list(lang, rest);
            t!(lang, "list-more", first = first.as_str(), rest = rest)
        }
    }
}

/// `text` cut to `max` characters at a word (anywhere in Japanese, which
/// has no spaces), ending in an ellipsis.
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
    use holotable_games::{Decider, GameKind};
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
        let text = alt_text(&after, Some("A1-B1"), &options, Lang::En);
        assert_eq!(
            text,
            "Space Checkers. Move 2, Black to move. Last move: A1-B1. \
             Numbered options: 1, A5-B5; 2, A6-B6. \
             White discs on A2, A11, A12 and B1. Black discs on A5, A6, A7 and A8."
        );
    }

    #[test]
    fn the_same_board_reads_in_spanish_and_japanese() {
        let start = game(GameKind::SpaceCheckers, "A11,A12,A1,A2/A5,A6,A7,A8 w 0");
        let mut after = start.clone();
        after.play_notation("A1-B1").unwrap();
        let options = ["A5-B5".to_string(), "A6-B6".to_string()];
        assert_eq!(
            alt_text(&after, Some("A1-B1"), &options, Lang::Es),
            "Damas espaciales. Movimiento 2. Juegan las negras. Último movimiento: A1-B1. \
             Opciones numeradas: 1, A5-B5; 2, A6-B6. \
             Fichas blancas en A2, A11, A12 y B1. Fichas negras en A5, A6, A7 y A8."
        );
        assert_eq!(
            alt_text(&after, Some("A1-B1"), &options, Lang::Ja),
            "スペースチェッカー。2手目、黒の手番。直前の手：A1-B1。\
             番号付きの候補：1番（A5-B5）、2番（A6-B6）。\
             白の駒4個：A2、A11、A12とB1。黒の駒4個：A5、A6、A7とA8。"
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
            for lang in [Lang::Es, Lang::Ja] {
                let text = alt_text(&game, None, &options, lang);
                let title = t!(lang, "game-title", game = kind.as_str());
                assert!(text.starts_with(&title), "{text}");
                if lang == Lang::Ja {
                    assert_ne!(title, kind.title(), "the name is translated");
                }
                assert!(
                    !text.contains(" on ") && !text.contains("Numbered"),
                    "{text}"
                );
                assert!(text.chars().count() <= MAX_ALT_TEXT, "{text}");
            }
            let text = alt_text(&game, None, &options, Lang::En);
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
        let text = alt_text(&djambi, Some("MA3-A4"), &many, Lang::En);
        assert!(
            text.chars().count() <= MAX_ALT_TEXT,
            "{}",
            text.chars().count()
        );
        assert!(text.contains("Numbered options: 1, "));
        for lang in [Lang::Es, Lang::Ja] {
            let text = alt_text(&djambi, Some("MA3-A4"), &many, lang);
            assert!(text.chars().count() <= MAX_ALT_TEXT, "{lang}: {text}");
        }
        let ten = &many[..10];
        let text = alt_text(&djambi, None, ten, Lang::En);
        assert!(text.contains("Militants on"), "{text}");
        assert!(text.chars().count() <= MAX_ALT_TEXT);
    }

    #[test]
    fn clipping_cuts_at_a_word_and_says_so() {
        assert_eq!(clip("one two three", 9), "one two…");
        assert_eq!(clip("short", 9), "short");
    }
}
