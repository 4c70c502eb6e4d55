//! Discord's layouts: how holotable's messages look as Discord request
//! bodies, in the one place that both halves of the bot use: the commands
//! (what members ask, answered in replies) and the delivery (what a
//! channel is told). Neither half uses the other; what both need is here,
//! as pure functions and constants, so every layout is tested without a
//! network.
//!
//! By concept: [`limits`], what Discord accepts in one message;
//! [`components`], rows, buttons and select menus with their kinds named,
//! and the buttons a game's post carries; [`attachments`], images and
//! their alt text; [`style`], how a member or a role is written;
//! [`ballots`], a community ballot as a poll or menus, and its tally;
//! [`steps`], the piece, destination and move menus of a turn with more
//! moves than one menu holds; [`matches`], a match's turn menus and
//! challenge buttons; [`puzzles`], the daily puzzle's buttons.

pub(super) mod attachments;
pub(super) mod ballots;
pub(super) mod components;
pub(super) mod limits;
pub(super) mod matches;
pub(super) mod puzzles;
pub(super) mod steps;
pub(super) mod style;
