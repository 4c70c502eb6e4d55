//! [`Lang`]: the languages holotable speaks, and how each is named by
//! Discord, by a terminal's `LANG`, and by a person choosing one.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Es,
    Ja,
}

/// A language name holotable does not speak.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a language holotable speaks; expected en, es or ja")]
pub struct UnknownLanguage(pub String);

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Ja];

    /// The ISO 639-1 code, which is also the catalogue's folder name.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Ja => "ja",
        }
    }

    /// The language's own name for itself, for menus of languages.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Ja => "日本語",
        }
    }

    /// The Discord locales whose members get this language, as command
    /// localisations are keyed. English is Discord's default text, so it
    /// needs none.
    pub fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::En => &[],
            Lang::Es => &["es-ES", "es-419"],
            Lang::Ja => &["ja"],
        }
    }

    /// The language for a Discord locale (`"es-419"`, `"ja"`, `"en-GB"`);
    /// `None` for a locale holotable does not speak, whose member then
    /// reads English.
    pub fn from_discord_locale(locale: &str) -> Option<Lang> {
        Lang::from_tag(locale)
    }

    /// The language of a POSIX locale as in `LANG` (`"es_ES.UTF-8"`,
    /// `"ja_JP"`); `None` for `C`, `POSIX` and languages not spoken here.
    pub fn from_posix_locale(locale: &str) -> Option<Lang> {
        let tag = locale.split(['.', '@']).next().unwrap_or_default();
        Lang::from_tag(tag)
    }

    /// The primary subtag decides: every Spanish is Spanish, every
    /// English is English.
    fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Reads a person's choice: a code (`es`), a locale (`es-419`,
/// `ja_JP.UTF-8`) or the language's own name (`español`, `日本語`).
impl FromStr for Lang {
    type Err = UnknownLanguage;

    fn from_str(text: &str) -> Result<Lang, UnknownLanguage> {
        let trimmed = text.trim();
        Lang::ALL
            .into_iter()
            .find(|l| l.native_name().to_lowercase() == trimmed.to_lowercase())
            .or_else(|| Lang::from_posix_locale(trimmed))
            .ok_or_else(|| UnknownLanguage(text.to_string()))
    }
}
