//! Round robins: every round drawn at the start from Berger's tables
//! (`holotable_leagues::pairing::RoundRobin`), once or twice with colours
//! swapped, so a round only needs its number to be planned again.

use crate::{Failure, ServiceError};
use holotable_leagues::pairing::{Cycles, RoundRobin};
use holotable_store::{LeagueFormat, LeagueRow};

/// The round robin of `count` entrants in `row`'s format.
pub(super) fn schedule(row: &LeagueRow, count: usize) -> Result<RoundRobin, ServiceError> {
    let cycles = match row.league.format {
        LeagueFormat::RoundRobin => Cycles::Single,
        LeagueFormat::DoubleRoundRobin => Cycles::Double,
        other => {
            return Err(Failure::Inconsistent(format!(
                "league {} is a {} league, not a round robin",
                row.id,
                other.as_str()
            ))
            .into());
        }
    };
    RoundRobin::new(count, cycles)
        .map_err(|e| Failure::Inconsistent(format!("league {}: {e}", row.id)).into())
}
