//! `/settings`: what a server's managers choose for the whole server: the
//! language of the bot's posts in its channels, and who may vote in its
//! community games (`settings_voters.rs`).

use crate::discord::keys::server_key;
use crate::discord::{Context, Error, actor, answer_error, ephemeral, member_lang};
use crate::i18n::Lang;
use crate::t;

/// The languages offered; each is named in its own language first, so a
/// member finds theirs whatever language their client shows.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "Español (Spanish)"]
    Spanish,
    #[name = "日本語 (Japanese)"]
    Japanese,
}

impl LanguageChoice {
    fn lang(self) -> Lang {
        match self {
            LanguageChoice::English => Lang::En,
            LanguageChoice::Spanish => Lang::Es,
            LanguageChoice::Japanese => Lang::Ja,
        }
    }
}

/// Settings of this server (server managers).
#[poise::command(
    slash_command,
    guild_only,
    subcommands("language", "super::settings_voters::voters"),
    subcommand_required
)]
pub async fn settings(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The language of the bot's posts in this server (server managers).
#[poise::command(slash_command, guild_only)]
async fn language(
    ctx: Context<'_>,
    #[description = "The language; leave out to see the current one"] language: Option<
        LanguageChoice,
    >,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let server = server_key(guild);
    let service = &ctx.data().service;
    let lang = member_lang(ctx);
    let text = match language {
        None => match service.servers().server_language(&server).await {
            Ok(current) => {
                let id = if current.chosen {
                    "language-current-chosen"
                } else {
                    "language-current-discord"
                };
                t!(lang, id, language = current.lang.native_name())
            }
            Err(error) => return answer_error(ctx, error).await,
        },
        Some(choice) => {
            let chosen = choice.lang();
            let result = match actor(ctx, false).await {
                Ok(by) => {
                    service
                        .servers()
                        .choose_language(&server, chosen, &by)
                        .await
                }
                Err(error) => Err(error),
            };
            if let Err(error) = result {
                return answer_error(ctx, error).await;
            }
            t!(lang, "language-chosen", language = chosen.native_name())
        }
    };
    crate::discord::reply::send(ctx, ephemeral(text)).await;
    Ok(())
}
