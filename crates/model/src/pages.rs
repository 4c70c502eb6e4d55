//! A game's web page as the records know it: who may see it (chosen per
//! channel by its managers), what refreshes it, and its address, which
//! both the pages and the posts that link to them write.

use crate::Unknown;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageVisibility {
    /// Served to whoever has the page's address, listed nowhere.
    #[default]
    Unlisted,
    /// Served and listed on the community's page.
    Public,
    /// Not served: the address answers as an unknown one does.
    Off,
}

impl PageVisibility {
    pub fn as_str(self) -> &'static str {
        match self {
            PageVisibility::Unlisted => "unlisted",
            PageVisibility::Public => "public",
            PageVisibility::Off => "off",
        }
    }

    pub fn parse(text: &str) -> Result<Self, Unknown> {
        Ok(match text {
            "unlisted" => PageVisibility::Unlisted,
            "public" => PageVisibility::Public,
            "off" => PageVisibility::Off,
            other => return Err(Unknown::new("page visibility", other)),
        })
    }
}

/// What a watcher's page must be refreshed for: a move, a pause, an end
/// (the game's version), a vote on an open ballot whose tally the page
/// shows (its count; 0 where the page may not show it), or a channel
/// turning the page off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageMark {
    pub version: i64,
    pub votes: i64,
    pub off: bool,
}

/// The address of the game page whose token is `token`, under `base` (the
/// pages' public address): the pages serve it and the posts link to it.
///
/// # Examples
/// ```
/// assert_eq!(
///     holotable_model::page_url("https://holotable.example.org/", "0123abcd"),
///     "https://holotable.example.org/g/0123abcd"
/// );
/// ```
pub fn page_url(base: &str, token: &str) -> String {
    format!("{}/g/{token}", base.trim_end_matches('/'))
}
