//! Every word holotable shows a person, in English, Spanish and Japanese:
//! one Fluent catalogue per language under `assets/locales/`,
//! compiled into the binary, and [`tr`] (or the [`t!`](crate::t) macro) to
//! look a message up with its placeables.
//!
//! This module knows no other part of holotable, so every layer that
//! speaks to people (the renderer's captions, the service's refusals, the
//! Discord and terminal adapters) can use it. Which language a text is in
//! is the caller's choice: the member's interaction locale for an ephemeral
//! reply, the server's language for a channel post, `LANG` in a terminal.

mod catalogue;
mod lang;
#[cfg(test)]
mod output_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod wording_tests;

pub use fluent_bundle::{FluentArgs, FluentValue};
pub use lang::{Lang, UnknownLanguage};

/// The message `id` in `lang`, with `args` in its placeables.
///
/// A message missing from `lang` falls back to English, and one missing
/// from English shows its id: a person then sees something rather than
/// nothing, and the catalogue tests fail on both.
pub fn tr(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    catalogue::format(lang, id, args)
}

/// Whether the English catalogue has message `id`; for code that builds
/// ids from data (a command's path, an item's id) and must not show one
/// that has no text.
pub fn has(id: &str) -> bool {
    catalogue::has(Lang::En, id)
}

/// `tr` with named placeables written inline:
/// `t!(lang, "count-votes", count = 3)`.
///
/// # Examples
/// ```
/// use holotable_i18n::Lang;
/// use holotable_i18n::t;
/// assert_eq!(t!(Lang::En, "count-votes", count = 1), "1 vote");
/// assert_eq!(t!(Lang::En, "count-votes", count = 2), "2 votes");
/// assert_eq!(t!(Lang::Es, "count-votes", count = 1), "1 voto");
/// assert_eq!(t!(Lang::Ja, "count-votes", count = 2), "2票");
/// ```
#[macro_export]
macro_rules! t {
    ($lang:expr, $id:expr) => {
        $crate::tr($lang, $id, None)
    };
    ($lang:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::FluentArgs::new();
        $(args.set(stringify!($name), $crate::FluentValue::from($value));)+
        $crate::tr($lang, $id, Some(&args))
    }};
}
