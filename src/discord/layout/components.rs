//! Message components as Discord's JSON: action rows holding buttons or
//! one select menu, their kinds and styles named by serenity's enums
//! rather than Discord's numbers; a select menu as data, which becomes
//! either JSON (a posted message) or serenity's builders (a reply); and
//! the buttons a game's post carries.

use crate::i18n::Lang;
use crate::t;
use poise::serenity_prelude::{self as serenity, ButtonStyle, ComponentType};
use serde::Serialize;
use serde_json::{Value, json};

/// Discord's style of a button that opens an address. serenity 0.12 makes
/// a link a kind of button of its own rather than a [`ButtonStyle`], so
/// the number is named here.
const LINK_STYLE: u8 = 5;

/// An action row of `components` (buttons, or one select menu).
pub fn row(components: impl Serialize) -> Value {
    json!({ "type": ComponentType::ActionRow, "components": components })
}

/// A button that sends `custom_id` back when clicked.
pub fn button(style: ButtonStyle, custom_id: &str, label: &str) -> Value {
    json!({ "type": ComponentType::Button, "style": style, "custom_id": custom_id, "label": label })
}

/// A button that opens `url`.
pub fn link_button(url: &str, label: &str) -> Value {
    json!({ "type": ComponentType::Button, "style": LINK_STYLE, "url": url, "label": label })
}

/// An action row of one select menu, one choice of `options`.
pub fn select_row(custom_id: String, placeholder: &str, options: Vec<Value>) -> Value {
    row([json!({
        "type": ComponentType::StringSelect,
        "custom_id": custom_id,
        "placeholder": placeholder,
        "min_values": 1,
        "max_values": 1,
        "options": options,
    })])
}

/// A select menu, platform-neutral enough to become a JSON body (a ballot
/// message) or serenity builders (an interaction reply).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub custom_id: String,
    pub placeholder: String,
    /// (label, value)
    pub options: Vec<(String, String)>,
}

impl Menu {
    /// The menu as serenity's row, for a reply.
    pub fn into_row(self) -> serenity::CreateActionRow {
        let options = self
            .options
            .into_iter()
            .map(|(label, value)| serenity::CreateSelectMenuOption::new(label, value))
            .collect();
        serenity::CreateActionRow::SelectMenu(
            serenity::CreateSelectMenu::new(
                self.custom_id,
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(self.placeholder),
        )
    }
}

/// The custom ids of the buttons on a post that calls a role: a member
/// joins it, or leaves it (`commands::calling` answers them).
pub const CALL_JOIN: &str = "notify:on";
pub const CALL_LEAVE: &str = "notify:off";

/// The buttons a post that calls a role carries.
pub fn call_buttons(lang: Lang) -> [Value; 2] {
    [
        button(
            ButtonStyle::Secondary,
            CALL_JOIN,
            &t!(lang, "notify-button-join"),
        ),
        button(
            ButtonStyle::Secondary,
            CALL_LEAVE,
            &t!(lang, "notify-button-leave"),
        ),
    ]
}

/// A link button to a game's page.
pub fn watch_button(lang: Lang, url: &str) -> Value {
    link_button(url, &t!(lang, "watch-button"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord reads numbers: the named kinds and styles must be written
    /// as the numbers its reference gives.
    #[test]
    fn named_kinds_and_styles_are_written_as_discords_numbers() {
        let menu = select_row(
            "m".into(),
            "pick",
            vec![json!({ "label": "a", "value": "a" })],
        );
        assert_eq!(menu["type"], 1);
        assert_eq!(menu["components"][0]["type"], 3);
        let [join, _] = call_buttons(Lang::En);
        assert_eq!((&join["type"], &join["style"]), (&json!(2), &json!(2)));
        let link = watch_button(Lang::En, "https://example.org/g/1");
        assert_eq!((&link["type"], &link["style"]), (&json!(2), &json!(5)));
        let vote = button(ButtonStyle::Primary, "v", "1. A1-B1");
        assert_eq!(vote["style"], 1);
    }
}
