//! `/league` through the real `holotable bot` and the Discord stand-in:
//! a league created in one server and entered from another of another
//! language, its table before and after the start, the creator's rights,
//! a leave that asks before it forfeits, and the refusals of bad input.

use crate::discord_versus::start;
use crate::support::discord_bot::{SPACE_CHECKERS, admin, voter};
use crate::support::discord_standin::{Guild, MANAGE_GUILD, StandIn, User};
use crate::support::discord_versus::subcommand;

use serde_json::{Value, json};

/// A manager of the second server, whose Discord speaks Spanish.
fn manager_es() -> User {
    User::new(700_000_000_000_000_002, "Bea", MANAGE_GUILD).speaking("es-ES")
}

/// `user` runs `/league …` in `channel`; the text of the bot's answer,
/// which reaches only them.
async fn league(standin: &StandIn, channel: u64, user: &User, options: Value) -> String {
    let id = standin.slash_in(channel, user, "league", options, 2);
    let answer = standin.answer(id).await;
    assert!(answer.ephemeral(), "{answer:?}");
    answer.text().unwrap_or_default()
}

fn create(move_time: &str, starts_in: &str) -> Value {
    subcommand(
        "create",
        json!([
            { "name": "name", "type": 3, "value": "Outer Rim Cup" },
            { "name": "game", "type": 4, "value": SPACE_CHECKERS },
            { "name": "format", "type": 4, "value": 0 },
            { "name": "move-time", "type": 3, "value": move_time },
            { "name": "starts-in", "type": 3, "value": starts_in },
        ]),
    )
}

fn with_code(name: &str, code: &str) -> Value {
    subcommand(name, json!([{ "name": "code", "type": 3, "value": code }]))
}

fn bare(name: &str) -> Value {
    subcommand(name, json!([]))
}

/// The entry code a creation's answer shows: `ABCD-EFGH`.
fn code_in(text: &str) -> String {
    let code = text
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .find(|word| word.len() == 9 && word.as_bytes()[4] == b'-')
        .unwrap_or_else(|| panic!("no code in {text}"));
    code.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_enter_a_league_by_command_and_play_it_from_their_tables() {
    let (_dir, standin, _bot) = start(2, &[]).await;
    let (a, b) = (Guild::nth(0), Guild::nth(1));

    // Bad input changes nothing and says what is accepted.
    let refused = league(&standin, a.channel, &admin(), create("1m", "1d")).await;
    assert_eq!(
        refused,
        "A league's time per move must be between one hour and three days."
    );
    let refused = league(&standin, a.channel, &admin(), create("1h", "soon")).await;
    assert!(refused.contains("soon"), "{refused}");
    let refused = league(&standin, a.channel, &voter(1), create("1h", "1d")).await;
    assert!(refused.contains("create a league"), "{refused}");
    let none = league(&standin, a.channel, &admin(), bare("standings")).await;
    assert_eq!(
        none,
        "This community is in no league that is open or under way; name one by its code."
    );

    let created = league(&standin, a.channel, &admin(), create("1h", "1d")).await;
    assert!(
        created.starts_with(
            "The league “Outer Rim Cup” has been created: Space Checkers, round robin, 1 hour per move."
        ),
        "{created}"
    );
    let code = code_in(&created);
    assert!(
        created.contains(&format!("`/league join code:{code}`")),
        "{created}"
    );
    let lobby = league(&standin, a.channel, &admin(), bare("lobby")).await;
    assert_eq!(
        lobby, "No public league is taking entries right now.",
        "an unlisted league is entered by its code only"
    );

    let joined = league(&standin, a.channel, &admin(), with_code("join", &code)).await;
    assert!(
        joined.starts_with("This community is entered in “Outer Rim Cup”"),
        "{joined}"
    );
    let typed = code.to_lowercase().replace('-', "");
    let joined = league(
        &standin,
        b.channel,
        &manager_es(),
        with_code("join", &typed),
    )
    .await;
    assert!(
        joined.starts_with("Esta comunidad está inscrita en «Outer Rim Cup»"),
        "{joined}"
    );
    let twice = league(&standin, b.channel, &manager_es(), with_code("join", &code)).await;
    assert_eq!(twice, "Esta comunidad ya está en la liga.");

    let table = league(&standin, b.channel, &manager_es(), bare("standings")).await;
    assert!(
        table.starts_with(
            "Hay 2 comunidades inscritas en «Outer Rim Cup», por orden de inscripción:"
        ),
        "{table}"
    );
    assert_eq!(table.lines().count(), 3, "{table}");

    // Only the creator removes a community, and only before the start.
    let entry = |n: u64| {
        subcommand(
            "remove",
            json!([{ "name": "entry", "type": 4, "value": n }]),
        )
    };
    let refused = league(&standin, b.channel, &manager_es(), entry(1)).await;
    assert_eq!(refused, "Solo quien creó esta liga puede hacer eso.");
    let refused = league(&standin, a.channel, &admin(), entry(3)).await;
    assert_eq!(refused, "That community is not in the league.");
    let removed = league(&standin, a.channel, &admin(), entry(2)).await;
    assert_eq!(
        removed,
        "Community number 2 is no longer entered in “Outer Rim Cup”."
    );
    let gone = league(&standin, b.channel, &manager_es(), bare("standings")).await;
    assert!(
        gone.starts_with("Esta comunidad no está en ninguna liga"),
        "{gone}"
    );
    league(&standin, b.channel, &manager_es(), with_code("join", &code)).await;

    let started = league(&standin, a.channel, &admin(), bare("start")).await;
    assert_eq!(
        started,
        "“Outer Rim Cup” has started: the first round’s games are on."
    );
    let again = league(&standin, a.channel, &admin(), bare("start")).await;
    assert_eq!(again, "The league has already started.");
    let table = league(&standin, a.channel, &admin(), bare("standings")).await;
    assert!(
        table.starts_with("The table of “Outer Rim Cup”:"),
        "{table}"
    );
    assert_eq!(
        table.matches(": 0 points, 0 won, 0 drawn, 0 lost.").count(),
        2,
        "{table}"
    );

    // Leaving after the start asks first, and forfeits only when told.
    let asked = league(&standin, b.channel, &manager_es(), bare("leave")).await;
    assert!(
        asked.contains("`confirmar:sí, dar por perdidas las partidas sin terminar`"),
        "{asked}"
    );
    let table = league(&standin, b.channel, &manager_es(), bare("standings")).await;
    assert!(
        !table.contains("Se retiró"),
        "nothing forfeited yet: {table}"
    );
    let leave = subcommand(
        "leave",
        json!([{ "name": "forfeit", "type": 4, "value": 0 }]),
    );
    let left = league(&standin, b.channel, &manager_es(), leave).await;
    assert_eq!(
        left,
        "Esta comunidad se ha retirado de «Outer Rim Cup» y se le han dado por perdidas todas las partidas que no había terminado."
    );
    let table = league(&standin, a.channel, &admin(), bare("standings")).await;
    assert!(
        table.contains("It left the league and forfeited one game."),
        "{table}"
    );
}
