//! The compiled-in catalogues: one Fluent bundle per language, built once
//! from every area file of `assets/locales/<code>/`.

use super::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::LazyLock;

/// Lists each area file once, for every language, so adding an area is
/// one line and no language can be forgotten.
macro_rules! areas {
    ($($area:literal),+ $(,)?) => {
        /// The area files of one language, as (area, Fluent source).
        pub(super) fn sources(lang: Lang) -> Vec<(&'static str, &'static str)> {
            match lang {
                Lang::En => vec![$(($area, include_str!(concat!("../../../assets/locales/en/", $area, ".ftl")))),+],
                Lang::Es => vec![$(($area, include_str!(concat!("../../../assets/locales/es/", $area, ".ftl")))),+],
                Lang::Ja => vec![$(($area, include_str!(concat!("../../../assets/locales/ja/", $area, ".ftl")))),+],
            }
        }
    };
}

areas!(
    "common",
    "commands",
    "community",
    "outcomes",
    "terminal",
    "refusals",
    "gotd",
    "gotd-curated",
    "matches",
    "render",
    "review",
    "web",
    "puzzle",
    "leagues",
    "voters",
);

type Bundle = FluentBundle<FluentResource>;

static BUNDLES: LazyLock<[Bundle; 3]> = LazyLock::new(|| Lang::ALL.map(bundle));

fn bundle(lang: Lang) -> Bundle {
    let id = lang
        .code()
        .parse()
        .expect("language codes are valid language identifiers");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around placeables would reach Discord and
    // terminals as invisible characters that break copying a move.
    bundle.set_use_isolating(false);
    for (area, source) in sources(lang) {
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(_, errors)| {
            panic!("assets/locales/{lang}/{area}.ftl does not parse: {errors:?}")
        });
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("assets/locales/{lang}/{area}.ftl: {errors:?}"));
    }
    bundle
}

fn bundle_of(lang: Lang) -> &'static Bundle {
    &BUNDLES[lang as usize]
}

pub(super) fn has(lang: Lang, id: &str) -> bool {
    bundle_of(lang).has_message(id)
}

pub(super) fn format(lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
    let (bundle, message) = match bundle_of(lang).get_message(id) {
        Some(message) => (bundle_of(lang), message),
        None => match bundle_of(Lang::En).get_message(id) {
            Some(message) => {
                tracing::warn!(%lang, id, "message missing from the catalogue; shown in English");
                (bundle_of(Lang::En), message)
            }
            None => {
                tracing::warn!(id, "message missing from every catalogue");
                return id.to_string();
            }
        },
    };
    let Some(pattern) = message.value() else {
        tracing::warn!(%lang, id, "message has no value");
        return id.to_string();
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::warn!(%lang, id, ?errors, "message formatted with errors");
    }
    text.into_owned()
}

/// `format` with every argument given, and the errors Fluent met (a
/// variable left out, a reference to a missing message) as the failure,
/// where `format` only logs them for a person who still needs a text.
#[cfg(test)]
pub(super) fn format_strictly(lang: Lang, id: &str, args: &FluentArgs) -> Result<String, String> {
    let bundle = bundle_of(lang);
    let message = bundle
        .get_message(id)
        .ok_or_else(|| format!("{lang} has no message {id}"))?;
    let pattern = message
        .value()
        .ok_or_else(|| format!("{lang}'s {id} has no value"))?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    if errors.is_empty() {
        Ok(text.into_owned())
    } else {
        Err(format!("{lang}'s {id}: {errors:?}"))
    }
}
