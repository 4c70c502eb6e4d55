//! The server's language and each member's, through the real `holotable
//! bot` and the Discord stand-in: a community game in a server whose
//! manager chose Spanish, then Japanese, posts in that language, while each
//! member's own replies follow their client's locale.

use crate::support::discord_bot::{
    admin, assert_clean, start_options, start_standin_and_bot, vote_options, voter, wait_text,
};
use crate::support::discord_standin::StandIn;

use serde_json::json;

/// The `/settings language` choices, in the order the command offers them.
const SPANISH: u64 = 1;
const JAPANESE: u64 = 2;

async fn choose_language(standin: &StandIn, choice: u64) -> String {
    let options = json!([{ "name": "language", "type": 1, "options": [
        { "name": "language", "type": 4, "value": choice },
    ]}]);
    let id = standin.slash(&admin(), "settings", options, 2);
    standin.answer(id).await.text().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_server_reads_its_game_in_spanish_and_a_japanese_member_their_vote() {
    let dir = tempfile::tempdir().unwrap();
    let (standin, _bot) = start_standin_and_bot(dir.path(), &[]).await;

    // A member without Manage Server cannot choose.
    let id = standin.slash(
        &voter(1).speaking("es-ES"),
        "settings",
        json!([{ "name": "language", "type": 1, "options": [
            { "name": "language", "type": 4, "value": SPANISH },
        ]}]),
        2,
    );
    let refused = standin.answer(id).await.text().unwrap_or_default();
    assert_eq!(
        refused,
        "Solo quien tenga el permiso Gestionar servidor puede elegir el idioma del servidor."
    );

    let chosen = choose_language(&standin, SPANISH).await;
    assert_eq!(
        chosen,
        "From now on the bot posts in Español in this server."
    );

    let id = standin.slash(&admin(), "community", start_options("1h"), 2);
    let started = standin.answer(id).await.text().unwrap_or_default();
    assert!(
        started.starts_with("Game "),
        "the admin's client is English: {started}"
    );
    let announcement = wait_text(&standin, "¡Empieza una nueva partida de Damas espaciales!").await;
    assert!(
        announcement
            .content
            .contains("La comunidad juega con blancas; yo juego con negras"),
        "{}",
        announcement.content
    );
    let board = wait_text(&standin, "Votación del movimiento 1:").await;
    assert!(
        board.content.contains("Opciones: **1**"),
        "{}",
        board.content
    );
    assert!(
        board.content.contains("La votación cierra <t:"),
        "{}",
        board.content
    );

    let japanese = voter(2).speaking("ja");
    let id = standin.slash(&japanese, "vote", vote_options("1"), 2);
    let receipt = standin.answer(id).await.text().unwrap_or_default();
    assert!(receipt.ends_with("に投票しました。"), "{receipt}");
    assert!(receipt.contains("（候補1）"), "{receipt}");
    let id = standin.slash(&japanese, "vote", vote_options("#99"), 2);
    let refused = standin.answer(id).await.text().unwrap_or_default();
    assert!(refused.starts_with("候補99はありません。"), "{refused}");

    // The next posts follow the server's new choice.
    let chosen = choose_language(&standin, JAPANESE).await;
    assert_eq!(
        chosen,
        "From now on the bot posts in 日本語 in this server."
    );
    let id = standin.slash(
        &admin(),
        "community",
        json!([{ "name": "stop", "type": 1, "options": [] }]),
        2,
    );
    standin.answer(id).await;
    wait_text(&standin, "Adaが対局を中止しました。").await;
    assert_clean(&standin);
}
