//! `/suggest`: a member argues for a move of the open ballot, in a post
//! of the channel with a button to back it; the ballot's post lists the
//! suggestions with their backers (see `delivery::refresh_tally`).

use crate::discord::commands::vote::autocomplete_move;
use crate::discord::keys::{game_channel, game_channel_of};
use crate::discord::reply::Click;
use crate::discord::snowflake_millis;
use crate::discord::voters::VoterFacts;
use crate::discord::{Context, Data, Error, answer_error, apology, member_lang};
use crate::i18n::Lang;
use crate::model::Suggestion;
use crate::service::ServiceError;
use crate::t;
use poise::serenity_prelude as serenity;

/// A button that backs suggestion `id`: `back:<id>`.
const BACK: &str = "back:";

/// Suggest a move for the community's vote, with your reason.
#[poise::command(slash_command, guild_only)]
pub async fn suggest(
    ctx: Context<'_>,
    #[description = "A move like A1-B1, or an option number from the board"]
    #[autocomplete = "autocomplete_move"]
    #[max_length = 40]
    #[rename = "move"]
    mv: String,
    // No length limit here: the service's refusal says what fits, in the
    // member's language, where Discord's would only stop the typing.
    #[description = "Why the community should play it (up to 200 characters)"] why: String,
) -> Result<(), Error> {
    // `guild_only`: Discord sends this command from a server only.
    let Some(guild) = ctx.guild_id() else {
        return Ok(());
    };
    let channel = game_channel_of(ctx).await;
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    let author = VoterFacts::of_member(guild, ctx.author().id, member);
    let sent_at = snowflake_millis(ctx.id());
    let service = &ctx.data().service;
    match service
        .votes()
        .suggest_as(&channel, &author.as_server_member(), &mv, &why, sent_at)
        .await
    {
        Ok(made) => {
            ctx.data().tallies.mark(&channel);
            let lang = service
                .servers()
                .channel_language(&channel)
                .await
                .unwrap_or_else(|_| member_lang(ctx));
            let reply = poise::CreateReply::default()
                .content(suggestion_text(lang, &made))
                .components(vec![back_row(lang, &made)])
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            crate::discord::reply::send(ctx, reply).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// A click on a suggestion's button; `false` for any other component.
///
/// # Errors
/// Never: every refusal is told to the member who clicked.
pub async fn on_component(data: &Data, click: &Click<'_>) -> Result<bool, Error> {
    let Some(id) = click
        .data
        .custom_id
        .strip_prefix(BACK)
        .and_then(|id| id.parse::<i64>().ok())
    else {
        return Ok(false);
    };
    let channel = game_channel(
        &data.service,
        click.channel_id.get(),
        click.channel.as_ref(),
    )
    .await;
    let votes = data.service.votes();
    let backed = match click.guild_id {
        Some(guild) => {
            let member = VoterFacts::of_member(guild, click.user.id, click.member.as_ref());
            votes
                .back_suggestion_as(&channel, id, &member.as_server_member())
                .await
        }
        // Suggestions are posted in servers only; one elsewhere has no rules.
        None => {
            votes
                .back_suggestion(&channel, id, &click.user.id.get().to_string())
                .await
        }
    };
    let response = match backed {
        Ok(backed) => {
            data.tallies.mark(&channel);
            let lang = data
                .service
                .servers()
                .channel_language(&channel)
                .await
                .unwrap_or_default();
            serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(suggestion_text(lang, &backed))
                    .components(vec![back_row(lang, &backed)])
                    .allowed_mentions(serenity::CreateAllowedMentions::new()),
            )
        }
        Err(error) => {
            let lang = Lang::from_discord_locale(&click.locale).unwrap_or_default();
            let text = match error {
                ServiceError::Refused(refusal) => refusal.text(lang),
                ServiceError::Failed(failure) => {
                    tracing::error!(error = %failure, "backing a suggestion failed");
                    apology(lang)
                }
            };
            serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(text)
                    .ephemeral(true)
                    .allowed_mentions(serenity::CreateAllowedMentions::new()),
            )
        }
    };
    click.answer(&data.rest, response).await;
    Ok(true)
}

/// "@ann suggests **A1-B1**: take the centre." with its backers.
fn suggestion_text(lang: Lang, made: &Suggestion) -> String {
    t!(
        lang,
        "suggestion-posted",
        member = format!("<@{}>", made.author),
        move = made.mv.as_str(),
        reason = made.reason.as_str(),
        backers = made.backers
    )
}

fn back_row(lang: Lang, made: &Suggestion) -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(format!("{BACK}{}", made.id))
            .label(t!(lang, "suggestion-back", backers = made.backers))
            .style(serenity::ButtonStyle::Secondary),
    ])
}
