//! `/community page`: who may see the pages of this channel's games, and
//! the address of the game being played here.

use crate::discord::keys::game_channel_of;
use crate::discord::{Context, Data, Error, actor, answer_error, ephemeral, member_lang};
use crate::i18n::Lang;
use crate::model::PageVisibility;
use crate::t;

/// Who may see the pages of this channel's games.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum VisibilityChoice {
    #[name = "unlisted (only with the link)"]
    Unlisted,
    #[name = "public (listed on the community's page)"]
    Public,
    #[name = "off (no page)"]
    Off,
}

impl VisibilityChoice {
    fn visibility(self) -> PageVisibility {
        match self {
            VisibilityChoice::Unlisted => PageVisibility::Unlisted,
            VisibilityChoice::Public => PageVisibility::Public,
            VisibilityChoice::Off => PageVisibility::Off,
        }
    }
}

/// Show this channel's game page, or choose who may see its games' pages.
#[poise::command(slash_command, guild_only)]
async fn page(
    ctx: Context<'_>,
    #[description = "Who may see this channel's game pages (server managers)"] visibility: Option<
        VisibilityChoice,
    >,
) -> Result<(), Error> {
    // In the game's discussion thread, the channel's pages.
    let channel = game_channel_of(ctx).await;
    let service = &ctx.data().service;
    let lang = member_lang(ctx);
    let chosen = match visibility {
        Some(choice) => {
            let set = match actor(ctx, false).await {
                Ok(by) => {
                    service
                        .pages()
                        .set_visibility(&channel, choice.visibility(), &by)
                        .await
                }
                Err(error) => Err(error),
            };
            if let Err(error) = set {
                return answer_error(ctx, error).await;
            }
            choice.visibility()
        }
        None => match service.pages().visibility(&channel).await {
            Ok(visibility) => visibility,
            Err(error) => return answer_error(ctx, error).await,
        },
    };
    let mut lines = vec![visibility_line(lang, chosen, visibility.is_some())];
    if let Some(url) = game_page(ctx, &channel).await {
        lines.push(t!(lang, "page-address", url = url));
    }
    crate::discord::reply::send(ctx, ephemeral(lines.join("\n"))).await;
    Ok(())
}

fn visibility_line(lang: Lang, visibility: PageVisibility, changed: bool) -> String {
    let key = if changed {
        "page-visibility-set"
    } else {
        "page-visibility"
    };
    t!(lang, key, visibility = visibility.as_str())
}

/// The address of the page of this channel's game, when pages have a
/// public address and the game's page may be shown.
async fn game_page(ctx: Context<'_>, channel: &str) -> Option<String> {
    let base = ctx.data().public_url.as_deref()?;
    let game = ctx.data().service.games().status(channel).await.ok()?.game;
    let token = ctx.data().service.pages().token(game.id).await.ok()??;
    Some(crate::model::page_url(base, &token))
}

pub fn subcommands() -> Vec<poise::Command<Data, Error>> {
    vec![page()]
}
