//! Which language a server's posts speak, on both backends: the guild
//! locale Discord sends until a manager chooses, the choice standing after
//! that, and refusals in the reader's language.

use crate::support::actors::{manager, member};
use crate::support::backends::on_each_backend;
use crate::support::service::{Fresh, fresh_service};
use holotable::i18n::Lang;
use holotable::service::GameRefusal;
use holotable::service::{EngineOpponent, ManualClock, Refusal, ServiceError, Settings};
use std::sync::Arc;

const SERVER: &str = "discord:1";
const CHANNEL: &str = "discord:100";

on_each_backend! {
#[tokio::test]
async fn posts_follow_the_guild_locale_until_a_manager_chooses(backend) {
    let clock = ManualClock::starting_at(1_700_000_000_000);
    let Fresh { db: _db, service, .. } =
        fresh_service(backend, &clock, Arc::new(EngineOpponent), Settings::default()).await;
    // Nothing known yet: English.
    assert_eq!(service.servers().channel_language(CHANNEL).await.unwrap(), Lang::En);
    service.servers().note_channel_server(CHANNEL, SERVER).await.unwrap();
    service.servers().note_server_locale(SERVER, "es-419").await.unwrap();
    assert_eq!(service.servers().channel_language(CHANNEL).await.unwrap(), Lang::Es);
    // A locale holotable does not speak reads as English.
    service.servers().note_server_locale(SERVER, "fr").await.unwrap();
    assert_eq!(service.servers().channel_language(CHANNEL).await.unwrap(), Lang::En);

    let refused = service
        .servers().choose_language(SERVER, Lang::Ja, &member("1000"))
        .await
        .unwrap_err();
    let ServiceError::Refused(refusal) = refused else {
        panic!("a member who cannot manage is refused, not failed");
    };
    assert_eq!(
        refusal.text(Lang::Es),
        "Solo quien tenga el permiso Gestionar servidor puede elegir el idioma del servidor."
    );
    assert_eq!(service.servers().channel_language(CHANNEL).await.unwrap(), Lang::En);

    service.servers().choose_language(SERVER, Lang::Ja, &manager("1000")).await.unwrap();
    // Discord's locale no longer moves it.
    service.servers().note_server_locale(SERVER, "es-ES").await.unwrap();
    assert_eq!(service.servers().channel_language(CHANNEL).await.unwrap(), Lang::Ja);
    let current = service.servers().server_language(SERVER).await.unwrap();
    assert!(current.chosen);
    assert_eq!(current.lang, Lang::Ja);
}
}

#[test]
fn refusals_speak_each_language_with_its_plurals_and_lists() {
    let illegal = Refusal::IllegalMove {
        text: "A1-B9".into(),
        suggestions: vec!["A1-B1".into(), "A1-B2".into(), "A1-B3".into()],
    };
    assert_eq!(
        illegal.to_string(),
        "A1-B9 is not a legal move now; did you mean A1-B1, A1-B2 or A1-B3?"
    );
    assert_eq!(
        illegal.text(Lang::Es),
        "A1-B9 no es un movimiento legal ahora; ¿quisiste decir A1-B1, A1-B2 o A1-B3?"
    );
    assert_eq!(
        illegal.text(Lang::Ja),
        "A1-B9は今は合法手ではありません。A1-B1、A1-B2かA1-B3のことですか？"
    );
    let length = Refusal::Game(GameRefusal::VoteLength {
        min: 10_000,
        max: 7 * 86_400_000,
    });
    assert_eq!(
        length.to_string(),
        "The vote must last from 10 seconds to 7 days."
    );
    assert_eq!(
        length.text(Lang::Es),
        "La votación debe durar entre 10 segundos y 7 días."
    );
    assert_eq!(
        length.text(Lang::Ja),
        "投票時間は10秒から7日までにしてください。"
    );
}
