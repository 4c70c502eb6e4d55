//! A community game's sides as the service plans with them: which channel
//! votes on which seat's decisions, what each side is called in the other
//! sides' channels, and where each announcement goes.
//!
//! A game against the engine has one side, and every announcement goes to
//! its channel as before. A shared game routes: a ballot is posted only in
//! the channel of the side that decides it, the other sides are told who is
//! voting and until when, and a closed ballot reaches every channel, each
//! naming the side that played in its own words. A side never sees another
//! side's ballot, so never its tally or voters, before the move is played.

use super::Versus;
use crate::announce::SideLabel;
use crate::games::seat_names;
use crate::{Announcement, Refusal, Service, ServiceError};
use holotable_games::AnyGame;
use holotable_store::{CommunityName, GameId, GameSide, NewAnnouncement};

#[derive(Clone, Debug)]
pub struct PlannedSide {
    pub side: GameSide,
    pub label: SideLabel,
}

/// The sides of one game, in seat order.
#[derive(Clone, Debug, Default)]
pub struct Sides(pub Vec<PlannedSide>);

impl Sides {
    /// Whether more than one community plays: then announcements are routed.
    pub fn shared(&self) -> bool {
        self.0.len() > 1
    }

    pub fn of_seat(&self, seat: u8) -> Option<&PlannedSide> {
        self.0.iter().find(|s| s.side.plays(seat))
    }

    /// `announcement` for every channel: one row for all when the game has
    /// one side; otherwise one row per channel, as `for_side` words it for
    /// that side (`None`: nothing for that channel).
    pub fn route(
        &self,
        announcement: &Announcement,
        for_side: impl Fn(&PlannedSide) -> Option<Announcement>,
    ) -> Vec<NewAnnouncement> {
        if !self.shared() {
            return vec![announcement.to_outbox()];
        }
        self.per_side(for_side)
    }

    /// One row per side's channel, as `for_side` words it for that side.
    pub fn per_side(
        &self,
        for_side: impl Fn(&PlannedSide) -> Option<Announcement>,
    ) -> Vec<NewAnnouncement> {
        self.0
            .iter()
            .filter_map(|side| {
                for_side(side).map(|a| NewAnnouncement {
                    channel: Some(side.side.channel.clone()),
                    ..a.to_outbox()
                })
            })
            .collect()
    }
}

impl Versus<'_> {
    /// The channels that play game `id`, each with its seats and how the
    /// other sides name it; one side for a game against the engine.
    ///
    /// # Errors
    /// Storage failures; refused for an unknown game.
    pub async fn game_sides(self, id: GameId) -> Result<Sides, ServiceError> {
        let row = self.0.store.game(id).await?.ok_or(Refusal::NoGame)?;
        let position = crate::games::load(&row)?;
        self.0.sides_of(id, &position).await
    }

    /// Names a community that lives on this process's platform alone (the
    /// terminal's), shown to the other sides at once: it has no server whose
    /// name could be kept from anyone.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn name_own_community(self, server: &str, name: &str) -> Result<(), ServiceError> {
        Ok(self
            .0
            .store
            .name_community(server, name, true, self.0.now())
            .await?)
    }
}

impl Service {
    /// The side of `game` other than `channel`'s that `voter` already voted
    /// for, if any: a member votes for one side of a shared game only.
    ///
    /// Read from the votes, not claimed beside them, and still exact: a
    /// game has one ballot open at a time, and a ballot closes only after
    /// the votes in flight for it are written or refused (a vote shares the
    /// ballot's row, or holds SQLite's one write lock), so every vote for an
    /// earlier ballot is committed when one for the open ballot is checked.
    pub(crate) async fn side_voted_elsewhere<'a>(
        &self,
        game: GameId,
        voter: &str,
        channel: &str,
        sides: &'a [GameSide],
    ) -> Result<Option<&'a GameSide>, ServiceError> {
        let seats = self.store.seats_voted(game, voter).await?;
        Ok(sides
            .iter()
            .find(|side| side.channel != channel && seats.iter().any(|&seat| side.plays(seat))))
    }

    /// The sides of `game` with their labels, from the store.
    pub(crate) async fn sides_of(
        &self,
        game: GameId,
        position: &AnyGame,
    ) -> Result<Sides, ServiceError> {
        let sides = self.store.sides(game).await?;
        self.label_sides(sides, position, None).await
    }

    /// Labels `sides`; community names are read only for a shared game,
    /// and only those the community has shown, or shows in `named` with
    /// the write that is being planned.
    pub(crate) async fn label_sides(
        &self,
        sides: Vec<GameSide>,
        position: &AnyGame,
        named: Option<&CommunityName>,
    ) -> Result<Sides, ServiceError> {
        let shared = sides.len() > 1;
        let mut planned = Vec::with_capacity(sides.len());
        for side in sides {
            let community = match (&side.server, shared) {
                (Some(server), true) => match named.filter(|named| named.server == *server) {
                    Some(named) => Some(named.clone()),
                    None => self.store.community_name(server).await?,
                }
                .filter(|name| name.shown)
                .map(|name| name.name),
                _ => None,
            };
            let label = SideLabel {
                community,
                seats: seat_names(position, &side.seats),
            };
            planned.push(PlannedSide { side, label });
        }
        Ok(Sides(planned))
    }
}
