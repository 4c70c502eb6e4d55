//! The daily post as the service hands it to adapters: who is honoured,
//! why, and the fun fact, with the words of the seed's posts ("Today's
//! Gamer of the Day is: ...", "Trooper ST-3V3 Fun Fact: ...").
//!
//! The post holds ids and numbers, not words, so it is stored in the
//! outbox once and written in the server's language when it is delivered
//! in the words of `assets/locales/*/gotd*.ftl`, so a change of the server's
//! language reaches posts already queued. `assets/locales/*/gotd*.ftl`.

use super::curated;
use super::winner::Record;
use holotable_i18n::Lang;
use holotable_i18n::t;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPost {
    /// The server's local date the post is for, `YYYY-MM-DD`.
    pub date: String,
    pub honoree: Honoree,
    /// The fun fact's id in the curated list.
    pub fact: String,
    /// Whether the member may be pinged (the server turned mentions on).
    pub mentions: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Honoree {
    /// A member, by the platform's id, and the record that won the day.
    Member { id: String, record: Record },
    /// Nobody played: a character from the curated list, by its id.
    Character { id: String },
}

impl DailyPost {
    /// The member, if the post names one.
    pub fn member(&self) -> Option<&str> {
        match &self.honoree {
            Honoree::Member { id, .. } => Some(id),
            Honoree::Character { .. } => None,
        }
    }

    /// The post's text in `lang`; `name` writes a member's id the
    /// platform's way (Discord: `<@id>`, which names without pinging
    /// unless allowed).
    pub fn text(&self, lang: Lang, name: impl Fn(&str) -> String) -> String {
        let gamer = match &self.honoree {
            Honoree::Member { id, record } => t!(
                lang,
                "gotd-post-member",
                member = name(id),
                record = record_text(record, lang)
            ),
            Honoree::Character { id } => t!(
                lang,
                "gotd-post-character",
                name = curated::character_name(lang, id),
                from = curated::character_from(lang, id),
                blurb = curated::character_blurb(lang, id)
            ),
        };
        let heading = t!(lang, "gotd-post-fact-heading");
        let fact = curated::fun_fact_text(lang, &self.fact);
        format!("{gamer}\n\n{heading}\n{fact}")
    }
}

/// "12 winning votes, 2 matches won": the terms that are not zero, each
/// counted by the language's plural rules. Fluent has no list formatting,
/// so the catalogue gives the separator (Japanese lists with "、").
pub fn record_text(record: &Record, lang: Lang) -> String {
    let mut terms = Vec::new();
    if record.winning_votes > 0 {
        terms.push(t!(
            lang,
            "gotd-record-winning-votes",
            count = record.winning_votes
        ));
    }
    if record.community_wins > 0 {
        terms.push(t!(
            lang,
            "gotd-record-community-wins",
            count = record.community_wins
        ));
    }
    if record.matches_won > 0 {
        terms.push(t!(
            lang,
            "gotd-record-matches-won",
            count = record.matches_won
        ));
    }
    match record.rating_gained {
        0 => {}
        gained if gained > 0 => terms.push(t!(lang, "gotd-record-rating-gained", points = gained)),
        lost => terms.push(t!(
            lang,
            "gotd-record-rating-lost",
            points = lost.unsigned_abs()
        )),
    }
    terms.join(&t!(lang, "gotd-record-separator"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(winning_votes: u32, community_wins: u32, matches_won: u32, rating: i32) -> Record {
        Record {
            winning_votes,
            community_wins,
            matches_won,
            rating_gained: rating,
        }
    }

    fn member_post() -> DailyPost {
        DailyPost {
            date: "2026-06-10".into(),
            honoree: Honoree::Member {
                id: "123".into(),
                record: record(12, 1, 2, 7),
            },
            fact: "wookiee-rule".into(),
            mentions: false,
        }
    }

    fn character_post() -> DailyPost {
        DailyPost {
            date: "2026-06-10".into(),
            honoree: Honoree::Character {
                id: "padme-amidala".into(),
            },
            fact: "monster-names".into(),
            mentions: false,
        }
    }

    fn mention(id: &str) -> String {
        format!("<@{id}>")
    }

    #[test]
    fn the_record_names_only_what_happened_with_each_languages_plurals() {
        assert_eq!(
            record_text(&record(12, 0, 2, 0), Lang::En),
            "12 winning votes, 2 matches won"
        );
        assert_eq!(
            record_text(&record(1, 1, 1, -7), Lang::En),
            "1 winning vote, 1 community game won, 1 match won, -7 rating"
        );
        assert_eq!(
            record_text(&record(1, 2, 0, 5), Lang::Es),
            "1 voto ganador, 2 partidas comunitarias ganadas, +5 de puntuación"
        );
        assert_eq!(
            record_text(&record(3, 0, 1, -1), Lang::Es),
            "3 votos ganadores, 1 duelo ganado, −1 de puntuación"
        );
        assert_eq!(
            record_text(&record(12, 1, 2, 7), Lang::Ja),
            "採用された投票12票、コミュニティ対局で1勝、対戦で2勝、レーティング+7"
        );
    }

    #[test]
    fn the_post_is_written_in_the_language_asked_for() {
        let text = member_post().text(Lang::En, mention);
        assert!(
            text.starts_with("**Today's Gamer of the Day is: <@123>**"),
            "{text}"
        );
        assert!(text.contains("Trooper ST-3V3 Fun Fact:"), "{text}");
        let text = member_post().text(Lang::Es, mention);
        assert!(text.starts_with("**El Gamer del Día es <@123>**"), "{text}");
        assert!(text.contains("Dato curioso del soldado ST-3V3:"), "{text}");
        let text = character_post().text(Lang::Ja, mention);
        assert!(text.contains("パドメ・アミダラ"), "{text}");
        assert!(text.contains("トルーパーST-3V3の豆知識"), "{text}");
    }

    #[test]
    fn snapshots_of_the_post_in_every_language() {
        for lang in Lang::ALL {
            insta::assert_snapshot!(format!("member-{lang}"), member_post().text(lang, mention));
            insta::assert_snapshot!(
                format!("character-{lang}"),
                character_post().text(lang, mention)
            );
        }
    }
}
