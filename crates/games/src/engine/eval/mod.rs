//! One [`Evaluate`](super::Evaluate) implementation per game. Everything the
//! search knows about a particular game lives here.

mod dejarik;
mod djambi;
mod holochess;
mod space_checkers;
