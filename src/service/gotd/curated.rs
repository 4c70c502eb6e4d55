//! The curated lists of the daily post (`assets/gotd/`): characters named
//! when nobody played, and Trooper ST-3V3's fun facts. Compiled in and
//! parsed once; items are known by their `id`, so the lists can be edited
//! and reordered without disturbing what servers have already seen.

use serde::Deserialize;
use std::sync::LazyLock;

#[derive(Clone, Debug, Deserialize)]
pub struct Character {
    pub id: String,
    pub name: String,
    /// Where the character is from, as the seed's post has it ("Padmé
    /// Amidala from Star Wars: The Clone Wars").
    pub from: String,
    pub blurb: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct FunFact {
    pub id: String,
    pub text: String,
}

static CHARACTERS: LazyLock<Vec<Character>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../assets/gotd/characters.json"))
        .expect("assets/gotd/characters.json is checked by the tests")
});

static FUN_FACTS: LazyLock<Vec<FunFact>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../assets/gotd/fun_facts.json"))
        .expect("assets/gotd/fun_facts.json is checked by the tests")
});

pub fn characters() -> &'static [Character] {
    &CHARACTERS
}

pub fn fun_facts() -> &'static [FunFact] {
    &FUN_FACTS
}

pub fn character(id: &str) -> Option<&'static Character> {
    CHARACTERS.iter().find(|c| c.id == id)
}

pub fn fun_fact(id: &str) -> Option<&'static FunFact> {
    FUN_FACTS.iter().find(|f| f.id == id)
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
        let ids: HashSet<&str> = characters().iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids.len(), characters().len());
        assert!(characters().len() >= 40, "{}", characters().len());
        let ids: HashSet<&str> = fun_facts().iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids.len(), fun_facts().len());
        assert!(fun_facts().len() >= 40, "{}", fun_facts().len());
        for c in characters() {
            assert!(
                !c.name.is_empty() && !c.from.is_empty() && !c.blurb.is_empty(),
                "{c:?}"
            );
        }
        assert!(
            fun_facts()
                .iter()
                .all(|f| !f.text.is_empty() && f.text.len() < 400)
        );
    }

    #[test]
    fn the_draw_order_is_a_permutation_that_depends_on_server_and_date() {
        let ids: Vec<&str> = fun_facts().iter().map(|f| f.id.as_str()).collect();
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
