//! The eight monsters and their figures. The defaults are data in
//! `assets/dejarik/monsters.json` (the fan table the seed's article follows),
//! built into the binary; a rule set may replace them.

use crate::PositionError;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Eight monsters, four dealt to each side.
pub const KINDS: usize = 8;

/// Dice per figure are capped so a roll's sum fits the probability tables.
pub const MAX_FIGURE: u8 = 12;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Monster {
    pub name: String,
    /// A short name for tight places (the board's legend); the name if absent.
    #[serde(default)]
    pub short: String,
    /// Two letters, the first upper case: how positions and moves name it.
    pub code: String,
    pub attack: u8,
    pub defence: u8,
    /// Squares moved per move action, exactly.
    pub movement: u8,
}

impl Monster {
    pub fn short_name(&self) -> &str {
        if self.short.is_empty() {
            &self.name
        } else {
            &self.short
        }
    }
}

/// The built-in figures.
pub fn default_monsters() -> &'static [Monster] {
    static MONSTERS: OnceLock<Vec<Monster>> = OnceLock::new();
    MONSTERS.get_or_init(|| {
        serde_json::from_str(include_str!("../../../../assets/dejarik/monsters.json"))
            .expect("the built-in monster table is valid JSON")
    })
}

/// Checks a monster table: eight monsters, distinct well-formed codes,
/// figures from 1 to 12 (movement 1 to 4).
///
/// # Errors
/// A message naming the first problem.
pub fn check(monsters: &[Monster]) -> Result<(), PositionError> {
    if monsters.len() != KINDS {
        return Err(PositionError::new(format!(
            "monsters: expected 8, found {}",
            monsters.len()
        )));
    }
    for (i, m) in monsters.iter().enumerate() {
        let mut chars = m.code.chars();
        let well_formed = matches!((chars.next(), chars.next(), chars.next()),
            (Some(a), Some(b), None) if a.is_ascii_uppercase() && b.is_ascii_lowercase());
        if !well_formed {
            return Err(PositionError::new(format!(
                "monster {}: code {:?} must be an upper-case then a lower-case letter, like Kl",
                m.name, m.code
            )));
        }
        if monsters[..i].iter().any(|other| other.code == m.code) {
            return Err(PositionError::new(format!(
                "monster code {} is used twice",
                m.code
            )));
        }
        let figures_ok = (1..=MAX_FIGURE).contains(&m.attack)
            && (1..=MAX_FIGURE).contains(&m.defence)
            && (1..=4).contains(&m.movement);
        if !figures_ok {
            return Err(PositionError::new(format!(
                "monster {}: attack and defence must be 1 to 12 and movement 1 to 4",
                m.name
            )));
        }
    }
    Ok(())
}
