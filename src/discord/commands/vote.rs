//! Voting from Discord: `/vote` with autocompleted moves, and the ballot
//! menus (a click votes, or first picks a piece and then shows its moves).

use crate::discord::keys::{channel_key, game_channel_of};
use crate::discord::layout::ballots::{self, MenuAction};
use crate::discord::layout::components::Menu;
use crate::discord::reply::Click;
use crate::discord::voters::VoterFacts;
use crate::discord::{
    Context, Data, Error, answer_error, apology, ephemeral, member_lang, snowflake_millis,
};
use crate::i18n::Lang;
use crate::model::{BallotId, BallotState, BallotStatus};
use crate::service::{ServiceError, VoteReceipt};
use crate::t;
use poise::serenity_prelude as serenity;

/// Discord shows at most 25 autocomplete choices.
const CHOICES: usize = 25;

/// Vote for the community's next move.
#[poise::command(slash_command, guild_only)]
pub async fn vote(
    ctx: Context<'_>,
    #[description = "A move like A1-B1, or an option number from the board"]
    #[autocomplete = "autocomplete_move"]
    #[max_length = 40]
    #[rename = "move"]
    mv: String,
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
    let voter = VoterFacts::of_member(guild, ctx.author().id, member);
    let sent_at = snowflake_millis(ctx.id());
    match ctx
        .data()
        .service
        .votes()
        .cast_as(&channel, &voter.as_server_member(), &mv, sent_at)
        .await
    {
        Ok(receipt) => {
            ctx.data().tallies.mark(&channel);
            let text = receipt_text(member_lang(ctx), &receipt);
            crate::discord::reply::send(ctx, ephemeral(text)).await;
            Ok(())
        }
        Err(error) => answer_error(ctx, error).await,
    }
}

/// The open ballot's moves containing what was typed, numbered options
/// first.
pub(super) async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let mut choices = Vec::new();
    // Another side's ballot is not this channel's to see: its options
    // would show the engine's ranking of the opponent's best moves.
    if let Ok(view) = ctx
        .data()
        .service
        .games()
        .status(&game_channel_of(ctx).await)
        .await
        && view.voting_elsewhere.is_none()
        && let Some(ballot) = view.ballot.filter(|b| b.status == BallotStatus::Open)
    {
        let wanted = partial.trim().to_ascii_uppercase();
        let numbered = ballot
            .featured
            .iter()
            .enumerate()
            .map(|(i, mv)| (format!("#{} {mv}", i + 1), mv));
        let others = ballot
            .legal
            .iter()
            .filter(|mv| !ballot.featured.contains(mv))
            .map(|mv| (mv.clone(), mv));
        choices = numbered
            .chain(others)
            .filter(|(label, _)| label.to_ascii_uppercase().contains(&wanted))
            .take(CHOICES)
            .map(|(label, mv)| serenity::AutocompleteChoice::new(label, mv.clone()))
            .collect();
    }
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

fn receipt_text(lang: Lang, receipt: &VoteReceipt) -> String {
    let mv = receipt.mv.as_str();
    match (&receipt.replaced, receipt.option) {
        (Some(old), Some(option)) if *old != receipt.mv => t!(
            lang,
            "vote-changed-option",
            move = mv,
            option = option,
            old = old.as_str()
        ),
        (Some(old), None) if *old != receipt.mv => {
            t!(lang, "vote-changed", move = mv, old = old.as_str())
        }
        (_, Some(option)) => t!(lang, "vote-cast-option", move = mv, option = option),
        (_, None) => t!(lang, "vote-cast", move = mv),
    }
}

/// A click on a ballot menu. Always answered (ephemerally), so Discord
/// never shows "interaction failed".
pub async fn on_menu(data: &Data, click: &Click<'_>) -> Result<(), Error> {
    let value = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    let channel = channel_key(click.channel_id.get());
    let voter = click.user.id.get().to_string();
    let lang = Lang::from_discord_locale(&click.locale).unwrap_or_default();
    let reply = match (MenuAction::parse(&click.data.custom_id), value) {
        (Some(MenuAction::Vote(ballot)), Some(mv)) => {
            let sent_at = snowflake_millis(click.id.get());
            let votes = data.service.votes();
            let cast = match click.guild_id {
                Some(guild) => {
                    let member = VoterFacts::of_member(guild, click.user.id, click.member.as_ref());
                    votes
                        .cast_on_as(&channel, ballot, &member.as_server_member(), &mv, sent_at)
                        .await
                }
                // Ballots are posted in servers only; a menu elsewhere has no rules.
                None => votes.cast_on(&channel, ballot, &voter, &mv, sent_at).await,
            };
            match cast {
                Ok(receipt) => {
                    data.tallies.mark(&channel);
                    message(receipt_text(lang, &receipt))
                }
                Err(error) => message(error_text(lang, error)),
            }
        }
        (Some(MenuAction::Piece(ballot)), Some(piece)) => {
            step_reply(lang, data, ballot, &piece, ballots::piece_menus).await
        }
        (Some(MenuAction::Destination(ballot)), Some(destination)) => {
            step_reply(lang, data, ballot, &destination, ballots::destination_menus).await
        }
        _ => message(t!(lang, "menu-stale")),
    };
    let response = serenity::CreateInteractionResponse::Message(reply);
    click.answer(&data.rest, response).await;
    Ok(())
}

/// A step between the ballot message and the vote (a piece, then maybe a
/// destination): the next menus, only while the ballot is open.
async fn step_reply(
    lang: Lang,
    data: &Data,
    ballot: BallotId,
    chosen: &str,
    menus: fn(Lang, &BallotState, &str) -> Vec<Menu>,
) -> serenity::CreateInteractionResponseMessage {
    match data.service.games().ballot(ballot).await {
        Ok(Some(row)) if row.status == BallotStatus::Open => {
            let menus = menus(lang, &row, chosen);
            if menus.is_empty() {
                message(t!(lang, "menu-piece-stuck", piece = chosen))
            } else {
                message(t!(lang, "menu-piece-moves", piece = chosen))
                    .components(menus.into_iter().map(Menu::into_row).collect())
            }
        }
        Ok(_) => message(t!(lang, "refusal-ballot-closed")),
        Err(error) => {
            tracing::error!(%error, "reading a ballot failed");
            message(apology(lang))
        }
    }
}

fn message(text: String) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
}

fn error_text(lang: Lang, error: ServiceError) -> String {
    crate::discord::error_text(lang, error, "recording a menu vote")
}
