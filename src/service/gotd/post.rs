//! The daily post as the service hands it to adapters: who is honoured,
//! why, and the fun fact, with the words of the seed's posts ("Today's
//! Gamer of the Day is: ...", "Trooper ST-3V3 Fun Fact: ...").

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPost {
    /// The server's local date the post is for, `YYYY-MM-DD`.
    pub date: String,
    pub honoree: Honoree,
    pub fact: String,
    /// Whether the member may be pinged (the server turned mentions on).
    pub mentions: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Honoree {
    /// A member, by the platform's id, and their record in words.
    Member { id: String, reason: String },
    /// Nobody played: a character from the curated list.
    Character {
        name: String,
        from: String,
        blurb: String,
    },
}

impl DailyPost {
    /// The member, if the post names one.
    pub fn member(&self) -> Option<&str> {
        match &self.honoree {
            Honoree::Member { id, .. } => Some(id),
            Honoree::Character { .. } => None,
        }
    }

    /// The post's text; `name` writes a member's id the platform's way
    /// (Discord: `<@id>`, which names without pinging unless allowed).
    pub fn text(&self, name: impl Fn(&str) -> String) -> String {
        let gamer = match &self.honoree {
            Honoree::Member { id, reason } => {
                format!(
                    "**Today's Gamer of the Day is: {}**\nYesterday on the holotable: {reason}.",
                    name(id)
                )
            }
            Honoree::Character { name, from, blurb } => format!(
                "**Today's Gamer of the Day is: {name} from {from}**\n{blurb}\n(Nobody played yesterday, so the honour goes to the galaxy.)"
            ),
        };
        format!("{gamer}\n\n**Trooper ST-3V3 Fun Fact:**\n{}", self.fact)
    }
}
