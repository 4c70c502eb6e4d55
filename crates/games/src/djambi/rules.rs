//! Rule options: player count, the seed's rules or djambi.net's, and the
//! variants the seed names. `docs/rules/djambi.md` explains each choice.

use crate::PositionError;
use serde::{Deserialize, Serialize};

/// Whose rules to play when the seed and the djambi.net site differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruleset {
    /// The seed's rule book as written.
    #[default]
    Seed,
    /// As the djambi.net site plays: its starting layout, the Reporter
    /// must kill, a Militant may kill a Leader outside the Labyrinth, a
    /// Diplomat may enter the Labyrinth to remove its Leader, any
    /// controlled Leader may hold the Labyrinth, any killed Leader's army
    /// goes to the killer, encirclement Variant 2 judged for every side
    /// (a corpse on the Labyrinth leaves it open), and with two players
    /// one move per player per turn (see [`Rules::vassals`]).
    DjambiNet,
}

/// When a Leader counts as encircled (the seed's "Interpreting encirclement").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encirclement {
    /// The seed's base rule: the Leader and the pieces packed around it are
    /// walled in by corpses and none of them can move, whatever Necromobile
    /// the side has elsewhere.
    Base,
    /// Variant 1: as the base rule, but only when the side has no live
    /// Necromobile left.
    NoNecromobile,
    /// Variant 2: the Leader can no longer reach the Labyrinth through
    /// corpse-free squares and the side has no live Necromobile left.
    Labyrinth,
}

/// Whether a Reporter that ends its move beside an enemy must kill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReporterKill {
    /// The seed: "It may choose not to kill anyone."
    Optional,
    /// djambi.net: when an enemy stands orthogonally beside it, it kills one.
    Compulsory,
}

/// Rule options fixed for a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// 4 (one army each) or 2 (Red and Blue against Yellow and Green).
    pub players: u8,
    pub ruleset: Ruleset,
    /// Overrides the rule set's encirclement rule (seed: `base`,
    /// djambi.net: `labyrinth`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encirclement: Option<Encirclement>,
    /// Overrides the rule set's Reporter rule (seed: `optional`,
    /// djambi.net: `compulsory`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reporter_kill: Option<ReporterKill>,
    /// Turns in a row without a death after which the game ends, drawn
    /// between the sides still in it. The seed has no such rule, and
    /// without one two cautious sides can shuffle forever; 200 turns is
    /// fifty rounds of four.
    pub quiet_turns: u16,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            players: 4,
            ruleset: Ruleset::Seed,
            encirclement: None,
            reporter_kill: None,
            quiet_turns: 200,
        }
    }
}

impl Rules {
    pub const MAX_QUIET_TURNS: u16 = 10_000;

    /// The default rules for two players.
    pub fn two_players() -> Rules {
        Rules {
            players: 2,
            ..Rules::default()
        }
    }

    pub fn encirclement(&self) -> Encirclement {
        self.encirclement.unwrap_or(match self.ruleset {
            Ruleset::Seed => Encirclement::Base,
            Ruleset::DjambiNet => Encirclement::Labyrinth,
        })
    }

    pub fn reporter_kill(&self) -> ReporterKill {
        self.reporter_kill.unwrap_or(match self.ruleset {
            Ruleset::Seed => ReporterKill::Optional,
            Ruleset::DjambiNet => ReporterKill::Compulsory,
        })
    }

    /// djambi.net lets a Militant kill a Leader that is not in the
    /// Labyrinth; the seed never lets it kill a Leader.
    pub fn militant_kills_leaders(&self) -> bool {
        self.ruleset == Ruleset::DjambiNet
    }

    /// djambi.net lets a Diplomat enter the Labyrinth to move its Leader
    /// out (then flee); the seed gives the entry to the Assassin alone.
    pub fn diplomat_enters_labyrinth(&self) -> bool {
        self.ruleset == Ruleset::DjambiNet
    }

    /// djambi.net lets any Leader that the army to move controls stop on
    /// the Labyrinth (a vassal's, a recovered one's), and a Diplomat put
    /// any controlled Leader there; the army controlling that Leader then
    /// holds power. The seed keeps the Labyrinth for a Leader commanding
    /// its own army.
    pub fn controlled_leaders_hold(&self) -> bool {
        self.ruleset == Ruleset::DjambiNet
    }

    /// djambi.net hands a killed Leader's army to the killer whoever
    /// controlled it (a vassal army too); the seed only when the Leader
    /// commanded it.
    pub fn every_leader_hands_over(&self) -> bool {
        self.ruleset == Ruleset::DjambiNet
    }

    /// djambi.net judges encirclement after every move for every side,
    /// the one that moved included; the seed's reading spares the mover
    /// until the next move.
    pub fn mover_can_be_encircled(&self) -> bool {
        self.ruleset == Ruleset::DjambiNet
    }

    /// djambi.net counts the Labyrinth as reachable when a corpse lies on
    /// it and the Leader can reach a square next to it; under the seed the
    /// corpse is a wall like any other.
    pub fn corpse_keeps_labyrinth_open(&self) -> bool {
        self.ruleset == Ruleset::DjambiNet
    }

    /// djambi.net's two-player game: Blue and Green are vassals that Red
    /// and Yellow command from the start, so each player makes one move
    /// per turn with the pieces of either army. Under the seed each army
    /// keeps its own turn.
    pub fn vassals(&self) -> bool {
        self.players == 2 && self.ruleset == Ruleset::DjambiNet
    }

    pub(super) fn validate(&self) -> Result<(), PositionError> {
        if !matches!(self.players, 2 | 4) {
            return Err(PositionError::new(format!(
                "players must be 2 or 4, not {}",
                self.players
            )));
        }
        if !(1..=Self::MAX_QUIET_TURNS).contains(&self.quiet_turns) {
            return Err(PositionError::new(format!(
                "quiet_turns must be 1 to {}, not {}",
                Self::MAX_QUIET_TURNS,
                self.quiet_turns
            )));
        }
        Ok(())
    }
}
