//! Discord's Spanish and Japanese names and descriptions for every command,
//! option and choice, read from `assets/locales/*/commands.ftl`.
//!
//! The English texts stay where poise reads them: names and choice labels
//! in the attributes, descriptions in `#[description]` and the doc
//! comments. English names are the commands' real names (Discord sends
//! them back in every interaction, whatever the member's locale), so they
//! cannot move to the catalogue; keeping the English descriptions beside
//! them keeps one source for English. The English catalogue repeats every
//! text for translators, and a test keeps the two equal, so an English text
//! changed in the code fails until its translations are looked at too.
//!
//! Catalogue ids come from the command's path: `cmd-community-start-name`,
//! `cmd-community-start-description`, `cmd-community-start-opt-game-name`,
//! `cmd-community-start-opt-game-description`. A choice is one message
//! wherever it appears (`cmd-choice-space-checkers`): the same game list is
//! offered by five commands and must read the same in each.

use super::{Data, Error};
use crate::i18n::{self, Lang};
use std::borrow::Cow;

type Command = poise::Command<Data, Error>;
type Localisations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// `commands` with their Spanish and Japanese texts filled in.
pub fn localised(mut commands: Vec<Command>) -> Vec<Command> {
    for command in &mut commands {
        localise(command, "");
    }
    commands
}

fn localise(command: &mut Command, parent: &str) {
    let path = command_path(parent, &command.name);
    command.name_localizations = translations(&format!("{path}-name"));
    command.description_localizations = translations(&format!("{path}-description"));
    for parameter in &mut command.parameters {
        let option = option_path(&path, &parameter.name);
        parameter.name_localizations = translations(&format!("{option}-name"));
        parameter.description_localizations = translations(&format!("{option}-description"));
        let mut choices = parameter.choices.to_vec();
        for choice in &mut choices {
            choice.localizations = translations(&choice_id(&choice.name));
        }
        parameter.choices = choices.into();
    }
    for subcommand in &mut command.subcommands {
        localise(subcommand, &path);
    }
}

/// `cmd-community-start` for `/community start`.
fn command_path(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        format!("cmd-{name}")
    } else {
        format!("{parent}-{name}")
    }
}

fn option_path(command_path: &str, option: &str) -> String {
    format!("{command_path}-opt-{option}")
}

/// `cmd-choice-djambi-4-players-the-channel-plays-red` for the label
/// "Djambi (4 players: the channel plays Red)": its words, lower case,
/// joined by hyphens, which is all a Fluent id may hold.
fn choice_id(label: &str) -> String {
    let words: Vec<String> = label
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    format!("cmd-choice-{}", words.join("-"))
}

/// The message `id` for every Discord locale of Spanish and Japanese.
/// A message missing from the catalogue gives none, so Discord shows the
/// English text rather than an id (the tests fail on it).
fn translations(id: &str) -> Localisations {
    if !i18n::has(id) {
        tracing::warn!(id, "command text missing from the catalogue");
        return Cow::Borrowed(&[]);
    }
    [Lang::Es, Lang::Ja]
        .into_iter()
        .flat_map(|lang| {
            let text = i18n::tr(lang, id, None);
            lang.discord_locales()
                .iter()
                .map(move |locale| (Cow::Borrowed(*locale), Cow::Owned(text.clone())))
        })
        .collect::<Vec<_>>()
        .into()
}

#[cfg(test)]
mod tests;
