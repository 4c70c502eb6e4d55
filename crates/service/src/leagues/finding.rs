//! Which league a member means: the one whose code they typed, else the
//! one whose game this thread plays, else their community's only league
//! still to play. Commands other than `join` name a league this way, so a
//! member in a league thread, or in a community with one league, types no
//! code at all.

use super::{LeagueCode, LeagueView, Leagues, view};
use crate::{LeagueRefusal, ServiceError};
use holotable_store::{ChannelKey, ServerKey};

/// Which of a community's leagues a command without a code may mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// Only one still to play: leaving, the creator's steps.
    StillToPlay,
    /// The one still to play, else the latest one over: reading a table
    /// after the season's end.
    AnyLatest,
}

/// How many of a community's leagues a listing shows: the most a Discord
/// choice list offers, and more than a community plays at once.
const LISTED: u32 = 25;

impl Leagues<'_> {
    /// The league a member in `channel` of `server` means, by `code` if
    /// they typed one; without one, as `wanted` says.
    ///
    /// # Errors
    /// Refused for an unknown code; without a code, when the channel plays
    /// no league game and the community has no league still to play, or
    /// several (the refusal lists their codes).
    pub async fn named(
        self,
        code: Option<&LeagueCode>,
        server: &ServerKey,
        channel: &ChannelKey,
        wanted: Wanted,
    ) -> Result<LeagueView, ServiceError> {
        if let Some(code) = code {
            return match self.0.store.league_by_code(&code.0).await? {
                Some(row) => Ok(view(&row)),
                None => Err(LeagueRefusal::UnknownCode { code: code.shown() }.into()),
            };
        }
        if let Some(id) = self.0.store.league_of_thread(channel).await? {
            return self.league(id).await;
        }
        let all = self.of_community(server).await?;
        let live: Vec<&LeagueView> = all.iter().filter(|l| !l.status.is_over()).collect();
        match live.as_slice() {
            // The season just over is still the one to read the table of.
            [] if wanted == Wanted::AnyLatest && !all.is_empty() => Ok(all[0].clone()),
            [] => Err(LeagueRefusal::NoLeagueHere.into()),
            [one] => Ok((*one).clone()),
            several => Err(LeagueRefusal::WhichLeague {
                codes: several.iter().map(|league| league.code.shown()).collect(),
            }
            .into()),
        }
    }

    /// The leagues `server`'s community created or entered: those still to
    /// play first, then the latest.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn of_community(self, server: &ServerKey) -> Result<Vec<LeagueView>, ServiceError> {
        let rows = self.0.store.community_leagues(server, LISTED).await?;
        Ok(rows.iter().map(view).collect())
    }
}

impl Leagues<'_> {
    /// The community that entered `league` `number`th (from 1), as
    /// `/league standings` numbers them before the start.
    ///
    /// # Errors
    /// Refused when no community entered that number.
    pub async fn entrant(
        self,
        league: holotable_store::LeagueId,
        number: usize,
    ) -> Result<ServerKey, ServiceError> {
        let entrants = self.0.store.league_entrants(league).await?;
        let numbered = super::by_number(&entrants)?;
        number
            .checked_sub(1)
            .and_then(|index| numbered.get(index))
            .map(|entrant| entrant.server.clone())
            .ok_or_else(|| LeagueRefusal::OtherNotEntered.into())
    }
}
