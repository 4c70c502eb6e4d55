//! The arguments every game command shares: the game, its rules and a
//! starting position.

use anyhow::Context;
use holotable::games::{AnyGame, GameKind, RulesJson};
use rand::SeedableRng;

#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: space-checkers, dejarik, holochess or djambi.
    pub game: GameKind,
    /// A position string (default: the game's start position).
    #[arg(long)]
    pub position: Option<String>,
    /// A rule option as KEY=VALUE, repeatable (e.g. --rule pieces=5,
    /// --rule players=2 --rule ruleset=djambi-net).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Seed for games whose setup is random (any 64-bit number).
    #[arg(long, default_value_t = 0, value_parser = super::ranges::seed())]
    pub seed: u64,
}

impl GameArgs {
    pub fn rules_json(&self) -> anyhow::Result<RulesJson> {
        rules_json(&self.rules)
    }

    pub fn load(&self) -> anyhow::Result<AnyGame> {
        let rules = self.rules_json()?;
        let game = match &self.position {
            Some(text) => AnyGame::from_position(self.game, &rules, text)?,
            None => {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.seed);
                AnyGame::new_game(self.game, &rules, &mut rng)?
            }
        };
        Ok(game)
    }
}

/// `--rule KEY=VALUE` options as the JSON object games take: numbers and
/// booleans as JSON, anything else as a string.
pub fn rules_json(rules: &[String]) -> anyhow::Result<RulesJson> {
    let mut object = serde_json::Map::new();
    for rule in rules {
        let (key, value) = rule
            .split_once('=')
            .with_context(|| format!("rule {rule:?}: expected KEY=VALUE, like pieces=5"))?;
        let value = serde_json::from_str(value)
            .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
        object.insert(key.trim().to_string(), value);
    }
    Ok(RulesJson::Object(object))
}
