//! What a native reader checks in every catalogue: each thing goes by the
//! one word `docs/glossary.md` gives it, a command is named by the name
//! the reader's Discord client shows, which only the catalogue's own
//! `cmd-…-name` message knows, and Japanese sets no space between its
//! words and a number, a name or a move.

use super::Lang;
use super::tests::{Entry, entries};
use fluent_syntax::ast;

const GLOSSARY: &str = include_str!("../../../docs/glossary.md");

/// Stands for a placeable (a variable or another message) in the
/// sentences below; the glossary writes it `{}`.
pub(super) const PLACEABLE: char = '\u{FFFC}';

/// Every stretch of literal text of every message, with where it is: the
/// words a person reads, without ids, variables or references.
fn texts(lang: Lang) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for Entry { area, id, patterns } in entries(lang) {
        let place = format!("{lang}/{area}.ftl: {id}");
        for p in &patterns {
            literal_text(p, &place, &mut found);
        }
    }
    found
}

fn literal_text(pattern: &ast::Pattern<&str>, place: &str, into: &mut Vec<(String, String)>) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => {
                into.push((place.to_string(), (*value).to_string()));
            }
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => {
                for variant in variants {
                    literal_text(&variant.value, place, into);
                }
            }
            ast::PatternElement::Placeable { .. } => {}
        }
    }
}

/// Every sentence each message can make, one per choice of its selectors'
/// variants, with [`PLACEABLE`] where a variable or a reference goes: what
/// a rule about the words around a name or a number reads.
fn sentences(lang: Lang) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for Entry { area, id, patterns } in entries(lang) {
        let place = format!("{lang}/{area}.ftl: {id}");
        for p in &patterns {
            for sentence in spelled_out(p) {
                found.push((place.clone(), id.clone(), sentence));
            }
        }
    }
    found
}

fn spelled_out(pattern: &ast::Pattern<&str>) -> Vec<String> {
    let mut sentences = vec![String::new()];
    for element in &pattern.elements {
        let tails = match element {
            ast::PatternElement::TextElement { value } => vec![(*value).to_string()],
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => variants
                .iter()
                .flat_map(|v| spelled_out(&v.value))
                .collect(),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }),
            } => vec![(*value).to_string()],
            ast::PatternElement::Placeable { .. } => vec![PLACEABLE.to_string()],
        };
        sentences = sentences
            .iter()
            .flat_map(|head| tails.iter().map(move |tail| format!("{head}{tail}")))
            .collect();
        assert!(
            sentences.len() <= 10_000,
            "a message with more than 10,000 sentences"
        );
    }
    sentences
}

/// The glossary's ruled-out words for `lang`: (word, the term to use),
/// with [`PLACEABLE`] where the glossary writes `{}`.
pub(super) fn ruled_out(lang: Lang) -> Vec<(String, String)> {
    let heading = format!("## {}", lang.code());
    let mut rows = Vec::new();
    let mut inside = false;
    for line in GLOSSARY.lines() {
        if line.starts_with("## ") {
            inside = line.trim() == heading;
            continue;
        }
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if !inside || cells.len() != 3 || cells[0] == "concept" || cells[0].starts_with("---") {
            continue;
        }
        for word in cells[2].split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let word = word.replace("{}", &PLACEABLE.to_string());
            rows.push((word, cells[1].to_string()));
        }
    }
    rows
}

/// Whether `word` occurs in `text`: as a whole word (or words, in order)
/// where words are spaced; in Japanese, which does not space its words,
/// anywhere but inside a longer katakana word (ターン is not in ボ＝カターン).
/// A [`PLACEABLE`] is a word of its own.
pub(super) fn uses(lang: Lang, text: &str, word: &str) -> bool {
    if lang == Lang::Ja {
        let katakana = |c: Option<char>| c.is_some_and(|c| ('\u{30A1}'..='\u{30FA}').contains(&c));
        return text.match_indices(word).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + word.len()..].chars().next();
            !(katakana(before) || katakana(after))
        });
    }
    let wanted = words(word);
    words(text).windows(wanted.len()).any(|run| run == wanted)
}

fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
            continue;
        }
        if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if c == PLACEABLE {
            words.push(c.to_string());
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Whether `c` is written in Japanese: kana, kanji, or the full-width
/// punctuation that goes with them (、。「」（）：).
fn japanese(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}'
        | '\u{FF00}'..='\u{FFEF}')
}

/// The spaces of a Japanese sentence that stand between a Japanese word
/// and something set close to it: a number, a name, a move, a command
/// ("対局 5 は" has two, "対局5は" none). A space between two things in
/// Latin letters or digits ("A1-B1 via C", "1500 → 1512") is theirs to
/// keep, and so is one between two Japanese words, which only a title
/// has (『スター・ウォーズ 新たなる希望』).
fn loose_spaces(sentence: &str) -> Vec<String> {
    let chars: Vec<char> = sentence.chars().collect();
    let tight = |c: char| c == PLACEABLE || c.is_ascii_graphic();
    let mut loose = Vec::new();
    for (at, window) in chars.windows(3).enumerate() {
        let [before, space, after] = [window[0], window[1], window[2]];
        if space == ' '
            && ((japanese(before) && tight(after)) || (tight(before) && japanese(after)))
        {
            let from = at.saturating_sub(6);
            let to = (at + 9).min(chars.len());
            let around: String = chars[from..to].iter().collect();
            loose.push(around.replace(PLACEABLE, "{}"));
        }
    }
    loose
}

#[test]
fn the_glossary_has_rules_for_spanish_and_japanese() {
    for lang in [Lang::Es, Lang::Ja] {
        assert!(
            ruled_out(lang).len() >= 2,
            "docs/glossary.md has no table for {lang}"
        );
    }
}

#[test]
fn no_catalogue_uses_a_word_its_glossary_rules_out() {
    let mut wrong = Vec::new();
    for lang in Lang::ALL {
        let rules = ruled_out(lang);
        for (place, _, sentence) in sentences(lang) {
            for (word, term) in &rules {
                if uses(lang, &sentence, word) {
                    let word = word.replace(PLACEABLE, "{}");
                    let shown = sentence.replace(PLACEABLE, "{}");
                    wrong.push(format!("{place}: «{word}», say «{term}»: {shown}"));
                }
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Japanese sets no space between a word and a number, a name, a move or
/// a command (docs/glossary.md, "Spacing in Japanese"). An image's caption
/// is a label, not a sentence: there a space sets the figure apart, as on
/// a scoreboard ("配置 3/8").
#[test]
fn japanese_sets_no_space_beside_its_words() {
    let mut wrong = Vec::new();
    for (place, id, sentence) in sentences(Lang::Ja) {
        let loose = loose_spaces(&sentence);
        if id.starts_with("caption-") || loose.is_empty() {
            continue;
        }
        for around in loose {
            wrong.push(format!("{place}: «{around}»"));
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The commands `text` writes out (`` `/vote` `` gives "vote"). A text
/// that ends in `` `/ `` is followed by the placeable naming the command.
fn written_out(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("`/") {
        rest = &rest[at + 2..];
        if !rest.is_empty() {
            names.push(rest.chars().take_while(|&c| c != '`').collect());
        }
    }
    names
}

/// A command written out is its English name, which a Spanish or Japanese
/// client does not show; `/{ cmd-vote-name }` is the name each reader's
/// client shows.
#[test]
fn commands_are_named_by_the_readers_own_names() {
    let mut wrong = Vec::new();
    for lang in Lang::ALL {
        for (place, text) in texts(lang) {
            for name in written_out(&text) {
                wrong.push(format!("{place}: `/{name}`"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_checks_catch_what_they_are_for() {
    assert!(uses(Lang::Es, "Haz una jugada.", "jugada"));
    assert!(!uses(Lang::Es, "Juega.", "jugada"));
    assert!(uses(
        Lang::Es,
        "+3 puntos de clasificación",
        "puntos de clasificación"
    ));
    assert!(!uses(
        Lang::Es,
        "La clasificación tiene puntos.",
        "puntos de clasificación"
    ));
    assert!(uses(Lang::Ja, "3ターン続けて", "ターン"));
    assert!(!uses(Lang::Ja, "ボ＝カターン", "ターン"));
    let named = format!("{PLACEABLE}さんが投了しました");
    assert!(uses(Lang::Ja, &named, &format!("{PLACEABLE}さん")));
    assert!(!uses(
        Lang::Ja,
        "みなさんが投票するとき",
        &format!("{PLACEABLE}さん")
    ));
    let voted = format!("Votaste {PLACEABLE}.");
    assert!(uses(Lang::Es, &voted, &format!("votaste {PLACEABLE}")));
    let voted_for = format!("Votaste por {PLACEABLE}.");
    assert!(!uses(Lang::Es, &voted_for, &format!("votaste {PLACEABLE}")));
    assert_eq!(
        loose_spaces(&format!("対局 {PLACEABLE} は `/投票` で")).len(),
        4
    );
    assert!(loose_spaces(&format!("対局{PLACEABLE}は`/投票`で、A1-B1 via Cのように")).is_empty());
    assert!(loose_spaces("レーティング1500 → 1512").is_empty());
    assert!(loose_spaces("『スター・ウォーズ 新たなる希望』").is_empty());
    assert_eq!(
        written_out("Vota con `/vote` o `/play now`."),
        ["vote", "play now"]
    );
    assert!(written_out("Vota con `/").is_empty());
}
