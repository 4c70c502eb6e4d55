//! The slash commands as the bot registers them: every name, description
//! and choice in Spanish and Japanese, accepted by the stand-in, whose
//! registration rules catch what Discord would refuse.

use crate::support::discord_bot::{assert_clean, start_standin_and_bot};
use crate::support::discord_standin::commands::registration_rules;

use serde_json::{Value, json};

const ROUTE: &str = "/applications/1/guilds/2/commands";

fn named<'a>(items: &'a Value, name: &str) -> &'a Value {
    items
        .as_array()
        .into_iter()
        .flatten()
        .find(|item| item["name"] == name)
        .unwrap_or_else(|| panic!("nothing named {name:?} in {items}"))
}

fn named_mut<'a>(items: &'a mut Value, name: &str) -> &'a mut Value {
    items
        .as_array_mut()
        .into_iter()
        .flatten()
        .find(|item| item["name"] == name)
        .unwrap_or_else(|| panic!("nothing named {name:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_registers_every_command_in_spanish_and_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    let commands = standin.commands();

    let community = named(&commands, "community");
    assert_eq!(
        community["name_localizations"],
        json!({ "es-ES": "comunidad", "es-419": "comunidad", "ja": "コミュニティ" })
    );
    let start = named(&community["options"], "start");
    assert_eq!(start["name_localizations"]["ja"], "開始");
    let game = named(&start["options"], "game");
    assert_eq!(game["name_localizations"]["es-419"], "juego");
    // Game names are translated, as is what explains them.
    let checkers = named(&game["choices"], "Space Checkers");
    assert_eq!(checkers["name_localizations"]["ja"], "スペースチェッカー");
    let djambi = named(
        &game["choices"],
        "Djambi (4 players: the channel plays Red)",
    );
    assert_eq!(
        djambi["name_localizations"]["es-ES"],
        "Djambi (4 jugadores: el canal juega con Rojo)"
    );
    assert_eq!(
        named(&commands, "resign")["description_localizations"]["ja"],
        "このチャンネルでの自分の対戦を投了"
    );
    assert_clean(&standin);

    // The same body, spoilt the ways Discord would refuse.
    assert!(registration_rules(ROUTE, &commands).is_empty());
    let mut spoilt = commands.clone();
    named_mut(&mut spoilt, "community")["name_localizations"]
        .as_object_mut()
        .unwrap()
        .remove("ja");
    named_mut(&mut spoilt, "vote")["name_localizations"]["es-ES"] = json!("Votar");
    let play_in_japanese = named(&commands, "play")["name_localizations"]["ja"].clone();
    named_mut(&mut spoilt, "match")["name_localizations"]["ja"] = play_in_japanese;
    named_mut(&mut spoilt, "resign")["description_localizations"]["klingon"] = json!("Qapla'");
    named_mut(&mut spoilt, "profile")["description_localizations"]["es-419"] =
        json!("x".repeat(101));
    let found = registration_rules(ROUTE, &spoilt);
    let expected = [
        format!("PUT {ROUTE}: two names are \"ボットと対戦\" in ja"),
        format!("PUT {ROUTE}: /community: name_localizations lacks ja"),
        format!("PUT {ROUTE}: /vote: es-ES name \"Votar\" is not a Discord name"),
        format!(
            "PUT {ROUTE}: /resign: description_localizations has \"klingon\", not a Discord locale"
        ),
        format!(
            "PUT {ROUTE}: /profile: es-419 description \"{}\" is not 1 to 100 characters",
            "x".repeat(101)
        ),
    ];
    assert_eq!(found, expected);
}
