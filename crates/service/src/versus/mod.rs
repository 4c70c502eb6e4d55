//! Community against community: invitations by code and the lobby of open
//! ones, the sides of a shared game (which channel votes on which seats,
//! and what each channel is told), and the communities' ratings.
//!
//! `invitations.rs` invites and accepts, `sides.rs` plans the sides,
//! `rating.rs` rates a finished game and ranks the communities. Playing
//! the game is the community game's (`games/`), which routes through the
//! sides planned here.

mod invitations;
mod rating;
pub(crate) mod refusals;
mod sides;

pub(crate) use invitations::draw_code;
pub use invitations::{
    AcceptChallenge, Accepted, ChallengeCommunity, INVITATION_MS, Invitation, normalise_code,
    shown_code,
};
pub(crate) use rating::finishing;
pub use rating::{CommunityStanding, SideView, terminal_server};
pub use sides::{PlannedSide, Sides};

/// The door to games between communities: `service.versus().lobby(..)`.
#[derive(Clone, Copy)]
pub struct Versus<'a>(pub(crate) &'a crate::Service);
