//! How an announcement names a side of a game between communities.

use crate::text;
use holotable_i18n::Lang;
use holotable_i18n::t;
use serde::{Deserialize, Serialize};

/// How a side is named in another side's channel: its community's name
/// when the community has shown it, and always the seats it plays.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideLabel {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
    /// The seats by the rules' names ("white").
    pub seats: Vec<String>,
}

impl SideLabel {
    /// "Rebel Base (white)", or "the community playing white" for one
    /// that has not shown its name.
    pub fn text(&self, lang: Lang) -> String {
        let seats = text::seats(lang, &self.seats);
        match &self.community {
            Some(name) => t!(lang, "side-named", community = name.as_str(), seats = seats),
            None => t!(lang, "side-unnamed", seats = seats),
        }
    }
}
