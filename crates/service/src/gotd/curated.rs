//! The curated lists of the daily post (`assets/gotd/`): characters named
//! when nobody played, and Trooper ST-3V3's fun facts. The lists hold ids,
//! compiled in and parsed once; items are known by their `id`, so the
//! lists can be edited and reordered without disturbing what servers have
//! already seen. Their words are Fluent messages built from the id
//! (`assets/locales/*/gotd-curated.ftl`), so the one catalogue mechanism
//! and its parity test cover them like every other text.

use holotable_i18n::Lang;
use std::sync::LazyLock;

static CHARACTERS: LazyLock<Vec<String>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../../assets/gotd/characters.json"))
        .expect("assets/gotd/characters.json is checked by the tests")
});

static FUN_FACTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../../assets/gotd/fun_facts.json"))
        .expect("assets/gotd/fun_facts.json is checked by the tests")
});

/// The characters' ids, in the list's order.
pub fn characters() -> impl Iterator<Item = &'static str> {
    CHARACTERS.iter().map(String::as_str)
}

/// The fun facts' ids, in the list's order.
pub fn fun_facts() -> impl Iterator<Item = &'static str> {
    FUN_FACTS.iter().map(String::as_str)
}

pub fn is_character(id: &str) -> bool {
    CHARACTERS.iter().any(|c| c == id)
}

pub fn is_fun_fact(id: &str) -> bool {
    FUN_FACTS.iter().any(|f| f == id)
}

/// The character's name as it is known in `lang`.
pub fn character_name(lang: Lang, id: &str) -> String {
    holotable_i18n::tr(lang, &character_message(id, "name"), None)
}

/// Where the character is from, as the seed's post has it ("Padmé
/// Amidala from Star Wars: The Clone Wars"), under the title it has in
/// `lang`.
pub fn character_from(lang: Lang, id: &str) -> String {
    holotable_i18n::tr(lang, &character_message(id, "from"), None)
}

pub fn character_blurb(lang: Lang, id: &str) -> String {
    holotable_i18n::tr(lang, &character_message(id, "blurb"), None)
}

pub fn fun_fact_text(lang: Lang, id: &str) -> String {
    holotable_i18n::tr(lang, &fun_fact_message(id), None)
}

fn character_message(id: &str, field: &str) -> String {
    format!("gotd-character-{id}-{field}")
}

fn fun_fact_message(id: &str) -> String {
    format!("gotd-fact-{id}")
}

/// `ids` in the order a server draws from on a local date: shuffled by a
/// hash of server, date and id, so servers see different sequences and a
/// retry or a preview on the same date sees the same one.
pub fn draw_order<'a>(
    server: &str,
    date: &str,
    ids: impl Iterator<Item = &'a str>,
) -> Vec<&'a str> {
    let mut keyed: Vec<(u64, &str)> = ids.map(|id| (fnv1a([server, date, id]), id)).collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, id)| id).collect()
}

/// FNV-1a over the parts, each followed by a 0 byte: stable across Rust
/// versions and platforms, unlike `std`'s hasher.
fn fnv1a(parts: [&str; 3]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for part in parts {
        for byte in part.bytes().chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_lists_parse_with_unique_ids_and_enough_items() {
        let ids: HashSet<&str> = characters().collect();
        assert_eq!(ids.len(), characters().count());
        assert!(ids.len() >= 40, "{}", ids.len());
        let ids: HashSet<&str> = fun_facts().collect();
        assert_eq!(ids.len(), fun_facts().count());
        assert!(ids.len() >= 40, "{}", ids.len());
    }

    /// The messages are named at run time, so the catalogue's literal-id
    /// test cannot see them: every item must have its English text here,
    /// and the parity test then holds Spanish and Japanese to English.
    #[test]
    fn every_item_has_its_text_in_every_language() {
        let mut ids: Vec<String> = characters()
            .flat_map(|c| ["name", "from", "blurb"].map(|field| character_message(c, field)))
            .collect();
        ids.extend(fun_facts().map(fun_fact_message));
        let missing: Vec<&String> = ids.iter().filter(|id| !holotable_i18n::has(id)).collect();
        assert!(missing.is_empty(), "no English text for {missing:?}");
        // Names and titles may rightly be the same in every language
        // ("Chewbacca", "The Mandalorian"); blurbs and facts are sentences,
        // so one equal to English is an untranslated copy.
        for lang in [Lang::Es, Lang::Ja] {
            for c in characters() {
                let blurb = character_blurb(lang, c);
                assert_ne!(blurb, character_blurb(Lang::En, c), "{lang} {c}");
                assert!(blurb.chars().count() < 400, "{lang} {c}");
            }
            for f in fun_facts() {
                let text = fun_fact_text(lang, f);
                assert_ne!(text, fun_fact_text(Lang::En, f), "{lang} {f}");
                assert!(text.chars().count() < 400, "{lang} {f}");
            }
        }
    }

    #[test]
    fn character_names_are_the_ones_known_in_each_language() {
        assert_eq!(character_name(Lang::Es, "chewbacca"), "Chewbacca");
        assert_eq!(character_name(Lang::Ja, "chewbacca"), "チューバッカ");
        assert_eq!(character_name(Lang::Ja, "r2-d2"), "R2-D2");
        assert_eq!(
            character_from(Lang::Es, "leia-organa"),
            "Star Wars: El Imperio contraataca"
        );
        assert_eq!(
            character_from(Lang::Ja, "leia-organa"),
            "『スター・ウォーズ 帝国の逆襲』"
        );
    }

    #[test]
    fn the_draw_order_is_a_permutation_that_depends_on_server_and_date() {
        let ids: Vec<&str> = fun_facts().collect();
        let a = draw_order("s1", "2026-01-01", ids.iter().copied());
        let again = draw_order("s1", "2026-01-01", ids.iter().copied());
        let b = draw_order("s1", "2026-01-02", ids.iter().copied());
        let c = draw_order("s2", "2026-01-01", ids.iter().copied());
        assert_eq!(a, again);
        assert_ne!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort_unstable();
        let mut expected = ids.clone();
        expected.sort_unstable();
        assert_eq!(sorted, expected);
    }
}
