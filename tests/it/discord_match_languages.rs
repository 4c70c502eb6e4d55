//! Matches in the server's language and each member's, through the real
//! `holotable bot` and the Discord stand-in: a match between members on a
//! server that posts in Spanish, then one on a server that posts in
//! Japanese. What the channel sees (the challenge, the turns, the result,
//! the leaderboard) speaks the server's language; what a member alone sees
//! (their receipts and refusals) speaks their own client's, which differs
//! from the server's for some of them.

use crate::support::discord_bot::{
    STEP, admin, assert_clean, player, reply_message, start_standin_and_bot, wait_text,
};
use crate::support::discord_standin::{CHANNEL, Posted, StandIn, User};

use serde_json::{Value, json};
use std::collections::HashSet;

/// The `/settings language` choices, in the order the command offers them.
const SPANISH: u64 = 1;
const JAPANESE: u64 = 2;

async fn choose_language(standin: &StandIn, choice: u64) {
    let options = json!([{ "name": "language", "type": 1, "options": [
        { "name": "language", "type": 4, "value": choice },
    ]}]);
    let id = standin.slash(&admin(), "settings", options, 2);
    standin.answer(id).await;
}

/// `/challenge` of Space Checkers with one-hour turns; the public message.
async fn challenge(standin: &StandIn, by: &User, opponent: &User) -> Posted {
    let options = json!([
        { "name": "opponent", "type": 6, "value": opponent.id.to_string() },
        { "name": "game", "type": 4, "value": 0 },
        { "name": "turn", "type": 3, "value": "1h" },
    ]);
    let id = standin.slash(by, "challenge", options, 2);
    let answer = standin.answer(id).await;
    assert!(!answer.ephemeral(), "the challenge is public");
    reply_message(&answer)
}

/// Each component of a message as (custom id, label or placeholder).
fn components(message: &Posted) -> Vec<(String, String)> {
    message
        .components
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|c: Value| {
            let text = c["label"].as_str().or(c["placeholder"].as_str());
            (
                c["custom_id"].as_str().unwrap_or_default().to_string(),
                text.unwrap_or_default().to_string(),
            )
        })
        .collect()
}

/// The next turn message with its menu in `channel`, not one of `seen`.
async fn next_turn(standin: &StandIn, channel: u64, seen: &mut HashSet<u64>) -> Posted {
    let turn = standin
        .wait_for(STEP, "a turn with its menu", |s| {
            s.messages().into_iter().find(|m| {
                m.channel == channel && !seen.contains(&m.id) && !m.menu_options().is_empty()
            })
        })
        .await;
    seen.insert(turn.id);
    turn
}

/// Of two players, the one a turn message pings first, then the other.
fn mover_of<'a>(turn: &Posted, a: &'a User, b: &'a User) -> (&'a User, &'a User) {
    if turn.content.contains(&format!("<@{}>", a.id)) {
        (a, b)
    } else {
        (b, a)
    }
}

fn match_command(sub: &str) -> Value {
    json!([{ "name": sub, "type": 1, "options": [] }])
}

async fn text_of(standin: &StandIn, id: u64) -> String {
    let answer = standin.answer(id).await;
    assert!(answer.ephemeral(), "{answer:?}");
    answer.text().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_on_a_spanish_server_posts_in_spanish_and_answers_each_member_in_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    choose_language(&standin, SPANISH).await;
    // Ana's client is in Latin American Spanish, Bo's in Japanese, Cy's in
    // English: only Ana reads the server's language in private too.
    let ana = player(1, "ana").speaking("es-419");
    let bo = player(2, "bo").speaking("ja");
    let cy = player(3, "cy").speaking("en-GB");

    let posted = challenge(&standin, &ana, &bo).await;
    assert!(
        posted.content.starts_with(&format!(
            "<@{}> desafía a <@{}> a un duelo puntuable de Damas espaciales (1 hora por decisión). El desafío caduca <t:",
            ana.id, bo.id
        )),
        "{}",
        posted.content
    );
    let buttons = components(&posted);
    let labels: Vec<&str> = buttons.iter().map(|(_, label)| label.as_str()).collect();
    assert_eq!(labels, ["Aceptar", "Rechazar"]);
    let id = standin.press(&cy, &posted, &buttons[0].0);
    assert_eq!(
        text_of(&standin, id).await,
        "Only the challenged players can answer this challenge."
    );
    let id = standin.press(&bo, &posted, &buttons[0].0);
    let accepted = standin.answer(id).await.text().unwrap_or_default();
    assert!(
        accepted.starts_with("Desafío aceptado: el duelo ")
            && accepted.ends_with(" está en marcha. El tablero va en camino."),
        "the challenge message is the channel's: {accepted}"
    );

    let started = wait_text(&standin, "Empieza un duelo puntuable de Damas espaciales: ").await;
    assert!(
        started
            .content
            .ends_with(". Hay 1 hora para cada decisión."),
        "{}",
        started.content
    );
    let mut seen = HashSet::new();
    let turn = next_turn(&standin, CHANNEL, &mut seen).await;
    assert!(
        turn.content
            .starts_with("Movimiento 1: le toca decidir a <@"),
        "{}",
        turn.content
    );
    assert!(
        turn.content
            .contains(" movimientos legales.\nElige abajo o con `/mover`; el tiempo se acaba <t:"),
        "{}",
        turn.content
    );
    assert!(
        turn.content.contains("(blancas)") || turn.content.contains("(negras)"),
        "{}",
        turn.content
    );
    let menus = components(&turn);
    assert_eq!(menus[0].1, "Haz un movimiento");
    let (mover, idle) = mover_of(&turn, &ana, &bo);
    let (menu, mv) = turn.menu_options()[0].clone();

    // Whoever is not to decide is refused in their own language.
    let id = standin.pick(idle, &turn, &menu, &mv);
    let refused = text_of(&standin, id).await;
    let expected = if idle.id == bo.id {
        "あなたの手番ではありません。"
    } else {
        "No te toca decidir"
    };
    assert!(refused.starts_with(expected), "{refused}");
    let id = standin.pick(mover, &turn, &menu, &mv);
    let played = standin.answer(id).await.text().unwrap_or_default();
    let expected = if mover.id == bo.id {
        format!("{mv}を指しました。")
    } else {
        format!("Jugaste {mv}.")
    };
    assert_eq!(played, expected);

    let turn = next_turn(&standin, CHANNEL, &mut seen).await;
    assert!(
        turn.content
            .starts_with("Movimiento 2: le toca decidir a <@"),
        "{}",
        turn.content
    );
    let id = standin.slash(&bo, "match", match_command("status"), 2);
    let status = text_of(&standin, id).await;
    assert!(
        status.starts_with("対戦") && status.contains("（スペースチェッカー、レーティング対戦）："),
        "{status}"
    );
    assert!(status.contains("。1手経過。\n"), "{status}");
    assert!(status.contains("の手番です（合法手"), "{status}");

    let id = standin.slash(&bo, "resign", json!([]), 2);
    let resigned = text_of(&standin, id).await;
    assert!(
        resigned.starts_with("対戦") && resigned.ends_with("を投了しました。"),
        "{resigned}"
    );
    let end = wait_text(&standin, "Fin del duelo: ").await;
    assert!(
        end.content
            .contains(&format!("\n<@{}>: puntuación 1500 → ", ana.id)),
        "{}",
        end.content
    );

    // The leaderboard is posted for everyone: the server's language, whoever asks.
    let id = standin.slash(
        &cy,
        "leaderboard",
        json!([{ "name": "game", "type": 4, "value": 0 }]),
        2,
    );
    let board = standin.answer(id).await;
    let embed = &board.callbacks[0]["data"]["embeds"][0];
    assert_eq!(embed["title"], "Clasificación de Damas espaciales");
    let lines = embed["description"].as_str().unwrap_or_default();
    assert!(
        lines.starts_with(&format!("1. <@{}> — ", ana.id))
            && lines.contains("(1 partida, 1 victoria, 1 victoria seguida)"),
        "{lines}"
    );
    assert_clean(&standin);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_on_a_japanese_server_posts_in_japanese_and_answers_each_member_in_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;
    choose_language(&standin, JAPANESE).await;
    // Aki's client is Japanese, Beto's Spanish (Spain), Cy's English.
    let aki = player(1, "aki").speaking("ja");
    let beto = player(2, "beto").speaking("es-ES");
    let cy = player(3, "cy").speaking("en-GB");

    // A declined challenge says so to the channel.
    let posted = challenge(&standin, &aki, &beto).await;
    assert!(
        posted.content.starts_with(&format!(
            "<@{}>が<@{}>にスペースチェッカーのレーティング対戦を挑みました（持ち時間は1手あたり1時間）。挑戦の期限は<t:",
            aki.id, beto.id
        )),
        "{}",
        posted.content
    );
    let buttons = components(&posted);
    let labels: Vec<&str> = buttons.iter().map(|(_, label)| label.as_str()).collect();
    assert_eq!(labels, ["受ける", "断る"]);
    let id = standin.press(&beto, &posted, &buttons[1].0);
    let declined = standin.answer(id).await.text().unwrap_or_default();
    assert_eq!(declined, format!("<@{}>が挑戦を断りました。", beto.id));
    let id = standin.press(&beto, &posted, &buttons[0].0);
    assert_eq!(text_of(&standin, id).await, "Este desafío fue rechazado.");

    let posted = challenge(&standin, &aki, &beto).await;
    let id = standin.press(&beto, &posted, &components(&posted)[0].0);
    let accepted = standin.answer(id).await.text().unwrap_or_default();
    assert!(
        accepted.starts_with("相手が挑戦を受けました。対戦")
            && accepted.ends_with("を始めます。盤面がまもなく届きます。"),
        "{accepted}"
    );
    let started = wait_text(&standin, "スペースチェッカーのレーティング対戦を始めます：").await;
    assert!(
        started
            .content
            .ends_with("。持ち時間は1手あたり1時間です。"),
        "{}",
        started.content
    );
    assert!(
        started.content.contains("）対") && started.content.contains("（白）"),
        "{}",
        started.content
    );

    // Two moves: one from the menu, one with `/move`.
    let mut seen = HashSet::new();
    for (number, by_menu) in [(1, true), (2, false)] {
        let turn = next_turn(&standin, CHANNEL, &mut seen).await;
        assert!(
            turn.content.starts_with(&format!("{number}手目：<@")),
            "{}",
            turn.content
        );
        assert!(
            turn.content.contains("の手番です（合法手")
                && turn
                    .content
                    .contains("通り）。\n下のメニューか`/着手`で選んでください。時間切れは<t:"),
            "{}",
            turn.content
        );
        assert_eq!(components(&turn)[0].1, "手を選んで指す");
        let (mover, _) = mover_of(&turn, &aki, &beto);
        let (menu, mv) = turn.menu_options()[0].clone();
        let played = if by_menu {
            let id = standin.pick(mover, &turn, &menu, &mv);
            standin.answer(id).await.text().unwrap_or_default()
        } else {
            let options = json!([{ "name": "move", "type": 3, "value": mv }]);
            let id = standin.slash(mover, "move", options, 2);
            standin.answer(id).await.text().unwrap_or_default()
        };
        let expected = if mover.id == beto.id {
            format!("Jugaste {mv}.")
        } else {
            format!("{mv}を指しました。")
        };
        assert_eq!(played, expected);
    }
    next_turn(&standin, CHANNEL, &mut seen).await;
    let id = standin.slash(&beto, "match", match_command("status"), 2);
    let status = text_of(&standin, id).await;
    assert!(
        status.starts_with("Duelo ") && status.contains(" (Damas espaciales, puntuable): "),
        "{status}"
    );
    assert!(
        status.contains("; van 2 decisiones.\nDecide <@"),
        "{status}"
    );
    assert!(
        status.contains(" movimientos legales); el tiempo se acaba <t:"),
        "{status}"
    );

    let id = standin.slash(&aki, "resign", json!([]), 2);
    let resigned = text_of(&standin, id).await;
    assert!(resigned.ends_with("を投了しました。"), "{resigned}");
    let end = wait_text(&standin, "対戦終了：").await;
    assert!(
        end.content
            .contains(&format!("\n<@{}>：レーティング1500 → ", beto.id)),
        "{}",
        end.content
    );
    let id = standin.slash(&aki, "match", match_command("history"), 2);
    let history = standin.answer(id).await.text().unwrap_or_default();
    assert!(history.contains("\n1. "), "{history}");
    assert!(history.contains("\n終了："), "{history}");

    // The profile is posted for everyone: the server's language.
    let id = standin.slash(
        &beto,
        "profile",
        json!([{ "name": "user", "type": 6, "value": aki.id.to_string() }]),
        2,
    );
    let profile = standin.answer(id).await;
    let embed = &profile.callbacks[0]["data"]["embeds"][0];
    let title = embed["title"].as_str().unwrap_or_default();
    assert!(title.ends_with("の対戦成績"), "{title}");
    let record = embed["fields"][0]["value"].as_str().unwrap_or_default();
    assert!(
        record.ends_with("（1局、0勝、1連敗中）\n最高0連勝。引き分け0回、負け1回。"),
        "{record}"
    );

    // A match in a thread of its own speaks the server's language there
    // too, though nobody has typed a command in the thread yet.
    let id = standin.slash(
        &admin(),
        "match",
        json!([{ "name": "threads", "type": 1, "options": [
            { "name": "switch", "type": 4, "value": 0 },
        ] }]),
        2,
    );
    assert_eq!(
        text_of(&standin, id).await,
        "Each new match made here gets a thread of its own now."
    );
    let id = standin.slash(
        &cy,
        "play",
        json!([{ "name": "game", "type": 4, "value": 0 }]),
        2,
    );
    let started = standin.answer(id).await.text().unwrap_or_default();
    let threads = standin.threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let thread = &threads[0];
    assert_eq!(thread.name, "スペースチェッカー：cy対エンジン");
    assert!(
        started.starts_with("Match ")
            && started.ends_with(&format!(
                " against me started in <#{}>: the board is on its way.",
                thread.id
            )),
        "Cy reads English: {started}"
    );
    let turn = next_turn(&standin, thread.id, &mut seen).await;
    assert!(
        turn.content.contains(&format!("<@{}>（", cy.id))
            && turn.content.contains("）の手番です（合法手"),
        "{}",
        turn.content
    );
    assert_clean(&standin);
}
