use super::*;
use crate::discord::commands;
use std::collections::{BTreeSet, HashSet};

/// Calls `visit` with every command and subcommand and its catalogue path.
fn each_command(commands: &[Command], parent: &str, visit: &mut dyn FnMut(&Command, &str)) {
    for command in commands {
        let path = command_path(parent, &command.name);
        visit(command, &path);
        each_command(&command.subcommands, &path, visit);
    }
}

/// Every English text of the tree with the id it is kept under, in the
/// tree's order, each id once.
fn english_texts(commands: &[Command]) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    each_command(commands, "", &mut |command, path| {
        let description = command.description.as_deref().unwrap_or_default();
        texts.push((format!("{path}-name"), command.name.to_string()));
        texts.push((format!("{path}-description"), description.to_string()));
        for parameter in &command.parameters {
            let option = option_path(path, &parameter.name);
            let description = parameter.description.as_deref().unwrap_or_default();
            texts.push((format!("{option}-name"), parameter.name.to_string()));
            texts.push((format!("{option}-description"), description.to_string()));
            for choice in parameter.choices.iter() {
                texts.push((choice_id(&choice.name), choice.name.to_string()));
            }
        }
    });
    let mut seen = HashSet::new();
    texts.retain(|text| seen.insert(text.clone()));
    texts
}

/// What the English catalogue lacks or says otherwise than the code, as
/// the Fluent lines that would fix it.
fn english_problems(commands: &[Command]) -> Vec<String> {
    english_texts(commands)
        .into_iter()
        .filter(|(id, english)| !i18n::has(id) || i18n::tr(Lang::En, id, None) != *english)
        .map(|(id, english)| format!("{id} = {english}"))
        .collect()
}

fn expected_locales() -> BTreeSet<&'static str> {
    Lang::ALL
        .into_iter()
        .flat_map(|lang| lang.discord_locales().iter().copied())
        .collect()
}

/// Each text of the tree without exactly the Spanish and Japanese locales.
fn locale_problems(commands: &[Command]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut check = |what: String, localisations: &Localisations| {
        let locales: BTreeSet<&str> = localisations.iter().map(|(l, _)| l.as_ref()).collect();
        if locales != expected_locales() {
            problems.push(format!("{what} is localised for {locales:?}"));
        }
    };
    each_command(commands, "", &mut |command, path| {
        check(format!("{path} name"), &command.name_localizations);
        check(
            format!("{path} description"),
            &command.description_localizations,
        );
        for parameter in &command.parameters {
            let option = option_path(path, &parameter.name);
            check(format!("{option} name"), &parameter.name_localizations);
            check(
                format!("{option} description"),
                &parameter.description_localizations,
            );
            for choice in parameter.choices.iter() {
                check(
                    format!("{option} choice {:?}", choice.name),
                    &choice.localizations,
                );
            }
        }
    });
    problems
}

/// Discord's rule for command and option names,
/// `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lower case where the
/// script has case. `char::is_alphanumeric` also admits combining marks
/// (Unicode's Alphabetic holds some), which `\p{L}` does not; the Latin and
/// kana ones are refused here, so a decomposed "ñ" or "が" is caught.
fn is_discord_name(name: &str) -> bool {
    let allowed = |c: char| {
        c == '-'
            || c == '_'
            || ('\u{0900}'..='\u{097F}').contains(&c)
            || ('\u{0E00}'..='\u{0E7F}').contains(&c)
            || (c.is_alphanumeric()
                && !('\u{0300}'..='\u{036F}').contains(&c)
                && !('\u{3099}'..='\u{309A}').contains(&c))
    };
    (1..=32).contains(&name.chars().count())
        && name.chars().all(allowed)
        && name.to_lowercase() == name
}

/// Every text of the tree, English and localised, against Discord's
/// limits: names as [`is_discord_name`] and unique among their siblings in
/// each locale, descriptions and choice labels of 1 to 100 characters.
fn limit_problems(commands: &[Command]) -> Vec<String> {
    let mut problems = Vec::new();
    let top: Vec<_> = commands
        .iter()
        .map(|c| (c.name.as_ref(), &c.name_localizations))
        .collect();
    problems.extend(sibling_problems("the commands", &top));
    each_command(commands, "", &mut |command, path| {
        problems.extend(name_problems(
            path,
            &command.name,
            &command.name_localizations,
        ));
        let description = command.description.as_deref().unwrap_or_default();
        problems.extend(length_problems(
            path,
            description,
            &command.description_localizations,
        ));
        let subcommands: Vec<_> = command
            .subcommands
            .iter()
            .map(|c| (c.name.as_ref(), &c.name_localizations))
            .collect();
        problems.extend(sibling_problems(path, &subcommands));
        let options: Vec<_> = command
            .parameters
            .iter()
            .map(|p| (p.name.as_ref(), &p.name_localizations))
            .collect();
        problems.extend(sibling_problems(path, &options));
        for parameter in &command.parameters {
            let option = option_path(path, &parameter.name);
            problems.extend(name_problems(
                &option,
                &parameter.name,
                &parameter.name_localizations,
            ));
            let description = parameter.description.as_deref().unwrap_or_default();
            problems.extend(length_problems(
                &option,
                description,
                &parameter.description_localizations,
            ));
            for choice in parameter.choices.iter() {
                problems.extend(length_problems(
                    &option,
                    &choice.name,
                    &choice.localizations,
                ));
            }
        }
    });
    problems
}

fn name_problems(what: &str, name: &str, localisations: &Localisations) -> Vec<String> {
    std::iter::once(("default", name))
        .chain(localisations.iter().map(|(l, n)| (l.as_ref(), n.as_ref())))
        .filter(|(_, name)| !is_discord_name(name))
        .map(|(locale, name)| format!("{what}: {locale} name {name:?} is not a Discord name"))
        .collect()
}

fn length_problems(what: &str, text: &str, localisations: &Localisations) -> Vec<String> {
    std::iter::once(("default", text))
        .chain(localisations.iter().map(|(l, t)| (l.as_ref(), t.as_ref())))
        .filter(|(_, text)| !(1..=100).contains(&text.chars().count()))
        .map(|(locale, text)| format!("{what}: {locale} text {text:?} is not 1 to 100 characters"))
        .collect()
}

/// Names that two siblings share in one locale (a sibling without a
/// localisation shows its English name there).
fn sibling_problems(parent: &str, siblings: &[(&str, &Localisations)]) -> Vec<String> {
    let mut problems = Vec::new();
    for locale in expected_locales() {
        let mut seen = HashSet::new();
        for (name, localisations) in siblings {
            let shown = localisations
                .iter()
                .find(|(l, _)| l == locale)
                .map_or(*name, |(_, n)| n.as_ref());
            if !seen.insert(shown) {
                problems.push(format!("{parent}: two names are {shown:?} in {locale}"));
            }
        }
    }
    problems
}

#[test]
fn the_english_catalogue_says_what_the_code_says() {
    let problems = english_problems(&commands());
    assert!(
        problems.is_empty(),
        "assets/locales/en/commands.ftl lacks or differs from the code in:\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_command_option_and_choice_speaks_spanish_and_japanese() {
    let problems = locale_problems(&localised(commands()));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_localised_text_keeps_discords_limits() {
    let problems = limit_problems(&localised(commands()));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn an_option_added_without_catalogue_entries_is_caught() {
    let mut tree = commands();
    let start = &mut tree[0].subcommands[0];
    assert_eq!(start.name, "start");
    start.parameters[0].name = "brand-new".into();
    let localised = localised(tree);
    let missing = locale_problems(&localised);
    assert_eq!(
        missing,
        [
            "cmd-community-start-opt-brand-new name is localised for {}",
            "cmd-community-start-opt-brand-new description is localised for {}",
        ]
    );
    assert!(
        english_problems(&localised)
            .contains(&"cmd-community-start-opt-brand-new-name = brand-new".to_string())
    );
}

#[test]
fn a_translation_that_clashes_with_its_sibling_is_caught() {
    let mut tree = localised(commands());
    let community = &mut tree[0];
    let copied = community.subcommands[0].name_localizations.clone();
    community.subcommands[1].name_localizations = copied;
    let problems = limit_problems(&tree);
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems
            .iter()
            .all(|p| p.starts_with("cmd-community: two names are"))
    );
}

#[test]
fn discord_names_are_lower_case_words_without_spaces() {
    for good in [
        "community",
        "開始",
        "comenzar",
        "año",
        "opponent2",
        "reglas_de-juego",
        "हिन्दी",
    ] {
        assert!(is_discord_name(good), "{good:?}");
    }
    let decomposed = "an\u{0303}o";
    let too_long = "a".repeat(33);
    for bad in [
        "",
        "Start",
        "two words",
        "ab・c",
        "a/b",
        decomposed,
        &too_long,
    ] {
        assert!(!is_discord_name(bad), "{bad:?}");
    }
}

#[test]
fn choice_ids_are_the_labels_words() {
    assert_eq!(choice_id("Space Checkers"), "cmd-choice-space-checkers");
    assert_eq!(
        choice_id("auto (a poll when every move fits, else menus)"),
        "cmd-choice-auto-a-poll-when-every-move-fits-else-menus"
    );
}

#[test]
fn a_choice_names_a_command_as_the_members_client_shows_it() {
    let id = "cmd-choice-poll-the-numbered-options-others-by-vote";
    for lang in Lang::ALL {
        let vote = i18n::tr(lang, "cmd-vote-name", None);
        let choice = i18n::tr(lang, id, None);
        assert!(choice.contains(&format!("/{vote}")), "{lang}: {choice}");
        assert!(!choice.contains(['{', '}']), "{lang}: {choice}");
    }
    assert_eq!(
        i18n::tr(Lang::Ja, id, None),
        "投票機能（番号付きの候補、ほかの手は/投票で）"
    );
}
